package cascade

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// Workspace is one workspace root with its store, indexer and engine.
type Workspace struct {
	Root    string
	Store   graph.Store
	Indexer *graph.Indexer
	Engine  *Engine
}

// Options configure a workspace.
type Options struct {
	Walk    graph.WalkOptions
	Engine  Config
	Logger  *slog.Logger
	Workers int
}

// NewWorkspace wires a store to an indexer and an engine for root.
func NewWorkspace(root string, store graph.Store, opts Options) *Workspace {
	root = filepath.Clean(root)
	resolver := &graph.Resolver{Store: store}
	return &Workspace{
		Root:  root,
		Store: store,
		Indexer: &graph.Indexer{Root: root, Store: store, Walk: opts.Walk, Logger: opts.Logger, Workers: opts.Workers,
			Changed: resolver.Invalidate},
		Engine: &Engine{Resolver: resolver, Config: opts.Engine},
	}
}

// TargetAt finds the symbol a position in a file refers to: the declaration
// whose name is under the cursor, or else what the call under the cursor
// resolves to. content is the file's current text (an editor buffer may be
// newer than the disk); it is indexed first if it changed.
func (w *Workspace) TargetAt(ctx context.Context, rel string, content []byte, offset uint32) (graph.Symbol, error) {
	if err := w.Indexer.WaitFile(ctx, rel); err != nil {
		return graph.Symbol{}, wrap("wait for "+rel, err)
	}
	if err := w.Indexer.IndexContent(ctx, rel, content); err != nil {
		return graph.Symbol{}, wrap("index "+rel, err)
	}
	syms, err := w.Store.SymbolsInFile(ctx, rel)
	if err != nil {
		return graph.Symbol{}, wrap("symbols of "+rel, err)
	}
	var best *graph.Symbol
	for i := range syms {
		s := &syms[i]
		if s.Selection.Contains(offset) && (best == nil || s.Selection.EndByte-s.Selection.StartByte < best.Selection.EndByte-best.Selection.StartByte) {
			best = s
		}
	}
	if best != nil {
		return *best, nil
	}
	// Not on a declaration: on a call?
	lang, ok := treesitter.LanguageForPath(rel)
	if !ok {
		return graph.Symbol{}, ErrNoSymbol
	}
	facts, err := treesitter.Extract(ctx, lang, content)
	if err != nil {
		return graph.Symbol{}, wrap("parse "+rel, err)
	}
	ff := graph.BuildFileFacts(rel, content, facts)
	for _, c := range ff.Calls {
		if !c.Span.Contains(offset) {
			continue
		}
		targets, _, err := w.Engine.Resolver.ResolveCall(ctx, c)
		if err != nil {
			return graph.Symbol{}, wrap("resolve call", err)
		}
		if len(targets) > 0 {
			sort.Slice(targets, func(i, j int) bool { return graph.SymbolLess(targets[i], targets[j]) })
			return targets[0], nil
		}
	}
	return graph.Symbol{}, ErrNoSymbol
}

// TargetsByName finds symbols by "name", "Container.name" or a symbol ID.
func (w *Workspace) TargetsByName(ctx context.Context, name string) ([]graph.Symbol, error) {
	if strings.Contains(name, "#") {
		s, err := w.Store.Symbol(ctx, name)
		if errors.Is(err, graph.ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, wrap("symbol "+name, err)
		}
		return []graph.Symbol{s}, nil
	}
	container, short := "", name
	if i := strings.LastIndex(name, "."); i >= 0 {
		container, short = name[:i], name[i+1:]
	}
	syms, err := w.Store.SymbolsByName(ctx, short)
	if err != nil {
		return nil, wrap("symbols named "+short, err)
	}
	var out []graph.Symbol
	for _, s := range syms {
		if container == "" || s.Container == container || strings.HasSuffix(strings.TrimPrefix(s.ID, s.Path+"#"), name) {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return graph.SymbolLess(out[i], out[j]) })
	return out, nil
}
