package versiontable

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/explore"
	"github.com/locksim/locksim/versions"
)

// Markdown renders the answers versions.Ask gave to qs as
// results/redisson-versions.md; command is the command line that made it
// and maxStates the bound of each exhaustive search.
func Markdown(qs []versions.Question, answers [][]versions.Answer, command string, maxStates int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Known Redisson findings × versions\n\n")
	fmt.Fprintf(&b, "Made by `%s`. Virtual time only: the file regenerates byte for byte.\n\n", command)
	vs := versions.Versions
	fmt.Fprintf(&b, "Each row is a finding known from Redisson's issues or from this harness, asked of %s and %s ", strings.Join(vs[:len(vs)-1], ", "), vs[len(vs)-1])
	fmt.Fprintf(&b, "in the same way: random runs of one preset, counted by the violation's signature (property, class and a word of its detail, and where another mechanism gives the same symptom the code path its run took, as the catalogue names it: jobspec/main.toml), ")
	fmt.Fprintf(&b, "and/or an exhaustive search of a small configuration (`simrun explore --past-known`, up to %d distinct states), which gives the shortest path to the property the row asks about and its mechanism: a catalogued flaw (flaw:NAME), or a bug. ", maxStates)
	fmt.Fprintf(&b, "**found** gives the first seed (`go run ./cmd/simrun run --algo <lock>-<version> --seed S --preset P` tells its story) and the hit rate; ")
	fmt.Fprintf(&b, "*not found in N runs* is the absence of evidence over those seeds, not a proof; *absent* is a complete search that found nothing, a proof at that bound. ")
	fmt.Fprintf(&b, "— : the lock does not exist in that version.\n\n")
	fmt.Fprintf(&b, "| known as | what happens | signature | %s | step by step |\n|---|---|---|%s---|\n", strings.Join(vs, " | "), strings.Repeat("---|", len(vs)))
	for i, q := range qs {
		sig := []string{}
		if q.Seeds > 0 {
			s := fmt.Sprintf("`%s` %s %s, preset %s", q.Lock, q.Property, q.Class, q.Preset)
			if q.Detail != "" {
				s += fmt.Sprintf(", detail has “%s”", q.Detail)
			}
			if q.NotIn != "" {
				s += fmt.Sprintf(", not “%s”", q.NotIn)
			}
			if q.Path != "" {
				s += fmt.Sprintf(", path %s", q.Path)
			}
			sig = append(sig, s)
		}
		if q.Explore != nil {
			sig = append(sig, "explore "+exploreShape(*q.Explore))
		}
		if len(sig) == 0 {
			sig = append(sig, "tests only")
		}
		fmt.Fprintf(&b, "| %s | %s | %s |", q.Known, q.What, strings.Join(sig, "; "))
		for _, a := range answers[i] {
			fmt.Fprintf(&b, " %s |", cell(q, a))
		}
		ev := q.Evidence
		if ev == "" {
			ev = "–"
		}
		fmt.Fprintf(&b, " %s |\n", ev)
	}
	return b.String()
}

func exploreShape(c explore.Config) string {
	s := fmt.Sprintf("%d threads", c.Threads)
	if c.PerProc > 1 {
		s += fmt.Sprintf(" (%d per JVM)", c.PerProc)
	}
	if len(c.Ops) > 0 {
		s += ", calls " + strings.Join(c.Ops, ",")
	} else {
		s += fmt.Sprintf(" × %d lock()", c.Acquires)
	}
	if c.Replicas > 0 {
		s += ", a replica"
	}
	if c.Faults.Total() == 0 {
		return s + ", no fault"
	}
	return s + ", faults " + c.Faults.String()
}

func cell(q versions.Question, a versions.Answer) string {
	if !a.Exists {
		return "—"
	}
	var parts []string
	if q.Seeds > 0 {
		if a.Hits > 0 {
			parts = append(parts, fmt.Sprintf("**found** (seed %d; %d of %d runs)", a.First, a.Hits, a.Runs))
		} else {
			parts = append(parts, fmt.Sprintf("not found in %d runs", a.Runs))
		}
	}
	if a.NoWait {
		parts = append(parts, "explore: sends no WAIT")
	}
	if r := a.Search; r != nil {
		known := q.KnownFound(r)
		switch {
		case q.Searches(r.Violation):
			parts = append(parts, fmt.Sprintf("explore: **%s** (a bug) in %d steps", r.Violation.Kind, len(r.Violation.Steps)))
		case known != nil:
			parts = append(parts, fmt.Sprintf("explore: **%s** (%s) in %d steps", known.Kind, known.Mechanism, len(known.Steps)))
		case r.Violation != nil:
			// the search stops at its shortest bug, which is another one here
			parts = append(parts, fmt.Sprintf("explore: stops first at another bug, %s in %d steps", r.Violation.Kind, len(r.Violation.Steps)))
		case r.Stats.Complete:
			parts = append(parts, fmt.Sprintf("explore: absent (complete, %d states)", r.Stats.Distinct))
		default:
			parts = append(parts, fmt.Sprintf("explore: not found in %d states (cut)", r.Stats.Distinct))
		}
	}
	if len(parts) == 0 {
		return "see tests"
	}
	return strings.Join(parts, "; ")
}
