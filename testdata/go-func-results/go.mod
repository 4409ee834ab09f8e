module example.com/gofuncresults

go 1.22
