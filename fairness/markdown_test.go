package fairness

import (
	"strings"
	"testing"

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

// A hand-built comparison renders its counts as percentages with the
// first bug's command, a side with no runs as dashes, its measures per
// 1000 acquisitions and its waits by queue position.
func TestMarkdown(t *testing.T) {
	c := &Comparison{Names: [2]string{"rlock-3.8.1", "rlock-3.16.8"}, Presets: []string{"net"}, Lo: 1, Hi: 4}
	c.tallies = map[string]*Tally{"0/net": {
		Runs: 4, BugRuns: map[string]int{"mutex": 1}, DesignRuns: map[string]int{"mutex": 2}, FirstBug: map[string]uint64{"mutex": 3},
		Metrics: Metrics{Waits: msList(10, 20), Acquired: 2000, Overtakes: 3, Idle: msList(5), Evicted: 1, NegTTLs: 2,
			ByPos: map[int][]sim.Duration{1: msList(10), 2: msList(20, 40)}},
	}}
	got := string(c.Markdown("go run ./cmd/simrun compare rlock-3.8.1 rlock-3.16.8 --seeds 1-4", "x.svg"))
	for _, want := range []string{
		"# rlock-3.8.1 vs rlock-3.16.8\n\nMade by `go run ./cmd/simrun compare rlock-3.8.1 rlock-3.16.8 --seeds 1-4`: the same 4 seeds (1-4) under each preset for both, 8 runs in all.",
		"| mutex | net | B 25.0% D 50.0% (`run --algo rlock-3.8.1 --seed 3 --preset net`) | B – D – |\n",
		"| holds | net | B 0.0% D 0.0% | B – D – |\n",
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
