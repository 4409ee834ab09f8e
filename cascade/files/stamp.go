package files

import (
	"io/fs"
	"time"
)

// fileStat is what the walk learns of a file from one stat: its type, and
// the stamps a warm restart compares with the store's to skip reading it.
type fileStat struct {
	size    int64
	modTime time.Time
	mode    fs.FileMode // the type bits only
	// inode and changeTime (the ctime, unix nanoseconds) catch a file
	// replaced with the same size and modification time (cp -p, rsync -a,
	// touch -r): no system call sets the ctime back. Zero where the OS
	// reports neither.
	inode      uint64
	changeTime int64
}
