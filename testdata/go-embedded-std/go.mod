module example.com/goembeddedstd

go 1.22
