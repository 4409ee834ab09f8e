module example.com/paramlits

go 1.22
