package app

import (
	"fmt"

	"example.com/madmin-go/v3"
)

// quorumErr satisfies error: a call of Error on an error in this package
// may run it, as gopls relates it.
type quorumErr struct{}

func (quorumErr) Error() string { return "quorum" } // @def(quorumError, "Error") @callers(quorumError, decrypt, describe, direct)

// codeErr's Error takes an argument: it satisfies no error.
type codeErr struct{}

func (codeErr) Error(code int) string { return "" } // @def(codeError, "Error") @callers(codeError)

// decrypt's err is the dependency's error result: madmin is the package
// example.com/madmin-go/v3 (its path's last element is no identifier).
func decrypt(b []byte) string { // @def(decrypt, "decrypt")
	data, err := madmin.DecryptData("pw", b)
	if err != nil {
		return err.Error() // @site(decryptError, "Error") @dispatch(decrypt, quorumError, decryptError)
	}
	return string(data)
}

// describe's rerr is the error a dependency type's method gives.
func describe(c *madmin.Client) string { // @def(describe, "describe")
	if rerr := c.Remove("b"); rerr != nil {
		return rerr.Error() // @site(describeError, "Error") @dispatch(describe, quorumError, describeError)
	}
	return fmt.Sprint(madmin.Version)
}

func direct(q quorumErr) string { // @def(direct, "direct")
	return q.Error() // @site(directError, "Error") @call(direct, quorumError, directError)
}
