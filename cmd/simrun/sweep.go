package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/jsonl"
)

// parallel calls fn(i) for i in [0, n) on workers goroutines, showing a
// progress bar on a terminal. Each fn writes only its own result slot, so
// the results, in input order, do not depend on the number of workers.
func parallel(n, workers int, stderr io.Writer, what string, fn func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	finished := make(chan struct{}, n)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
				finished <- struct{}{}
			}
		}()
	}
	go func() {
		for i := 0; i < n; i++ {
			next <- i
		}
		close(next)
	}()
	bar := newProgress(stderr, n, what)
	for i := 0; i < n; i++ {
		<-finished
		bar.add(1)
	}
	bar.finish()
	wg.Wait()
}

// sweepFlags are the flags of every command that runs a seed range.
type sweepFlags struct {
	seeds   seedRange
	workers int
}

// register adds --seeds (LO-HI, lo-hi by default) and --workers to fs.
func (s *sweepFlags) register(fs *flag.FlagSet, lo, hi uint64) {
	s.seeds = seedRange{lo, hi}
	fs.Var(&s.seeds, "seeds", "seed range LO-HI")
	fs.IntVar(&s.workers, "workers", runtime.NumCPU(), "parallel runs (results are identical to one worker)")
}

// runAll runs every configuration and checks it; each run is a world of
// its own, single-threaded and seeded.
func runAll(cfgs []clients.RunConfig, workers int, stderr io.Writer) ([][]checks.Violation, error) {
	results := make([][]checks.Violation, len(cfgs))
	errs := make([]error, len(cfgs))
	parallel(len(cfgs), workers, stderr, "simulating", func(i int) {
		r, err := clients.NewRun(cfgs[i], nil)
		if err != nil {
			errs[i] = err
			return
		}
		r.Execute()
		results[i] = checkRun(r)
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// shardFlag is --shard i/n: this process takes every n-th seed of the
// range, starting with the i-th (1-based), so n CI jobs split a range and
// their outputs merge.
type shardFlag struct{ i, n int }

func (s *shardFlag) String() string { return fmt.Sprintf("%d/%d", s.i, s.n) }

func (s *shardFlag) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return fmt.Errorf("bad shard %q (want i/n with 1 <= i <= n, e.g. 2/4)", v)
	}
	s.i, s.n = i, n
	return nil
}

// reproduce is the command that replays one run.
func reproduce(cfg clients.RunConfig, base runFlags) string {
	var b strings.Builder
	fmt.Fprintf(&b, "go run ./cmd/simrun run --algo %s --seed %d --preset %s", cfg.Algo, cfg.Seed, cfg.Preset)
	if cfg.Safety != 0 {
		fmt.Fprintf(&b, " --safety %s", cfg.Safety)
	} else if base.safety != 0 {
		fmt.Fprintf(&b, " --safety %s", base.safety)
	}
	if cfg.Liveness != 0 {
		fmt.Fprintf(&b, " --liveness %s", cfg.Liveness)
	} else if base.liveness != 0 {
		fmt.Fprintf(&b, " --liveness %s", base.liveness)
	}
	if cfg.Procs != 0 {
		fmt.Fprintf(&b, " --procs %d", cfg.Procs)
	}
	if cfg.Threads != 0 {
		fmt.Fprintf(&b, " --threads %d", cfg.Threads)
	}
	if cfg.Scripts != "" {
		fmt.Fprintf(&b, " --scripts %s", cfg.Scripts)
	}
	if cfg.Mutant != "" {
		fmt.Fprintf(&b, " --mutant %s", cfg.Mutant)
	}
	for _, o := range []struct {
		name string
		v    int64
	}{{"lock-watchdog-timeout", cfg.Client.LockWatchdogTimeout}, {"thread-wait-time", cfg.Client.ThreadWaitTime}, {"timeout", cfg.Client.Timeout}, {"retry-interval", cfg.Client.RetryInterval}} {
		if o.v != 0 {
			fmt.Fprintf(&b, " --%s %dms", o.name, o.v)
		}
	}
	if cfg.Client.RetryAttempts != 0 {
		fmt.Fprintf(&b, " --retry-attempts %d", cfg.Client.RetryAttempts)
	}
	if len(cfg.SkipFaults) > 0 {
		parts := make([]string, len(cfg.SkipFaults))
		for i, x := range cfg.SkipFaults {
			parts[i] = strconv.Itoa(x)
		}
		fmt.Fprintf(&b, " --skip-faults %s", strings.Join(parts, ","))
	}
	return b.String()
}

// githubError prints a GitHub Actions annotation for a bug-class
// violation, so it shows on the run's summary page.
func githubError(w io.Writer, cfg clients.RunConfig, v checks.Violation, cmd string) {
	esc := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	fmt.Fprintf(w, "::error title=%s %s (%s, seed %d)::%s%%0Areproduce: %s\n",
		v.Property, v.Class, cfg.Algo, cfg.Seed, esc.Replace(v.String()), esc.Replace(cmd))
}

// jsonViolation is one line of `sweep --json`.
type jsonViolation struct {
	Algo      string   `json:"algo"`
	Preset    string   `json:"preset"`
	Seed      uint64   `json:"seed"`
	Property  string   `json:"property"`
	Class     string   `json:"class"`
	Excuse    string   `json:"excuse,omitempty"`
	AtMs      float64  `json:"at_ms"`
	Actors    []string `json:"actors"`
	Detail    string   `json:"detail"`
	Reproduce string   `json:"reproduce"`
}

// runSweep implements `simrun sweep --algo NAME --preset P --seeds LO-HI
// [--workers N] [--shard i/n] [--json]`: exit 0 when no bug-class
// violation occurred, 1 otherwise.
func runSweep(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var rf runFlags
	rf.register(fs)
	var sf sweepFlags
	sf.register(fs, 1, 100)
	shard := shardFlag{1, 1}
	fs.Var(&shard, "shard", "take shard i of n of the seed range (i/n)")
	asJSON := fs.Bool("json", false, "one JSON object per violation, then a {\"summary\": ...} line")
	if err := fs.Parse(args); err != nil {
		return usage(stderr, "sweep: "+err.Error())
	}
	seeds, workers := sf.seeds, sf.workers
	if fs.NArg() > 0 {
		return usage(stderr, "sweep: unexpected argument "+strconv.Quote(fs.Arg(0)))
	}
	if rf.algo == "" {
		return usage(stderr, "sweep: --algo is required")
	}
	if workers < 1 {
		return usage(stderr, "sweep: --workers must be at least 1")
	}
	var cfgs []clients.RunConfig
	for s := seeds.lo; s <= seeds.hi; s++ {
		if int((s-seeds.lo)%uint64(shard.n)) != shard.i-1 {
			continue
		}
		cfg := rf.config()
		cfg.Seed = s
		cfgs = append(cfgs, cfg)
	}
	if len(cfgs) > 0 {
		if _, err := clients.NewRun(cfgs[0], nil); err != nil {
			fmt.Fprintf(stderr, "simrun sweep: %v\n", err)
			return exitUsage
		}
	}
	results, err := runAll(cfgs, workers, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "simrun sweep: %v\n", err)
		return exitHarness
	}
	counts := map[string]int{}
	bugRuns := 0
	for i, vs := range results {
		bug := false
		for _, v := range vs {
			counts[v.Property+"/"+string(v.Class)]++
			bug = bug || v.Class == checks.Bug
			cmd := reproduce(cfgs[i], rf)
			if v.Class == checks.Bug && os.Getenv("GITHUB_ACTIONS") == "true" {
				githubError(stdout, cfgs[i], v, cmd)
			}
			if *asJSON {
				var b bytes.Buffer
				_ = jsonl.Append(&b, jsonViolation{Algo: cfgs[i].Algo, Preset: cfgs[i].Preset, Seed: cfgs[i].Seed, Property: v.Property, Class: string(v.Class),
					Excuse: v.Excuse, AtMs: float64(v.At) / 1000, Actors: v.Actors, Detail: v.Detail, Reproduce: cmd})
				fmt.Fprintln(stdout, b.String())
			} else {
				fmt.Fprintf(stdout, "seed %d: %s\n    %s\n", cfgs[i].Seed, v.String(), cmd)
			}
		}
		if bug {
			bugRuns++
		}
	}
	if *asJSON {
		var b bytes.Buffer
		_ = jsonl.Append(&b, map[string]any{"summary": map[string]any{
			"algo": rf.algo, "preset": rf.preset, "seeds": seeds.String(), "shard": shard.String(),
			"runs": len(cfgs), "runs_with_bugs": bugRuns, "violations": counts}})
		fmt.Fprintln(stdout, b.String())
	} else {
		fmt.Fprintf(stdout, "sweep %s preset %s seeds %s shard %s: %d runs, %d with a bug-class violation\n", rf.algo, rf.preset, seeds.String(), shard.String(), len(cfgs), bugRuns)
	}
	if bugRuns > 0 {
		return exitViolated
	}
	return exitOK
}
