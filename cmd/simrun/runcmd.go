package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/jobspec"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/story"
	"github.com/locksim/locksim/verdict"
)

// runFlags are the flags every run-shaped subcommand shares.
type runFlags struct {
	algo, preset, scripts string
	mutant                string
	seed                  uint64
	safety, liveness      sim.Duration
	procs, threads        int
	clientFlags
	skipFaults string
	stepByStep bool
	vizDir     string // run only: where linearizability visualizations go
	noConfirm  bool   // run only: skip the counterfactual runs that confirm excuses
	stories    int    // run only: violations told as stories, the rest in a line each (0: all)
	focus      focus  // run only: the one violation to tell
	jobFile    string // run only: the job file whose catalogue judges the run
}

// judge is the judge of the run: the catalogue of --job's file, else the
// main job's. Its error names the file and the place in it.
func (rf runFlags) judge() (verdict.Judge, error) {
	if rf.jobFile == "" {
		return verdict.Default, nil
	}
	spec, err := jobspec.Load(rf.jobFile)
	if err != nil {
		return verdict.Judge{}, fmt.Errorf("--job: %v", err)
	}
	return verdict.Judge{Job: spec}, nil
}

// focus is run's --focus: PROPERTY, PROPERTY@SECONDS or N. Set picks one
// violation of a run: the N-th (from 1), or of PROPERTY the first, or the
// one nearest SECONDS.
type focus struct {
	set      bool
	property string
	at       sim.Time
	timed    bool
	index    int
}

func (f *focus) String() string {
	switch {
	case !f.set:
		return ""
	case f.index > 0:
		return strconv.Itoa(f.index)
	case f.timed:
		return fmt.Sprintf("%s@%s", f.property, strconv.FormatFloat(float64(f.at)/1e6, 'f', -1, 64))
	}
	return f.property
}

func (f *focus) Set(v string) error {
	bad := fmt.Errorf("bad focus %s: want PROPERTY, PROPERTY@SECONDS (e.g. mutex@113.584) or the violation's number N from 1; properties: %s", flagx.Quote(v), strings.Join(verdict.Properties, ", "))
	if n, err := strconv.Atoi(v); err == nil {
		if n < 1 || n > 1_000_000 {
			return bad
		}
		*f = focus{set: true, index: n}
		return nil
	}
	prop, at, timed := strings.Cut(v, "@")
	if !slices.Contains(verdict.Properties, prop) {
		return bad
	}
	*f = focus{set: true, property: prop, timed: timed}
	if timed {
		s, err := strconv.ParseFloat(at, 64)
		if err != nil || s < 0 || s > 2*float64(maxPhase)/1e6 || math.IsNaN(s) {
			return bad
		}
		f.at = sim.Time(math.Round(s * 1e6))
	}
	return nil
}

// pick is the index in vs of the violation f names, -1 when none is.
func (f *focus) pick(vs []checks.Violation) int {
	if f.index > 0 {
		if f.index <= len(vs) {
			return f.index - 1
		}
		return -1
	}
	best := -1
	for i, v := range vs {
		if v.Property != f.property {
			continue
		}
		if !f.timed {
			return i
		}
		d := func(j int) sim.Duration { return max(vs[j].At.Sub(f.at), f.at.Sub(vs[j].At)) }
		if best < 0 || d(i) < d(best) {
			best = i
		}
	}
	return best
}

// Bounds of the run flags. A run simulates every process and thread of its
// workload event by event: 64 processes of 32 threads each over a day of
// virtual time is far beyond any lock test and still finishes.
const (
	maxProcs         = 64
	maxThreads       = 32
	maxPhase         = 24 * sim.Hour
	maxRetryAttempts = clients.MaxRetryAttempts
	maxClientSetting = clients.MaxSettingMs * sim.Millisecond
)

// durationVar defines a virtual duration flag (250ms, 35s, 5m) accepted
// from min to max.
func durationVar(fs *flag.FlagSet, p *sim.Duration, name string, min, max sim.Duration, usage string) {
	fs.Var(flagx.Range[sim.Duration]{P: p, Min: min, Max: max, Parse: sim.ParseDuration, Format: formatDuration},
		name, fmt.Sprintf("%s (%s to %s)", usage, min, max))
}

// formatDuration is a flag's duration; zero (the default the usage names)
// prints as nothing.
func formatDuration(d sim.Duration) string {
	if d == 0 {
		return ""
	}
	return d.String()
}

// register adds the run flags to fs. seed says whether the command takes
// --seed (run, replay); one that runs a seed range (sweep) refuses it with
// a word on --seeds, and does not list it.
func (rf *runFlags) register(fs *flag.FlagSet, seed bool) {
	fs.StringVar(&rf.algo, "algo", "", "lock `algorithm`: "+strings.Join(clients.Algorithms, ", "))
	fs.StringVar(&rf.preset, "preset", "none", "fault `preset`: "+strings.Join(sim.Presets, ", "))
	fs.StringVar(&rf.scripts, "scripts", "", "run the Redisson algorithm on your own script `DIR` (any subset; the rest embedded)")
	fs.StringVar(&rf.mutant, "mutant", "", "run a mutant of the Redisson algorithm from the catalog (simrun mutants) by `NAME`")
	if seed {
		flagx.Uint64Var(fs, &rf.seed, "seed", 1, "the run's `seed`")
	} else {
		rf.seed = 1
		fs.Var(flagx.Refused("does not apply (a sweep runs --seeds LO-HI)"), "seed", "")
	}
	durationVar(fs, &rf.safety, "safety", sim.Second, maxPhase, "`length` of the safety phase, with faults (default 3m)")
	durationVar(fs, &rf.liveness, "liveness", sim.Second, maxPhase, "`length` of the liveness phase, faults healed (default 2m)")
	flagx.IntVar(fs, &rf.procs, "procs", 0, 0, maxProcs, "`N` client processes (0: drawn from the seed)")
	flagx.IntVar(fs, &rf.threads, "threads", 0, 0, maxThreads, "`N` threads per process (0: drawn from the seed)")
	rf.clientFlags.register(fs)
	fs.Var((*skipFaults)(&rf.skipFaults), "skip-faults", "leave out these faults of the drawn plan (`indices`, e.g. 0,2)")
	fs.BoolVar(&rf.stepByStep, "step-by-step", false, "run every iteration of a retry loop that makes no progress (4.7.0's fair spin) as its own events instead of fast-forwarding it: the same run, slower, a trace line per script")
}

// skipFaults is the value of --skip-faults: distinct fault indices
// (run.ParseSkipFaults), "" or "-" for none.
type skipFaults string

func (s *skipFaults) String() string { return string(*s) }

func (s *skipFaults) Set(v string) error {
	if _, err := run.ParseSkipFaults(v); err != nil {
		return fmt.Errorf("want distinct fault indices from 0 to %d, e.g. 0,2", run.MaxFaultIndex)
	}
	*s = skipFaults(v)
	return nil
}

// clientFlags are the flags of Redisson's client settings
// (clients.ClientOverrides), which run, sweep and explore take alike.
type clientFlags struct {
	watchdog, threadWait sim.Duration
	timeout, retryIvl    sim.Duration
	subTimeout           sim.Duration
	retryAttempts        int
}

// settingNames are the flags clientFlags registers.
var settingNames = []string{"lock-watchdog-timeout", "thread-wait-time", "timeout", "retry-attempts", "retry-interval", "subscription-timeout"}

func (cf *clientFlags) register(fs *flag.FlagSet) {
	durationVar(fs, &cf.watchdog, "lock-watchdog-timeout", clients.MinWatchdogMs*sim.Millisecond, maxClientSetting, "Redisson Config.lockWatchdogTimeout, a `duration` (default 30s)")
	durationVar(fs, &cf.threadWait, "thread-wait-time", sim.Millisecond, maxClientSetting, "RedissonFairLock threadWaitTime, a `duration`, fairlock-3.16.8 and fairlock-4.7.0 only (default 5m)")
	durationVar(fs, &cf.timeout, "timeout", sim.Millisecond, maxClientSetting, "Redisson Config.timeout, a `duration` (default 3s)")
	durationVar(fs, &cf.retryIvl, "retry-interval", sim.Millisecond, maxClientSetting, "Redisson Config.retryInterval, a `duration` (default 1.5s)")
	durationVar(fs, &cf.subTimeout, "subscription-timeout", sim.Millisecond, maxClientSetting, "Redisson 4.7.0 Config.subscriptionTimeout, a `duration`, the 4.7.0 locks only (default 7.5s)")
	flagx.IntVar(fs, &cf.retryAttempts, "retry-attempts", 0, 0, maxRetryAttempts, "Redisson Config.retryAttempts, `N` (0: the default, 3)")
}

// overrides are the settings the flags change (zero: the default).
func (cf *clientFlags) overrides() clients.ClientOverrides {
	return clients.ClientOverrides{LockWatchdogTimeout: cf.watchdog.Ms(), ThreadWaitTime: cf.threadWait.Ms(),
		Timeout: cf.timeout.Ms(), RetryAttempts: cf.retryAttempts, RetryInterval: cf.retryIvl.Ms(),
		SubscriptionTimeout: cf.subTimeout.Ms()}
}

// check refuses a setting algo does not have: none for the simple locks,
// threadWaitTime only where it is configurable, subscriptionTimeout only
// for 4.7.0. set are the flags given.
func (cf *clientFlags) check(set map[string]bool, algo string) error {
	if !isRedisson(algo) {
		for _, name := range settingNames {
			if set[name] {
				return flagx.Phrasef(name, "does not apply to %s (only the Redisson algorithms, rlock-* and fairlock-*, run scripts and take Redisson settings)", algo)
			}
		}
	}
	if waits := clients.AlgosWhere(func(o *clients.Options) bool { return o.Fair && !o.FixedThreadWait() }); set["thread-wait-time"] && !slices.Contains(waits, algo) {
		return flagx.Phrasef("thread-wait-time", "does not apply to %s (only %s have a configurable threadWaitTime; 3.8.1 fixes it at 5000 ms)", algo, strings.Join(waits, " and "))
	}
	if subs := clients.AlgosWhere(func(o *clients.Options) bool { return o.SubscriptionTimeout > 0 }); set["subscription-timeout"] && !slices.Contains(subs, algo) {
		return flagx.Phrasef("subscription-timeout", "does not apply to %s (only %s have Config.subscriptionTimeout)", algo, strings.Join(subs, ", "))
	}
	return nil
}

// redissonOnly are the flags that only the Redisson algorithms take: the
// simple locks run no script of the registry and have no Redisson Config.
var redissonOnly = []string{"scripts", "mutant"}

// isRedisson reports whether algo is one of Redisson's locks.
func isRedisson(algo string) bool {
	_, _, redisson := clients.RedissonAlgo(algo)
	return redisson
}

// check validates the flags that fs set against each other, before any
// work: the algorithm and preset exist, no flag is given that the
// algorithm would ignore or that contradicts another. Errors about a flag
// are *flagx.Error. (Each value was checked as it was parsed: ranges,
// --skip-faults.) verify then checks what the flags name.
func (rf *runFlags) check(fs *flag.FlagSet) error {
	if rf.algo == "" {
		return flagx.Phrasef("algo", "is required (one of %s)", strings.Join(clients.Algorithms, ", "))
	}
	if err := clients.CheckAlgo(rf.algo); err != nil {
		return flagx.Errorf("algo", "%v", err)
	}
	if err := sim.CheckPreset(rf.preset); err != nil {
		return flagx.Errorf("preset", "%v", err)
	}
	set := flagx.Visited(fs)
	if !isRedisson(rf.algo) {
		for _, name := range redissonOnly {
			if set[name] {
				return flagx.Phrasef(name, "does not apply to %s (only the Redisson algorithms, rlock-* and fairlock-*, run scripts and take Redisson settings)", rf.algo)
			}
		}
	}
	if err := rf.clientFlags.check(set, rf.algo); err != nil {
		return err
	}
	if rf.mutant != "" && rf.scripts != "" {
		return flagx.Phrasef("scripts", "does not go with --mutant (a mutant runs the catalog's scripts, not a directory's: give one or the other)")
	}
	return nil
}

// verify checks, before any work, what the flags name: the mutant is one
// of the algorithm's, the script directory holds a script the algorithm
// sends, the run can be built, and the faults --skip-faults leaves out are
// faults of the plan. single says the run is of rf.seed alone; a range
// of seeds (sweep, rf.seed its first) draws a plan for each seed, and only
// a preset that draws no fault is known to have none to leave out. Errors
// about a flag are *flagx.Error.
func (rf *runFlags) verify(single bool) error {
	if rf.mutant != "" {
		m, err := clients.LookupMutant(rf.mutant)
		if err != nil {
			return flagx.Errorf("mutant", "%v", err)
		}
		if m.Algo != rf.algo {
			return flagx.Errorf("mutant", "%s runs under %s, not %s", m.Name, m.Algo, rf.algo)
		}
	}
	if rf.scripts != "" {
		if err := checkScriptsDir(rf.algo, rf.scripts); err != nil {
			return flagx.Wrap("scripts", err)
		}
	}
	cfg := rf.config()
	r, err := run.New(cfg, nil)
	if err != nil {
		return err
	}
	if len(cfg.SkipFaults) == 0 {
		return nil
	}
	n := len(r.Plan.Faults)
	for _, i := range cfg.SkipFaults {
		switch {
		case !single && rf.preset == "none":
			return flagx.Errorf("skip-faults", "preset none draws no fault to leave out")
		case single && i >= n && n == 0:
			return flagx.Errorf("skip-faults", "fault %d is not in the plan: seed %d of preset %s draws no fault", i, cfg.Seed, cfg.Preset)
		case single && i >= n:
			return flagx.Errorf("skip-faults", "fault %d is not in the plan: seed %d of preset %s draws %d faults (0 to %d)", i, cfg.Seed, cfg.Preset, n, n-1)
		}
	}
	return nil
}

// validate is everything run holds its flags to once they are parsed
// (each value was checked as it was set): check, then verify. A trace's
// run header is held to the same (checkHeader), sweep too (single false).
func (rf *runFlags) validate(fs *flag.FlagSet, single bool) error {
	if err := rf.check(fs); err != nil {
		return err
	}
	return rf.verify(single)
}

// checkScriptsDir checks that dir loads (every .lua file in it a script of
// the registry that compiles) and holds at least one script algo sends: a
// directory of another version's scripts, or only of another lock's,
// would run the embedded scripts under the directory's name.
func checkScriptsDir(algo, dir string) error {
	version, fair, _ := clients.RedissonAlgo(algo)
	set, err := clients.LoadScripts(version, dir)
	if err != nil {
		return err
	}
	fenced := strings.HasPrefix(algo, "fencedlock-")
	sent := set.All(fair, fenced)
	if fenced {
		sent = append(sent, set.FencedAcquire)
	}
	var ids []string
	for _, sc := range sent {
		if set.File(sc.ID) != "" {
			return nil
		}
		ids = append(ids, sc.ID)
	}
	return fmt.Errorf("%s: no script of %s (%s): it sends %s", dir, algo, version, strings.Join(ids, ", "))
}

func (rf *runFlags) config() run.Config {
	skip, _ := run.ParseSkipFaults(rf.skipFaults) // validated by check
	return run.Config{SkipFaults: skip, Algo: rf.algo, Seed: rf.seed, Preset: rf.preset, Scripts: rf.scripts, Mutant: rf.mutant,
		Safety: rf.safety, Liveness: rf.liveness, Procs: rf.procs, Threads: rf.threads, StepByStep: rf.stepByStep,
		Client: rf.overrides()}
}

// runRun implements `simrun run --algo NAME --seed N --preset P [--trace FILE] [--check-determinism]`.
func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runSeed(ctx, "run", args, stdout, stderr)
}

// runSeed is run, and replay of a seed given by flags: name is the
// subcommand, for the help and the messages.
func runSeed(ctx context.Context, name string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	var rf runFlags
	rf.register(fs, true)
	tracePath := fs.String("trace", "", "write the run's JSON Lines trace to `FILE` (a regular file atomically; a device, pipe or symlink target in place)")
	checkDet := fs.Bool("check-determinism", false, "run twice and compare the traces byte for byte (exit 3 on a difference)")
	noShrink := fs.Bool("no-shrink", false, "tell a bug-class violation on this run as it is, without shrinking it first")
	fs.BoolVar(&rf.noConfirm, "no-confirm", false, "do not confirm by-design excuses by counterfactual runs (each excusing fault left out)")
	fs.StringVar(&rf.vizDir, "viz-dir", ".", "write porcupine's HTML visualization of a linearizability violation into `DIR` (\"\": none)")
	flagx.IntVar(fs, &rf.stories, "stories", 0, 0, 1_000_000, "tell the first `N` violations as stories and each later one in a line (0: every one as a story)")
	fs.StringVar(&rf.jobFile, "job", "", "judge the run by the catalogue of the job file `FILE` (the main job's commands add it when they ran one); its settings are not applied: the flags set them")
	fs.Var(&rf.focus, "focus", "tell only one violation: `PROPERTY[@SECONDS]` (the first of PROPERTY, or the one nearest SECONDS, as the main job's commands give it) or its number N; the others are counted, not told, and the exit code is the told one's")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usage(stderr, name+": unexpected argument "+flagx.Quote(fs.Arg(0)))
	}
	// Everything the run needs is checked before it starts: the
	// configuration (scripts, mutant, settings, the plan's faults) and
	// the output paths.
	if err := rf.validate(fs, true); err != nil {
		return usage(stderr, name+": "+err.Error())
	}
	judge, err := rf.judge()
	if err != nil {
		return usage(stderr, name+": "+err.Error())
	}
	cfg := rf.config()
	if *tracePath != "" {
		if err := checkOutput("trace", *tracePath); err != nil {
			return usage(stderr, name+": "+err.Error())
		}
	}
	if rf.vizDir != "" {
		if err := checkOutput("viz-dir", filepath.Join(rf.vizDir, "linearizability.html")); err != nil {
			return usage(stderr, name+": "+err.Error())
		}
	}
	var r *run.Run
	var lines [][]byte
	var runErr error // the run's own failure, told apart from the trace's write
	execute := func(w io.Writer) error {
		var err error
		if r, err = run.New(cfg, w); err != nil {
			runErr = err
			return err
		}
		r.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
		r.Execute()
		if err := r.Err(); err != nil {
			runErr = err
			return err
		}
		return r.World.Tracer().Flush()
	}
	if *tracePath != "" {
		if err := atomicfile.Write(*tracePath, execute); err != nil {
			if runErr != nil {
				return runFailed(stderr, name, runErr)
			}
			return writeFailed(stderr, name, err)
		}
	} else if err := execute(nil); err != nil {
		return runFailed(stderr, name, err)
	}
	for _, h := range r.Header {
		fmt.Fprintln(stdout, h)
	}
	for _, s := range r.Summary() {
		fmt.Fprintln(stdout, s)
	}
	code, err := report(judge, r, lines, cfg, rf, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "simrun %s: %v\n", name, err)
		return code
	}
	if code == exitViolated && !*noShrink && !rf.focus.set {
		shrinkAndTell(stdout, judge, r, cfg, rf.jobFile)
	}
	if *checkDet {
		again, err := run.New(cfg, nil)
		if err != nil {
			fmt.Fprintf(stderr, "simrun %s: %v\n", name, err)
			return exitHarness
		}
		again.Execute()
		a, b := r.World.Tracer(), again.World.Tracer()
		if a.Sum() != b.Sum() || a.Lines() != b.Lines() {
			fmt.Fprintf(stderr, "simrun %s: non-determinism: two runs of the same seed gave traces %016x (%d lines) and %016x (%d lines)\n", name, a.Sum(), a.Lines(), b.Sum(), b.Lines())
			return exitHarness
		}
		fmt.Fprintf(stdout, "determinism: two runs gave the same trace (%016x, %d lines)\n", a.Sum(), a.Lines())
	}
	return code
}

// report checks a finished run and tells each violation as a story; it
// returns exit 1 when one is a bug, else 0. With an error it returns the
// exit code that goes with it: a visualization that could not be written
// (exitWrite), a counterfactual run that could not run (exitHarness; a
// script no Redis would finish, exitUsage).
func report(judge verdict.Judge, r *run.Run, lines [][]byte, cfg run.Config, rf runFlags, stdout io.Writer) (int, error) {
	res := judge.Check(r)
	violations, lin, fencing := res.Violations, res.Linearizability, res.Fencing
	others := 0
	if rf.focus.set {
		// one violation, told first and alone: the others are counted
		k := rf.focus.pick(violations)
		if k < 0 {
			fmt.Fprintf(stdout, "\nno violation matches --focus %s (%d in the run; without --focus each is told)\n", rf.focus.String(), len(violations))
			return exitOK, nil
		}
		others = len(violations) - 1 // the exit code is the told one's
		violations = violations[k : k+1]
	}
	if !rf.noConfirm {
		// An excuse names faults active in the violation's window; the run
		// again without them says whether they caused it.
		confirmed, err := judge.Confirm(cfg, violations)
		if err != nil {
			if isScriptLimit(err) { // a counterfactual run met a script no Redis would finish
				return exitUsage, err
			}
			return exitHarness, err
		}
		violations = confirmed
	}
	code := exitOK
	var werr error
	trace := story.NewTrace(lines) // the stories share their lines
	// visualize writes porcupine's picture of the run's linearizability
	// violation (one per run) and returns its path, "" when there is none.
	visualize := func() string {
		if rf.vizDir == "" || !lin.Drawable() {
			return ""
		}
		path := filepath.Join(rf.vizDir, fmt.Sprintf("linearizability-%s-%s-seed%d.html", cfg.Algo, cfg.Preset, cfg.Seed))
		if err := atomicfile.Write(path, lin.Visualize); err != nil {
			werr = err
			return ""
		}
		return path
	}
	for i, v := range violations {
		if v.Class == checks.Bug {
			code = exitViolated
		}
		if rf.stories > 0 && i >= rf.stories {
			if i == rf.stories {
				fmt.Fprintf(stdout, "\n%d more, in a line each (--stories 0 tells every one):\n", len(violations)-i)
			}
			fmt.Fprintf(stdout, "  %s\n", v)
			if v.Property == "linearizable" {
				if path := visualize(); path != "" {
					fmt.Fprintln(stdout, "    visualization: "+path)
				}
			}
			continue
		}
		fmt.Fprintln(stdout)
		tell(stdout, judge, v, r.History, trace)
		switch v.Property {
		case "mutex":
			fmt.Fprintln(stdout, "  fencing: "+fencing.String())
		case "linearizable":
			if path := visualize(); path != "" {
				fmt.Fprintln(stdout, "  visualization (porcupine, faults annotated): "+path)
			}
		}
		fmt.Fprintln(stdout, "  reproduce: "+run.WithJob(cfg.Command(), rf.jobFile))
	}
	if len(violations) == 0 {
		fmt.Fprintln(stdout, "no violation")
	}
	if others > 0 {
		fmt.Fprintf(stdout, "\n%d other violations in this run, not told (without --focus each is)\n", others)
	}
	if werr != nil {
		return exitWrite, werr
	}
	return code, nil
}
