package checks

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// A hold gone when its acquire returns is explained by what deleted it:
// another owner's forceUnlock that ran between the acquire's script and
// its return deleted it by contract; a forceUnlock before the acquire
// explains nothing.
func TestHoldsGoneByForceUnlockIsByDesign(t *testing.T) {
	build := func(forceAt float64) *hist {
		b := newHist()
		if forceAt >= 0 {
			f := b.call("B", model.CallForceUnlock, forceAt-0.001, forceAt+0.001, "released")
			b.ran(f, forceAt, -2)
		}
		a := b.call("A", model.CallLock, 5, 12, "acquired")
		b.ran(a, 10, 30000, "A").section(a, -1, -1)
		b.h.Sections[0].StoreHolds = 0
		return b
	}
	if v := Holds(&build(11).h, nil); len(v) != 1 || v[0].Class != ByDesign || v[0].Mech.Name != "force-unlock" {
		t.Fatalf("B's forceUnlock in the window: %v", v)
	}
	if v := Holds(&build(2).h, nil); len(v) != 1 || v[0].Class != Bug {
		t.Fatalf("a forceUnlock before the acquire explains nothing: %v", v)
	}
}

// A count of 2 after an earlier call of the owner ran its acquire though
// it failed is that call's doing: the fault that lost its reply explains
// it; with no fault on its messages it is a bug.
func TestHoldsAfterRetriedTimeout(t *testing.T) {
	build := func(lost bool) *hist {
		b := newHist()
		e := b.call("A", model.CallLock, 1, 4, "error")
		b.h.Ops[e].ErrKind = "timeout"
		b.ran(e, 1.001, 30000, "A")
		if lost {
			b.net(1.001, "A", "op/0", sim.NetReplyLost, 0, 0)
		}
		a := b.call("A", model.CallLock, 10, 10.5, "acquired")
		b.ran(a, 10.1, 30000, "A").section(a, -1, 20)
		b.h.Sections[0].StoreHolds = 2
		return b
	}
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 0, 5)}
	if got := Holds(&build(true).h, loss); len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Name != "loss" {
		t.Fatalf("retried timeout after a lost reply: %v", got)
	}
	if got := Holds(&build(false).h, loss); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("a loss fault that lost none of its messages explains nothing: %v", got)
	}
}

// An acquire that ran twice (a re-send after a lost reply) leaves two
// holds: a cause the catalogue names (#4822).
func TestHoldsAcquireRanTwice(t *testing.T) {
	b := newHist()
	a := b.call("A", model.CallLock, 1, 5, "acquired")
	b.ran(a, 1.001, 30000, "A").ran(a, 4.5, 30000, "A").section(a, -1, 20)
	b.h.Sections[0].StoreHolds = 2
	if got := Holds(&b.h, nil); len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "acquire-ran-twice" {
		t.Fatalf("an acquire that ran twice: %v", got)
	}
}

// An acquire whose call returned with the lock, was released, and whose
// first send then ran late (a re-send had taken the lock): the extra hold
// lies after the owner's last absence, the call's first, counted run
// before it. The late run is still the same call's second.
func TestHoldsAcquireRanTwiceAcrossARelease(t *testing.T) {
	build := func(late bool) *hist {
		b := newHist()
		a := b.call("A", model.CallTryLockWait, 1, 2, "acquired")
		b.ran(a, 1.9, 30000, "A").section(a, -1, 3)
		u := b.call("A", model.CallUnlock, 3, 3.1, "released")
		b.ran(u, 3.05, -2)
		if late {
			b.ran(a, 3.2, 30000, "A")
		}
		g := b.call("A", model.CallTryLock, 5, 5.5, "acquired")
		b.ran(g, 5.1, 30000, "A").section(g, -1, 6)
		b.h.Sections[1].StoreHolds = 2
		return b
	}
	if got := Holds(&build(true).h, nil); len(got) != 1 || got[0].Mech.Name != "acquire-ran-twice" {
		t.Fatalf("a late first send after the release: %v", got)
	}
	if got := Holds(&build(false).h, nil); len(got) != 1 || got[0].Mech.Name != "extra-hold" {
		t.Fatalf("no late run: nothing explains the count: %v", got)
	}
}

// A count of 2 after a failover that brought back a hold the old master
// had released: the promoted replica never received the release.
func TestHoldsAfterFailoverLostRelease(t *testing.T) {
	build := func(crashAt float64) (*hist, []sim.FaultSpan) {
		b := newHist()
		a := b.call("A", model.CallLock, 1, 1.1, "acquired")
		b.ran(a, 1.05, 30000, "A").section(a, -1, 2)
		u := b.call("A", model.CallUnlock, 2, 2.1, "released")
		b.ran(u, 2.05, -2)
		b.failover(3, "redis-1", 28000, "A")
		g := b.call("A", model.CallLock, 30, 30.5, "acquired")
		b.ran(g, 30.1, 30000, "A").section(g, -1, 31)
		b.h.Sections[1].StoreHolds = 2
		return b, []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", crashAt, 10)}
	}
	b, crash := build(2.5)
	if got := Holds(&b.h, crash); len(got) != 1 || got[0].Class != ByDesign || !strings.Contains(got[0].Mech.Detail, "released") {
		t.Fatalf("a failover after a release: %v", got)
	}
}

// A hold gone when its acquire returns, expired by a forward step of the
// master's clock that no later script on that master saw (it failed over
// first, seed 2925): the step is the mechanism; a step after the master
// changed struck another master and explains nothing.
func TestHoldsExpiredByStepUnseen(t *testing.T) {
	build := func() *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 5, 12, "acquired")
		b.ran(a, 10, 30000, "A").section(a, -1, -1)
		b.h.Sections[0].StoreHolds = 0
		return b
	}
	faults := func(stepAt float64) []sim.FaultSpan {
		step := fault(0, sim.FaultServerStep, "master", stepAt, stepAt)
		step.Amount = 31 * sim.Second
		return []sim.FaultSpan{step, fault(1, sim.FaultMasterCrash, "master", 11.5, 60)}
	}
	if v := Holds(&build().h, faults(11)); len(v) != 1 || v[0].Class != ByDesign || v[0].Mech.Name != "server-step" {
		t.Fatalf("a step before the failover: %v", v)
	}
	if v := Holds(&build().h, faults(11.8)); len(v) != 1 || v[0].Class != Bug {
		t.Fatalf("a step after the failover explains nothing: %v", v)
	}
}

// An unlock interrupted while it waited for its command (4.7.0's get()
// cancels only ServiceManager.execute's future): its command goes on
// without the call and runs after the thread, told the unlock failed,
// took the lock again on top of the hold. The interrupt explains the
// count of 2; with no interrupt of the thread (or one whose error is not
// the interrupt's) the lost unlock stays a bug.
func TestHoldsInterruptedUnlockRanAfterReentry(t *testing.T) {
	build := func(interrupt bool, err string) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 1, 1.5, "acquired")
		b.ran(a, 1.2, 30000, "A").section(a, -1, 10)
		u := b.call("A", model.CallUnlock, 10, 10, "error")
		b.h.Ops[u].Err, b.h.Ops[u].ErrKind, b.h.Ops[u].Nested = err, "reply", true
		r := b.call("A", model.CallLock, 10.001, 10.003, "acquired")
		b.ran(r, 10.002, 30000, "A").section(r, -1, 20)
		b.ran(u, 10.004, 30000, "A") // the detached unlock, after the re-entry
		b.h.Sections[1].StoreHolds = 2
		if interrupt {
			b.h.Interrupts = append(b.h.Interrupts, model.Interruption{At: at(10), Proc: proc("A"), Owner: "A", Fault: 0})
		}
		return b
	}
	faults := []sim.FaultSpan{fault(0, sim.FaultInterrupt, "cA", 10, 0)}
	const interrupted = "RedisException: java.lang.InterruptedException"
	if got := Holds(&build(true, interrupted).h, faults); len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Name != "interrupt" ||
		!strings.Contains(got[0].Mech.Detail, "ran only at t=10.004s") {
		t.Fatalf("an interrupted unlock that ran after the re-entry: %v", got)
	}
	if got := Holds(&build(false, interrupted).h, faults); len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "unlock-lost" {
		t.Fatalf("no interrupt of the thread explains nothing: %v", got)
	}
	if got := Holds(&build(true, "RedisException: ERR user_script:1: bad").h, faults); len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "unlock-lost" {
		t.Fatalf("an unlock that failed otherwise is not the interrupt's: %v", got)
	}
}
