// Package handlers translates LSP requests into cascade queries and the
// answers back into LSP types, one file per LSP feature. UTF-16 positions
// are converted here.
package handlers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// Env is what handlers need from the server: the workspace that owns a
// file, and a document's current text (the editor's buffer, else the disk).
type Env interface {
	// Workspace returns the workspace whose root holds path, and path
	// relative to that root; ErrOutsideWorkspace otherwise.
	Workspace(path string) (*cascade.Workspace, string, error)
	// Content returns the text of an open buffer, or reads the file from
	// disk if it is inside a workspace root.
	Content(path string) ([]byte, error)
	// Workspaces lists the open workspace roots.
	Workspaces() []*cascade.Workspace
}

// Errors handlers map to JSON-RPC errors.
var (
	ErrOutsideWorkspace = errors.New("file is outside the workspace folders")
	ErrNotFileURI       = errors.New("only file: URIs are supported")
)

// Client is how handlers talk back to the editor.
type Client interface {
	Notify(ctx context.Context, method string, params any) error
	Call(ctx context.Context, method string, params, result any) error
}

// Handlers holds every feature's handler.
type Handlers struct {
	Env    Env
	Docs   Documents
	Logger *slog.Logger
	// Client sends diagnostics, log messages and showDocument; nil in tests
	// that do not care.
	Client   Client
	Breakers *cascade.Breakers
	Metrics  *cascade.Metrics

	diags diagnostics
}

// PathFromURI converts a file: URI to a local path. uri.URI.Filename panics
// on other schemes (untitled:), so this never calls it.
func PathFromURI(u protocol.DocumentURI) (string, error) {
	parsed, err := url.Parse(string(u))
	if err != nil {
		return "", fmt.Errorf("invalid URI %q: %w", u, err)
	}
	if parsed.Scheme != "file" {
		return "", fmt.Errorf("%w: %q", ErrNotFileURI, u)
	}
	p := parsed.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	if p == "" {
		return "", fmt.Errorf("invalid URI %q: no path", u)
	}
	return filepath.Clean(filepath.FromSlash(p)), nil
}

// URIFromPath is the inverse of PathFromURI.
func URIFromPath(p string) protocol.DocumentURI {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
	return protocol.DocumentURI(u.String())
}

func toRange(s cascade.Span) protocol.Range {
	return protocol.Range{
		Start: protocol.Position{Line: s.Start.Line, Character: s.Start.Character},
		End:   protocol.Position{Line: s.End.Line, Character: s.End.Character},
	}
}

// rpcError maps an error to what the client sees: JSON-RPC errors pass
// through, cancellation becomes RequestCancelled, everything else keeps its
// message (handlers never wrap credentials or raw backend errors).
func rpcError(err error) error {
	var rpc *jsonrpc2.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &rpc):
		return err
	case errors.Is(err, context.Canceled):
		return jsonrpc2.NewError(jsonrpc2.Code(-32800), "request cancelled")
	case errors.Is(err, context.DeadlineExceeded):
		return jsonrpc2.NewError(jsonrpc2.Code(-32803), "request exceeded its budget")
	case errors.Is(err, ErrOutsideWorkspace), errors.Is(err, ErrNotFileURI):
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	return jsonrpc2.NewError(jsonrpc2.InternalError, err.Error())
}
