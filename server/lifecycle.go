package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/handlers"
)

func (s *Server) initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	settings := s.opts.Settings
	if p.InitializationOptions != nil {
		raw, err := json.Marshal(p.InitializationOptions)
		if err == nil {
			var fromClient Settings
			if err := json.Unmarshal(raw, &fromClient); err != nil {
				return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "invalid initializationOptions: "+err.Error())
			}
			settings = mergeSettings(settings, fromClient)
		}
	}
	roots := rootsOf(p)
	s.mu.Lock()
	s.opts.Settings = settings
	if p.Capabilities.Window != nil && p.Capabilities.Window.WorkDoneProgress {
		s.progress = true
	}
	if p.Capabilities.Workspace != nil && p.Capabilities.Workspace.Configuration {
		s.configPull = true
	}
	if w := p.Capabilities.Workspace; w != nil && w.DidChangeWatchedFiles != nil && w.DidChangeWatchedFiles.DynamicRegistration {
		s.canWatch = true
	}
	s.mu.Unlock()
	for _, root := range roots {
		if err := s.addWorkspace(root); err != nil {
			s.log.Error("cannot open workspace", "root", root, "error", err)
		}
	}
	s.mu.Lock()
	s.initialized = true
	s.mu.Unlock()
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindFull,
				Save:      &protocol.SaveOptions{IncludeText: true},
			},
			// Advertised whatever the client says: Neovim 0.7 puts the
			// capability in the wrong place, eglot and ALE send none.
			CallHierarchyProvider:  true,
			CodeActionProvider:     &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
			ExecuteCommandProvider: &protocol.ExecuteCommandOptions{Commands: handlers.Commands},
			Workspace: &protocol.ServerCapabilitiesWorkspace{
				WorkspaceFolders: &protocol.ServerCapabilitiesWorkspaceFolders{Supported: true, ChangeNotifications: true},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "callcascade", Version: Version},
	}, nil
}

func mergeSettings(base, over Settings) Settings {
	if over.MaxFileSize > 0 {
		base.MaxFileSize = over.MaxFileSize
	}
	if len(over.Exclude) > 0 {
		base.Exclude = append(append([]string(nil), base.Exclude...), over.Exclude...)
	}
	for _, f := range []struct {
		dst *int
		v   int
	}{
		{&base.GraphTimeoutMs, over.GraphTimeoutMs}, {&base.GrepTimeoutMs, over.GrepTimeoutMs},
		{&base.KeywordTimeoutMs, over.KeywordTimeoutMs}, {&base.BudgetMs, over.BudgetMs}, {&base.BreakerOpenMs, over.BreakerOpenMs},
	} {
		if f.v > 0 {
			*f.dst = f.v
		}
	}
	if over.KeywordThreshold > 0 {
		base.KeywordThreshold = over.KeywordThreshold
	}
	if over.Backend != "" {
		base.Backend = over.Backend
	}
	if over.Neo4jURI != "" {
		base.Neo4jURI = over.Neo4jURI
	}
	if over.RepoID != "" {
		base.RepoID = over.RepoID
	}
	return base
}

// rootsOf prefers workspace folders, then rootUri, then the deprecated rootPath.
func rootsOf(p *protocol.InitializeParams) []string {
	var roots []string
	for _, f := range p.WorkspaceFolders {
		if path, err := handlers.PathFromURI(protocol.DocumentURI(f.URI)); err == nil {
			roots = append(roots, path)
		}
	}
	if len(roots) == 0 && p.RootURI != "" {
		if path, err := handlers.PathFromURI(p.RootURI); err == nil {
			roots = append(roots, path)
		}
	}
	if len(roots) == 0 && p.RootPath != "" {
		roots = append(roots, filepath.Clean(p.RootPath))
	}
	return roots
}

func (s *Server) openStore(root string) (cascade.Store, error) {
	if s.opts.OpenStore == nil {
		return nil, fmt.Errorf("server: no store configured")
	}
	return s.opts.OpenStore(root)
}

func (s *Server) addWorkspace(root string) error {
	abs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return fmt.Errorf("server: workspace root %s is not a directory", abs)
	}
	s.mu.Lock()
	for _, w := range s.workspaces {
		if w.Root == abs {
			s.mu.Unlock()
			return nil
		}
	}
	s.mu.Unlock()
	store, err := s.openStore(abs)
	if err != nil {
		return err
	}
	s.mu.Lock()
	settings := s.opts.Settings
	s.mu.Unlock()
	var shared []cascade.GraphBackend
	if s.opts.Shared != nil {
		shared = s.opts.Shared(abs, settings)
	}
	ws := cascade.NewWorkspace(abs, store, cascade.Options{
		Walk:     cascade.WalkOptions{MaxFileSize: settings.MaxFileSize, ExtraIgnores: settings.Exclude, Logger: s.log},
		Engine:   settings.engineConfig(),
		Logger:   s.log,
		Shared:   shared,
		Breakers: s.breakers,
		Metrics:  s.opts.Metrics,
		Buffers:  func() map[string][]byte { return s.docs.under(abs) },
	})
	s.mu.Lock()
	s.workspaces = append(s.workspaces, ws)
	s.stores = append(s.stores, store)
	for _, g := range shared {
		s.stores = append(s.stores, g.Store)
	}
	started := s.initialized
	s.mu.Unlock()
	if started {
		s.indexWorkspace(ws)
	}
	return nil
}

func (s *Server) changeFolders(ev protocol.WorkspaceFoldersChangeEvent) {
	for _, f := range ev.Added {
		if path, err := handlers.PathFromURI(protocol.DocumentURI(f.URI)); err == nil {
			if err := s.addWorkspace(path); err != nil {
				s.log.Error("cannot open workspace", "root", path, "error", err)
			}
		}
	}
	for _, f := range ev.Removed {
		path, err := handlers.PathFromURI(protocol.DocumentURI(f.URI))
		if err != nil {
			continue
		}
		s.mu.Lock()
		for i, w := range s.workspaces {
			if w.Root == path || w.Root == evalOr(path) {
				w.Close()
				s.workspaces = append(s.workspaces[:i], s.workspaces[i+1:]...)
				break
			}
		}
		s.mu.Unlock()
	}
}

func evalOr(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

func (s *Server) startIndexing() {
	s.mu.Lock()
	wss := append([]*cascade.Workspace(nil), s.workspaces...)
	s.mu.Unlock()
	for _, ws := range wss {
		s.indexWorkspace(ws)
	}
}

// indexWorkspace runs a full incremental pass in the background, reporting
// $/progress; requests are answered meanwhile from what is indexed.
func (s *Server) indexWorkspace(ws *cascade.Workspace) {
	ws.Indexer.Starting() // a request before the pass begins is answered as during it
	s.indexing.Add(1)
	go func() {
		defer s.indexing.Done()
		ctx := s.indexCtx
		prog := s.beginProgress(ctx, "callcascade: indexing "+filepath.Base(ws.Root))
		stats, err := ws.Reindex(ctx, func(done, total int) {
			prog.report(ctx, done, total)
		})
		msg := fmt.Sprintf("%d files, %d parsed, %d symbols, %d calls in %s", stats.Files, stats.Parsed, stats.Symbols, stats.Calls, stats.Duration.Round(time.Millisecond))
		if err == nil {
			// The grep stage's file list, then its contents and word index
			// in the background. Not beside the pass: on two cores that
			// made the pass 3-5 s longer on medusa and the Go benchmark.
			ws.Warm()
		}
		if err != nil {
			msg = "indexing stopped: " + err.Error()
			s.log.Warn("indexing failed", "root", ws.Root, "error", err)
		}
		prog.end(ctx, msg)
		if err == nil {
			// Answers given while it ran said they were partial: give
			// them again, complete.
			s.handlers.IndexCompleted(ctx, ws)
			ws.WarmResolver(ctx)
		}
	}()
}

// env gives handlers the workspaces and document contents.
type env Server

func (e *env) Workspace(path string) (*cascade.Workspace, string, error) {
	s := (*Server)(e)
	s.mu.Lock()
	defer s.mu.Unlock()
	var best *cascade.Workspace
	var bestRel string
	for _, w := range s.workspaces {
		rel, ok := w.Rel(path)
		if !ok {
			rel, ok = w.Rel(evalOr(path))
		}
		if ok && (best == nil || len(w.Root) > len(best.Root)) {
			best, bestRel = w, rel
		}
	}
	if best == nil {
		return nil, "", fmt.Errorf("%w: %s", handlers.ErrOutsideWorkspace, path)
	}
	return best, bestRel, nil
}

// Content returns the editor's buffer, else the file from disk, but only
// from inside a workspace root (after resolving symlinks) and within the
// size limit.
func (e *env) Content(path string) ([]byte, error) {
	s := (*Server)(e)
	if text, ok := s.docs.get(path); ok {
		return text, nil
	}
	ws, _, err := e.Workspace(path)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", filepath.Base(path), err)
	}
	if _, ok := ws.Rel(real); !ok {
		return nil, fmt.Errorf("%w: %s links outside", handlers.ErrOutsideWorkspace, path)
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", filepath.Base(path), err)
	}
	limit := s.opts.Settings.MaxFileSize
	if limit <= 0 {
		limit = cascade.DefaultMaxFileSize
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s is %d bytes, over the %d-byte limit (setting maxFileSize)", filepath.Base(path), st.Size(), limit)
	}
	return os.ReadFile(real)
}

// Workspaces lists the open workspaces.
func (e *env) Workspaces() []*cascade.Workspace {
	s := (*Server)(e)
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*cascade.Workspace(nil), s.workspaces...)
}

var _ handlers.Env = (*env)(nil)

var _ = strings.TrimSpace
