module example.com/golits

go 1.22
