package clients

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/model"
)

// The algorithms a client runs: their names, and what the checks hold
// each to. NewConfig makes the client of one.

// Algorithms lists the lock algorithms by name, simplest first.
var Algorithms = []string{
	"setnx-expire", "set-px", "set-uuid-getdel", "set-uuid-lua",
	"rlock-3.8.1", "rlock-3.16.8", "fairlock-3.8.1", "fairlock-3.16.8",
	"rlock-4.7.0", "fairlock-4.7.0", "fencedlock-4.7.0",
}

// AlgosWhere are the Redisson algorithms whose version's default options
// satisfy pred, in Algorithms' order: which of them a setting applies to.
func AlgosWhere(pred func(o *Options) bool) []string {
	var out []string
	for _, a := range Algorithms {
		version, fair, redisson := RedissonAlgo(a)
		if !redisson {
			continue
		}
		o, err := DefaultSettings(version, fair)
		o.Fenced = strings.HasPrefix(a, "fencedlock-")
		if err == nil && pred(&o) {
			out = append(out, a)
		}
	}
	return out
}

// CheckAlgo validates an algorithm name.
func CheckAlgo(name string) error {
	for _, a := range Algorithms {
		if a == name {
			return nil
		}
	}
	return fmt.Errorf("unknown algorithm %q (known: %s)", name, strings.Join(Algorithms, ", "))
}

// ParseAlgos reads a list of algorithms (simrun's --algos): "" and "all" every algorithm,
// else a comma-separated list of known ones, each once.
func ParseAlgos(s string) ([]string, error) {
	switch s {
	case "", "all":
		return slices.Clone(Algorithms), nil
	}
	var out []string
	for _, a := range strings.Split(s, ",") {
		if err := CheckAlgo(a); err != nil {
			return nil, err
		}
		if slices.Contains(out, a) {
			return nil, fmt.Errorf("%s twice", a)
		}
		out = append(out, a)
	}
	return out, nil
}

// LockModel is the specification the linearizable check holds an
// algorithm to: Redisson's locks are reentrant and report an unlock of a
// lock the thread does not hold (IllegalMonitorStateException), except
// that an unlock of a free lock reports success in 3.8.1 and in the fair
// locks (their unlockInnerAsync returns 1 when the key does not exist;
// 3.16.8's and 4.7.0's RedissonLock check hexists first); the fair locks are FIFO;
// the simple locks are neither reentrant nor able to tell a release of
// someone else's lock.
func LockModel(algo string) model.LockOptions {
	_, _, redisson := RedissonAlgo(algo)
	return model.LockOptions{
		Reentrant:      redisson,
		Fair:           strings.HasPrefix(algo, "fairlock-"),
		ReportsNotHeld: redisson,
		ReleaseFreeOK:  algo == "rlock-3.8.1" || strings.HasPrefix(algo, "fairlock-"),
	}
}
