package mainjob

import (
	"bytes"
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// withCells puts cells, each under its "algo/preset/property", in r.
func withCells(r *gate.Result, cells map[string]*gate.Cell) *gate.Result {
	for k, c := range cells {
		parts := strings.SplitN(k, "/", 3)
		c.Algo, c.Preset, c.Property = parts[0], parts[1], parts[2]
		r.SetCell(c)
	}
	return r
}

func TestCellText(t *testing.T) {
	for _, c := range []struct {
		cell *gate.Cell
		want string
	}{
		{nil, "-"},
		{&gate.Cell{Runs: 3}, "ok"},
		{&gate.Cell{Runs: 3, Bug: 2, Design: 1}, "B2 D1/3"},
		{&gate.Cell{Runs: 3, Known: 2}, "K2/3"},
		{&gate.Cell{Runs: 3, Design: 3}, "D3/3"},
	} {
		if got := cellText(c.cell); got != c.want {
			t.Errorf("%+v: %q, want %q", c.cell, got, c.want)
		}
	}
}

// A hand-built result renders its tables, a row per algorithm and a
// column per preset, the mechanisms under each table, its known flaws and
// bugs with the commands that reproduce them and, interrupted, says so.
func TestRender(t *testing.T) {
	known := &gate.MechStat{Label: "flaw:expire-after-setnx", Class: checks.Known, Ref: "the seed article", Seeds: []uint64{4, 5}, Text: "mutex known: two holders", At: 12_345_678}
	bug := &gate.MechStat{Label: "none:two-holders", Class: checks.Bug, Seeds: []uint64{7}, Text: "mutex bug: x"}
	pause := &gate.MechStat{Label: "fault:pause", Class: checks.ByDesign, Seeds: []uint64{2}, Text: "mutex by design: y"}
	r := withCells(&gate.Result{Algos: []string{"set-px", "set-uuid-lua"}, Presets: sim.Presets, Runs: 120, Done: 100, Unconfirmed: true, ShardsOf: 1}, map[string]*gate.Cell{
		"set-px/none/mutex":       {Runs: 5, Known: 2, Design: 1, Mechs: []*gate.MechStat{known, pause}},
		"set-uuid-lua/net/mutex":  {Runs: 5, Bug: 1, Mechs: []*gate.MechStat{bug}},
		"set-uuid-lua/none/mutex": {Runs: 5},
	})
	var b bytes.Buffer
	if err := Render(&b, r, View{Seeds: "1-5"}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"simrun: 2 algorithms × ",
		" × seeds 1-5 (120 runs); properties checked: " + strings.Join(verdict.Properties, ", ") + "\n",
		"INTERRUPTED after 100 of 120 runs",
		"\nmutex            none         crash        ",
		"\nset-px           K2 D1/5      -            ",
		"\nset-uuid-lua     ok           -            ",
		"\n  none:two-holders — runs: set-uuid-lua: net 1\n  flaw:expire-after-setnx (the seed article) — runs: set-px: none 2\n  fault:pause — runs: set-px: none 1\n",
		"\nknown flaws (",
		"\n  set-px none: mutex known: two holders\n    go run ./cmd/simrun run --algo set-px --seed 4 --preset none --focus mutex@12.345678\n",
		"\nUNEXPECTED: ",
		"\n  set-uuid-lua net: mutex bug: x\n    go run ./cmd/simrun run --algo set-uuid-lua --seed 7 --preset net --focus mutex\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no\n%q\nin\n%s", want, got)
		}
	}
	if strings.Contains(got, "no unexpected violation") || strings.Contains(got, "confirmed by counterfactual") {
		t.Errorf("an unexpected finding and no confirmation, and yet:\n%s", got)
	}
	// 4.7.0's fair lock runs with Redisson's defaults: its reproducing
	// command carries no setting.
	r = withCells(&gate.Result{Algos: []string{"fairlock-4.7.0"}, Presets: sim.Presets, Runs: 9, Done: 9, ShardsOf: 1}, map[string]*gate.Cell{"fairlock-4.7.0/crash/mutex": {Runs: 1, Bug: 1, Mechs: []*gate.MechStat{{Label: "none:x", Class: checks.Bug, Seeds: []uint64{3}, Text: "mutex bug: y"}}}})
	b.Reset()
	if err := Render(&b, r, View{Seeds: "3-3"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--algo fairlock-4.7.0 --seed 3 --preset crash --focus mutex\n", "mechanisms confirmed by counterfactual runs"} {
		if got := b.String(); !strings.Contains(got, want) {
			t.Errorf("no\n%q\nin\n%s", want, got)
		}
	}
	if got := b.String(); strings.Contains(got, "thread-wait-time") || strings.Contains(got, "fairLockWaitTimeout") {
		t.Errorf("a setting other than Redisson's default:\n%s", got)
	}
	// Without findings, interrupted: said so.
	r = withCells(&gate.Result{Algos: []string{"set-px"}, Presets: sim.Presets, Runs: 120, Done: 100, ShardsOf: 1}, map[string]*gate.Cell{"set-px/none/mutex": {Runs: 5}})
	b.Reset()
	if err := Render(&b, r, View{Seeds: "1-5"}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasSuffix(got, "\nno unexpected violation in the runs that finished (interrupted)\n") {
		t.Errorf("got\n%s", got)
	}
}
