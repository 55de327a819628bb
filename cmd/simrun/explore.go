package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/explore"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/memlimit"
	"github.com/locksim/locksim/jobspec"
	"github.com/locksim/locksim/report/exploration"
)

// exploreFlags are the flags that make an explore.Config.
type exploreFlags struct {
	algo, faults, scripts, mutant, ops string
	jobFile                            string
	threads, perProc, acquires         int
	wait, lease, replLag               int64
	replicas                           int
	maxStates, maxDepth                int
	maxMemory                          string
	workers                            int
	symmetry, pastKnown                bool
	clientFlags
}

// maxExploreBound bounds --max-states, --max-depth and --budget: a
// billion distinct states is far beyond what fits in memory.
const maxExploreBound = 1_000_000_000

func (f *exploreFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.algo, "algo", "", "the lock `algorithm`: "+strings.Join(clients.Algorithms, ", "))
	flagx.IntVar(fs, &f.threads, "threads", 2, 1, explore.MaxThreads, "`N` threads in all")
	flagx.IntVar(fs, &f.perProc, "per-proc", 1, 1, explore.MaxThreads, "`N` threads sharing one client process (one JVM: one watchdog entry, one pub/sub entry)")
	flagx.IntVar(fs, &f.acquires, "acquires", 1, 1, 9, "`K` lock()/unlock() cycles per thread, when --ops is not given")
	fs.StringVar(&f.ops, "ops", "", "what every thread does, in order: `OP,...` ("+strings.Join(explore.OpNames(), ", ")+")")
	flagx.Int64Var(fs, &f.wait, "wait", 0, 0, 3_600_000, "the tryLock wait of the ops that take one, `MS` (0: 5000)")
	flagx.Int64Var(fs, &f.lease, "lease", 0, 0, 3_600_000, "the explicit lease of the ops that take one, `MS` (0: 10000)")
	flagx.IntVar(fs, &f.replicas, "replicas", 0, 0, 1, "`N` replicas behind the master (0 or 1; Redisson 3.16.8 and 4.7.0 WAIT for them)")
	flagx.Int64Var(fs, &f.replLag, "repl-lag", 0, 0, explore.MaxDelay, "with --replicas: the replica applies each write within `MS` of it (0: 2000)")
	fs.StringVar(&f.faults, "faults", "none", "fault budget `KIND:COUNT,...` ("+strings.Join(explore.FaultNames(), ", ")+")")
	f.clientFlags.register(fs)
	fs.StringVar(&f.scripts, "scripts", "", "run the Redisson scripts in `DIR` instead of the embedded ones (Redisson algorithms only)")
	fs.StringVar(&f.mutant, "mutant", "", "run the catalog mutant `NAME` instead of the real algorithm (Redisson algorithms only)")
	flagx.IntVar(fs, &f.maxStates, "max-states", 0, 0, maxExploreBound, "stop after `N` distinct states (0: no limit)")
	flagx.IntVar(fs, &f.maxDepth, "max-depth", 0, 0, maxExploreBound, "do not expand states deeper than `N` steps (0: no limit)")
	fs.StringVar(&f.maxMemory, "max-memory", "", "stop when the states, their parents and transitions take `SIZE` (e.g. 4G; counted, so the same on every machine; default: a third of simrun's memory limit, which is 3/4 of the machine's memory or cgroup's, half of ulimit -v, or GOMEMLIMIT)")
	flagx.IntVar(fs, &f.workers, "workers", 0, 0, 1024, "`N` goroutines expand each level (0: one per core; at most one per core and one per 256 MiB of simrun's memory limit); the result does not depend on it")
	fs.StringVar(&f.jobFile, "job", "", "explain counterexamples by the catalogue of the job file `FILE` (TOML, package jobspec) instead of the main job's")
	fs.BoolVar(&f.pastKnown, "past-known", false, "keep searching past states whose violation a catalogued flaw explains (each flaw is listed once), so that a changed script is searched for new mechanisms where the real one has a known flaw")
	fs.BoolVar(&f.symmetry, "symmetry", true, "keep states equal up to renaming interchangeable threads and processes as one (the findings are the same, the counts smaller)")
}

func (f *exploreFlags) config() (explore.Config, error) {
	if err := distinctKinds(f.faults); err != nil {
		return explore.Config{}, fmt.Errorf("--faults: %v", err)
	}
	faults, err := explore.ParseFaults(f.faults)
	if err != nil {
		return explore.Config{}, fmt.Errorf("--faults: %v", err)
	}
	ops, err := explore.ParseOps(f.ops)
	if err != nil {
		return explore.Config{}, fmt.Errorf("--ops: %v", err)
	}
	var maxMemory int64
	var origin string
	if f.maxMemory != "" {
		if maxMemory, err = explore.ParseBytes(f.maxMemory); err != nil {
			return explore.Config{}, fmt.Errorf("--max-memory: %v", err)
		}
	} else {
		maxMemory, origin = defaultMaxMemory()
	}
	var job *jobspec.Job
	if f.jobFile != "" {
		if job, err = jobspec.Load(f.jobFile); err != nil {
			return explore.Config{}, fmt.Errorf("--job: %v", err)
		}
	}
	cfg := explore.Config{Job: job, Algo: f.algo, Threads: f.threads, PerProc: f.perProc, Ops: ops, Acquires: f.acquires,
		Wait: f.wait, Lease: f.lease, Faults: faults, Replicas: f.replicas, ReplLag: f.replLag, Client: f.overrides(),
		Scripts: f.scripts, Mutant: f.mutant, MaxStates: f.maxStates, MaxDepth: f.maxDepth,
		MaxMemory: maxMemory, MaxMemoryOrigin: origin, Workers: boundWorkers(f.workers, exploreReserve), NoSymmetry: !f.symmetry, PastKnown: f.pastKnown}
	return cfg, cfg.Validate()
}

// defaultMaxMemory is explore's --max-memory when none is given, and
// where it comes from: a third of the memory simrun allows itself
// (memlimit), in whole MiB. What the search counts is most of what it
// holds (its states, their parents and transitions); the memoized steps,
// the interned keyspaces and the collector's slack come on top, about
// half as much again (fairlock-3.16.8 4×1 without symmetry: 500 MB
// counted, 710 MB resident), and the liveness check at the end a little
// more; a third leaves room for them under the limit, so that the search
// stops by its own count, with the counts so far, before the watchdog
// would have to stop the process.
func defaultMaxMemory() (int64, string) {
	b := memlimit.Get()
	n := max(b.Limit/3&^(1<<20-1), 1<<20)
	return n, fmt.Sprintf("by default a third of simrun's memory limit, %s; --max-memory sets it", b)
}

// distinctKinds refuses a --faults list that gives a kind twice
// (crash:1,crash:2): explore.ParseFaults would keep the last count.
func distinctKinds(list string) error {
	seen := map[string]bool{}
	for _, part := range strings.Split(list, ",") {
		kind, _, _ := strings.Cut(strings.TrimSpace(part), ":")
		if seen[kind] {
			return fmt.Errorf("%s given twice in %s", flagx.Echo(kind), flagx.Quote(list))
		}
		seen[kind] = true
	}
	return nil
}

// runExplore is `simrun explore`: an exhaustive breadth-first search of
// one bounded configuration. It prints the counts and the verdict; a
// violation is told as a story and saved as a scenario file that replays
// it. Exit 1 on a violation, 0 when none was found (clean, or cut short
// by a bound, which the output says).
func runExplore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	var ef exploreFlags
	ef.register(fs)
	save := fs.String("save", "", "save a counterexample's scenario to `FILE` (default results/explore/<configuration>.txt)")
	jsonOut := fs.String("json", "", "also write the result as JSON to `FILE` (docs/json.md)")
	saveDesign := fs.String("save-by-design", "", "save each by-design counterexample's scenario into `DIR` (<configuration>-<property>.txt)")
	report := fs.Bool("report", false, "explore every algorithm over a ladder of bounds and write results/explore.md")
	out := fs.String("out", filepath.Join("results", "explore.md"), "with --report: write the report to `FILE`")
	var budget, largeBudget int
	flagx.IntVar(fs, &budget, "budget", 4_000_000, 1, maxExploreBound, "with --report: `N` distinct states allowed per configuration")
	flagx.IntVar(fs, &largeBudget, "large-budget", 40_000_000, 1, maxExploreBound, "with --report: `N` distinct states allowed for each of the larger bounds")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	defer exploreGC()()
	if fs.NArg() > 0 {
		return usage(stderr, fmt.Sprintf("explore: unexpected argument %s", flagx.Quote(fs.Arg(0))))
	}
	set := flagx.Visited(fs)
	if *report {
		for _, name := range []string{"algo", "threads", "per-proc", "acquires", "ops", "wait", "lease", "faults", "replicas", "repl-lag", "lock-watchdog-timeout", "thread-wait-time", "timeout", "retry-attempts", "retry-interval", "subscription-timeout", "scripts", "mutant", "max-states", "max-depth", "max-memory", "save", "save-by-design", "symmetry", "past-known", "job"} {
			if set[name] {
				return usage(stderr, fmt.Sprintf("explore: --%s does not apply to --report (it explores its own ladder of configurations)", name))
			}
		}
		if err := checkOutput("out", *out); err != nil {
			return usage(stderr, "explore: "+err.Error())
		}
		err := exploration.Write(exploration.Options{Out: *out, Budget: budget, LargeBudget: largeBudget, Search: searchTimed(stderr), Log: stdout, Cores: runtime.GOMAXPROCS(0)})
		if err != nil {
			return writeFailed(stderr, "explore", err)
		}
		return exitOK
	}
	if *jsonOut != "" {
		if err := checkOutput("json", *jsonOut); err != nil {
			return usage(stderr, "explore: "+err.Error())
		}
	}
	for _, name := range []string{"out", "budget", "large-budget"} {
		if set[name] {
			return usage(stderr, fmt.Sprintf("explore: --%s goes with --report", name))
		}
	}
	if ef.algo == "" {
		return usage(stderr, "explore: --algo is required")
	}
	if !isRedisson(ef.algo) && clients.CheckAlgo(ef.algo) == nil {
		for _, name := range []string{"scripts", "mutant"} {
			if set[name] {
				return usage(stderr, fmt.Sprintf("explore: --%s does not apply to %s (only the Redisson algorithms run scripts)", name, ef.algo))
			}
		}
	}
	if err := ef.clientFlags.check(set, ef.algo); err != nil && clients.CheckAlgo(ef.algo) == nil {
		return usage(stderr, "explore: "+err.Error())
	}
	if ef.mutant != "" && ef.scripts != "" {
		return usage(stderr, "explore: --scripts does not go with --mutant (a mutant runs the catalog's scripts, not a directory's: give one or the other)")
	}
	if set["acquires"] && set["ops"] {
		return usage(stderr, "explore: --acquires counts lock()/unlock() cycles when --ops is not given; with --ops, repeat an op instead")
	}
	cfg, err := ef.config()
	if err != nil {
		return usage(stderr, "explore: "+err.Error())
	}
	if ef.scripts != "" {
		if err := checkScriptsDir(ef.algo, ef.scripts); err != nil {
			return usage(stderr, "explore: --scripts: "+err.Error())
		}
	}
	if *saveDesign != "" {
		if err := checkOutput("save-by-design", filepath.Join(*saveDesign, exploration.ConfigFile(cfg))); err != nil {
			return usage(stderr, "explore: "+err.Error())
		}
	}
	path := *save
	if path == "" {
		path = filepath.Join("results", "explore", exploration.ConfigFile(cfg))
	}
	if err := checkOutput("save", path); err != nil {
		return usage(stderr, "explore: "+err.Error())
	}
	res, elapsed, err := exploreOne(cfg, stderr)
	if err != nil {
		return usage(stderr, "explore: "+err.Error())
	}
	if cfg.Scripts != "" || cfg.Mutant != "" {
		return exploreChange(cfg, res, path, *jsonOut, stdout, stderr)
	}
	if code := writeExploreJSON(*jsonOut, exploration.SearchDocument(res), stderr); code != exitOK {
		return code
	}
	fmt.Fprint(stdout, res.Summary())
	fmt.Fprintf(stdout, "time %s, %s distinct states per second\n", elapsed.Round(time.Millisecond), exploration.Rate(res.Stats.Distinct, elapsed))
	for _, v := range res.ByDesign {
		if *saveDesign == "" {
			break
		}
		path := filepath.Join(*saveDesign, strings.TrimSuffix(exploration.ConfigFile(cfg), ".txt")+"-"+v.Kind+".txt")
		if err := exploration.Save(path, v.Scenario(cfg)); err != nil {
			return writeFailed(stderr, "explore", err)
		}
		fmt.Fprintf(stdout, "saved the by-design %s counterexample to %s\n", v.Kind, path)
	}
	if res.Violation == nil {
		// by-design and known findings are listed in the summary; only a
		// bug fails. The first known flaw's counterexample is saved, to
		// replay it.
		if len(res.Known) > 0 {
			if err := exploration.Save(path, res.Known[0].Scenario(cfg)); err != nil {
				return writeFailed(stderr, "explore", err)
			}
			fmt.Fprintf(stdout, "saved the known %s counterexample (%s) to %s (replay: simrun scenario %s)\n", res.Known[0].Kind, res.Known[0].Mechanism, path, path)
		}
		return exitOK
	}
	fmt.Fprint(stdout, res.Violation.Story())
	if err := exploration.Save(path, res.Scenario()); err != nil {
		return writeFailed(stderr, "explore", err)
	}
	fmt.Fprintf(stdout, "saved %s (replay: simrun scenario %s)\n", path, path)
	return exitViolated
}

// exploreOne runs one search with a progress line on stderr when it is a
// terminal. Wall-clock time only paces the line and measures the rate.
func exploreOne(cfg explore.Config, stderr io.Writer) (*explore.Result, time.Duration, error) {
	start := time.Now()
	live := isTerminal(stderr)
	var progress func(explore.Stats)
	if live {
		progress = func(s explore.Stats) {
			el := time.Since(start)
			fmt.Fprintf(stderr, "\rexplore %s: %d distinct, %d explored, depth %d, %s states/s   ",
				cfg.Algo, s.Distinct, s.Explored, s.Depth, exploration.Rate(s.Distinct, el))
		}
	}
	res, err := explore.Explore(cfg, progress)
	if live {
		fmt.Fprint(stderr, "\r\033[K")
	}
	return res, time.Since(start), err
}

// searchTimed runs one search for the report, timed on the wall clock.
func searchTimed(stderr io.Writer) exploration.Search {
	return func(cfg explore.Config) (*explore.Result, time.Duration, error) { return exploreOne(cfg, stderr) }
}

// exploreChange is explore's gate for a change (--scripts or --mutant):
// the same configuration searched again on the unmodified code, and the
// change failed only on what that search does not reach. A finding is
// its property, class and mechanism (the fault kinds, the contract
// action, the catalogued flaw, or the cause a bug was named by); the
// unmodified search counts only up to the depth it ran to (it stops at
// its own first bug, or first known flaw without --past-known).
func exploreChange(cfg explore.Config, changed *explore.Result, path, jsonPath string, stdout, stderr io.Writer) int {
	base := cfg
	base.Scripts, base.Mutant = "", ""
	unmodified, _, err := exploreOne(base, stderr)
	if err != nil {
		return usage(stderr, "explore: the unmodified code: "+err.Error())
	}
	fmt.Fprintf(stdout, "the change:\n%s\nthe unmodified code:\n%s\n", changed.Summary(), unmodified.Summary())
	key := func(v *explore.Violation) string {
		return v.Kind + " " + v.Class() + " [" + v.Mechanism + "]"
	}
	reached := map[string]bool{}
	for _, v := range slices.Concat(unmodified.ByDesign, unmodified.Known, []*explore.Violation{unmodified.Violation}) {
		if v != nil {
			reached[key(v)] = true
		}
	}
	horizon := math.MaxInt // the unmodified search saw every depth below where it stopped
	switch {
	case unmodified.Violation != nil:
		horizon = len(unmodified.Violation.Steps)
	case !base.PastKnown && len(unmodified.Known) > 0 && !unmodified.Stats.Complete:
		horizon = len(unmodified.Known[len(unmodified.Known)-1].Steps)
	}
	var failing []*explore.Violation
	for _, v := range slices.Concat(changed.ByDesign, changed.Known, []*explore.Violation{changed.Violation}) {
		switch {
		case v == nil, reached[key(v)]:
		case !v.Bug && len(v.Steps) >= horizon:
			fmt.Fprintf(stdout, "not compared: %s after %d steps, beyond the unmodified search's first bug (%d steps)\n", key(v), len(v.Steps), horizon)
		default:
			failing = append(failing, v)
		}
	}
	if code := writeExploreJSON(jsonPath, exploration.ChangeDocument(changed, unmodified, failing), stderr); code != exitOK {
		return code
	}
	if len(failing) == 0 {
		fmt.Fprintln(stdout, "PASSED: the unmodified code reaches every finding of the change at this bound")
		return exitOK
	}
	for _, v := range failing {
		fmt.Fprintf(stdout, "FAIL: the change reaches %s after %d steps, which the unmodified code does not at this bound: %s\n", key(v), len(v.Steps), v.Detail)
	}
	v := failing[0]
	fmt.Fprint(stdout, v.Story())
	if err := exploration.Save(path, v.Scenario(cfg)); err != nil {
		return writeFailed(stderr, "explore", err)
	}
	fmt.Fprintf(stdout, "saved %s (replay: simrun scenario %s)\n", path, path)
	return exitViolated
}

// writeExploreJSON writes doc to path ("" writes nothing).
func writeExploreJSON(path string, doc exploration.Document, stderr io.Writer) int {
	if path == "" {
		return exitOK
	}
	b, err := doc.Marshal()
	if err != nil {
		fmt.Fprintf(stderr, "simrun explore: %v\n", err)
		return exitHarness
	}
	if err := atomicfile.WriteBytes(path, b); err != nil {
		return writeFailed(stderr, "explore", err)
	}
	return exitOK
}
