package cascade

import (
	"context"
	"testing"
	"time"
)

// Background work waits while a question is answered, goes on when it is,
// and is never held for good by a question that does not end.
func TestBackgroundWorkStepsAsideForQuestions(t *testing.T) {
	var c requestCount
	c.yield(context.Background()) // none in flight: returns at once (a hang fails the test)

	end := c.begin()
	done := make(chan struct{})
	go func() {
		c.yield(context.Background())
		close(done)
	}()
	select {
	case <-done:
		t.Fatal("background work went on while a question was being answered")
	case <-time.After(20 * time.Millisecond):
	}
	end()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("background work stayed paused after the question was answered")
	}

	// A question that never ends holds background work up only for a
	// while, and a cancelled context not at all.
	c.begin()
	bounded := make(chan struct{})
	go func() {
		c.yield(context.Background())
		close(bounded)
	}()
	select {
	case <-bounded:
	case <-time.After(10 * time.Second):
		t.Fatal("background work waited for good behind a question that never ended")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.yield(ctx)
}
