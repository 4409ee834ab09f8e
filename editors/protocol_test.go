package editors_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestNodeProtocol runs editors/protocol with node --test: replays of what
// VS Code (its captured initialize params) and Helix send, through
// vscode-languageserver-protocol, against the built binary.
func TestNodeProtocol(t *testing.T) {
	node := requireTool(t, "node", "apt-get install nodejs")
	modules := nodeModules(t, "vscode-languageserver-protocol")
	var pkg struct {
		Version string `json:"version"`
	}
	if data, err := os.ReadFile(filepath.Join(modules, "vscode-languageserver-protocol", "package.json")); err == nil {
		_ = json.Unmarshal(data, &pkg)
	}
	announce(t, "drove node %s --test with vscode-languageserver-protocol %s (VS Code 1.100.3 and Helix replays)", versionOf(t, node), pkg.Version)

	env, _ := editorEnv(t,
		"NODE_PATH="+modules,
		"CC_BIN="+binary,
		"CC_TESTDATA="+filepath.Join(repoRoot, "testdata"),
	)
	dir := filepath.Join(repoRoot, "editors", "protocol")
	out, err := runEditor(t, 2*time.Minute, env, dir, node, "--test", "--test-reporter=spec", ".")
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("node --test:\n%s", out)
}
