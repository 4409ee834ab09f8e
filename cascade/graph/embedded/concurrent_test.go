package embedded

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
)

// Two writers at once — the first index's batches and an editor's buffer —
// must both finish. They used to deadlock: one held the only writer
// connection in its transaction and waited for the prepared-statement lock,
// which the other held while preparing on that same connection.
func TestConcurrentWritersFinish(t *testing.T) {
	s := openTemp(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	writer := func(name string, sizes []int) {
		defer wg.Done()
		for round := range 40 {
			for _, n := range sizes {
				// Growing row counts keep asking for statements not
				// prepared yet.
				var batch []fact.FileFacts
				for i := range n {
					batch = append(batch, syntheticFile(i+1000*len(name), 1+round%7+i%5, 1+(round*3+i)%11))
				}
				for i := range batch {
					batch[i].File.Path = fmt.Sprintf("%s/%d.ts", name, i)
				}
				if err := s.ReplaceFiles(ctx, batch); err != nil {
					errs <- fmt.Errorf("%s: %w", name, err)
					return
				}
			}
		}
	}
	wg.Add(2)
	go writer("bulk", []int{64, 17, 33})
	go writer("buffer", []int{1})
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("concurrent writers did not finish: deadlock")
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
