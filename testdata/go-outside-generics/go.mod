module example.com/outgen

go 1.22

require example.com/cmap/v2 v2.0.4
