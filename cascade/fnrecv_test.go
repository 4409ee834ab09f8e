package cascade_test

import (
	"context"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade"
)

// A function is reached through a receiver only where that is a module
// object (issue 14): after the graph's "no callers", grep neither lists
// res.error or console.error as callers of the function error nor parses
// the file to find them, the graph vouching for it (its facts say no
// receiver of the name there may be a module); a file where one may be is
// parsed, and its ns.error() is a caller.
func TestEngineFunctionsReceiverSitesAreModulesOnly(t *testing.T) {
	files := map[string]string{
		"src/log.ts":    "export function error(msg: string) { return msg; }\n",
		"src/logger.ts": "export class Logger {\n  error(msg: string) {}\n}\nexport function warn() {\n  const l = new Logger();\n  l.error('typed');\n}\n",
		"src/page.ts":   "export class Page {\n  show(res: any) {\n    console.error('failed');\n    return res.error;\n  }\n}\n",
	}
	f := newFixture(t, files)
	res, err := withGrep(f, nil, roomy()).Incoming(context.Background(), f.method(t, "", "error"))
	if err != nil {
		t.Fatal(err)
	}
	a := attemptOf(t, res, cascade.StageGrep, "")
	// All three files holding the name are read as indexed, src/page.ts
	// included: none is parsed.
	if len(res.Calls) != 0 || !strings.Contains(a.Observed, "(3 files holding the name read as the code graph indexed them") {
		t.Fatalf("calls %v, grep observed %q: want no calls and no file parsed", details(res.Calls), a.Observed)
	}

	files["src/user.ts"] = "import * as log from './log';\nexport function report(x: any) {\n  return [x.error, (log as any).error];\n}\n"
	f = newFixture(t, files)
	res, err = withGrep(f, nil, roomy()).Incoming(context.Background(), f.method(t, "", "error"))
	if err != nil {
		t.Fatal(err)
	}
	if got := details(res.Calls); len(got) != 1 || !strings.HasPrefix(got[0], "report · grep fallback: reference") {
		t.Errorf("calls %v, want report's (log as any).error alone: %s", got, describe(res))
	}
}
