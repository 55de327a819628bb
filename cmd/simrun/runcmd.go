package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/sim"
)

// runFlags are the flags every run-shaped subcommand shares.
type runFlags struct {
	algo, preset, scripts string
	mutant                string
	seed                  uint64
	safety, liveness      sim.Duration
	procs, threads        int
	client                clients.ClientOverrides
	skipFaults            string
	watchdog, threadWait  sim.Duration
	timeout, retryIvl     sim.Duration
	vizDir                string // run only: where linearizability visualizations go
}

func (rf *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&rf.algo, "algo", "", "lock `algorithm` (one of the names in 'simrun help')")
	fs.StringVar(&rf.preset, "preset", "none", "fault `preset`: none, crash, pause, net, skew, failover, all")
	fs.StringVar(&rf.scripts, "scripts", "", "run the Redisson algorithm on your own script `DIR`")
	fs.StringVar(&rf.mutant, "mutant", "", "run a mutant of the algorithm from the catalog (simrun mutants) by `NAME`")
	fs.Uint64Var(&rf.seed, "seed", 1, "the run's `seed`")
	fs.Var(durationFlag{&rf.safety}, "safety", "length of the safety phase (with faults), e.g. 3m")
	fs.Var(durationFlag{&rf.liveness}, "liveness", "length of the liveness phase (faults healed), e.g. 2m")
	fs.IntVar(&rf.procs, "procs", 0, "client processes (0: drawn from the seed)")
	fs.IntVar(&rf.threads, "threads", 0, "threads per process (0: drawn from the seed)")
	fs.Var(durationFlag{&rf.watchdog}, "lock-watchdog-timeout", "Redisson Config.lockWatchdogTimeout (default 30s)")
	fs.Var(durationFlag{&rf.threadWait}, "thread-wait-time", "RedissonFairLock threadWaitTime, 3.16.8 only (default 5m)")
	fs.Var(durationFlag{&rf.timeout}, "timeout", "Redisson Config.timeout (default 3s)")
	fs.Var(durationFlag{&rf.retryIvl}, "retry-interval", "Redisson Config.retryInterval (default 1.5s)")
	fs.IntVar(&rf.client.RetryAttempts, "retry-attempts", 0, "Redisson Config.retryAttempts (0: the default, 3)")
	fs.StringVar(&rf.skipFaults, "skip-faults", "", "leave out these faults of the drawn plan (indices, e.g. 0,2)")
}

// parseSkip reads --skip-faults.
func parseSkip(s string) ([]int, error) {
	if s == "" || s == "-" {
		return nil, nil
	}
	var out []int
	for _, p := range strings.Split(s, ",") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad --skip-faults %q (want indices like 0,2)", s)
		}
		out = append(out, n)
	}
	return out, nil
}

func (rf *runFlags) config() clients.RunConfig {
	skip, _ := parseSkip(rf.skipFaults) // validated in runRun
	return clients.RunConfig{SkipFaults: skip, Algo: rf.algo, Seed: rf.seed, Preset: rf.preset, Scripts: rf.scripts, Mutant: rf.mutant,
		Safety: rf.safety, Liveness: rf.liveness, Procs: rf.procs, Threads: rf.threads,
		Client: clients.ClientOverrides{LockWatchdogTimeout: rf.watchdog.Ms(), ThreadWaitTime: rf.threadWait.Ms(),
			Timeout: rf.timeout.Ms(), RetryAttempts: rf.client.RetryAttempts, RetryInterval: rf.retryIvl.Ms()}}
}

// durationFlag parses virtual durations such as 250ms, 35s or 5m.
type durationFlag struct{ d *sim.Duration }

func (f durationFlag) String() string {
	if f.d == nil {
		return ""
	}
	return f.d.String()
}

func (f durationFlag) Set(s string) error {
	d, err := sim.ParseDuration(s)
	if err != nil {
		return err
	}
	if d <= 0 {
		return fmt.Errorf("duration %q must be positive", s)
	}
	*f.d = d
	return nil
}

// runRun implements `simrun run --algo NAME --seed N --preset P [--trace FILE] [--check-determinism]`.
func runRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var rf runFlags
	rf.register(fs)
	tracePath := fs.String("trace", "", "write the run's JSON Lines trace to `FILE` (atomically)")
	checkDet := fs.Bool("check-determinism", false, "run twice and compare the traces byte for byte (exit 3 on a difference)")
	noShrink := fs.Bool("no-shrink", false, "tell a bug-class violation on this run as it is, without shrinking it first")
	fs.StringVar(&rf.vizDir, "viz-dir", ".", "write porcupine's HTML visualization of a linearizability violation into `DIR`")
	if err := fs.Parse(args); err != nil {
		return usage(stderr, "run: "+err.Error())
	}
	if fs.NArg() > 0 {
		return usage(stderr, "run: unexpected argument "+strconv.Quote(fs.Arg(0)))
	}
	if rf.algo == "" {
		return usage(stderr, "run: --algo is required")
	}
	if _, err := parseSkip(rf.skipFaults); err != nil {
		return usage(stderr, "run: "+err.Error())
	}
	cfg := rf.config()
	var r *clients.Run
	var err error
	var lines [][]byte
	keep := func(r *clients.Run) {
		r.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
	}
	if *tracePath != "" {
		err = atomicfile.Write(*tracePath, func(w io.Writer) error {
			r, err = clients.NewRun(cfg, w)
			if err != nil {
				return err
			}
			keep(r)
			r.Execute()
			return r.World.Tracer().Flush()
		})
	} else {
		r, err = clients.NewRun(cfg, nil)
		if err == nil {
			keep(r)
			r.Execute()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "simrun run: %v\n", err)
		return exitUsage
	}
	for _, h := range r.Header {
		fmt.Fprintln(stdout, h)
	}
	for _, s := range r.Summary() {
		fmt.Fprintln(stdout, s)
	}
	code := report(r, lines, cfg, rf, stdout)
	if code == exitViolated && !*noShrink {
		shrinkAndTell(r, cfg, stdout)
	}
	if *checkDet {
		again, err := clients.NewRun(cfg, nil)
		if err != nil {
			fmt.Fprintf(stderr, "simrun run: %v\n", err)
			return exitHarness
		}
		again.Execute()
		a, b := r.World.Tracer(), again.World.Tracer()
		if a.Sum() != b.Sum() || a.Lines() != b.Lines() {
			fmt.Fprintf(stderr, "simrun run: non-determinism: two runs of the same seed gave traces %016x (%d lines) and %016x (%d lines)\n", a.Sum(), a.Lines(), b.Sum(), b.Lines())
			return exitHarness
		}
		fmt.Fprintf(stdout, "determinism: two runs gave the same trace (%016x, %d lines)\n", a.Sum(), a.Lines())
	}
	return code
}

// report checks a finished run and tells each violation as a story; it
// returns exit 1 when one is a bug, else 0.
func report(r *clients.Run, lines [][]byte, cfg clients.RunConfig, rf runFlags, stdout io.Writer) int {
	violations, lin, fencing := checkRunFull(r)
	code := exitOK
	for _, v := range violations {
		fmt.Fprintf(stdout, "\n%s\n", v)
		for _, l := range story(v, r.History, lines) {
			fmt.Fprintln(stdout, "  "+l)
		}
		switch v.Property {
		case "mutex":
			fmt.Fprintln(stdout, "  fencing: "+fencing.String())
		case "linearizable":
			if rf.vizDir != "" {
				path := filepath.Join(rf.vizDir, fmt.Sprintf("linearizability-%s-%s-seed%d.html", cfg.Algo, cfg.Preset, cfg.Seed))
				if err := atomicfile.Write(path, lin.Visualize); err != nil {
					fmt.Fprintf(stdout, "  visualization: not written: %v\n", err)
				} else {
					fmt.Fprintln(stdout, "  visualization (porcupine, faults annotated): "+path)
				}
			}
		}
		fmt.Fprintln(stdout, "  reproduce: "+reproduce(cfg, rf))
		if v.Class == checks.Bug {
			code = exitViolated
		}
	}
	if len(violations) == 0 {
		fmt.Fprintln(stdout, "no violation")
	}
	return code
}

// shrinkAndTell shrinks the run to a minimal one that still shows its first
// bug-class violation and tells that run's story.
func shrinkAndTell(r *clients.Run, cfg clients.RunConfig, stdout io.Writer) {
	var target checks.Violation
	for _, v := range checkRun(r) {
		if v.Class == checks.Bug {
			target = v
			break
		}
	}
	small, tries := shrink(cfg, target)
	var lines [][]byte
	sr, err := clients.NewRun(small, nil)
	if err != nil {
		return
	}
	sr.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
	sr.Execute()
	fmt.Fprintf(stdout, "\nshrunk (%d runs tried) to %d processes × %d threads, %s + %s, %d of %d faults:\n",
		tries, small.Procs, small.Threads, small.Safety, small.Liveness, len(sr.Plan.Faults)-len(small.SkipFaults), len(sr.Plan.Faults))
	for _, v := range checkRun(sr) {
		if v.Property == target.Property && v.Class == target.Class {
			fmt.Fprintf(stdout, "%s\n", v)
			for _, l := range story(v, sr.History, lines) {
				fmt.Fprintln(stdout, "  "+l)
			}
			fmt.Fprintln(stdout, "  reproduce: "+reproduce(small, runFlags{}))
			return
		}
	}
}
