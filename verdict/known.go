package verdict

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// knownBugs are the bug-class findings each algorithm is known to show
// without any fault it does not claim to survive; the gate reports them
// but does not fail on them. An entry is a property, or a property and
// the kind of its violations ("error/not-held"), and the code paths
// (clients.Flaw) through which the bug acts: a violation is excused as
// the entry's only when one of them acted on it (tookPaths: taken by its
// actors' processes in its window; a linearizability failure, the
// general view of the same bugs, may come through any path of the
// algorithm's catalog). A violation of a known
// property that no known path explains — a new bug with a known symptom
// — is unexpected. The simple locks of seed 003 need no path: the
// algorithm itself is the flaw.
//
//   - Every Redisson lock: forceUnlock() deletes whoever's hold, by
//     contract (RedissonLock.forceUnlockAsync); the workloads call it, so
//     the holder it deleted overlaps the next one (mutex), its lock runs
//     out under it (expiry) and its unlock throws (error/not-held). Path:
//     a forceUnlock whose script ran.
//
//   - seed 003's simple locks: setnx-expire's crash between SETNX and
//     EXPIRE leaves a lock that never expires (liveness); set-px and
//     set-uuid-getdel delete another holder's lock (mutex; linearizable sees
//     it from the clients' side).
//
//   - Redisson 3.8.1: unlockAsync calls cancelExpirationRenewal(null) when
//     the unlock completes, cancelling whatever renewal the lock has in the
//     JVM; when another thread of the same JVM took the lock between the
//     unlock's execution and its reply, its watchdog is gone and its lock
//     expires under it (mutex, expiry, and its unlock's
//     IllegalMonitorStateException: error/not-held). It cancels the renewal
//     only when the unlock script answered 1, so a hold the thread does not
//     count (an acquire whose reply was lost, or whose caller was
//     interrupted, still ran) turns its last unlock into a partial one and
//     leaves the watchdog renewing that hold for ever (orphan: rlock-3.8.1
//     seed 4, preset interrupt; preset net).
//
//   - Redisson 3.8.1's lock() and lock(lease) call lockInterruptibly and
//     catch its InterruptedException (RedissonLock.java:116-132 in 3.8.1):
//     a thread interrupted in its timed wait returns from lock() as if it
//     held the lock, which another thread holds or nobody does; its unlock
//     then throws (linearizable: rlock-3.8.1 seed 4, fairlock-3.8.1 seed 4,
//     preset interrupt; mutex, error/not-held). The fair lock inherits it.
//     Its get() cancels nothing when interrupted (R8:CommandAsyncService.get),
//     so an interrupted acquire goes on and its listener starts the
//     watchdog for a thread that was told it failed: #7272 in 3.8.1
//     (orphan: fairlock-3.8.1 seed 2, preset interrupt).
//
//   - Redisson 3.16.8: the watchdog stops for good after a WAIT that
//     counted fewer replicas (#3994), so the lock expires under a live
//     holder when a replica lags; an acquire re-sent after a lost reply runs
//     twice and leaves two holds (#4822, #4871, #7367: holds, linearizable,
//     expiry — the unlock that drops it to one re-arms internalLockLeaseTime);
//     the fair lock's negative ttls make lock() wait with no timeout (#5503,
//     liveness). A lock object that once took an explicit lease keeps it in
//     RedissonLock.internalLockLeaseTime (RedissonLock.java:160,182): a later
//     lock() without a lease sends that lease while the watchdog renews every
//     lockWatchdogTimeout/3, so a lease under 10 s runs out under its holder
//     (mutex, expiry, error/not-held). A subscription that timed out stays in
//     the entry map with its failed promise, so every later subscriber on
//     that entry fails at once (#6047, #4700: error/subscribe). An
//     interrupted unlock() cancels unlockAsync's handle stage before it runs,
//     so the thread's renewal count outlives an unlock that ran; with a
//     hold the thread does not count (an interrupted acquire's) the watchdog
//     then renews a lock nobody will unlock (#7272's "renewal can outlive
//     unlock()"; orphan: fairlock-3.16.8 seed 18, preset interrupt).
//
//   - Redisson 4.7.0 keeps that internalLockLeaseTime: an acquire with a
//     lease stores it in the lock object (RedissonLock.java:174-175,
//     198-199) and a later lock() without one sends it (RedissonLock.java:189-191)
//     while its renewal first comes at the LockTask's next tick, up to
//     lockWatchdogTimeout/3 later; only an unlock that answers true or null
//     resets it (RedissonLock.java:326-332). A thread sharing the object, or
//     one re-entering with a short lease, so loses its lock under it and
//     its later forceUnlock() deletes the next holder's (rlock-4.7.0 seed 4,
//     preset none: a lock() sends 7412 ms, the chunk answers [0] after it
//     ran out: mutex, expiry, error/not-held). As in the other versions, a
//     re-entry with a lease under a watchdog hold is renewed past that lease
//     by the outer hold's renewal (seed 18: expiry). Under faults: tryLock(wait)
//     catches a RedisResponseTimeoutException from a try in its loop and
//     returns false (RedissonLock.java:274-280) although that acquire may
//     have run, so the caller holds a lock it was told it did not get and
//     its next acquire re-enters it (holds: rlock-4.7.0 seed 27, fairlock-4.7.0
//     seed 18, preset net; the fair one's lock() then cannot be placed:
//     linearizable, fairlock-4.7.0 seed 5, preset net). With replicas a WAIT
//     that counted none makes handleNoSync undo a fair grant with an unlock
//     and ServiceManager.execute retry it later (CommandAsyncService.java:1038-1066,
//     ServiceManager.java:611-645): the waiter lost its place and a later one
//     overtakes it (fifo: fairlock-4.7.0 seed 6, preset failover).
//     forceUnlock goes through syncedEvalWithRetry and has no latch
//     (RedissonLock.java:334-345): re-sent after a lost reply, its second
//     run answers 0, so it returns false although its first run deleted the
//     lock another thread then took (linearizable: rlock-4.7.0 seed 8,
//     preset net). An interrupt while an acquire is in flight (get() cancels
//     ServiceManager.execute's future, not the script's) lets the acquire's
//     thenApply start the watchdog for a thread that was told it failed:
//     the lock is renewed for ever with no holder (#7272; orphan: rlock-4.7.0
//     seed 9, preset interrupt; fairlock-4.7.0 seed 6).
//
//   - Redisson 4.7.0's fenced lock is an RLock (unlock, forceUnlock, the
//     watchdog and internalLockLeaseTime are RedissonLock's), so it shows
//     the same. Its own: lockAndGetToken(leaseTime, unit) drops its
//     arguments and calls lockAndGetTokenAsync() (RedissonFencedLock.java:76-79),
//     so a lock asked for a lease is taken with the watchdog and never
//     expires under a live holder (expiry: fencedlock-4.7.0 seed 1, preset
//     none); tryLockAndGetToken() waits with no limit
//     (RedissonFencedLock.java:121-127: waitTime -1 means Long.MAX_VALUE),
//     which no check flags; and its acquire is neither undone nor repeated
//     after a WAIT that counted no replica (no handleNoSync, no
//     ServiceManager.execute: RedissonFencedLock.java:85-102), so the call
//     throws while the lock it took stays, unrenewed.
var knownBugs = map[string][]knownBug{
	"setnx-expire":    inherent("mutex", "liveness", "linearizable"),
	"set-px":          inherent("mutex", "linearizable"),
	"set-uuid-getdel": inherent("mutex", "linearizable"),
	"rlock-3.8.1":     redisson381,
	"fairlock-3.8.1":  redisson381,
	"rlock-3.16.8":    redisson3168,
	"fairlock-3.16.8": append(slices.Clip(redisson3168),
		knownBug{"liveness", []clients.Flaw{clients.FlawUntimedWait}}),
	"rlock-4.7.0": redisson470,
	"fairlock-4.7.0": append(slices.Clip(redisson470),
		knownBug{"fifo", []clients.Flaw{clients.FlawRequeue}}),
	"fencedlock-4.7.0": append(slices.Clip(redisson470),
		knownBug{"holds", []clients.Flaw{clients.FlawFencedNoUndo}},
		knownBug{"expiry", []clients.Flaw{clients.FlawFencedLeaseDropped, clients.FlawFencedNoUndo}},
		knownBug{"mutex", []clients.Flaw{clients.FlawFencedNoUndo}},
		knownBug{"error/not-held", []clients.Flaw{clients.FlawFencedNoUndo}},
		knownBug{"linearizable", []clients.Flaw{clients.FlawFencedLeaseDropped}}),
}

// forceUnlock is the path of a forceUnlock() whose script ran: not a flaw,
// the method's contract, which the workloads exercise.
const forceUnlock clients.Flaw = "force-unlock"

// lockLost are the paths through which a Redisson lock is lost under a
// live holder, in every version: forceUnlock, and a re-entry with a lease
// under a watchdog hold.
var lockLost = []clients.Flaw{forceUnlock, clients.FlawLeaseUnderWatchdog}

var redisson381 = []knownBug{
	{"mutex", append(slices.Clip(lockLost), clients.FlawRenewalCancelledForAll, clients.FlawRenewalStopped, clients.FlawInterruptSwallowed)},
	{"expiry", append(slices.Clip(lockLost), clients.FlawRenewalCancelledForAll, clients.FlawRenewalStopped)},
	{"error/not-held", append(slices.Clip(lockLost), clients.FlawRenewalCancelledForAll, clients.FlawRenewalStopped, clients.FlawInterruptSwallowed)},
	{"orphan", []clients.Flaw{clients.FlawPartialUnlockKeepsRenewal, clients.FlawDetachedHold}},
	{"linearizable", []clients.Flaw{clients.FlawInterruptSwallowed}},
}

var redisson3168 = []knownBug{
	{"mutex", append(slices.Clip(lockLost), clients.FlawLeaseKept, clients.FlawRenewalStopped, clients.FlawSyncFailed, clients.FlawResendAcquire, clients.FlawResend)},
	{"expiry", append(slices.Clip(lockLost), clients.FlawLeaseKept, clients.FlawRenewalStopped, clients.FlawSyncFailed, clients.FlawResendAcquire, clients.FlawResend)},
	{"error/not-held", append(slices.Clip(lockLost), clients.FlawLeaseKept, clients.FlawRenewalStopped, clients.FlawSyncFailed, clients.FlawResendAcquire, clients.FlawResend)},
	{"holds", []clients.Flaw{clients.FlawResendAcquire, clients.FlawSyncFailed}},
	{"linearizable", []clients.Flaw{clients.FlawResendAcquire, clients.FlawResend, clients.FlawSyncFailed}},
	{"error/subscribe", []clients.Flaw{clients.FlawStaleSubscription}},
	{"orphan", []clients.Flaw{clients.FlawUnlockRenewalKept}},
}

var redisson470 = []knownBug{
	{"mutex", append(slices.Clip(lockLost), clients.FlawLeaseKept, clients.FlawDetachedHold)},
	{"expiry", append(slices.Clip(lockLost), clients.FlawLeaseKept, clients.FlawDetachedHold)},
	{"error/not-held", append(slices.Clip(lockLost), clients.FlawLeaseKept, clients.FlawDetachedHold)},
	{"holds", []clients.Flaw{clients.FlawTimeoutSwallowed, clients.FlawResendAcquire}},
	{"linearizable", []clients.Flaw{clients.FlawTimeoutSwallowed, clients.FlawResendAcquire, clients.FlawResend}},
	{"orphan", []clients.Flaw{clients.FlawDetachedHold}},
}

// knownBug is one catalog entry: a property (or property/kind) and the
// paths, one of which the run must have taken; none for an algorithm
// whose design is the flaw.
type knownBug struct {
	property string
	paths    []clients.Flaw
}

func inherent(props ...string) []knownBug {
	var out []knownBug
	for _, p := range props {
		out = append(out, knownBug{property: p})
	}
	return out
}

// Explain names the catalog entry of algo that explains v in the run
// whose history is h, "" when none does: the entry's property (and kind)
// is v's and, unless the algorithm itself is the flaw, the run took one
// of its paths where it could have made v (tookPaths). The name lists every path of the entry the run took, in
// the order it first took them: "mutex via lease-kept, force-unlock".
func Explain(algo string, v checks.Violation, h *model.History) string {
	var paths []clients.Flaw // of every entry of v's property: an algorithm may list it twice
	name := ""
	for _, k := range knownBugs[algo] {
		if k.property != v.Property && k.property != v.Property+"/"+v.Kind {
			continue
		}
		if k.paths == nil {
			return k.property
		}
		name = k.property
		paths = union(paths, k.paths)
	}
	if name == "" {
		return ""
	}
	if v.Property == "linearizable" {
		// the general view of the same bugs the specific checks tell
		// apart: any path of the algorithm's catalog
		for _, k := range knownBugs[algo] {
			paths = union(paths, k.paths)
		}
	}
	took := tookPaths(h, paths, v)
	if len(took) == 0 {
		return ""
	}
	names := make([]string, len(took))
	for i, p := range took {
		names[i] = string(p)
	}
	return name + " via " + strings.Join(names, ", ")
}

// union appends to dst the paths of src it does not hold.
func union(dst, src []clients.Flaw) []clients.Flaw {
	for _, p := range src {
		if !slices.Contains(dst, p) {
			dst = append(dst, p)
		}
	}
	return dst
}

// wholeRun are the properties judged at the run's end, whose moment is
// not the one the bug acted at: liveness and orphan.
var wholeRun = map[string]bool{"liveness": true, "orphan": true}

// tookPaths are the paths, of those given, that h took where they could
// have made v, in the order it first took them. A path acts on a
// violation only through the threads it involves and while it lasts:
//   - a flaw counts when a thread of one of v's actors' processes took it
//     (a thread's own lock object, its JVM's renewals and pub/sub
//     entries), within v's window: from the call that began the hold v
//     broke (the earliest actor's, Section.Called; the call itself for an
//     actor that held nothing), or from the actor's call before that one
//     (what it left behind acts on the next), or from the last moment
//     the store held nothing of the actor if that is earlier (a hold it
//     does not count came from an earlier call), to v;
//   - a forceUnlock, which deletes anyone's lock, counts when its script
//     ran at the store within that window;
//   - liveness and orphan, judged at the end, take the actors' paths of
//     the whole run; a linearizability failure, which porcupine pins on
//     one call it cannot place, takes any thread's path up to that call's
//     return: what made the history unexplainable happened by then.
func tookPaths(h *model.History, paths []clients.Flaw, v checks.Violation) []clients.Flaw {
	from, to := violationWindow(h, v)
	in := func(t sim.Time) bool { return t >= from && t <= to }
	anyProc := v.Property == "linearizable"
	procs := map[string]bool{}
	for _, op := range h.Ops {
		if slices.Contains(v.Actors, op.Owner) {
			procs[op.Proc] = true
		}
	}
	type took struct {
		at   sim.Time
		path clients.Flaw
	}
	var seen []took
	add := func(at sim.Time, p clients.Flaw) {
		for k := range seen {
			if seen[k].path == p {
				seen[k].at = min(seen[k].at, at)
				return
			}
		}
		seen = append(seen, took{at, p})
	}
	for _, f := range h.Flaws {
		if p := clients.Flaw(f.Flaw); in(f.At) && (anyProc || procs[f.Proc]) && slices.Contains(paths, p) {
			add(f.At, p)
		}
	}
	if slices.Contains(paths, forceUnlock) {
		// every run of a forceUnlock script at the store (a re-sent one runs
		// twice; its op keeps one of them)
		i, _ := slices.BinarySearchFunc(h.Store, from, func(s model.StoreSample, t sim.Time) int { return cmp.Compare(s.At, t) })
		for ; i < len(h.Store) && h.Store[i].At <= to; i++ {
			if strings.Contains(h.Store[i].Script, "forceUnlockAsync") {
				add(h.Store[i].At, forceUnlock)
				break
			}
		}
	}
	slices.SortStableFunc(seen, func(a, b took) int { return cmp.Compare(a.at, b.at) })
	out := make([]clients.Flaw, len(seen))
	for k, s := range seen {
		out[k] = s.path
	}
	return out
}

// violationWindow is when a path could have acted on v (tookPaths).
func violationWindow(h *model.History, v checks.Violation) (from, to sim.Time) {
	const forever = sim.Time(math.MaxInt64)
	switch {
	case wholeRun[v.Property]:
		return 0, forever
	case v.Property == "linearizable":
		// v.At is the unplaceable call's start; the window runs to its return
		to = forever
		for _, op := range h.Ops {
			if len(v.Actors) > 0 && op.Owner == v.Actors[0] && op.Start == v.At && op.End >= 0 {
				to = op.End
			}
		}
		return 0, to
	}
	from = v.At
	for _, a := range v.Actors {
		began := holdBegan(h, a, v.At)
		from = min(from, began, callBefore(h, a, began), lastAbsent(h, a, v.At))
	}
	return from, v.At
}

// callBefore is the start of owner a's last call that began before t, t
// when there is none: what that call left behind (a hold it did not
// count, a lease its lock object kept, a renewal still on its way) acts
// on the next.
func callBefore(h *model.History, a string, t sim.Time) sim.Time {
	if at, ok := lastCall(h, a, t-1); ok {
		return at
	}
	return t
}

// lastCall is the start of owner a's last call that began at or before t.
func lastCall(h *model.History, a string, t sim.Time) (sim.Time, bool) {
	at, ok := sim.Time(0), false
	for _, op := range h.Ops {
		if op.Owner == a && op.Start <= t && (!ok || op.Start > at) {
			at, ok = op.Start, true
		}
	}
	return at, ok
}

// lastAbsent is the last time at or before t that the store held no hold
// of owner a (a sample of the master without a among the lock's
// holders), 0 when it always held one: a hold the thread does not count
// (an acquire that ran twice, or whose call failed) began after it, in
// one of a's calls since.
func lastAbsent(h *model.History, a string, t sim.Time) sim.Time {
	i, _ := slices.BinarySearchFunc(h.Store, t, func(s model.StoreSample, t sim.Time) int { return cmp.Compare(s.At, t+1) })
	for i--; i >= 0; i-- {
		if !slices.Contains(h.Store[i].Holders, a) {
			return h.Store[i].At
		}
	}
	return 0
}

// holdBegan is when the call began that gave owner a the hold it had at t
// (the section open then, else its last one before t), or the start of
// its last call before t when it held nothing; t when it made none.
func holdBegan(h *model.History, a string, t sim.Time) sim.Time {
	last := -1
	for i, s := range h.Sections {
		if s.Owner != a || s.Start > t {
			continue
		}
		if s.End < 0 || s.End >= t {
			return min(s.Called, s.Start) // open at t
		}
		if last < 0 || s.Start > h.Sections[last].Start {
			last = i
		}
	}
	if last >= 0 {
		return min(h.Sections[last].Called, h.Sections[last].Start)
	}
	if at, ok := lastCall(h, a, t); ok {
		return at
	}
	return t
}

// Took reports whether v's explanation (Known) names path: whether its
// run took that path before it.
func Took(v checks.Violation, path clients.Flaw) bool {
	_, via, ok := strings.Cut(v.Known, " via ")
	return ok && slices.Contains(strings.Split(via, ", "), string(path))
}

// Known reports whether v is one of its algorithm's known bugs: a
// bug-class violation that Check found explained by the catalog.
func Known(v checks.Violation) bool { return v.Class == checks.Bug && v.Known != "" }
