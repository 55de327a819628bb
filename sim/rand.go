package sim

import (
	"math"
	"math/bits"
)

// Rand is a named, deterministic random stream (splitmix64). Every choice in
// a run comes from a stream split off the run's seed by name, so adding a
// stream or drawing more from one never shifts the values another gives.
type Rand struct {
	state uint64
	exp   *expTable // the table of the mean Exp drew with last (nil: none yet, or none for it)
}

// NewRand returns the stream called name under seed: splitmix64 seeded with
// seed ⊕ FNV-1a(name), so streams are independent of creation order.
func NewRand(seed uint64, name string) *Rand {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	r := &Rand{state: seed ^ h}
	r.Uint64() // decorrelate neighbouring seeds
	return r
}

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 { return SplitMix64(&r.state) }

// SplitMix64 advances state by one splitmix64 step and returns its 64
// bits: the generator of every stream, for callers that keep the state in
// a value of their own (a client keeps its draws in its encoding).
func SplitMix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Int63n returns a uniform integer in [0, n); n must be > 0.
func (r *Rand) Int63n(n int64) int64 {
	if n <= 0 {
		panic("sim: Rand.Int63n with n <= 0")
	}
	// Lemire's unbiased bounded draw.
	max := uint64(n)
	for {
		v := r.Uint64()
		hi, lo := bits.Mul64(v, max)
		if lo >= max || lo >= (-max)%max {
			return int64(hi)
		}
	}
}

// Intn returns a uniform int in [0, n).
func (r *Rand) Intn(n int) int { return int(r.Int63n(int64(n))) }

// Float64 returns a uniform float in [0, 1).
func (r *Rand) Float64() float64 { return unit(r.Uint64() >> 11) }

// unit is the uniform float v/2^53 of 53 random bits v.
func unit(v uint64) float64 { return float64(v) / (1 << 53) }

// Chance returns true with probability p.
func (r *Rand) Chance(p float64) bool { return p > 0 && r.Float64() < p }

// Range returns a uniform duration in [lo, hi].
func (r *Rand) Range(lo, hi Duration) Duration {
	if hi <= lo {
		return lo
	}
	return lo + Duration(r.Int63n(int64(hi-lo)+1))
}

// Exp returns an exponentially distributed duration with the given mean:
// Duration(-math.Log(1-u) * mean) for the next uniform u, found in a
// table when the mean has one (exptable.go: the same value, cheaper).
func (r *Rand) Exp(mean Duration) Duration {
	v := r.Uint64() >> 11 // Float64's bits: u = unit(v)
	t := r.exp
	if t == nil || t.mean != mean {
		t = expTableFor(mean)
		r.exp = t
	}
	if t != nil {
		if d, ok := t.draw(v); ok {
			return d
		}
	}
	return expLog(unit(v), mean)
}

// expLog is Exp's definition, the logarithm taken.
func expLog(u float64, mean Duration) Duration {
	return Duration(-math.Log(1-u) * float64(mean))
}
