package embedded

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph"
)

// BenchmarkReplaceFiles writes batches of 100 files of 20 symbols with 5
// calls each (about what a TypeScript service file yields), replacing files
// already stored as a re-index does.
func BenchmarkReplaceFiles(b *testing.B) {
	ctx := context.Background()
	s := openTemp(b)
	const batchFiles, nsym, ncalls = 100, 20, 5
	rowsPerBatch := batchFiles * (nsym + nsym*ncalls)
	batches := make([][]graph.FileFacts, 5)
	for k := range batches {
		for i := range batchFiles {
			batches[k] = append(batches[k], syntheticFile(k*batchFiles+i, nsym, ncalls))
		}
	}
	b.ResetTimer()
	start := time.Now()
	for n := 0; b.Loop(); n++ {
		if err := s.ReplaceFiles(ctx, batches[n%len(batches)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*rowsPerBatch)/time.Since(start).Seconds(), "rows/s")
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
		var batch []graph.FileFacts
		for j := i; j < i+100 && j < files; j++ {
			batch = append(batch, syntheticFile(j, nsym, ncalls))
		}
		if err := s.ReplaceFiles(context.Background(), batch); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("filled %d files in %v", files, time.Since(start))
}
