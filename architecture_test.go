package main

// The house's rules, checked against the code's own imports: the rooms and
// the arrows allowed between them are read from the table in
// docs/ARCHITECTURE.md, so the drawing people read and the rule the build
// enforces are one text. A new package must be placed in a room there; an
// import that no arrow allows fails here with the rule it breaks.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"
)

const modulePath = "github.com/callcascade/callcascade"

// room is one row of the architecture table.
type room struct {
	name     string
	packages []string // module-relative; "x/..." is x and everything beneath it
	mayUse   []string // room names; "everything" allows all
}

// protocolPrefix is the LSP library: only the transport, the handlers and
// the binary may speak it, so the engine serves every front end alike.
const protocolPrefix = "go.lsp.dev/"

var speaksProtocol = []string{"main", "server", "handlers"}

// readRooms parses the "| room | packages | may import |" table.
func readRooms(doc []byte) ([]room, error) {
	var rooms []room
	in := false
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			if in {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(cells) < 3 {
			continue
		}
		if cells[0] == "room" && strings.HasPrefix(cells[2], "may import") {
			in = true
			continue
		}
		if !in || strings.HasPrefix(cells[0], "-") {
			continue
		}
		r := room{name: strings.Trim(cells[0], "*`")}
		for _, p := range strings.Split(cells[1], ",") {
			if p = strings.Trim(strings.TrimSpace(p), "`"); p != "" {
				r.packages = append(r.packages, p)
			}
		}
		for _, u := range strings.Split(cells[2], ",") {
			if u = strings.Trim(strings.TrimSpace(u), "`"); u != "" && u != "—" && u != "-" && u != "nothing of ours" {
				r.mayUse = append(r.mayUse, u)
			}
		}
		rooms = append(rooms, r)
	}
	if len(rooms) == 0 {
		return nil, fmt.Errorf("no '| room | packages | may import |' table")
	}
	return rooms, sc.Err()
}

// roomOf places a module-relative package path ("" for the module root) in
// the room whose most specific pattern matches it.
func roomOf(rooms []room, rel string) (string, bool) {
	best, bestLen := "", -1
	for _, r := range rooms {
		for _, p := range r.packages {
			base, tree := strings.CutSuffix(p, "/...")
			if p == "." {
				base = ""
			}
			if rel == base || tree && strings.HasPrefix(rel, base+"/") {
				if len(base) > bestLen {
					best, bestLen = r.name, len(base)
				}
			}
		}
	}
	return best, bestLen >= 0
}

// pkgImports is one package of ours and what its non-test files import.
type pkgImports struct {
	ImportPath string
	Imports    []string
}

// violations lists every import that the rooms do not allow.
func violations(rooms []room, pkgs []pkgImports) []string {
	allowed := map[string]map[string]bool{}
	for _, r := range rooms {
		allowed[r.name] = map[string]bool{r.name: true}
		for _, u := range r.mayUse {
			allowed[r.name][u] = true
		}
	}
	var out []string
	rel := func(p string) (string, bool) {
		if p == modulePath {
			return "", true
		}
		r, ok := strings.CutPrefix(p, modulePath+"/")
		return r, ok
	}
	for _, p := range pkgs {
		from, _ := rel(p.ImportPath)
		fromRoom, ok := roomOf(rooms, from)
		if !ok {
			out = append(out, fmt.Sprintf("%s is in no room of docs/ARCHITECTURE.md: place it in the table", p.ImportPath))
			continue
		}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, protocolPrefix) && !slices.Contains(speaksProtocol, fromRoom) {
				out = append(out, fmt.Sprintf("%s (%s) imports %s: only %s speak LSP", p.ImportPath, fromRoom, imp, strings.Join(speaksProtocol, ", ")))
			}
			to, ours := rel(imp)
			if !ours {
				continue
			}
			toRoom, ok := roomOf(rooms, to)
			if !ok {
				out = append(out, fmt.Sprintf("%s imports %s, which is in no room of docs/ARCHITECTURE.md", p.ImportPath, imp))
				continue
			}
			if allowed[fromRoom]["everything"] || allowed[fromRoom][toRoom] {
				continue
			}
			out = append(out, fmt.Sprintf("%s (%s) imports %s (%s): no arrow %s → %s in docs/ARCHITECTURE.md", p.ImportPath, fromRoom, imp, toRoom, fromRoom, toRoom))
		}
	}
	sort.Strings(out)
	return out
}

func TestArchitecture(t *testing.T) {
	doc, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	rooms, err := readRooms(doc)
	if err != nil {
		t.Fatalf("docs/ARCHITECTURE.md: %v", err)
	}
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports", "./...")
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkgImports
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		var p pkgImports
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages; expected the whole module", len(pkgs))
	}
	for _, v := range violations(rooms, pkgs) {
		t.Error(v)
	}
}

// TestArchitectureCatchesForbiddenImports proves the check can fail: each
// arrow the house forbids, drawn into a copy of the real table.
func TestArchitectureCatchesForbiddenImports(t *testing.T) {
	doc, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	rooms, err := readRooms(doc)
	if err != nil {
		t.Fatal(err)
	}
	m := func(rel string) string { return modulePath + "/" + rel }
	cases := []struct {
		name string
		pkg  pkgImports
		want string
	}{
		{"stage imports another stage", pkgImports{m("cascade/grep"), []string{m("cascade/graph")}}, "no arrow grep → graph"},
		{"a store imports another stage", pkgImports{m("cascade/graph/embedded"), []string{m("cascade/keyword")}}, "no arrow graph → keyword"},
		{"handlers reach below the engine", pkgImports{m("handlers"), []string{m("cascade/graph")}}, "no arrow handlers → graph"},
		{"handlers reach treesitter", pkgImports{m("handlers"), []string{m("treesitter")}}, "no arrow handlers → treesitter"},
		{"treesitter imports ours", pkgImports{m("treesitter"), []string{m("cascade/fact")}}, "no arrow treesitter → fact"},
		{"the engine speaks LSP", pkgImports{m("cascade"), []string{"go.lsp.dev/protocol"}}, "only main, server, handlers speak LSP"},
		{"a stage speaks LSP", pkgImports{m("cascade/report"), []string{"go.lsp.dev/protocol"}}, "only main, server, handlers speak LSP"},
		{"a package in no room", pkgImports{m("cascade/newthing"), nil}, "in no room"},
		{"the engine imports the server", pkgImports{m("cascade"), []string{m("server")}}, "no arrow engine → server"},
	}
	for _, tc := range cases {
		got := violations(rooms, []pkgImports{tc.pkg})
		if len(got) != 1 || !strings.Contains(got[0], tc.want) {
			t.Errorf("%s: violations = %q, want one containing %q", tc.name, got, tc.want)
		}
	}
	// And what the house allows passes.
	ok := []pkgImports{
		{m("cascade/grep"), []string{m("cascade/files"), m("cascade/fact"), m("treesitter")}},
		{m("handlers"), []string{m("cascade"), "go.lsp.dev/protocol"}},
		{m("cascade/graph/embedded"), []string{m("cascade/graph"), m("cascade/fact")}},
	}
	if got := violations(rooms, ok); len(got) != 0 {
		t.Errorf("allowed imports reported: %q", got)
	}
}
