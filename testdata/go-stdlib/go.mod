module example.com/gostd

go 1.22
