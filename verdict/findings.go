package verdict

import (
	"context"
	"sort"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Finding is a known behaviour the harness reproduces, bug or by design:
// a test finds each within a bounded range of seeds, and MeasureFindings
// (`simrun bugzoo`) measures how often it shows up.
type Finding struct {
	Algo, Preset string
	Property     string
	Class        checks.Class
	Seeds        uint64 // the test searches seeds 1..Seeds
	Why          string
	Excuse       string // for by-design findings: a word its mechanism must name
	Client       clients.ClientOverrides
	Short        bool   // 1 min safety + 30 s liveness, for rare findings that need many seeds
	Issue        string // the Redisson issue(s), or where the failure is known from
	Scenario     string // a scenario file that shows it step by step, if any
	// Path is, for a Redisson bug, the code path the finding is about: a
	// violation counts only where its run took it (Took), so a run of
	// 3.8.1 whose mutex violation came from a forceUnlock is not one that
	// shows the watchdog cancelled by another thread's unlock.
	Path clients.Flaw
}

// Config is the run configuration of the finding for one seed.
func (f Finding) Config(seed uint64) run.Config {
	cfg := run.Config{Algo: f.Algo, Seed: seed, Preset: f.Preset, Client: f.Client}
	if f.Short {
		cfg.Safety, cfg.Liveness = sim.Minute, 30*sim.Second
	}
	return cfg
}

// Matches reports whether v is this finding: its property and class, a
// word of its excuse, and its path when it names one.
func (f Finding) Matches(v checks.Violation) bool {
	return v.Property == f.Property && v.Class == f.Class && strings.Contains(v.Mech.String(), f.Excuse) &&
		(f.Path == "" || Took(v, f.Path))
}

// ScenarioDir is where the scenario files live, from the repository's root.
const ScenarioDir = "scenario/testdata/"

// Findings is the catalog, in the order of results/bug-zoo.md.
var Findings = []Finding{
	{"setnx-expire", "net", "liveness", checks.Known, 40, "EXPIRE lost after SETNX: a lock that never expires", "", clients.ClientOverrides{}, false, "seed 003 (SETNX then EXPIRE)", ScenarioDir + "simple-locks.txt", ""},
	// A crash between SETNX and EXPIRE: a window of one round trip, that
	// crash's faults at protocol points hit (at=reply:setnx).
	{"setnx-expire", "crash", "liveness", checks.Known, 300, "a crash between SETNX and EXPIRE: a lock that never expires", "", clients.ClientOverrides{}, false, "seed 003 (SETNX then EXPIRE)", ScenarioDir + "simple-locks.txt", ""},
	{"set-px", "none", "mutex", checks.Known, 20, "a holder slower than its lease deletes another's lock", "", clients.ClientOverrides{}, false, "seed 003 (SET NX PX, DEL)", ScenarioDir + "simple-locks.txt", ""},
	// The key expiring between GET and DEL: a pause at the GET's reply.
	{"set-uuid-getdel", "pause", "mutex", checks.Known, 500, "the lock expires between GET and DEL, and the DEL removes the next holder's lock", "", clients.ClientOverrides{}, false, "seed 003 (GET, compare, DEL)", ScenarioDir + "simple-locks.txt", ""},
	{"set-uuid-lua", "pause", "mutex", checks.ByDesign, 40, "a pause longer than the lease gives two holders", "pause", clients.ClientOverrides{}, false, "Kleppmann's fencing argument", "", ""},
	{"rlock-3.8.1", "pause", "mutex", checks.ByDesign, 40, "a pause longer than the watchdog's lease gives two holders", "pause", clients.ClientOverrides{}, false, "Kleppmann's fencing argument", "", ""},
	{"rlock-3.8.1", "failover", "mutex", checks.ByDesign, 60, "failover to a lagging replica gives two holders", "master-crash", clients.ClientOverrides{}, false, "seed 003, last section; #2669, #3253", ScenarioDir + "simple-locks.txt", ""},
	{"rlock-3.16.8", "failover", "mutex", checks.ByDesign, 60, "failover to a lagging replica gives two holders", "master-crash", clients.ClientOverrides{}, false, "#2669, #3253 (WAIT does not prevent it)", ScenarioDir + "commands.txt", ""},
	{"rlock-3.8.1", "none", "mutex", checks.Known, 400, "unlock's cancelExpirationRenewal(null) cancels another thread's watchdog, with no fault", "", clients.ClientOverrides{}, false, "watchdog issues (#1966, #2037 family): 3.8.1 unlockAsync", "", clients.FlawRenewalCancelledForAll},
	{"fairlock-3.8.1", "none", "evicted", checks.Known, 60, "a live waiter whose score passed loses its place in the queue (re-queued at the tail)", "score-drift", clients.ClientOverrides{}, false, "#2099, #2100 (timeout drift, fixed in 3.11.1)", "", ""},
	{"rlock-3.16.8", "net", "holds", checks.Known, 40, "a re-sent acquire after a lost reply leaves hold count 2", "", clients.ClientOverrides{}, false, "#4822, #4871, #7367", "", clients.FlawResendAcquire},
	// With the default 30 s watchdog the holder must outlast the whole lease
	// after the failed WAIT; a shorter lockWatchdogTimeout shows it sooner.
	{"rlock-3.16.8", "failover", "mutex", checks.Known, 60, "a WAIT counting fewer replicas stops the watchdog for good", "", clients.ClientOverrides{LockWatchdogTimeout: 3000}, false, "#3994, #2669", ScenarioDir + "commands.txt", clients.FlawRenewalStopped},
	// No fault needed: a renewal of the entry's first thread, whose unlock
	// has run but not completed, answers 0 and cancels the entry for
	// another thread of the JVM that took the lock meanwhile; a short
	// lockWatchdogTimeout (a renewal every second) makes the race likely.
	{"rlock-3.16.8", "failover", "mutex", checks.Known, 200, "a renewal answering 0 for the entry's first thread cancels the watchdog of another thread's new hold", "", clients.ClientOverrides{LockWatchdogTimeout: 3000}, false, "RedissonBaseLock.renewExpiration in 3.16.8 (cancelExpirationRenewal(null) on 0)", ScenarioDir + "explore-rlock-3.16.8-stale-renewal.txt", clients.FlawZeroRenewalCancelsAll},
	// An interrupt in lock()'s timed wait (the preset's fire:wait point).
	{"rlock-3.8.1", "interrupt", "linearizable", checks.Known, 40, "lock() catches the InterruptedException of its wait and returns without the lock", "", clients.ClientOverrides{}, false, "RedissonLock.lock in 3.8.1 (lockInterruptibly, catch)", ScenarioDir + "explore-rlock-3.8.1-interrupt-lock-returns.txt", clients.FlawInterruptSwallowed},
	{"fairlock-3.16.8", "crash", "liveness", checks.Known, 60, "a negative ttl makes lock() wait with no timeout, here on a free lock", "", clients.ClientOverrides{}, false, "#5503 (with #4743, #4705)", ScenarioDir + "commands.txt", clients.FlawUntimedWait},
	// The same bugs seen from the clients' side by porcupine.
	{"set-px", "none", "linearizable", checks.Known, 20, "after a DEL of another's key no order of the calls fits a lock", "", clients.ClientOverrides{}, false, "seed 003 (SET NX PX, DEL)", "", ""},
	{"rlock-3.16.8", "net", "linearizable", checks.Known, 40, "after a re-sent acquire the lock outlives its only unlock", "", clients.ClientOverrides{}, false, "#4822, #4871, #7367", "", clients.FlawResendAcquire},
	// Redisson 4.7.0.
	{"rlock-4.7.0", "interrupt", "orphan", checks.Known, 40, "an interrupted acquire completes and starts the watchdog: a lock nobody holds, renewed for ever", "", clients.ClientOverrides{}, false, "#7272, #7277", ScenarioDir + "rlock-4.7.0-orphan-renewal.txt", clients.FlawDetachedHold},
	{"fencedlock-4.7.0", "none", "expiry", checks.Known, 20, "lockAndGetToken(lease) drops its lease: the watchdog renews the lock past it", "", clients.ClientOverrides{}, false, "RFencedLock (RedissonFencedLock.java:76-79)", ScenarioDir + "fencedlock-4.7.0.txt", clients.FlawFencedLeaseDropped},
	{"fencedlock-4.7.0", "failover", "fenced", checks.ByDesign, 40, "a failover loses the token's increments: the newest holder's writes are refused", "token counter", clients.ClientOverrides{}, false, "fencing in the same Redis (Kleppmann)", "", ""},
}

// Span is the seed range a measurement over lo-hi gives the finding: a
// rare finding (Short, measured on short runs) takes ten times as many
// seeds from lo, so its rate per 1000 is not a lucky zero.
func (f Finding) Span(lo, hi uint64) (uint64, uint64) {
	if f.Short {
		return lo, lo + 10*(hi-lo+1) - 1
	}
	return lo, hi
}

// Rate is how often a finding showed up: the runs measured, how many
// showed it, and the first seed that did (0: none).
type Rate struct {
	Runs  uint64
	Hits  int
	First uint64
}

// MeasureFindings runs each finding's span of lo-hi and counts the runs
// that show it. It returns the rates, how many runs finished of how many
// planned (fewer when ctx was cancelled) and the first error that kept a
// run from running.
func MeasureFindings(ctx context.Context, fs []Finding, lo, hi uint64, b Batch) (rates []Rate, done, total uint64, err error) {
	return MeasureBy(ctx, fs, func(k int) (uint64, uint64) { return fs[k].Span(lo, hi) },
		func(k int, v checks.Violation) bool { return fs[k].Matches(v) }, b)
}

// MeasureBy is MeasureFindings with each finding's seed range (span) and
// what counts as showing it (match) given by the caller.
func MeasureBy(ctx context.Context, fs []Finding, span func(k int) (from, to uint64), match func(k int, v checks.Violation) bool, b Batch) (rates []Rate, done, total uint64, err error) {
	var offsets []uint64 // where each finding's runs start
	rates = make([]Rate, len(fs))
	for k := range fs {
		offsets = append(offsets, total)
		from, to := span(k)
		rates[k].Runs = to - from + 1
		total += rates[k].Runs
	}
	jobOf := func(i uint64) (int, uint64) {
		k := sort.Search(len(offsets), func(k int) bool { return offsets[k] > i }) - 1
		from, _ := span(k)
		return k, from + i - offsets[k]
	}
	done = b.Run(ctx, "simulating", total, nil, func(i uint64) run.Config {
		k, seed := jobOf(i)
		return fs[k].Config(seed)
	}, func(i uint64, cfg run.Config, o Outcome) {
		if o.Err != nil {
			if err == nil {
				err = o.Err
			}
			return
		}
		k, _ := jobOf(i)
		for _, v := range o.Violations {
			if match(k, v) {
				rates[k].Hits++
				if rates[k].First == 0 {
					rates[k].First = cfg.Seed
				}
				break
			}
		}
	})
	return rates, done, total, err
}
