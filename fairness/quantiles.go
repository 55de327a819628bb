package fairness

import (
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
