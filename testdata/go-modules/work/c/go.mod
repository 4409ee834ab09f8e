module example.com/c

go 1.22

require example.com/a v0.0.0

replace example.com/a => ../a
