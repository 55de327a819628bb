package checks

import (
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
		b.h.Ops[a].ScriptLease = 2000
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
}

// A took the lock with a lease of 8 s at 0; its tryLock() without a lease
// re-entered at 1 s, whose script cut the lease to the watchdog's 2 s, and
// whose return starts the watchdog: the reply, held up 2.5 s, came after
// the hold expired at 3 s. Where an acquire without a lease of the section
// had started the watchdog before, the re-entry's return was not it.
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
		b.h.Ops[a].ScriptLease = 2000
		b.renew("A", 0.67, 0.6705, 0.671, "renewed", "A")
		b.h.Store[len(b.h.Store)-1].TTL = 2000
		i := b.renew("A", 1.4995, 1.5, 2.5+float64(delay)/float64(sim.Second), outcome, "A")
		b.h.Store[len(b.h.Store)-1].TTL = 2000
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
		b.h.Ops[a].ScriptLease = 2000
		i := b.renew("A", 0.67, 0.671, end, "error", "A")
		b.h.Store[len(b.h.Store)-1].TTL = 2000
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
		b.h.Ops[a].ScriptLease = 2000
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
		b.h.Ops[a].ScriptLease = 2000
		b.renew("A", 0.67, 0.671, 0.672, "renewed", "A")
		b.h.Store[len(b.h.Store)-1].TTL = 2000
		i := b.renew("A", 1.2, 1.201, 5.1, "not-renewed", "A")
		b.h.Store[len(b.h.Store)-1].TTL = 2000
		b.net(1.201, "A", "renew/1", sim.NetReplyLost, 0, 0)
		if resentAtArming {
			b.sample(2, "renew/1", scriptOf(model.CallRenew), 2000, "A")
		} else {
			u := b.call("A", model.CallUnlock, 1.999, 2.001, "released")
			b.ran(u, 2, 2000, "A")
			b.h.Ops[u].Nested = true
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
