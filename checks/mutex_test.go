package checks

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Two holders: A took the lock at 0 and holds it to 60 s, B gets it at
// 40 s; what happened to A's hold in between is the mechanism. Each case
// builds the store's samples as a run records them.
func TestMutexMechanisms(t *testing.T) {
	// overlap is A's watchdog hold, renewed at 10 s and 20 s, then lost in
	// some way before B's grant at 40 s.
	overlap := func(lost func(b *hist)) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 60)
		b.renew("A", 10, 10.001, 10.002, "renewed", "A")
		b.renew("A", 20, 20.001, 20.002, "renewed", "A")
		lost(b)
		g := b.call("B", model.CallLock, 39, 40, "acquired")
		b.ran(g, 39.999, 30000, "B").section(g, -1, 45)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the watchdog stopped with no fault", overlapExpired(nil), nil, Bug, "bug:no-renewal"},
		{"a pause of the holder up to its expiry",
			overlapExpired(nil), []sim.FaultSpan{fault(0, sim.FaultPause, "cA", 25, 26)}, ByDesign, "fault:pause"},
		{"a short pause long before the expiry explains nothing",
			overlapExpired(nil), []sim.FaultSpan{fault(0, sim.FaultPause, "cA", 25, 1)}, Bug, "bug:no-renewal"},
		{"a pause of another process explains nothing",
			overlapExpired(nil), []sim.FaultSpan{fault(0, sim.FaultPause, "cC", 25, 26)}, Bug, "bug:no-renewal"},
		{"its renewal's request was lost",
			overlapExpired(func(b *hist) {
				i := b.renew("A", 30, -1, 33, "error")
				b.h.Renewals[i].ErrKind = "timeout"
				b.net(30, "A", "renew/2", sim.NetRequestLost, 0, 0)
			}), []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 25, 20)}, ByDesign, "fault:loss"},
		{"loss in the network but none of its renewals lost",
			overlapExpired(nil), []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 25, 20)}, Bug, "bug:no-renewal"},
		{"its renewal held up past the deadline",
			overlapExpired(func(b *hist) {
				b.renew("A", 30, 50.2, 50.3, "not-renewed")
				b.net(30, "A", "renew/2", sim.NetDelayed, 20*sim.Second, 0)
			}), []sim.FaultSpan{fault(0, sim.FaultSlowNet, "network", 25, 30)}, ByDesign, "fault:slow-net"},
		{"a 1 ms spike on its renewal explains nothing",
			overlapExpired(func(b *hist) {
				b.renew("A", 30, -1, 33, "error")
				b.net(30, "A", "renew/2", sim.NetDelayed, sim.Millisecond, 0)
			}), []sim.FaultSpan{fault(0, sim.FaultSlowNet, "network", 25, 30)}, Bug, "bug:no-renewal"},
		{"another owner's forceUnlock deleted its hold",
			overlap(func(b *hist) {
				f := b.call("C", model.CallForceUnlock, 35, 35.01, "released")
				b.ran(f, 35.005, -2)
			}), nil, ByDesign, "contract:force-unlock"},
		{"another owner's unlock deleted its hold",
			overlap(func(b *hist) {
				f := b.call("C", model.CallUnlock, 35, 35.01, "released")
				b.ran(f, 35.005, -2)
			}), nil, Bug, "bug:deleted-by-other"},
		{"a failover to a replica that lacked its hold",
			overlap(func(b *hist) { b.failover(36, "redis-1", -2) }),
			[]sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 35, 20)}, ByDesign, "fault:master-crash"},
		{"a master crash after the overlap explains nothing",
			overlapExpired(nil), []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 55, 5)}, Bug, "bug:no-renewal"},
	})
}

// mutexCase is a history with one mutex violation, the faults of its run,
// and the class and mechanism the violation must have.
type mutexCase struct {
	name   string
	b      *hist
	faults []sim.FaultSpan
	class  Class
	mech   string
}

// runMutexCasesAt is runMutexCases for histories with several violations:
// each case's is the one at x seconds.
func runMutexCasesAt(t *testing.T, x float64, cases []mutexCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if v := mutexAt(t, tc.b, tc.faults, x); v.Class != tc.class || v.Mech.Label() != tc.mech {
				t.Errorf("got %v, want %s %s", v, tc.class, tc.mech)
			}
		})
	}
}

func runMutexCases(t *testing.T, cases []mutexCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Mutex(&tc.b.h, tc.faults, at(300))
			if len(got) != 1 {
				t.Fatalf("got %d violations %v, want 1", len(got), got)
			}
			if v := got[0]; v.Class != tc.class || v.Mech.Label() != tc.mech {
				t.Errorf("got %v, want %s %s", v, tc.class, tc.mech)
			}
		})
	}
}

// overlapExpired is A's watchdog hold, renewed last at 20 s (deadline 50
// s), expired with no renewal; B gets the lock at 50.5 s; more adds
// A's later renewals.
func overlapExpired(more func(b *hist)) *hist {
	b := newHist()
	a := b.call("A", model.CallLock, 0, 0.01, "acquired")
	b.ran(a, 0.005, 30000, "A").section(a, -1, 60)
	b.renew("A", 10, 10.001, 10.002, "renewed", "A")
	b.renew("A", 20, 20, 20.002, "renewed", "A")
	if more != nil {
		more(b)
	}
	g := b.call("B", model.CallLock, 50, 50.5, "acquired")
	b.ran(g, 50.4, 30000, "B").section(g, -1, 55)
	return b
}

// An explicit lease that ran out under a slow holder is by design; a
// script that armed less than the lease asked is a bug.
func TestMutexLease(t *testing.T) {
	build := func(armed int64) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.lease(a, 10000)
		b.ran(a, 0.005, armed, "A").section(a, 10000, 60)
		g := b.call("B", model.CallLock, 11, 12, "acquired")
		b.ran(g, 11.5, 30000, "B").section(g, -1, 20)
		return b
	}
	if got := Mutex(&build(10000).h, nil, at(300)); len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Name != "lease" {
		t.Fatalf("A's lease ran out: %v", got)
	}
	if got := Mutex(&build(5000).h, nil, at(300)); len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "armed-short" {
		t.Fatalf("a script that armed half the lease asked: %v", got)
	}
}

// A lock() whose loop sent its lock object's kept lease (4321 ms), and a
// later attempt another call's lease (8063 ms): the run that armed the
// hold carried the earlier one (ScriptLease is the last command's), so
// the script armed what it was sent: the kept lease, not a short arm
// (seed 5287 of rlock-3.16.8, preset net). Shorter than every lease the
// call sent is still a bug.
func TestArmedShortReadsEveryLeaseSent(t *testing.T) {
	build := func(armed int64, earlier ...int64) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, -1)
		r := b.reenter("A", model.CallLock, 1, 20, "acquired") // a re-entry still waiting at the expiry
		b.ran(r, 1.005, armed, "A")
		b.h.Ops[r].ScriptLease, b.h.Ops[r].EarlierLeases = 8063, earlier
		g := b.call("B", model.CallLock, 5, 6, "acquired")
		b.ran(g, 5.5, 30000, "B").section(g, -1, 20)
		return b
	}
	got := Mutex(&build(4321, 4321).h, nil, at(300))
	if len(got) != 1 || got[0].Mech.Name == "armed-short" {
		t.Fatalf("armed the lease an earlier command carried: %v", got)
	}
	for _, earlier := range [][]int64{nil, {5000}} {
		got := Mutex(&build(4321, earlier...).h, nil, at(300))
		if len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "armed-short" {
			t.Fatalf("armed 4321 ms, the call sent 8063 and %v: %v", earlier, got)
		}
	}
}

// A forceUnlock that ran but deleted nobody's hold (the lock was free)
// explains nothing of a later overlap.
func TestMutexForceUnlockThatDeletedNothing(t *testing.T) {
	b := overlapExpired(func(b *hist) {
		f := b.call("C", model.CallForceUnlock, 1, 1.01, "not-released")
		b.ran(f, 1.005, 29000, "A") // A's hold was there, and stayed
	})
	got := Mutex(&b.h, nil, at(300))
	if len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "no-renewal" {
		t.Fatalf("a forceUnlock that deleted nothing: %v", got)
	}
}

// A long section overlapping many later ones is one violation, and a
// bug-class overlap is preferred over a by-design one.
func TestMutexOneViolationPerHolder(t *testing.T) {
	b := newHist()
	a := b.call("A", model.CallLock, 0, 0.01, "acquired")
	b.lease(a, 5000)
	b.ran(a, 0.005, 5000, "A").section(a, 5000, 100)
	for i := 0; i < 10; i++ {
		o := string(rune('B' + i))
		g := b.call(o, model.CallLock, 10+float64(i), 10.5+float64(i), "acquired")
		b.lease(g, 100)
		b.ran(g, 10.4+float64(i), 100, o).section(g, 100, 10.9+float64(i))
	}
	got := Mutex(&b.h, nil, at(300))
	if len(got) != 1 || got[0].Class != ByDesign || !strings.Contains(got[0].Mech.Detail, "ran out") {
		t.Fatalf("want one by-design violation (A's lease ran out), got %d: %v", len(got), got)
	}
}

// The watchdog starts when the acquire without a lease that took the hold
// completes, and first renews a third of its timeout later: a reply that
// came after two thirds of the lease left no renewal time to come. That
// is the lease (a timeout too short for the round trip) or the fault
// that held the reply up; a re-entry with a lease is not that call.
func TestMutexWatchdogStartedLate(t *testing.T) {
	// A's lock() ran at 5 ms (lease 30 s) and returned at back s; B takes
	// the lock when the hold expires at 30.005 s
	late := func(back float64, more func(b *hist)) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, back, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 60)
		if more != nil {
			more(b)
		}
		g := b.call("B", model.CallLock, 30, 30.5, "acquired")
		b.ran(g, 30.4, 30000, "B").section(g, -1, 35)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the reply came 21 s after the script ran", late(21, nil), nil, ByDesign, "lease:lease"},
		{"the reply came in time: the watchdog should have renewed", late(19, nil), nil, Bug, "bug:no-renewal"},
		{"a spike held the reply up", late(21, func(b *hist) { b.net(0.006, "A", "op/0", sim.NetDelayed, 21*sim.Second, 0) }),
			[]sim.FaultSpan{fault(0, sim.FaultSlowNet, "network", 0, 30)}, ByDesign, "fault:slow-net"},
		{"a re-entry with a lease re-armed the hold", late(0.01, func(b *hist) {
			r := b.call("A", model.CallLock, 27, 27.002, "acquired")
			b.lease(r, 3000).ran(r, 27.001, 3000, "A")
			b.h.Sections[0].Lease, b.h.Sections[0].Rearmed = 3000, at(27.002)
		}), nil, Bug, "bug:lease-under-watchdog"},
	})
}

// 3.16.8 and 4.7.0 count for the renewal only the acquisitions without a
// lease, and every unlock takes a count off: A took the lock with a lease,
// re-entered without one (the watchdog's count), then with a lease, and
// the unlock of that last re-entry took the count its watchdog hold
// needed; the renewal that had run before that unlock completed was the
// last (seed 4284 of rlock-4.7.0's failover sweep, the fault long over).
func TestMutexLeaseReentryUnlockTakesWatchdogCount(t *testing.T) {
	build := func(unlock, cancels bool, end float64, failedRun bool) *hist {
		b := newHist()
		b.h.Settings.UnlockCancelsRenewal = cancels
		a := b.call("A", model.CallTryLockWait, 0, 0.01, "acquired")
		b.lease(a, 18000).ran(a, 0.005, 18000, "A").section(a, 18000, 60)
		w := b.reenter("A", model.CallTryLockWait, 0.02, 0.03, "acquired")
		b.ran(w, 0.025, 18000, "A") // the lock object's kept lease, as 4.7.0 sends it
		l := b.reenter("A", model.CallTryLockWait, 0.04, 0.05, "acquired")
		b.lease(l, 36983).ran(l, 0.045, 36983, "A")
		b.h.Sections[0].Lease, b.h.Sections[0].Rearmed = 36983, at(0.05)
		if unlock {
			// its script ran at 0.6 s, the renewal at 0.7 s, and the
			// unlock's cancel came with its return at 0.8 s
			u := b.reenter("A", model.CallUnlock, 0.55, end, "released")
			b.ran(u, 0.6, 36983, "A")
			if failedRun {
				// 4.7.0: its run's WAIT counted no replica, its handle
				// cancelled the count at 0.8 s, and the repeat answered
				// from the latch only after the expiry
				b.h.Ops[u].FailedRuns = []sim.Time{at(0.8)}
			}
		}
		b.renew("A", 0.65, 0.7, 0.75, "renewed", "A")
		g := b.call("B", model.CallLock, 30.6, 31, "acquired")
		b.ran(g, 30.9, 30000, "B").section(g, -1, 35)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the lease re-entry's unlock took the watchdog's count", build(true, true, 0.8, false), nil, Bug, "bug:lease-under-watchdog"},
		{"its failed run took the count, the call returned after the expiry", build(true, true, 31.5, true), nil, Bug, "bug:lease-under-watchdog"},
		{"an unlock that returned after the expiry, no failed run", build(true, true, 31.5, false), nil, Bug, "bug:no-renewal"},
		{"no unlock: the watchdog still counted the hold", build(false, true, 0.8, false), nil, Bug, "bug:no-renewal"},
		{"an inner unlock that cancels nothing (3.8.1)", build(true, false, 0.8, false), nil, Bug, "bug:no-renewal"},
	})
}

// A process renews a lock name through one entry its threads share: a
// renewal for another thread of A's client, lost in flight, holds up the
// next one, which would have re-armed A's hold. Another client's renewal
// (the same process restarted is another client) holds up nothing.
func TestMutexSharedEntryRenewalLost(t *testing.T) {
	build := func(lost bool, other string) *hist {
		b := newHist()
		a := b.call("u:1", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "u:1").section(a, -1, 60)
		i := b.renew(other, 9, -1, 18, "error")
		b.h.Renewals[i].Proc, b.h.Renewals[i].ErrKind = proc("u:1"), "timeout"
		if lost {
			b.net(9, other, "renew/0", sim.NetRequestLost, 0, 0)
			b.h.Net[0].Proc = proc("u:1")
		}
		g := b.call("v:1", model.CallLock, 30, 30.5, "acquired")
		b.ran(g, 30.4, 30000, "v:1").section(g, -1, 35)
		return b
	}
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 0, 60)}
	if got := Mutex(&build(true, "u:2").h, loss, at(300)); len(got) != 1 || got[0].Mech.Label() != "fault:loss" || !strings.Contains(got[0].Mech.Detail, "entry its threads share") {
		t.Fatalf("a shared entry's renewal lost: %v", got)
	}
	if got := Mutex(&build(false, "u:2").h, loss, at(300)); len(got) != 1 || got[0].Mech.Label() != "bug:no-renewal" {
		t.Fatalf("a shared entry's renewal failed, no fault: %v", got)
	}
	if got := Mutex(&build(true, "w:1").h, loss, at(300)); len(got) != 1 || got[0].Mech.Label() != "bug:no-renewal" {
		t.Fatalf("a renewal of an earlier client of the process, lost: %v", got)
	}
}

// A renewal sent for an earlier hold that ran before the thread took the
// lock again answers 0, and that answer, arriving in the new hold, takes
// it off the watchdog: stale-renewal, not a watchdog that failed.
func TestMutexStaleRenewalAnswer(t *testing.T) {
	build := func(answered float64) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 5)
		b.renew("A", 4.9, 5.2, answered, "not-renewed")
		b.h.Store[len(b.h.Store)-1].Holders, b.h.Store[len(b.h.Store)-1].TTL = nil, -2
		a2 := b.call("A", model.CallLock, 5.5, 6, "acquired")
		b.ran(a2, 5.6, 30000, "A").section(a2, -1, 60)
		g := b.call("B", model.CallLock, 35.6, 36, "acquired")
		b.ran(g, 35.7, 30000, "B").section(g, -1, 40)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"its answer came in the new hold", build(6.5), nil, Bug, "bug:stale-renewal"},
		{"its answer came before the new hold", build(5.3), nil, Bug, "bug:no-renewal"},
	})
}

// A renewal sent for A's watchdog hold, its reply lost, is re-sent after
// the response timeout and runs after A took the lock again with a lease
// of 20 s and re-entered with 40 s: it re-arms the watchdog's 30 s, and the
// hold expires before the re-entry's lease ran out (past the outer one's).
// The renewal is not this hold's watchdog: the fault that lost its reply,
// else the stale renewal's race; never a watchdog that failed.
func TestMutexStaleRenewalCutsAReentrysLease(t *testing.T) {
	build := func() *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 2)
		u := b.call("A", model.CallUnlock, 2, 2.01, "released")
		b.ran(u, 2.005, -2)
		a2 := b.call("A", model.CallLock, 3, 3.01, "acquired")
		b.lease(a2, 20000).ran(a2, 3.005, 20000, "A").section(a2, 20000, 60)
		r := b.call("A", model.CallLock, 3.5, 3.51, "acquired")
		b.lease(r, 40000).ran(r, 3.505, 40000, "A")
		sec := &b.h.Sections[len(b.h.Sections)-1]
		sec.Lease, sec.Rearmed = 40000, at(3.5)
		b.renew("A", 1.9, 5.0, 5.01, "renewed", "A")
		g := b.call("B", model.CallLock, 34.9, 35.1, "acquired")
		b.ran(g, 35.05, 30000, "B").section(g, -1, 40)
		return b
	}
	lost := build()
	lost.net(1.91, "A", "renew/0", sim.NetReplyLost, 0, 0)
	runMutexCases(t, []mutexCase{
		{"its first reply lost", lost, []sim.FaultSpan{fault(0, sim.FaultDrop, "cA", 1.9, 0)}, ByDesign, "fault:drop"},
		{"no fault: the race", build(), nil, Bug, "bug:stale-renewal"},
	})
	// the story names the re-entry's lease, the one the renewal cut
	if got := Mutex(&build().h, nil, at(300)); len(got) != 1 || !strings.Contains(got[0].Mech.Detail, "a lease of 20000 ms (re-entered with 40000 ms)") {
		t.Errorf("the stale renewal's story: %v", got)
	}
}

// A 4.7.0 unlock() of an inner hold ran (2 -> 1) and, after a WAIT that
// counted no replica, ServiceManager.execute repeated it with the same
// request id; the repeat answers from the first run's latch, unless a
// forward step of the master's clock between the runs expired it: then it
// counts down again and deletes the outer hold. The step is the mechanism;
// without one the rule names nothing (deleted-by-own, which the catalogue
// resolves by a path the client noted, or a bug).
func TestMutexUnlockRanTwice(t *testing.T) {
	build := func(stepped, undone bool, latch ...int64) *hist {
		b := newHist()
		b.h.Settings.UnlockLatch = true
		if len(latch) == 2 {
			b.h.Settings.UnlockLatchMax, b.h.Settings.UnlockRepeatMin = latch[0], latch[1]
		}
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		if undone {
			// the acquire's first grant, undone by handleNoSync (an unlock
			// script under the acquire's tag) before its repeat granted
			b.ran(a, 0.001, 30000, "A")
			b.sample(0.003, "op/0", scriptOf(model.CallUnlock), -2)
		}
		b.ran(a, 0.005, 30000, "A").section(a, -1, 60)
		b.h.Sections[0].StoreHolds = 2
		u := b.call("A", model.CallUnlock, 1, 3.5, "released")
		b.ran(u, 1.005, 30000, "A")
		b.ran(u, 3.0, -2)
		b.version("4.7.0")
		for i := range b.h.Store {
			if stepped && b.h.Store[i].At >= at(3.0) {
				b.h.Store[i].ServerMs += 20000 // the master's clock read 20 s ahead
			}
		}
		g := b.call("B", model.CallLock, 3.9, 4, "acquired")
		b.ran(g, 3.95, 30000, "B").section(g, -1, 40)
		return b
	}
	step := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultServerStep, Target: "redis-0", Amount: 20 * sim.Second, Index: 0}, Start: at(2), End: at(2)}}
	runMutexCases(t, []mutexCase{
		{"the master's clock stepped between the runs", build(true, false), step, ByDesign, "fault:server-step"},
		{"no fault", build(false, false), nil, Bug, "bug:deleted-by-own"},
		// a 700 ms latch under settings whose repeats come 1200 ms or more
		// after the first run (timeout 500 ms, one retry, 200 ms delay):
		// the latch had expired, which the catalogue names
		{"a latch shorter than any repeat's wait", build(false, false, 700, 1200), nil, Bug, "bug:latch-expired"},
		{"a latch that could have lived", build(false, false, 20000, 1500), nil, Bug, "bug:deleted-by-own"},
		// the repeat that deleted the hold is the mechanism, not a hold
		// the acquiring call lost before its grant
		{"a short latch after an undone grant", build(false, true, 700, 1200), nil, Bug, "bug:latch-expired"},
	})
}

// A 3.16.8 thread's lock() (2 s watchdog) was granted at 0.5 s, but the
// reply was lost: the hold ran out at 2.5 s and the call's re-send took
// the lock anew at 4.5 s, the one hold the call returned. It re-entered,
// and its unlock() ran at 5 s, counting the re-entry down; that reply was
// lost too, RedisExecutor re-sent the command (noted at 8 s) and the
// re-send ran at 9.5 s, with no latch to answer from, and deleted the
// hold the thread still counts; B got the lock (rlock-3.16.8 all seed
// 1122, --lock-watchdog-timeout 2000ms). The unlock that ran twice is the
// mechanism, not the grant its acquiring call lost before it returned,
// which the thread never counted; so too when the unlock's first send was
// held up past the re-send's note (rlock-3.16.8 net seed 9). With no
// re-send noted, or one noted before the call, or a lock whose unlock
// keeps a latch, nothing this rule knows explains it; a hold the thread
// counted (its call returned it at once) lost before stays the mechanism.
func TestMutexUnlockResentNoLatch(t *testing.T) {
	build := func(note, firstRun float64, latch, counted bool) *hist {
		return unlockResentHist(note, firstRun, latch, counted, false)
	}
	runMutexCases(t, []mutexCase{
		{"the unlock was re-sent", build(8.0, 5.0, false, false), nil, Bug, "bug:unlock-ran-twice"},
		{"its first send held up past the re-send's note", build(8.0, 8.2, false, false), nil, Bug, "bug:unlock-ran-twice"},
		{"no re-send noted", build(0, 5.0, false, false), nil, Bug, "bug:deleted-by-own"},
		{"a re-send noted before the call", build(4.9, 5.0, false, false), nil, Bug, "bug:deleted-by-own"},
		{"a lock whose unlock keeps a latch", build(8.0, 5.0, true, false), nil, Bug, "bug:deleted-by-own"},
		{"a hold the thread counted lost before", build(8.0, 5.0, false, true), nil, Bug, "bug:no-renewal"},
		// another thread took and released the lock between the expiry and
		// the call's re-take: the grant the call lost is still one the
		// thread never counted (rlock-3.16.8 all seed 2183, 2 s)
		{"another thread's hold between the expiry and the re-take", unlockResentHist(8.0, 5.0, false, false, true), nil, Bug, "bug:unlock-ran-twice"},
	})
}

// unlockResentHist is TestMutexUnlockResentNoLatch's history; between
// puts C's hold, taken and released, between A's lost grant's expiry and
// its call's re-take.
func unlockResentHist(note, firstRun float64, latch, counted, between bool) *hist {
	b := newHist()
	b.h.Settings.Watchdog = 2000
	b.h.Settings.UnlockLatch = latch
	if counted {
		a := b.call("A", model.CallLock, 0, 0.501, "acquired")
		b.ran(a, 0.5, 2000, "A").section(a, -1, 60) // ran out at 2.5 s
		o := b.reenter("A", model.CallLock, 4.4, 4.501, "acquired")
		b.ran(o, 4.5, 2000, "A")
	} else {
		a := b.call("A", model.CallLock, 0, 4.501, "acquired")
		b.ran(a, 0.5, 2000, "A") // its reply lost; the hold ran out at 2.5 s
		if between {
			c := b.call("C", model.CallLock, 2.9, 3.01, "acquired")
			b.ran(c, 3, 2000, "C").section(c, -1, 3.21)
			d := b.call("C", model.CallUnlock, 3.19, 3.21, "released")
			b.ran(d, 3.2, -2)
		}
		b.h.Flaws.Add(model.FlawAt{At: at(3.5), Proc: "cA", Owner: "A", Flaw: "resend-acquire"})
		b.ran(a, 4.5, 2000, "A").section(a, -1, 60)
	}
	r := b.reenter("A", model.CallLock, 4.6, 4.61, "acquired")
	b.ran(r, 4.605, 2000, "A")
	u := b.reenter("A", model.CallUnlock, 5, 9.501, "released")
	b.ran(u, firstRun, 2000, "A") // a count down, the hold left; no reply in time
	b.chain("A", 2000, at(4.501), 5.2, 5.9, 6.6, 7.3, 8.1, 8.7, 9.4)
	if note > 0 {
		b.h.Flaws.Add(model.FlawAt{At: at(note), Proc: "cA", Owner: "A", Flaw: "resend"})
	}
	b.ran(u, 9.5, -2) // the re-send: counted down again, deleted
	g := b.call("B", model.CallLock, 9.7, 9.8, "acquired")
	b.ran(g, 9.75, 30000, "B").section(g, -1, 40)
	return b
}

// A 4.7.0 unlock() ran at 1 s (leaving the outer hold), then was repeated
// after WAITs that counted no replica, answering from its latch, until a
// repeat at 32 s, 31 s after its first run: longer than the latch lives
// (30 s, settings under which a repeat may come in time), so it counted
// down again and deleted the hold. The chain of repeats outlived the latch.
func TestMutexUnlockRepeatsOutlivedTheLatch(t *testing.T) {
	build := func(lastAt float64) *hist {
		b := newHist()
		b.h.Settings.UnlockLatch = true
		b.h.Settings.UnlockLatchMax, b.h.Settings.UnlockRepeatMin = 30000, 4000
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 60)
		b.h.Sections[0].StoreHolds = 2
		u := b.call("A", model.CallUnlock, 1, lastAt+0.5, "released")
		b.ran(u, 1.0, 30000, "A")
		b.ran(u, 20, 30000, "A")
		b.ran(u, 28, 30000, "A")
		b.ran(u, lastAt, -2)
		b.version("4.7.0")
		g := b.call("B", model.CallLock, lastAt+0.9, lastAt+1, "acquired")
		b.ran(g, lastAt+0.95, 30000, "B").section(g, -1, 80)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the repeats outlived the latch", build(32), nil, Bug, "bug:latch-expired"},
		{"a repeat within the latch's life", build(29), nil, Bug, "bug:deleted-by-own"},
	})
}

// A 4.7.0 thread held the lock three times; one unlock() ran twice (1.0
// s, then 2.2 s after a WAIT that counted no replica), its 700 ms latch
// expired in between, and each run took a count: the store counts one
// hold, the thread two, and its next unlock deletes the hold it believes
// it keeps: the double count-down is the mechanism.
func TestMutexUnlockCountedTwice(t *testing.T) {
	build := func(latchMax int64) *hist {
		b := newHist()
		b.h.Settings.UnlockLatch = true
		b.h.Settings.UnlockLatchMax, b.h.Settings.UnlockRepeatMin = latchMax, 1200
		a := b.call("A", model.CallLock, 0, 0.5, "acquired")
		b.ran(a, 0.4, 30000, "A").section(a, -1, 60)
		b.h.Sections[0].StoreHolds = 3
		u := b.call("A", model.CallUnlock, 1, 2.5, "released")
		b.ran(u, 1.0, 30000, "A")
		b.ran(u, 2.2, 30000, "A")
		last := b.call("A", model.CallUnlock, 3, 3.1, "released")
		b.ran(last, 3.05, -2)
		b.version("4.7.0")
		g := b.call("B", model.CallLock, 3.9, 4, "acquired")
		b.ran(g, 3.95, 30000, "B").section(g, -1, 40)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the latch expired between the runs", build(700), nil, Bug, "bug:latch-expired"},
		{"a latch that could have lived", build(20000), nil, Bug, "bug:deleted-by-own"},
	})
}

// A thread took the lock (its lease armed at 0.005 s) and re-entered it
// at 1 s; the master crashed at 1.5 s and the replica promoted at 2 s had
// not received the re-entry (its deadline is the grant's): the store
// counts one hold, the thread two, and its inner unlock deletes the hold,
// so B gets the lock (rlock-3.8.1 all 4935). The failover is the
// mechanism; when the replica had the re-entry (its deadline is the
// re-entry's), or no master change came between, nothing this rule knows
// explains it.
func TestMutexFailoverLostReentry(t *testing.T) {
	build := func(promotedTTL int64) *hist {
		b := newHist()
		o := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(o, 0.005, 30000, "A").section(o, -1, 60)
		r := b.reenter("A", model.CallLock, 1, 1.01, "acquired")
		b.ran(r, 1.005, 30000, "A")
		b.failover(2, "redis-1", promotedTTL, "A")
		i := b.reenter("A", model.CallUnlock, 3, 3.1, "released")
		b.ran(i, 3.05, -2)
		g := b.call("B", model.CallLock, 3.1, 3.2, "acquired")
		b.ran(g, 3.15, 30000, "B").section(g, -1, 40)
		return b
	}
	crash := []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 1.5, 20)}
	runMutexCases(t, []mutexCase{
		{"the promoted replica lacked the re-entry", build(28005), crash, ByDesign, "fault:master-crash"},
		{"the promoted replica had the re-entry", build(29005), crash, Bug, "bug:deleted-by-own"},
		{"no master change", build(28005), nil, Bug, "bug:deleted-by-own"},
	})
}

// An unlock that timed out, its command held up by a latency spike until
// after the thread took the lock again and re-entered it: the late run
// counts the new hold down, so the thread's last-but-one unlock deletes
// the hold it believes it keeps, and B gets the lock (rlock-4.7.0 net
// 4503, rlock-3.8.1 net 4214). What held the command up is the mechanism;
// with no fault on it, or when the late run is a second run of its call
// (the first ran before the new hold), or when the call returned after
// the new hold's acquire was called, nothing this rule knows explains it.
func TestMutexLateUnlockCountedDown(t *testing.T) {
	build := func(spike bool, firstRan bool, returned float64) *hist {
		b := newHist()
		o := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(o, 0.005, 30000, "A").section(o, -1, 1)
		u := b.call("A", model.CallUnlock, 1, returned, "error")
		b.h.Ops[u].Err, b.h.Ops[u].ErrKind = "RedisTimeoutException: Redis server response timeout (3000 ms)", "timeout"
		if spike {
			b.net(1, "A", opTag(u), sim.NetDelayed, 4300*sim.Millisecond, 0)
		}
		if firstRan {
			b.ran(u, 1.001, -2)
		}
		a := b.call("A", model.CallLock, 5, 5.1, "acquired")
		b.ran(a, 5.05, 30000, "A").section(a, -1, 60)
		r := b.reenter("A", model.CallLock, 5.2, 5.3, "acquired")
		b.ran(r, 5.25, 30000, "A")
		b.ran(u, 5.3, 30000, "A") // the late run: a count down, the hold left
		i := b.reenter("A", model.CallUnlock, 6, 6.1, "released")
		b.ran(i, 6.05, -2)
		g := b.call("B", model.CallLock, 6.1, 6.2, "acquired")
		b.ran(g, 6.15, 30000, "B").section(g, -1, 40)
		return b
	}
	spike := []sim.FaultSpan{fault(0, sim.FaultSlowNet, "network", 0.5, 30)}
	runMutexCases(t, []mutexCase{
		{"its command held up past the next acquire", build(true, false, 4), spike, ByDesign, "fault:slow-net"},
		{"no fault held it up", build(false, false, 4), spike, Bug, "bug:deleted-by-own"},
		{"the late run was the call's second", build(true, true, 4), spike, Bug, "bug:deleted-by-own"},
		{"the call returned after the next acquire was called", build(true, false, 5.05), spike, Bug, "bug:deleted-by-own"},
	})
}

// A 3.16.8 unlock whose command a latency spike held up past the 500 ms
// response timeout: RedisExecutor re-sent it, the re-send ran and the call
// returned released; the held-up send then ran after the thread took the
// lock again and re-entered it, counting the new hold down, so the
// thread's inner unlock deletes the hold it believes it keeps, and B gets
// the lock (rlock-3.16.8 net 283, --timeout 500ms --retry-attempts 1
// --retry-interval 200ms). The spike is the mechanism; with no spike on
// the call, with no re-send noted (the earlier run was not one), or with a
// spike too short to have carried the send past the next acquire, nothing
// this rule knows explains it.
func TestMutexResentUnlockLateCountedDown(t *testing.T) {
	build := func(spike sim.Duration, resent bool) *hist {
		b := newHist()
		b.h.Settings.Timeout = 500
		o := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(o, 0.005, 30000, "A").section(o, -1, 1)
		u := b.call("A", model.CallUnlock, 1, 1.702, "released")
		if spike > 0 {
			b.net(1, "A", opTag(u), sim.NetDelayed, spike, 0)
		}
		if resent {
			b.h.Flaws.Add(model.FlawAt{At: at(1.5), Proc: "cA", Owner: "A", Flaw: "resend"})
		}
		b.ran(u, 1.701, -2) // the re-send's run answered the call
		a := b.call("A", model.CallLock, 2, 2.1, "acquired")
		b.ran(a, 2.05, 30000, "A").section(a, -1, 60)
		r := b.reenter("A", model.CallLock, 2.2, 2.3, "acquired")
		b.ran(r, 2.25, 30000, "A")
		b.ran(u, 4.851, 30000, "A") // the held-up send: a count down, the hold left
		i := b.reenter("A", model.CallUnlock, 6, 6.1, "released")
		b.ran(i, 6.05, -2)
		g := b.call("B", model.CallLock, 6.1, 6.2, "acquired")
		b.ran(g, 6.15, 30000, "B").section(g, -1, 40)
		return b
	}
	spike := []sim.FaultSpan{fault(0, sim.FaultSlowNet, "network", 0.5, 30)}
	runMutexCases(t, []mutexCase{
		{"its first send held up past the next acquire", build(3850*sim.Millisecond, true), spike, ByDesign, "fault:slow-net"},
		{"no fault held it up", build(0, true), spike, Bug, "bug:deleted-by-own"},
		{"no re-send was noted", build(3850*sim.Millisecond, false), spike, Bug, "bug:deleted-by-own"},
		{"the spike alone did not carry it past the next acquire", build(600*sim.Millisecond, true), spike, Bug, "bug:deleted-by-own"},
	})
}

// A 4.7.0 thread took the lock with lock() and re-entered it with an 8 s
// lease; its unlock() of the inner hold ran at 2 s (re-arming 8 s), its
// WAIT counted no replica, and ServiceManager.execute repeated it at
// 3.2 s, after its 700 ms latch expired: the repeat counted down again and
// re-armed the hold with the lock object's internalLockLeaseTime, which
// the failed first run's handle had set back to the watchdog's 30 s
// (R47:RedissonLock.java:326-332, 369). The hold expired 30 s after the
// repeat, under the thread (seed 169 of rlock-4.7.0 under 500 ms, one
// retry, 200 ms): the late repeat is the mechanism, not a kept lease. Had
// the repeat answered from its latch, the hold would have run out on the
// thread's own lease, which the first run re-armed.
func TestMutexUnlockRepeatRearmed(t *testing.T) {
	build := func(latchMax, firstLease, repeatLease int64) *hist {
		b := newHist()
		b.h.Settings.UnlockLatch = true
		b.h.Settings.UnlockLatchMax, b.h.Settings.UnlockRepeatMin = latchMax, 1200
		a := b.call("A", model.CallLock, 0, 0.5, "acquired")
		b.ran(a, 0.4, 30000, "A").section(a, -1, -1)
		r := b.call("A", model.CallTryLockWait, 1, 1.5, "acquired")
		b.lease(r, 8000).ran(r, 1.0, 8000, "A")
		sec := &b.h.Sections[0]
		sec.Lease, sec.Rearmed, sec.StoreHolds = 8000, at(1.0), 2
		u := b.call("A", model.CallUnlock, 2, 4.2, "error")
		b.h.Ops[u].Err = "NoSyncedSlavesException"
		b.ran(u, 2.0, firstLease, "A")
		b.ran(u, 3.2, repeatLease, "A")
		b.version("4.7.0")
		end := 3.2 + float64(repeatLease)/1000
		g := b.call("B", model.CallLock, end+0.2, end+0.4, "acquired")
		b.ran(g, end+0.3, 30000, "B").section(g, -1, end+5)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the latch expired before the repeat", build(700, 8000, 30000), nil, Bug, "bug:latch-expired"},
		// another call's lease, set on the lock object after the first
		// run's handle: still the repeat that should not have run
		{"the repeat read another call's lease", build(700, 8000, 5000), nil, Bug, "bug:latch-expired"},
		// the repeat could have answered from the latch: what re-armed the
		// hold with another lease is not the latch
		{"a latch that could have lived", build(20000, 8000, 30000), nil, Bug, "bug:kept-lease"},
		// the repeat re-armed the thread's own lease: that lease ran out
		{"the repeat re-armed its own lease", build(700, 8000, 8000), nil, ByDesign, "lease:lease"},
		// the first run already re-armed another lease than the holder's
		// (a lease the lock object kept, or a fenced lock's dropped one):
		// the repeat changed nothing that names the loss
		{"the first run re-armed another lease", build(700, 30000, 30000), nil, Bug, "bug:kept-lease"},
	})
}

// A lock() whose acquire took the lock but which never returned, its
// process stopped before the reply could be handled: the pause made the
// hold nobody counts, as a lost reply would.
func TestMutexOpenCallPaused(t *testing.T) {
	build := func() *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 1, -1, "")
		b.ran(a, 1.001, 30000, "A")
		// the run counts the hold the store shows from its acquire on
		b.h.Sections = append(b.h.Sections, model.Section{Proc: "cA", Owner: "A", Lock: "L", Lease: -1, OuterLease: -1,
			Called: at(1), Granted: at(1), Start: at(1.001), End: -1, StoreHolds: 1})
		g := b.call("B", model.CallLock, 30, 31.5, "acquired")
		b.ran(g, 31.4, 30000, "B").section(g, -1, 40)
		return b
	}
	pause := []sim.FaultSpan{fault(0, sim.FaultPause, "cA", 1.5, 40)}
	got := Mutex(&build().h, pause, at(300))
	if len(got) != 1 || got[0].Mech.Label() != "fault:pause" {
		t.Fatalf("an open call whose process paused: %v", got)
	}
	if got := Mutex(&build().h, nil, at(300)); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("an open call, no fault: %v", got)
	}
	// A failover while the answer to its acquire was due (3 s timeout + 1 s
	// WAIT) explains the call left open; one long after the answer was due
	// does not.
	crash := func(start float64) []sim.FaultSpan {
		return []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "redis-0", start, start+5)}
	}
	if got := Mutex(&build().h, crash(3), at(300)); len(got) != 1 || got[0].Mech.Label() != "fault:master-crash" {
		t.Fatalf("a failover while its answer was due: %v", got)
	}
	if got := Mutex(&build().h, crash(20), at(300)); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("a failover 19 s after its acquire ran: %v", got)
	}
}

// A failed unlock cancels the thread's watchdog for good (3.8.1's
// unlockAsync listener, RedissonLock.java:513-516), though the lost unlock
// took nothing: the hold, re-entered, lasts until the unlock of an inner
// hold re-arms it once more and runs out (seed 3058's rlock-3.8.1). The
// failed unlock is long before that last arming; it explains the expiry
// only while the watchdog showed no life after it.
func TestMutexFailedUnlockEarlier(t *testing.T) {
	build := func(more func(b *hist)) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 60)
		r := b.call("A", model.CallLock, 0.02, 0.03, "acquired")
		b.ran(r, 0.025, 30000, "A")
		u := b.call("A", model.CallUnlock, 5, 8, "error")
		b.h.Ops[u].Err, b.h.Ops[u].ErrKind = "RedisTimeoutException: Redis server response timeout (3000 ms)", "timeout"
		b.net(5, "A", opTag(u), sim.NetRequestLost, 0, 0)
		if more != nil {
			more(b)
		}
		i := b.call("A", model.CallUnlock, 20, 20.01, "released")
		b.ran(i, 20.005, 30000, "A")
		g := b.call("B", model.CallLock, 50, 50.5, "acquired")
		b.ran(g, 50.4, 30000, "B").section(g, -1, 55)
		return b
	}
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 4, 20)}
	runMutexCases(t, []mutexCase{
		{"its unlock lost before an inner unlock re-armed the hold", build(nil), loss, ByDesign, "fault:loss"},
		{"the watchdog renewed after the failed unlock", build(func(b *hist) {
			b.renew("A", 10, 10.001, 10.002, "renewed", "A")
		}), loss, Bug, "bug:no-renewal"},
		{"a re-entry without a lease restarted the watchdog", build(func(b *hist) {
			r := b.call("A", model.CallLock, 12, 12.01, "acquired")
			b.ran(r, 12.005, 30000, "A")
		}), loss, Bug, "bug:no-renewal"},
	})
}

// A forceUnlock() of a thread of the holder's client cancels the lock's
// renewal for all the client's threads before its script; when the script
// failed, the hold stays unrenewed and runs out: by contract. A client's
// forceUnlock after the renewal was due, another client's, or one after
// which the client's watchdog started again explains nothing.
func TestMutexFailedForceUnlockStopsRenewal(t *testing.T) {
	lateReply := func(b *hist, end float64) *hist {
		b.h.Renewals[1].End = at(end)
		return b
	}
	build := func(by string, forceAt float64, reenter bool) *hist {
		b := newHist()
		a := b.call("u:1", model.CallLock, 0, 0.01, "acquired")
		b.h.Ops[a].Proc = "cu"
		b.ran(a, 0.005, 30000, "u:1").section(a, -1, 60)
		b.renew("u:1", 10, 10.001, 10.002, "renewed", "u:1")
		b.renew("u:1", 20, 20, 20.002, "renewed", "u:1")
		for i := range b.h.Renewals {
			b.h.Renewals[i].Proc = "cu"
		}
		f := b.call(by, model.CallForceUnlock, forceAt, forceAt+5, "error")
		b.h.Ops[f].Err, b.h.Ops[f].ErrKind = "RedisConnectionException: unable to write command into connection", "write"
		if strings.HasPrefix(by, "u:") {
			b.h.Ops[f].Proc = "cu"
		}
		if reenter {
			r := b.call("u:1", model.CallTryLock, forceAt+6, forceAt+6.01, "acquired")
			b.h.Ops[r].Proc, b.h.Ops[r].Nested = "cu", true
		}
		g := b.call("B", model.CallLock, 50, 50.5, "acquired")
		b.ran(g, 50.4, 30000, "B").section(g, -1, 55)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"a sibling thread's failed forceUnlock", build("u:2", 22, false), nil, ByDesign, "contract:force-unlock"},
		{"the holder's own failed forceUnlock", build("u:1", 22, false), nil, ByDesign, "contract:force-unlock"},
		{"another client's failed forceUnlock", build("w:2", 22, false), nil, Bug, "bug:no-renewal"},
		{"a forceUnlock after the renewal was due", build("u:2", 31, false), nil, Bug, "bug:no-renewal"},
		{"the watchdog started again after it", build("u:2", 22, true), nil, Bug, "bug:no-renewal"},
		{"the re-entry's unlock stopped the watchdog it started", reentryUnlocked(build("u:2", 22, true), 28.5, true), nil, ByDesign, "contract:force-unlock"},
		{"3.8.1's inner unlock leaves the watchdog running", reentryUnlocked(build("u:2", 22, true), 28.5, false), nil, Bug, "bug:no-renewal"},
		{"the re-entry's unlock after the renewal was due", reentryUnlocked(build("u:2", 22, true), 38.5, true), nil, Bug, "bug:no-renewal"},
		{"a sibling thread's forceUnlock whose script ran only after the expiry", ranLate(build("u:2", 22, false), 50.45), nil, ByDesign, "contract:force-unlock"},
		// the last renewal's reply came at 27 s, so the next was due only
		// at 37 s: a forceUnlock at 31 s came before it (seed 898 of
		// rlock-3.8.1, preset all, a 2 s watchdog)
		{"a forceUnlock before the renewal a late reply put off", lateReply(build("u:2", 31, false), 27), nil, ByDesign, "contract:force-unlock"},
		{"a forceUnlock after the renewal a late reply put off", lateReply(build("u:2", 38, false), 27), nil, Bug, "bug:no-renewal"},
	})
	// a forceUnlock called after the hold ran out (a re-entry's short
	// lease, seed 60's) explains nothing of it
	b := newHist()
	a := b.call("u:1", model.CallLock, 0, 0.01, "acquired")
	b.h.Ops[a].Proc = "cu"
	b.ran(a, 0.005, 30000, "u:1").section(a, -1, 60)
	r := b.call("u:1", model.CallLock, 21, 21.01, "acquired")
	b.h.Ops[r].Proc = "cu"
	b.lease(r, 2000).ran(r, 21.005, 2000, "u:1")
	f := b.call("u:2", model.CallForceUnlock, 25, 25.01, "not-released")
	b.h.Ops[f].Proc = "cu"
	g := b.call("B", model.CallLock, 24, 24.5, "acquired")
	b.ran(g, 24.4, 30000, "B").section(g, -1, 55)
	if got := Mutex(&b.h, nil, at(300)); len(got) != 1 || got[0].Mech.Name == "force-unlock" {
		t.Errorf("a forceUnlock after the expiry: %v", got)
	}
}

// ranLate makes the forceUnlock of a TestMutexFailedForceUnlockStopsRenewal
// history one whose lost request was re-sent and whose script ran at x,
// after the hold it stopped renewing had expired, and deleted the next
// holder's (seed 404 of rlock-4.7.0, preset all, a 2 s watchdog): it
// answered 1, and still deleted nothing of the hold that ran out.
func ranLate(b *hist, x float64) *hist {
	for i := range b.h.Ops {
		if op := &b.h.Ops[i]; op.Call == model.CallForceUnlock {
			op.Outcome, op.Err, op.ErrKind, op.End = "released", "", "", at(x+0.01)
			b.ran(i, x, -2)
		}
	}
	return b
}

// reentryUnlocked adds to a TestMutexFailedForceUnlockStopsRenewal history
// with a re-entry the unlock of it at x, under a version whose every
// unlock takes its thread's renewal count (cancels) or not (3.8.1). The
// forceUnlock emptied the client's renewal entry; the re-entry's
// acquisition started the watchdog again with its one count, which its
// unlock took before the first renewal (R47:RenewalTask.java:97-134), so
// the outer hold went unwatched (fairlock-4.7.0 --preset all, seed 4935).
func reentryUnlocked(b *hist, x float64, cancels bool) *hist {
	b.h.Settings.UnlockCancelsRenewal = cancels
	u := b.call("u:1", model.CallUnlock, x, x+0.01, "released")
	b.h.Ops[u].Proc = "cu"
	return b
}

// A fenced thread held the lock with a lease (13.91 s) and re-entered with
// lock(35.603 s), which lockAndGetToken dropped: its client sent the lock
// object's kept lease and started the watchdog (RedissonFencedLock.java:76-78).
// The inner unlock cancelled that watchdog after one last renewal, and the
// hold expired 30 s later, before the lease the thread believed in: the
// dropped lease is the mechanism (fencedlock-4.7.0, --procs 2 --threads 4,
// seed 28). A re-entry whose script armed what it asked explains nothing.
func TestMutexReentryLeaseDropped(t *testing.T) {
	build := func(sent int64) *hist {
		b := newHist()
		a := b.call("A", model.CallTryLockWait, 0, 0.01, "acquired")
		b.lease(a, 13910).ran(a, 0.005, 13910, "A").section(a, 13910, 60)
		r := b.call("A", model.CallLock, 0.1, 0.11, "acquired")
		b.h.Ops[r].Lease, b.h.Ops[r].ScriptLease, b.h.Ops[r].Nested = 35603, sent, true
		b.ran(r, 0.105, sent, "A")
		s := &b.h.Sections[0]
		s.Lease, s.Rearmed = 35603, at(0.105)
		u := b.call("A", model.CallUnlock, 0.2, 0.21, "released")
		b.ran(u, 0.205, 13910, "A")
		b.renew("A", 0.205, 0.21, 0.215, "renewed", "A")
		g := b.call("B", model.CallLock, 30.3, 30.4, "acquired")
		b.ran(g, 30.35, 30000, "B").section(g, -1, 40)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the re-entry's lease was dropped", build(13910), nil, Bug, "bug:lease-dropped"},
		{"the re-entry's script armed its lease", build(35603), nil, Bug, "bug:no-renewal"},
	})
}

// renewedTwice is A's watchdog hold under a 5 s lockWatchdogTimeout,
// taken at 0 and renewed at 1.67 s and 3.34 s, in a section that ends at
// end (3.8.1's settings: a failed renewal stops the watchdog).
func renewedTwice(end float64) *hist {
	b := newHist()
	b.h.Settings.Watchdog, b.h.Settings.RenewalStopsOnFailure = 5000, true
	a := b.call("A", model.CallLock, 0, 0.01, "acquired")
	b.ran(a, 0.005, 5000, "A").section(a, -1, end)
	for _, x := range []float64{1.67, 3.34} {
		b.renew("A", x, x+0.001, x+0.002, "renewed", "A")
	}
	return b
}

// shortWatchdog is A's watchdog hold under a 5 s lockWatchdogTimeout
// (renewed every 1.666 s): taken at 0, renewed at 1.67 s and 3.34 s (its
// last re-arm, to 8.341 s); B gets the lock at 8.35 s. more adds to it
// before B's call.
func shortWatchdog(more func(b *hist)) *hist {
	b := renewedTwice(60)
	if more != nil {
		more(b)
	}
	g := b.call("B", model.CallLock, 8.3, 8.4, "acquired")
	b.ran(g, 8.35, 5000, "B").section(g, -1, 10)
	return b
}

// 3.8.1's watchdog schedules its next renewal a third of its lock
// object's internalLockLeaseTime after the last one completes
// (R8:RedissonLock.java:225-253), a lease another call may have stored
// there (:280): the client notes the lease-kept path where it schedules
// so, and a hold that ran out with no renewal after that schedule, though
// one a third of the watchdog later would have come in time, lost it to
// the kept lease. Without the note, or with a note that is no schedule of
// the last renewal, nothing names it.
func TestMutexKeptLeasePeriod(t *testing.T) {
	// note notes the path at x s, or (x < 0) where the last renewal completed
	note := func(x float64) func(b *hist) {
		return func(b *hist) {
			t := at(x)
			if x < 0 {
				t = b.h.Renewals[1].End
			}
			b.h.Flaws.Add(model.FlawAt{At: t, Proc: "cA", Owner: "A", Flaw: "lease-kept"})
		}
	}
	runMutexCases(t, []mutexCase{
		{"the last renewal scheduled the next with a kept lease", shortWatchdog(note(-1)), nil, Bug, "bug:kept-lease"},
		{"no note: the watchdog stopped", shortWatchdog(nil), nil, Bug, "bug:no-renewal"},
		{"a note at another time", shortWatchdog(note(2.5)), nil, Bug, "bug:no-renewal"},
		{"another thread's note", shortWatchdog(func(b *hist) {
			b.h.Flaws.Add(model.FlawAt{At: b.h.Renewals[1].End, Proc: "cA", Owner: "A2", Flaw: "lease-kept"})
		}), nil, Bug, "bug:no-renewal"},
		{"a renewal came after the schedule", shortWatchdog(func(b *hist) {
			note(-1)(b)
			b.renew("A", 5.01, 8.36, 8.37, "not-renewed")
			b.h.Store[len(b.h.Store)-1].Holders, b.h.Store[len(b.h.Store)-1].TTL = []string{"B"}, 5000
		}), nil, Bug, "bug:no-renewal"},
	})
}

// 3.8.1 keeps one watchdog entry per lock name, which only a renewal's
// listener or cancelExpirationRenewal removes (R8:RedissonLock.java:239,
// 271-276): A's renewal at 3.34 s scheduled the next a third of a kept
// 30 s lease later (13.342 s); A's unlock at 4.5 s answered 0 and left a
// hold, which expired at 6.505 s, removing no entry; A's tryLock() at
// 7 s took the lock afresh and, finding the entry, started no task of
// its own (:225-228), so the kept chain's renewal was its next, too late
// for the hold's expiry at 12 s (seeds 1089 and 1195 of fairlock-3.8.1,
// a 2 s watchdog). An unlock that released the hold (answered 1) would
// have cancelled the chain: then nothing names it.
func TestMutexKeptPeriodOutlivesAnExpiredHold(t *testing.T) {
	build := func(left bool) *hist {
		b := renewedTwice(4.5)
		b.h.Flaws.Add(model.FlawAt{At: b.h.Renewals[1].End, Proc: "cA", Owner: "A", Flaw: "lease-kept"})
		u := b.call("A", model.CallUnlock, 4.5, 4.51, "released")
		if left {
			b.ran(u, 4.505, 2000, "A") // a hold it did not count: it expires
			b.sample(6.6, "", "RedissonLock.tryLockInnerAsync", -2)
		} else {
			b.ran(u, 4.505, -2) // it released the hold
		}
		r := b.call("A", model.CallTryLock, 7, 7.01, "acquired")
		b.ran(r, 7.0, 5000, "A").section(r, -1, 60)
		g := b.call("B", model.CallLock, 11.9, 12.1, "acquired")
		b.ran(g, 12.05, 5000, "B").section(g, -1, 70)
		return b
	}
	runMutexCasesAt(t, 12.1, []mutexCase{
		{"the earlier hold expired: the kept chain went on", build(true), nil, Bug, "bug:kept-lease"},
		{"the unlock released the hold and cancelled the chain", build(false), nil, Bug, "bug:no-renewal"},
	})
}

// Every version sends the next renewal a third of the watchdog's timeout
// after the last one completes (R8:RedissonLock.java:239-253,
// R16:RedissonBaseLock.java:147-163, R47:RenewalTask.java:170-184): a
// renewal that ran in time but whose reply a latency spike held up past
// the next one's slot lets the hold run out; a spike too short to have
// done it explains nothing.
func TestMutexRenewalReplyHeldUp(t *testing.T) {
	held := func(delay sim.Duration) *hist {
		return shortWatchdog(func(b *hist) {
			b.h.Renewals[1].End = at(7.0) // its reply came back 3.66 s after it ran
			if delay > 0 {
				b.net(3.342, "A", "renew/1", sim.NetDelayed, delay, 0)
			}
		})
	}
	spike := []sim.FaultSpan{fault(0, sim.FaultSlowNet, "network", 1, 20)}
	runMutexCases(t, []mutexCase{
		{"a spike held its reply up", held(3600 * sim.Millisecond), spike, ByDesign, "fault:slow-net"},
		{"no spike on it", held(0), spike, Bug, "bug:no-renewal"},
		{"a spike too short to have made it late", held(200 * sim.Millisecond), spike, Bug, "bug:no-renewal"},
	})
}

// A renewal whose reply was lost is re-sent after the response timeout,
// one call however long it takes (4.7.0's syncedEval): its re-send ran and
// re-armed the hold, its reply was lost again, and the next re-send ran
// after the expiry. The renewal, open since before the period that
// preceded its last run, is the one the watchdog waited on: the fault that
// lost its replies is the mechanism.
func TestMutexRenewalResentAcrossTheArming(t *testing.T) {
	build := func(lost bool) *hist {
		b := newHist()
		b.h.Settings.Watchdog = 5000
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 5000, "A").section(a, -1, 60)
		i := b.renew("A", 1.67, 1.671, 9.0, "not-renewed", "A") // first run at 1.671, re-sent
		b.h.Store[len(b.h.Store)-1].TTL = 5000
		b.sample(4.8, "renew/0", scriptOf(model.CallRenew), 5000, "A") // the re-send's run: the last re-arm, to 9.8 s
		b.h.Renewals[i].ExecAt, b.h.Renewals[i].ExecVirtual = serverMs(at(8.9)), at(8.9)
		if lost {
			b.net(1.7, "A", "renew/0", sim.NetReplyLost, 0, 0)
			b.net(4.81, "A", "renew/0", sim.NetReplyLost, 0, 0)
		}
		g := b.call("B", model.CallLock, 9.81, 9.9, "acquired")
		b.ran(g, 9.85, 5000, "B").section(g, -1, 12)
		return b
	}
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 1, 20)}
	runMutexCases(t, []mutexCase{
		{"its replies were lost", build(true), loss, ByDesign, "fault:loss"},
		{"none of its messages lost", build(false), loss, Bug, "bug:no-renewal"},
	})
}

// 3.8.1's renewal sends its lock object's internalLockLeaseTime as it is
// when the task fires, and its completion schedules the next renewal a
// third of the field as it is then (R8:RedissonLock.java:260-268, 239-253).
// A renewal sent with another call's kept lease (6315 ms: the client's
// lease-kept note at its send) that a fault held up (write retries while
// the master was down) until the field was the watchdog's again re-arms
// the hold short and schedules the next renewal 10 s later, past the
// expiry: the fault is the mechanism (rlock-3.8.1 failover seed 3448).
// Without a fault on the renewal, or with the field still kept at its
// completion (the next renewal due in time), it stays the kept lease's.
func TestMutexKeptLeaseRenewalHeldUp(t *testing.T) {
	build := func(doneNote bool) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 60)
		i := b.renew("A", 10, 14.5, 14.5005, "renewed", "A")
		b.h.Renewals[i].ScriptLease = 6315
		b.h.Store[len(b.h.Store)-1].TTL = 6315
		b.h.Flaws.Add(model.FlawAt{At: at(10), Proc: "cA", Owner: "A", Flaw: "lease-kept"})
		if doneNote {
			b.h.Flaws.Add(model.FlawAt{At: b.h.Renewals[i].End, Proc: "cA", Owner: "A", Flaw: "lease-kept"})
		}
		g := b.call("B", model.CallLock, 20.7, 20.9, "acquired")
		b.ran(g, 20.82, 30000, "B").section(g, -1, 30)
		return b
	}
	crash := []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 7, 20)}
	runMutexCases(t, []mutexCase{
		{"a master crash held the renewal up", build(false), crash, ByDesign, "fault:master-crash"},
		{"no fault on the renewal", build(false), []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 1, 2)}, Bug, "bug:kept-lease"},
		{"no fault at all", build(false), nil, Bug, "bug:kept-lease"},
		{"the field was still kept at its completion", build(true), crash, Bug, "bug:kept-lease"},
	})
}

// A fenced thread's lock(16.724 s), which lockAndGetToken dropped: its
// client sent the lock object's kept lease (6868 ms, an earlier
// acquisition's, not the watchdog's timeout) and started the watchdog
// (RedissonFencedLock.java:76-78, 89, 96). It re-entered with a lease,
// whose unlock took the watchdog's only count; the last renewal ran
// before, and the hold expired 30 s later (fencedlock-4.7.0 all seed 363,
// --timeout 500ms --retry-attempts 1 --retry-interval 200ms). The client's
// note of the dropped lease makes the outer hold a watchdog hold; with no
// note, nothing tells what the kept lease was.
func TestMutexFencedDroppedLeaseKeptUnderWatchdog(t *testing.T) {
	build := func(noted bool) *hist {
		b := newHist()
		b.h.Settings.UnlockCancelsRenewal = true
		a := b.call("A", model.CallLock, 0, 0.12, "acquired")
		b.h.Ops[a].Lease, b.h.Ops[a].ScriptLease = 16724, 6868
		b.ran(a, 0.005, 6868, "A").section(a, 16724, 60)
		if noted {
			b.h.Flaws.Add(model.FlawAt{At: at(0), Proc: "cA", Owner: "A", Flaw: "fenced-lease-dropped"})
		}
		l := b.reenter("A", model.CallTryLockWait, 0.12, 0.79, "acquired")
		b.lease(l, 31432).ran(l, 0.125, 31432, "A")
		b.h.Sections[0].Lease, b.h.Sections[0].Rearmed = 31432, at(0.125)
		u := b.reenter("A", model.CallUnlock, 0.84, 1.38, "released")
		b.ran(u, 0.845, 31432, "A")
		b.renew("A", 0.9, 0.94, 1.0, "renewed", "A")
		g := b.call("B", model.CallLock, 30.5, 31.1, "acquired")
		b.ran(g, 30.95, 30000, "B").section(g, -1, 35)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the dropped lease sent the kept one: a watchdog hold", build(true), nil, Bug, "bug:lease-under-watchdog"},
		{"no note of the dropped lease", build(false), nil, Bug, "bug:no-renewal"},
	})
}

// A 4.7.0 thread's lock() took the lock at 0.1 s; the WAIT counted no
// replica, so handleNoSync's unlock undid that grant at 1.2 s, and
// ServiceManager.execute repeated the acquire, granted at 1.5 s. It
// re-entered twice, and one unlock() ran twice (2.0 s, then 3.2 s after a
// WAIT that counted no replica), its 700 ms latch expired in between,
// each run taking a count; its last unlock deleted the hold it believed
// it kept (rlock-4.7.0 failover seed 592, --timeout 500ms
// --retry-attempts 1 --retry-interval 200ms). The grant the call undid
// before it returned was never the thread's: the double count-down is
// the mechanism.
func TestMutexUnlockCountedTwiceAfterUndoneGrant(t *testing.T) {
	b := newHist()
	b.h.Settings.UnlockLatch = true
	b.h.Settings.UnlockLatchMax, b.h.Settings.UnlockRepeatMin = 700, 1200
	a := b.call("A", model.CallLock, 0, 1.6, "acquired")
	b.ran(a, 0.1, 30000, "A")
	b.sample(1.2, "op/0", scriptOf(model.CallUnlock), -2)
	b.ran(a, 1.5, 30000, "A").section(a, -1, 60)
	b.h.Sections[0].StoreHolds = 3
	u := b.call("A", model.CallUnlock, 2, 3.5, "released")
	b.ran(u, 2.0, 30000, "A")
	b.ran(u, 3.2, 30000, "A")
	last := b.call("A", model.CallUnlock, 4, 4.1, "released")
	b.ran(last, 4.05, -2)
	b.version("4.7.0")
	g := b.call("B", model.CallLock, 4.9, 5, "acquired")
	b.ran(g, 4.95, 30000, "B").section(g, -1, 40)
	runMutexCases(t, []mutexCase{
		{"the latch expired between the runs", b, nil, Bug, "bug:latch-expired"},
	})
}

// A 4.7.0 thread's tryLock took the lock at 0.3 s; the WAIT counted no
// replica, so handleNoSync's unlock undid it (run at 1.3 s), but its
// reply came after the response timeout and RedisExecutor re-sent it
// (noted at 1.5 s). The late reply completed the undo, execute repeated
// the acquire (granted at 3.4 s), and the re-sent undo ran at 3.5 s, its
// 700 ms latch long expired, and deleted the new hold (rlock-4.7.0 all
// seed 405, --timeout 500ms --retry-attempts 1 --retry-interval 200ms).
// Without the re-send, or with a new undo made in between (each notes
// requeue: its own request id, its own latch), the rule says nothing.
func TestMutexAcquireUndoResentAfterLatch(t *testing.T) {
	build := func(resent, again bool) *hist {
		b := newHist()
		b.h.Settings.UnlockLatch = true
		b.h.Settings.UnlockLatchMax, b.h.Settings.UnlockRepeatMin = 700, 1200
		a := b.call("A", model.CallTryLockWait, 0, 3.6, "acquired")
		b.ran(a, 0.3, 30000, "A")
		b.h.Flaws.Add(model.FlawAt{At: at(1.0), Proc: "cA", Owner: "A", Flaw: "requeue"})
		b.sample(1.3, "op/0", scriptOf(model.CallUnlock), -2)
		if resent {
			b.h.Flaws.Add(model.FlawAt{At: at(1.5), Proc: "cA", Owner: "A", Flaw: "resend"})
		}
		if again {
			b.h.Flaws.Add(model.FlawAt{At: at(3.0), Proc: "cA", Owner: "A", Flaw: "requeue"})
		}
		b.ran(a, 3.4, 30000, "A").section(a, -1, 60)
		b.sample(3.5, "op/0", scriptOf(model.CallUnlock), -2)
		b.version("4.7.0")
		g := b.call("B", model.CallLock, 4.9, 5, "acquired")
		b.ran(g, 4.95, 30000, "B").section(g, -1, 40)
		return b
	}
	runMutexCases(t, []mutexCase{
		{"the re-sent undo ran after its latch expired", build(true, false), nil, Bug, "bug:latch-expired"},
		{"no re-send", build(false, false), nil, Bug, "bug:deleted-by-own"},
		{"a new undo in between", build(true, true), nil, Bug, "bug:deleted-by-own"},
	})
}

// A took the lock with a lease of 20 s and re-entered it at 1 s with
// tryLock(wait) and a lease of 1 s, whose script ran at once: the
// re-entrant branch's pexpire cut the hold to 1 s
// (R16:RedissonLock.java:204-207), and it ran out at 2 s while the call
// was still open (its reply not back yet). The lease the call asked ran
// out: by design, or the pause that held A's process stopped then. A
// re-entry that threw before the expiry told the thread it did not count:
// no fault struck it, so that stays a bug. Under a watchdog hold (lock()
// without a lease) the open re-entry is judged as one that returned:
// lease-under-watchdog, as the history checks name a counted one.
func TestMutexOpenReentryLeaseRanOut(t *testing.T) {
	build := func(end float64, outcome string) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.lease(a, 20000).ran(a, 0.005, 20000, "A").section(a, 20000, 10)
		if end == 0 { // the watchdog's hold
			b.h.Ops[a].Lease, b.h.Ops[a].ScriptLease = -1, 30000
			b.h.Store[0].TTL = 30000
			b.h.Sections[0].Lease, b.h.Sections[0].OuterLease = -1, -1
			end = -1
		}
		r := b.reenter("A", model.CallTryLock, 1, end, outcome)
		b.lease(r, 1000).ran(r, 1, 1000, "A")
		if outcome == "error" {
			b.h.Ops[r].Err = "RedisTimeoutException"
		}
		g := b.call("B", model.CallLock, 2.9, 3.1, "acquired")
		b.ran(g, 3.05, 30000, "B").section(g, -1, 12)
		return b
	}
	pause := []sim.FaultSpan{fault(0, sim.FaultPause, "cA", 1.2, 60)}
	runMutexCases(t, []mutexCase{
		{"open re-entry, no fault", build(-1, ""), nil, ByDesign, "lease:lease"},
		{"open re-entry, its process paused", build(-1, ""), pause, ByDesign, "fault:pause"},
		{"re-entry that threw before the expiry", build(1.5, "error"), nil, Bug, "bug:acquired-uncounted"},
		{"open re-entry under a watchdog hold", build(0, ""), nil, Bug, "bug:lease-under-watchdog"},
	})
}
