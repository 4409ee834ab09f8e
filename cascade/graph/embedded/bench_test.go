package embedded

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// BenchmarkReplaceFiles writes batches of 100 files of 20 symbols with 5
// calls each (about what a TypeScript service file yields), replacing files
// already stored as a re-index does:
//   - same: with the content they have (a re-index after a checkout that
//     touched the files without changing them, say);
//   - renamed: with every symbol and literal renamed, so that no search row
//     survives;
//   - new: files not stored yet, as in a first index.
func BenchmarkReplaceFiles(b *testing.B) {
	const batchFiles, nsym, ncalls = 100, 20, 5
	rowsPerBatch := batchFiles * (nsym + nsym*ncalls)
	for _, mode := range []string{"same", "renamed", "new"} {
		b.Run(mode, func(b *testing.B) {
			ctx := context.Background()
			s := openTemp(b)
			batch := func(n int) []fact.FileFacts {
				var batch []fact.FileFacts
				for i := range batchFiles {
					k := n % 5
					if mode == "new" {
						k = n
					}
					ff := syntheticFile(k*batchFiles+i, nsym, ncalls)
					if mode == "renamed" {
						for j := range ff.Symbols {
							ff.Symbols[j].Name += fmt.Sprintf("V%d", n)
						}
						for j := range ff.Literals {
							ff.Literals[j].Text += fmt.Sprintf(".v%d", n)
						}
					}
					batch = append(batch, ff)
				}
				return batch
			}
			if mode != "new" {
				for n := range 5 {
					if err := s.ReplaceFiles(ctx, batch(n)); err != nil {
						b.Fatal(err)
					}
				}
			}
			var elapsed, cpu time.Duration
			for n := 0; b.Loop(); n++ {
				b.StopTimer()
				batch := batch(n + 5)
				b.StartTimer()
				start, cpu0 := time.Now(), cpuTime()
				if err := s.ReplaceFiles(ctx, batch); err != nil {
					b.Fatal(err)
				}
				elapsed += time.Since(start)
				cpu += cpuTime() - cpu0
			}
			b.ReportMetric(float64(b.N*rowsPerBatch)/elapsed.Seconds(), "rows/s")
			if cpu > 0 {
				b.ReportMetric(float64(b.N*rowsPerBatch)/cpu.Seconds(), "rows/cpu-s")
			}
		})
	}
}

// BenchmarkCallsByCallee reads the calls of one name from a 5,000-file store
// in which each callee name has 50 calls.
func BenchmarkCallsByCallee(b *testing.B) {
	ctx := context.Background()
	s := openTemp(b)
	fillStore(b, s, 5000, 10, 5) // 250,000 calls, 50 per callee name
	calls, err := s.CallsByCallee(ctx, "callee42")
	if err != nil || len(calls) == 0 {
		b.Fatalf("CallsByCallee = %d calls, %v", len(calls), err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.CallsByCallee(ctx, "callee42"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(calls)), "calls/op")
}

// BenchmarkSymbol looks up one symbol by ID in a 5,000-file store.
func BenchmarkSymbol(b *testing.B) {
	ctx := context.Background()
	s := openTemp(b)
	fillStore(b, s, 5000, 10, 5)
	id := syntheticFile(1234, 10, 0).Symbols[7].ID
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Symbol(ctx, id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearch runs a four-word query over a 5,000-file store.
func BenchmarkSearch(b *testing.B) {
	ctx := context.Background()
	s := openTemp(b)
	fillStore(b, s, 5000, 10, 5)
	b.ResetTimer()
	for _, query := range []string{"symbol handler service created", "service", "symbol42Handler7", "event 42 created"} {
		b.Run(strings.ReplaceAll(query, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Search(ctx, query, 20); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func fillStore(b *testing.B, s *Store, files, nsym, ncalls int) {
	b.Helper()
	start := time.Now()
	for i := 0; i < files; i += 100 {
		var batch []fact.FileFacts
		for j := i; j < i+100 && j < files; j++ {
			batch = append(batch, syntheticFile(j, nsym, ncalls))
		}
		if err := s.ReplaceFiles(context.Background(), batch); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("filled %d files in %v", files, time.Since(start))
}

// withExtras gives a synthetic file about the imports, fields and locals of
// a medusa service file (1.2 KB of them as JSON on average).
func withExtras(ff fact.FileFacts) fact.FileFacts {
	ff.File.Imports = nil
	for k := range 12 {
		module := fmt.Sprintf("@medusajs/framework/module%d", k/3)
		ff.File.Imports = append(ff.File.Imports, treesitter.Import{Local: fmt.Sprintf("Name%d", k), Imported: fmt.Sprintf("Name%d", k),
			Module: module, Span: span(uint32(k), uint32(k*40), 30)})
	}
	for k := range 6 {
		ff.File.Fields = append(ff.File.Fields, treesitter.Field{Container: "Service", Name: fmt.Sprintf("dep%d", k), Type: fmt.Sprintf("Dep%dService", k)})
	}
	for k := range 8 {
		id := ff.Symbols[k%len(ff.Symbols)].ID
		ff.File.Locals = append(ff.File.Locals, fact.Local{SymbolID: id, Name: fmt.Sprintf("local%d", k), Type: "Result"})
	}
	return ff
}

// BenchmarkFile reads files with their imports, fields and locals from a
// store of 7,000 files, as the resolver does for the file of each call
// site, cycling through 500 of them.
func BenchmarkFile(b *testing.B) {
	ctx := context.Background()
	s := openTemp(b)
	const files = 7000
	for i := 0; i < files; i += 100 {
		var batch []fact.FileFacts
		for j := i; j < i+100; j++ {
			batch = append(batch, withExtras(syntheticFile(j, 4, 2)))
		}
		if err := s.ReplaceFiles(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
	if f, err := s.File(ctx, syntheticPath(0)); err != nil || len(f.Imports) != 12 {
		b.Fatalf("File = %d imports, %v", len(f.Imports), err)
	}
	b.ResetTimer()
	for n := 0; b.Loop(); n++ {
		if _, err := s.File(ctx, syntheticPath(n%500*13)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFiles lists 7,000 files.
func BenchmarkFiles(b *testing.B) {
	ctx := context.Background()
	s := openTemp(b)
	const files = 7000
	for i := 0; i < files; i += 100 {
		var batch []fact.FileFacts
		for j := i; j < i+100; j++ {
			batch = append(batch, withExtras(syntheticFile(j, 4, 2)))
		}
		if err := s.ReplaceFiles(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if files, err := s.Files(ctx); err != nil || len(files) != 7000 {
			b.Fatalf("Files = %d, %v", len(files), err)
		}
	}
}
