package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/verdict"
)

// Shrinking a failing run (a mutant whose unlock skips the owner check)
// gives a smaller one (fewer processes, threads, faults or shorter
// phases) that still shows the same property's bug.
func TestShrinkKeepsTheBug(t *testing.T) {
	cfg := run.Config{Algo: "rlock-3.16.8", Seed: 1, Preset: "net", Mutant: "unlock-no-owner-check-3.16.8"}
	_, res, err := verdict.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	target, ok := checks.FirstBug(res.Violations)
	if !ok {
		t.Fatal("the mutant's seed 1 net shows no bug to shrink")
	}
	small, tries := shrink(verdict.Default, cfg, target)
	if tries == 0 || tries > maxShrinkRuns {
		t.Fatalf("%d tries", tries)
	}
	if small.Procs == 0 && small.Threads == 0 && len(small.SkipFaults) == 0 && small.Safety == 0 {
		t.Fatalf("nothing shrunk: %+v", small)
	}
	_, again, err := verdict.Run(small)
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

// shrinkAndTell says how far the run shrank, tells the shrunk run's
// violation of the same property and class, and ends with the command
// that reproduces the shrunk run.
func TestShrinkAndTell(t *testing.T) {
	cfg := run.Config{Algo: "rlock-3.16.8", Seed: 1, Preset: "net", Mutant: "unlock-no-owner-check-3.16.8"}
	r, err := run.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	target, _ := checks.FirstBug(verdict.Check(r).Violations)
	small, tries := shrink(verdict.Default, cfg, target)
	var b bytes.Buffer
	shrinkAndTell(&b, verdict.Default, r, cfg, "")
	got := b.String()
	head := fmt.Sprintf("\nshrunk (%d runs tried) to %d processes × %d threads, %s + %s, ", tries, small.Procs, small.Threads, small.Safety, small.Liveness)
	if !strings.HasPrefix(got, head) {
		t.Fatalf("got\n%s\nwant it to start with\n%s", got, head)
	}
	if !strings.HasSuffix(got, "\n  reproduce: "+small.Command()+"\n") {
		t.Fatalf("got\n%s\nwant it to end with the command of %+v", got, small)
	}
	if !strings.Contains(got, " faults:\n"+target.Property+" ") {
		t.Fatalf("no %s violation told in\n%s", target.Property, got)
	}
}
