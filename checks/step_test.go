package checks

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/sim"
)

// fakeView is a state handed to the step judge by hand.
type fakeView struct {
	beliefs []Belief
	holds   []int64
	faults  PathFaults
	repl    bool
}

func (v *fakeView) Threads() int             { return len(v.beliefs) }
func (v *fakeView) Belief(th int) Belief     { return v.beliefs[th] }
func (v *fakeView) ThreadName(th int) string { return string(rune('A' + th)) }
func (v *fakeView) StoreHolds(th int) int64  { return v.holds[th] }
func (v *fakeView) HoldGone(th int) bool     { return v.holds[th] == 0 }
func (v *fakeView) Faults() PathFaults       { return v.faults }
func (v *fakeView) Replicated() bool         { return v.repl }

// keptLeaseHold is a lock() whose acquire armed its lock object's kept
// lease of 10 s (another thread's lock(10 s) set it), not the watchdog's.
func keptLeaseHold() Belief {
	b := NewBelief()
	b.Call(false, false, true)
	b.AcquireRan(-1, 10000, 30000)
	b.See(true)
	b.Return(true, -1, false, false)
	return b
}

func holding(lease int64) Belief {
	b := NewBelief()
	b.Call(false, false, true)
	b.See(true) // its acquire took the lock
	b.Return(true, lease, false, false)
	return b
}

// TestStepStateMechanisms: two threads that believe they hold the lock
// are a bug unless a lease that ran out, a fault on the path or a
// forceUnlock() explains it — and a crash alone does not.
func TestStepStateMechanisms(t *testing.T) {
	expired := holding(100)
	expired.Advance(100)
	forced := NewBelief()
	forced.Call(false, true, false)
	// lock(), then lock(10 s) inside it, held past the 10 s: the outer
	// lock() promised the hold until unlock (the catalogue's
	// lease-under-watchdog; unresolved here, a bug)
	reentered := holding(-1)
	reentered.Call(false, false, true)
	reentered.RearmedBy(false, 10000, 30000)
	reentered.Return(true, 10000, false, false)
	reentered.Advance(10000)
	reentered.Lapsed(false)
	// lock(20 s), then tryLock(1 s) inside it, whose script ran (the
	// re-entrant pexpire cut the hold to 1 s) and whose reply had not come
	// back when the 1 s ran out: the lease the call asked ran out
	openReentry := holding(20000)
	openReentry.Call(false, false, true)
	openReentry.AcquireRan(1000, 1000, 30000)
	openReentry.Advance(1000)
	for _, c := range []struct {
		name  string
		view  fakeView
		label string
	}{
		{"an open re-entry's lease ran out", fakeView{beliefs: []Belief{openReentry, holding(-1)}, holds: []int64{0, 1}}, "lease:lease"},
		{"no cause", fakeView{beliefs: []Belief{holding(-1), holding(-1)}, holds: []int64{1, 0}}, "bug:two-holders"},
		{"a crash is not a cause", fakeView{beliefs: []Belief{holding(-1), holding(-1)}, holds: []int64{1, 0}, faults: PathFaults{Crash: true}}, "bug:two-holders"},
		{"a pause and a lost message", fakeView{beliefs: []Belief{holding(-1), holding(-1)}, holds: []int64{1, 0}, faults: PathFaults{Pause: true, Drop: true}}, "fault:pause+drop"},
		{"a lease ran out", fakeView{beliefs: []Belief{expired, holding(-1)}, holds: []int64{0, 1}, faults: PathFaults{Pause: true}}, "lease:lease"},
		{"a re-entry's lease ran out under a watchdog hold", fakeView{beliefs: []Belief{reentered, holding(-1)}, holds: []int64{0, 1}}, "bug:lease-under-watchdog"},
		{"forceUnlock()", fakeView{beliefs: []Belief{holding(-1), holding(-1), forced}, holds: []int64{0, 1, 0}}, "contract:force-unlock"},
	} {
		t.Run(c.name, func(t *testing.T) {
			vs := StepState(&c.view)
			if len(vs) == 0 || vs[0].Property != "mutex" || vs[0].Mech.Label() != c.label || vs[0].Class != vs[0].Mech.Class() {
				t.Fatalf("got %v, want a mutex violation [%s]", vs, c.label)
			}
		})
	}
}

// TestStepReturnedHolds: an acquire that returns while the store counts
// more holds than the thread is an acquire that ran twice (a cause the
// catalogue resolves), unless an earlier call threw; fewer is a hold
// gone, explained only by a fault on the path.
func TestStepReturnedHolds(t *testing.T) {
	ret := StepReturn{Call: "lock()", Acquires: true, OK: true}
	b := holding(-1)
	v := &fakeView{beliefs: []Belief{b}, holds: []int64{2}}
	if vs := StepReturned(v, 0, ret); len(vs) != 1 || vs[0].Mech.Label() != "bug:extra-hold" {
		t.Fatalf("extra hold: %v", vs)
	}
	b.HadError = true
	v.beliefs[0] = b
	if vs := StepReturned(v, 0, ret); len(vs) != 1 || vs[0].Class != ByDesign || vs[0].Mech.Name != "earlier-call-threw" {
		t.Fatalf("phantom hold: %v", vs)
	}
	v = &fakeView{beliefs: []Belief{holding(-1)}, holds: []int64{0}}
	if vs := StepReturned(v, 0, ret); len(vs) != 1 || vs[0].Mech.Label() != "bug:not-in-store" {
		t.Fatalf("missing hold: %v", vs)
	}
	v.faults.Delay = true
	if vs := StepReturned(v, 0, ret); len(vs) != 1 || vs[0].Mech.Label() != "fault:delay" {
		t.Fatalf("missing hold after a delay: %v", vs)
	}
	v = &fakeView{beliefs: []Belief{holding(-1)}, holds: []int64{1}}
	if vs := StepReturned(v, 0, ret); len(vs) != 0 {
		t.Fatalf("counts agree: %v", vs)
	}
}

// TestBeliefCrash: a crashed holder's hold must go within its lease, the
// watchdog's timeout when it had none, and a key lives through its
// expiry millisecond.
func TestBeliefCrash(t *testing.T) {
	b := holding(-1)
	b.Crash(30000, 10000)
	if b.CrashLeft != 30001 || b.Held != 0 {
		t.Fatalf("watchdog hold: %+v", b)
	}
	b.Advance(30001)
	v := &fakeView{beliefs: []Belief{b}, holds: []int64{1}}
	if vs := StepState(v); len(vs) != 1 || vs[0].Mech.Label() != "bug:outlived" {
		t.Fatalf("outlived: %v", vs)
	}
	// a watchdog hold with a re-entry's lease inside: the re-entry and
	// its unlock re-arm the hold with that lease, but the watchdog keeps
	// it, so it goes within the watchdog's timeout
	inner := holding(-1)
	inner.Call(false, false, true)
	inner.Return(true, 10000, false, false)
	inner.Advance(9999)
	inner.Call(true, false, false)
	inner.Return(false, -1, false, false)
	longer := inner
	inner.Crash(30000, 10000)
	if inner.CrashLeft != 30001 {
		t.Fatalf("a watchdog hold after an inner lease: %+v", inner)
	}
	// under a 5 s lockWatchdogTimeout, the re-entry's 10 s lease (and its
	// unlock's re-arm with it) outlasts the watchdog's
	longer.Crash(5000, 10000)
	if longer.CrashLeft != 10001 {
		t.Fatalf("a 5 s watchdog hold after an inner 10 s lease: %+v", longer)
	}
	// the re-entry's acquire ran, and the process crashed before its
	// reply: the hold was re-armed with the 10 s lease all the same
	ran := holding(-1)
	ran.Call(false, false, true)
	ran.AcquireRan(10000, 10000, 5000)
	ran.Advance(100)
	ran.Crash(5000, 0)
	if ran.CrashLeft != 9901 {
		t.Fatalf("a 5 s watchdog hold re-armed by a re-entry's run with 10 s: %+v", ran)
	}
	idle := NewBelief()
	idle.Crash(30000, 10000)
	if idle.CrashLeft != -1 {
		t.Fatalf("a thread that held nothing has no hold to outlive: %+v", idle)
	}
}

// TestStepStateUnseenHold: a hold taken with a lease and gone from the
// store while its thread relies on it is another's deletion (a bug), but
// not when the store never had it: a call that returned the lock without
// taking it (3.8.1's lock() after an interrupt) is a holds violation,
// not an expiry. Seeing the hold at any state of the acquiring call
// counts: seed 003's DEL may delete it before the reply arrives.
func TestStepStateUnseenHold(t *testing.T) {
	gone := func(b Belief) []Violation {
		return StepState(&fakeView{beliefs: []Belief{b}, holds: []int64{0}})
	}
	if vs := gone(holding(5000)); len(vs) != 1 || vs[0].Mech.Label() != "bug:deleted-by-other" {
		t.Fatalf("a hold the store had, gone: %v", vs)
	}
	never := NewBelief()
	never.Call(false, false, true)
	never.See(false) // its acquire answered a ttl: another holds the lock
	never.Return(true, 5000, false, false)
	never.See(false)
	if vs := gone(never); len(vs) != 0 {
		t.Fatalf("a hold never in the store is not deleted: %v", vs)
	}
	raced := NewBelief()
	raced.Call(false, false, true)
	raced.See(true)  // its SET took the lock
	raced.See(false) // another's DEL deleted it before the reply
	raced.Return(true, 5000, false, false)
	raced.See(false)
	if vs := gone(raced); len(vs) != 1 || vs[0].Mech.Label() != "bug:deleted-by-other" {
		t.Fatalf("a hold deleted before its reply arrived: %v", vs)
	}
	// 3.8.1: lock() returned after an interrupt without the lock; the
	// next call threw and its acquire, going on, took the lock: that hold
	// is not the one the belief rests on, and when it runs out the hold
	// was never lost (not a watchdog that failed to renew).
	later := NewBelief()
	later.Call(false, false, true)
	later.See(false)
	later.Return(true, -1, false, false)
	later.Call(false, false, true) // lock(10 s), interrupted: throws at once
	later.Return(false, -1, true, false)
	later.See(true) // its detached acquire takes the lock
	later.Expired = true
	later.See(false) // ... for 10 s
	if !later.Unseen || lostCause(later) != "not-held" {
		t.Fatalf("a later call's hold counts as the belief's: %+v, cause %s", later, lostCause(later))
	}
	again := never
	again.Call(true, false, false)
	again.Return(false, -1, false, false)
	again.See(false)
	if again.Unseen {
		t.Fatalf("a thread out of its calls holding nothing keeps Unseen: %+v", again)
	}
}

// TestStepStoreAndFairGrant: the store's invariants are the history
// check's (the same words), and a fair acquire may grant only the live
// head.
func TestStepStoreAndFairGrant(t *testing.T) {
	st := sim.NewStore()
	st.SetTime(1000)
	st.Do("HSET", "lock", "a:1", "1", "b:1", "1")
	st.Do("RPUSH", "q", "c:1", "c:1")
	st.Do("ZADD", "t", "5000", "c:1")
	vs := StepStore(st, "lock", "q", "t")
	if len(vs) != 2 || !strings.Contains(vs[0].Detail, "the lock hash has 2 owners") || !strings.Contains(vs[1].Detail, "c:1 is queued twice") {
		t.Fatalf("got %v", vs)
	}
	before := sim.NewStore()
	before.SetTime(1000)
	before.Do("RPUSH", "q", "a:1", "b:1")
	before.Do("ZADD", "t", "900", "a:1", "5000", "b:1")
	after := before.Clone()
	after.Do("HSET", "lock", "c:1", "1")
	if d := StepFairGrant(before, after, "lock", "q", "t", "c:1", 1000, sim.Reply{Kind: sim.KindNil}); !strings.Contains(d, "c:1 was granted the lock while b:1 headed the queue") {
		t.Fatalf("grant past the live head b:1 (a:1's timeout passed): %q", d)
	}
	if d := StepFairGrant(before, after, "lock", "q", "t", "b:1", 1000, sim.Reply{Kind: sim.KindNil}); d != "" {
		t.Fatalf("the live head may take the lock: %q", d)
	}
}

// TestStepLostHoldCauses: a hold gone while its thread relied on it is
// named by what the driver saw — a stale renewal on its way when the hold
// began, or the watchdog's hold running out of time — so the catalogue
// can resolve it; with neither it is only "not-held", a bug.
func TestStepLostHoldCauses(t *testing.T) {
	unlock := StepReturn{Call: "unlock()", Unlock: true, Threw: true, ErrKind: "not-held"}
	for _, c := range []struct {
		name  string
		hold  func() Belief
		cause string
	}{
		{"nothing seen", func() Belief { return holding(-1) }, "not-held"},
		{"a stale renewal on its way", func() Belief {
			b := NewBelief()
			b.Call(false, false, true)
			b.See(true)
			b.Return(true, -1, false, true)
			return b
		}, "stale-renewal"},
		{"the watchdog's hold ran out", func() Belief { b := holding(-1); b.Lapsed(false); return b }, "no-renewal"},
		{"a re-entry's lease re-armed the watchdog's hold short", func() Belief {
			b := holding(-1)
			b.RearmedBy(false, 10000, 30000) // its interrupted lock(10 s) ran
			b.Lapsed(false)
			return b
		}, "lease-under-watchdog"},
		{"a renewal since re-armed it for the watchdog", func() Belief {
			b := holding(-1)
			b.RearmedBy(false, 10000, 30000)
			b.RearmedBy(true, 30000, 30000)
			b.Lapsed(false)
			return b
		}, "no-renewal"},
		{"a re-entry's lease ran out inside it, under the watchdog's hold", func() Belief {
			b := holding(-1)
			b.Call(false, false, true)
			b.RearmedBy(false, 10000, 30000) // lock(10 s) ran
			b.Return(true, 10000, false, false)
			b.Advance(10000)
			b.Lapsed(false)
			return b
		}, "lease-under-watchdog"},
		{"a re-entry's unlock cancelled the renewal the outer hold needed", func() Belief {
			b := holding(-1)
			b.Call(false, false, true)
			b.RearmedBy(false, 60000, 30000) // lock(60 s): not short
			b.Return(true, 60000, false, false)
			b.Call(true, false, false)
			b.Return(false, -1, false, false)
			b.RearmedBy(true, 30000, 30000) // a renewal, then none
			b.Advance(60000)
			b.Lapsed(false)
			return b
		}, "lease-under-watchdog"},
		{"a lock() that armed its lock object's kept lease", func() Belief {
			b := keptLeaseHold()
			b.Advance(10000)
			b.Lapsed(false)
			return b
		}, "kept-lease"},
		{"a renewal with the watchdog's timeout since re-armed it", func() Belief {
			b := keptLeaseHold()
			b.RearmedBy(true, 30000, 30000)
			b.Lapsed(false)
			return b
		}, "no-renewal"},
		{"3.8.1's watchdog scheduled a third of a longer kept lease later", func() Belief {
			b := holding(-1)
			b.RearmedBy(true, 2000, 2000) // a 2 s watchdog's renewal
			b.Lapsed(true)                // the next one 10 s / 3 later
			return b
		}, "kept-lease"},
		{"a 3.8.1 renewal that re-armed the kept lease", func() Belief {
			b := holding(-1)
			b.RearmedBy(true, 10000, 30000)
			b.Lapsed(false)
			return b
		}, "kept-lease"},
		{"a lock(lease) after the watchdog's hold ran out took a fresh lock", func() Belief {
			b := holding(-1)
			b.Lapsed(false)
			b.Call(false, false, true)
			b.RearmedBy(false, 10000, 30000) // the fresh lock's lease
			b.AcquireRan(10000, 10000, 30000)
			b.Return(true, 10000, false, false)
			b.RearmedBy(true, 30000, 30000) // a renewal of the fresh lock
			return b
		}, "no-renewal"},
		{"a renewal of the fresh lock taken after a kept lease ran out", func() Belief {
			b := keptLeaseHold()
			b.Lapsed(false)
			b.Call(false, false, true)
			b.AcquireRan(10000, 10000, 30000)
			b.Return(true, 10000, false, false)
			b.RearmedBy(true, 30000, 30000) // it renews the fresh lock
			return b
		}, "kept-lease"},
		{"an explicit lease ran out is not a missing renewal", func() Belief { b := holding(5000); b.Lapsed(false); return b }, "not-held"},
		{"a new hold forgets the last one's", func() Belief {
			b := holding(-1)
			b.Lapsed(false)
			b.Call(true, false, false)
			b.Return(false, -1, true, false)
			b.Call(false, false, true)
			b.See(true)
			b.Return(true, -1, false, false)
			return b
		}, "not-held"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := c.hold()
			b.Call(true, false, false)
			b.Return(false, -1, true, false)
			v := &fakeView{beliefs: []Belief{b}, holds: []int64{0}}
			if vs := StepReturned(v, 0, unlock); len(vs) != 1 || vs[0].Mech.Name != c.cause || vs[0].Class != Bug {
				t.Fatalf("got %v, want the bug named %s", vs, c.cause)
			}
		})
	}
}

// TestRenewSentResend: a renewal the watchdog sent while its thread held
// the lock stays that when the command executor re-sends it after a
// response timeout, even once the thread has unlocked (4.7.0's re-sent
// chunk re-arms a phantom hold once: not an orphan); one first sent
// while the thread held nothing stays an orphan's through its re-sends.
func TestRenewSentResend(t *testing.T) {
	b := holding(-1)
	if b.RenewSent(false, false) {
		t.Fatal("a renewal sent while holding is an orphan's")
	}
	b.Call(true, false, false)
	b.Return(false, -1, false, false)
	if b.RenewSent(true, false) {
		t.Fatal("its re-send after the unlock is an orphan's")
	}
	if !b.RenewSent(false, false) {
		t.Fatal("a renewal first sent while holding nothing is not an orphan's")
	}
	b.Call(false, false, true)
	if !b.RenewSent(true, false) {
		t.Fatal("its re-send, once the thread calls again, is not an orphan's")
	}
	// sent while an interrupted unlock of the thread goes on: that
	// unlock's completion takes the renewal off, so it is a stale one
	idle := NewBelief()
	if idle.RenewSent(false, true) {
		t.Fatal("a renewal sent while an interrupted unlock goes on is an orphan's")
	}
}

// TestLeaseRunsFromTheAcquire: a lock(10 s) whose acquire ran at 0 and
// whose reply a WAIT held up a second has 9 s of its lease left when it
// returns; the hold gone 9 s later is the lease run out, not a hold
// deleted by another before its lease ran out.
func TestLeaseRunsFromTheAcquire(t *testing.T) {
	b := NewBelief()
	b.Call(false, false, true)
	b.AcquireRan(10000, 10000, 30000)
	b.See(true)
	b.Advance(1000) // the WAIT
	b.Return(true, 10000, false, false)
	if b.LeaseLeft != 9000 || b.RunLeft != 0 {
		t.Fatalf("lease left %d ms (run left %d), want 9000 (0)", b.LeaseLeft, b.RunLeft)
	}
	b.Advance(9000)
	v := &fakeView{beliefs: []Belief{b, holding(-1)}, holds: []int64{0, 1}}
	vs := StepState(v)
	if len(vs) != 1 || vs[0].Property != "mutex" || vs[0].Mech.Label() != "lease:lease" {
		t.Fatalf("got %v, want only the mutex its lease's end explains", vs)
	}
	// a call that asked no lease notes none
	w := NewBelief()
	w.Call(false, false, true)
	w.AcquireRan(-1, 30000, 30000)
	if w.RunLeft != 0 {
		t.Fatalf("a watchdog acquire noted a lease: %d", w.RunLeft)
	}
}

// TestFreshLockAfterALapse: a thread whose watchdog hold ran out and
// whose lock(10 s) then took a fresh lock (the script cannot tell it from
// a re-entry) unlocks it: the store holds nothing while the thread counts
// its outer hold. That is the lapse's loss (no-renewal, which the
// catalogue resolves by the path that stopped the watchdog), not a lease
// hold another's command deleted before its lease ran out.
func TestFreshLockAfterALapse(t *testing.T) {
	b := holding(-1)
	b.Lapsed(false)
	b.Call(false, false, true)
	b.AcquireRan(10000, 10000, 30000)
	b.Return(true, 10000, false, false)
	b.Call(true, false, false)
	b.Return(false, -1, false, false)
	if b.Held != 1 || b.LeaseLeft != -1 {
		t.Fatalf("held %d, lease left %d: want the outer watchdog hold (1, -1)", b.Held, b.LeaseLeft)
	}
	v := &fakeView{beliefs: []Belief{b}, holds: []int64{0}}
	if vs := StepState(v); len(vs) != 0 {
		t.Fatalf("got %v, want no expiry finding for the fresh lock's own unlock", vs)
	}
	unlock := StepReturn{Call: "unlock()", Unlock: true, Threw: true, ErrKind: "not-held"}
	b.Call(true, false, false)
	b.Return(false, -1, true, false)
	v.beliefs[0] = b
	if vs := StepReturned(v, 0, unlock); len(vs) != 1 || vs[0].Mech.Name != "no-renewal" {
		t.Fatalf("got %v, want the lapse's no-renewal", vs)
	}
}
