package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/callcascade/callcascade/cascade/graph/embedded"
)

// The status command: what the embedded store holds for a root.

const statusUsage = `  callcascade status [--root DIR] [--json]
`

func runStatus(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	root := fs.String("root", ".", "workspace root")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	abs, err := filepath.Abs(*root)
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	path, err := embedded.DefaultPath(abs)
	if err != nil {
		return err
	}
	st := map[string]any{"root": abs, "store": "embedded", "storePath": path}
	if _, err := os.Stat(path); err != nil {
		st["indexed"] = false
	} else {
		store, err := embedded.Open(path, embedded.Options{})
		if err != nil {
			return err
		}
		defer store.Close()
		files, err := store.Files(ctx)
		if err != nil {
			return err
		}
		st["indexed"] = true
		st["files"] = len(files)
	}
	if *asJSON {
		return json.NewEncoder(out).Encode(st)
	}
	for _, k := range []string{"root", "store", "storePath", "indexed", "files"} {
		if v, ok := st[k]; ok {
			fmt.Fprintf(out, "%-10s %v\n", k+":", v)
		}
	}
	return nil
}
