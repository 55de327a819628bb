package gate

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// View is what the command tells Render about the job it ran.
type View struct {
	Algos []string // the algorithms run, in the order of the tables
	Seeds string   // the seed range, LO-HI
	// Complete: every run finished and the job was not interrupted; only
	// then is the coverage summary printed and returned.
	Complete bool
	// GitHub adds a GitHub Actions annotation per unexpected finding.
	GitHub bool
}

// Render writes the main job's report: the runs, the algorithms left out,
// one table per property (a row per algorithm, a column per preset), the
// coverage summary when the job is complete, the excuses confirmed and
// re-judged, and the expected and unexpected findings with the command
// that reproduces each. It returns the statement coverage of the
// fault-free runs (nil when not complete) and the error of a coverage
// summary that could not be made.
func (r *Result) Render(w io.Writer, v View) (map[string][]verdict.ScriptStatement, error) {
	algos := v.Algos
	fmt.Fprintf(w, "simrun: %d algorithms × %d presets × seeds %s (%d runs); properties checked: %s\n",
		len(algos), len(sim.Presets), v.Seeds, r.Runs, strings.Join(verdict.Properties, ", "))
	for _, a := range clients.Algorithms {
		switch {
		case slices.Contains(algos, a) && clients.SpinBound[a] != (clients.ClientOverrides{}):
			fmt.Fprintf(w, "%s runs with %s: %s; the default's spins are in the bug zoo, the versions report and the no-false-alarm gate\n", a, clients.SpinBound[a], clients.Spinning[a])
		case slices.Contains(algos, a):
		default:
			fmt.Fprintf(w, "left out: %s (not in --algos)\n", a)
		}
	}
	if r.Done < r.Runs {
		fmt.Fprintf(w, "INTERRUPTED after %d of %d runs: cells marked - were not run, the others count only the runs that finished\n", r.Done, r.Runs)
	}
	fmt.Fprintln(w, "cell: ok, or B<n> = runs with a bug-class violation, D<n> = runs with only by-design ones; * = expected for this algorithm")
	for _, prop := range verdict.Properties {
		fmt.Fprintf(w, "\n%-16s", prop)
		for _, p := range sim.Presets {
			fmt.Fprintf(w, " %-10s", p)
		}
		fmt.Fprintln(w)
		for _, a := range algos {
			fmt.Fprintf(w, "%-16s", a)
			for _, p := range sim.Presets {
				fmt.Fprintf(w, " %-10s", r.Cell(a, p, prop).Text())
			}
			fmt.Fprintln(w)
		}
	}
	var statements map[string][]verdict.ScriptStatement
	if v.Complete {
		var text string
		var err error
		if text, statements, err = r.Coverage.Summary(); err != nil {
			return nil, err
		}
		io.WriteString(w, text)
	}
	switch {
	case r.Excused > 0 && r.All:
		fmt.Fprintf(w, "\nexcuses checked by counterfactual runs (every by-design violation of every run, run again without each fault its excuse names; a cell counts each run by its confirmed classes): %d confirmed, %d re-judged, the first of each cell:\n", r.Confirmed, r.Rejudged)
		printFindings(w, r.Rejudgements, true)
	case r.Excused > 0:
		fmt.Fprintf(w, "\nexcuses checked by counterfactual runs (the first by-design violation of each cell, run again without each fault its excuse names): %d confirmed, %d re-judged\n", r.Confirmed, r.Rejudged)
		printFindings(w, r.Rejudgements, true)
	}
	expected, unexpected := r.Findings(algos)
	if len(expected) > 0 {
		fmt.Fprintln(w, "\nexpected findings (known flaws: seed 003's simple locks; 3.8.1's unlock cancelling another thread's watchdog; 3.16.8's watchdog stopping after a failed WAIT, #3994, its re-sent acquires, #4822, and its untimed fair waits, #5503; 4.7.0's tryLock returning false after its acquire ran, and its fair grants undone after a WAIT that counted no replica; forceUnlock deleting a live holder's lock, by contract), first seed each, with the path its run took (a violation of the same property whose run took none is unexpected):")
		printFindings(w, expected, true)
	}
	switch {
	case len(unexpected) > 0:
		fmt.Fprintln(w, "\nUNEXPECTED bug-class violations, first seed each:")
		printFindings(w, unexpected, false)
		if v.GitHub {
			for _, f := range unexpected {
				fmt.Fprintf(w, "::error title=%s bug (%s, %s)::%s%%0Areproduce: %s\n", f.Property, f.Algo, f.Preset, f.Text, f.Command())
			}
		}
	case r.Done < r.Runs:
		fmt.Fprintln(w, "\nno unexpected violation in the runs that finished (interrupted)")
	default:
		fmt.Fprintln(w, "\nno unexpected violation")
	}
	return statements, nil
}

// Text is a cell of the table: ok, B<n> (with * when every bug run is a
// known bug) and D<n>, or - when none of its runs finished (c nil).
func (c *Cell) Text() string {
	if c == nil {
		return "-"
	}
	var parts []string
	if c.BugRuns > 0 {
		mark := ""
		if c.UnexpectedRuns == 0 {
			mark = "*"
		}
		parts = append(parts, fmt.Sprintf("B%d%s", c.BugRuns, mark))
	}
	if c.DesignRuns > 0 {
		parts = append(parts, fmt.Sprintf("D%d", c.DesignRuns))
	}
	if len(parts) == 0 {
		return "ok"
	}
	return strings.Join(parts, " ")
}

// Command is the command that reproduces a finding's first seed.
func (f Finding) Command() string {
	return clients.SweepConfig(f.Algo, f.Seed, f.Preset).Command()
}

// printFindings prints each finding with its command, sorted by their
// text or in the order given.
func printFindings(w io.Writer, fs []Finding, sorted bool) {
	var lines []string
	for _, f := range fs {
		lines = append(lines, fmt.Sprintf("%s %s: %s\n    %s", f.Algo, f.Preset, f.Text, f.Command()))
	}
	if sorted {
		sort.Strings(lines)
	}
	for _, l := range lines {
		fmt.Fprintln(w, "  "+l)
	}
}
