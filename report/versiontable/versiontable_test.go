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
