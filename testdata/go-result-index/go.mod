module example.com/goresultindex

go 1.22
