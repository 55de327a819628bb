package spintest

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// seeds is how many seeds per preset the test compares: a few by default
// (short phases), LOCKSIM_SPIN_SEEDS of them when set, at the default
// phases unless LOCKSIM_SPIN_SHORT=1 (thousands take hours).
func seeds(t *testing.T) (n uint64, long bool) {
	if s := os.Getenv("LOCKSIM_SPIN_SEEDS"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || n == 0 {
			t.Fatalf("LOCKSIM_SPIN_SEEDS=%q: want a count of seeds", s)
		}
		return n, os.Getenv("LOCKSIM_SPIN_SHORT") != "1"
	}
	if testing.Short() {
		return 2, false
	}
	return 4, false
}

// TestFastForwardIsStepByStep runs fairlock-4.7.0, whose fair waiters
// spin, on every preset fast-forwarded and step by step and compares the
// traces, the histories and the verdicts (clients.SpinDiff does the
// first two). The default set elides tens of thousands of runs.
func TestFastForwardIsStepByStep(t *testing.T) {
	n, long := seeds(t)
	first := uint64(1)
	if s := os.Getenv("LOCKSIM_SPIN_FIRST"); s != "" {
		first, _ = strconv.ParseUint(s, 10, 64)
	}
	elided := 0
	for _, preset := range sim.Presets {
		for seed := first; seed < first+n; seed++ {
			cfg := clients.RunConfig{Algo: "fairlock-4.7.0", Seed: seed, Preset: preset}
			if !long {
				cfg.Safety, cfg.Liveness = 60*sim.Second, 30*sim.Second
			}
			runs, err := compare(cfg)
			switch {
			case err != nil && os.Getenv("LOCKSIM_SPIN_SEEDS") != "":
				t.Errorf("%s: %v", cfg.Command(), err) // a long comparison goes on
			case err != nil:
				t.Fatalf("%s: %v", cfg.Command(), err)
			}
			elided += runs
		}
	}
	t.Logf("%d seeds per preset, %d runs elided", n, elided)
	if elided < 10_000 {
		t.Fatalf("only %d runs elided: the comparison barely exercised the fast-forward", elided)
	}
}

// TestNoSpinNoChange: an algorithm that does not spin runs the same with
// and without the fast-forward, trace byte for byte.
func TestNoSpinNoChange(t *testing.T) {
	for _, algo := range clients.Algorithms {
		if algo == "fairlock-4.7.0" {
			continue
		}
		for _, preset := range []string{"none", "all"} {
			cfg := clients.RunConfig{Algo: algo, Seed: 3, Preset: preset, Safety: 60 * sim.Second, Liveness: 30 * sim.Second}
			runs, err := compare(cfg)
			if err != nil || runs != 0 {
				t.Fatalf("%s: %d runs elided, %v", cfg.Command(), runs, err)
			}
		}
	}
}

// compare runs cfg both ways and returns how many runs the fast-forward
// elided, or how the two differ.
func compare(cfg clients.RunConfig) (int, error) {
	fast, slow, err := clients.SpinDiff(cfg)
	if err != nil {
		return 0, err
	}
	runs := 0
	for _, e := range fast.History.Elided {
		runs += e.Runs
	}
	if fast.Err() != nil || slow.Err() != nil {
		return runs, fmt.Errorf("runs stopped: %v / %v", fast.Err(), slow.Err())
	}
	vf, vs := verdict.Check(fast).Violations, verdict.Check(slow).Violations
	if !reflect.DeepEqual(vf, vs) && (undecided(vf) || undecided(vs)) {
		// porcupine's search is bounded by wall-clock time: on a busy
		// machine one side may run out of it. The histories it read are
		// the same (SpinDiff): compare the rest.
		vf, vs = withoutLinearizable(vf), withoutLinearizable(vs)
	}
	if !reflect.DeepEqual(vf, vs) {
		return runs, fmt.Errorf("verdicts differ:\n  fast-forwarded: %s\n  step by step:   %s", describe(vf), describe(vs))
	}
	return runs, nil
}

// undecided reports whether a linearizability search ran out of time.
func undecided(vs []checks.Violation) bool {
	for _, v := range vs {
		if v.Property == "linearizable" && strings.Contains(v.Detail, "could not decide the history") {
			return true
		}
	}
	return false
}

func withoutLinearizable(vs []checks.Violation) []checks.Violation {
	var out []checks.Violation
	for _, v := range vs {
		if v.Property != "linearizable" {
			out = append(out, v)
		}
	}
	return out
}

func describe(vs []checks.Violation) string {
	s := fmt.Sprintf("%d violations", len(vs))
	for _, v := range vs {
		s += fmt.Sprintf("\n    %s %s at %s: %s [%s]", v.Property, v.Class, v.At, v.Detail, v.Mech.Detail)
	}
	return s
}
