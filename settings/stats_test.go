package settings

import (
	"math"
	"testing"

	"github.com/locksim/locksim/sim"
)

// Clopper-Pearson against the exact binomial bounds (each checked by
// summing the binomial terms): zero of n is an upper bound of 1 - 0.025^(1/n).
func TestInterval(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 100, 0, 0.036217},
		{0, 1000, 0, 0.0036821},
		{3, 100, 0.0062300, 0.085176},
		{50, 100, 0.39832, 0.60168},
		{100, 100, 0.96378, 1},
		{1, 1, 0.025, 1},
	} {
		lo, hi := Interval(c.k, c.n)
		if math.Abs(lo-c.lo) > 1e-4*max(c.lo, 0.01) || math.Abs(hi-c.hi) > 1e-4*max(c.hi, 0.01) {
			t.Errorf("Interval(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// Every duration falls in a bucket whose upper end is at most 1/16 above
// it; buckets are ordered as their durations.
func TestHistBuckets(t *testing.T) {
	prev := uint16(0)
	for d := sim.Duration(0); d < 100*sim.Second; d += 1 + d/50 {
		b := bucket(d)
		if b < prev {
			t.Fatalf("bucket(%d) = %d after %d", d, b, prev)
		}
		prev = b
		u := upper(b)
		if u < d || float64(u-d) > float64(d)/16+1 {
			t.Fatalf("bucket(%d) = %d, upper %d", d, b, u)
		}
	}
	h := Hist{}
	for i := 1; i <= 100; i++ {
		h.Add(sim.Duration(i) * sim.Millisecond)
	}
	if q := h.Quantile(0.5); q < 50*sim.Millisecond || q > 53*sim.Millisecond {
		t.Fatalf("median %s", q)
	}
}
