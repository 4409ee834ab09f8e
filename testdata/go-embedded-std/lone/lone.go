package lone

import "crypto/md5"

// Lone imports neither resp nor relay: not searched.
func Lone(p []byte) []byte {
	h := md5.New()
	h.Write(p)
	return h.Sum(nil)
}
