package explore

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
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
// machine, beside what the machine gives the same work with nothing
// shared (as many independent one-worker searches as cores, at once). Its baseline, also measured in the same run, is what one state
// would cost without interning and memoized script runs: cloning the
// store and running the fair acquire script once. With
// LOCKSIM_BENCH_REPORT=1 it writes results/bench-explore.md. It searches
// without symmetry reduction, so that its rate is the machinery's own and
// compares with earlier measurements; BenchmarkSymmetry measures what the
// reduction saves.
func BenchmarkExplore(b *testing.B) {
	cfg := Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1, NoSymmetry: true}
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
	one, all, apart := time.Duration(1<<62), time.Duration(1<<62), time.Duration(1<<62)
	ceiling := 0.0
	for i := 0; i < b.N; i++ {
		one = min(one, search(1))
		all = min(all, search(cores))
		apart = min(apart, independentSearches(b, cfg, cores))
		ceiling = max(ceiling, computeSpeedup(cores))
	}
	rate := func(d time.Duration) float64 { return float64(res.Stats.Distinct) / d.Seconds() }
	b.ReportMetric(float64(res.Stats.Distinct), "states/search")
	b.ReportMetric(rate(one), "states/s-1core")
	b.ReportMetric(rate(all), "states/s-all")
	b.ReportMetric(float64(one)/float64(all), "speedup")
	b.ReportMetric(ceiling, "compute-speedup")
	independent := float64(cores) * float64(one) / float64(apart)
	b.ReportMetric(independent, "independent-speedup")
	b.ReportMetric(100*float64(one)/float64(all)/independent, "%-of-independent")
	base := scriptRunsPerSecond(b)
	b.ReportMetric(rate(one)/base, "states/script-run")
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		writeExploreBench(b, cfg, res, one, all, cores, base, ceiling, independent)
	}
}

// independentSearches runs n one-worker searches of cfg at once, on
// GOMAXPROCS=n, and returns how long they took: what the machine gives
// this workload when nothing is shared between the cores but the machine
// itself (caches, memory bandwidth, the garbage collector).
func independentSearches(b *testing.B, cfg Config, n int) time.Duration {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(n))
	cfg.Workers = 1
	errs := make([]error, n)
	start := time.Now()
	together(n, func(i int) { _, errs[i] = Explore(cfg, nil) })
	el := time.Since(start)
	for _, err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	return el
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
	together(n, func(int) { sink.Add(loop()) })
	return float64(n) * one.Seconds() / time.Since(start).Seconds()
}

// scriptRunsPerSecond measures the baseline: clone a store holding a
// lock and a waiter, run the fair acquire script for a new waiter.
func scriptRunsPerSecond(b *testing.B) float64 {
	m, err := newMachine(Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1})
	if err != nil {
		b.Fatal(err)
	}
	s := m.store(m.initial().store).Clone()
	acquire := func(s *sim.Store, p int) sim.Reply {
		r := m.clientCfg.Render(procName(p), clients.Cmd{Op: clients.OpAcquire, Thread: 1, Lease: 30000, Wait: 300000, At: base})
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

func writeExploreBench(b *testing.B, cfg Config, res *Result, one, all time.Duration, cores int, base, ceiling, independent float64) {
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

| search (without symmetry reduction: see bench-symmetry.md) | distinct states | transitions | depth | verdict |
|---|---|---|---|---|
| %s | %d | %d | %d | %s |

| how | time per search | distinct states per second |
|---|---|---|
| one core (GOMAXPROCS=1, one worker) | %s | %s |
| %d cores (%d workers) | %s | %s |

**Speed-up on %d cores: %.2f×** (one-core time / all-cores time, in the same run). What the machine
itself gives, measured in the same run: a loop of pure arithmetic (no memory, no locks) on %d
goroutines does %.2f× the work of one (the best of %d tries), so the search gets %.0f%% of what
these cores allow. %d independent one-worker searches of the same configuration at once (nothing
shared but the machine: its caches, memory bus and the garbage collector) do **%.2f×** the work of
the one-core search: the ceiling for this workload on this machine; the shared search gets
**%.0f%%** of it (the target: at least 90%%). The workers expand a level's chunks while the search
merges each expanded chunk, in order, on its own goroutine, which expands chunks too while the next
one to merge is not ready: merging (numbering the new states, keeping their parents and the
transitions) no longer waits for the whole batch.

Baseline in the same run: cloning the store and running the fair acquire script once, what every
state would cost without interned stores and memoized script runs: %s runs per second.
One core reaches **%.1f distinct states per script run** of the baseline's cost.
`, cfg.Algo, cfg.Threads, cfg.Acquires, runtime.GOOS, runtime.GOARCH, cores, b.N,
		cfg.Header(), res.Stats.Distinct, res.Stats.Explored, res.Stats.Depth, verdict,
		one.Round(time.Millisecond), rate(one), cores, cores, all.Round(time.Millisecond), rate(all),
		cores, float64(one)/float64(all), cores, ceiling, b.N, 100*float64(one)/float64(all)/ceiling,
		cores, independent, 100*float64(one)/float64(all)/independent, strconv.FormatFloat(base, 'f', 0, 64),
		float64(res.Stats.Distinct)/one.Seconds()/base)
	tmp := "../results/bench-explore.md.tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, "../results/bench-explore.md"); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkSymmetry searches each of a few configurations with and
// without symmetry reduction, on one core (GOMAXPROCS=1, one worker) and
// on every core (one worker per core), alternately, b.N times each, and
// reports the best time of each, the distinct states of each and the
// ratios. With LOCKSIM_BENCH_REPORT=1 it writes results/bench-symmetry.md.
func BenchmarkSymmetry(b *testing.B) {
	cfgs := []Config{
		{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1},
		{Algo: "fairlock-3.8.1", Threads: 3, Acquires: 1},
		{Algo: "rlock-3.16.8", Threads: 4, PerProc: 2, Acquires: 1},
	}
	cores := runtime.GOMAXPROCS(0)
	type row struct {
		cfg     Config
		on, off *Result
		// best times: [reduced, unreduced][one core, every core]
		t [2][2]time.Duration
	}
	var rows []row
	for _, cfg := range cfgs {
		r := row{cfg: cfg, t: [2][2]time.Duration{{1 << 62, 1 << 62}, {1 << 62, 1 << 62}}}
		for i := 0; i < b.N; i++ {
			for mode, noSym := range []bool{false, true} {
				for k, procs := range []int{1, cores} {
					prev := runtime.GOMAXPROCS(procs)
					c := cfg
					c.Workers, c.NoSymmetry = procs, noSym
					start := time.Now()
					res, err := Explore(c, nil)
					el := time.Since(start)
					runtime.GOMAXPROCS(prev)
					if err != nil {
						b.Fatal(err)
					}
					r.t[mode][k] = min(r.t[mode][k], el)
					if noSym {
						r.off = res
					} else {
						r.on = res
					}
				}
			}
		}
		name := fmt.Sprintf("%s-%dx%d", cfg.Algo, cfg.Threads/max(cfg.PerProc, 1), max(cfg.PerProc, 1))
		b.ReportMetric(float64(r.off.Stats.Distinct)/float64(r.on.Stats.Distinct), name+"-states-ratio")
		b.ReportMetric(float64(r.t[1][0])/float64(r.t[0][0]), name+"-time-ratio-1core")
		rows = append(rows, r)
	}
	if os.Getenv("LOCKSIM_BENCH_REPORT") != "1" {
		return
	}
	var t strings.Builder
	fmt.Fprintf(&t, `# Symmetry reduction: what it saves

Made by: `+"`LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkSymmetry -benchtime 3x ./explore/`"+`
on %s/%s with %d cores; each configuration searched with and without reduction, on one core
(GOMAXPROCS=1, one worker) and on %d cores (%d workers), alternately, the best of %d searches each.
The counts do not depend on the machine or the number of workers; the times do. States equal up to
renaming interchangeable threads (of one process) and processes are kept as one (package explore,
symmetry.go); the findings and counterexamples are the same either way (TestSymmetryIsSound).

| configuration | renamings | verdict | distinct states, reduced | without reduction | × |
|---|---|---|---|---|---|
`, runtime.GOOS, runtime.GOARCH, cores, cores, cores, b.N)
	for _, r := range rows {
		verdict := "clean"
		if r.on.Violation != nil {
			verdict = r.on.Violation.Class() + ": " + r.on.Violation.Kind
		}
		on, off := r.on.Stats, r.off.Stats
		fmt.Fprintf(&t, "| %s | %d | %s | %d | %d | %.2f |\n", r.cfg.Header(), on.Symmetry, verdict, on.Distinct, off.Distinct, float64(off.Distinct)/float64(on.Distinct))
	}
	fmt.Fprintf(&t, "\n| configuration | one core, reduced | without | × | %d cores, reduced | without | × | distinct states/s on one core, reduced | without |\n|---|---|---|---|---|---|---|---|---|\n", cores)
	for _, r := range rows {
		d := func(x time.Duration) time.Duration { return x.Round(time.Millisecond) }
		fmt.Fprintf(&t, "| %s | %s | %s | %.2f | %s | %s | %.2f | %.0f | %.0f |\n", r.cfg.Header(),
			d(r.t[0][0]), d(r.t[1][0]), float64(r.t[1][0])/float64(r.t[0][0]),
			d(r.t[0][1]), d(r.t[1][1]), float64(r.t[1][1])/float64(r.t[0][1]),
			float64(r.on.Stats.Distinct)/r.t[0][0].Seconds(), float64(r.off.Stats.Distinct)/r.t[1][0].Seconds())
	}
	fmt.Fprintf(&t, "\nOne search of each from the command line (`--workers 1` and `GOMAXPROCS=1` for one core):\n\n```sh\n")
	for _, r := range rows {
		c := r.cfg
		cmd := fmt.Sprintf("go run ./cmd/simrun explore --algo %s --threads %d", c.Algo, c.Threads)
		if c.PerProc > 1 {
			cmd += fmt.Sprintf(" --per-proc %d", c.PerProc)
		}
		fmt.Fprintf(&t, "%s\n%s --symmetry=false\n", cmd, cmd)
	}
	fmt.Fprintf(&t, "```\n"+`
Where a search ends at a bug before its level is done (rlock-3.16.8 with 2 processes × 2 threads), the
two searches stop at the same step, and the reduced one's classes stand for more states than the
unreduced one had reached: %d here (Stats.Unreduced). Where both reach every state, the classes add
up to the unreduced count exactly (a test checks it).

A reduced state costs more than an unreduced one (each of its renamed copies is encoded and the
smallest kept), so the rate in distinct states per second is lower with reduction; the search as a
whole takes less time. The rate of the machinery itself, without reduction, is in bench-explore.md.
`, rows[len(rows)-1].on.Stats.Unreduced)
	tmp := "../results/bench-symmetry.md.tmp"
	if err := os.WriteFile(tmp, []byte(t.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, "../results/bench-symmetry.md"); err != nil {
		b.Fatal(err)
	}
}
