package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// BenchmarkFastForward measures, side by side in one run on one machine,
// what the fast-forward of retry loops (sim/spin.go) buys:
//
//   - single runs of fairlock-4.7.0: `simrun run` of the run the issue
//     names (seed 1, preset all), fast-forwarded and --step-by-step, as
//     subprocesses; and the costliest spins of the main job's range
//     (seeds 1-20, each simulated and checked), both ways;
//   - the main job: its runs and confirmations as it makes them now
//     (every algorithm at Redisson's defaults, fast-forwarded) and as it
//     made them before (fairlock-4.7.0 at fairLockWaitTimeout 5 s, step by
//     step), each on every core; and the whole `simrun` main job as a
//     subprocess, wall and CPU time.
//
// The times depend on the machine and on what else runs on it; the
// ratios are measured in the same run. With LOCKSIM_BENCH_REPORT=1 it
// writes results/fast-forward.md. Run it with -benchtime 1x: one pass
// takes minutes.
func BenchmarkFastForward(b *testing.B) {
	var rep strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&rep, format, args...) }
	cores := runtime.GOMAXPROCS(0)
	w("# The fast-forward of retry loops: what it buys\n\n")
	w("Made by: `LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkFastForward -benchtime 1x -timeout 60m ./cmd/simrun/`\n")
	w("on %s/%s, GOMAXPROCS=%d. Times depend on the machine and on what else ran on it; each ratio compares two\n", runtime.GOOS, runtime.GOARCH, cores)
	w("measurements of the same run. The fast-forward is exact (internal/spintest holds it to the step-by-step run).\n\n")

	// `simrun run` of the seed, as the command runs it.
	w("## `simrun run --algo fairlock-4.7.0 --seed 1 --preset all`\n\n| how | wall | CPU |\n|---|---:|---:|\n")
	args := []string{"run", "--algo", "fairlock-4.7.0", "--seed", "1", "--preset", "all", "--viz-dir", ""}
	fw, fc := timeSimrun(b, args...)
	sw, sc := timeSimrun(b, append(args, "--step-by-step")...)
	w("| fast-forwarded | %s | %s |\n| --step-by-step | %s | %s |\n\n", secs(fw), secs(fc), secs(sw), secs(sc))
	w("**%.1f× faster** (wall). That run spins little on this code: its waiters mostly sleep out their ttls (the\n", sw.Seconds()/fw.Seconds())
	w("169 s the issue measured came from an earlier workload's draws); the runs below are the ones that spin.\n\n")
	b.ReportMetric(sw.Seconds()/fw.Seconds(), "run-seed1-all-x")
	// The same command in this process (no process start, scripts
	// compiled once), and the run alone, simulated and checked: what of
	// the command's time is the spin's.
	fi, si := inProcess(b, args, 20), inProcess(b, append(args, "--step-by-step"), 3)
	seed1 := run.Config{Algo: "fairlock-4.7.0", Seed: 1, Preset: "all"}
	fr := meanOf(20, func() time.Duration { d, _, _, _ := checkedRun(b, seed1); return d })
	seed1.StepByStep = true
	sr := meanOf(3, func() time.Duration { d, _, _, _ := checkedRun(b, seed1); return d })
	w("| in this process, mean of 20 and of 3 | fast-forwarded | step by step | faster |\n|---|---:|---:|---:|\n")
	w("| the command (run, confirmations, stories) | %s | %s | %.1f× |\n", ms(fi), ms(si), si.Seconds()/fi.Seconds())
	w("| the run alone, simulated and checked | %s | %s | %.1f× |\n\n", ms(fr), ms(sr), sr.Seconds()/fr.Seconds())
	w("What stays when the spin is fast-forwarded is the run's other events and the checker's work: the\n")
	w("confirmations' counterfactual runs, the checks, the stories and, as a process, its start.\n\n")

	// The costliest spins of seeds 1-20, simulated and checked.
	w("## The costliest spins of the main job's range, simulated and checked\n\n")
	w("| run | events | script runs sampled (fast-forwarded) | script runs elided | fast-forwarded | step by step | faster |\n|---|---:|---:|---:|---:|---:|---:|\n")
	var fastAll, slowAll time.Duration
	for _, c := range []struct {
		preset string
		seed   uint64
	}{{"crash", 15}, {"all", 15}, {"crash", 5}, {"points", 5}, {"crash", 16}} {
		cfg := run.Config{Algo: "fairlock-4.7.0", Seed: c.seed, Preset: c.preset}
		fast, ev, samples, elided := checkedRun(b, cfg)
		cfg.StepByStep = true
		slow, _, _, _ := checkedRun(b, cfg)
		fastAll += fast
		slowAll += slow
		w("| `--seed %d --preset %s` | %d | %d | %d | %s | %s | %.0f× |\n", c.seed, c.preset, ev, samples, elided, secs(fast), secs(slow), slow.Seconds()/fast.Seconds())
	}
	w("| **all five** | | | | %s | %s | **%.0f×** |\n\n", secs(fastAll), secs(slowAll), slowAll.Seconds()/fastAll.Seconds())
	b.ReportMetric(slowAll.Seconds()/fastAll.Seconds(), "costliest-runs-x")

	// The main job's runs and confirmations, now and before.
	w("## The main job (seeds 1-20, every algorithm × preset, every excuse confirmed)\n\n")
	now := jobTime(b, cores, func(algo string, seed uint64, preset string) run.Config {
		return run.SweepConfig(algo, seed, preset)
	})
	before := jobTime(b, cores, func(algo string, seed uint64, preset string) run.Config {
		cfg := run.Config{Algo: algo, Seed: seed, Preset: preset, StepByStep: true}
		if algo == "fairlock-4.7.0" {
			cfg.Client.ThreadWaitTime = 5000 // the SpinBound the job had
		}
		return cfg
	})
	jw, jc := timeSimrun(b)
	w("| job | wall on %d workers |\n|---|---:|\n", cores)
	w("| runs and confirmations as now: Redisson's defaults, fast-forwarded | %s |\n", secs(now))
	w("| runs and confirmations as before: fairlock-4.7.0 at fairLockWaitTimeout 5 s, step by step | %s |\n", secs(before))
	w("| the whole `simrun` main job now (a process: runs, confirmations, coverage seeds, report) | %s (CPU %s) |\n\n", secs(jw), secs(jc))
	w("**Now / before: %.2f** of the time, the defaults simulated in full where the job used to shorten\n", now.Seconds()/before.Seconds())
	w("fairlock-4.7.0's fair wait; no check is dropped (the same properties, the same confirmations).\n")
	b.ReportMetric(now.Seconds()/before.Seconds(), "job-now/before")
	b.ReportMetric(jw.Seconds(), "mainjob-wall-s")
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		if err := atomicfile.WriteBytes("../../results/fast-forward.md", []byte(rep.String())); err != nil {
			b.Fatal(err)
		}
	}
}

// checkedRun simulates and checks cfg as a sweep does (no trace), and
// returns the time, the events, the samples and the elided runs.
func checkedRun(b *testing.B, cfg run.Config) (time.Duration, uint64, int, int) {
	start := time.Now()
	r, err := run.New(cfg, sim.Untraced)
	if err != nil {
		b.Fatal(err)
	}
	r.Execute()
	if err := r.Err(); err != nil {
		b.Fatal(err)
	}
	verdict.Check(r)
	el := time.Since(start)
	elided := 0
	for _, e := range r.History.Elided {
		elided += e.Runs
	}
	ev, samples := r.World.Steps(), len(r.History.Store)
	r.Recycle()
	return el, ev, samples, elided
}

// jobTime runs the main job's runs and confirmations (seeds 1-20, every
// algorithm and preset) on workers, each as config makes it.
func jobTime(b *testing.B, workers int, config func(algo string, seed uint64, preset string) run.Config) time.Duration {
	type job struct {
		algo, preset string
		seed         uint64
	}
	var jobs []job
	for _, a := range clients.Algorithms {
		for _, p := range sim.Presets {
			for s := uint64(1); s <= 20; s++ {
				jobs = append(jobs, job{a, p, s})
			}
		}
	}
	start := time.Now()
	verdict.Batch{Workers: workers}.Run(context.Background(), "job", uint64(len(jobs)), verdict.ConfirmConfig,
		func(i uint64) run.Config { return config(jobs[i].algo, jobs[i].seed, jobs[i].preset) },
		func(i uint64, _ run.Config, o verdict.Outcome) {
			if o.Err != nil {
				b.Fatalf("%s %s %d: %v", jobs[i].algo, jobs[i].preset, jobs[i].seed, o.Err)
			}
		})
	return time.Since(start)
}

// timeSimrun runs simrun with args as a process of its own (this test
// binary as simrun) and returns its wall and CPU time.
func timeSimrun(b *testing.B, args ...string) (wall, cpu time.Duration) {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "LOCKSIM_TEST_AS_SIMRUN=1")
	start := time.Now()
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			b.Fatal(err)
		}
	}
	wall = time.Since(start)
	if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu = time.Duration(u.Utime.Nano() + u.Stime.Nano())
	}
	return wall, cpu
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// inProcess is the mean time of n runs of simrun with args in this
// process, after one run that warms it (scripts compiled, tables made).
func inProcess(b *testing.B, args []string, n int) time.Duration {
	once := func() time.Duration {
		start := time.Now()
		if code := runContext(context.Background(), args, io.Discard, io.Discard); code > exitViolated {
			b.Fatalf("simrun %s: exit %d", strings.Join(args, " "), code)
		}
		return time.Since(start)
	}
	once()
	return meanOf(n, once)
}

// meanOf is the mean of n times f's time.
func meanOf(n int, f func() time.Duration) time.Duration {
	var sum time.Duration
	for i := 0; i < n; i++ {
		sum += f()
	}
	return sum / time.Duration(n)
}
