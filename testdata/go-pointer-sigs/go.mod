module example.com/pointersigs

go 1.22
