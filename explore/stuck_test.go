package explore

import (
	"math/rand/v2"
	"testing"
)

// TestStuck: on random graphs (many small cycles, some states with no
// way out, lists read in several parts), the liveness check finds
// the same first stuck state with one goroutine and with several, and it
// is the one a plain forward fixpoint finds.
func TestStuck(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 20; trial++ {
		n := 1 + rng.IntN(3*edgeMark)
		if trial%5 == 0 {
			n = 1 + rng.IntN(40)
		}
		succ := make([][]uint32, n)
		var edges edgeList
		var finished []uint32
		for p := range succ {
			if rng.IntN(50) == 0 {
				finished = append(finished, uint32(p))
			}
			for k := rng.IntN(4); k > 0; k-- {
				// mostly near p (as breadth-first ids are), sometimes far
				to := p + rng.IntN(9) - 4
				if rng.IntN(10) == 0 {
					to = rng.IntN(n)
				}
				if to < 0 || to >= n {
					continue
				}
				succ[p] = append(succ[p], uint32(to))
				edges.add(uint32(p), uint32(to))
			}
		}
		// forward fixpoint: good when finished or a successor is good
		good := make([]bool, n)
		for _, f := range finished {
			good[f] = true
		}
		for changed := true; changed; {
			changed = false
			for p := range succ {
				for _, to := range succ[p] {
					if !good[p] && good[to] {
						good[p], changed = true, true
					}
				}
			}
		}
		want, wantOK := uint32(0), false
		for p, g := range good {
			if !g {
				want, wantOK = uint32(p), true
				break
			}
		}
		for _, workers := range []int{1, 2, 3} {
			if got, ok := stuck(n, &edges, finished, workers); got != want || ok != wantOK {
				t.Fatalf("trial %d (%d states), %d goroutines: stuck = %d, %v; want %d, %v", trial, n, workers, got, ok, want, wantOK)
			}
		}
	}
}
