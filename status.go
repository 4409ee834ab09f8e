package main

import (
	"cmp"
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
	root := fs.String("root", "", "workspace root (default: the repository around the working directory)")
	asJSON := fs.Bool("json", false, "print JSON")
	if help, err := parseFlags(fs, reorder(fs, args), statusUsage); help || err != nil {
		return err
	}
	if *root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		*root = cmp.Or(enclosingRepository(wd), wd)
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
	st := statusReport{Root: abs, Store: "embedded", StorePath: path}
	if _, err := os.Stat(path); err == nil {
		store, err := embedded.Open(path, embedded.Options{})
		if err != nil {
			return err
		}
		defer store.Close()
		counts, err := store.Counts(ctx)
		if err != nil {
			return err
		}
		st.Indexed, st.Counts = true, &counts
	}
	if *asJSON {
		return json.NewEncoder(out).Encode(st)
	}
	fmt.Fprintf(out, "root:      %s\nstore:     %s (%s)\n", st.Root, st.Store, st.StorePath)
	if !st.Indexed {
		fmt.Fprintf(out, "indexed:   no (callcascade index %s)\n", st.Root)
		return nil
	}
	fmt.Fprintf(out, "indexed:   yes\nfiles:     %d\nsymbols:   %d\ncalls:     %d\nliterals:  %d\nsize:      %.1f MB\n",
		st.Counts.Files, st.Counts.Symbols, st.Counts.Calls, st.Counts.Literals, float64(st.Counts.Bytes)/1e6)
	return nil
}

// statusReport is what status prints; Counts is absent before the first index.
type statusReport struct {
	Root      string `json:"root"`
	Store     string `json:"store"`
	StorePath string `json:"storePath"`
	Indexed   bool   `json:"indexed"`
	*embedded.Counts
}
