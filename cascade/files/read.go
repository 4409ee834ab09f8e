package files

import (
	"context"
	"errors"
	"io"
	"slices"
)

// ErrTooLarge: the file grew past the size limit after the walk saw it.
var ErrTooLarge = errors.New("files: file over the size limit")

// ErrSymlink: OpenNoFollow found a symlink (or cannot tell on this system).
var ErrSymlink = errors.New("files: symlink")

// ReadAll reads r into buf until EOF, failing past limit bytes.
func ReadAll(r io.Reader, buf []byte, limit int64) ([]byte, error) {
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, max(4096, len(buf)))
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+max(n, 0)]
		if int64(len(buf)) > limit {
			return buf, ErrTooLarge
		}
		if errors.Is(err, io.EOF) || (n == 0 && err == nil) {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// Stream walks the workspace for one caller alone, yielding its files on a
// channel it closes when done or when ctx ends; no watch vouches for them.
// The function it returns, called after the channel is closed, reports a
// walk error (never ctx's).
func Stream(ctx context.Context, root string, opts WalkOptions) (<-chan WalkedFile, *Watch, func() error) {
	paths := make(chan WalkedFile, 256)
	done := make(chan struct{})
	var walkErr error
	go func() {
		defer close(done)
		defer close(paths)
		opts.DeferBinaryCheck = true // checked on the bytes read anyway
		_, err := Walk(ctx, root, opts, func(f WalkedFile) error {
			select {
			case paths <- f:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
		if err != nil && ctx.Err() == nil {
			walkErr = err
		}
	}()
	return paths, nil, func() error { <-done; return walkErr }
}
