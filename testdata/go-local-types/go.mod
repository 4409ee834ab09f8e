module example.com/golocaltypes

go 1.22
