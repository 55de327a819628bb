package settings

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/memlimit"
)

// BenchmarkDefaultMap measures what the default map of each algorithm
// costs: two worlds of every distinct cell (seeds 1 and 2), run one after
// another on one goroutine as each worker runs them, and the default map's time on two cores projected from it
// (its worlds × the mean world ÷ 2); then the default map of the costliest
// one, fairlock-4.7.0, in full on every core, as `simrun settings` runs
// it. Run it with -benchtime 1x (a pass takes minutes); with
// LOCKSIM_BENCH_REPORT=1 it writes results/bench-settings.md.
func BenchmarkDefaultMap(b *testing.B) {
	type cost struct {
		cells, worlds int
		took          time.Duration
	}
	per := map[string]*cost{}
	for i := 0; i < b.N; i++ {
		for _, algo := range clients.Algorithms {
			ks, err := Knobs(algo, Cloud)
			if err != nil {
				b.Fatal(err)
			}
			seeds := uint64(2)
			m := NewMap(Spec{Algo: algo, Envelope: Cloud, Knobs: ks, Lo: 1, Hi: 100})
			c := &cost{cells: len(m.Unique())}
			per[algo] = c
			start := time.Now()
			for _, cell := range m.Unique() {
				for seed := uint64(1); seed <= seeds; seed++ {
					if s := measure(m.Config(cell, seed)); s.Err != "" {
						b.Fatalf("%s %s %d seed %d: %s", algo, cell.Knob, cell.Value, seed, s.Err)
					}
					c.worlds++
				}
			}
			c.took = time.Since(start)
		}
	}
	// The costliest map, in full, as simrun settings runs it.
	const costliest = "fairlock-4.7.0"
	ks, err := Knobs(costliest, Cloud)
	if err != nil {
		b.Fatal(err)
	}
	full := NewMap(Spec{Algo: costliest, Envelope: Cloud, Knobs: ks, Lo: 1, Hi: 100})
	// simrun collects garbage at memlimit.GCPercent's growth, a test
	// binary at 100%: measure the map as the command runs it.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(memlimit.GCPercent))
	}
	start := time.Now()
	worlds := full.Run(context.Background(), runtime.GOMAXPROCS(0), nil)
	fullTook := time.Since(start)
	b.ReportMetric(fullTook.Seconds(), costliest+"-map-s")
	var md strings.Builder
	md.WriteString("# What a settings map costs\n\n")
	fmt.Fprintf(&md, "Made by: `LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkDefaultMap -benchtime 1x ./settings/`\n(GOMAXPROCS=%d, %s/%s; wall-clock figures depend on the machine and what else runs on it, the counts do not).\n\n", runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH)
	md.WriteString("The default map (`simrun settings --algo NAME`: the cloud envelope, seeds 1-100) runs 100 worlds of each distinct cell. The sample is two worlds per cell (seeds 1 and 2), on one goroutine; the projection divides by the two workers of a two-core machine.\n\n")
	md.WriteString("| algorithm | distinct cells | worlds sampled | mean world | default map's worlds | projected on 2 cores |\n|---|---|---|---|---|---|\n")
	for _, algo := range clients.Algorithms {
		c := per[algo]
		mean := c.took / time.Duration(max(c.worlds, 1))
		worlds := c.cells * 100
		proj := mean * time.Duration(worlds) / 2
		fmt.Fprintf(&md, "| %s | %d | %d | %s | %d | %s |\n", algo, c.cells, c.worlds, mean.Round(100*time.Microsecond), worlds, proj.Round(time.Second))
		b.ReportMetric(float64(mean.Microseconds())/1000, algo+"-ms/world")
	}
	fmt.Fprintf(&md, "\nMeasured in full: the default map of `%s` (%d worlds) took **%s** on %d workers.\n", costliest, worlds, fullTook.Round(100*time.Millisecond), runtime.GOMAXPROCS(0))
	md.WriteString("\n`fairlock-4.7.0`'s queued waiters ask Redis again every round trip while a crashed waiter heads the queue, for up to fairLockWaitTimeout (5 minutes by default); every cell but the shorter fairLockWaitTimeouts has such waiters after the world's crash; the world fast-forwards that spin exactly (sim/spin.go) and counts its runs in the load.\n")
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		if err := atomicfile.WriteBytes(filepath.Join("..", "results", "bench-settings.md"), []byte(md.String())); err != nil {
			b.Fatal(err)
		}
	}
}
