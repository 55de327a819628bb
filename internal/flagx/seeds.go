package flagx

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// SeedRange is an inclusive range of seeds, the value of a --seeds flag:
// "LO-HI" or "N".
type SeedRange struct{ Lo, Hi uint64 }

// MaxSeeds bounds how many seeds a range may hold: at a thousand runs a
// second it is more than a week of work, and counting it never
// overflows. Runs are built as they are taken, so the range costs no
// memory up front.
const MaxSeeds = 1_000_000_000

func (r *SeedRange) String() string { return fmt.Sprintf("%d-%d", r.Lo, r.Hi) }

// Count is how many seeds the range holds.
func (r SeedRange) Count() uint64 { return r.Hi - r.Lo + 1 }

// Set parses "LO-HI" or "N"; the error says what a range looks like.
func (r *SeedRange) Set(s string) error {
	lo, hi, found := strings.Cut(s, "-")
	a, err1 := strconv.ParseUint(lo, 10, 64)
	b := a
	var err2 error
	if found {
		b, err2 = strconv.ParseUint(hi, 10, 64)
	}
	if err1 != nil || err2 != nil || b < a {
		return fmt.Errorf("bad seed range %s (want LO-HI with LO <= HI, e.g. 1-100)", Quote(s))
	}
	if b-a >= MaxSeeds {
		return fmt.Errorf("seed range %s holds %s seeds, more than %d", Quote(s), new(big.Int).Add(new(big.Int).SetUint64(b-a), big.NewInt(1)), uint64(MaxSeeds))
	}
	r.Lo, r.Hi = a, b
	return nil
}

// Shard is the value of a --shard i/n flag: a process takes every n-th
// seed of a range, starting with the i-th (1-based), so n CI jobs split a
// range and their outputs merge.
type Shard struct{ I, N int }

func (s *Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Set parses "i/n" with 1 <= i <= n.
func (s *Shard) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || !isDecimal(a, false) || !isDecimal(b, false) || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return fmt.Errorf("bad shard %s (want i/n with 1 <= i <= n, e.g. 2/4)", Quote(v))
	}
	s.I, s.N = i, n
	return nil
}

// Count is how many seeds of r the shard takes.
func (s Shard) Count(r SeedRange) uint64 {
	total := r.Count()
	skip := uint64(s.I - 1)
	if total <= skip {
		return 0
	}
	return (total-skip-1)/uint64(s.N) + 1
}

// Seed is the shard's k-th seed of r (from 0).
func (s Shard) Seed(r SeedRange, k uint64) uint64 {
	return r.Lo + uint64(s.I-1) + k*uint64(s.N)
}
