package ordered

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// Results come back in job order whatever order the jobs finish in, and
// the same for any number of workers.
func TestInOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 8} {
		var got []uint64
		n := Run(context.Background(), 100, workers, func(i uint64) uint64 {
			if i%7 == 0 {
				time.Sleep(time.Millisecond) // finish out of order
			}
			return i * i
		}, func(i, r uint64) {
			if r != i*i {
				t.Fatalf("result %d for job %d", r, i)
			}
			got = append(got, i)
		})
		if n != 100 || len(got) != 100 {
			t.Fatalf("%d workers: emitted %d", workers, n)
		}
		for i, g := range got {
			if g != uint64(i) {
				t.Fatalf("%d workers: job %d emitted at position %d", workers, g, i)
			}
		}
	}
}

// A huge range costs nothing up front, and no more than the window of jobs
// runs ahead of the oldest result still missing.
func TestWindow(t *testing.T) {
	var started, maxAhead atomic.Int64
	var emitted atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	n := Run(ctx, 1<<62, 2, func(i uint64) int {
		started.Add(1)
		if ahead := int64(i) - emitted.Load(); ahead > maxAhead.Load() {
			maxAhead.Store(ahead)
		}
		return 0
	}, func(i uint64, _ int) {
		emitted.Store(int64(i + 1))
		if i == 999 {
			cancel()
		}
	})
	if n < 1000 {
		t.Fatalf("emitted %d", n)
	}
	if maxAhead.Load() > int64(Window*2) {
		t.Fatalf("a job started %d ahead of the results", maxAhead.Load())
	}
}

// Cancelled, it returns at once with what was emitted, a prefix, without
// waiting for a job that runs on.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	var got []uint64
	n := Run(ctx, 10, 2, func(i uint64) uint64 {
		if i == 3 {
			cancel()
			<-release // never finishes while Run runs
		}
		return i
	}, func(i, _ uint64) { got = append(got, i) })
	if n > 3 || uint64(len(got)) != n {
		t.Fatalf("emitted %d (%v), want a prefix before job 3", n, got)
	}
	for i, g := range got {
		if g != uint64(i) {
			t.Fatalf("emitted %v", got)
		}
	}
}

// A job that panics panics Run in the caller's goroutine, where the caller
// can recover it.
func TestPanicReachesCaller(t *testing.T) {
	defer func() {
		if p := recover(); p != "job 5" {
			t.Fatalf("recovered %v", p)
		}
	}()
	Run(context.Background(), 10, 2, func(i uint64) int {
		if i == 5 {
			panic("job 5")
		}
		return 0
	}, func(uint64, int) {})
	t.Fatal("Run returned")
}
