package sim

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
)

// Exponential draws without a logarithm, exactly.
//
// Rand.Exp is Duration(-math.Log(1-u) * mean): a whole number of
// microseconds. A retry loop that spins once per round trip draws two of
// them per iteration, and the fast-forward (spin.go) must draw every one:
// on a settings map the logarithm was a third of all the work. Yet for a
// mean of a few hundred microseconds most values of 1-u share their
// whole microsecond with their neighbours: an expTable splits (0, 1) into
// buckets by the bits of 1-u (its octave and the top bits of its
// mantissa) and remembers, for each bucket where every x in it gives the
// same whole number, that number. Other buckets, where the value crosses
// a whole microsecond, answer "don't know", and Exp takes the logarithm.
//
// Why the table is exact: for x in a bucket [lo, hi], the true -ln x
// lies in [-ln hi, -ln lo], and math.Log is within one ulp of the true
// logarithm (its documented bound), so the value Exp computes for any x
// in the bucket lies within a few ulps of [-ln(hi)·mean, -ln(lo)·mean]
// as math.Log gives them. A bucket is filled only when that interval,
// widened by a relative 1e-12 (thousands of ulps), holds no whole number:
// then every x in it truncates to the same duration. TestExpTable
// compares the table with the logarithm draw by draw.
//
// Tables are shared by every world in the process (a worker's worlds use
// the same few network means), filled lazily and atomically: a bucket is
// computed the first time a draw falls in it. What a table answers does
// not depend on what filled it, so sharing it cannot change a run.

// expBits is how many top bits of the mantissa of 1-u name a bucket
// within its octave; expOctaves how many octaves below 1 have buckets
// (1-u under 2^-24 takes the logarithm: one draw in 16 million).
const (
	expBits    = 14
	expOctaves = 24
	// expMaxMean is the largest mean with a table: a bucket spans a
	// 2^-14 share of its octave, so its values span mean/16384 µs, and at
	// 1 ms a bucket crosses a whole microsecond one time in sixteen.
	expMaxMean = 1024 * Microsecond
	// expSlack widens a bucket's interval of values (relative and
	// absolute) far beyond the logarithm's and the product's rounding.
	expSlack = 1e-12
)

// expTable is one mean's buckets: 0 not computed yet, k+1 every draw in
// it is k µs, -1 the logarithm decides.
type expTable struct {
	mean  Duration
	cells []atomic.Int32
}

// expTables holds the process's tables by mean, at most expMaxTables of
// them (1.5 MiB each): a run uses one or two means of a millisecond or
// less (its network's), and a mean past the bound takes the logarithm. A
// stream keeps the table of the mean it drew last (Rand.exp), so the
// lock is taken when a stream's mean changes, not per draw.
var expTables struct {
	sync.Mutex
	by map[Duration]*expTable
}

const expMaxTables = 16

// expTableFor returns mean's table, made if need be; nil when mean has
// none (too large for buckets to help, or the tables are all taken).
func expTableFor(mean Duration) *expTable {
	if mean <= 0 || mean > expMaxMean {
		return nil
	}
	expTables.Lock()
	defer expTables.Unlock()
	if t, ok := expTables.by[mean]; ok {
		return t
	}
	if len(expTables.by) >= expMaxTables {
		return nil
	}
	if expTables.by == nil {
		expTables.by = map[Duration]*expTable{}
	}
	t := &expTable{mean: mean, cells: make([]atomic.Int32, expOctaves<<expBits)}
	expTables.by[mean] = t
	return t
}

// draw returns the duration Exp gives for the uniform u = v/2^53, and
// false when the table does not know it. It reads the bucket of 1-u off
// the integer 2^53-v, whose leading one and next bits are exactly the
// exponent and top mantissa bits of the float 1-u (exact: v < 2^53).
func (t *expTable) draw(v uint64) (Duration, bool) {
	x := 1<<53 - v // 1-u = x/2^53, x in [1, 2^53]
	lz := bits.LeadingZeros64(x)
	oct := lz - 11 // 1-u in [2^-(oct+1), 2^-oct)
	if oct < 0 || oct >= expOctaves {
		return 0, false // u == 0, or 1-u tiny
	}
	i := oct<<expBits | int(x<<uint(lz+1)>>(64-expBits))
	switch c := t.cells[i].Load(); {
	case c > 0:
		return Duration(c - 1), true
	case c < 0:
		return 0, false
	}
	return t.fill(i, math.Float64bits(unit(x)))
}

// fill computes bucket i, which holds the float64 bits b.
func (t *expTable) fill(i int, b uint64) (Duration, bool) {
	const low = 1<<(52-expBits) - 1
	lo, hi := math.Float64frombits(b&^low), math.Float64frombits(b|low)
	m := float64(t.mean)
	least, most := -math.Log(hi)*m, -math.Log(lo)*m
	least -= least*expSlack + expSlack
	most += most*expSlack + expSlack
	if least >= 0 && most < math.MaxInt32-1 && int64(least) == int64(most) {
		k := int32(least)
		t.cells[i].Store(k + 1)
		return Duration(k), true
	}
	t.cells[i].Store(-1)
	return 0, false
}
