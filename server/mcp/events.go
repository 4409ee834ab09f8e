package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/callcascade/callcascade/cascade"
)

const frameworkMapURI = "callcascade://framework-map"

// frameworkMapBudget bounds one build of the map; a cut map says Partial.
const frameworkMapBudget = 20 * time.Second

// EventInput is trace_event's input.
type EventInput struct {
	Key  string `json:"key" jsonschema:"the event, job, topic, signal, task or route key as the code writes it or as it evaluates: order.placed, post_save, a Celery task name"`
	Root string `json:"root,omitempty" jsonschema:"the workspace folder (or a file in it); default: the server's workspace"`
}

// EventOutput lists what the map knows of a key.
type EventOutput struct {
	Key     string                   `json:"key"`
	Matches []cascade.FrameworkEvent `json:"matches" jsonschema:"each bus the key is used on, with its publishers and handlers"`
	Similar []string                 `json:"similar,omitempty" jsonschema:"keys of the map containing the words, when none matches exactly"`
	Partial bool                     `json:"partial,omitempty" jsonschema:"the map was cut off by its time budget"`
	Summary string                   `json:"summary"`
}

func (t *tools) traceEvent(ctx context.Context, req *sdk.CallToolRequest, in EventInput) (*sdk.CallToolResult, EventOutput, error) {
	out := EventOutput{Key: in.Key, Matches: []cascade.FrameworkEvent{}}
	key := strings.TrimSpace(in.Key)
	if key == "" {
		return toolError(errors.New("key is empty"), "give the event, job, topic, signal or task name"), out, nil
	}
	m, err := t.frameworkMap(ctx, in.Root)
	if err != nil {
		if ctx.Err() != nil {
			return nil, out, ctx.Err()
		}
		return toolError(err, ""), out, nil
	}
	out.Partial = m.Partial
	for _, e := range m.Events {
		if e.Key == key {
			out.Matches = append(out.Matches, e)
		}
	}
	if len(out.Matches) == 0 {
		words := strings.ToLower(key)
		for _, e := range m.Events {
			if strings.Contains(strings.ToLower(e.Key), words) && len(out.Similar) < 20 {
				out.Similar = append(out.Similar, e.Bus+" "+e.Key)
			}
		}
	}
	pubs, subs := 0, 0
	for _, e := range out.Matches {
		pubs += len(e.Publishers)
		subs += len(e.Subscribers)
	}
	switch {
	case len(out.Matches) == 0:
		out.Summary = fmt.Sprintf("no framework key %q in the code graph; %d keys contain those words. It may be built at run time or published by another service: search_code with kind text finds it as a string", key, len(out.Similar))
	case pubs == 0:
		out.Summary = fmt.Sprintf("%q has %d handler(s) and no publisher in this code: it is published from outside (another service, a broker, a schedule) or under a key built at run time", key, subs)
	case subs == 0:
		out.Summary = fmt.Sprintf("%q is published at %d site(s) and no handler in this code hears it", key, pubs)
	default:
		out.Summary = fmt.Sprintf("%q: %d publishing site(s), %d handler(s)", key, pubs, subs)
	}
	return nil, out, nil
}

// frameworkMap builds the map of the workspace at root, cached until the
// index changes.
func (t *tools) frameworkMap(ctx context.Context, root string) (cascade.FrameworkMap, error) {
	ws, err := t.workspace(ctx, root)
	if err != nil {
		return cascade.FrameworkMap{}, err
	}
	files, err := ws.IndexedFiles(ctx)
	if err != nil {
		return cascade.FrameworkMap{}, err
	}
	stamp := fmt.Sprintf("%s %d %d", ws.Root, files, ws.Generation())
	mapCache.Lock()
	if c, ok := mapCache.byRoot[ws.Root]; ok && c.stamp == stamp {
		mapCache.Unlock()
		return c.m, nil
	}
	mapCache.Unlock()
	bctx, cancel := context.WithTimeout(ctx, frameworkMapBudget)
	defer cancel()
	m, err := ws.FrameworkMap(bctx)
	if err != nil {
		return m, err
	}
	if ctx.Err() != nil {
		return m, ctx.Err()
	}
	if !m.Partial {
		mapCache.Lock()
		mapCache.byRoot[ws.Root] = cachedMap{stamp: stamp, m: m}
		mapCache.Unlock()
	}
	return m, nil
}

type cachedMap struct {
	stamp string
	m     cascade.FrameworkMap
}

var mapCache = struct {
	sync.Mutex
	byRoot map[string]cachedMap
}{byRoot: map[string]cachedMap{}}

func (t *tools) frameworkMapResource(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	m, err := t.frameworkMap(ctx, "")
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: frameworkMapURI, MIMEType: "application/json", Text: string(b)}}}, nil
}
