package comparison

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/sim"
)

func msList(ns ...int) []sim.Duration {
	var out []sim.Duration
	for _, n := range ns {
		out = append(out, sim.Duration(n)*sim.Millisecond)
	}
	return out
}

func TestReportName(t *testing.T) {
	for _, c := range [][3]string{
		{"fairlock-3.8.1", "fairlock-3.16.8", "fairlock-3.8.1-vs-3.16.8"},
		{"rlock-3.16.8", "fairlock-3.16.8", "rlock-3.16.8-vs-fairlock-3.16.8"},
		{"set-px", "set-uuid-lua", "set-px-vs-uuid-lua"},
	} {
		if got := ReportName(c[0], c[1]); got != c[2] {
			t.Errorf("ReportName(%s, %s) = %s, want %s", c[0], c[1], got, c[2])
		}
	}
}

// A hand-built comparison renders each mechanism's runs with their 95%
// interval and first run, the differences in words (a catalogued flaw
// with what the catalogue says of it), its measures per 1000
// acquisitions and its waits by queue position.
func TestMarkdown(t *testing.T) {
	c := &fairness.Comparison{Names: [2]string{"rlock-3.8.1", "rlock-3.16.8"}, Presets: []string{"net"}, Lo: 1, Hi: 4}
	c.SetTally(0, "net", &fairness.Tally{
		Runs: 4, BugRuns: map[string]int{"mutex": 1}, DesignRuns: map[string]int{"mutex": 2}, FirstBug: map[string]uint64{"mutex": 3},
		Mechs: map[fairness.MechKey]*fairness.MechCount{
			{Property: "mutex", Label: "flaw:renewal-cancelled-for-all"}: {Runs: 1, First: 3, Class: checks.Known, Ref: "#1966 family", Name: "renewal-cancelled-for-all"},
			{Property: "mutex", Label: "fault:pause"}:                    {Runs: 2, First: 1, Class: checks.ByDesign},
		},
		Metrics: fairness.Metrics{Waits: msList(10, 20), Acquired: 2000, Overtakes: 3, Idle: msList(5), Evicted: 1, NegTTLs: 2,
			ByPos: map[int][]sim.Duration{1: msList(10), 2: msList(20, 40)}},
	})
	c.SetTally(1, "net", &fairness.Tally{Runs: 4})
	got := string(Markdown(c, "go run ./cmd/simrun compare rlock-3.8.1 rlock-3.16.8 --seeds 1-4", "x.svg"))
	for _, want := range []string{
		"# rlock-3.8.1 vs rlock-3.16.8\n\nMade by `go run ./cmd/simrun compare rlock-3.8.1 rlock-3.16.8 --seeds 1-4`: the same 4 seeds (1-4) under each preset for both, 8 runs in all.",
		"| mutex | `flaw:renewal-cancelled-for-all` | known | 1/4 (4.6–69.9%), first `simrun run --algo rlock-3.8.1 --seed 3 --preset net` | 0/4 (0.0–49.0%) | #1966 family |\n",
		"| mutex | `fault:pause` | by-design | 2/4 (15.0–85.0%), first `simrun run --algo rlock-3.8.1 --seed 1 --preset net` | 0/4 (0.0–49.0%) |  |\n",
		"- mutex, `flaw:renewal-cancelled-for-all`: only rlock-3.8.1 shows it, in 1/4 (4.6–69.9%) runs — the JVM keeps one renewal per lock name",
		"- mutex, by design (runs, rlock-3.8.1 vs rlock-3.16.8): `fault:pause` 2 vs 0 — ",
		"| net | 10ms / 10ms / 10ms / 20ms | – |\n",
		"| net | rlock-3.8.1 | 2000 | 1.5 | 5ms / 5ms / 5ms | 1 | 2 |\n| net | rlock-3.16.8 | 0 | 0.0 | – | 0 | 0 |\n",
		"![waiting time by queue position](x.svg)",
		"| 1 | 10ms (1) | – (0) |\n| 2 | 20ms (2) | – (0) |\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no\n%s\nin\n%s", want, got)
		}
	}
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
	if Ms(999*sim.Millisecond) != "999ms" || Ms(sim.Second) != "1.0s" || Ms(1500*sim.Millisecond) != "1.5s" {
		t.Error("Ms")
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
