module example.com/lib

go 1.22
