module example.com/goconstraints

go 1.22
