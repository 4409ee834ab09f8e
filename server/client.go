package server

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
)

// client sends server-initiated messages to the editor.
type client Server

// Notify sends a notification.
func (c *client) Notify(ctx context.Context, method string, params any) error {
	s := (*Server)(c)
	if s.conn == nil {
		return fmt.Errorf("server: not connected")
	}
	return s.conn.Notify(context.WithoutCancel(ctx), method, params)
}

// clientCallTimeout bounds a request to the editor: some clients never
// answer some requests (ALE and workspace/applyEdit), and a command must not
// hang on them.
const clientCallTimeout = 3 * time.Second

// Call sends a request and waits, briefly, for its answer.
func (c *client) Call(ctx context.Context, method string, params, result any) error {
	s := (*Server)(c)
	if s.conn == nil {
		return fmt.Errorf("server: not connected")
	}
	cctx, cancel := context.WithTimeout(ctx, clientCallTimeout)
	defer cancel()
	_, err := s.conn.Call(cctx, method, params, result)
	return err
}

// showMessage tells the user something once, in the editor's UI.
func (s *Server) showMessage(typ protocol.MessageType, msg string) {
	if s.conn == nil {
		return
	}
	_ = s.conn.Notify(context.Background(), protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: typ, Message: msg})
}

// fallbackAlert fires when too many answers come from the fallbacks (the
// index is likely stale or missing): once per episode, again only after the
// rate has fallen back under the threshold and passed it anew.
func (s *Server) fallbackAlert(repo string, rate float64) {
	s.log.Warn("fallback rate high", "repo", repo, "rate", rate)
	s.showMessage(protocol.MessageTypeWarning, fmt.Sprintf(
		"callcascade: %.0f%% of recent call hierarchy answers in %s came from fallback stages, not the code graph. "+
			"The index may be stale: run the command callcascade.reindex (or `callcascade index %s`).", rate*100, repo, repo))
}

// breakerChanged logs breaker transitions to the editor's log, and says so
// once in the UI when a backend is cut off.
func (s *Server) breakerChanged(repo, backend, from, to string) {
	if s.conn == nil {
		return
	}
	msg := fmt.Sprintf("callcascade: the %s graph backend for %s went from %s to %s", backend, repo, from, to)
	_ = s.conn.Notify(context.Background(), protocol.MethodWindowLogMessage, &protocol.LogMessageParams{Type: protocol.MessageTypeWarning, Message: msg})
	if to == "open" {
		s.showMessage(protocol.MessageTypeWarning, msg+": answers use the next stages until it recovers.")
	}
}

// pullConfiguration asks a client that supports it for the "callcascade"
// section of its settings and applies it.
func (s *Server) pullConfiguration(ctx context.Context) {
	defer s.settingsApplied()
	s.mu.Lock()
	pull := s.configPull
	s.mu.Unlock()
	if !pull || s.conn == nil {
		return
	}
	cctx, cancel := context.WithTimeout(ctx, clientCallTimeout)
	defer cancel()
	var res []json.RawMessage
	_, err := s.conn.Call(cctx, protocol.MethodWorkspaceConfiguration, &protocol.ConfigurationParams{
		Items: []protocol.ConfigurationItem{{Section: "callcascade"}}}, &res)
	if err != nil || len(res) == 0 {
		s.log.Debug("no workspace configuration", "error", err)
		return
	}
	s.applySettings(res[0])
}

// settingsApplied marks the first pull done (later pulls find it done).
func (s *Server) settingsApplied() {
	s.mu.Lock()
	configured := s.configured
	s.mu.Unlock()
	if configured != nil {
		s.configOnce.Do(func() { close(configured) })
	}
}

// awaitSettings waits, within ctx and clientCallTimeout, for the client's
// settings to be applied: a request sent right after initialized would
// otherwise be answered with the default budgets (editors/protocol's VS
// Code replay, whose roomy budgets came too late under -race).
func (s *Server) awaitSettings(ctx context.Context) {
	s.mu.Lock()
	configured := s.configured
	s.mu.Unlock()
	if configured == nil {
		return // not initialized yet: there is nothing to wait for
	}
	select {
	case <-configured:
	case <-ctx.Done():
	case <-time.After(clientCallTimeout):
	}
}

// configurationChanged applies pushed settings, or pulls them anew.
func (s *Server) configurationChanged(params json.RawMessage) {
	var p struct {
		Settings struct {
			Callcascade json.RawMessage `json:"callcascade"`
		} `json:"settings"`
	}
	if json.Unmarshal(params, &p) == nil && len(p.Settings.Callcascade) > 0 && string(p.Settings.Callcascade) != "null" {
		s.applySettings(p.Settings.Callcascade)
		return
	}
	go s.pullConfiguration(s.indexCtx)
}

// applySettings merges a settings object into the session's and updates the
// engines' budgets (indexing options apply from the next index pass).
func (s *Server) applySettings(raw json.RawMessage) {
	if len(raw) == 0 || string(raw) == "null" {
		return
	}
	var over Settings
	if err := json.Unmarshal(raw, &over); err != nil {
		s.log.Warn("invalid callcascade settings", "error", err)
		return
	}
	s.mu.Lock()
	s.opts.Settings = mergeSettings(s.opts.Settings, over)
	cfg := s.opts.Settings.engineConfig()
	wss := append(s.workspaces[:0:0], s.workspaces...)
	s.mu.Unlock()
	for _, ws := range wss {
		ws.Engine.SetConfig(cfg)
	}
	s.log.Info("settings applied", "graphTimeoutMs", cfg.GraphTimeout.Milliseconds(), "budgetMs", cfg.Budget.Milliseconds())
}

// watchFiles asks a client that can to tell us of files changed outside
// the editor (a git checkout, a generator), so the index does not go stale.
func (s *Server) watchFiles(ctx context.Context) {
	s.mu.Lock()
	can := s.canWatch
	s.mu.Unlock()
	if !can || s.conn == nil {
		return
	}
	watchers := make([]protocol.FileSystemWatcher, 0, len(handlers.WatchedGlobs))
	for _, g := range handlers.WatchedGlobs {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: g})
	}
	cctx, cancel := context.WithTimeout(ctx, clientCallTimeout)
	defer cancel()
	_, err := s.conn.Call(cctx, protocol.MethodClientRegisterCapability, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID: "callcascade-watched-files", Method: protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers}}}}, nil)
	if err != nil {
		s.log.Debug("client did not register file watchers", "error", err)
	}
}
