package neo4j

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// Store is a graph.Store over one repository's partition of a Neo4j
// database. Safe for concurrent use.
type Store struct {
	cfg    Config
	shared *sharedDriver

	schemaMu    sync.Mutex
	schemaReady bool

	indexed  atomic.Bool  // the repository has been seen to hold files
	writeTxs atomic.Int64 // write transactions committed, for tests and the index summary

	closeOnce sync.Once
	closeErr  error
}

var _ graph.Store = (*Store)(nil)

// Open checks the configuration and returns a store; it does not touch the
// network, so a server that is down makes the first call fail (with
// graph.ErrUnavailable), not Open. Call Ping to check the server.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sd, err := acquireDriver(cfg)
	if err != nil {
		return nil, err
	}
	return &Store{cfg: cfg, shared: sd}, nil
}

// Config returns the store's configuration (print it with %v: the password
// is redacted).
func (s *Store) Config() Config { return s.cfg }

// WriteTransactions counts the write transactions the store has committed.
func (s *Store) WriteTransactions() int64 { return s.writeTxs.Load() }

// Close releases the store's share of the process's driver.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		if err := releaseDriver(s.shared); err != nil {
			s.closeErr = s.classify(context.Background(), "close", err)
		}
	})
	return s.closeErr
}

// Ping checks that the server answers and accepts the credentials.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := s.bound(ctx, 0)
	defer cancel()
	if err := s.shared.driver.VerifyConnectivity(ctx); err != nil {
		return s.classify(ctx, "connect", err)
	}
	return nil
}

// bound gives a context without a deadline one, so no call waits forever on
// a server that accepted the connection and went silent.
func (s *Store) bound(ctx context.Context, tx time.Duration) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	if tx <= 0 {
		tx = s.cfg.txTimeout()
	}
	return context.WithTimeout(ctx, s.cfg.connectTimeout()+tx+s.cfg.retryTime())
}

// firstRetryWait is how long the driver waits before it retries a failed
// transaction (two seconds, less its 20% jitter). A request with less time
// left cannot be retried: waiting would only turn a refused connection
// into a timeout at the graph stage's deadline. Such a request runs once.
const firstRetryWait = 1600 * time.Millisecond

// query runs one read query with reader routing, the transaction timeout
// and the request's deadline.
func (s *Store) query(ctx context.Context, op, query string, params map[string]any) ([]*neo4j.Record, error) {
	ctx, cancel := s.bound(ctx, 0)
	defer cancel()
	params["repo"] = s.cfg.RepoID
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < firstRetryWait {
		return s.queryOnce(ctx, op, query, params)
	}
	res, err := neo4j.ExecuteQuery(ctx, s.shared.driver, query, params, neo4j.EagerResultTransformer,
		neo4j.ExecuteQueryWithReadersRouting(),
		neo4j.ExecuteQueryWithDatabase(s.cfg.Database),
		neo4j.ExecuteQueryWithTransactionConfig(neo4j.WithTxTimeout(s.cfg.txTimeout())))
	if err != nil {
		return nil, s.classify(ctx, op, err)
	}
	return res.Records, nil
}

// queryOnce runs a read query in one auto-commit transaction, without the
// driver's retries, so a fault is reported as soon as it shows.
func (s *Store) queryOnce(ctx context.Context, op, query string, params map[string]any) ([]*neo4j.Record, error) {
	session := s.shared.driver.NewSession(ctx, neo4j.SessionConfig{AccessMode: neo4j.AccessModeRead, DatabaseName: s.cfg.Database})
	defer func() {
		// Closing returns the connection to the pool; it must not wait on
		// a request that is already over.
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.connectTimeout())
		defer cancel()
		_ = session.Close(closeCtx)
	}()
	res, err := session.Run(ctx, query, params, neo4j.WithTxTimeout(s.cfg.txTimeout()))
	if err != nil {
		return nil, s.classify(ctx, op, err)
	}
	recs, err := res.Collect(ctx)
	if err != nil {
		return nil, s.classify(ctx, op, err)
	}
	return recs, nil
}

// read runs a query and returns the `json` column of every record.
func (s *Store) read(ctx context.Context, op, query string, params map[string]any) ([]string, error) {
	recs, err := s.query(ctx, op, query, params)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(recs))
	for _, rec := range recs {
		v, _ := rec.Get("json")
		text, ok := v.(string)
		if !ok {
			return nil, s.decodeError(op, fmt.Errorf("json is %T, not a string", v))
		}
		out = append(out, text)
	}
	return out, nil
}

// checkIndexed turns an empty answer into graph.ErrIndexMissing when the
// repository holds no files at all. A repository seen with files is not
// asked about again.
func (s *Store) checkIndexed(ctx context.Context, op string) error {
	if s.indexed.Load() {
		return nil
	}
	recs, err := s.query(ctx, op, cypherRepoIndexed, map[string]any{})
	if err != nil {
		return err
	}
	if len(recs) == 1 {
		if n, _ := recs[0].Get("files"); n != nil && n != int64(0) {
			s.indexed.Store(true)
			return nil
		}
	}
	return s.indexMissing(op)
}

func decodeAll[T any](s *Store, op string, texts []string) ([]T, error) {
	out := make([]T, 0, len(texts))
	for _, text := range texts {
		var v T
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			return nil, s.decodeError(op, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// Files lists every indexed file of the repository, sorted by path, without
// imports, fields or locals. A repository never indexed has none (the
// indexer starts from here).
func (s *Store) Files(ctx context.Context) ([]fact.File, error) {
	texts, err := s.read(ctx, "files", cypherFiles, map[string]any{})
	if err != nil {
		return nil, err
	}
	if len(texts) > 0 {
		s.indexed.Store(true)
	}
	return decodeAll[fact.File](s, "files", texts)
}

// File returns one file with its imports, fields and locals.
func (s *Store) File(ctx context.Context, path string) (fact.File, error) {
	op := "file " + path
	texts, err := s.read(ctx, op, cypherFile, map[string]any{"path": path})
	if err != nil {
		return fact.File{}, err
	}
	if len(texts) == 0 {
		if err := s.checkIndexed(ctx, op); err != nil {
			return fact.File{}, err
		}
		return fact.File{}, s.notFound(op)
	}
	files, err := decodeAll[fact.File](s, op, texts[:1])
	if err != nil {
		return fact.File{}, err
	}
	return files[0], nil
}

// Symbol returns the symbol with the given ID.
func (s *Store) Symbol(ctx context.Context, id string) (fact.Symbol, error) {
	op := "symbol " + id
	texts, err := s.read(ctx, op, cypherSymbol, map[string]any{"id": id})
	if err != nil {
		return fact.Symbol{}, err
	}
	if len(texts) == 0 {
		if err := s.checkIndexed(ctx, op); err != nil {
			return fact.Symbol{}, err
		}
		return fact.Symbol{}, s.notFound(op)
	}
	syms, err := decodeAll[fact.Symbol](s, op, texts)
	if err != nil {
		return fact.Symbol{}, err
	}
	return syms[0], nil
}

// readList runs a read whose empty answer may mean "not indexed".
func readList[T any](ctx context.Context, s *Store, op, query string, params map[string]any) ([]T, error) {
	texts, err := s.read(ctx, op, query, params)
	if err != nil {
		return nil, err
	}
	if len(texts) == 0 {
		return nil, s.checkIndexed(ctx, op)
	}
	return decodeAll[T](s, op, texts)
}

// SymbolsByName returns every symbol named name, sorted by path and position.
func (s *Store) SymbolsByName(ctx context.Context, name string) ([]fact.Symbol, error) {
	return readList[fact.Symbol](ctx, s, "symbols named "+name, cypherSymbolsByName, map[string]any{"name": name})
}

// SymbolsInFile returns the symbols of a file in source order.
func (s *Store) SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error) {
	return readList[fact.Symbol](ctx, s, "symbols in "+path, cypherSymbolsInFile, map[string]any{"path": path})
}

// CallsByCallee returns every call site whose callee name is name, sorted
// by path and position.
func (s *Store) CallsByCallee(ctx context.Context, name string) ([]fact.Call, error) {
	return readList[fact.Call](ctx, s, "calls of "+name, cypherCallsByCallee, map[string]any{"callee": name})
}

// CallsFrom returns the call sites whose innermost enclosing symbol is
// symbolID ("" for calls at the top level of any file), sorted by path and
// position.
func (s *Store) CallsFrom(ctx context.Context, symbolID string) ([]fact.Call, error) {
	return readList[fact.Call](ctx, s, "calls from "+symbolID, cypherCallsFrom, map[string]any{"callerId": symbolID})
}

// searchCandidates bounds how many full-text matches one Search ranks
// before the repository filter and the limit.
const searchCandidates = 4000

const defaultSearchLimit = 50

// Search ranks symbols and literals against the words of query with
// Lucene's BM25 (name words weigh most, then the container's, then the
// path's). Only the query's words reach Lucene, so no user text is read as
// query syntax; a query without words finds nothing.
func (s *Store) Search(ctx context.Context, query string, limit int) ([]fact.SearchHit, error) {
	if limit <= 0 {
		limit = defaultSearchLimit
	}
	lq := luceneQuery(s.cfg.RepoID, queryTerms(query))
	if lq == "" {
		return nil, nil
	}
	op := "search " + query
	recs, err := s.query(ctx, op, cypherSearch, map[string]any{"query": lq, "candidates": searchCandidates, "limit": limit})
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, s.checkIndexed(ctx, op)
	}
	hits := make([]fact.SearchHit, 0, len(recs))
	for _, rec := range recs {
		isSymbol, _ := rec.Get("isSymbol")
		text, _ := rec.Get("json")
		score, _ := rec.Get("score")
		js, ok := text.(string)
		if !ok {
			return nil, s.decodeError(op, fmt.Errorf("json is %T, not a string", text))
		}
		sc, _ := score.(float64)
		if isSymbol == true {
			var sym fact.Symbol
			if err := json.Unmarshal([]byte(js), &sym); err != nil {
				return nil, s.decodeError(op, err)
			}
			label := sym.Name
			if sym.Container != "" {
				label = sym.Container + "." + sym.Name
			}
			hits = append(hits, fact.SearchHit{Kind: "symbol", Path: sym.Path, SymbolID: sym.ID, Text: label, Span: sym.Selection, Score: sc})
			continue
		}
		var lit fact.Literal
		if err := json.Unmarshal([]byte(js), &lit); err != nil {
			return nil, s.decodeError(op, err)
		}
		hits = append(hits, fact.SearchHit{Kind: "literal", Path: lit.Path, SymbolID: lit.SymbolID, Text: lit.Text, Span: lit.Span, Score: sc})
	}
	return hits, nil
}

// SearchLiterals finds the string literals that hold every word of name and
// more than minShare of whose words are its (fact.NameShare), best first:
// Lucene ranks the nodes holding the words, and the share decides.
func (s *Store) SearchLiterals(ctx context.Context, name string, minShare float64, limit int) ([]fact.SearchHit, error) {
	if limit <= 0 {
		limit = defaultSearchLimit
	}
	words := fact.SplitWords(name)
	if len(words) == 0 || minShare >= 1 {
		return nil, nil
	}
	// Every ranked node, so that literals are not crowded out by symbols.
	hits, err := s.Search(ctx, strings.Join(words, " "), searchCandidates)
	if err != nil {
		return nil, err
	}
	out := hits[:0]
	for _, h := range hits {
		if h.Kind == "literal" && fact.NameShare(h.Text, words) > minShare {
			out = append(out, h)
			if len(out) == limit {
				break
			}
		}
	}
	return out, nil
}

// queryTerms are the words of a query plus, for several, the words run
// together (how names are indexed: see identifierWords), sorted, unique.
func queryTerms(query string) []string {
	words := fact.SplitWords(query)
	if len(words) == 0 {
		return nil
	}
	terms := slices.Clone(words)
	if len(words) > 1 {
		terms = append(terms, strings.Join(words, ""))
	}
	slices.Sort(terms)
	return slices.Compact(terms)
}

// luceneQuery requires the repository's id and scores the terms against
// the name, container and path words with the embedded store's weights.
// Terms are letters and digits (graph.SplitWords) but are escaped anyway.
func luceneQuery(repo string, terms []string) string {
	if len(terms) == 0 {
		return ""
	}
	escaped := make([]string, len(terms))
	for i, t := range terms {
		escaped[i] = luceneEscape(t)
	}
	group := "(" + strings.Join(escaped, " ") + ")"
	return `+repo_id:"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(repo) + `" ` +
		"+(name_words:" + group + "^4 container_words:" + group + "^1.5 path_words:" + group + "^0.5)"
}

// luceneEscape backslash-escapes Lucene's query syntax characters.
func luceneEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`+-&|!(){}[]^"~*?:\/`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// identifierWords is what the full-text index holds for a name: its words
// and, for a compound name, the words run together.
func identifierWords(name string) string {
	words := fact.SplitWords(name)
	if len(words) > 1 {
		words = append(words, strings.Join(words, ""))
	}
	return strings.Join(words, " ")
}

// callableKinds are the kinds a CALLS edge may point at (as in the resolver).
var callableKinds = []string{string(treesitter.KindFunction), string(treesitter.KindMethod)}

// errEmptyPath rejects facts that could not be stored under a file.
var errEmptyPath = errors.New("neo4j: a file in the batch has no path")
