package explore

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// BenchmarkExplore searches fairlock-3.16.8 with 3 threads × 1 call to
// the end (every reachable state, then the liveness check), alternately
// on one core (GOMAXPROCS=1, one worker) and on every core (one worker
// per core), b.N times each, and reports the best rate of each and their
// ratio: the parallel speed-up, measured in the same run on the same
// machine. Its baseline, also measured in the same run, is what one state
// would cost without interning and memoized script runs: cloning the
// store and running the fair acquire script once. With
// LOCKSIM_BENCH_REPORT=1 it writes results/bench-explore.md.
func BenchmarkExplore(b *testing.B) {
	cfg := Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1}
	cores := runtime.GOMAXPROCS(0)
	var res *Result
	search := func(procs int) time.Duration {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		c := cfg
		c.Workers = procs
		start := time.Now()
		r, err := Explore(c, nil)
		if err != nil {
			b.Fatal(err)
		}
		el := time.Since(start)
		if res != nil && r.Stats != res.Stats {
			b.Fatalf("%d workers: %+v, before: %+v", procs, r.Stats, res.Stats)
		}
		res = r
		return el
	}
	one, all := time.Duration(1<<62), time.Duration(1<<62)
	ceiling := 0.0
	for i := 0; i < b.N; i++ {
		one = min(one, search(1))
		all = min(all, search(cores))
		ceiling = max(ceiling, computeSpeedup(cores))
	}
	rate := func(d time.Duration) float64 { return float64(res.Stats.Distinct) / d.Seconds() }
	b.ReportMetric(float64(res.Stats.Distinct), "states/search")
	b.ReportMetric(rate(one), "states/s-1core")
	b.ReportMetric(rate(all), "states/s-all")
	b.ReportMetric(float64(one)/float64(all), "speedup")
	b.ReportMetric(ceiling, "compute-speedup")
	base := scriptRunsPerSecond(b)
	b.ReportMetric(rate(one)/base, "states/script-run")
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		writeExploreBench(b, cfg, res, one, all, cores, base, ceiling)
	}
}

// computeSpeedup is what n cores give a loop of pure arithmetic over one
// core: the ceiling of any parallel speed-up on this machine (on a
// virtual machine whose cores are hyper-threads, or shared, it is well
// under n).
func computeSpeedup(n int) float64 {
	loop := func() uint64 {
		x := uint64(1)
		for i := 0; i < 100_000_000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		return x
	}
	var sink atomic.Uint64
	start := time.Now()
	sink.Add(loop())
	one := time.Since(start)
	start = time.Now()
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sink.Add(loop())
		}()
	}
	wg.Wait()
	return float64(n) * one.Seconds() / time.Since(start).Seconds()
}

// scriptRunsPerSecond measures the baseline: clone a store holding a
// lock and a waiter, run the fair acquire script for a new waiter.
func scriptRunsPerSecond(b *testing.B) float64 {
	m, err := newModel(Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1})
	if err != nil {
		b.Fatal(err)
	}
	s := m.store(m.initial().store).Clone()
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

func writeExploreBench(b *testing.B, cfg Config, res *Result, one, all time.Duration, cores int, base, ceiling float64) {
	verdict := "clean"
	if res.Violation != nil {
		verdict = res.Violation.Kind + " (found by the liveness check after the whole space)"
	}
	rate := func(d time.Duration) string {
		return strconv.FormatFloat(float64(res.Stats.Distinct)/d.Seconds(), 'f', 0, 64)
	}
	text := fmt.Sprintf(`# Explore benchmark: %s, %d threads × %d call

Made by: `+"`LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkExplore -benchtime 3x ./explore/`"+`
on %s/%s with %d cores; the best of %d searches each, alternated. The state counts do not depend on
the machine or the number of workers (a test checks it); the rates do.

| search | distinct states | transitions | depth | verdict |
|---|---|---|---|---|
| %s | %d | %d | %d | %s |

| how | time per search | distinct states per second |
|---|---|---|
| one core (GOMAXPROCS=1, one worker) | %s | %s |
| %d cores (%d workers) | %s | %s |

**Speed-up on %d cores: %.2f×** (one-core time / all-cores time, in the same run). What the machine
itself gives, measured in the same run: a loop of pure arithmetic (no memory, no locks) on %d
goroutines does %.2f× the work of one (the best of %d tries), so the search gets %.0f%% of what
these cores allow.

Baseline in the same run: cloning the store and running the fair acquire script once, what every
state would cost without interned stores and memoized script runs: %s runs per second.
One core reaches **%.1f distinct states per script run** of the baseline's cost.
`, cfg.Algo, cfg.Threads, cfg.Acquires, runtime.GOOS, runtime.GOARCH, cores, b.N,
		cfg.Header(), res.Stats.Distinct, res.Stats.Explored, res.Stats.Depth, verdict,
		one.Round(time.Millisecond), rate(one), cores, cores, all.Round(time.Millisecond), rate(all),
		cores, float64(one)/float64(all), cores, ceiling, b.N, 100*float64(one)/float64(all)/ceiling, strconv.FormatFloat(base, 'f', 0, 64),
		float64(res.Stats.Distinct)/one.Seconds()/base)
	tmp := "../results/bench-explore.md.tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, "../results/bench-explore.md"); err != nil {
		b.Fatal(err)
	}
}
