package gate

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// BenchmarkMainJobCost runs every run of the main job (seeds 1-20, every
// algorithm and preset) on one goroutine, as each of the job's workers
// does, and counts per algorithm the commands the master ran, how many
// were scripts and how many 4.7.0's fair acquire, and the script runs the
// fast-forward of retry loops left out (sim/spin.go), with the time spent
// simulating and checking. Its baseline, measured in the same run, is the
// least a run of that script can cost: in a bare gopher-lua state whose
// redis.call answers from constants, on the path most of its runs take (a
// waiter queued behind a head that has not taken the free lock: 0, and
// lock() asks again at once) and on its path of fewest calls. Its runs
// times the cheaper of the two bound the job's CPU from below, whatever
// the simulator around the exact script. Run it with -benchtime 1x; with
// LOCKSIM_BENCH_REPORT=1 it writes results/main-job-cost.md.
func BenchmarkMainJobCost(b *testing.B) {
	type cost struct {
		runs, commands, scripts, fairLong, lockAbsent, elided int
		simulate, check                                       time.Duration
	}
	var per map[string]*cost
	for i := 0; i < b.N; i++ {
		per = map[string]*cost{}
		for _, algo := range clients.Algorithms {
			c := &cost{}
			per[algo] = c
			for _, preset := range sim.Presets {
				for seed := uint64(1); seed <= 20; seed++ {
					r, err := run.New(run.SweepConfig(algo, seed, preset), sim.Untraced)
					if err != nil {
						b.Fatal(err)
					}
					start := time.Now()
					r.Execute()
					simulated := time.Now()
					verdict.Check(r)
					c.simulate += simulated.Sub(start)
					c.check += time.Since(simulated)
					c.runs++
					c.commands += len(r.History.Store)
					for _, e := range r.History.Elided {
						c.elided += e.Runs
					}
					for _, smp := range r.History.Store {
						if strings.Contains(smp.Script, "/") { // a registry ID, not a command's name
							c.scripts++
						}
						if smp.Script == fairLong470 {
							c.fairLong++
							if smp.TTL == -2 {
								c.lockAbsent++
							}
						}
					}
					r.Recycle()
				}
			}
		}
	}
	spin, reentry := bareRate(b, spinPath), bareRate(b, reentryPath)
	fastest := max(spin, reentry)
	var total cost
	for _, c := range per {
		total.runs += c.runs
		total.commands += c.commands
		total.scripts += c.scripts
		total.fairLong += c.fairLong
		total.lockAbsent += c.lockAbsent
		total.elided += c.elided
		total.simulate += c.simulate
		total.check += c.check
	}
	// A run after which the lock is absent neither took nor re-entered it:
	// with the queue not empty (else it would have taken the lock) it ran
	// the stale loop, both exists, lindex, hexists and zscore, then pttl
	// (the spin) or the enqueue's calls: at least the spin's eight calls.
	// Any other run costs at least the path of fewest calls.
	floor := time.Duration((float64(total.lockAbsent)/spin + float64(total.fairLong-total.lockAbsent)/fastest) * float64(time.Second))
	b.ReportMetric(float64(total.commands), "commands")
	b.ReportMetric(float64(total.scripts), "script-runs")
	b.ReportMetric(float64(total.fairLong), "fair-acquire-runs")
	b.ReportMetric(float64(total.lockAbsent), "fair-acquire-lock-absent")
	b.ReportMetric(float64(total.elided), "elided-runs")
	b.ReportMetric(spin, "bare-spin-evals/s")
	b.ReportMetric(floor.Seconds(), "script-floor-s")
	b.ReportMetric((total.simulate + total.check).Seconds(), "job-cpu-s")
	if os.Getenv("LOCKSIM_BENCH_REPORT") != "1" {
		return
	}
	var sb strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&sb, format, args...) }
	w("# What the main job costs\n\n")
	w("Made by: `LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkMainJobCost -benchtime 1x -timeout 30m ./gate/`\n")
	w("on %s/%s, GOMAXPROCS=%d. Every run of the main job (seeds 1-20), one after another on one goroutine,\n", runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))
	w("without its confirmation runs; the counts do not depend on the machine, the times do. Every algorithm runs at\n")
	w("Redisson's defaults; the script runs of 4.7.0's fair waiters' spin that the world fast-forwarded (sim/spin.go)\n")
	w("are counted apart: the job does not run them, so they are not among its commands.\n\n")
	w("| algorithm | runs | commands | of which script runs | of which 4.7.0 fair acquires | script runs fast-forwarded | simulate | check | µs per command |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	algos := append([]string(nil), clients.Algorithms...)
	sort.SliceStable(algos, func(i, j int) bool { return per[algos[i]].simulate > per[algos[j]].simulate })
	row := func(name string, c *cost) {
		us := 0.0
		if c.commands > 0 {
			us = float64((c.simulate + c.check).Microseconds()) / float64(c.commands)
		}
		w("| %s | %d | %d | %d | %d | %d | %.1f s | %.1f s | %.1f |\n", name, c.runs, c.commands, c.scripts, c.fairLong, c.elided,
			c.simulate.Seconds(), c.check.Seconds(), us)
	}
	for _, a := range algos {
		row(a, per[a])
	}
	row("**all**", &total)
	w("\nBaseline in the same run: 4.7.0's fair acquire (`%s`) in a bare gopher-lua state whose\n", fairLong470)
	w("`redis.call` answers from constants, on the path most of its runs take (a waiter queued behind a head\n")
	w("that has not taken the free lock: eight calls, answer 0, and lock() asks again at once): **%.0f runs per\n", spin)
	w("second** (%.2f µs each); on its path of fewest calls (a re-entry, queue empty: five calls) %.0f.\n\n", 1e6/spin, reentry)
	w("%d of its %d runs left the lock absent: they neither took nor re-entered it, so they ran at least the\n", total.lockAbsent, total.fairLong)
	w("spin's eight calls (the spin, or the enqueue's longer path); the others ran at least the re-entry's five.\n")
	w("So the runs of that script alone cost at least **%.1f s of CPU** (each at its path's bare cost),\n", floor.Seconds())
	w("%.1f s on 2 cores kept busy, before the job's other script runs and commands, any client, network,\n", floor.Seconds()/2)
	w("observer, store or check work, and its confirmation runs; the job spent %.1f s (%.1f× that floor) on\n",
		(total.simulate + total.check).Seconds(), (total.simulate+total.check).Seconds()/floor.Seconds())
	w("all of it.\n")
	path := filepath.Join("..", "results", "main-job-cost.md")
	if err := atomicfile.WriteBytes(path, []byte(sb.String())); err != nil {
		b.Fatal(err)
	}
}

// fairLong470 is the 4.7.0 fair acquire that lock() and tryLock(wait)
// run on every attempt.
const fairLong470 = "4.7.0/RedissonFairLock.tryLockInnerAsync.EVAL_LONG"

const (
	benchLock, benchQueue, benchTimeouts = "myLock", "redisson_lock_queue:{myLock}", "redisson_lock_timeout:{myLock}"
	benchHead, benchWaiter               = "c1a0e1f2-0000-4000-8000-000000000004:1", "c1a0e1f2-0000-4000-8000-000000000002:1"
)

// barePath is one path through the fair acquire: redis.call's answers by
// "command key" ("command key member" for zscore), the calls it makes and
// the script's answer.
type barePath struct {
	answers map[string]lua.LValue
	calls   int
	reply   lua.LValue
}

// spinPath: the stale loop's lindex and zscore (the head is not stale),
// exists of the lock and the queue, lindex (the head is not this waiter),
// hexists, the waiter's zscore, pttl of the absent lock: 0.
var spinPath = barePath{
	answers: map[string]lua.LValue{
		"lindex " + benchQueue:                  lua.LString(benchHead),
		"zscore " + benchTimeouts + benchHead:   lua.LString("1700000900000"),
		"zscore " + benchTimeouts + benchWaiter: lua.LString("1700000950000"),
		"exists " + benchLock:                   lua.LNumber(0),
		"exists " + benchQueue:                  lua.LNumber(1),
		"hexists " + benchLock:                  lua.LNumber(0),
		"pttl " + benchLock:                     lua.LNumber(-2),
	},
	calls: 8, reply: lua.LNumber(0),
}

// reentryPath: the holder again, nobody queued: lindex (empty), exists,
// hexists, hincrby, pexpire: nil.
var reentryPath = barePath{
	answers: map[string]lua.LValue{
		"lindex " + benchQueue: lua.LFalse,
		"exists " + benchLock:  lua.LNumber(1),
		"hexists " + benchLock: lua.LNumber(1),
		"hincrby " + benchLock: lua.LNumber(2),
		"pexpire " + benchLock: lua.LNumber(1),
	},
	calls: 5, reply: lua.LNil,
}

// bareRate measures, for about a second, how many times a bare gopher-lua
// state runs the 4.7.0 fair acquire by benchWaiter along path, redis.call
// answering from the path's constants: the floor of a run of that script.
func bareRate(b *testing.B, path barePath) float64 {
	sc, err := conformance.Embedded(fairLong470) // compiled as the engine runs it
	if err != nil {
		b.Fatal(err)
	}
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	sim.OpenScriptLibs(L)
	calls := 0
	rt := L.NewTable()
	rt.RawSetString("call", L.NewFunction(func(L *lua.LState) int {
		calls++
		cmd := L.CheckString(1)
		k := cmd + " " + L.CheckString(2)
		if cmd == "zscore" {
			k += L.CheckString(3)
		}
		v, ok := path.answers[k]
		if !ok {
			L.RaiseError("no answer for %q", k)
		}
		L.Push(v)
		return 1
	}))
	L.SetGlobal("redis", rt)
	keys, argv := L.NewTable(), L.NewTable()
	for i, k := range []string{benchLock, benchQueue, benchTimeouts} {
		keys.RawSetInt(i+1, lua.LString(k))
	}
	for i, a := range []string{"30000", benchWaiter, "5000", "1700000000000"} {
		argv.RawSetInt(i+1, lua.LString(a))
	}
	L.SetGlobal("KEYS", keys)
	L.SetGlobal("ARGV", argv)
	fn := sc.Function(L)
	run := func() {
		L.Push(fn)
		if err := L.PCall(0, 1, nil); err != nil {
			b.Fatal(err)
		}
		if got := L.Get(-1); got != path.reply {
			b.Fatalf("the path answered %v, want %v", got, path.reply)
		}
		L.Pop(1)
	}
	run()
	if calls != path.calls {
		b.Fatalf("the path made %d redis.call calls, want %d", calls, path.calls)
	}
	n, start := 0, time.Now()
	for time.Since(start) < time.Second {
		for range 1000 {
			run()
		}
		n += 1000
	}
	return float64(n) / time.Since(start).Seconds()
}
