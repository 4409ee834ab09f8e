//go:build unix

package files

import (
	"errors"
	"math"
	"os"
	"syscall"
)

// OpenNoFollow reads the file at path into buf with raw system calls
// (open, read, close: the os package would also register the descriptor
// with the poller, a quarter of the cost of reading a small file), refusing
// a path whose last element is a symlink with ErrSymlink. The walk has
// checked the directories above it; a Cache checks they did not change.
// More than limit bytes fail with ErrTooLarge.
func OpenNoFollow(path string, buf []byte, limit int64) ([]byte, error) {
	var fd int
	var err error
	for {
		// O_NONBLOCK: a named pipe swapped in for a source file must not
		// block the open (or a read) until some writer comes along.
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if errors.Is(err, syscall.ELOOP) {
		return buf, ErrSymlink
	}
	if err != nil {
		return buf, err
	}
	defer syscall.Close(fd)
	return ReadAll(fdReader(fd), buf, limit)
}

type fdReader int

func (fd fdReader) Read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(int(fd), p)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if n < 0 {
			n = 0
		}
		return n, err
	}
}

// ReadFile reads the file at path into buf's memory, following a link as
// os.ReadFile does, with raw system calls: open, read until a read returns
// nothing, close. os.ReadFile also registers the descriptor with the poller
// and stats the file for its size, and allocates (and zeroes) a new slice
// for every file. sizeHint, the size the walk saw, sizes buf once.
func ReadFile(path string, buf []byte, sizeHint int64) ([]byte, error) {
	var fd int
	var err error
	for {
		// O_NONBLOCK: a named pipe swapped in for a source file must not
		// block the open (or a read) until some writer comes along.
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		return buf[:0], &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	if want := int(min(max(sizeHint, 0), math.MaxInt32)) + 1; cap(buf) < want {
		buf = make([]byte, 0, want) // +1: the read that finds the end needs room
	}
	buf, err = ReadAll(fdReader(fd), buf, math.MaxInt64)
	if err != nil {
		return buf, &os.PathError{Op: "read", Path: path, Err: err}
	}
	return buf, nil
}
