package server

import "github.com/callcascade/callcascade/cascade"

// What other front ends served by the same process (the MCP server of
// `serve --mcp-listen`) need of a session: its open workspaces, so that
// they answer from the same index, watcher and breakers.

// WorkspaceFor is the open workspace holding path (absolute).
func (s *Server) WorkspaceFor(path string) (*cascade.Workspace, error) {
	ws, _, err := (*env)(s).Workspace(path)
	return ws, err
}

// OpenWorkspaces lists the session's workspaces, the first folder first.
func (s *Server) OpenWorkspaces() []*cascade.Workspace { return (*env)(s).Workspaces() }
