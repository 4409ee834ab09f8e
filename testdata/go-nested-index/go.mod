module example.com/gonestedindex

go 1.22
