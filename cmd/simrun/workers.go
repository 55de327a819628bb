package main

import (
	"runtime"

	"github.com/locksim/locksim/internal/memlimit"
)

// What each worker is taken to need, for the bound on workers: a run of
// a sweep holds its history and the store's samples (a few MB for the
// standard runs; up to run.MaxStoreSamples of 168 bytes, 700 MB, for
// the largest a flag allows) and its linearizability search (bounded by
// checks.LinearizableMemory); an explore worker its memo of steps.
const (
	runReserve     = 1 << 30
	exploreReserve = 256 << 20
)

// Sources of the bound, replaced by tests.
var (
	cores       = func() int { return runtime.GOMAXPROCS(0) }
	memoryLimit = func() int64 { return memlimit.Get().Limit }
)

// boundWorkers is how many workers a command runs when asked for n (0:
// one per core): at most one per core, since each is busy computing and
// more only hold more in memory (the results are the same with any
// number), and at most as many as the memory limit holds at reserve
// each; at least one.
func boundWorkers(n int, reserve int64) int {
	c := max(cores(), 1)
	if n <= 0 || n > c {
		n = c
	}
	if m := memoryLimit() / reserve; int64(n) > m {
		n = int(max(m, 1))
	}
	return n
}
