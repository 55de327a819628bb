package sim

import (
	"fmt"
	"math"
	"sync/atomic"
	"testing"
)

// TestExpTable holds Rand.Exp's table to its definition, expLog (the
// logarithm taken), draw by draw: uniform draws, draws near 0 and near
// 1 (the table's first and last octaves), and draws at the edges of
// buckets, for means from 1 µs to the largest with a table. A bucket the
// table fills must give what the logarithm gives for every draw in it.
func TestExpTable(t *testing.T) {
	n := 400_000
	if testing.Short() {
		n = 50_000
	}
	r := NewRand(1, "exptable")
	for _, mean := range []Duration{1, 3, 77, 125, 250, 499, 500, 640, 1000, expMaxMean} {
		tab := &expTable{mean: mean, cells: make([]atomic.Int32, expOctaves<<expBits)}
		hits := 0
		check := func(v uint64) {
			v &= 1<<53 - 1
			want := expLog(unit(v), mean)
			if got, ok := tab.draw(v); ok {
				hits++
				if got != want {
					t.Fatalf("mean %d µs, u = %d/2^53: the table gives %d µs, the logarithm %d", mean, v, got, want)
				}
			}
		}
		for i := 0; i < n; i++ {
			v := r.Uint64() >> 11
			check(v)                           // uniform
			check(v >> uint(r.Intn(53)))       // u near 0
			check(1<<53 - 1 - v>>r.Intn(53))   // u near 1
			edge := (1<<53 - v) &^ (1<<20 - 1) // 1-u at a bucket's low edge (for the first 20 octaves) …
			check(1<<53 - edge)
			check(1<<53 - edge + 1) // … and the last x of the bucket below
			check(1<<53 - edge - 1)
		}
		if hits < 3*n {
			t.Errorf("mean %d µs: the table answered %d of %d draws: it barely saves a logarithm", mean, hits, 6*n)
		}
	}
	// The edges: u = 0 (1-u = 1) and the smallest 1-u take the logarithm.
	for _, v := range []uint64{0, 1<<53 - 1} {
		tab := expTableFor(250)
		if _, ok := tab.draw(v); ok {
			t.Errorf("u = %d/2^53: the table answered; it must leave the edge to the logarithm", v)
		}
	}
}

// TestExpMatchesDefinition draws from two streams of one seed, one
// through Exp and one by the definition, for the means the network uses.
func TestExpMatchesDefinition(t *testing.T) {
	a, b := NewRand(7, "net/latency"), NewRand(7, "net/latency")
	for i := 0; i < 200_000; i++ {
		mean := []Duration{250, 500, 125, 10_000, 200 * Millisecond}[i%5]
		got := a.Exp(mean)
		want := Duration(-math.Log(1-b.Float64()) * float64(mean))
		if got != want {
			t.Fatalf("draw %d, mean %d µs: Exp %d, definition %d", i, mean, got, want)
		}
	}
}

// TestExpTableShared draws from one mean's table on two goroutines at
// once, as two workers do (run it with -race): each gets what the
// logarithm gives, whoever filled the bucket.
func TestExpTableShared(t *testing.T) {
	done := make(chan error, 2)
	for g := uint64(0); g < 2; g++ {
		go func() {
			r := NewRand(g, "shared")
			for i := 0; i < 100_000; i++ {
				v := r.Uint64() >> 11
				want := expLog(unit(v), 333)
				if got, ok := expTableFor(333).draw(v); ok && got != want {
					done <- fmt.Errorf("u = %d/2^53: the table gives %d µs, the logarithm %d", v, got, want)
					return
				}
			}
			done <- nil
		}()
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// TestExpTablesKept: a stream that draws with two means in turn (a
// request's jitter, then a pub/sub message's) finds each mean's table
// again instead of making one per draw, and a table is made once per mean.
func TestExpTablesKept(t *testing.T) {
	r := NewRand(9, "two means")
	r.Exp(311)
	r.Exp(622)
	allocs := testing.AllocsPerRun(1000, func() {
		r.Exp(311)
		r.Exp(622)
	})
	if allocs != 0 {
		t.Errorf("drawing with two means in turn allocates %.1f times per pair; each mean's table should be found again", allocs)
	}
	first, again, other := expTableFor(311), expTableFor(311), expTableFor(622)
	if first != again || first == other {
		t.Error("expTableFor does not keep one table per mean")
	}
}
