package checks

import "example.com/paramlits/capability"

// Check reads through the named interface of another package.
func Check(repo capability.Repo) error { // @def(check, "Check")
	_, err := repo.ReadFile("rules.yaml") // @site(k1, "ReadFile") @call(check, repoRead, k1) @dispatch(check, fencedRead, k1) @dispatch(check, paramRead, k1) @dispatch(check, fieldRead, k1)
	return err
}

// Direct reads through the concrete type.
func Direct() error { // @def(direct, "Direct")
	_, err := capability.Disk{}.ReadFile("direct.yaml") // @site(d1, "ReadFile") @call(direct, diskRead, d1) @dispatch(direct, fencedRead, d1) @dispatch(direct, paramRead, d1) @dispatch(direct, fieldRead, d1)
	return err
}

// Counted counts through the named interface.
func Counted(l capability.Lister) int { // @def(counted, "Counted")
	return l.Count() // @site(l1, "Count") @call(counted, listerCount, l1) @dispatch(counted, diskCount, l1)
}
