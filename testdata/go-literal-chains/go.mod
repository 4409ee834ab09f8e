module example.com/literalchains

go 1.22
