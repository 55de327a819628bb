package mutants

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/gate"
)

// A hand-built judgement of two mutants: one the gate failed on a bug,
// with its command and what its failure looked like, one that passed.
func TestMarkdown(t *testing.T) {
	failed := &gate.Change{
		Changed: &gate.Result{Mutant: "unlock-no-owner-check-3.16.8", Runs: 180},
		Touched: []string{"rlock-3.16.8"}, What: map[string]string{"rlock-3.16.8": "mutant unlock-no-owner-check-3.16.8: unlock skips the owner check"},
		Deltas: []gate.Delta{{Algo: "rlock-3.16.8", Property: "mutex", Label: "bug:deleted-by-other", Class: checks.Bug, Base: 0, Changed: 113,
			Fails: true, Why: "a bug", Preset: "net", Seed: 1, Text: "mutex bug | two holders"}},
	}
	passed := &gate.Change{Changed: &gate.Result{Mutant: "m2", Runs: 9}, Touched: []string{"rlock-3.8.1"}, What: map[string]string{"rlock-3.8.1": "mutant m2: nothing"}}
	got := Markdown([]*gate.Change{failed, passed}, 1, 20)
	for _, want := range []string{
		"# Mutants: does the gate fail a broken lock?\n",
		"seeds 1-20) on the\n",
		"**Failed by the gate: 1 of 2 (50%).** By a bug (a violation no mechanism explains): 1; only by mechanisms whose rate rose beyond chance: 0.\n",
		"| unlock-no-owner-check-3.16.8 | rlock-3.16.8 | unlock skips the owner check | mutex bug:deleted-by-other | 0 → 113 of 180 | `go run ./cmd/simrun run --algo rlock-3.16.8 --seed 1 --preset net --mutant unlock-no-owner-check-3.16.8 --focus mutex` |\n",
		"| m2 | rlock-3.8.1 | nothing | **passed** | - | - |\n",
		"- **unlock-no-owner-check-3.16.8**: a bug (net seed 1) mutex bug \\| two holders\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no\n%q\nin\n%s", want, got)
		}
	}
}
