package fairness

import (
	"fmt"
	"sort"

	"github.com/locksim/locksim/sim"
)

// Sorted is a sorted copy of ds.
func Sorted(ds []sim.Duration) []sim.Duration {
	s := append([]sim.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}

// Quantile is the q-quantile of sorted s (not empty) by the nearest rank
// below: s[floor(q·(len-1))].
func Quantile(s []sim.Duration, q float64) sim.Duration {
	return s[int(q*float64(len(s)-1))]
}

// Quantiles renders p50 / p90 / p99 / max of ds, or – when it is empty.
func Quantiles(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	s := Sorted(ds)
	return fmt.Sprintf("%s / %s / %s / %s", Ms(Quantile(s, 0.5)), Ms(Quantile(s, 0.9)), Ms(Quantile(s, 0.99)), Ms(s[len(s)-1]))
}

// Quantiles3 renders p50 / p99 / max of ds, or – when it is empty.
func Quantiles3(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	s := Sorted(ds)
	return fmt.Sprintf("%s / %s / %s", Ms(Quantile(s, 0.5)), Ms(Quantile(s, 0.99)), Ms(s[len(s)-1]))
}

// Median renders the median of ds, or – when it is empty.
func Median(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	return Ms(Quantile(Sorted(ds), 0.5))
}

// Ms renders a duration to the millisecond, or to a tenth of a second
// from a second up.
func Ms(d sim.Duration) string {
	if d >= sim.Second {
		return fmt.Sprintf("%.1fs", float64(d)/float64(sim.Second))
	}
	return fmt.Sprintf("%dms", d/sim.Millisecond)
}

// MaxPos is the deepest queue position of any series.
func MaxPos(series []map[int][]sim.Duration) int {
	n := 0
	for _, s := range series {
		for pos := range s {
			n = max(n, pos)
		}
	}
	return n
}
