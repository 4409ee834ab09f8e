package report

// Verified calls error's Error on what a package-level func value returns.
func Verified() string {
	err := Verify()
	return err.Error()
}
