package settings

import (
	"math"
	"math/bits"
	"sort"

	"github.com/locksim/locksim/sim"
)

// Interval is the exact (Clopper-Pearson) 95% confidence interval of a
// rate seen k times in n worlds. For k = 0 the lower end is 0 and the upper
// one 1 - 0.025^(1/n), about 3.7/n: zero of n is a bound, not "safe" (the
// rule of three, 3/n, is the one-sided 95% bound; this is two-sided).
func Interval(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const alpha = 0.025
	if k > 0 {
		// lo: P(X >= k | p) = alpha
		lo = bisect(func(p float64) bool { return 1-binomCDF(k-1, n, p) < alpha })
	}
	hi = 1
	if k < n {
		// hi: P(X <= k | p) = alpha
		hi = bisect(func(p float64) bool { return binomCDF(k, n, p) > alpha })
	}
	return lo, hi
}

// bisect finds the p in [0, 1] where below(p) turns from true to false.
func bisect(below func(p float64) bool) float64 {
	lo, hi := 0.0, 1.0
	for range 60 {
		mid := (lo + hi) / 2
		if below(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// binomCDF is P(X <= k) for X ~ Binomial(n, p).
func binomCDF(k, n int, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	case p <= 0:
		return 1
	case p >= 1:
		return 0
	}
	lp, lq := math.Log(p), math.Log1p(-p)
	ln, _ := math.Lgamma(float64(n + 1))
	sum := 0.0
	for i := 0; i <= k; i++ {
		li, _ := math.Lgamma(float64(i + 1))
		lni, _ := math.Lgamma(float64(n - i + 1))
		sum += math.Exp(ln - li - lni + float64(i)*lp + float64(n-i)*lq)
	}
	return min(sum, 1)
}

// Hist counts durations in buckets of about 4% (16 per doubling), by
// integer arithmetic: the same counts on every machine, and two histograms
// merge by adding them. Quantiles read a bucket's upper end.
type Hist map[uint16]int

// histBits is how many bits of a duration below its leading one a bucket
// keeps.
const histBits = 4

// bucket is the bucket of d (µs, at least 0).
func bucket(d sim.Duration) uint16 {
	u := uint64(max(d, 0))
	if u < 1<<histBits {
		return uint16(u)
	}
	n := bits.Len64(u) - 1 // the leading one's place
	mant := (u >> (n - histBits)) & (1<<histBits - 1)
	return uint16((n-histBits+1)<<histBits) | uint16(mant)
}

// upper is the largest duration in bucket b.
func upper(b uint16) sim.Duration {
	if b < 1<<histBits {
		return sim.Duration(b)
	}
	n := int(b>>histBits) + histBits - 1
	mant := uint64(b & (1<<histBits - 1))
	lo := (1<<histBits | mant) << (n - histBits)
	return sim.Duration(lo + 1<<(n-histBits) - 1)
}

// Add counts d.
func (h Hist) Add(d sim.Duration) { h[bucket(d)]++ }

// Merge adds o's counts to h.
func (h Hist) Merge(o Hist) {
	for b, c := range o {
		h[b] += c
	}
}

// N is how many durations h counts.
func (h Hist) N() int {
	n := 0
	for _, c := range h {
		n += c
	}
	return n
}

// Quantile is the q-quantile of h (nearest rank), to the bucket's upper
// end; -1 when h is empty.
func (h Hist) Quantile(q float64) sim.Duration {
	n := h.N()
	if n == 0 {
		return -1
	}
	keys := make([]int, 0, len(h))
	for b := range h {
		keys = append(keys, int(b))
	}
	sort.Ints(keys)
	rank := int(q * float64(n-1))
	seen := 0
	for _, b := range keys {
		seen += h[uint16(b)]
		if seen > rank {
			return upper(uint16(b))
		}
	}
	return upper(uint16(keys[len(keys)-1]))
}

// Quantile is the q-quantile (nearest rank below) of sorted ds; -1 when
// empty.
func Quantile(ds []sim.Duration, q float64) sim.Duration {
	if len(ds) == 0 {
		return -1
	}
	return ds[int(q*float64(len(ds)-1))]
}
