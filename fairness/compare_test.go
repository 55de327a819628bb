package fairness

import (
	"context"
	"reflect"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/sim"
)

func msList(ns ...int) []sim.Duration {
	var out []sim.Duration
	for _, n := range ns {
		out = append(out, sim.Duration(n)*sim.Millisecond)
	}
	return out
}

func TestSortedAndMaxPos(t *testing.T) {
	in := msList(5, 1, 3)
	if s := Sorted(in); !reflect.DeepEqual(s, msList(1, 3, 5)) || !reflect.DeepEqual(in, msList(5, 1, 3)) {
		t.Errorf("Sorted %v, input now %v", s, in)
	}
	if q := Quantile(msList(1, 2, 3, 4), 0.5); q != 2*sim.Millisecond {
		t.Errorf("Quantile = %v", q)
	}
	if MaxPos([]map[int][]sim.Duration{{1: nil, 4: nil}, {2: nil}}) != 4 || MaxPos(nil) != 0 {
		t.Error("MaxPos")
	}
}

func TestTally(t *testing.T) {
	var tl Tally
	bug := checks.Violation{Property: "fifo", Class: checks.Bug}
	design := checks.Violation{Property: "fifo", Class: checks.ByDesign}
	mutex := checks.Violation{Property: "mutex", Class: checks.ByDesign}
	tl.Add(4, Metrics{Violations: []checks.Violation{design, mutex}, Acquired: 2, Waits: msList(1, 2)})
	tl.Add(5, Metrics{Violations: []checks.Violation{design, bug, bug}, Acquired: 1, ByPos: map[int][]sim.Duration{2: msList(9)}})
	tl.Add(6, Metrics{Violations: []checks.Violation{bug}})
	if tl.Runs != 3 || tl.BugRuns["fifo"] != 2 || tl.DesignRuns["fifo"] != 1 || tl.DesignRuns["mutex"] != 1 || tl.FirstBug["fifo"] != 5 || tl.FirstBug["mutex"] != 0 {
		t.Fatalf("%+v", tl)
	}
	if tl.Metrics.Acquired != 3 || len(tl.Metrics.Waits) != 2 || len(tl.Metrics.ByPos[2]) != 1 {
		t.Fatalf("metrics %+v", tl.Metrics)
	}
}

// A comparison adds the same tallies with any number of workers.
func TestComparisonIndependentOfWorkers(t *testing.T) {
	run := func(workers int) *Comparison {
		c := &Comparison{Names: [2]string{"fairlock-3.8.1", "fairlock-3.16.8"}, Presets: []string{"none", "pause"}, Lo: 1, Hi: 3}
		var ticks int
		done, err := c.Run(context.Background(), workers, func(what string, n uint64) (func(bool), func()) {
			return func(bool) { ticks++ }, func() {}
		})
		if err != nil || done != 12 || c.Runs() != 12 || ticks != 12 {
			t.Fatalf("%d of %d runs (%d ticks): %v", done, c.Runs(), ticks, err)
		}
		return c
	}
	a, b := run(1), run(3)
	for side := range 2 {
		for _, p := range a.Presets {
			if ta, tb := a.Tally(side, p), b.Tally(side, p); ta.Runs != 3 || !reflect.DeepEqual(ta, tb) {
				t.Errorf("side %d %s: %+v vs %+v", side, p, ta, tb)
			}
		}
		if !reflect.DeepEqual(a.ByPos(side), b.ByPos(side)) {
			t.Errorf("side %d: waits by position differ", side)
		}
	}
}
