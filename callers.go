package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/treesitter"
)

// The callers command: one cascade query from the command line, printed
// for people or as the structured JSON.

const callersUsage = `  callcascade callers [--root DIR] [--json] [--outgoing] [--depth N --format tree|mermaid|dot] FILE:LINE:COL | NAME
`

func runCallers(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("callers", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	root := fs.String("root", "", "workspace root (default: the repository around FILE, else around the working directory)")
	asJSON := fs.Bool("json", false, "print the structured result as one JSON object (an ambiguous name gives {\"matches\": [...]})")
	outgoing := fs.Bool("outgoing", false, "list what the target calls instead of its callers")
	format := fs.String("format", "text", "text, json, or a picture of the caller tree: tree, mermaid or dot")
	depth := fs.Int("depth", 1, "with --format tree|mermaid|dot: how many levels of callers to draw (1..6)")
	c.engine.register(fs, oneShotBudgets)
	c.logLevel = "warn"
	if help, err := parseFlags(fs, reorder(fs, args), callersUsage); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{errors.New("callers takes one FILE:LINE:COL or NAME (callcascade callers --help)")}
	}
	if *asJSON {
		*format = "json"
	}
	switch *format {
	case "text", "json", "tree", "mermaid", "dot":
	default:
		return usageError{fmt.Errorf("--format %q: want text, json, tree, mermaid or dot", *format)}
	}
	if *depth < 1 || *depth > maxPictureDepth {
		return usageError{fmt.Errorf("--depth %d: want 1..%d", *depth, maxPictureDepth)}
	}
	target := fs.Arg(0)
	if _, _, _, isLoc, err := splitLocation(target); isLoc && err != nil {
		return usageError{err}
	}
	if *root == "" {
		r, err := defaultRoot(ctx, target, files.WalkOptions{MaxFileSize: c.maxFileSize, ExtraIgnores: c.exclude})
		if err != nil {
			return err
		}
		*root = r
	}
	ws, _, err := openWorkspace(ctx, *root, c, false)
	if err != nil {
		return err
	}
	defer ws.Store.Close()
	defer ws.Close()
	targets, err := resolveTarget(ctx, ws, target)
	if err != nil {
		return err
	}
	dir := cascade.Incoming
	if *outgoing {
		dir = cascade.Outgoing
	}
	query := func(ctx context.Context, t fact.Symbol) (cascade.Result, error) {
		if dir == cascade.Outgoing {
			return ws.Engine.Outgoing(ctx, t)
		}
		return ws.Engine.Incoming(ctx, t)
	}
	var results []cascade.Result
	for _, t := range targets {
		res, err := query(ctx, t)
		if err != nil {
			return err
		}
		results = append(results, res)
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if len(results) == 1 {
			if err := enc.Encode(results[0].Answer()); err != nil {
				return err
			}
			break
		}
		// One object whatever the name matched, so a script parses one
		// shape: an ambiguous name lists every match's answer.
		answers := make([]cascade.Answer, len(results))
		for i, r := range results {
			answers[i] = r.Answer()
		}
		if err := enc.Encode(ambiguousAnswer{Query: target, Ambiguous: true, Matches: answers}); err != nil {
			return err
		}
	case "tree", "mermaid", "dot":
		pic, err := buildCallerPicture(ctx, results, *depth, query)
		if err != nil {
			return err
		}
		if err := pic.render(out, *format); err != nil {
			return err
		}
	default:
		for i, res := range results {
			if i > 0 {
				fmt.Fprintln(out)
			}
			printResult(out, res)
		}
	}
	for _, r := range results {
		if len(r.Calls) > 0 || len(r.Entry) > 0 {
			return nil
		}
	}
	return errNoneFound
}

// ambiguousAnswer is --json's object for a name that matches several
// symbols.
type ambiguousAnswer struct {
	Query     string           `json:"query"`
	Ambiguous bool             `json:"ambiguous"`
	Matches   []cascade.Answer `json:"matches"`
}

// reorder lets flags follow the positional argument (callers X --json): a
// flag the set defines as taking a value takes the next argument with it.
func reorder(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if f := fs.Lookup(name); f != nil && !strings.Contains(a, "=") && i+1 < len(args) {
				if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !bf.IsBoolFlag() {
					flags = append(flags, args[i+1])
					i++
				}
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(flags, pos...)
}

func resolveTarget(ctx context.Context, ws *cascade.Workspace, arg string) ([]fact.Symbol, error) {
	file, line, col, isLoc, err := splitLocation(arg)
	if err != nil {
		return nil, usageError{err}
	}
	query := arg
	if isLoc {
		// A path relative to the working directory, or else to the root:
		// the engine takes it absolute.
		abs := file
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(mustGetwd(), file)
			if _, err := os.Stat(abs); err != nil {
				abs = filepath.Join(ws.Root, file)
			}
		}
		query = fmt.Sprintf("%s:%d:%d", abs, line, col)
	}
	targets, err := ws.Targets(ctx, query)
	if errors.Is(err, cascade.ErrOutsideWorkspace) {
		return nil, fmt.Errorf("%s is outside the workspace root %s", file, ws.Root)
	}
	if err != nil {
		return nil, err
	}
	if len(targets) == 0 {
		// Not in the index: the cascade still searches by name, and its
		// report says the symbol was not found.
		return []fact.Symbol{cascade.UnknownTarget(arg)}, nil
	}
	return targets, nil
}

// splitLocation reads FILE:LINE:COL. isLoc says the argument is meant as a
// location (it ends in :N:N, or a file name ends in :N) rather than a
// symbol name; err says what is wrong with it then.
func splitLocation(arg string) (file string, line, col int, isLoc bool, err error) {
	if file, l, c, ok := cascade.SplitLocation(arg); ok {
		if file == "" {
			return "", 0, 0, true, fmt.Errorf("%q: FILE:LINE:COL needs a file", arg)
		}
		if l < 1 || c < 1 {
			return file, l, c, true, fmt.Errorf("%q: line and column are counted from 1 (FILE:LINE:COL, as editors show them)", arg)
		}
		return file, l, c, true, nil
	}
	if parts := strings.Split(arg, ":"); len(parts) == 2 {
		if _, err := strconv.Atoi(parts[1]); err == nil {
			if _, known := treesitter.LanguageForPath(parts[0]); known || strings.ContainsRune(parts[0], '/') {
				return parts[0], 0, 0, true, fmt.Errorf("%q: a location needs a column too: FILE:LINE:COL", arg)
			}
		}
	}
	return "", 0, 0, false, nil
}

func mustGetwd() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}

func printResult(out io.Writer, res cascade.Result) {
	t := res.Target
	verb := "callers of"
	if res.Direction == "outgoing" {
		verb = "calls from"
	}
	if res.Found {
		fmt.Fprintf(out, "%s %s (%s:%d:%d)\n", verb, qualified(t), t.Path, t.Selection.Start.Line+1, t.Selection.Start.Character+1)
	} else {
		fmt.Fprintf(out, "%s %s (not in the index)\n", verb, t.Name)
	}
	for _, ep := range res.Entry {
		// No code calls it; the framework does.
		fmt.Fprintf(out, "  %s:%d:%d\tframework entry point\t[%s]\n", ep.Path, ep.Span.Start.Line+1, ep.Span.Start.Character+1, ep.Hint)
	}
	if len(res.Calls) == 0 && len(res.Entry) == 0 {
		fmt.Fprintln(out, "  none found")
	}
	for _, c := range res.Calls {
		for _, site := range c.Sites {
			path := c.Symbol.Path
			if res.Direction == "outgoing" {
				path = t.Path
			}
			fmt.Fprintf(out, "  %s:%d:%d\t%s\t[%s: %s]\n", path, site.Start.Line+1, site.Start.Character+1, qualified(c.Symbol), c.Stage, c.Detail)
		}
	}
	for _, a := range res.Attempts {
		status := a.Outcome
		if a.Reason != "" {
			status += " (" + a.Reason + ")"
		}
		stage := a.Stage
		if a.Backend != "" {
			stage += " (" + a.Backend + ")"
		}
		fmt.Fprintf(out, "  stage %s: %s, %d found in %s", stage, status, a.Count, a.Duration.Round(time.Microsecond))
		if a.Observed != "" {
			fmt.Fprintf(out, " — %s", a.Observed)
		}
		fmt.Fprintln(out)
	}
	ans := res.Answer()
	if len(ans.Meta.MissingSources) > 0 {
		fmt.Fprintf(out, "  not consulted: %s\n", strings.Join(ans.Meta.MissingSources, ", "))
	}
	if ans.Meta.Warning != "" {
		fmt.Fprintf(out, "  warning: %s\n", ans.Meta.Warning)
	}
	if ans.Error != "" {
		fmt.Fprintf(out, "  %s: %s\n", ans.Error, ans.Explanation)
		for _, c := range ans.Causes {
			fmt.Fprintf(out, "  likely cause (%s): %s\n", c.Code, c.Text)
		}
	}
	for _, s := range ans.Suggestions {
		fmt.Fprintf(out, "  try: %s\n", s)
	}
}

func qualified(s fact.Symbol) string {
	if s.Container != "" {
		return s.Container + "." + s.Name
	}
	return s.Name
}
