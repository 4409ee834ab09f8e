package server_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf16"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
)

// pytest hands a test (or a fixture) the value of the fixture named like
// each of its parameters: the framework's dependency injection. pyright
// types no such parameter, so its call hierarchy lists no call on one, and
// an item the engine links through a fixture (a name match, flagged) was
// counted wrong even where it is the target's caller (LIA-Assistant's
// limiter.acquire(...), the fixture limiter returning a RedisRateLimiter:
// 65 items). The framework truth confirms such an item only where the
// reference server itself types the fixture: its hover on the fixture
// function shows a result naming the target's class. pytest's lookup (the
// test's own module, then conftest.py from its directory up) is read from
// the source; the type is pyright's, never the engine's.

var fixtureInDetail = regexp.MustCompile(`pytest fixture ([A-Za-z_][A-Za-z0-9_]*)`)

// fixtureOfDetail is the fixture an item's detail says its receiver is the
// value of, or "".
func fixtureOfDetail(detail string) string {
	if m := fixtureInDetail.FindStringSubmatch(detail); m != nil {
		return m[1]
	}
	return ""
}

// findFixture finds the fixture name as pytest would for a test in rel
// (slash-separated, under root): a function decorated as a fixture in rel
// itself, else in the conftest.py of rel's directory, then of each
// directory above it up to root. It returns the file and the position of
// the function's name.
func findFixture(root, rel, name string) (string, protocol.Position, bool) {
	files := []string{rel}
	for dir := path.Dir(rel); ; dir = path.Dir(dir) {
		files = append(files, path.Join(dir, "conftest.py"))
		if dir == "." || dir == "/" {
			break
		}
	}
	for _, f := range files {
		abs := filepath.Join(root, filepath.FromSlash(f))
		if pos, ok := fixtureIn(abs, name); ok {
			return abs, pos, true
		}
	}
	return "", protocol.Position{}, false
}

// fixtureIn finds def name(...) in file with a fixture decorator
// (@pytest.fixture, @fixture, @pytest_asyncio.fixture, with or without
// arguments) among the lines right above it.
func fixtureIn(file, name string) (protocol.Position, bool) {
	f, err := os.Open(file)
	if err != nil {
		return protocol.Position{}, false
	}
	defer f.Close()
	def := regexp.MustCompile(`^\s*(?:async\s+)?def\s+(` + regexp.QuoteMeta(name) + `)\s*\(`)
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	for i, line := range lines {
		m := def.FindStringSubmatchIndex(line)
		if m == nil || !decoratedAsFixture(lines, i) {
			continue
		}
		col := len(utf16.Encode([]rune(line[:m[2]])))
		return protocol.Position{Line: uint32(i), Character: uint32(col)}, true
	}
	return protocol.Position{}, false
}

// decoratedAsFixture reports whether the decorator lines right above line
// i (up to six, a multi-line decorator's included) name a fixture.
func decoratedAsFixture(lines []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-6; j-- {
		l := strings.TrimSpace(lines[j])
		if l == "" || strings.HasPrefix(l, "def ") || strings.HasPrefix(l, "async def ") || strings.HasPrefix(l, "class ") {
			return false
		}
		if strings.HasPrefix(l, "@") && strings.Contains(l, "fixture") {
			return true
		}
	}
	return false
}

// hoverResult is the declared or inferred result in a hover's signature of
// a function: what follows the signature's last "->" (the signature ends
// at its code fence or the blank line before the docstring, which may hold
// arrows of its own), to the end of that line.
func hoverResult(hover string) string {
	sig := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(hover), "```python"), "```")
	if j := strings.Index(sig, "```"); j >= 0 {
		sig = sig[:j]
	}
	if j := strings.Index(sig, "\n\n"); j >= 0 {
		sig = sig[:j]
	}
	i := strings.LastIndex(sig, "->")
	if i < 0 {
		return ""
	}
	r := sig[i+2:]
	if j := strings.IndexByte(r, '\n'); j >= 0 {
		r = r[:j]
	}
	return strings.TrimSpace(r)
}

// fixtureConfirmed asks the reference for the type of the fixture an item
// goes through: the result its hover shows, and whether that names class.
func fixtureConfirmed(ref *lspSession, root, rel, fixture, class string) (string, bool) {
	abs, pos, ok := findFixture(root, rel, fixture)
	if !ok {
		return "fixture not found", false
	}
	if err := ref.open(abs, "python"); err != nil {
		return "error: " + err.Error(), false
	}
	text, err := ref.hover(abs, pos)
	if err != nil {
		return "error: " + err.Error(), false
	}
	result := hoverResult(text)
	if result == "" {
		return "no result in the hover", false
	}
	return result, regexp.MustCompile(`\b` + regexp.QuoteMeta(class) + `\b`).MatchString(result)
}

// hover returns the text of the server's hover at a position: a
// MarkupContent's value, a MarkedString, or a list of them joined.
func (s *lspSession) hover(file string, pos protocol.Position) (string, error) {
	var out struct {
		Contents json.RawMessage `json:"contents"`
	}
	err := s.call("textDocument/hover", &protocol.HoverParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: handlers.URIFromPath(file)},
			Position:     pos,
		},
	}, &out)
	if err != nil || len(out.Contents) == 0 {
		return "", err
	}
	return markedText(out.Contents), nil
}

func markedText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var v struct {
		Value string `json:"value"`
	}
	if json.Unmarshal(raw, &v) == nil && v.Value != "" {
		return v.Value
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		var parts []string
		for _, e := range list {
			parts = append(parts, markedText(e))
		}
		return strings.Join(parts, "\n")
	}
	return ""
}
