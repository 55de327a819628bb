package comparison

import (
	"fmt"

	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/sim"
)

// Quantiles renders p50 / p90 / p99 / max of ds, or – when it is empty.
func Quantiles(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	s := fairness.Sorted(ds)
	return fmt.Sprintf("%s / %s / %s / %s", Ms(fairness.Quantile(s, 0.5)), Ms(fairness.Quantile(s, 0.9)), Ms(fairness.Quantile(s, 0.99)), Ms(s[len(s)-1]))
}

// Quantiles3 renders p50 / p99 / max of ds, or – when it is empty.
func Quantiles3(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	s := fairness.Sorted(ds)
	return fmt.Sprintf("%s / %s / %s", Ms(fairness.Quantile(s, 0.5)), Ms(fairness.Quantile(s, 0.99)), Ms(s[len(s)-1]))
}

// Median renders the median of ds, or – when it is empty.
func Median(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	return Ms(fairness.Quantile(fairness.Sorted(ds), 0.5))
}

// Ms renders a duration to the millisecond, or to a tenth of a second
// from a second up.
func Ms(d sim.Duration) string {
	if d >= sim.Second {
		return fmt.Sprintf("%.1fs", float64(d)/float64(sim.Second))
	}
	return fmt.Sprintf("%dms", d/sim.Millisecond)
}
