package fairness

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"reflect"
	"strings"
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

func TestQuantiles(t *testing.T) {
	// 1..100 ms, shuffled: p50 is the 50th (index 49 of 99), p90 the 90th,
	// p99 the 99th, max the 100th.
	var ds []sim.Duration
	for i := range 100 {
		ds = append(ds, sim.Duration((i*37)%100+1)*sim.Millisecond)
	}
	if got := Quantiles(ds); got != "50ms / 90ms / 99ms / 100ms" {
		t.Errorf("Quantiles = %q", got)
	}
	if got := Quantiles3(ds); got != "50ms / 99ms / 100ms" {
		t.Errorf("Quantiles3 = %q", got)
	}
	if got := Median(msList(3000, 1, 2500)); got != "2.5s" {
		t.Errorf("Median = %q", got)
	}
	if got := Quantiles(msList(7)); got != "7ms / 7ms / 7ms / 7ms" {
		t.Errorf("one sample: %q", got)
	}
	for _, f := range []func([]sim.Duration) string{Quantiles, Quantiles3, Median} {
		if got := f(nil); got != "–" {
			t.Errorf("no sample: %q", got)
		}
	}
	in := msList(5, 1, 3)
	if s := Sorted(in); !reflect.DeepEqual(s, msList(1, 3, 5)) || !reflect.DeepEqual(in, msList(5, 1, 3)) {
		t.Errorf("Sorted %v, input now %v", s, in)
	}
	if Ms(999*sim.Millisecond) != "999ms" || Ms(sim.Second) != "1.0s" || Ms(1500*sim.Millisecond) != "1.5s" {
		t.Error("Ms")
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

// The plot is well-formed SVG, the same bytes for the same series, and
// leaves out positions with fewer than MinPlotSamples waits.
func TestPlotSVG(t *testing.T) {
	many := func(d int) []sim.Duration {
		var out []sim.Duration
		for range MinPlotSamples {
			out = append(out, sim.Duration(d)*sim.Millisecond)
		}
		return out
	}
	series := []map[int][]sim.Duration{
		{1: many(100), 2: many(2500), 3: many(400), 9: msList(99999)},
		{1: many(50), 2: many(70)},
	}
	a := PlotSVG([]string{"fairlock-3.8.1", "fairlock-3.16.8"}, series)
	for range 5 {
		if b := PlotSVG([]string{"fairlock-3.8.1", "fairlock-3.16.8"}, series); !bytes.Equal(a, b) {
			t.Fatal("two plots of the same series differ")
		}
	}
	dec := xml.NewDecoder(bytes.NewReader(a))
	var polylines, texts int
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, a)
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "polyline":
				polylines++
			case "text":
				texts++
			}
		}
	}
	if polylines != 2 {
		t.Errorf("%d polylines, want one per side", polylines)
	}
	s := string(a)
	if !strings.HasPrefix(s, `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.Contains(s, ">fairlock-3.16.8</text>") {
		t.Errorf("no svg root or legend:\n%s", s)
	}
	// Position 9 has one sample: not plotted, so the axis ends at 3 and the
	// scale at 2.5 s, not 100 s.
	if strings.Contains(s, ">9</text>") || !strings.Contains(s, ">3</text>") || !strings.Contains(s, ">2.5s</text>") {
		t.Errorf("a rare deep position set the axes:\n%s", s)
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
