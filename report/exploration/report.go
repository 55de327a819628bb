package exploration

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/explore"
	"github.com/locksim/locksim/internal/atomicfile"
)

// saveScenario writes res's counterexample to path.
// saveScenario saves the counterexample a cell links to: the bug's, else
// the first known flaw's.
func saveScenario(path string, res *explore.Result) error {
	if res.Violation != nil {
		return Save(path, res.Scenario())
	}
	return Save(path, res.Known[0].Scenario(res.Config))
}

// Save writes text to path atomically, making its directory if need be.
func Save(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
}

// Rate renders n states in d as a rate per second: 950, 12k, 1.25M.
func Rate(n int, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	r := float64(n) / d.Seconds()
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.2fM", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.0fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// ConfigFile names a configuration's counterexample file.
func ConfigFile(cfg explore.Config) string {
	calls := fmt.Sprintf("a%d", cfg.Acquires)
	if len(cfg.Ops) > 0 {
		calls = strings.Join(cfg.Ops, "-")
	}
	if cfg.PerProc > 1 {
		calls += fmt.Sprintf("-pp%d", cfg.PerProc)
	}
	name := fmt.Sprintf("%s-t%d-%s-%s", cfg.Algo, cfg.Threads, calls, strings.NewReplacer(":", "", ",", "-").Replace(cfg.Faults.String()))
	if cfg.Replicas > 0 {
		name += fmt.Sprintf("-r%d", cfg.Replicas)
		if cfg.ReplLag > 0 {
			name += fmt.Sprintf("-lag%d", cfg.ReplLag)
		}
	}
	for _, x := range []struct {
		tag string
		v   int64
	}{{"wd", cfg.Client.LockWatchdogTimeout}, {"twt", cfg.Client.ThreadWaitTime}, {"to", cfg.Client.Timeout},
		{"ra", int64(cfg.Client.RetryAttempts)}, {"ri", cfg.Client.RetryInterval}, {"st", cfg.Client.SubscriptionTimeout}} {
		if x.v != 0 {
			name += fmt.Sprintf("-%s%d", x.tag, x.v)
		}
	}
	if cfg.Mutant != "" {
		name += "-mutant-" + cfg.Mutant
	}
	return name + ".txt"
}

// ladder is the fault-free bounds the report tries, smallest first.
var ladder = []struct{ threads, acquires int }{{2, 1}, {2, 2}, {3, 1}, {3, 2}, {4, 1}}

// largeBounds are the bounds the report searches further, with the
// larger budget: the biggest ones a 2-core machine finishes in minutes.
var largeBounds = []explore.Config{
	{Algo: "fairlock-3.8.1", Threads: 4, Acquires: 1},
	{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 2},
	{Algo: "fairlock-3.16.8", Threads: 4, Acquires: 1},
	{Algo: "rlock-3.8.1", Threads: 4, Acquires: 2},
	{Algo: "rlock-3.16.8", Threads: 4, Acquires: 2},
	{Algo: "rlock-3.16.8", Threads: 4, PerProc: 2, Acquires: 1},
}

// replicaBounds are the configurations searched with a replica, for
// every algorithm that WAITs for it (explore.WaitsForReplicas).
var replicaBounds = []explore.Config{
	{Threads: 1, Acquires: 1},
	{Threads: 1, Acquires: 2},
	{Threads: 2, Acquires: 1},
	{Threads: 2, PerProc: 2, Ops: []string{"reentrant"}},
}

// callMixes are the calls of the Redisson client beyond lock()/unlock()
// the report explores, each for every Redisson algorithm: what every
// thread does, and how many threads share a process (one JVM).
var callMixes = []struct {
	what    string
	threads int
	perProc int
	ops     []string
	faults  string
}{
	{"lock() and tryLock(wait)", 2, 1, []string{"lock", "trylock-wait"}, "none"},
	{"tryLock() without waiting", 3, 1, []string{"trylock"}, "none"},
	{"explicit leases", 2, 1, []string{"lock-lease", "trylock-wait-lease"}, "none"},
	{"re-entry", 2, 1, []string{"reentrant"}, "none"},
	{"re-entry with a lease inside", 2, 1, []string{"reentrant-lease"}, "none"},
	{"two threads of one JVM", 2, 2, []string{"lock"}, "none"},
	{"re-entry, two threads of one JVM", 2, 2, []string{"reentrant"}, "none"},
	{"queries while holding", 2, 1, []string{"reentrant", "lock", "is-held", "hold-count"}, "none"},
	{"forceUnlock() beside lock()", 2, 1, []string{"lock", "force-unlock"}, "none"},
	{"tryLock(wait), a lost message", 2, 1, []string{"trylock-wait"}, "drop:1"},
	{"re-entry, a lost message", 2, 1, []string{"reentrant"}, "drop:1"},
	{"two threads of one JVM, a lost message", 2, 2, []string{"lock"}, "drop:1"},
	{"re-entry, an interrupt", 2, 1, []string{"reentrant"}, "interrupt:1"},
	{"tryLock(wait), an interrupt", 2, 1, []string{"trylock-wait"}, "interrupt:1"},
}

// reportRow is one configuration's outcome in the report.
type reportRow struct {
	cfg     explore.Config
	res     *explore.Result
	elapsed time.Duration
	file    string // the counterexample's scenario file, relative to the report
}

func (r reportRow) cell() string {
	s := r.res.Stats
	design := ""
	if len(r.res.ByDesign) > 0 {
		var kinds []string
		for _, v := range r.res.ByDesign {
			kinds = append(kinds, fmt.Sprintf("%s — %s", v.Kind, v.Excuse))
		}
		design = " (by design: " + strings.Join(kinds, "; ") + ")"
	}
	known := ""
	if len(r.res.Known) > 0 {
		var flaws []string
		for i, v := range r.res.Known {
			f := fmt.Sprintf("%s — %s, %s, %d steps", v.Kind, strings.TrimPrefix(v.Mechanism, "flaw:"), v.Ref, len(v.Steps))
			if i == 0 && r.res.Violation == nil {
				f += fmt.Sprintf(" ([scenario](%s))", r.file)
			}
			flaws = append(flaws, f)
		}
		known = " (known: " + strings.Join(flaws, "; ") + ")"
	}
	switch {
	case r.res.Violation != nil:
		return fmt.Sprintf("**bug: %s** (%s) in %d steps ([scenario](%s))%s%s", r.res.Violation.Kind, strings.TrimPrefix(r.res.Violation.Mechanism, "bug:"), len(r.res.Violation.Steps), r.file, known, design)
	case s.Complete:
		return fmt.Sprintf("no bug, %d states%s%s", s.Distinct, known, design)
	}
	return fmt.Sprintf("no bug in %d states (cut)%s%s", s.Distinct, known, design)
}

// Search runs one search and says how long it took. The command
// supplies it: the report prints wall-clock times and rates, and only the
// command reads the clock.
type Search func(cfg explore.Config) (*explore.Result, time.Duration, error)

// Options say what a report searches and where it goes.
type Options struct {
	Out                 string // the report's path; counterexamples go to explore/ beside it
	Budget, LargeBudget int    // distinct states allowed per configuration, and per larger bound
	Search              Search
	Log                 io.Writer // a line per configuration as it is searched, and one when written
	Cores               int       // the cores the searches had, for the report's header
}

// Write is `simrun explore --report`: every algorithm through every bound
// of the fault-free ladder and through one fault of each kind with 2
// threads × 1 call, each search stopped at Budget distinct states; the
// larger bounds with LargeBudget; every Redisson algorithm through the
// call mixes. Written to Out with each counterexample saved beside it, and
// the counterexamples of earlier reports that this one did not find
// removed.
func Write(o Options) error {
	out, budget, largeBudget := o.Out, o.Budget, o.LargeBudget
	dir := filepath.Join(filepath.Dir(out), "explore")
	var total time.Duration
	saved := map[string]bool{}
	// run searches cfg (up to limit states) and appends its row to dst.
	run := func(dst *[]reportRow, cfg explore.Config, limit int) error {
		cfg.MaxStates = limit
		cfg.PastKnown = true // a known flaw is listed, and the search goes on for a bug
		res, el, err := o.Search(cfg)
		if err != nil {
			return err
		}
		total += el
		row := reportRow{cfg: cfg, res: res, elapsed: el}
		if res.Violation != nil || len(res.Known) > 0 {
			name := ConfigFile(cfg)
			row.file = "explore/" + name
			saved[name] = true
			if err := saveScenario(filepath.Join(dir, name), res); err != nil {
				return err
			}
		}
		fmt.Fprintf(o.Log, "%s: %s (%d distinct, %s/s)\n", cfg.Header(), row.cell(), res.Stats.Distinct, Rate(res.Stats.Distinct, el))
		*dst = append(*dst, row)
		return nil
	}
	type algoRows struct {
		ladder []reportRow // every fault-free bound of the ladder
		faults []reportRow
		mixes  []reportRow
		repl   []reportRow // replicaBounds, with a replica
	}
	var all []algoRows
	for _, algo := range clients.Algorithms {
		var ar algoRows
		for _, b := range ladder {
			if err := run(&ar.ladder, explore.Config{Algo: algo, Threads: b.threads, Acquires: b.acquires}, budget); err != nil {
				return err
			}
		}
		for k := range explore.FaultKinds() {
			var f explore.Faults
			f[k] = 1
			if err := run(&ar.faults, explore.Config{Algo: algo, Threads: 2, Acquires: 1, Faults: f}, budget); err != nil {
				return err
			}
		}
		if _, _, redisson := clients.RedissonAlgo(algo); redisson {
			for _, mx := range callMixes {
				f, err := explore.ParseFaults(mx.faults)
				if err != nil {
					return err
				}
				if err := run(&ar.mixes, explore.Config{Algo: algo, Threads: mx.threads, PerProc: mx.perProc, Ops: mx.ops, Faults: f}, budget); err != nil {
					return err
				}
			}
		}
		if explore.WaitsForReplicas(algo) {
			for _, b := range replicaBounds {
				b.Algo, b.Replicas = algo, 1
				if err := run(&ar.repl, b, budget); err != nil {
					return err
				}
			}
		}
		all = append(all, ar)
	}
	var large []reportRow
	for _, cfg := range largeBounds {
		if err := run(&large, cfg, largeBudget); err != nil {
			return err
		}
	}
	err := atomicfile.Write(out, func(w io.Writer) error {
		fmt.Fprintf(w, "# Exhaustive exploration\n\n")
		fmt.Fprintf(w, "Written by `go run ./cmd/simrun explore --report --budget %d --large-budget %d` (%s of searching in all on the machine that wrote it, %d cores).\n\n", budget, largeBudget, total.Round(time.Second), o.Cores)
		fmt.Fprintf(w, "Each configuration is searched breadth-first over every order of message deliveries, timer firings and faults, ")
		fmt.Fprintf(w, "with time advanced only to the next timer or to a lease or queue boundary and 1 ms beside it ")
		fmt.Fprintf(w, "(package `explore` says what is modelled and what is not). The clients are the same values the random runs drive (package `clients`): ")
		fmt.Fprintf(w, "Redisson's lock(), tryLock(), leases, re-entry, watchdog, pub/sub and command executor per version, and the simple locks of seed 003. ")
		fmt.Fprintf(w, "Each state and step is judged as the random runs' checks judge: mutual exclusion, errors, hold counts, ")
		fmt.Fprintf(w, "releases, the store's invariants, the fair queue's order, a crashed holder's expiry; a violation is *by design* when a lease that ran out, a forceUnlock() or a fault ")
		fmt.Fprintf(w, "(pause, lost or delayed message, Redis restart) explains it — a thread stuck behind a phantom hold that a lost reply left is by design too, one stuck behind a key with no TTL or a wait with no timeout is not — and the search goes on past it (the cell names each by-design finding's excuse). A search that ends proves the bound free of bugs, ")
		fmt.Fprintf(w, "and that every reachable state can still finish every thread; the first bug found is a shortest one. ")
		fmt.Fprintf(w, "The judge is the checks' step judge (package `checks`, `StepState` and its siblings), the same rules the world applies when it follows a search's path; a violation it cannot explain is *known* when a catalogued flaw explains it as it does in the random runs (`verdict.Resolve`: the algorithm has the flaw, the flaw breaks the property and makes the cause, and a client on the path took the flaw's code path), and the search goes on past it (`--past-known`): the cell lists each known flaw met, with its reference, and a bug is what no catalogue entry explains. ")
		fmt.Fprintf(w, "Each counterexample is a scenario file under `explore/` that `simrun scenario FILE` replays.\n\n")
		fmt.Fprintf(w, "## Without faults\n\nEvery bound of the ladder (threads × lock()/unlock() cycles, one thread per process), each searched to its end or to %d distinct states.\n\n", budget)
		fmt.Fprintf(w, "| algorithm | largest bound explored clean | shortest counterexample |")
		for _, b := range ladder {
			fmt.Fprintf(w, " %d×%d |", b.threads, b.acquires)
		}
		fmt.Fprintf(w, "\n|---|---|---|%s\n", strings.Repeat("---|", len(ladder)))
		for _, ar := range all {
			var clean, cx *reportRow
			for i := range ar.ladder {
				r := &ar.ladder[i]
				if r.res.Violation == nil && r.res.Stats.Complete && (clean == nil || r.res.Stats.Distinct > clean.res.Stats.Distinct) {
					clean = r
				}
				if v := r.res.Violation; v != nil && (cx == nil || len(v.Steps) < len(cx.res.Violation.Steps)) {
					cx = r
				}
			}
			cleanText, cxText := "none", "none found"
			if clean != nil {
				cleanText = fmt.Sprintf("%d threads × %d calls (%d states, %s/s)", clean.cfg.Threads, clean.cfg.Acquires, clean.res.Stats.Distinct, Rate(clean.res.Stats.Distinct, clean.elapsed))
			}
			if cx != nil {
				cxText = fmt.Sprintf("%d×%d: %s", cx.cfg.Threads, cx.cfg.Acquires, cx.cell())
			}
			fmt.Fprintf(w, "| %s | %s | %s |", ar.faults[0].cfg.Algo, cleanText, cxText)
			for _, r := range ar.ladder {
				fmt.Fprintf(w, " %s |", r.cell())
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "\n## Larger bounds\n\nSearched to their end or to %d distinct states, with every core (the result does not depend on the number of workers).\n\n", largeBudget)
		fmt.Fprintf(w, "| configuration | result | distinct states | without symmetry reduction | transitions | depth | time | states/s |\n|---|---|---|---|---|---|---|---|\n")
		for _, r := range large {
			s := r.res.Stats
			fmt.Fprintf(w, "| %s | %s | %d | %d (×%.1f) | %d | %d | %s | %s |\n", r.cfg.Header(), r.cell(), s.Distinct, s.Unreduced, float64(s.Unreduced)/float64(max(s.Distinct, 1)), s.Explored, s.Depth, r.elapsed.Round(time.Millisecond), Rate(s.Distinct, r.elapsed))
		}
		fmt.Fprintf(w, "\n## Call mixes of the Redisson client\n\nWhat every thread does, in order (`--ops`); `lock` is lock() then unlock(), `trylock-wait` tryLock(wait) then unlock() if it got the lock, `reentrant` lock(), lock(), unlock(), unlock(), the queries and forceUnlock() one call each. Each searched to its end or to %d distinct states.\n\n", budget)
		fmt.Fprintf(w, "| calls | threads | faults |")
		var redisson []algoRows
		for _, ar := range all {
			if len(ar.mixes) > 0 {
				redisson = append(redisson, ar)
				fmt.Fprintf(w, " %s |", ar.mixes[0].cfg.Algo)
			}
		}
		fmt.Fprintf(w, "\n|---|---|---|%s\n", strings.Repeat("---|", len(redisson)))
		for i, mx := range callMixes {
			threads := fmt.Sprintf("%d", mx.threads)
			if mx.perProc > 1 {
				threads = fmt.Sprintf("%d in one JVM", mx.threads)
			}
			fmt.Fprintf(w, "| %s (`%s`) | %s | %s |", mx.what, strings.Join(mx.ops, ","), threads, mx.faults)
			for _, ar := range redisson {
				fmt.Fprintf(w, " %s |", ar.mixes[i].cell())
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "\n## With a replica\n\nThe master has one replica; each lock command goes in a batch with `WAIT 1 1000` (3.16.8: RedissonBaseLock.evalWriteAsync; 4.7.0: the synced-slaves batch), which fails the command when it counts no replica. ")
		fmt.Fprintf(w, "The replica applies each write entry in order within %d ms of it (a lag, not a fault: asynchronous replication) and its acknowledgement comes back at once; the deletion of an expired key is an entry too, lazy when a command touches it or by Redis's background expiry within 100 ms of its expiry. No other fault; failover is the random runs' (preset `failover`). Each searched to its end or to %d distinct states. ", explore.DefaultReplLag, budget)
		fmt.Fprintf(w, "4.7.0's searches grow fastest: every WAIT that counts no replica makes handleNoSync undo the acquire with an unlock of a fresh request id and ServiceManager.execute repeat the call, and each such unlock leaves a latch key of its own that lives 18 s, whose deletion at its expiry is one more entry.\n\n")
		fmt.Fprintf(w, "| algorithm |")
		for _, b := range replicaBounds {
			fmt.Fprintf(w, " %s |", replicaShape(b))
		}
		fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---|", len(replicaBounds)))
		for _, ar := range all {
			if len(ar.repl) == 0 {
				continue
			}
			fmt.Fprintf(w, "| %s |", ar.repl[0].cfg.Algo)
			for _, r := range ar.repl {
				fmt.Fprintf(w, " %s |", r.cell())
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "\n## One fault (2 threads × 1 call)\n\n| algorithm |")
		for k := range explore.FaultKinds() {
			fmt.Fprintf(w, " %s:1 |", explore.FaultKind(k))
		}
		fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---|", len(explore.FaultKinds())))
		for _, ar := range all {
			fmt.Fprintf(w, "| %s |", ar.faults[0].cfg.Algo)
			for _, row := range ar.faults {
				fmt.Fprintf(w, " %s |", row.cell())
			}
			fmt.Fprintln(w)
		}
		if bench, err := os.ReadFile(filepath.Join(filepath.Dir(out), "bench-explore.md")); err == nil {
			fmt.Fprintf(w, "\n## Speed\n\nFrom `results/bench-explore.md` (`go test -bench Explore ./explore`):\n\n%s", strings.TrimPrefix(string(bench), "# "))
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Log, "wrote %s\n", out)
	return removeStale(dir, saved)
}

// replicaShape is a replica bound's column: "2×1", "2 in one JVM: reentrant".
func replicaShape(c explore.Config) string {
	if len(c.Ops) > 0 {
		where := fmt.Sprintf("%d", c.Threads)
		if c.PerProc > 1 {
			where = fmt.Sprintf("%d in one JVM", c.Threads)
		}
		return where + ": " + strings.Join(c.Ops, ",")
	}
	return fmt.Sprintf("%d×%d", c.Threads, c.Acquires)
}

// removeStale deletes the scenario files in dir that this report did not
// write: a configuration that no longer finds a bug must not leave its old
// counterexample behind for the scenario tests to replay.
func removeStale(dir string, saved map[string]bool) error {
	old, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return err
	}
	for _, p := range old {
		if !saved[filepath.Base(p)] {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	return nil
}
