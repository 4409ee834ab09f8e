package handlers

import (
	"bytes"
	"context"

	"go.lsp.dev/protocol"
)

// Documents is the server's overlay of open editor buffers.
type Documents interface {
	Open(path string, version int32, text []byte)
	Update(path string, version int32, text []byte)
	Close(path string)
	// Text returns an open document's current text.
	Text(path string) ([]byte, bool)
}

// The text sync handlers keep the overlay and the index in step with the
// editor. The server advertises full document sync: v0.12.0's change event
// cannot tell a range-less change from a change at 0:0.

// DidOpen records the buffer and indexes it: the editor's text is the truth
// for an open file.
func (h *Handlers) DidOpen(ctx context.Context, params *protocol.DidOpenTextDocumentParams) error {
	path, err := PathFromURI(params.TextDocument.URI)
	if err != nil {
		return nil // untitled: buffers are not ours to index
	}
	text := []byte(params.TextDocument.Text)
	h.Docs.Open(path, params.TextDocument.Version, text)
	h.reindex(ctx, path, text, true)
	return nil
}

// DidChange replaces the buffer with the last full-text change.
func (h *Handlers) DidChange(ctx context.Context, params *protocol.DidChangeTextDocumentParams) error {
	path, err := PathFromURI(params.TextDocument.URI)
	if err != nil || len(params.ContentChanges) == 0 {
		return nil
	}
	text := []byte(params.ContentChanges[len(params.ContentChanges)-1].Text)
	old, had := h.Docs.Text(path)
	h.Docs.Update(path, params.TextDocument.Version, text)
	h.reindex(ctx, path, text, true)
	// An edit makes answers about the document stale; a change that changes
	// nothing (Vim's :edit re-sends the buffer) does not.
	if !had || !bytes.Equal(old, text) {
		h.clearDocument(ctx, params.TextDocument.URI)
	}
	return nil
}

// DidSave re-indexes from the saved text when the client sends it.
func (h *Handlers) DidSave(ctx context.Context, params *protocol.DidSaveTextDocumentParams) error {
	path, err := PathFromURI(params.TextDocument.URI)
	if err != nil {
		return nil
	}
	if params.Text != "" {
		h.reindex(ctx, path, []byte(params.Text), true)
	}
	return nil
}

// DidClose drops the buffer; the disk is the truth again (the file may have
// been deleted while open).
func (h *Handlers) DidClose(ctx context.Context, params *protocol.DidCloseTextDocumentParams) error {
	path, err := PathFromURI(params.TextDocument.URI)
	if err != nil {
		return nil
	}
	h.Docs.Close(path)
	ws, rel, err := h.Env.Workspace(path)
	if err != nil {
		return nil
	}
	if err := ws.BufferClosed(ctx, rel); err != nil && h.Logger != nil {
		h.Logger.Warn("re-index after close failed", "path", rel, "error", err)
	}
	return nil
}

func (h *Handlers) reindex(ctx context.Context, path string, text []byte, buffer bool) {
	ws, rel, err := h.Env.Workspace(path)
	if err != nil {
		return // files outside the workspace are not indexed
	}
	if err := ws.BufferChanged(ctx, rel, text, buffer); err != nil && h.Logger != nil {
		h.Logger.Debug("not indexed", "path", rel, "error", err)
	}
}
