package gate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/locksim/locksim/verdict"
)

func TestCellText(t *testing.T) {
	for _, c := range []struct {
		cell *Cell
		want string
	}{
		{nil, "-"},
		{&Cell{Runs: 3}, "ok"},
		{&Cell{Runs: 3, BugRuns: 2, UnexpectedRuns: 1, DesignRuns: 1}, "B2 D1"},
		{&Cell{Runs: 3, BugRuns: 2}, "B2*"},
		{&Cell{Runs: 3, DesignRuns: 3}, "D3"},
	} {
		if got := c.cell.Text(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.cell, got, c.want)
		}
	}
}

// A hand-built result renders its tables, a row per algorithm and a
// column per preset, its findings with their commands and, interrupted,
// says so; the GitHub annotation comes only when asked for.
func TestRender(t *testing.T) {
	r := &Result{Runs: 120, Done: 100, cells: map[string]*Cell{
		"set-px/none/mutex":       {Runs: 5, BugRuns: 2, FirstBug: 4, FirstBugText: "mutex bug: two holders"},
		"set-uuid-lua/net/mutex":  {Runs: 5, BugRuns: 1, UnexpectedRuns: 1, FirstBug: 7, FirstBugText: "mutex bug: x", FirstUnexpected: 7, FirstUnexpectedText: "mutex bug: x"},
		"set-uuid-lua/none/mutex": {Runs: 5},
	}}
	var b bytes.Buffer
	st, err := r.Render(&b, View{Algos: []string{"set-px", "set-uuid-lua"}, Seeds: "1-5", GitHub: true})
	if err != nil || st != nil {
		t.Fatalf("Render: %v, %v", st, err)
	}
	got := b.String()
	for _, want := range []string{
		"simrun: 2 algorithms × ",
		" × seeds 1-5 (120 runs); properties checked: " + strings.Join(verdict.Properties, ", ") + "\n",
		"INTERRUPTED after 100 of 120 runs",
		"\nmutex            none       crash      ",
		"\nset-px           B2*        -          ",
		"\nset-uuid-lua     ok         -          ",
		"\nexpected findings (known flaws:",
		"\n  set-px none: mutex bug: two holders\n    go run ./cmd/simrun run --algo set-px --seed 4 --preset none\n",
		"\nUNEXPECTED bug-class violations, first seed each:\n  set-uuid-lua net: mutex bug: x\n    go run ./cmd/simrun run --algo set-uuid-lua --seed 7 --preset net\n",
		"::error title=mutex bug (set-uuid-lua, net)::mutex bug: x%0Areproduce: go run ./cmd/simrun run --algo set-uuid-lua --seed 7 --preset net\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no\n%q\nin\n%s", want, got)
		}
	}
	if strings.Contains(got, "no unexpected violation") {
		t.Errorf("an unexpected finding, and yet:\n%s", got)
	}
	// A spinning algorithm runs with its bound, said once, and its
	// reproducing command carries the bound.
	r = &Result{Runs: 9, Done: 9, cells: map[string]*Cell{"fairlock-4.7.0/crash/mutex": {Runs: 1, BugRuns: 1, FirstBug: 3, FirstBugText: "mutex bug: y"}}}
	b.Reset()
	if _, err := r.Render(&b, View{Algos: []string{"fairlock-4.7.0"}, Seeds: "3-3"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\nfairlock-4.7.0 runs with fairLockWaitTimeout 5000 ms: ", "--algo fairlock-4.7.0 --seed 3 --preset crash --thread-wait-time 5000ms\n"} {
		if got := b.String(); !strings.Contains(got, want) {
			t.Errorf("no\n%q\nin\n%s", want, got)
		}
	}
	// Without findings, interrupted: said so, and no annotation.
	r = &Result{Runs: 120, Done: 100, cells: map[string]*Cell{"set-px/none/mutex": {Runs: 5}}}
	b.Reset()
	if _, err := r.Render(&b, View{Algos: []string{"set-px"}, Seeds: "1-5", GitHub: true}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasSuffix(got, "\nno unexpected violation in the runs that finished (interrupted)\n") || strings.Contains(got, "::error") {
		t.Errorf("got\n%s", got)
	}
}
