module example.com/deps

go 1.22

require (
	example.com/core/v3 v3.9.0
	example.com/x/context v0.1.0
)
