package versiontable

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/explore"
	"github.com/locksim/locksim/versions"
)

// The report says found with the first seed and rate, not found with the
// number of runs, and what a search proved or cut.
func TestMarkdownCells(t *testing.T) {
	qs := []versions.Question{{Known: "#1", What: "w", Lock: "rlock", Preset: "net", Property: "holds", Class: checks.Bug, Seeds: 10, Explore: &explore.Config{Threads: 2, Acquires: 1}}}
	done := &explore.Result{}
	done.Stats.Complete, done.Stats.Distinct = true, 42
	answers := [][]versions.Answer{{
		{Exists: true, Runs: 10, Hits: 3, First: 7, Search: done},
		{Exists: true, Runs: 10},
		{Exists: false},
	}}
	md := Markdown(qs, answers, "go run ./cmd/simrun versions", 1000)
	for _, want := range []string{"**found** (seed 7; 3 of 10 runs)", "explore: absent (complete, 42 states)", "not found in 10 runs", "| — |"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

// A search's finding is the bug of the property asked about, else the
// shortest catalogued flaw of it (the search goes past known flaws), each
// with its mechanism; a bug of another property is said to come first.
func TestMarkdownSearchFindings(t *testing.T) {
	q := versions.Question{Known: "#2", What: "w", Lock: "rlock", Explore: &explore.Config{Threads: 2, Acquires: 1}, Searched: "holds"}
	steps := func(n int) []explore.Step { return make([]explore.Step, n) }
	flaw := &explore.Result{Known: []*explore.Violation{
		{Kind: "error", Mechanism: "flaw:renewal-stopped", Known: true, Steps: steps(3)},
		{Kind: "holds", Mechanism: "flaw:resend-acquire", Known: true, Steps: steps(8)},
	}}
	bug := &explore.Result{Violation: &explore.Violation{Kind: "holds", Mechanism: "bug:extra-hold", Bug: true, Steps: steps(5)}, Known: flaw.Known}
	other := &explore.Result{Violation: &explore.Violation{Kind: "mutex", Mechanism: "bug:two-holders", Bug: true, Steps: steps(4)}}
	md := Markdown([]versions.Question{q}, [][]versions.Answer{{
		{Exists: true, Search: flaw}, {Exists: true, Search: bug}, {Exists: true, Search: other},
	}}, "go run ./cmd/simrun versions", 1000)
	for _, want := range []string{
		"explore: **holds** (flaw:resend-acquire) in 8 steps",
		"explore: **holds** (a bug) in 5 steps",
		"explore: stops first at another bug, mutex in 4 steps",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}
