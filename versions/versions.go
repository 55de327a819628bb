package versions

import (
	"context"
	"fmt"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/explore"
	"github.com/locksim/locksim/verdict"
)

// Versions are the Redisson versions the harness simulates, oldest first
// (clients.Versions).
var Versions = clients.Versions

// Question is one known finding, asked of every version: a signature of
// violations measured over random runs, or a small configuration searched
// exhaustively, or both.
type Question struct {
	Known string // the issue(s) or name it is known by
	What  string
	Lock  string // "rlock", "fairlock" or "fencedlock": the algorithm is Lock-version

	// The random runs: preset, and what a violation must be to count.
	Preset   string
	Property string
	Class    checks.Class
	Detail   string // a word the violation's detail must contain ("" any)
	NotIn    string // a word it must not contain ("" none)
	// Path, when set, is the code path the violation's run must have
	// taken (verdict.Took): the mechanism, where another one can give the
	// same symptom in some version.
	Path clients.Flaw
	// Flaw, when set, is the catalogue's flaw the violation's mechanism
	// must name (jobspec/main.toml): for a flaw known by its mechanism,
	// with no code path of its own.
	Flaw   string
	Client clients.ClientOverrides
	Seeds  uint64 // runs per version; 0: no random runs

	// The exhaustive search: a configuration of explore (Algo filled in
	// per version; it searches past known flaws) and the property it
	// looks for ("any": any violation that is a bug or a known flaw).
	Explore  *explore.Config
	Searched string

	// Evidence names the tests or scenarios that show the mechanism
	// step by step, per version where they differ.
	Evidence string
}

// Searches reports whether the violation v of q's search is of the
// property q looks for.
func (q Question) Searches(v *explore.Violation) bool {
	return v != nil && (q.Searched == "any" || v.Kind == q.Searched)
}

// KnownFound is the shortest violation of r, q's search, that a
// catalogued flaw explains and that is of the property q looks for, nil
// when none: how the search finds a flaw the catalogue names (the
// search goes past it to a bug or its bound).
func (q Question) KnownFound(r *explore.Result) *explore.Violation {
	for _, v := range r.Known {
		if q.Searches(v) {
			return v
		}
	}
	return nil
}

// matches reports whether v is what q counts.
func (q Question) matches(v checks.Violation) bool {
	return v.Property == q.Property && v.Class == q.Class &&
		(q.Detail == "" || strings.Contains(v.Detail, q.Detail)) &&
		(q.NotIn == "" || !strings.Contains(v.Detail, q.NotIn)) &&
		(q.Path == "" || verdict.Took(v, q.Path)) &&
		(q.Flaw == "" || v.Mech.Kind == checks.MechFlaw && v.Mech.Name == q.Flaw)
}

// Algo is the question's algorithm for version, false when the lock does
// not exist in it (the fenced lock is 4.7.0's).
func (q Question) Algo(version string) (string, bool) {
	a := q.Lock + "-" + version
	return a, clients.CheckAlgo(a) == nil
}

// Questions is the catalog, in the order of results/redisson-versions.md.
var Questions = []Question{
	{
		Known: "#4822, #4871, #7367", What: "an acquire re-sent after a lost reply runs twice: the thread counts one hold, the store two",
		Lock: "rlock", Preset: "net", Property: "holds", Class: checks.Known, Detail: "counts 2 holds", NotIn: "failed with an error", Seeds: 200, Path: clients.FlawResendAcquire,
		Evidence: "`TestAcquireNotResentAfterLostReply470` (4.7.0, single server: never re-sent); `TestAcquireResentInBatchWithReplica470` (4.7.0 with a replica: the batch is re-sent). 4.7.0's violations of the same symptom here come from another mechanism, which the path tells apart (timeout-swallowed, jobspec/main.toml): tryLock(wait) returns false after a RedisResponseTimeoutException its acquire survived (RedissonLock.java:274-280; seed 27: a tryLock(5 s) returns false at 44.327 s, the next lock() finds 2 holds)",
	},
	{
		Known: "#5503 (with #4743)", What: "a negative ttl makes a fair lock() wait with no timeout, here on a free lock",
		Lock: "fairlock", Preset: "net", Property: "liveness", Class: checks.Known, Detail: "no timeout", Seeds: 100, Path: clients.FlawUntimedWait,
		Evidence: "[commands.txt](../scenario/testdata/commands.txt) (3.16.8)",
	},
	{
		Known: "#3994, #2669", What: "a WAIT that counted fewer replicas stops the watchdog for good; the lock expires under its holder",
		Lock:    "rlock",
		Explore: &explore.Config{Threads: 1, Acquires: 1, Replicas: 1}, Searched: "any",
		Evidence: "3.16.8: [explore-rlock-3.16.8-replica-3994.txt](../scenario/testdata/explore-rlock-3.16.8-replica-3994.txt) (no fault: the replica lags past the renewal's WAIT, the watchdog stops, the lock expires and unlock() throws), [explore-fairlock-3.16.8-replica-3994.txt](../scenario/testdata/explore-fairlock-3.16.8-replica-3994.txt) (the fair lock: another thread takes it), [commands.txt](../scenario/testdata/commands.txt), bug zoo row (186/1000, failover, lockWatchdogTimeout 3 s); 4.7.0: `TestLockTaskKeepsRenewingAfterFailure470` (a failed chunk cancels nothing, RenewalTask.java:175-184); 3.8.1 sends no WAIT",
	},
	{
		Known: "#7272, #7277", What: "an acquire completes after its caller was interrupted and starts the watchdog: a lock nobody holds, renewed for ever",
		Lock: "rlock", Preset: "interrupt", Property: "orphan", Class: checks.Known, Seeds: 200, Path: clients.FlawDetachedHold,
		Explore: &explore.Config{Threads: 2, Acquires: 1, Faults: explore.Faults{explore.FaultInterrupt: 1}}, Searched: "orphan",
		Evidence: "[rlock-4.7.0-orphan-renewal.txt](../scenario/testdata/rlock-4.7.0-orphan-renewal.txt) (4.7.0 renews for ever; 3.16.8's lock expires after 30 s), [explore-rlock-4.7.0-interrupt-orphan.txt](../scenario/testdata/explore-rlock-4.7.0-interrupt-orphan.txt); 3.8.1 has it too: its get() cancels nothing when interrupted, so its acquire's listener starts the watchdog (`TestInterruptedAcquire`); 3.16.8's orphans under this preset come from an interrupted unlock instead, whose cancelled handle leaves the thread's renewal count behind (`TestInterruptedUnlock`, path unlock-renewal-kept), and are not counted here",
	},
	{
		Known: "#7272 (fair lock)", What: "the same through RedissonFairLock, which inherits RedissonLock's acquire",
		Lock: "fairlock", Preset: "interrupt", Property: "orphan", Class: checks.Known, Seeds: 100, Path: clients.FlawDetachedHold,
		Explore: &explore.Config{Threads: 2, Acquires: 1, Faults: explore.Faults{explore.FaultInterrupt: 1}}, Searched: "orphan",
	},
	{
		Known: "#7272 (fenced lock)", What: "the same through RFencedLock, whose loop unlocks an acquisition its caller no longer waits for",
		Lock: "fencedlock", Preset: "interrupt", Property: "orphan", Class: checks.Known, Seeds: 200,
		Explore: &explore.Config{Threads: 2, Acquires: 1, Faults: explore.Faults{explore.FaultInterrupt: 1}}, Searched: "orphan",
	},
	{
		Known: "3.8.1 lock() and Thread.interrupt()", What: "lock() catches the InterruptedException of its wait and returns as if it held the lock (RedissonLock.lock in 3.8.1); the store has another holder or none",
		// lock(lease): without a lease 3.8.1's interrupted acquire first shows
		// #7272 (its listener starts the watchdog), a shorter counterexample.
		Lock: "rlock", Explore: &explore.Config{Threads: 2, Ops: []string{"lock-lease"}, Faults: explore.Faults{explore.FaultInterrupt: 1}}, Searched: "holds",
		Evidence: "[explore-rlock-3.8.1-interrupt-lock-returns.txt](../scenario/testdata/explore-rlock-3.8.1-interrupt-lock-returns.txt); 3.16.8's lock() waits uninterruptibly (acquireUninterruptibly) and 4.7.0's likewise; random runs reach it with the preset `interrupt` (its fire:wait interrupts): bug zoo row, linearizable",
	},
	{
		Known: "stale renewal", What: "no fault: an unlock races a renewal, whose late answer cancels the renewal of the lock's next hold in the JVM",
		Lock: "rlock", Explore: &explore.Config{Threads: 2, Acquires: 2}, Searched: "any",
		Evidence: "[explore-rlock-3.16.8-stale-renewal.txt](../scenario/testdata/explore-rlock-3.16.8-stale-renewal.txt), [explore-rlock-4.7.0-stale-renewal.txt](../scenario/testdata/explore-rlock-4.7.0-stale-renewal.txt)",
	},
	{
		Known: "3.8.1 unlockAsync (#1966, #2037 family)", What: "no fault, two threads of one JVM: one thread's unlock cancels the renewal the other's new hold relies on",
		Lock: "rlock", Explore: &explore.Config{Threads: 2, PerProc: 2, Ops: []string{"reentrant"}}, Searched: "any",
	},
	{
		Known: "4.7.0 repeated unlock", What: "no fault, a replica lagging past the WAIT of a re-entrant hold's first unlock(): ServiceManager.execute runs unlockAsync0 again, and each run cancels one renewal count (RedissonBaseLock.java:161-164), so the hold that remains loses its watchdog and expires under its holder",
		Lock: "fairlock", Explore: &explore.Config{Threads: 2, PerProc: 2, Ops: []string{"reentrant"}, Replicas: 1}, Searched: "mutex",
		Evidence: "[explore-fairlock-4.7.0-replica-repeated-unlock.txt](../scenario/testdata/explore-fairlock-4.7.0-replica-repeated-unlock.txt) (4.7.0); 3.16.8's search stops first at #3994 (a renewal's failed WAIT stops its watchdog)",
	},
	{
		Known: "#2099, #2100 (drift, fixed in 3.11.1)", What: "a live fair waiter whose score passed loses its place in the queue",
		Lock: "fairlock", Preset: "none", Property: "evicted", Class: checks.Known, Detail: "(lock, ", Flaw: "score-drift", Seeds: 200,
		Evidence: "counts lock() waiters only: 3.16.8's and 4.7.0's evictions of short tryLock(wait) waiters are their own design (#4743's chain of waits)",
	},
	{
		Known: "fencing (Kleppmann)", What: "a failover loses the fenced lock's token increments: a newer holder gets a token no larger than a stale one's",
		Lock: "fencedlock", Preset: "failover", Property: "fenced", Class: checks.ByDesign, Detail: "token", Seeds: 200,
	},
}

// Answer is what the harness found for one question and version.
type Answer struct {
	Exists bool // the lock exists in the version
	// Random runs: runs, hits, first seed (0 none).
	Runs, First uint64
	Hits        int
	// Exhaustive search: nil when none; NoWait when the search has a
	// replica and the version sends no WAIT (3.8.1), so it has none.
	Search *explore.Result
	NoWait bool
}

// Ask answers every question for every version: the random runs of each
// (seeds 1..q.Seeds, through b) and its exhaustive search (bounded by
// maxStates).
func Ask(ctx context.Context, qs []Question, b verdict.Batch, maxStates int) ([][]Answer, error) {
	out := make([][]Answer, len(qs))
	var fs []verdict.Finding
	var where []at
	for i, q := range qs {
		out[i] = make([]Answer, len(Versions))
		for j, v := range Versions {
			algo, ok := q.Algo(v)
			out[i][j].Exists = ok
			if !ok {
				continue
			}
			if q.Seeds > 0 {
				fs = append(fs, verdict.Finding{Algo: algo, Preset: q.Preset, Property: q.Property, Class: q.Class, Seeds: q.Seeds, Client: q.Client})
				where = append(where, at{i, j})
			}
			if q.Explore != nil && q.Explore.Replicas > 0 && !explore.WaitsForReplicas(algo) {
				out[i][j].NoWait = true
			} else if q.Explore != nil {
				cfg := *q.Explore
				// past known flaws: the finding asked about is often one
				cfg.Algo, cfg.MaxStates, cfg.PastKnown = algo, maxStates, true
				res, err := explore.Explore(cfg, nil)
				if err != nil {
					return nil, fmt.Errorf("%s: explore %s: %w", q.Known, algo, err)
				}
				out[i][j].Search = res
			}
		}
	}
	// One batch of every random run, each counted by its question's own
	// signature (a Finding counts by property and class only).
	rates, done, total, err := verdict.MeasureBy(ctx, fs,
		func(k int) (uint64, uint64) { return 1, fs[k].Seeds },
		func(k int, v checks.Violation) bool { return qs[where[k].q].matches(v) }, b)
	if err == nil && done < total {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	for k, w := range where {
		a := &out[w.q][w.v]
		a.Runs, a.Hits, a.First = rates[k].Runs, rates[k].Hits, rates[k].First
	}
	return out, nil
}

// at is a question and a version, by index.
type at struct{ q, v int }
