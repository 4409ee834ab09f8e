module example.com/gi

go 1.22
