// Package editors holds the editor integrations of callcascade (vscode/,
// nvim/, helix/, and the Emacs and Vim setups in README.md) and the tests
// that drive each real editor, headless, against the built binary.
//
// The tests need the editors installed (.ci/run installs them through
// editors/install-deps.sh); an editor that is missing skips its test with a
// message, unless CALLCASCADE_REQUIRE_EDITORS=1, which turns that into a
// failure.
package editors
