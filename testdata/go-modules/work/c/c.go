package c

import "example.com/a"

// c is in no use directive of work/go.work: gopls answers a file of c in
// c's own view (GOWORK=off), and a's in the workspace's, which has no c.
func Start() {
	a.Run()
}
