module example.com/unexported

go 1.22
