package ordered

import (
	"context"
	"sync"
)

// Window is how many jobs per worker may be started ahead of the oldest
// result not yet handed back; it bounds the results held in memory.
const Window = 4

// Run calls work(i) for i in [0, n) on workers goroutines and emit(i, r)
// from the calling goroutine in order of i, each as soon as every earlier
// result has been emitted. When ctx is cancelled it starts no more jobs,
// emits nothing more, and returns at once without waiting for the jobs
// still running (their results are dropped). It returns how many results
// were emitted: those of jobs 0 to emitted-1.
func Run[R any](ctx context.Context, n uint64, workers int, work func(i uint64) R, emit func(i uint64, r R)) (emitted uint64) {
	if workers < 1 {
		workers = 1
	}
	window := uint64(Window * workers)
	jobs := make(chan uint64)
	// Buffered for the whole window, so a worker never blocks on a result
	// nobody will read any more.
	results := make(chan outcome[R], window)
	stop := make(chan struct{})
	defer close(stop)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- run(i, work)
			}
		}()
	}
	// The dispatcher starts job i only once i < done + window, done being
	// the number of results emitted so far.
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	done, stopped := uint64(0), false
	go func() {
		defer close(jobs)
		for i := uint64(0); i < n; i++ {
			mu.Lock()
			for i >= done+window && !stopped {
				cond.Wait()
			}
			quit := stopped
			mu.Unlock()
			if quit {
				return
			}
			select {
			case jobs <- i:
			case <-stop:
				return
			}
		}
	}()
	defer func() {
		mu.Lock()
		stopped = true
		cond.Broadcast()
		mu.Unlock()
	}()
	pending := map[uint64]R{}
	for emitted < n {
		select {
		case <-ctx.Done():
			return emitted
		case res := <-results:
			if res.panicV != nil {
				panic(res.panicV) // in the caller's goroutine, where it can be recovered
			}
			pending[res.i] = res.r
		}
		for {
			r, ok := pending[emitted]
			if !ok {
				break
			}
			delete(pending, emitted)
			// Cancelled while collecting: what is complete stays emitted in
			// order, nothing after a gap.
			emit(emitted, r)
			emitted++
			mu.Lock()
			done = emitted
			cond.Broadcast()
			mu.Unlock()
		}
	}
	wg.Wait()
	return emitted
}

// outcome is what job i gave: its result, or the value it panicked with.
type outcome[R any] struct {
	i      uint64
	r      R
	panicV any
}

// run is work(i), with a panic caught so that Run raises it again in its
// caller's goroutine.
func run[R any](i uint64, work func(uint64) R) (res outcome[R]) {
	res.i = i
	defer func() {
		if p := recover(); p != nil {
			res.panicV = p
		}
	}()
	res.r = work(i)
	return res
}
