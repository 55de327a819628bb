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
	"github.com/locksim/locksim/run"
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
// traces, the histories and the verdicts (run.SpinDiff does the
// first two). The default set elides tens of thousands of runs. With
// LOCKSIM_SPIN_REPORT=FILE it writes what it compared, per preset, as a
// markdown table.
func TestFastForwardIsStepByStep(t *testing.T) {
	n, long := seeds(t)
	first := uint64(1)
	if s := os.Getenv("LOCKSIM_SPIN_FIRST"); s != "" {
		first, _ = strconv.ParseUint(s, 10, 64)
	}
	type tally struct{ runs, spun, elided, differ, undecided int }
	var all tally
	var table strings.Builder
	for _, preset := range sim.Presets {
		var pt tally
		for seed := first; seed < first+n; seed++ {
			cfg := run.Config{Algo: "fairlock-4.7.0", Seed: seed, Preset: preset}
			if !long {
				cfg.Safety, cfg.Liveness = 60*sim.Second, 30*sim.Second
			}
			runs, undec, err := compare(cfg)
			switch {
			case err != nil && os.Getenv("LOCKSIM_SPIN_SEEDS") != "":
				t.Errorf("%s: %v", cfg.Command(), err) // a long comparison goes on
				pt.differ++
			case err != nil:
				t.Fatalf("%s: %v", cfg.Command(), err)
			}
			pt.runs++
			pt.elided += runs
			if runs > 0 {
				pt.spun++
			}
			if undec {
				pt.undecided++
			}
		}
		fmt.Fprintf(&table, "| %s | %d-%d | %d | %d | %d | %d | %d |\n", preset, first, first+n-1, pt.runs, pt.spun, pt.elided, pt.differ, pt.undecided)
		all.runs, all.spun, all.elided, all.differ, all.undecided = all.runs+pt.runs, all.spun+pt.spun, all.elided+pt.elided, all.differ+pt.differ, all.undecided+pt.undecided
	}
	fmt.Fprintf(&table, "| **all** | | %d | %d | %d | %d | %d |\n", all.runs, all.spun, all.elided, all.differ, all.undecided)
	t.Logf("%d seeds per preset, %d runs elided", n, all.elided)
	if path := os.Getenv("LOCKSIM_SPIN_REPORT"); path != "" {
		phases := "the default phases (3 min with faults, 2 min healed)"
		if !long {
			phases = "phases of 60 s with faults and 30 s healed"
		}
		text := fmt.Sprintf("fairlock-4.7.0, %s, each run fast-forwarded and step by step (`LOCKSIM_SPIN_SEEDS=%d LOCKSIM_SPIN_FIRST=%d LOCKSIM_SPIN_SHORT=%s go test -run TestFastForwardIsStepByStep ./internal/spintest/`):\n\n"+
			"| preset | seeds | runs compared | runs with an elided loop | script runs elided | runs that differ | pairs whose linearizability search ran out of time |\n|---|---|---:|---:|---:|---:|---:|\n%s",
			phases, n, first, os.Getenv("LOCKSIM_SPIN_SHORT"), table.String())
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if all.elided < 10_000 {
		t.Fatalf("only %d runs elided: the comparison barely exercised the fast-forward", all.elided)
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
			cfg := run.Config{Algo: algo, Seed: 3, Preset: preset, Safety: 60 * sim.Second, Liveness: 30 * sim.Second}
			runs, _, err := compare(cfg)
			if err != nil || runs != 0 {
				t.Fatalf("%s: %d runs elided, %v", cfg.Command(), runs, err)
			}
		}
	}
}

// compare runs cfg both ways and returns how many runs the fast-forward
// elided and whether a linearizability search ran out of time on one
// side, or how the two differ.
func compare(cfg run.Config) (int, bool, error) {
	fast, slow, err := run.SpinDiff(cfg)
	if err != nil {
		return 0, false, err
	}
	runs := 0
	for _, e := range fast.History.Elided {
		runs += e.Runs
	}
	if fast.Err() != nil || slow.Err() != nil {
		return runs, false, fmt.Errorf("runs stopped: %v / %v", fast.Err(), slow.Err())
	}
	vf, vs := verdict.Check(fast).Violations, verdict.Check(slow).Violations
	undec := false
	if !reflect.DeepEqual(vf, vs) && (undecided(vf) || undecided(vs)) {
		// porcupine's search is bounded by wall-clock time: on a busy
		// machine one side may run out of it. The histories it read are
		// the same (SpinDiff): compare the rest.
		vf, vs, undec = withoutLinearizable(vf), withoutLinearizable(vs), true
	}
	if !reflect.DeepEqual(vf, vs) {
		return runs, undec, fmt.Errorf("verdicts differ:\n  fast-forwarded: %s\n  step by step:   %s", describe(vf), describe(vs))
	}
	return runs, undec, nil
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

// TestCoverageCountsElidedRuns: the statement counts of a spinning run
// are the step-by-step run's: each elided run counts the statements of
// the run it repeats.
func TestCoverageCountsElidedRuns(t *testing.T) {
	var fast, slow []run.Config
	for _, c := range []struct {
		seed   uint64
		preset string
	}{{2, "pause"}, {2, "net"}, {1, "none"}} {
		cfg := run.Config{Algo: "fairlock-4.7.0", Seed: c.seed, Preset: c.preset, Safety: 60 * sim.Second, Liveness: 30 * sim.Second}
		fast = append(fast, cfg)
		cfg.StepByStep = true
		slow = append(slow, cfg)
	}
	a, err := verdict.Coverage("fairlock-4.7.0", fast)
	if err != nil {
		t.Fatal(err)
	}
	b, err := verdict.Coverage("fairlock-4.7.0", slow)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("statement counts differ:\n  fast-forwarded: %v\n  step by step:   %v", a, b)
	}
	if runs, _, _ := compare(fast[0]); runs == 0 {
		t.Fatalf("%s elided nothing: the test proves nothing", fast[0].Command())
	}
}
