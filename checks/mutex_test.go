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
	for _, tc := range []struct {
		name   string
		b      *hist
		faults []sim.FaultSpan
		class  Class
		mech   string
	}{
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
	} {
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
