package verdict

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/locksim/locksim/clients"
)

// Command is the command that reproduces the run that caught the mutant.
func (r MutantResult) Command() string {
	return clients.RunConfig{Algo: r.Mutant.Algo, Seed: r.Seed, Preset: r.Preset, Mutant: r.Mutant.Name}.Command()
}

// MutantReport is results/mutants.md: the kill rate, the median
// seeds-to-kill, and a row per mutant of results, swept over seeds lo-hi
// under presets. elapsed is the wall-clock time each sweep took, measured
// by the command.
func MutantReport(results []MutantResult, elapsed []time.Duration, lo, hi uint64, presets []string) string {
	var b strings.Builder
	killed := 0
	var toKill []int
	byCheck := map[string]int{}
	for _, r := range results {
		if r.Killed {
			killed++
			toKill = append(toKill, r.Seeds)
			for _, c := range r.Checks {
				byCheck[c]++
			}
		}
	}
	sort.Ints(toKill)
	median := "-"
	if n := len(toKill); n > 0 {
		if n%2 == 1 {
			median = fmt.Sprint(toKill[n/2])
		} else {
			median = fmt.Sprint(float64(toKill[n/2-1]+toKill[n/2]) / 2)
		}
	}
	fmt.Fprintf(&b, "# Mutants: do the checks catch a broken lock?\n\n")
	fmt.Fprintf(&b, "Each mutant is a plausible one-line mistake in a Redisson script (`scripts/mutants/`) or in the client\n")
	fmt.Fprintf(&b, "(`clients.Mutations`), catalogued in `clients/mutants.go`. `simrun mutants` runs each through the standard\n")
	fmt.Fprintf(&b, "sweeps — for seed %d, %d, … up to %d, every preset (%s) — with every check of the main job, until one catches it.\n",
		lo, lo+1, hi, strings.Join(presets, ", "))
	fmt.Fprintf(&b, "A check catches a mutant when it reports a bug-class violation that the real algorithm never shows, or a known\n")
	fmt.Fprintf(&b, "kind of one that the real algorithm's run on the same seed and preset does not have.\n\n")
	fmt.Fprintf(&b, "Regenerate: `go run ./cmd/simrun mutants` (wall-clock times from one run on a 2-core machine).\n\n")
	fmt.Fprintf(&b, "**Kill rate: %d of %d (%.0f%%). Median seeds to kill: %s.**\n\n", killed, len(results), 100*float64(killed)/float64(max(len(results), 1)), median)
	var cs []string
	for c, n := range byCheck {
		cs = append(cs, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(cs)
	fmt.Fprintf(&b, "Mutants caught, per check (a kill can count for several): %s.\n\n", strings.Join(cs, ", "))
	fmt.Fprintf(&b, "| mutant | algorithm | mistake | caught by | seeds to kill | preset | time | reproduce |\n|---|---|---|---|---:|---|---:|---|\n")
	for i, r := range results {
		if !r.Killed {
			fmt.Fprintf(&b, "| %s | %s | %s | **survived** | > %d | - | %.1f s | - |\n", r.Mutant.Name, r.Mutant.Algo, r.Mutant.What, r.Seeds, elapsed[i].Seconds())
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %s | %.1f s | `%s` |\n", r.Mutant.Name, r.Mutant.Algo, r.Mutant.What, strings.Join(r.Checks, ", "), r.Seeds, r.Preset, elapsed[i].Seconds(), r.Command())
	}
	fmt.Fprintf(&b, "\nWhat each kill looked like (the first catching violation):\n\n")
	for _, r := range results {
		if r.Killed {
			fmt.Fprintf(&b, "- **%s**: %s\n", r.Mutant.Name, strings.ReplaceAll(r.Detail, "|", "\\|"))
		}
	}
	return b.String()
}
