package server_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/server"
)

// A workspace large enough that indexing takes a while: requests must be
// answered meanwhile, and progress must go begin → rising percentages → end.
func TestProgressAndRequestsDuringIndexing(t *testing.T) {
	files := map[string]string{"lib.ts": libTS}
	for i := range 1500 {
		files[fmt.Sprintf("pkg%02d/mod%04d.ts", i%30, i)] = fmt.Sprintf(
			"import { target } from '../lib';\nexport class C%[1]d {\n  run%[1]d(): number { return target() + this.helper%[1]d(); }\n  helper%[1]d(): number { return %[1]d; }\n}\n", i)
	}
	files["open.ts"] = "import { target } from './lib';\nexport function early() { return target(); }\n"
	root := writeTree(t, files)
	// A generous graph budget: this test is about progress, not speed, and
	// the race detector makes 1,501 resolutions slow.
	c := startServerWith(t, root, server.Options{Settings: server.Settings{GraphTimeoutMs: 60000}}, false)

	// Straight away, before indexing can have finished: the file's own
	// content is indexed on demand, so the request is answered.
	items := c.prepare(uriOf(root, "open.ts"), 1, 17)
	if len(items) != 1 || items[0].Name != "early" {
		t.Fatalf("prepare during indexing: %v", itemNames(items))
	}
	c.mu.Lock()
	stillIndexing := len(c.ends) == 0
	c.mu.Unlock()
	t.Logf("answered while indexing was still running: %v", stillIndexing)

	c.waitIndexed()
	target := c.prepare(uriOf(root, "lib.ts"), 0, 17)
	if len(target) != 1 {
		t.Fatal("no target")
	}
	if got := len(c.incomingNames(target[0])); got != 1501 {
		t.Errorf("after indexing: %d callers, want 1501", got)
	}

	c.mu.Lock()
	kinds := append([]string(nil), c.kinds...)
	c.mu.Unlock()
	if len(kinds) < 3 || kinds[0] != "begin" || kinds[len(kinds)-1] != "end" {
		t.Fatalf("progress sequence %v, want begin, reports, end", kinds)
	}
	last := -1
	for _, k := range kinds[1 : len(kinds)-1] {
		pct, err := strconv.Atoi(strings.TrimPrefix(k, "report "))
		if err != nil || pct < last || pct > 100 {
			t.Fatalf("progress reports not rising percentages: %v", kinds)
		}
		last = pct
	}
	if last != 100 {
		t.Errorf("last report %d%%, want 100%%: %v", last, kinds)
	}
}

// An editor busy starting up can take seconds to accept a progress token.
// The index does not wait for it, and the editor still sees the job: begin,
// then end, once it accepts (it went on silently when the answer took over
// five seconds, and code-server's status bar never said "indexing").
func TestProgressReachesAClientSlowToAcceptIt(t *testing.T) {
	progressCreateDelay = 5500 * time.Millisecond
	t.Cleanup(func() { progressCreateDelay = 0 })
	root := writeTree(t, map[string]string{"lib.ts": libTS, "use.ts": "import { target } from './lib';\nexport function use() { return target(); }\n"})
	start := time.Now()
	c := startServer(t, root, server.Options{}) // waits for the end of the first index
	c.mu.Lock()
	kinds := append([]string(nil), c.kinds...)
	c.mu.Unlock()
	if len(kinds) < 2 || kinds[0] != "begin" || kinds[len(kinds)-1] != "end" {
		t.Fatalf("progress sequence %v, want begin … end", kinds)
	}
	if waited := time.Since(start); waited < progressCreateDelay {
		t.Errorf("progress ended %v after the start, before the client accepted the token", waited)
	}
}
