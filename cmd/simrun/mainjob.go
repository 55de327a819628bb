package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
)

// expectedBugs are the properties each algorithm is known to break without
// any fault it does not claim to survive: seed 003's chain of simple locks,
// and Redisson 3.16.8's watchdog, which stops for good when the WAIT after a
// renewal counts fewer replicas than it asked for (#3994), so the lock
// expires under a live holder whenever a replica lags more than a second.
// Redisson 3.8.1's unlockAsync calls cancelExpirationRenewal(null) when the
// unlock completes, which cancels whatever renewal entry the lock has in
// this JVM: when another thread of the same JVM took the lock between the
// unlock's execution and its reply, that thread's watchdog is cancelled and
// its lock expires under it (mutex, rare, with no fault at all; later
// versions count threads per entry).
// The gate reports them but does not fail on them.
// Redisson 3.16.8 also re-sends an acquire whose reply was lost, so the
// store can count two holds for one acquisition (#4822, #4871, #7367).
// setnx-expire's crash between SETNX and EXPIRE leaves a lock that never
// expires (liveness). 3.16.8's fair lock returns negative ttls (#5503), on
// which lock() waits with no timeout at all, even on a free lock
// (liveness).
// The linearizable check sees the same bugs from the clients' side: the
// simple locks' DEL of another's key, and 3.16.8's re-sent acquire. So does
// expiry: 3.8.1's cancelled watchdog lets a held lock's key expire, and
// 3.16.8's second hold outlives an explicit lease (the unlock that drops
// it to one re-arms internalLockLeaseTime).
//
// An entry is a property, or a property and the kind of its violation
// ("error/not-held"): 3.8.1's cancelled watchdog and 3.16.8's stale lease
// both end in an unlock's IllegalMonitorStateException. In 3.16.8 a lock
// object that once took an explicit lease keeps it in
// RedissonLock.internalLockLeaseTime (RedissonLock.java:160,182), and a
// later lock() or tryLock() without a lease sends that lease while the
// watchdog renews only every lockWatchdogTimeout/3: a lease shorter than
// that runs out under the holder before the first renewal. 3.16.8's
// subscription that timed out stays in the entry map with its failed
// promise, so every later subscriber on that entry fails at once (#6047,
// #4700): "error/subscribe".
var expectedBugs = map[string][]string{
	"setnx-expire":    {"mutex", "liveness", "linearizable"},
	"set-px":          {"mutex", "linearizable"},
	"set-uuid-getdel": {"mutex", "linearizable"},
	"rlock-3.8.1":     {"mutex", "expiry", "error/not-held"},
	"fairlock-3.8.1":  {"mutex", "expiry", "error/not-held"},
	"rlock-3.16.8":    {"mutex", "holds", "linearizable", "expiry", "error/not-held", "error/subscribe"},
	"fairlock-3.16.8": {"mutex", "holds", "liveness", "linearizable", "expiry", "error/not-held", "error/subscribe"},
}

// properties are the checks the main job runs, in table order.
var properties = []string{"mutex", "fenced", "linearizable", "holds", "store", "liveness", "fifo", "expiry", "error", "evicted"}

// linearizableTimeout bounds porcupine's search on one run's history. Runs
// of the standard presets decide in milliseconds; reaching it (Unknown) is
// reported as a failure, never as a pass.
var linearizableTimeout = 30 * time.Second

// checkRun runs every check on a finished run.
func checkRun(r *clients.Run) []checks.Violation {
	v, _, _ := checkRunFull(r)
	return v
}

// checkRunFull is checkRun that also returns porcupine's verdict (for its
// visualization) and what fencing made of the writes.
func checkRunFull(r *clients.Run) ([]checks.Violation, *checks.Linearizability, checks.Fencing) {
	// The specific checks come first: a shrink aims at the first bug-class
	// violation, and theirs tell the sharper story. fenced and linearizable,
	// which see the same failures more generally, come last.
	faults := r.World.FaultSpans()
	v := checks.Mutex(r.History, faults, r.World.Now())
	v = append(v, checks.Holds(r.History, faults)...)
	v = append(v, checks.Store(r.History)...)
	v = append(v, checks.FIFO(r.History, faults)...)
	v = append(v, checks.Abandoned(r.History, faults)...)
	v = append(v, checks.Errors(r.History, faults)...)
	v = append(v, checks.Expiry(r.History, faults)...)
	v = append(v, checks.Evicted(r.History)...)
	v = append(v, checks.Liveness(r.History)...)
	fv, fencing := checks.Fenced(r.History)
	v = append(v, fv...)
	lv, lin := checks.Linearizable(r.History, clients.LockModel(r.Config.Algo), faults, linearizableTimeout)
	return append(v, lv...), lin, fencing
}

// isExpected reports whether v is one of algo's known bugs.
func isExpected(algo string, v checks.Violation) bool {
	for _, p := range expectedBugs[algo] {
		if p == v.Property || p == v.Property+"/"+v.Kind {
			return true
		}
	}
	return false
}

// seedRange is an inclusive range of seeds, "LO-HI" or "N".
type seedRange struct{ lo, hi uint64 }

// maxSeedRange bounds how many seeds a range may hold: at a thousand runs
// a second it is more than a week of work, and counting it never
// overflows. Runs are built as they are taken, so the range costs no
// memory up front.
const maxSeedRange = 1_000_000_000

func (r *seedRange) String() string { return fmt.Sprintf("%d-%d", r.lo, r.hi) }

// count is how many seeds the range holds.
func (r seedRange) count() uint64 { return r.hi - r.lo + 1 }

func (r *seedRange) Set(s string) error {
	lo, hi, found := strings.Cut(s, "-")
	a, err1 := strconv.ParseUint(lo, 10, 64)
	b := a
	var err2 error
	if found {
		b, err2 = strconv.ParseUint(hi, 10, 64)
	}
	if err1 != nil || err2 != nil || b < a {
		return fmt.Errorf("bad seed range %q (want LO-HI with LO <= HI, e.g. 1-100)", s)
	}
	if b-a >= maxSeedRange {
		return fmt.Errorf("seed range %q holds %s seeds, more than %d", s, new(big.Int).Add(new(big.Int).SetUint64(b-a), big.NewInt(1)), uint64(maxSeedRange))
	}
	r.lo, r.hi = a, b
	return nil
}

// cellResult is what one algorithm × preset × property gave over the seed range.
type cellResult struct {
	runs, bugRuns, designRuns int
	firstBug, firstDesign     uint64
	firstBugText              string
	// runs with a bug-class violation that is not a known bug
	unexpectedRuns      int
	firstUnexpected     uint64
	firstUnexpectedText string
}

// runMainJob is `simrun` with no subcommand: every algorithm × every preset
// × a seed range on the embedded store; a table of which properties hold;
// one reproducing command per unexpected violation. Interrupted, it
// prints the table of the runs it finished.
func runMainJob(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simrun", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 20)
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	seeds, workers := sf.seeds, sf.workers
	if fs.NArg() > 0 {
		return usage(stderr, fmt.Sprintf("unknown subcommand %q", fs.Arg(0)))
	}
	type job struct {
		algo, preset string
		seed         uint64
	}
	perAlgo := uint64(len(sim.Presets)) * seeds.count()
	total := uint64(len(clients.Algorithms)) * perAlgo
	jobOf := func(i uint64) job {
		return job{clients.Algorithms[i/perAlgo], sim.Presets[i%perAlgo/seeds.count()], seeds.lo + i%seeds.count()}
	}
	cells := map[string]*cellResult{}
	var runErr error
	done := runOrdered(ctx, total, workers, stderr, "simulating", func(i uint64) clients.RunConfig {
		j := jobOf(i)
		return clients.RunConfig{Algo: j.algo, Seed: j.seed, Preset: j.preset}
	}, func(i uint64, _ clients.RunConfig, res runResult) {
		if res.err != nil {
			if runErr == nil {
				runErr = res.err
			}
			return
		}
		j := jobOf(i)
		for _, prop := range properties {
			key := j.algo + "/" + j.preset + "/" + prop
			c := cells[key]
			if c == nil {
				c = &cellResult{}
				cells[key] = c
			}
			c.runs++
			bug, design, unexpected := false, false, false
			for _, v := range res.violations {
				if v.Property != prop {
					continue
				}
				if v.Class == checks.Bug {
					if !bug && c.firstBug == 0 {
						c.firstBug, c.firstBugText = j.seed, v.String()
					}
					bug = true
					if !isExpected(j.algo, v) {
						if !unexpected && c.firstUnexpected == 0 {
							c.firstUnexpected, c.firstUnexpectedText = j.seed, v.String()
						}
						unexpected = true
					}
				} else {
					design = true
				}
			}
			if unexpected {
				c.unexpectedRuns++
			}
			if bug {
				c.bugRuns++
			} else if design {
				c.designRuns++
				if c.firstDesign == 0 {
					c.firstDesign = j.seed
				}
			}
		}
	})
	if runErr != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", runErr)
		return exitHarness
	}
	fmt.Fprintf(stdout, "simrun: %d algorithms × %d presets × seeds %s (%d runs); properties checked: %s\n",
		len(clients.Algorithms), len(sim.Presets), seeds.String(), total, strings.Join(properties, ", "))
	if done < total {
		fmt.Fprintf(stdout, "INTERRUPTED after %d of %d runs: cells marked - were not run, the others count only the runs that finished\n", done, total)
	}
	fmt.Fprintln(stdout, "cell: ok, or B<n> = runs with a bug-class violation, D<n> = runs with only by-design ones; * = expected for this algorithm")
	var unexpected, expected, annotations []string
	for _, prop := range properties {
		fmt.Fprintf(stdout, "\n%-16s", prop)
		for _, p := range sim.Presets {
			fmt.Fprintf(stdout, " %-10s", p)
		}
		fmt.Fprintln(stdout)
		for _, a := range clients.Algorithms {
			fmt.Fprintf(stdout, "%-16s", a)
			for _, p := range sim.Presets {
				c := cells[a+"/"+p+"/"+prop]
				if c == nil {
					fmt.Fprintf(stdout, " %-10s", "-")
					continue
				}
				var parts []string
				if c.bugRuns > 0 {
					mark := ""
					if c.unexpectedRuns == 0 {
						mark = "*"
					}
					parts = append(parts, fmt.Sprintf("B%d%s", c.bugRuns, mark))
					if c.unexpectedRuns < c.bugRuns {
						cmd := fmt.Sprintf("go run ./cmd/simrun run --algo %s --seed %d --preset %s", a, c.firstBug, p)
						expected = append(expected, fmt.Sprintf("%s %s: %s\n    %s", a, p, c.firstBugText, cmd))
					}
					if c.unexpectedRuns > 0 {
						cmd := fmt.Sprintf("go run ./cmd/simrun run --algo %s --seed %d --preset %s", a, c.firstUnexpected, p)
						unexpected = append(unexpected, fmt.Sprintf("%s %s: %s\n    %s", a, p, c.firstUnexpectedText, cmd))
						if os.Getenv("GITHUB_ACTIONS") == "true" {
							annotations = append(annotations, fmt.Sprintf("::error title=%s bug (%s, %s)::%s%%0Areproduce: %s", prop, a, p, c.firstUnexpectedText, cmd))
						}
					}
				}
				if c.designRuns > 0 {
					parts = append(parts, fmt.Sprintf("D%d", c.designRuns))
				}
				cell := "ok"
				if len(parts) > 0 {
					cell = strings.Join(parts, " ")
				}
				fmt.Fprintf(stdout, " %-10s", cell)
			}
			fmt.Fprintln(stdout)
		}
	}
	sort.Strings(expected)
	if len(expected) > 0 {
		fmt.Fprintln(stdout, "\nexpected findings (known flaws: seed 003's simple locks; 3.8.1's unlock cancelling another thread's watchdog; 3.16.8's watchdog stopping after a failed WAIT, #3994, its re-sent acquires, #4822, and its untimed fair waits, #5503), first seed each:")
		for _, l := range expected {
			fmt.Fprintln(stdout, "  "+l)
		}
	}
	if len(unexpected) > 0 {
		fmt.Fprintln(stdout, "\nUNEXPECTED bug-class violations, first seed each:")
		for _, l := range unexpected {
			fmt.Fprintln(stdout, "  "+l)
		}
		for _, l := range annotations {
			fmt.Fprintln(stdout, l)
		}
		return exitViolated
	}
	if done < total {
		fmt.Fprintln(stdout, "\nno unexpected violation in the runs that finished (interrupted)")
		return interrupt.ExitCode(ctx)
	}
	fmt.Fprintln(stdout, "\nno unexpected violation")
	return exitOK
}
