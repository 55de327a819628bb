package explore

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// BenchmarkExplore searches fairlock-3.16.8 with 3 threads × 1 call to
// the end (every reachable state, then the liveness check) and reports
// distinct states per second on one core. Its baseline, measured in the
// same run, is what one state would cost without interning and memoized
// script runs: cloning the store and running the fair acquire script
// once. With LOCKSIM_BENCH_REPORT=1 it writes results/bench-explore.md.
func BenchmarkExplore(b *testing.B) {
	cfg := Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1}
	var res *Result
	start := time.Now()
	for i := 0; i < b.N; i++ {
		var err error
		if res, err = Explore(cfg, nil); err != nil {
			b.Fatal(err)
		}
	}
	el := time.Since(start)
	perSec := float64(res.Stats.Distinct) * float64(b.N) / el.Seconds()
	b.ReportMetric(float64(res.Stats.Distinct), "states/search")
	b.ReportMetric(perSec, "states/s")
	base := scriptRunsPerSecond(b)
	b.ReportMetric(perSec/base, "states/script-run")
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		writeExploreBench(b, cfg, res, el/time.Duration(b.N), perSec, base)
	}
}

// scriptRunsPerSecond measures the baseline: clone a store holding a
// lock and a waiter, run the fair acquire script for a new waiter.
func scriptRunsPerSecond(b *testing.B) float64 {
	m, err := newModel(Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1})
	if err != nil {
		b.Fatal(err)
	}
	s := m.stores[m.initial().store].Clone()
	acquire := func(s *sim.Store, p int) sim.Reply {
		r := m.cf.Render(procName(p), clients.Cmd{Op: clients.OpAcquire, Thread: 1, Lease: 30000, Wait: 300000, At: base})
		return s.Eval(r.Script, r.Keys, r.Argv)
	}
	for p := 0; p < 2; p++ {
		acquire(s, p)
	}
	const n = 20000
	start := time.Now()
	for i := 0; i < n; i++ {
		c := s.Clone()
		c.SetTime(base)
		if r := acquire(c, 2); r.Kind != sim.KindInt {
			b.Fatalf("baseline acquire: %s", r.Text())
		}
	}
	return n / time.Since(start).Seconds()
}

func writeExploreBench(b *testing.B, cfg Config, res *Result, per time.Duration, perSec, base float64) {
	verdict := "clean"
	if res.Violation != nil {
		verdict = res.Violation.Kind + " (found by the liveness check after the whole space)"
	}
	text := fmt.Sprintf(`# Explore benchmark: %s, %d threads × %d call

Made by: `+"`GOMAXPROCS=1 LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkExplore -benchtime 3x ./explore/`"+`
(one goroutine; GOMAXPROCS=%d, %s/%s; the state counts do not depend on the machine, the rates do).

| search | distinct states | transitions | depth | verdict | time per search | distinct states per second (one core) |
|---|---|---|---|---|---|---|
| %s | %d | %d | %d | %s | %s | %s |

Baseline in the same run: cloning the store and running the fair acquire script once, what every
state would cost without interned stores and memoized script runs: %s runs per second.
The search reaches **%.1f distinct states per script run** of the baseline's cost.
`, cfg.Algo, cfg.Threads, cfg.Acquires, runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH,
		cfg.Header(), res.Stats.Distinct, res.Stats.Explored, res.Stats.Depth, verdict, per.Round(time.Millisecond),
		strconv.FormatFloat(perSec, 'f', 0, 64), strconv.FormatFloat(base, 'f', 0, 64), perSec/base)
	tmp := "../results/bench-explore.md.tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, "../results/bench-explore.md"); err != nil {
		b.Fatal(err)
	}
}
