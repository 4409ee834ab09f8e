module example.com/gi2

go 1.22
