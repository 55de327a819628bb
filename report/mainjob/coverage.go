package mainjob

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/verdict"
)

// coverageSummary is the main job's paragraph on coverage: one entry per
// Redisson algorithm counted (statements run of all), then each never-run
// statement that verdict.Unreachable does not explain; "" when no
// algorithm was counted (all, as verdict.JobCoverage.Statements gives
// them).
func coverageSummary(all map[string][]verdict.ScriptStatement) string {
	var lines, unexplained []string
	for _, a := range clients.Algorithms {
		sts, ok := all[a]
		if !ok {
			continue
		}
		ran := 0
		for _, s := range sts {
			if s.Runs > 0 {
				ran++
			}
		}
		lines = append(lines, fmt.Sprintf("%s %d/%d", a, ran, len(sts)))
		for _, s := range verdict.Missed(sts) {
			unexplained = append(unexplained, fmt.Sprintf("%s: %s #%d %q", a, s.Script, s.Index, s.Text))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nscript statements run without faults (the preset none runs and the coverage seeds): %s", strings.Join(lines, ", "))
	if len(unexplained) == 0 {
		b.WriteString("; each never run is one verdict.Unreachable explains\n")
		return b.String()
	}
	fmt.Fprintf(&b, "; never run and not explained (seeds 1-20 reach them): %d\n", len(unexplained))
	for _, l := range unexplained {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}

// CoverageMarkdown renders the statement coverage of each algorithm's
// scripts (sts, by algorithm in order) as markdown: every statement with
// its runs, the ones never run marked with the reason.
func CoverageMarkdown(algos []string, sts map[string][]verdict.ScriptStatement, what string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Statement coverage of the Redisson scripts\n\n%s\n\n", what)
	fmt.Fprintf(&b, "A Redisson script is one line (the Java literals joined); a statement is what `sim.Coverage` cuts it into ")
	fmt.Fprintf(&b, "(after `;`, `then`, `do`, `else`; before `end`, `else`, `elseif`), keywords that only shape control flow left out. ")
	fmt.Fprintf(&b, "A statement ran when any of its instructions did.\n\n")
	fmt.Fprintf(&b, "| algorithm | statements | run | never run |\n|---|---:|---:|---:|\n")
	for _, a := range algos {
		if sts[a] == nil {
			continue
		}
		n, ran := 0, 0
		for _, s := range sts[a] {
			n++
			if s.Runs > 0 {
				ran++
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d |\n", a, n, ran, n-ran)
	}
	for _, a := range algos {
		if sts[a] == nil {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n| script | # | statement | runs |\n|---|---:|---|---:|\n", a)
		for _, s := range sts[a] {
			runs := fmt.Sprint(s.Runs)
			if s.Runs == 0 {
				runs = "**0**"
				if why := verdict.Unreachable[s.Key()]; why != "" {
					runs += ": " + why
				} else {
					runs += ": not explained"
				}
			}
			_, name, _ := strings.Cut(s.Script, "/")
			fmt.Fprintf(&b, "| %s | %d | `%s` | %s |\n", name, s.Index, strings.ReplaceAll(s.Text, "|", "\\|"), runs)
		}
	}
	return b.String()
}
