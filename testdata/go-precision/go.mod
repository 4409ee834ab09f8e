module example.com/gop

go 1.22
