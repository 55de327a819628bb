package verdict

import (
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
)

// Shrinking a failing run (a mutant whose unlock skips the owner check)
// gives a smaller one (fewer processes, threads, faults or shorter
// phases) that still shows the same property's bug.
func TestShrinkKeepsTheBug(t *testing.T) {
	cfg := run.Config{Algo: "rlock-3.16.8", Seed: 1, Preset: "net", Mutant: "unlock-no-owner-check-3.16.8"}
	_, res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	target, ok := checks.FirstBug(res.Violations)
	if !ok {
		t.Fatal("the mutant's seed 1 net shows no bug to shrink")
	}
	small, tries := Shrink(cfg, target)
	if tries == 0 || tries > maxShrinkRuns {
		t.Fatalf("%d tries", tries)
	}
	if small.Procs == 0 && small.Threads == 0 && len(small.SkipFaults) == 0 && small.Safety == 0 {
		t.Fatalf("nothing shrunk: %+v", small)
	}
	_, again, err := Run(small)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range again.Violations {
		found = found || (v.Property == target.Property && v.Class == checks.Bug)
	}
	if !found {
		t.Fatalf("the shrunk run %+v no longer shows the %s bug", small, target.Property)
	}
}
