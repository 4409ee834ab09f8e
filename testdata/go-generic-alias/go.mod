module example.com/genericalias

go 1.24
