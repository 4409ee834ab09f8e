module example.com/values

go 1.22
