package mutants

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/sim"
)

// Markdown is results/mutants.md: each mutant judged as a change
// (gate.RunMutants) over seeds lo-hi, with how the gate failed it.
func Markdown(changes []*gate.Change, lo, hi uint64) string {
	var b strings.Builder
	failed, byBug := 0, 0
	for _, c := range changes {
		fs := c.Failing()
		if len(fs) == 0 {
			continue
		}
		failed++
		if fs[0].Class == checks.Bug { // bugs come first
			byBug++
		}
	}
	fmt.Fprintf(&b, "# Mutants: does the gate fail a broken lock?\n\n")
	fmt.Fprintf(&b, "Each mutant is a plausible one-line mistake in a Redisson script (`scripts/mutants/`) or in the client\n")
	fmt.Fprintf(&b, "(`clients.Mutations`), catalogued in `clients/mutants.go`. `simrun mutants` judges each as a change, as\n")
	fmt.Fprintf(&b, "`simrun --mutant NAME` does: the main job's runs of its algorithm (every preset: %s; seeds %d-%d) on the\n", strings.Join(sim.Presets, ", "), lo, hi)
	fmt.Fprintf(&b, "mutant and on the unmodified code. The rule: %s.\n", gate.RuleText)
	fmt.Fprintf(&b, "A rate is decided by a one-sided exact sign test on the twins that differ, below %g divided by the number of mechanisms that differed (Bonferroni).\n\n", gate.Alpha)
	fmt.Fprintf(&b, "Regenerate: `go run ./cmd/simrun mutants`.\n\n")
	fmt.Fprintf(&b, "**Failed by the gate: %d of %d (%.0f%%).** By a bug (a violation no mechanism explains): %d; only by mechanisms whose rate rose beyond chance: %d.\n\n",
		failed, len(changes), 100*float64(failed)/float64(max(len(changes), 1)), byBug, failed-byBug)
	fmt.Fprintf(&b, "| mutant | algorithm | mistake | fails on | runs (unmodified → mutant) | reproduce |\n|---|---|---|---|---|---|\n")
	for _, c := range changes {
		m := c.Changed.Mutant
		algo, what := "", ""
		if len(c.Touched) > 0 {
			algo, what = c.Touched[0], strings.TrimPrefix(c.What[c.Touched[0]], "mutant "+m+": ")
		}
		fs := c.Failing()
		if len(fs) == 0 {
			fmt.Fprintf(&b, "| %s | %s | %s | **passed** | - | - |\n", m, algo, what)
			continue
		}
		var on []string
		for i, d := range fs {
			if i == 3 {
				on = append(on, fmt.Sprintf("(+%d more)", len(fs)-3))
				break
			}
			on = append(on, d.Property+" "+d.Label)
		}
		d := fs[0]
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d → %d of %d | `%s` |\n", m, algo, what, strings.Join(on, ", "), d.Base, d.Changed,
			c.Changed.Runs/uint64(max(len(c.Touched), 1)), c.Command(d))
	}
	fmt.Fprintf(&b, "\nWhat each failure looked like (the first failing mechanism, in the first run only the mutant shows it in):\n\n")
	for _, c := range changes {
		if fs := c.Failing(); len(fs) > 0 {
			fmt.Fprintf(&b, "- **%s**: %s (%s seed %d) %s\n", c.Changed.Mutant, fs[0].Why, fs[0].Preset, fs[0].Seed, strings.ReplaceAll(fs[0].Text, "|", "\\|"))
		}
	}
	return b.String()
}
