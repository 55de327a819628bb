package fairness

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/sim"
)

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
	c := &Comparison{Names: [2]string{"rlock-3.8.1", "rlock-3.16.8"}, Presets: []string{"net"}, Lo: 1, Hi: 4}
	c.tallies = map[string]*Tally{"0/net": {
		Runs: 4, BugRuns: map[string]int{"mutex": 1}, DesignRuns: map[string]int{"mutex": 2}, FirstBug: map[string]uint64{"mutex": 3},
		Mechs: map[MechKey]*MechCount{
			{"mutex", "flaw:renewal-cancelled-for-all"}: {Runs: 1, First: 3, Class: checks.Known, Ref: "#1966 family", Name: "renewal-cancelled-for-all"},
			{"mutex", "fault:pause"}:                    {Runs: 2, First: 1, Class: checks.ByDesign},
		},
		Metrics: Metrics{Waits: msList(10, 20), Acquired: 2000, Overtakes: 3, Idle: msList(5), Evicted: 1, NegTTLs: 2,
			ByPos: map[int][]sim.Duration{1: msList(10), 2: msList(20, 40)}},
	}, "1/net": {Runs: 4}}
	got := string(c.Markdown("go run ./cmd/simrun compare rlock-3.8.1 rlock-3.16.8 --seeds 1-4", "x.svg"))
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
