package capability

// Repo is a repository on disk.
type Repo interface {
	ReadFile(string) ([]byte, error) // @def(repoRead, "ReadFile")
	Root() string
}

// Lister counts.
type Lister interface {
	Count() int // @def(listerCount, "Count")
}

// Disk is a concrete reader.
type Disk struct{}

// ReadFile reads p.
func (Disk) ReadFile(p string) ([]byte, error) { return []byte(p), nil } // @def(diskRead, "ReadFile")

// Count counts.
func (Disk) Count() int { return 0 } // @def(diskCount, "Count")
