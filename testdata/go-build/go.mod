module example.com/gb

go 1.22
