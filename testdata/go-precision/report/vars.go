package report

// Verify is a func value declared here and called from verify.go: what it
// returns is an error.
var Verify func() error
