package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// finding is a known behaviour the harness reproduces: a test finds each
// within a bounded range of seeds, and `simrun bugzoo` measures how often
// it shows up.
type finding struct {
	algo, preset string
	property     string
	class        checks.Class
	seeds        uint64 // the test searches seeds 1..seeds
	why          string
	excuse       string // for by-design findings: a word the excuse must contain
	client       clients.ClientOverrides
	short        bool   // 1 min safety + 30 s liveness, for rare findings that need many seeds
	issue        string // the Redisson issue(s), or where the failure is known from
	scenario     string // a scenario file that shows it step by step, if any
}

// config is the run configuration of the finding for one seed.
func (f finding) config(seed uint64) clients.RunConfig {
	cfg := clients.RunConfig{Algo: f.algo, Seed: seed, Preset: f.preset, Client: f.client}
	if f.short {
		cfg.Safety, cfg.Liveness = sim.Minute, 30*sim.Second
	}
	return cfg
}

// flags are the run flags the finding's reproducing command needs.
func (f finding) flags() runFlags {
	var rf runFlags
	if f.short {
		rf.safety, rf.liveness = sim.Minute, 30*sim.Second
	}
	return rf
}

// matches reports whether v is this finding.
func (f finding) matches(v checks.Violation) bool {
	return v.Property == f.property && v.Class == f.class && strings.Contains(v.Excuse, f.excuse)
}

const scenarios = "scenario/testdata/"

var findings = []finding{
	{"setnx-expire", "net", "liveness", checks.Bug, 40, "EXPIRE lost after SETNX: a lock that never expires", "", clients.ClientOverrides{}, false, "seed 003 (SETNX then EXPIRE)", scenarios + "simple-locks.txt"},
	// A crash between SETNX and EXPIRE: a window of one round trip, that
	// crash's faults at protocol points hit (at=reply:setnx).
	{"setnx-expire", "crash", "liveness", checks.Bug, 300, "a crash between SETNX and EXPIRE: a lock that never expires", "", clients.ClientOverrides{}, false, "seed 003 (SETNX then EXPIRE)", scenarios + "simple-locks.txt"},
	{"set-px", "none", "mutex", checks.Bug, 20, "a holder slower than its lease deletes another's lock", "", clients.ClientOverrides{}, false, "seed 003 (SET NX PX, DEL)", scenarios + "simple-locks.txt"},
	// The key expiring between GET and DEL: a pause at the GET's reply.
	{"set-uuid-getdel", "pause", "mutex", checks.Bug, 500, "the lock expires between GET and DEL, and the DEL removes the next holder's lock", "", clients.ClientOverrides{}, false, "seed 003 (GET, compare, DEL)", scenarios + "simple-locks.txt"},
	{"set-uuid-lua", "pause", "mutex", checks.ByDesign, 40, "a pause longer than the lease gives two holders", "pause", clients.ClientOverrides{}, false, "Kleppmann's fencing argument", ""},
	{"rlock-3.8.1", "pause", "mutex", checks.ByDesign, 40, "a pause longer than the watchdog's lease gives two holders", "pause", clients.ClientOverrides{}, false, "Kleppmann's fencing argument", ""},
	{"rlock-3.8.1", "failover", "mutex", checks.ByDesign, 60, "failover to a lagging replica gives two holders", "master-crash", clients.ClientOverrides{}, false, "seed 003, last section; #2669, #3253", scenarios + "simple-locks.txt"},
	{"rlock-3.16.8", "failover", "mutex", checks.ByDesign, 60, "failover to a lagging replica gives two holders", "master-crash", clients.ClientOverrides{}, false, "#2669, #3253 (WAIT does not prevent it)", scenarios + "commands.txt"},
	{"rlock-3.8.1", "none", "mutex", checks.Bug, 2000, "unlock's cancelExpirationRenewal(null) cancels another thread's watchdog, with no fault", "", clients.ClientOverrides{}, true, "watchdog issues (#1966, #2037 family): 3.8.1 unlockAsync", ""},
	{"fairlock-3.8.1", "none", "evicted", checks.ByDesign, 60, "a live waiter whose score passed loses its place in the queue (re-queued at the tail)", "", clients.ClientOverrides{}, false, "#2099, #2100 (timeout drift, fixed in 3.11.1)", ""},
	{"rlock-3.16.8", "net", "holds", checks.Bug, 40, "a re-sent acquire after a lost reply leaves hold count 2", "", clients.ClientOverrides{}, false, "#4822, #4871, #7367", ""},
	// With the default 30 s watchdog the holder must outlast the whole lease
	// after the failed WAIT; a shorter lockWatchdogTimeout shows it sooner.
	{"rlock-3.16.8", "failover", "mutex", checks.Bug, 60, "a WAIT counting fewer replicas stops the watchdog for good", "", clients.ClientOverrides{LockWatchdogTimeout: 3000}, false, "#3994, #2669", scenarios + "commands.txt"},
	{"fairlock-3.16.8", "crash", "liveness", checks.Bug, 60, "a negative ttl makes lock() wait with no timeout, here on a free lock", "", clients.ClientOverrides{}, false, "#5503 (with #4743, #4705)", scenarios + "commands.txt"},
	// The same bugs seen from the clients' side by porcupine.
	{"set-px", "none", "linearizable", checks.Bug, 20, "after a DEL of another's key no order of the calls fits a lock", "", clients.ClientOverrides{}, false, "seed 003 (SET NX PX, DEL)", ""},
	{"rlock-3.16.8", "net", "linearizable", checks.Bug, 40, "after a re-sent acquire the lock outlives its only unlock", "", clients.ClientOverrides{}, false, "#4822, #4871, #7367", ""},
}

// runBugZoo implements `simrun bugzoo [--seeds LO-HI] [--out FILE]`: for
// every known finding, how many runs per 1000 seeds show it and the first
// seed that does, written to results/bug-zoo.md.
func runBugZoo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bugzoo", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 1000)
	out := fs.String("out", filepath.Join("results", "bug-zoo.md"), "write the report to `FILE`")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	seeds, workers := sf.seeds, sf.workers
	if fs.NArg() > 0 {
		return usage(stderr, "bugzoo: unexpected argument "+strconv.Quote(fs.Arg(0)))
	}
	// A rare finding (a short-run one) is measured over ten times the
	// range, so its rate per 1000 is not a lucky zero.
	if seeds.Count() > flagx.MaxSeeds/10 || seeds.Lo > math.MaxUint64-10*seeds.Count() {
		return usage(stderr, fmt.Sprintf("bugzoo: --seeds %s: rare findings run ten times the range, which must then hold at most %d seeds and end below 2^64", seeds.String(), uint64(flagx.MaxSeeds)))
	}
	if err := checkOutput("out", *out); err != nil {
		return usage(stderr, "bugzoo: "+err.Error())
	}
	span := func(f finding) flagx.SeedRange {
		if f.short {
			return flagx.SeedRange{Lo: seeds.Lo, Hi: seeds.Lo + 10*seeds.Count() - 1}
		}
		return seeds
	}
	var offsets []uint64 // where each finding's runs start
	total := uint64(0)
	for _, f := range findings {
		offsets = append(offsets, total)
		total += span(f).Count()
	}
	jobOf := func(i uint64) (int, uint64) {
		k := sort.Search(len(offsets), func(k int) bool { return offsets[k] > i }) - 1
		return k, span(findings[k]).Lo + i - offsets[k]
	}
	hits := make([]int, len(findings))
	first := make([]uint64, len(findings))
	var runErr error
	done := verdict.Batch{Workers: workers, Meter: meter(stderr)}.Run(ctx, "simulating", total, nil, func(i uint64) clients.RunConfig {
		k, seed := jobOf(i)
		return findings[k].config(seed)
	}, func(i uint64, cfg clients.RunConfig, res verdict.Outcome) {
		if res.Err != nil {
			if runErr == nil {
				runErr = res.Err
			}
			return
		}
		k, _ := jobOf(i)
		for _, v := range res.Violations {
			if findings[k].matches(v) {
				hits[k]++
				if first[k] == 0 {
					first[k] = cfg.Seed
				}
				break
			}
		}
	})
	if runErr != nil {
		fmt.Fprintf(stderr, "simrun bugzoo: %v\n", runErr)
		return exitHarness
	}
	if done < total {
		return interrupt.ExitCode(ctx)
	}
	var b bytes.Buffer
	cmd := "go run ./cmd/simrun bugzoo"
	if seeds != (flagx.SeedRange{Lo: 1, Hi: 1000}) {
		cmd += " --seeds " + seeds.String()
	}
	fmt.Fprintf(&b, "# Bug zoo: known failures the harness reproduces\n\n")
	fmt.Fprintf(&b, "Made by `%s`: each row runs seeds %s of its algorithm and preset (rare findings, measured on\n", cmd, seeds.String())
	fmt.Fprintf(&b, "short runs, ten times as many) and counts the runs that show the finding (hit rate per 1000 runs);\n")
	fmt.Fprintf(&b, "the seed is the first that does. Virtual time only: the file\n")
	fmt.Fprintf(&b, "regenerates byte for byte. `go test ./cmd/simrun -run TestExpectedFindings` finds each within a bounded range.\n\n")
	fmt.Fprintf(&b, "| known as | what happens | algorithm | preset | property | class | runs | hits /1000 | first seed | scenario |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for i, f := range findings {
		n := span(f).Count()
		seedCell := "–"
		if first[i] != 0 {
			seedCell = fmt.Sprintf("`%s`", reproduce(f.config(first[i]), f.flags()))
		}
		scen := "–"
		if f.scenario != "" {
			scen = fmt.Sprintf("[%s](../%s)", filepath.Base(f.scenario), f.scenario)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %d | %.1f | %s | %s |\n", f.issue, f.why, f.algo, f.preset, f.property, f.class, n, 1000*float64(hits[i])/float64(n), seedCell, scen)
	}
	fmt.Fprintf(&b, "\n#3994's rate is a lower bound: Redisson counts the replicas it believes available, a view that lags the detection of a failed replica; the simulation counts the replicas that are live (clients/host.go), so it never sends what Redisson sends while it still counts a replica already gone: a WAIT for one replica too many, which fails.\n")
	fmt.Fprintf(&b, "\nShown only by a scenario file (a random search almost never lands in their window):\n\n")
	fmt.Fprintf(&b, "- #4743: `tryLock(10, SECONDS)` with no lease queues with a wait of 10 ms but its acquireFailed takes 10 000 ms off the scores behind it — [commands.txt](../%scommands.txt);\n", scenarios)
	fmt.Fprintf(&b, "- seed 001's walk-throughs for both versions, checked step by step against a real Redis — [3.8.1](../%sfairlock-3.8.1-walkthrough.txt), [3.16.8](../%sfairlock-3.16.8-walkthrough.txt).\n", scenarios, scenarios)
	fmt.Fprintf(&b, "\nShortest counterexamples of `simrun explore` (results/explore.md has their lengths; each replays with `simrun scenario FILE`):\n\n")
	fmt.Fprintf(&b, "- 3.8.1, no fault, 2 threads × 2 calls: an unlock races the watchdog's renewal and the lock is re-taken within the renewal's round trip; the renewal answers 0, its entry is removed, and the new holder's lock expires under it (mutex) — [rlock-3.8.1-t2-a2-none.txt](explore/rlock-3.8.1-t2-a2-none.txt);\n")
	fmt.Fprintf(&b, "- 3.8.1, no fault, two threads of one JVM: one thread's last unlock cancels the renewal entry the other thread's new hold relies on (`cancelExpirationRenewal(null)`), so that hold expires after 30 s (holds) — [rlock-3.8.1-t2-reentrant-pp2-none.txt](explore/rlock-3.8.1-t2-reentrant-pp2-none.txt);\n")
	fmt.Fprintf(&b, "- 3.16.8, no fault: a renewal answering 0 after an unlock calls `cancelExpirationRenewal(null)`, which cancels the entry of the lock's next hold in the JVM; its unlock then throws IllegalMonitorStateException (error) — [rlock-3.16.8-t2-a2-none.txt](explore/rlock-3.16.8-t2-a2-none.txt);\n")
	fmt.Fprintf(&b, "- 3.16.8's fair lock, no fault, 2 threads × 1 call: a waiter gets ttl -1 and waits with no timeout (#5503); its queue entry's timeout passes while the holder keeps the lock, so the holder's unlock drops it as stale and wakes nobody (stuck) — [fairlock-3.16.8-t2-a1-none.txt](explore/fairlock-3.16.8-t2-a1-none.txt).\n")
	fmt.Fprintf(&b, "\nMeasured figures rather than violations (a dead head waiter blocking a free fair lock, FIFO overtakes, negative ttls): [fairlock-3.8.1-vs-3.16.8.md](fairlock-3.8.1-vs-3.16.8.md).\n")
	if err := atomicfile.WriteBytes(*out, b.Bytes()); err != nil {
		return writeFailed(stderr, "bugzoo", err)
	}
	fmt.Fprintf(stdout, "bugzoo: %d findings, %d runs; wrote %s\n", len(findings), total, *out)
	return exitOK
}
