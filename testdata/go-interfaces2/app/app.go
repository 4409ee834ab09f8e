package app

import "net"

// Hang up closes a net.Conn in another package than link.Conn's: gopls
// looks for calls through an interface from outside the workspace only in
// the implementation's own package.
func HangUp(addr string) { // @def(hangUp, "HangUp")
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return
	}
	c.Close()
}
