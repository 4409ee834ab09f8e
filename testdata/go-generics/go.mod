module genapp

go 1.22
