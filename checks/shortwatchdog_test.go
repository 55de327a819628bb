package checks

import (
	"math"
	"slices"
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Under a 2 s lockWatchdogTimeout (a renewal every 666 ms) a renewal whose
// WAIT ran out its 1 s leaves the next one 334 ms, and a second's delay of
// an acquire's reply or a renewal's loses the hold: the fault that did it
// is the mechanism, and nothing else explains the same history without it.

// slowNet is the run's slow-net fault (plan index 0).
var slowNet = []sim.FaultSpan{fault(0, sim.FaultSlowNet, "network", 0.5, 30)}

// twoSeconds is a history under a 2 s lockWatchdogTimeout.
func twoSeconds(stops bool) *hist {
	b := newHist()
	b.h.Settings.Watchdog, b.h.Settings.RenewalStopsOnFailure = 2000, stops
	return b
}

// The watchdog starts when the acquire without a lease returns
// (scheduleExpirationRenewal in tryAcquireAsync's listener,
// R8:RedissonLock.java:202-214): A's lock() ran at 1 s (the hold armed to
// 3 s) and its reply, held up 2.5 s, came at 3.5 s, after the expiry and
// B's grant at 3.05 s, so its section begins after the expiry. The spike
// on its reply is the mechanism; a spike too short to have made it late,
// or none, explains nothing.
func TestMutexAcquireReplyHeldUpPastTheExpiry(t *testing.T) {
	build := func(delay sim.Duration) *hist {
		b := twoSeconds(false)
		a := b.call("A", model.CallLock, 0, 3.5, "acquired")
		b.h.Ops[a].LastTry = at(0.999)
		b.ran(a, 1, 2000, "A").section(a, -1, 10)
		if delay > 0 {
			b.net(1, "A", "op/0", sim.NetDelayed, delay, 0)
		}
		g := b.call("B", model.CallLock, 2.9, 3.1, "acquired")
		b.ran(g, 3.05, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"a spike held its reply up", build(2500 * sim.Millisecond), slowNet, ByDesign, "fault:slow-net"},
		{"a spike too short to have made it late", build(100 * sim.Millisecond), slowNet, Bug, "bug:no-renewal"},
		{"no spike: the round trip alone", build(0), slowNet, Bug, "bug:no-renewal"},
	})
	// A's reply, held up 2.05 s, came at 3.06 s while A's process was
	// paused (3.05 s to 4.5 s), and A returned when it resumed: the spike
	// alone (a return at 3.06 s) left no first renewal before 3 s, and
	// without it the reply came a trip after the script ran, before the
	// pause (seed 384 of fencedlock-4.7.0, preset all, a 2 s watchdog)
	late := func() *hist {
		b := twoSeconds(false)
		a := b.call("A", model.CallLock, 0, 4.5, "acquired")
		b.h.Ops[a].LastTry = at(0.999)
		b.ran(a, 1, 2000, "A").section(a, -1, 10)
		b.net(1, "A", "op/0", sim.NetDelayed, 2050*sim.Millisecond, 0)
		g := b.call("B", model.CallLock, 2.9, 3.1, "acquired")
		b.ran(g, 3.05, 2000, "B").section(g, -1, 12)
		return b
	}
	paused := append(slices.Clone(slowNet), fault(1, sim.FaultPause, proc("A"), 3.05, 1.45))
	runMutexCasesAt(t, 4.5, []mutexCase{
		{"a spike held its reply into a pause", late(), paused, ByDesign, "fault:slow-net"},
		{"the same return without a pause", late(), slowNet, Bug, "bug:no-renewal"},
	})
}

func TestMutexReentryReplyHeldUpPastTheExpiry(t *testing.T) {
	build := func(earlier bool) *hist {
		b := twoSeconds(false)
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.lease(a, 8000).ran(a, 0.005, 8000, "A").section(a, 8000, 10)
		if earlier {
			e := b.call("A", model.CallTryLock, 0.3, 0.31, "acquired")
			b.ran(e, 0.305, 2000, "A")
			b.h.Ops[e].Nested, b.h.Ops[e].ScriptLease = true, 2000
		}
		r := b.call("A", model.CallTryLock, 1, 3.5, "acquired")
		b.ran(r, 1, 2000, "A")
		b.h.Ops[r].Nested, b.h.Ops[r].ScriptLease, b.h.Ops[r].LastTry = true, 2000, at(1)
		b.net(1, "A", opTag(r), sim.NetDelayed, 2500*sim.Millisecond, 0)
		g := b.call("B", model.CallLock, 2.9, 3.1, "acquired")
		b.ran(g, 3.05, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the re-entry's return started the watchdog", build(false), slowNet, ByDesign, "fault:slow-net"},
		{"an earlier re-entry without a lease had started it", build(true), slowNet, Bug, "bug:no-renewal"},
	})
}

// A's renewal ran at 1.5 s (its hold re-armed to 3.5 s); its WAIT ran out
// its second, and a spike held the reply up 0.4 s more, to 2.9 s: the next
// renewal, 666 ms later, came after the expiry, where without the spike it
// would have run at 2.17 s. The margin is the renewal's own request's trip,
// not a fixed half second that a 2 s timeout cannot leave.
func TestMutexRenewalReplyHeldUpShortTimeout(t *testing.T) {
	build := func(delay sim.Duration, outcome string) *hist {
		b := twoSeconds(false)
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 2000, "A").section(a, -1, 10)
		b.renew("A", 0.67, 0.6705, 0.671, "renewed", "A")
		i := b.renew("A", 1.4995, 1.5, 2.5+float64(delay)/float64(sim.Second), outcome, "A")
		if outcome == "error" {
			b.h.Renewals[i].ErrKind, b.h.Renewals[i].Err = "sync", "NoSyncedSlavesException: None of slaves were synced."
		}
		if delay > 0 {
			b.net(2.5, "A", "renew/1", sim.NetDelayed, delay, 0)
		}
		g := b.call("B", model.CallLock, 3.4, 3.6, "acquired")
		b.ran(g, 3.55, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"a spike held its reply up", build(400*sim.Millisecond, "renewed"), slowNet, ByDesign, "fault:slow-net"},
		{"a spike held up a failed one's reply (4.7.0 goes on)", build(400*sim.Millisecond, "error"), slowNet, ByDesign, "fault:slow-net"},
		{"no spike: its WAIT alone", build(0, "renewed"), slowNet, Bug, "bug:no-renewal"},
	})
}

// 3.16.8's watchdog stops when a failed renewal comes back
// (R16:RedissonBaseLock.java:149-152): a renewal whose WAIT counted fewer
// replicas and whose reply a spike held up past the expiry stopped nothing
// the hold needed (the watchdog still waited on it): the spike is the
// mechanism; one whose failure came back in time stopped the watchdog
// (renewal-sync-failed, for the catalogue), and so did one that came after
// the expiry with no fault on it (its WAIT's second alone).
func TestMutexFailedRenewalCameBackLate(t *testing.T) {
	build := func(end float64, delay sim.Duration) *hist {
		b := twoSeconds(true)
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 2000, "A").section(a, -1, 10)
		i := b.renew("A", 0.67, 0.671, end, "error", "A")
		b.h.Renewals[i].ErrKind, b.h.Renewals[i].Err = "sync", "IllegalStateException: Only 0 of 1 slaves were synced"
		if delay > 0 {
			b.net(1.671, "A", "renew/0", sim.NetDelayed, delay, 0)
		}
		g := b.call("B", model.CallLock, 2.6, 2.8, "acquired")
		b.ran(g, 2.75, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"a spike held the failure up past the expiry", build(3.1, 1430*sim.Millisecond), slowNet, ByDesign, "fault:slow-net"},
		{"the failure came back before the expiry", build(1.672, 0), slowNet, Bug, "bug:renewal-sync-failed"},
		{"it came late with no fault on it", build(3.1, 0), slowNet, Bug, "bug:no-renewal"},
	})
}

// 4.7.0's renewal task reschedules whatever a run answered, and a 0 takes
// only the thread it named off the entry (R47:RenewalTask.java:170-184,
// LockTask.java:97-102): u:2's renewal, sent at 1.4 s on the entry its
// client's threads share, was held up 1.5 s on its way and answered 0 at
// 2.9 s; u:1's hold, armed at 1.0 s, needed the entry's next renewal by 3.0 s. The
// spike is the mechanism. Under 3.16.8 the 0 cancels the entry: no next
// renewal was coming.
func TestMutexSharedEntryRenewalHeldUp(t *testing.T) {
	build := func(stops bool) *hist {
		b := twoSeconds(stops)
		a := b.call("u:1", model.CallLock, 0, 1.01, "acquired")
		b.ran(a, 1, 2000, "u:1").section(a, -1, 10)
		i := b.renew("u:2", 1.4, 2.9, 3.3, "not-renewed", "u:1")
		b.h.Renewals[i].Proc = proc("u:1")
		b.h.Store[len(b.h.Store)-1].TTL = 100
		b.net(1.4, "u:2", "renew/0", sim.NetDelayed, 1500*sim.Millisecond, 0)
		b.h.Net[len(b.h.Net)-1].Proc = proc("u:1")
		g := b.call("B", model.CallLock, 2.9, 3.1, "acquired")
		b.ran(g, 3.05, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"4.7.0: the entry's next renewal waited on it", build(false), slowNet, ByDesign, "fault:slow-net"},
		{"3.16.8: its 0 cancelled the entry", build(true), slowNet, Bug, "bug:no-renewal"},
	})
}

// A's renewal, sent at 1.2 s, ran and its reply was lost; an unlock of an
// inner hold re-armed the hold at 2.0 s (to 4.0 s), and the renewal, which
// the watchdog still waited on, was re-sent only after the response
// timeout and ran at 5.0 s. Its run was not the arming at 2.0 s, so the
// reply lost before it is what kept the chain waiting: the loss is the
// mechanism. Where its re-send ran at 2.0 s and was the arming, what
// struck it before is spent.
func TestMutexOpenRenewalNotTheArming(t *testing.T) {
	build := func(resentAtArming bool) *hist {
		b := twoSeconds(false)
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 2000, "A").section(a, -1, 10)
		b.renew("A", 0.67, 0.671, 0.672, "renewed", "A")
		i := b.renew("A", 1.2, 1.201, 5.1, "not-renewed", "A")
		b.net(1.201, "A", "renew/1", sim.NetReplyLost, 0, 0)
		if resentAtArming {
			b.sample(2, "renew/1", scriptOf(model.CallRenew), 2000, "A")
		} else {
			u := b.reenter("A", model.CallUnlock, 1.999, 2.001, "released")
			b.ran(u, 2, 2000, "A")
		}
		b.h.Renewals[i].ExecAt, b.h.Renewals[i].ExecVirtual = serverMs(at(5)), at(5)
		g := b.call("B", model.CallLock, 3.9, 4.1, "acquired")
		b.ran(g, 4.05, 2000, "B").section(g, -1, 12)
		return b
	}
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 0.5, 30)}
	runMutexCases(t, []mutexCase{
		{"an unlock armed the hold: the lost reply kept the chain waiting", build(false), loss, ByDesign, "fault:loss"},
		{"its own re-send was the arming", build(true), loss, Bug, "bug:no-renewal"},
	})
}

// Seeds 101-200 under a 2 s lockWatchdogTimeout: four lost holds no rule
// named.

// A's lock() ran at 1 s; a renewal of its thread sent at 0.5 s, for its
// earlier hold and still on its way, re-armed the new hold at 1.04 s (to
// 3.04 s) before the call returned; its reply, held up 2.5 s, came at 3.5
// s, and the hold's own watchdog starts only then (seed 136,
// fencedlock-4.7.0). The spike is the mechanism, as where the acquire's
// script armed the hold last. A renewal sent after the script ran was not
// for an earlier hold (the thread's entry had it): nothing named here.
func TestMutexAcquireReplyHeldUpStaleRenewalRearmed(t *testing.T) {
	build := func(sent float64, delay sim.Duration) *hist {
		b := twoSeconds(false)
		a := b.call("A", model.CallLock, 0, 3.5, "acquired")
		b.h.Ops[a].LastTry = at(0.999)
		b.ran(a, 1, 2000, "A").section(a, -1, 10)
		b.renew("A", sent, 1.04, 1.05, "renewed", "A")
		if delay > 0 {
			b.net(1, "A", opTag(a), sim.NetDelayed, delay, 0)
		}
		g := b.call("B", model.CallLock, 2.9, 3.1, "acquired")
		b.ran(g, 3.05, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"a stale renewal re-armed it; a spike held the reply up", build(0.5, 2500*sim.Millisecond), slowNet, ByDesign, "fault:slow-net"},
		{"no spike: the round trip alone", build(0.5, 0), slowNet, Bug, "bug:no-renewal"},
		{"a renewal sent after the script ran", build(1.02, 2500*sim.Millisecond), slowNet, Bug, "bug:no-renewal"},
	})
}

// mutexAt runs the mutex check on b and returns the violation at x.
func mutexAt(t *testing.T, b *hist, faults []sim.FaultSpan, x float64) Violation {
	t.Helper()
	for _, v := range Mutex(&b.h, faults, at(300)) {
		if v.At == at(x) {
			return v
		}
	}
	t.Fatalf("no violation at t=%v", x)
	return Violation{}
}

// u:2's renewal, run at 1 s by the task its client's threads share, was
// held up 2.9 s and completed at 3.9 s; u:1 took the lock at 3.05 s (its
// hold armed to 5.05 s) while it was on its way. The task's next run, a
// period after, named u:2 again (the entry's first thread, whose hold had
// gone) and answered 0 at 4.567 s; the one after, for u:1, was due at
// 5.233 s, too late (seed 194, fencedlock-4.7.0). Each run is scheduled a
// third of the timeout after the one before completed, whatever it
// answered (R47:RenewalTask.java:170-184): the spike on the earlier run is
// the mechanism. Under 3.16.8 the 0 cancels the entry: no chain went on.
func TestMutexChainRunHeldUpBeforeTheLast(t *testing.T) {
	build := func(delay sim.Duration, stops bool) *hist {
		b := twoSeconds(stops)
		p := b.renew("u:2", 1, 1, 1+float64(delay)/float64(sim.Second), "renewed", "u:2")
		b.h.Renewals[p].Proc = proc("u:1")
		b.h.Store[len(b.h.Store)-1].TTL = 2000
		if delay > 0 {
			b.net(1, "u:2", renewTag(p), sim.NetDelayed, delay, 0)
			b.h.Net[len(b.h.Net)-1].Proc = proc("u:1")
		}
		b.entryRunForSibling(p, [3]float64{2.9, 3.05, 3.06}, 4.566, 484, [3]float64{5, 5.1, 5.11})
		return b
	}
	unlinked := build(2900*sim.Millisecond, false)
	unlinked.h.Renewals[1].Scheduled = at(3.06) // scheduled by u:1's lock() returning, not by the held-up run
	runMutexCasesAt(t, 5.11, []mutexCase{
		{"the run was not scheduled by the held-up one", unlinked, slowNet, Bug, "bug:no-renewal"},
		{"4.7.0: a spike held up the run in flight at the arming", build(2900*sim.Millisecond, false), slowNet, ByDesign, "fault:slow-net"},
		{"4.7.0: no spike", build(0, false), slowNet, Bug, "bug:no-renewal"},
		{"3.16.8: the 0 cancelled the entry", build(2900*sim.Millisecond, true), slowNet, Bug, "bug:no-renewal"},
	})
}

// u:2's renewal, run at 1 s by the task its client's threads share, ended
// with a WAIT that counted no replica within its timeout: it failed at
// 2 s, and 4.7.0's task schedules the next run a period after all the
// same (R47:RenewalTask.java:170-184). u:1 took the lock at 1.2 s (its
// hold armed to 3.2 s) meanwhile; the next run, at 2.666 s, named u:2
// again (the entry's first thread, whose hold had gone) and answered 0
// (LockTask.java:97-102), and the one after, for u:1, was due at
// 3.333 s, too late (seed 1411, rlock-4.7.0, preset failover, a 2 s
// watchdog). No fault: the replica's lag on the earlier run is the
// condition, as where its WAIT waited for an acknowledgement that came.
// A run not scheduled by the one that waited, a wait too short to have
// made the difference, a late run with no wait, no replicas, a chain run
// that timed out, or 3.16.8's 0 that cancels the entry is not named.
func TestMutexChainRunWaitedBeforeTheLast(t *testing.T) {
	build := func(kind string, waited sim.Duration, replicas int, stops bool) *hist {
		b := twoSeconds(stops)
		b.h.End.Replicas = replicas
		p := b.renew("u:2", 1, 1, 2, "error", "u:2")
		b.h.Renewals[p].Proc = proc("u:1")
		b.h.Renewals[p].ErrKind, b.h.Renewals[p].Err = kind, "NoSyncedSlavesException: None of slaves were synced."
		b.h.Renewals[p].SyncShort = kind == "sync"
		b.h.Renewals[p].SyncWaited = waited
		if kind == "lagged" {
			// its WAIT waited for the replica, which acked in time
			b.h.Renewals[p].Outcome, b.h.Renewals[p].ErrKind, b.h.Renewals[p].Err = "renewed", "", ""
		}
		b.h.Store[len(b.h.Store)-1].TTL = 2000
		b.entryRunForSibling(p, [3]float64{1.1, 1.2, 1.3}, 2.666, 534, [3]float64{3.2, 3.25, 3.26})
		return b
	}
	unlinked := build("sync", sim.Second, 1, false)
	unlinked.h.Renewals[1].Scheduled = at(1.3) // scheduled by u:1's lock() returning, not by the run that waited
	runMutexCasesAt(t, 3.26, []mutexCase{
		{"4.7.0: the earlier run's WAIT ran out: a replica lagged", build("sync", sim.Second, 1, false), nil, ByDesign, "condition:replication"},
		{"4.7.0: the earlier run's WAIT waited for a lagging replica's acknowledgement", build("lagged", sim.Second, 1, false), nil, ByDesign, "condition:replication"},
		{"the run was not scheduled by the one that waited", unlinked, nil, Bug, "bug:no-renewal"},
		{"a wait too short to have made it late", build("sync", 100*sim.Millisecond, 1, false), nil, Bug, "bug:no-renewal"},
		{"late with no wait", build("lagged", 0, 1, false), nil, Bug, "bug:no-renewal"},
		{"the earlier run timed out", build("timeout", sim.Second, 1, false), nil, Bug, "bug:no-renewal"},
		{"no replicas", build("sync", sim.Second, 0, false), nil, Bug, "bug:no-renewal"},
		{"3.16.8: the 0 cancelled the entry", build("sync", sim.Second, 1, true), nil, Bug, "bug:no-renewal"},
	})
}

// u:1's lock() ran at 0.5 s (its hold armed to 2.5 s) and returned at 1 s;
// the task its client's threads share ran at 0.9 s for u:2, and the
// run's WAIT counted no replica within its timeout: it failed at 1.9 s,
// and 4.7.0's task schedules the next run a period after all the same
// (R47:RenewalTask.java:170-184), at 2.566 s, too late (seed 153,
// fairlock-4.7.0). No fault: the replica's lag (asynchronous replication)
// is the condition, and so where the WAIT waited for an acknowledgement
// that came. A run that failed otherwise, a run without replicas,
// or 3.16.8's, whose failure stops the watchdog, is not named here.
func TestMutexChainRunWaitRanOut(t *testing.T) {
	build := func(kind string, replicas int, stops bool) *hist {
		b := twoSeconds(stops)
		b.h.End.Replicas = replicas
		a := b.call("u:1", model.CallLock, 0, 1, "acquired")
		b.ran(a, 0.5, 2000, "u:1").section(a, -1, 10)
		r := b.renew("u:2", 0.9, 0.9, 1.9, "error", "u:1")
		b.h.Renewals[r].Proc = proc("u:1")
		b.h.Renewals[r].ErrKind, b.h.Renewals[r].Err = kind, "NoSyncedSlavesException: None of slaves were synced."
		b.h.Renewals[r].SyncShort = kind == "sync"
		if kind == "short" || kind == "in time" {
			// 4.7.0 fails only when WAIT counted none: this run's counted
			// one of two and answered 0 for u:2 when its timeout ran out
			// (seed 379 of fencedlock-4.7.0, preset all, a 2 s watchdog)
			b.h.Renewals[r].Outcome, b.h.Renewals[r].ErrKind, b.h.Renewals[r].Err = "not-renewed", "", ""
			b.h.Renewals[r].SyncShort = kind == "short"
		}
		if kind == "lagged" {
			// its WAIT waited 1 s for the replica, which acked in time:
			// a full count, and a late reply (seed 464 of
			// fencedlock-4.7.0, preset all, a 2 s watchdog)
			b.h.Renewals[r].Outcome, b.h.Renewals[r].ErrKind, b.h.Renewals[r].Err = "not-renewed", "", ""
			b.h.Renewals[r].SyncWaited = sim.Second
		}
		b.h.Store[len(b.h.Store)-1].TTL = 1600
		g := b.call("B", model.CallLock, 2.4, 2.56, "acquired")
		b.ran(g, 2.55, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCasesAt(t, 2.56, []mutexCase{
		{"its WAIT ran out: a replica lagged", build("sync", 1, false), nil, ByDesign, "condition:replication"},
		{"its WAIT counted fewer than asked and it answered all the same", build("short", 1, false), nil, ByDesign, "condition:replication"},
		{"its WAIT waited for a lagging replica's acknowledgement", build("lagged", 1, false), nil, ByDesign, "condition:replication"},
		{"its reply came late with the WAIT answered at once", build("in time", 1, false), nil, Bug, "bug:no-renewal"},
		{"it timed out", build("timeout", 1, false), nil, Bug, "bug:no-renewal"},
		{"no replicas", build("sync", 0, false), nil, Bug, "bug:no-renewal"},
		{"3.16.8: a failure stops the watchdog", build("sync", 1, true), nil, Bug, "bug:no-renewal"},
	})
}

// 3.16.8: u:1 took the lock at 1 s (armed to 3 s) on its client's entry,
// whose first thread u:2's hold was gone; the entry's renewal at 1.5 s
// named u:2 and answered 0, and its reply, which came at 3.3 s, after the
// expiry, cancelled the entry for every thread (R16:RedissonBaseLock.java:141-160),
// the zero-renewal-cancels-all path noted then for u:2 (seed 131). No
// renewal for u:1 could come before it: the cause is that completion, for
// the catalogue to resolve. Without the note the window is the hold's.
func TestMutexZeroRenewalCameBackLate(t *testing.T) {
	build := func(noted bool) *hist {
		b := twoSeconds(true)
		a := b.call("u:1", model.CallTryLock, 1, 1.003, "acquired")
		b.ran(a, 1, 2000, "u:1").section(a, -1, 10)
		r := b.renew("u:2", 1.5, 1.5, 3.3, "not-renewed", "u:1")
		b.h.Renewals[r].Proc = proc("u:1")
		b.h.Store[len(b.h.Store)-1].TTL = 1500
		if noted {
			b.h.Flaws.Add(model.FlawAt{At: at(3.3), Proc: proc("u:1"), Owner: "u:2", Flaw: "zero-renewal-cancels-all"})
		}
		g := b.call("B", model.CallLock, 2.9, 3.06, "acquired")
		b.ran(g, 3.05, 2000, "B").section(g, -1, 12)
		return b
	}
	v := mutexAt(t, build(true), nil, 3.06)
	if m := v.Mech; m.Label() != "bug:no-renewal" || m.From != at(3.3) || m.To != at(3.3) || !slices.Equal(m.Owners, []string{"u:2"}) {
		t.Errorf("noted: got %v (window %s..%s, owners %v), want no-renewal at t=3.3 for u:2", v, m.From, m.To, m.Owners)
	}
	v = mutexAt(t, build(false), nil, 3.06)
	if m := v.Mech; m.Label() != "bug:no-renewal" || m.To != at(3) || m.Owners != nil {
		t.Errorf("not noted: got %v (window %s..%s, owners %v), want the hold's window", v, m.From, m.To, m.Owners)
	}
}

// A's lock() returned at 0.01 s and started the watchdog; its re-entry
// without a lease ran at 0.02 s (re-arming the watchdog's 2 s) and was
// still waiting on its reply (a WAIT, a paused process) when the hold
// expired at 2.02 s. The outer hold's watchdog renews the hold whatever
// the re-entry's reply: a pause of A's process from the first renewal's
// time is the mechanism, not the re-entry that did not count (seed 207
// of rlock-3.16.8, preset all, 2 s). A hold taken with a lease has no
// outer watchdog: the open re-entry is still what armed it last, and what
// kept it open is the mechanism. A pause that began while its reply was
// still due (a trip after its run, and its batch's WAIT up to 1 s where
// the run has replicas) and lasted through the expiry kept it from
// returning and starting its watchdog (seed 1701 of fencedlock-4.7.0,
// preset all, 2 s); one that began after the reply was due, or ended
// before the expiry, explains nothing.
func TestMutexOpenReentryUnderTheWatchdog(t *testing.T) {
	pause := []sim.FaultSpan{fault(0, sim.FaultPause, "cA", 0.676, 4)}
	build := func(outerLease int64) *hist {
		return openReentry(outerLease, 0)
	}
	withReplicas := openReentry(8000, 1)
	runMutexCases(t, []mutexCase{
		{"the outer watchdog's process paused", build(-1), pause, ByDesign, "fault:pause"},
		{"nothing stopped the outer watchdog", build(-1), nil, Bug, "bug:no-renewal"},
		{"taken with a lease: no outer watchdog", build(8000), pause, Bug, "bug:acquired-uncounted"},
		{"taken with a lease: paused while its WAIT was due", withReplicas, pause, ByDesign, "fault:pause"},
		{"taken with a lease: paused after its WAIT was due", withReplicas, []sim.FaultSpan{fault(0, sim.FaultPause, "cA", 1.6, 4)}, Bug, "bug:acquired-uncounted"},
		{"taken with a lease: resumed before the expiry", withReplicas, []sim.FaultSpan{fault(0, sim.FaultPause, "cA", 0.676, 1)}, Bug, "bug:acquired-uncounted"},
	})
}

// openReentry records A's lock() (with outerLease, or none), returned at
// 0.01 s, its re-entry without a lease run at 0.02 s and still open, and
// B's grant after the hold's expiry at 2.02 s, in a run with replicas.
func openReentry(outerLease int64, replicas int) *hist {
	b := twoSeconds(true)
	b.h.End.Replicas = replicas
	a := b.call("A", model.CallLock, 0, 0.01, "acquired")
	if outerLease > 0 {
		b.lease(a, outerLease)
	}
	b.ran(a, 0.005, 2000, "A").section(a, outerLease, -1)
	r := b.reenter("A", model.CallLock, 0.015, -1, "")
	b.ran(r, 0.02, 2000, "A")
	g := b.call("B", model.CallLock, 2.1, 2.2, "acquired")
	b.ran(g, 2.15, 2000, "B").section(g, -1, 12)
	return b
}

// A took the lock with tryLock(wait, lease 6 s) at 0, re-entered with
// lock() (no lease: the watchdog counts it once) and with lock(lease 9 s)
// (not counted). Its renewal sent at 2.034 s was lost and re-sent only
// after the response timeout and the retry delay; meanwhile its unlocks at
// 3.2 s and 3.3 s took the thread's one count (the entry removed, the task
// stopped: R47:RenewalTask.java:97-134) and re-armed the hold left for the
// lock object's 9 s. The re-send ran at 5.7 s and cut that to the
// watchdog's 2 s, with no renewal after it: it expired at 7.7 s, after
// the outer lease and before the re-entry's ran out. The loss is the
// mechanism (seed 221, rlock-4.7.0 --preset net --lock-watchdog-timeout
// 2s). Without a fault on the renewal, with an acquisition without a lease
// that started the watchdog again, or under a version whose inner unlock
// leaves the count (3.8.1), nothing is named; where a hold without a lease
// was left, its renewals were owed: the lease-under-watchdog cause names
// the count its re-entry's unlock took (fairlock-4.7.0 seed 61, same flags).
func TestMutexLostRenewalOutlivedWatchdog(t *testing.T) {
	build := func(lost, restart, cancels bool) *hist {
		b := twoSeconds(false)
		b.h.Settings.UnlockCancelsRenewal = cancels
		a := b.call("A", model.CallTryLockWait, 0, 0.01, "acquired")
		b.lease(a, 6000).ran(a, 0.005, 6000, "A").section(a, 6000, 30)
		w := b.call("A", model.CallLock, 0.02, 0.03, "acquired")
		b.h.Ops[w].Nested, b.h.Ops[w].ScriptLease = true, 6000 // the kept lease
		b.ran(w, 0.025, 6000, "A")
		l := b.reenter("A", model.CallLock, 0.04, 0.05, "acquired")
		b.lease(l, 9000).ran(l, 0.045, 9000, "A")
		b.h.Sections[0].Lease, b.h.Sections[0].Rearmed = 9000, at(0.045)
		b.renew("A", 0.7, 0.7005, 0.701, "renewed", "A")
		b.renew("A", 1.367, 1.3675, 1.368, "renewed", "A")
		k := b.renew("A", 2.034, 5.7, 5.701, "renewed", "A")
		if lost {
			b.net(2.034, "A", renewTag(k), sim.NetRequestLost, 0, 0)
		}
		for _, x := range []float64{3.2, 3.3} {
			u := b.reenter("A", model.CallUnlock, x, x+0.001, "released")
			b.ran(u, x+0.0005, 9000, "A")
		}
		if restart {
			r := b.reenter("A", model.CallTryLock, 4, 4.01, "acquired")
			b.ran(r, 4.005, 9000, "A")
		}
		g := b.call("B", model.CallLock, 7.6, 7.76, "acquired")
		b.ran(g, 7.75, 2000, "B").section(g, -1, 12)
		return b
	}
	// the hold taken without a lease, re-entered with one: that re-entry's
	// unlock took the watchdog's count while the watchdog hold was left,
	// which was owed renewals (the lease-under-watchdog flaw's)
	outerWatchdog := func() *hist {
		b := twoSeconds(false)
		b.h.Settings.UnlockCancelsRenewal = true
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 2000, "A").section(a, -1, 30)
		l := b.reenter("A", model.CallLock, 0.04, 0.05, "acquired")
		b.lease(l, 9000).ran(l, 0.045, 9000, "A")
		b.h.Sections[0].Lease, b.h.Sections[0].Rearmed = 9000, at(0.045)
		b.renew("A", 0.7, 0.7005, 0.701, "renewed", "A")
		b.renew("A", 1.367, 1.3675, 1.368, "renewed", "A")
		k := b.renew("A", 2.034, 5.7, 5.701, "renewed", "A")
		b.net(2.034, "A", renewTag(k), sim.NetRequestLost, 0, 0)
		u := b.reenter("A", model.CallUnlock, 3.2, 3.201, "released")
		b.ran(u, 3.2005, 9000, "A")
		g := b.call("B", model.CallLock, 7.6, 7.76, "acquired")
		b.ran(g, 7.75, 2000, "B").section(g, -1, 12)
		return b
	}
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 1.5, 30)}
	runMutexCases(t, []mutexCase{
		{"a lost renewal ran after the unlocks stopped the watchdog", build(true, false, true), loss, ByDesign, "fault:loss"},
		{"no fault on the renewal", build(false, false, true), loss, Bug, "bug:no-renewal"},
		{"an acquisition without a lease started the watchdog again", build(true, true, true), loss, Bug, "bug:no-renewal"},
		{"3.8.1: the inner unlocks leave the count", build(true, false, false), loss, Bug, "bug:no-renewal"},
		{"a hold without a lease was left, owed renewals", outerWatchdog(), loss, Bug, "bug:lease-under-watchdog"},
	})
}

// A's lock() returned at 0.01 s (the watchdog's one count of its thread)
// and its tryLock() re-entry, still open, ran at 0.02 s. A renewal sent at
// 1.34 s lost its request; the hold expired at 2.67 s, and the re-sent
// renewal found nothing and answered 0 at 5.1 s, which took the thread's
// last count (R47:LockTask.java:97-102, LockEntry.java:61-71). The open
// tryLock() ran again at 6.0 s (ServiceManager.execute's retry after a
// NoSyncedSlavesException) and took the lock afresh for 2 s; that run's
// reply was lost, and its re-send at 9.0 s found B and answered false, so
// nothing started a watchdog for the hold, which expired at 8.0 s. The
// lost reply is the mechanism (seed 312, rlock-4.7.0 --preset all
// --lock-watchdog-timeout 2s, without its master-crash). Where an
// acquisition without a lease started the watchdog again after the 0, the
// outer watchdog still owed the hold its renewals; with no fault on the
// run that took the hold, nothing is named either. Where the thread kept
// a count (a second lock() re-entry), the 0 took no watchdog: the hold
// the lost reply left is one the thread never counted, and what took the
// hold it counted, the lost renewal, is the mechanism (retakenUncounted).
func TestMutexOpenReentryAfterZeroTookTheWatchdog(t *testing.T) {
	outcome := "not-acquired"
	build := func(stops, lostReply, secondCount, restart bool) *hist {
		b := twoSeconds(stops)
		b.h.Settings.UnlockCancelsRenewal = true
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 2000, "A").section(a, -1, -1)
		r := b.reenter("A", model.CallTryLock, 0.015, 9.5, outcome)
		b.ran(r, 0.02, 2000, "A")
		if secondCount {
			w := b.reenter("A", model.CallLock, 0.03, 0.04, "acquired")
			b.ran(w, 0.035, 2000, "A")
		}
		b.renew("A", 0.67, 0.6705, 0.671, "renewed", "A")
		z := b.renew("A", 1.34, 5, 5.1, "not-renewed")
		b.net(1.34, "A", renewTag(z), sim.NetRequestLost, 0, 0)
		for i := range b.h.Store {
			if b.h.Store[i].Tag == renewTag(z) {
				b.h.Store[i].TTL = -2 // the hold was gone
			}
		}
		if restart {
			w := b.reenter("A", model.CallLock, 5.5, 5.51, "acquired")
			b.ran(w, 5.505, 2000, "A")
		}
		b.ran(r, 6, 2000, "A")
		if lostReply {
			b.net(6, "A", opTag(r), sim.NetReplyLost, 0, 0)
		}
		g := b.call("B", model.CallLock, 7.9, 8.1, "acquired")
		b.ran(g, 8.05, 2000, "B").section(g, -1, 12)
		b.ran(r, 9, 1050, "B")
		return b
	}
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 1, 30)}
	runMutexCases(t, []mutexCase{
		{"4.7.0: the 0 took the last count, the run's reply lost", build(false, true, false, false), loss, ByDesign, "fault:loss"},
		{"3.16.8: the 0 cancelled the entry, the run's reply lost", build(true, true, false, false), loss, ByDesign, "fault:loss"},
		{"the thread kept a count: the loss of the hold it counted", build(false, true, true, false), loss, ByDesign, "fault:loss"},
		{"an acquisition without a lease started the watchdog again", build(false, true, false, true), loss, Bug, "bug:no-renewal"},
		{"no fault on the run that took the hold", build(false, false, false, false), loss, Bug, "bug:acquired-uncounted"},
	})
	// the call went on and returned with a later grant, after the expiry
	// (seed 398 of fairlock-4.7.0, preset all, a 2 s watchdog): its return
	// came too late to start the watchdog for the hold that expired
	outcome = "acquired"
	// or its run's reply, held up by a slow network's spike, came after the
	// expiry (seed 475 of fencedlock-4.7.0, preset all, a 2 s watchdog)
	spiked := func(d sim.Duration) *hist {
		b := build(false, false, false, false)
		b.h.Settings.Timeout = 3000
		// the run at 6 s was the call's last: its reply, sent after the
		// WAIT, came back with the lock
		b.h.Ops[1].ExecAt, b.h.Ops[1].ExecVirtual, b.h.Ops[1].LastTry = serverMs(at(6)), at(6), at(5.999)
		b.net(6.45, "A", opTag(1), sim.NetDelayed, d, 1)
		return b
	}
	slow := append(slices.Clone(loss), fault(1, sim.FaultSlowNet, "network", 1, 30))
	runMutexCases(t, []mutexCase{
		{"4.7.0: the call returned only after the expiry", build(false, true, false, false), loss, ByDesign, "fault:loss"},
		{"4.7.0: its run's reply held up past the expiry", spiked(2500 * sim.Millisecond), slow, ByDesign, "fault:slow-net"},
		{"4.7.0: a spike too short to have made it late", spiked(500 * sim.Millisecond), slow, Bug, "bug:no-renewal"},
	})
}

// A's lock() ran at 1 s (armed to 3 s), its reply held up 2.5 s: it
// returned at 3.5 s, after its hold had expired. Its first renewal found
// no hold and answered 0 at 4.2 s, taking the thread's count off the
// watchdog (R47:LockTask.java:97-102) while A still held the lock as it
// saw it. Its re-entry found the lock free and took it again, its script
// run twice (a re-send, 5.0 s and 5.5 s: the store counts two), and its
// return at 5.6 s added one count; its unlock's first run (6.2 s) failed
// on its WAIT and its handle took that count at 6.5 s
// (R47:RedissonBaseLock.java:161-164), stopping the watchdog before its
// next renewal was due (6.934 s), and the call returned from its repeat
// only at 9 s. The hold the re-take left, renewed last at 6.267 s, expired
// at 8.267 s under A. What took the hold the 0 found gone, the spike on
// the lock's reply, is the mechanism (seed 1125 of rlock-4.7.0, preset all,
// a 2 s watchdog). A re-take whose script ran once, an unlock that took the
// count only after the next renewal was due or whose one run came back
// only after the expiry, an acquisition without a lease after the stop, or
// 3.8.1's inner unlock, which leaves the watchdog running, is not this.
func TestMutexRetakeAfterZeroLeftUnwatched(t *testing.T) {
	build := func(stops, twice bool, cancel float64, restart bool) *hist {
		b := twoSeconds(stops)
		b.h.Settings.UnlockCancelsRenewal = true
		a := b.call("A", model.CallLock, 0, 3.5, "acquired")
		b.h.Ops[a].LastTry = at(0.999)
		b.ran(a, 1, 2000, "A").section(a, -1, -1)
		b.net(1, "A", opTag(a), sim.NetDelayed, 2500*sim.Millisecond, 0)
		z := b.renew("A", 4.166, 4.167, 4.2, "not-renewed")
		b.h.Store[len(b.h.Store)-1].TTL = -2 // the hold was gone
		b.h.Renewals[z].Scheduled = at(3.5)
		r := b.reenter("A", model.CallLock, 3.5, 5.6, "acquired")
		b.ran(r, 5, 2000, "A")
		if twice {
			b.ran(r, 5.5, 2000, "A")
		}
		u := b.reenter("A", model.CallUnlock, 6.19, 9, "released")
		b.ran(u, 6.2, 2000, "A")
		b.renew("A", 6.266, 6.267, 6.268, "renewed", "A")
		switch {
		case cancel < 0: // one run, whose reply came at 9 s
		case stops: // 3.16.8: no repeat, the call returned then
			b.h.Ops[u].End = at(cancel)
		default:
			b.h.Ops[u].FailedRuns = []sim.Time{at(cancel)}
		}
		if restart {
			// run before the last renewal, returned after the stop
			w := b.reenter("A", model.CallLock, 6.24, 6.9, "acquired")
			b.ran(w, 6.25, 2000, "A")
		}
		g := b.call("B", model.CallLock, 8.2, 8.35, "acquired")
		b.ran(g, 8.3, 2000, "B").section(g, -1, 12)
		return b
	}
	v381 := build(false, true, 6.5, false)
	v381.h.Settings.UnlockCancelsRenewal = false
	runMutexCases(t, []mutexCase{
		{"4.7.0: the 0 took a count, the re-take's unlock the last", build(false, true, 6.5, false), slowNet, ByDesign, "fault:slow-net"},
		{"3.16.8: the 0 cancelled the entry, the re-take's unlock the count it added", build(true, true, 6.5, false), slowNet, ByDesign, "fault:slow-net"},
		{"the re-take's script ran once", build(false, false, 6.5, false), slowNet, Bug, "bug:no-renewal"},
		{"the unlock took the count after the next renewal was due", build(false, true, 7, false), slowNet, Bug, "bug:no-renewal"},
		{"the unlock's one run came back after the expiry", build(false, true, -1, false), slowNet, Bug, "bug:no-renewal"},
		{"an acquisition without a lease started the watchdog again", build(false, true, 6.5, true), slowNet, Bug, "bug:no-renewal"},
		{"3.8.1: the inner unlock leaves the watchdog running", v381, slowNet, Bug, "bug:no-renewal"},
	})
}

// A's lock() ran at 1 s (armed to 3 s), its reply held up 2.5 s: it
// returned at 3.5 s, after its hold had expired. Its watchdog's first
// renewal found no hold and answered 0 at 4.168 s, which took the thread's
// last count off the entry and stopped the task (R47:LockTask.java:97-102,
// RenewalTask.java:97-134). A's re-entry (lock() again, A holding the
// lock as it saw it) spun in the fair queue and threw at 5 s; the next
// found the lock free and took it anew at 5 s (armed to 7 s), but a spike
// held its reply up 1.6 s: its return at 6.6 s started the watchdog again
// (no entry left: RenewalTask.java:136-150, the renewal's Op.Scheduled),
// whose first renewal, 666 ms later, found the hold gone. The spike on the
// re-entry's reply is the mechanism (seed 1452 of fairlock-4.7.0, preset
// net, a 2 s watchdog). A watchdog still running at the return (its next
// run not scheduled by it), a sibling's 0, or no spike is not this.
func TestMutexReentryAfterZeroRestartedWatchdogLate(t *testing.T) {
	build := func(stops bool, sched float64, zeroOf string, spike sim.Duration) *hist {
		b := twoSeconds(stops)
		b.h.Settings.UnlockCancelsRenewal = true
		a := b.call("A", model.CallLock, 0, 3.5, "acquired")
		b.h.Ops[a].LastTry = at(0.999)
		b.ran(a, 1, 2000, "A").section(a, -1, 10)
		b.net(1, "A", opTag(a), sim.NetDelayed, 2500*sim.Millisecond, 0)
		z := b.renew("A", 4.166, 4.167, 4.168, "not-renewed")
		b.h.Store[len(b.h.Store)-1].TTL = -2 // the hold was gone
		b.h.Renewals[z].Scheduled = at(3.5)
		if zeroOf != "A" {
			b.h.Renewals[z].Owner = zeroOf
		}
		e := b.reenter("A", model.CallLock, 3.5, 5, "error")
		b.h.Ops[e].ErrKind, b.h.Ops[e].Err = "timeout", "RedisResponseTimeoutException"
		r := b.reenter("A", model.CallLock, 5, 6.6, "acquired")
		b.h.Ops[r].LastTry = at(5)
		b.ran(r, 5.001, 2000, "A")
		if spike > 0 {
			b.net(5.001, "A", opTag(r), sim.NetDelayed, spike, 0)
		}
		n := b.renew("A", 7.266, 7.267, 7.268, "not-renewed")
		b.h.Store[len(b.h.Store)-1].TTL = -2
		b.h.Renewals[n].Scheduled = at(sched)
		g := b.call("B", model.CallLock, 7.1, 7.3, "acquired")
		b.ran(g, 7.25, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"4.7.0: the 0 stopped the watchdog, the re-entry's return started it again", build(false, 6.6, "A", 1600*sim.Millisecond), slowNet, ByDesign, "fault:slow-net"},
		{"3.16.8: the 0 cancelled the entry, the re-entry's return started it again", build(true, 6.6, "A", 1600*sim.Millisecond), slowNet, ByDesign, "fault:slow-net"},
		{"the watchdog still ran: an earlier run scheduled the next", build(false, 6.5, "A", 1600*sim.Millisecond), slowNet, Bug, "bug:no-renewal"},
		{"a sibling's 0", build(false, 6.6, "A:2", 1600*sim.Millisecond), slowNet, Bug, "bug:no-renewal"},
		{"no spike: the round trip alone", build(false, 6.6, "A", 0), slowNet, Bug, "bug:no-renewal"},
	})
}

// 3.8.1: u:1 took the lock at 1 s (armed to 3 s) and its own watchdog
// task renewed it at 1.666 s (to 3.666 s); that renewal's reply, held up
// 2.9 s, came at 4.566 s, and the task schedules the next run a third of
// the timeout after (R8:RedissonLock.java:225-253), too late. Meanwhile
// the task of u:2, a sibling of the same client whose hold was gone, ran
// at 2.5 s and answered 0. 3.8.1's task renews only the thread that
// started it, so u:2's chain has no say in u:1's renewals: the spike on
// u:1's own renewal is the mechanism (seed 694 of rlock-3.8.1, preset
// net, a 2 s watchdog). Where the client's threads share one task (3.16.8,
// 4.7.0), the sibling's 0 was the task's last run and ends its chain.
func TestMutexOwnTaskHeldUpPastASiblingsRun(t *testing.T) {
	build := func(perThread bool, delay sim.Duration) *hist {
		b := twoSeconds(true)
		b.h.Settings.RenewalPerThread = perThread
		a := b.call("u:1", model.CallLock, 0.9, 1, "acquired")
		b.ran(a, 0.95, 2000, "u:1").section(a, -1, 10)
		r := b.renew("u:1", 1.666, 1.666, 1.667+float64(delay)/float64(sim.Second), "renewed", "u:1")
		b.h.Renewals[r].Scheduled = at(1)
		if delay > 0 {
			b.net(1.666, "u:1", renewTag(r), sim.NetDelayed, delay, 0)
		}
		s := b.renew("u:2", 2.5, 2.5, 2.501, "not-renewed", "u:1")
		b.h.Renewals[s].Proc = proc("u:1")
		b.h.Store[len(b.h.Store)-1].TTL = 1166
		g := b.call("B", model.CallLock, 3.6, 3.7, "acquired")
		b.ran(g, 3.67, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCasesAt(t, 3.7, []mutexCase{
		{"3.8.1: a spike held up the thread's own task", build(true, 2900*sim.Millisecond), slowNet, ByDesign, "fault:slow-net"},
		{"3.8.1: no spike", build(true, 0), slowNet, Bug, "bug:no-renewal"},
		{"one task for the client's threads: the sibling's 0 ended it", build(false, 2900*sim.Millisecond), slowNet, Bug, "bug:no-renewal"},
	})
}

// u:1's hold was armed at 1 s to 3 s; its renewal, sent in time at
// 2.666 s, was held up 0.3339 s in flight and ran at 3.0015 s, just past
// the expiry (B took the lock at 3.001 s), where without the spike it ran
// a trip after it was sent:
// the spike made it late, though shorter than the time it had left
// (seed 810 of fencedlock-4.7.0, preset net, a 2 s watchdog). A spike
// without which it ran past the expiry all the same explains nothing.
func TestMutexRenewalRequestSpikeJustPastTheExpiry(t *testing.T) {
	build := func(delay sim.Duration) *hist {
		b := twoSeconds(false)
		a := b.call("u:1", model.CallLock, 0.9, 1, "acquired")
		b.ran(a, 1, 2000, "u:1").section(a, -1, 10)
		g := b.call("B", model.CallLock, 2.9, 3.002, "acquired")
		b.ran(g, 3.001, 2000, "B").section(g, -1, 12)
		r := b.renew("u:1", 2.666, 3.0015, 3.0017, "not-renewed", "B")
		b.h.Renewals[r].Scheduled = at(2)
		b.h.Store[len(b.h.Store)-1].TTL = 2000
		b.net(2.666, "u:1", renewTag(r), sim.NetDelayed, delay, 0)
		return b
	}
	runMutexCasesAt(t, 3.002, []mutexCase{
		{"the spike on the renewal's request made it late", build(333900 * sim.Microsecond), slowNet, ByDesign, "fault:slow-net"},
		{"a spike too short to have made it late", build(sim.Millisecond), slowNet, Bug, "bug:no-renewal"},
	})
}

// A's hold was armed at 2.338 s (to 4.338 s) by its renewal sent at
// 1.338 s, whose request a spike held up 1 s; its reply, held up 1.99 s
// more, was still on its way when the response timeout ran out at 4.338 s,
// and the client re-sent the renewal (R47:RedisExecutor.java:467-481),
// whose re-send ran at 4.9 s, after the expiry, and answered 0. The
// watchdog's next renewal waited for the call to complete: the spike on
// the reply of the run that armed the hold is the mechanism, not the
// re-send that ran last (seed 1103 of rlock-4.7.0, preset net, a 2 s
// watchdog). A spike on the request alone moved the arming, and the
// expiry with it; without a spike, or with one too short to have made it
// late, nothing is named.
func TestMutexRenewalResentPastTheExpiry(t *testing.T) {
	build := func(request, reply sim.Duration) *hist {
		b := twoSeconds(false)
		r := b.renewalHeldUp(2.338, 4.901, request, reply, 0)
		g := b.call("B", model.CallLock, 4.3, 4.34, "acquired")
		b.ran(g, 4.339, 2000, "B").section(g, -1, 12)
		b.sample(4.9, renewTag(r), scriptOf(model.CallRenew), 1439, "B")
		b.h.Renewals[r].ExecAt, b.h.Renewals[r].ExecVirtual = serverMs(at(4.9)), at(4.9)
		return b
	}
	runMutexCasesAt(t, 4.34, []mutexCase{
		{"a spike held up the reply of the run that armed the hold", build(sim.Second, 1990*sim.Millisecond), slowNet, ByDesign, "fault:slow-net"},
		{"a spike on the request alone moved the arming", build(sim.Second, 0), slowNet, Bug, "bug:no-renewal"},
		{"a spike too short to have made it late", build(sim.Second, 100*sim.Millisecond), slowNet, Bug, "bug:no-renewal"},
		{"no spike", build(0, 0), slowNet, Bug, "bug:no-renewal"},
	})
}

// A's renewal sent at 1.338 s had its request held up 1.2 s, past the
// response timeout (1 s): the client dropped that attempt and re-sent the
// renewal (R47:RedisExecutor.java:467-482), whose re-send ran first, at
// 2.4 s, and whose reply a spike held up 1.2 s, past its own response
// timeout; the first send ran at 2.538 s and armed the hold last (to
// 4.538 s), but its reply answered the dropped attempt. The call
// completed only when its next re-send, run at 4.6 s, after the expiry,
// answered, and the watchdog's next renewal waited for it
// (R47:RenewalTask.java:170-184): the spike on the re-send's reply is the
// mechanism (seed 1431 of rlock-4.7.0, preset net, a 2 s watchdog). A
// run that armed the hold from a send no spike held up (it may have
// answered the live attempt), a reply spike too short to pass the
// response timeout, one no known fault made, or none, names nothing.
func TestMutexRenewalResendRanFirstReplyHeldUp(t *testing.T) {
	build := func(request, reply sim.Duration, f int) *hist {
		b := twoSeconds(false)
		b.h.Settings.Timeout = 1000
		r := b.renewalHeldUp(2.4, 4.601, request, reply, f)
		b.sample(2.538, renewTag(r), scriptOf(model.CallRenew), 2000, "A")
		g := b.call("B", model.CallLock, 4.3, 4.54, "acquired")
		b.ran(g, 4.539, 2000, "B").section(g, -1, 12)
		b.sample(4.6, renewTag(r), scriptOf(model.CallRenew), 1939, "B")
		b.h.Renewals[r].ExecAt, b.h.Renewals[r].ExecVirtual = serverMs(at(4.6)), at(4.6)
		return b
	}
	spike := 1200 * sim.Millisecond
	runMutexCasesAt(t, 4.54, []mutexCase{
		{"a spike held the re-send's reply past its response timeout", build(spike, spike, 0), slowNet, ByDesign, "fault:slow-net"},
		{"the run that armed the hold came from a send no spike held up", build(0, spike, 0), slowNet, Bug, "bug:no-renewal"},
		{"a reply spike too short to pass the response timeout", build(spike, 300*sim.Millisecond, 0), slowNet, Bug, "bug:no-renewal"},
		{"a reply spike no known fault made", build(spike, spike, 3), slowNet, Bug, "bug:no-renewal"},
		{"no spike on the re-send's reply", build(spike, 0, 0), slowNet, Bug, "bug:no-renewal"},
	})
}

// A's renewal sent at 1.338 s had its request held up 0.6 s; its run at
// 1.938 s re-armed the hold to 3.938 s, and its reply, held up 0.5 s,
// came after that attempt's response timeout (1 s from its send): the
// client dropped it and re-sent the renewal (R47:RedisExecutor.java:
// 467-482), whose run came only at 4.6 s, after the expiry, and the
// watchdog's next renewal waited for the call (R47:RenewalTask.java:
// 170-184). Without the spike on its reply the call completed at 1.939 s
// and the next renewal ran at 2.6 s: the spike is the mechanism, on the
// run that armed the hold itself (seed 1813 of fencedlock-4.7.0, preset
// net, a 2 s watchdog). A request held up past the timeout (the run
// answered a dropped attempt), a spike no known fault made, or none,
// names nothing.
func TestMutexRenewalReplyHeldPastItsAttemptsTimeout(t *testing.T) {
	// B takes the lock 5 ms after the hold the renewal's run armed expired
	grantAt := func(request sim.Duration) float64 {
		return float64(at(1.338+2.005)+sim.Time(request)) / float64(sim.Second)
	}
	build := func(request, reply sim.Duration, f int) *hist {
		b := twoSeconds(false)
		b.h.Settings.Timeout = 1000
		ran := 1.338 + float64(request)/float64(sim.Second)
		r := b.renewalHeldUp(ran, 4.601, request, reply, f)
		g := b.call("B", model.CallLock, grantAt(request)-0.05, grantAt(request), "acquired")
		b.ran(g, grantAt(request)-0.001, 2000, "B").section(g, -1, 12)
		b.sample(4.6, renewTag(r), scriptOf(model.CallRenew), 1439, "B")
		b.h.Renewals[r].ExecAt, b.h.Renewals[r].ExecVirtual = serverMs(at(4.6)), at(4.6)
		return b
	}
	request, reply := 700*sim.Millisecond, 500*sim.Millisecond
	cases := []struct {
		name           string
		request, reply sim.Duration
		f              int
		class          Class
		mech           string
	}{
		{"a spike held the reply of the run that armed the hold past its timeout", request, reply, 0, ByDesign, "fault:slow-net"},
		{"a request held up past the timeout: a dropped attempt's run", 1100 * sim.Millisecond, reply, 0, Bug, "bug:no-renewal"},
		{"a reply spike no known fault made", request, reply, 3, Bug, "bug:no-renewal"},
		{"no spike on its reply", request, 0, 0, Bug, "bug:no-renewal"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if v := mutexAt(t, build(tc.request, tc.reply, tc.f), slowNet, grantAt(tc.request)); v.Class != tc.class || v.Mech.Label() != tc.mech {
				t.Errorf("got %v, want %s %s", v, tc.class, tc.mech)
			}
		})
	}
}

// 3.8.1 schedules a thread's next renewal when its renewal completes, a
// third of its lock object's internalLockLeaseTime as it is then
// (R8:RedissonLock.java:239-253); only tryLockInnerAsync writes the field
// (:280), at each acquire attempt of any thread on the object. u:1's
// renewal, sent at 1.666 s with the watchdog's 2000 ms, re-armed its hold
// to 3.667 s, and its reply, held up 0.996 s by a slow network's spike,
// came at 2.663 s, after a sibling's tryLock with a lease had stored that
// lease in the field: the completion took the kept path (the client's
// lease-kept note) and scheduled the next renewal a third of that lease
// later, past the expiry. Without the spike it completed at 1.667 s, with
// the watchdog's period, and the next renewal ran at 2.333 s: the fault
// is the mechanism (seed 1165 of fairlock-3.8.1, preset all, a 2 s
// watchdog). A completion without the note (the watchdog's period: due in
// time), a note without a spike (the kept lease alone), a spike that
// leaves most of the reply's time unexplained (the field may have changed
// before it), another thread's note, a renewal sent after the completion,
// or 3.16.8's shared entry (its period always the watchdog's) is not this.
func TestMutexKeptScheduleRenewalHeldUp(t *testing.T) {
	// spike: the reply's whole time (1), none (0), or only 0.3 s (-1)
	// stored: when a sibling's tryLock sent its lease
	build := func(done float64, note string, spike int, perThread bool, stored float64) *hist {
		b := twoSeconds(true)
		b.h.Settings.RenewalPerThread = perThread
		a := b.call("u:1", model.CallLock, 0.9, 1, "acquired")
		b.ran(a, 1, 2000, "u:1").section(a, -1, 10)
		r := b.renew("u:1", 1.666, 1.667, done, "renewed", "u:1")
		b.h.Renewals[r].Scheduled = at(1)
		switch spike {
		case 1:
			b.net(1.667, "u:1", renewTag(r), sim.NetDelayed, at(done).Sub(at(1.667)), 0)
		case -1:
			b.net(1.667, "u:1", renewTag(r), sim.NetDelayed, 300*sim.Millisecond, 0)
		}
		if note != "" {
			b.h.Flaws.Add(model.FlawAt{At: at(done), Proc: proc("u:1"), Owner: note, Flaw: "lease-kept"})
		}
		b.storesLease("u:1", stored)
		g := b.call("B", model.CallLock, 3.6, 3.7, "acquired")
		b.ran(g, 3.68, 2000, "B").section(g, -1, 12)
		return b
	}
	later := build(2.663, "u:1", 1, true, 1.8)
	r := later.renew("u:1", 3.5, 3.69, 3.691, "not-renewed", "B")
	later.h.Renewals[r].Scheduled = at(2.663)
	runMutexCasesAt(t, 3.7, []mutexCase{
		{"its reply held up past another call's lease", build(2.663, "u:1", 1, true, 1.8), slowNet, ByDesign, "fault:slow-net"},
		{"a shorter spike, the kept period past the expiry all the same", build(2, "u:1", 1, true, 1.8), slowNet, ByDesign, "fault:slow-net"},
		{"no note: the watchdog's period left time", build(2.663, "", 1, true, 1.8), slowNet, Bug, "bug:no-renewal"},
		{"no spike: the kept lease alone", build(2, "u:1", 0, true, 1.8), slowNet, Bug, "bug:kept-lease"},
		{"no spike, a reply that late", build(2.663, "u:1", 0, true, 1.8), slowNet, Bug, "bug:no-renewal"},
		{"a spike of 0.3 s of its 1 s", build(2.663, "u:1", -1, true, 1.8), slowNet, Bug, "bug:no-renewal"},
		{"another thread's note", build(2.663, "u:2", 1, true, 1.8), slowNet, Bug, "bug:no-renewal"},
		{"a renewal sent after the completion", later, slowNet, Bug, "bug:no-renewal"},
		{"one entry for the client's threads", build(2.663, "u:1", 1, false, 1.8), slowNet, Bug, "bug:no-renewal"},
		{"the lease stored before the completion the spike left", build(2.663, "u:1", 1, true, 1.6665), slowNet, Bug, "bug:no-renewal"},
		{"no lease stored while it was on its way", build(2.663, "u:1", 1, true, 3.7), slowNet, Bug, "bug:no-renewal"},
	})
}

// The watchdog starts when the acquire without a lease returns, a third
// of the lock object's internalLockLeaseTime later
// (R8:RedissonLock.java:202-214, 225-253): u:1's lock() sent the
// watchdog's 2000 ms (writing the field, :279-280) and ran at 1 s, and its
// reply, held up 0.8 s, came at 1.8 s, after a sibling's lease had been
// stored there (the lease-kept note at its return): the first renewal
// was due a third of that lease later, past the expiry at 3 s. Without
// the spike it returned at 1 s and the first renewal ran at 1.666 s: the
// fault is the mechanism (the shrunk seed 1165 of fairlock-3.8.1, a 2 s
// watchdog). Without the note it was in time; without the spike, or with
// one that leaves most of the reply's time unexplained, the kept lease
// alone did it.
func TestMutexKeptScheduleWatchdogStartHeldUp(t *testing.T) {
	build := func(note bool, spike sim.Duration, stored float64) *hist {
		b := twoSeconds(true)
		b.h.Settings.RenewalPerThread = true
		a := b.call("u:1", model.CallLock, 0.9, 1.8, "acquired")
		b.ran(a, 1, 2000, "u:1").section(a, -1, 10)
		if spike > 0 {
			b.net(1, "u:1", opTag(a), sim.NetDelayed, spike, 0)
		}
		if note {
			b.h.Flaws.Add(model.FlawAt{At: at(1.8), Proc: proc("u:1"), Owner: "u:1", Flaw: "lease-kept"})
		}
		b.storesLease("u:1", stored)
		g := b.call("B", model.CallLock, 3, 3.1, "acquired")
		b.ran(g, 3.05, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCasesAt(t, 3.1, []mutexCase{
		{"its reply held up past another call's lease", build(true, 800*sim.Millisecond, 1.5), slowNet, ByDesign, "fault:slow-net"},
		{"no note: its first renewal was due in time", build(false, 800*sim.Millisecond, 1.5), slowNet, Bug, "bug:no-renewal"},
		{"no spike: the kept lease alone", build(true, 0, 1.5), slowNet, Bug, "bug:kept-lease"},
		{"a spike of 0.2 s of its 0.8 s", build(true, 200*sim.Millisecond, 1.5), slowNet, Bug, "bug:kept-lease"},
		{"the lease stored before its return without the spike", build(true, 800*sim.Millisecond, 0.95), slowNet, Bug, "bug:kept-lease"},
	})
}

// storesLease records a tryLock(wait) of owner's sibling thread on its
// lock object, called a second before x with a lease of its own, whose
// next attempt, sent at x, stored it in the object's internalLockLeaseTime
// again (R8:RedissonLock.java:279-280); still waiting.
func (b *hist) storesLease(owner string, x float64) {
	w := b.call(owner+"0", model.CallTryLockWait, x-1, -1, "")
	b.lease(w, 8674)
	b.h.Ops[w].Proc, b.h.Ops[w].Sends = proc(owner), []sim.Time{at(x - 1), at(x)}
}

// u:1 and u:2 are threads of one client (4.7.0's renewal task renews the
// first thread its entry queued, LockTask.java:56-72). u:2's lock() ran at
// 0.2 s and waited on its WAIT; B's forceUnlock() deleted u:2's hold at
// 0.419 s and u:1's lock() took the lock at 0.42 s (armed to 2.42 s). u:2
// returned first, at 1.2 s, and started the entry; u:1 joined it at 1.42 s.
// The entry's run at 1.868 s named u:2, whose hold was gone, and answered
// 0; the next, the first that could name u:1, was due a period after,
// past 2.42 s (seed 1382 of fencedlock-4.7.0, preset all, a 2 s watchdog,
// without its pause). The forceUnlock that took u:2's hold is the
// mechanism. A 0 early enough that the next run had time, 3.16.8's entry
// (a 0 cancels it for all) and 3.8.1's per-thread tasks are not this.
func TestMutexEntryNamedALostFirstThread(t *testing.T) {
	build := func(ran float64, stops, perThread bool, armed int64) *hist {
		b := twoSeconds(stops)
		b.h.Settings.RenewalPerThread = perThread
		x := b.call("u:2", model.CallLock, 0, 1.2, "acquired")
		if ran < 1.8 {
			b.h.Ops[x].End = at(ran - 0.667) // the entry's first tick, a period after u:2's return
		}
		b.h.Ops[x].Proc = proc("u:1")
		b.ran(x, 0.2, 2000, "u:2").section(x, -1, 8)
		f := b.call("B", model.CallForceUnlock, 0.41, 0.43, "released")
		b.ran(f, 0.419, -2)
		a := b.call("u:1", model.CallLock, 0.3, 1.42, "acquired")
		b.ran(a, 0.42, 2000, "u:1").section(a, -1, 10)
		expires := 2.42
		if armed > 0 {
			// a re-entry with a lease re-armed the watchdog's hold
			// for its lease (lease-under-watchdog)
			l := b.reenter("u:1", model.CallLock, 0.44, 0.46, "acquired")
			b.lease(l, armed).ran(l, 0.45, armed, "u:1")
			expires = 0.45 + float64(armed)/1000
		}
		r := b.renew("u:2", ran-0.001, ran, ran+0.17, "not-renewed", "u:1")
		b.h.Renewals[r].Proc = proc("u:1")
		b.h.Store[len(b.h.Store)-1].TTL = int64(math.Round((expires - ran) * 1000))
		g := b.call("C", model.CallLock, 2.3, 2.5, "acquired")
		b.ran(g, 2.45, 2000, "C").section(g, -1, 12)
		return b
	}
	runMutexCasesAt(t, 2.5, []mutexCase{
		{"the run that named the lost thread left no time", build(1.869, false, false, 0), nil, ByDesign, "contract:force-unlock"},
		{"an instant 0 left the next run time", build(1.46, false, false, 0), nil, Bug, "bug:no-renewal"},
		{"3.16.8: the 0 cancels the entry", build(1.869, true, false, 0), nil, Bug, "bug:no-renewal"},
		{"3.8.1: a task per thread", build(1.869, false, true, 0), nil, Bug, "bug:no-renewal"},
		{"a re-entry's lease re-armed the hold short of the watchdog's timeout", build(1.869, false, false, 1950), nil, Bug, "bug:lease-under-watchdog"},
	})
}

// u:2's lock() ran at 1 s (armed to 3 s) and its reply, held up 2.5 s,
// came at 3.8 s: its hold had expired, and its unlock, called at 3.85 s,
// found none; that reply, held up too, came at 7 s, so u:2 stayed first
// in the entry its return started. u:1 took the lock at 3.001 s (armed to
// 5.001 s) and joined at 4.001 s; the entry's run at 4.467 s named u:2
// and answered 0, and the next was due past the expiry (seed 1430 of
// fencedlock-4.7.0, preset all, a 2 s watchdog). The spike that lost
// u:2's hold is the mechanism, not one on the 0's own reply, which left
// the next run too late all the same.
func TestMutexEntryNamedAThreadWhoseHoldExpired(t *testing.T) {
	b := twoSeconds(false)
	x := b.call("u:2", model.CallLock, 0, 3.8, "acquired")
	b.h.Ops[x].Proc, b.h.Ops[x].LastTry = proc("u:1"), at(0.999)
	b.ran(x, 1, 2000, "u:2").section(x, -1, 3.85)
	b.h.Sections[len(b.h.Sections)-1].Ended = "unlock"
	b.net(1, "u:2", "op/0", sim.NetDelayed, 2500*sim.Millisecond, 0)
	b.h.Net[len(b.h.Net)-1].Proc = proc("u:1")
	a := b.call("u:1", model.CallLock, 2.5, 4.001, "acquired")
	b.ran(a, 3.001, 2000, "u:1").section(a, -1, 10)
	u := b.call("u:2", model.CallUnlock, 3.85, 7, "error")
	b.h.Ops[u].Proc, b.h.Ops[u].ErrKind, b.h.Ops[u].Err = proc("u:1"), "not-held", "IllegalMonitorStateException"
	b.ran(u, 3.851, 1150, "u:1")
	r := b.renew("u:2", 4.466, 4.467, 6.3, "not-renewed", "u:1")
	b.h.Renewals[r].Proc = proc("u:1")
	b.h.Store[len(b.h.Store)-1].TTL = 534
	g := b.call("C", model.CallLock, 5, 5.1, "acquired")
	b.ran(g, 5.05, 2000, "C").section(g, -1, 12)
	runMutexCasesAt(t, 5.1, []mutexCase{
		{"a spike held the sibling's reply past its hold", b, slowNet, ByDesign, "fault:slow-net"},
	})
}

// u:2's unlock, called at 1.7 s, released its own hold at 1.701 s; u:1
// took the lock at 1.702 s (armed to 3.702 s) and joined the entry at
// 2.9 s, whose run at 3.05 s named u:2 (its unlock had not completed) and
// answered 0, too late for the next. u:2's hold was there when it called
// unlock: nothing took it from a thread that relied on it, and nothing is
// named (the unlock's late completion is another question).
func TestMutexEntryNamedAThreadThatReleased(t *testing.T) {
	b := twoSeconds(false)
	x := b.call("u:2", model.CallLock, 0.9, 1.6, "acquired")
	b.h.Ops[x].Proc = proc("u:1")
	b.ran(x, 1, 2000, "u:2").section(x, -1, 1.7)
	b.h.Sections[len(b.h.Sections)-1].Ended = "unlock"
	u := b.call("u:2", model.CallUnlock, 1.7, 7, "released")
	b.h.Ops[u].Proc = proc("u:1")
	b.ran(u, 1.701, -2)
	a := b.call("u:1", model.CallLock, 1.65, 2.9, "acquired")
	b.ran(a, 1.702, 2000, "u:1").section(a, -1, 10)
	r := b.renew("u:2", 3.049, 3.05, 3.2, "not-renewed", "u:1")
	b.h.Renewals[r].Proc = proc("u:1")
	b.h.Store[len(b.h.Store)-1].TTL = 652
	g := b.call("C", model.CallLock, 3.6, 3.8, "acquired")
	b.ran(g, 3.75, 2000, "C").section(g, -1, 12)
	runMutexCasesAt(t, 3.8, []mutexCase{
		{"the sibling's own unlock released its hold", b, nil, Bug, "bug:no-renewal"},
	})
}

// renewalHeldUp records A's watchdog hold (taken at 5 ms), renewed once
// in time, and its next renewal, sent at 1.338 s, which ran at ran and
// answered 0 at end: a spike of fault f held its request up request and
// the reply of its run at ran up reply (0: none). It returns the second
// renewal's index.
func (b *hist) renewalHeldUp(ran, end float64, request, reply sim.Duration, f int) int {
	a := b.call("A", model.CallLock, 0, 0.01, "acquired")
	b.ran(a, 0.005, 2000, "A").section(a, -1, 10)
	p := b.renew("A", 0.67, 0.671, 0.672, "renewed", "A")
	b.h.Renewals[p].Scheduled = at(0.01)
	r := b.renew("A", 1.338, ran, end, "not-renewed", "A")
	b.h.Renewals[r].Scheduled = b.h.Renewals[p].End
	if request > 0 {
		b.net(1.338, "A", renewTag(r), sim.NetDelayed, request, 0)
	}
	if reply > 0 {
		b.net(ran, "A", renewTag(r), sim.NetDelayed, reply, f)
	}
	return r
}

// entryRunForSibling records u:1's lock() (called, ran and returned at
// lock's times: its hold armed for 2 s), then the run of the renewal
// entry u:1's process shares with u:2, at run, which the completion of
// renewal p scheduled (the task's timer), named u:2 and answered 0 while
// u:1's hold had ttl ms left; B's lock() (its times in taken) takes the
// lock after the expiry.
func (b *hist) entryRunForSibling(p int, lock [3]float64, run float64, ttl int64, taken [3]float64) {
	a := b.call("u:1", model.CallLock, lock[0], lock[2], "acquired")
	b.ran(a, lock[1], 2000, "u:1").section(a, -1, 10)
	r := b.renew("u:2", run, run, run+0.001, "not-renewed", "u:1")
	b.h.Renewals[r].Proc = proc("u:1")
	b.h.Renewals[r].Scheduled = b.h.Renewals[p].End
	b.h.Store[len(b.h.Store)-1].TTL = ttl
	g := b.call("B", model.CallLock, taken[0], taken[2], "acquired")
	b.ran(g, taken[1], 2000, "B").section(g, -1, 12)
}

// 3.8.1 keeps one renewal entry per lock name (R8:RedissonLock.java:
// 225-228). A's renewal for its first hold ran at 0.671 s and answered 1
// only at 1.2 s, after A's unlock had cancelled the watchdog at 1.05 s;
// the listener rescheduled it all the same (:239-248, the renewal-revived
// note). The revived task's renewal, sent at 1.866 s, found no hold and
// answered 0 only at 3 s: when A's next lock() returned at 2.5 s the
// entry existed, so no watchdog started, and the 0 rescheduled nothing.
// The hold expired at 4.4 s under A: the revived entry is the cause, for
// the catalogue's renewal-revived (seed 2041 of rlock-3.8.1, preset all,
// a 2 s watchdog). Without the note the renewal is a stale one whose 0
// came after the hold was taken; a section taken with a lease started no
// watchdog to begin with.
func TestMutexRevivedEntryStartedNoWatchdog(t *testing.T) {
	build := func(note bool, lease int64) *hist {
		b := twoSeconds(true)
		b.h.Settings.RenewalPerThread = true
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 2000, "A").section(a, -1, 1.05)
		p := b.renew("A", 0.67, 0.671, 1.2, "renewed", "A")
		b.h.Renewals[p].Scheduled = at(0.01)
		u := b.call("A", model.CallUnlock, 1, 1.05, "released")
		b.ran(u, 1.04, -2)
		if note {
			b.h.Flaws.Add(model.FlawAt{At: at(1.2), Proc: "cA", Owner: "A", Flaw: "renewal-revived"})
		}
		again := b.call("A", model.CallLock, 2, 2.5, "acquired")
		r := b.renew("A", 1.866, 1.867, 3, "not-renewed")
		b.h.Renewals[r].Scheduled = at(1.2)
		b.h.Store[len(b.h.Store)-1].TTL = -2
		b.ran(again, 2.4, 2000, "A")
		if lease > 0 {
			b.lease(again, lease)
		}
		b.section(again, lease, -1)
		g := b.call("B", model.CallLock, 4.3, 4.45, "acquired")
		b.ran(g, 4.42, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCasesAt(t, 4.45, []mutexCase{
		{"the revived task's entry, its renewal's 0 before the hold", build(true, -1), nil, Bug, "bug:revived-entry"},
		{"no revival noted: the stale renewal's 0", build(false, -1), nil, Bug, "bug:stale-renewal"},
		{"a section taken with a lease", build(true, 1900), nil, ByDesign, "lease:lease"},
	})
}

// A's lock() returned at 0.01 s; C's forceUnlock() deleted A's hold at
// 1 s (a contract action), and A's tryLock() re-entry, its request lost
// and re-sent, ran at 1.5 s, found the lock free and took it afresh, and
// its reply was lost too: the call never returned with it. That hold,
// one A never counted, expired at 3.5 s and B took the lock. What broke
// A's belief is the forceUnlock, not the expiry of a hold it did not count
// (seed 1878 of fencedlock-4.7.0, preset all, a 2 s watchdog). A re-take
// whose call no fault struck is what a rule must explain (an acquire that
// did not count); one whose call returned with the lock is a hold A
// counted, whose expiry is the story.
func TestMutexRetakeUncountedAfterForceUnlock(t *testing.T) {
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 0.5, 30)}
	build := func(lostReply bool, outcome string, end float64) *hist {
		b := twoSeconds(false)
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 2000, "A").section(a, -1, -1)
		b.renew("A", 0.67, 0.671, 0.672, "renewed", "A")
		f := b.call("C", model.CallForceUnlock, 0.99, 1.01, "released")
		b.ran(f, 1, -2)
		r := b.reenter("A", model.CallTryLock, 0.015, end, outcome)
		b.net(0.015, "A", opTag(r), sim.NetRequestLost, 0, 0)
		b.ran(r, 1.5, 2000, "A")
		if lostReply {
			b.net(1.5, "A", opTag(r), sim.NetReplyLost, 0, 0)
		}
		g := b.call("B", model.CallLock, 3.45, 3.6, "acquired")
		b.ran(g, 3.55, 2000, "B").section(g, -1, 12)
		return b
	}
	runMutexCasesAt(t, 3.6, []mutexCase{
		{"a re-take whose call faults struck", build(true, "error", 4.5), loss, ByDesign, "contract:force-unlock"},
		{"a re-take whose call no fault struck", build(false, "not-acquired", 1.51), nil, Bug, "bug:acquired-uncounted"},
	})
}
