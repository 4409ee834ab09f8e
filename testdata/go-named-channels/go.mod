module example.com/namedchannels

go 1.22
