module example.com/goshadowed

go 1.22
