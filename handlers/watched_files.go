package handlers

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// WatchedGlobs are the files whose changes outside the editor the server
// asks to hear about: sources of the supported languages, and ignore rules.
var WatchedGlobs = []string{"**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,py,go,java}", "**/.gitignore", "**/go.mod"}

// DidChangeWatchedFiles hears of files created, changed or deleted outside
// the editor (a git checkout, a generator): each workspace they fall in
// re-indexes incrementally and forgets the grep stage's file list.
func (h *Handlers) DidChangeWatchedFiles(_ context.Context, params *protocol.DidChangeWatchedFilesParams) error {
	touched := map[*cascade.Workspace]bool{}
	for _, ev := range params.Changes {
		path, err := PathFromURI(ev.URI)
		if err != nil {
			continue
		}
		if ws, _, err := h.Env.Workspace(path); err == nil {
			touched[ws] = true
		}
	}
	for ws := range touched {
		ws.FilesChanged()
	}
	return nil
}
