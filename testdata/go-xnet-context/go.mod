module example.com/xnetctx

go 1.22

require golang.org/x/net v0.21.0
