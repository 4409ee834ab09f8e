module example.com/gochaincomments

go 1.22
