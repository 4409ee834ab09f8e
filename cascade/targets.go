package cascade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// ErrOutsideWorkspace: a location names a file outside the workspace root;
// nothing outside the roots is ever read.
var ErrOutsideWorkspace = errors.New("outside the workspace")

// Targets finds the symbols a query names, for front ends that take text
// (the MCP tools): "FILE:LINE:COL" (1-based, the column in characters;
// FILE relative to the root or absolute inside it), a symbol id
// ("path#Class.method"), "Class.method" or a bare name. A location must be
// on a declaration or a call; a name may match several symbols, or none
// (an empty list, not an error: the cascade still searches by name).
func (w *Workspace) Targets(ctx context.Context, query string) ([]Symbol, error) {
	query = strings.TrimSpace(query)
	if query == "" {
		return nil, errors.New("an empty symbol: give a name, Class.method, a symbol id or FILE:LINE:COL")
	}
	if file, line, col, ok := SplitLocation(query); ok {
		if line < 1 || col < 1 {
			return nil, fmt.Errorf("%q: line and column are counted from 1", query)
		}
		abs := file
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(w.Root, filepath.FromSlash(file))
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		rel, inside := w.Indexer.Rel(abs)
		if !inside {
			return nil, fmt.Errorf("%s is %w %s", file, ErrOutsideWorkspace, w.Root)
		}
		content, err := os.ReadFile(abs)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", rel, err)
		}
		li := treesitter.NewLineIndex(content)
		offset, ok := li.Offset(treesitter.Position{Line: uint32(line - 1), Character: li.CharacterColumn(uint32(line-1), col-1)})
		if !ok {
			return nil, fmt.Errorf("%s: line %d is past the end of the file", rel, line)
		}
		t, err := w.TargetAt(ctx, rel, content, offset)
		if errors.Is(err, ErrNoSymbol) {
			return nil, fmt.Errorf("%s:%d:%d: no function, method or call there", rel, line, col)
		}
		if err != nil {
			return nil, err
		}
		return []Symbol{t}, nil
	}
	return w.TargetsByName(ctx, query)
}

// UnknownTarget is the stand-in for a name the index does not know: the
// cascade searches for it by its last segment.
func UnknownTarget(query string) Symbol {
	name := query
	if i := strings.LastIndexAny(name, ".#"); i >= 0 {
		name = name[i+1:]
	}
	return fact.Symbol{Name: name}
}

// SplitLocation reads FILE:LINE:COL, the numbers as written (unchecked);
// ok is false for anything else.
func SplitLocation(q string) (file string, line, col int, ok bool) {
	parts := strings.Split(q, ":")
	if len(parts) < 3 {
		return "", 0, 0, false
	}
	l, err1 := strconv.Atoi(parts[len(parts)-2])
	c, err2 := strconv.Atoi(parts[len(parts)-1])
	if err1 != nil || err2 != nil {
		return "", 0, 0, false
	}
	return strings.Join(parts[:len(parts)-2], ":"), l, c, true
}
