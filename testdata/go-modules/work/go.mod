module example.com/workroot

go 1.22
