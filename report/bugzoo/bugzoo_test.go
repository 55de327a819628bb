package bugzoo

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/verdict"
)

// A finding's row gives its rate per 1000 runs, the command of its first
// seed (with the short phases of a rare finding) and its scenario file; a
// finding never seen has neither.
func TestMarkdownRows(t *testing.T) {
	fs := []verdict.Finding{
		{Algo: "setnx-expire", Preset: "net", Property: "liveness", Class: checks.Bug, Why: "EXPIRE lost", Issue: "seed 003", Scenario: verdict.ScenarioDir + "simple-locks.txt"},
		{Algo: "rlock-3.16.8", Preset: "crash", Property: "mutex", Class: checks.ByDesign, Why: "rare", Issue: "#1", Short: true},
		{Algo: "set-px", Preset: "none", Property: "mutex", Class: checks.Bug, Why: "never", Issue: "#2"},
	}
	rates := []verdict.Rate{{Runs: 20, Hits: 3, First: 4}, {Runs: 200, Hits: 1, First: 150}, {Runs: 20}}
	got := string(Markdown(fs, rates, "1-20", "go run ./cmd/simrun bugzoo --seeds 1-20"))
	if !strings.HasPrefix(got, "# Bug zoo: known failures the harness reproduces\n\nMade by `go run ./cmd/simrun bugzoo --seeds 1-20`: each row runs seeds 1-20 of") {
		t.Fatalf("header:\n%s", got)
	}
	for _, row := range []string{
		"| seed 003 | EXPIRE lost | setnx-expire | net | liveness | bug | 20 | 150.0 | `go run ./cmd/simrun run --algo setnx-expire --seed 4 --preset net` | [simple-locks.txt](../scenario/testdata/simple-locks.txt) |\n",
		"| #1 | rare | rlock-3.16.8 | crash | mutex | by-design | 200 | 5.0 | `go run ./cmd/simrun run --algo rlock-3.16.8 --seed 150 --preset crash --safety 60s --liveness 30s` | – |\n",
		"| #2 | never | set-px | none | mutex | bug | 20 | 0.0 | – | – |\n",
	} {
		if !strings.Contains(got, row) {
			t.Errorf("no row\n%s\nin\n%s", row, got)
		}
	}
}
