module example.com/tools

go 1.22

require example.com/lib v1.2.0
