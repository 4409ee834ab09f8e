module example.com/codes

go 1.22
