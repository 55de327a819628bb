package checks

import (
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

func TestStoreInvariants(t *testing.T) {
	h := &model.History{Store: []model.StoreSample{
		{Holders: []string{"A"}, Queue: []string{"B", "C"}, Timeouts: []string{"C", "B"}},
		{Holders: []string{"A", "B"}},
		{Queue: []string{"B"}, Timeouts: []string{"B", "C"}},
		{Queue: []string{"B", "B"}, Timeouts: []string{"B"}},
	}}
	got := Store(h)
	if len(got) != 3 {
		t.Fatalf("want 3 violations (two owners, differing sets, a duplicate), got %v", got)
	}
}

func TestLiveness(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	end := model.End{At: s(300), LivenessFrom: s(180), LockType: "string", LockTTL: -1, Alive: map[string]bool{"c1": true, "c2": true}, WaitBound: 40 * sim.Second}
	h := &model.History{End: end}
	if got := Liveness(h, nil); len(got) != 1 {
		t.Fatalf("a key without TTL and no holder is a deadlock: %v", got)
	}
	h.Sections = []model.Section{{Proc: "c1", Owner: "A", End: -1}}
	if got := Liveness(h, nil); len(got) != 0 {
		t.Fatalf("a live holder may keep a key without TTL: %v", got)
	}
	// The lock is free from 150 s (its last holder's TTL ran out); A and B
	// wait in calls made in the liveness phase.
	h = &model.History{End: end,
		Store: []model.StoreSample{{At: s(140), Holders: []string{"C"}, TTL: 10000}},
		Ops: []model.Op{
			{Proc: "c1", Owner: "A", Call: model.CallLock, Start: s(190), End: -1},
			{Proc: "c2", Owner: "B", Call: model.CallLock, Start: s(250), End: -1},
			{Proc: "c2", Owner: "B", Call: model.CallLock, Start: s(100), End: -1}, // made during the faults
		}}
	h.End.LockType = "none"
	got := Liveness(h, nil)
	if len(got) != 1 || len(got[0].Actors) != 2 || got[0].Class != Bug {
		t.Fatalf("want one violation naming A and B, got %v", got)
	}
	// A waiter that died heading the fair queue explains it, by the crash
	// that killed it.
	h.Store = append(h.Store, model.StoreSample{At: s(160), Queue: []string{"D"}})
	h.Ops = append(h.Ops, model.Op{Proc: "c3", Owner: "D", Call: model.CallLock, Start: s(155), End: -1})
	if got := Liveness(h, nil); len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "dead-head" {
		t.Fatalf("a dead head waiter with no crash to blame: %v", got)
	}
	crash := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultCrash, Target: "c3", Index: 0}, Start: s(158), End: s(170)}}
	if got := Liveness(h, crash); len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Name != "crash" {
		t.Fatalf("a dead head waiter killed by a crash: %v", got)
	}
	// A lock held at the end (contention) is no liveness failure.
	h.End.LockType = "hash"
	h.End.LockTTL = 20000
	if got := Liveness(h, nil); len(got) != 0 {
		t.Fatalf("waiting on a held lock is not a liveness failure: %v", got)
	}
}

// A lock() waiting with no timeout on a free lock (#5503) is a bug; the
// same wait on a held lock is not (yet) one.
// A fair lock's bound is one a run can reach: the lease and the network
// margin, threadWaitTime for each queue entry that is no live waiter, and
// the sleep of each live waiter's last ttl; a lock free beyond that while
// a live waiter waits is a bug.
func TestLivenessFairBound(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	mk := func(queue []string, lastTTL int64, extra ...model.Op) *model.History {
		return &model.History{
			End:   model.End{At: s(300), LivenessFrom: s(180), LockType: "none", LockTTL: -2, Alive: map[string]bool{"c1": true}, WaitBound: 40 * sim.Second, ThreadWait: 300 * sim.Second},
			Store: []model.StoreSample{{At: s(190), Holders: []string{"B"}, TTL: 10000, Queue: queue}},
			Ops:   append([]model.Op{{Proc: "c1", Owner: "A", Call: model.CallLock, Start: s(185), End: -1, LastTTL: lastTTL, LastTTLAt: s(190)}}, extra...),
		}
	}
	if got := Liveness(mk([]string{"A"}, 10000), nil); len(got) != 1 || got[0].Class != Bug || got[0].At != s(240) {
		t.Fatalf("a live head waiter on a lock free from 200 s: want a bug at 240 s, got %v", got)
	}
	if got := Liveness(mk([]string{"A"}, 200000), nil); len(got) != 0 {
		t.Fatalf("a waiter told to sleep 200 s (the queue ahead of it then) may: %v", got)
	}
	dead := model.Op{Proc: "c9", Owner: "D", Call: model.CallLock, Start: s(100), End: -1}
	if got := Liveness(mk([]string{"D", "A"}, 10000, dead), nil); len(got) != 0 {
		t.Fatalf("a dead entry ahead keeps its place for threadWaitTime: %v", got)
	}
}

func TestLivenessUntimedWait(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	h := &model.History{
		End:   model.End{At: s(300), LivenessFrom: s(180), LockType: "none", LockTTL: -2, Alive: map[string]bool{"c1": true}, WaitBound: 400 * sim.Second},
		Store: []model.StoreSample{{At: s(200), Holders: []string{"B"}, TTL: 5000}},
		Ops:   []model.Op{{Proc: "c1", Owner: "A", Call: model.CallLock, Start: s(150), End: -1, Untimed: true}},
	}
	got := Liveness(h, nil)
	if len(got) != 1 || got[0].Class != Bug || got[0].At != s(205) {
		t.Fatalf("want one bug from the lock's release at 205 s, got %v", got)
	}
	h.End.LockType, h.End.LockTTL = "hash", 20000
	if got := Liveness(h, nil); len(got) != 0 {
		t.Fatalf("an untimed wait on a held lock is not yet a failure: %v", got)
	}
}

func TestFIFO(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	op := func(owner, proc string, queued, end float64, evicted bool) model.Op {
		return model.Op{Proc: proc, Owner: owner, Call: model.CallLock, Start: s(queued), QueuedAt: s(queued), QueuePos: 1, End: s(end), Outcome: "acquired", Evicted: evicted, EvictedAt: s(queued + 1), Wait: -1, ExecAt: -1}
	}
	// B queued a second after A and got the lock first; both held it (the
	// store shows B's hold), so it is an overtake.
	held := []model.StoreSample{{At: s(5), Holders: []string{"B"}, TTL: 30000}, {At: s(10), Holders: []string{"A"}, TTL: 30000}}
	h := &model.History{Ops: []model.Op{op("A", "c1", 1, 10, false), op("B", "c2", 2, 5, false)}, Store: held}
	if got := FIFO(h, nil); len(got) != 1 || got[0].Class != Bug || got[0].Actors[0] != "A" {
		t.Fatalf("B overtook A: %v", got)
	}
	// The master granted A first (its script ran at 4 s, B's at 5 s); only
	// A's reply came back later: no overtake.
	grantedA := append([]model.StoreSample{{At: s(4), Holders: []string{"A"}, TTL: 30000}}, held...)
	granted := &model.History{Ops: []model.Op{op("A", "c1", 1, 10, false), op("B", "c2", 2, 5, false)}, Store: grantedA}
	granted.Ops[0].ExecAt, granted.Ops[0].ExecVirtual = 1, s(4)
	granted.Ops[1].ExecAt, granted.Ops[1].ExecVirtual = 1, s(5)
	if got := FIFO(granted, nil); len(got) != 0 {
		t.Fatalf("A was granted first, its reply came back after B's: %v", got)
	}
	// A's last run came first but left it without the lock (3.8.1's lock()
	// returning after an interrupt, #1593): it granted nothing, B overtook.
	granted.Store = held
	if got := FIFO(granted, nil); len(got) != 1 {
		t.Fatalf("A's run granted it nothing: %v", got)
	}
	granted.Store = grantedA
	granted.Ops[0].ExecVirtual = s(6)
	if got := FIFO(granted, nil); len(got) != 1 {
		t.Fatalf("B was granted first: %v", got)
	}
	skew := func(amount sim.Duration) []sim.FaultSpan {
		return []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultClockSkew, Target: "c2", Amount: amount, Index: -1}, Start: 0, End: s(300)}}
	}
	if got := FIFO(h, skew(3*sim.Second)); len(got) != 1 || got[0].Class != ByDesign {
		t.Fatalf("a clock off by more than their 1 s margin explains it: %v", got)
	}
	if got := FIFO(h, skew(100*sim.Millisecond)); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("a clock off by less than their margin explains nothing: %v", got)
	}
	h = &model.History{Ops: []model.Op{op("A", "c1", 1, 10, true), op("B", "c2", 2, 5, false), op("C", "c3", 3, 12, false)}, Store: held}
	if got := FIFO(h, nil); len(got) != 0 {
		t.Fatalf("an evicted waiter, and waiters served in order, are no FIFO violation: %v", got)
	}
	// A, evicted while its lock() waited, lost its place with nothing to
	// explain it.
	if got := Evicted(h, nil); len(got) != 1 || got[0].Actors[0] != "A" || got[0].Class != Bug {
		t.Fatalf("A was evicted while it waited: %v", got)
	}
	// Under the fair queue's budget arithmetic (3.16.8, 4.7.0), a lock()
	// waiter evicted after a grant ahead (B's section began after it
	// queued), or after waiting threadWaitTime in the queue, was outwaited
	// by the holds ahead (#3004); evicted sooner with no grant, it was not.
	h.Settings = model.Settings{Redisson: true, Fair: true, FairQueueBudget: true, ThreadWaitTime: 10000}
	for i := range h.Ops {
		h.Ops[i].FairWait = 10000 // lock(): threadWaitTime
	}
	// the master's grant to B (the lock free, then B's): counted whether
	// or not B's call returned with it
	grantAt := func(x float64) []model.StoreSample {
		return []model.StoreSample{{At: s(0.2), TTL: -2}, {At: s(x), Tag: "op/1", Holders: []string{"B"}, TTL: 30000}, {At: s(5), Tag: "op/1", Holders: []string{"B"}, TTL: 30000}}
	}
	h.Store = grantAt(1.5)
	if got := Evicted(h, nil); len(got) != 1 || got[0].Mech.Name != "outwaited" {
		t.Fatalf("A was evicted after B's grant ahead of it: %v", got)
	}
	// B's grant came from a tryLock(wait) that sent its own 2 s wait: that
	// wait came off A's timeout (fair-wait), not threadWaitTime
	h.Ops[1].Call, h.Ops[1].Wait, h.Ops[1].FairWait = model.CallTryLockWait, 2000, 2000
	if got := Evicted(h, nil); len(got) != 1 || got[0].Mech.Name != "evicted-live" {
		t.Fatalf("a short tryLock wait queued with A moved its timeout: %v", got)
	}
	h.Ops[1].Call, h.Ops[1].Wait, h.Ops[1].FairWait = model.CallLock, -1, 10000
	// a caller's fair-wait path taken in the window: that flaw names it
	h.Flaws.Add(model.FlawAt{At: s(0.8), Proc: "c3", Owner: "C", Flaw: "fair-wait"})
	if got := Evicted(h, nil); len(got) != 1 || got[0].Mech.Name != "evicted-live" {
		t.Fatalf("a short wait's path was taken before A was evicted: %v", got)
	}
	h.Flaws = model.FlawLog{}
	h.Store = grantAt(0.5)
	if got := Evicted(h, nil); len(got) != 1 || got[0].Mech.Name != "evicted-live" {
		t.Fatalf("no grant while A was queued, evicted 1 s in, under 10 s of threadWaitTime: %v", got)
	}
	h.Settings.ThreadWaitTime = 1000
	for i := range h.Ops {
		h.Ops[i].FairWait = 1000
	}
	if got := Evicted(h, nil); len(got) != 1 || got[0].Mech.Name != "outwaited" {
		t.Fatalf("A waited its 1 s of threadWaitTime in the queue: %v", got)
	}
	h.Settings.FairQueueBudget = false // 3.8.1's arithmetic: its score drift
	if got := Evicted(h, nil); len(got) != 1 || got[0].Mech.Name != "evicted-live" {
		t.Fatalf("3.8.1's eviction is not the budget's: %v", got)
	}
	h.Settings, h.Store = model.Settings{}, held
	// A tryLock(wait) evicted after its own wait ran out had no claim left.
	h.Ops[0].Call, h.Ops[0].Wait = model.CallTryLockWait, 500
	if got := Evicted(h, nil); len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Name != "wait-ran-out" {
		t.Fatalf("A's wait had run out: %v", got)
	}
}

func TestExpiry(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	held := func(at float64, owners ...string) model.StoreSample {
		return model.StoreSample{At: s(at), Holders: owners, TTL: 1000}
	}
	crashed := model.Section{Proc: "c1", Owner: "A", Lease: -1, Called: s(0), Start: s(0.1), End: s(10), Ended: "crash", StoreHolds: 1}
	h := &model.History{Sections: []model.Section{crashed}, Store: []model.StoreSample{held(5, "A"), held(39, "A")}}
	if got := Expiry(h, nil); len(got) != 0 {
		t.Fatalf("gone within 30 s of the crash is fine: %v", got)
	}
	h.Store = append(h.Store, held(45, "A"))
	if got := Expiry(h, nil); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("still held 35 s after the crash: %v", got)
	}
	// The watchdog's lease is the run's lockWatchdogTimeout: with 60 s, a
	// renewal just before the crash keeps the hold 60 s after it.
	h.Settings.Watchdog = 60000
	if got := Expiry(h, nil); len(got) != 0 {
		t.Fatalf("gone within 60 s of the crash under a 60 s lockWatchdogTimeout: %v", got)
	}
	h.Store = append(h.Store, held(75, "A"))
	if got := Expiry(h, nil); len(got) != 1 || got[0].At != s(75) {
		t.Fatalf("still held 65 s after the crash under a 60 s lockWatchdogTimeout: %v", got)
	}
	leased := model.Section{Proc: "c1", Owner: "B", Lease: 5000, Called: s(0), Start: s(0.1), End: s(2), Ended: "unlock", StoreHolds: 1}
	h = &model.History{Sections: []model.Section{leased}, Store: []model.StoreSample{held(1, "B"), held(7, "B")}}
	if got := Expiry(h, nil); len(got) != 1 {
		t.Fatalf("a 5 s lease still held at 7 s: %v", got)
	}
	live := model.Section{Proc: "c1", Owner: "C", Lease: -1, Called: s(0), Start: s(0.1), End: -1, StoreHolds: 1}
	h = &model.History{Sections: []model.Section{live}, Store: []model.StoreSample{held(1, "C"), held(20), held(21, "C")}}
	if got := Expiry(h, nil); len(got) != 1 || got[0].At != s(20) {
		t.Fatalf("a live watchdog holder lost its hold at 20 s: %v", got)
	}
	// An explicit lease: the hold may go once the lease ran out (the
	// margin covers the sampling), not before.
	lease20 := model.Section{Proc: "c1", Owner: "D", Lease: 20000, Called: s(0), Granted: s(0), Start: s(0.1), End: -1, StoreHolds: 1}
	h = &model.History{Sections: []model.Section{lease20}, Store: []model.StoreSample{held(1, "D"), held(4), held(30)}}
	if got := Expiry(h, nil); len(got) != 1 || got[0].At != s(4) || got[0].Class != Bug {
		t.Fatalf("a 20 s lease lost at 4 s under its open section: %v", got)
	}
	h.Store = []model.StoreSample{held(1, "D"), held(19.5), held(30)}
	if got := Expiry(h, nil); len(got) != 0 {
		t.Fatalf("a 20 s lease gone at 19.5 s (within the sampling margin of its end): %v", got)
	}
}

// X's call was granted at 5 s, ahead of Y (queued at 2 s, granted at
// 6 s); the master then crashed and the promoted replica, which had not
// received the grants, still had both in its queue. X's next call found
// its old entry and kept the place taken at 1 s, so it looks overtaken
// by Y's earlier grant: the failover that brought the entry back is the
// mechanism, not a late request of X's that took its place.
func TestFIFOPlaceRestoredByFailover(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	build := func(failover bool) *model.History {
		smp := func(at float64, tag string, holders []string, queue ...string) model.StoreSample {
			return model.StoreSample{At: s(at), Node: "redis-0", Tag: tag, Script: "RedissonFairLock.tryLockInnerAsync.EVAL_LONG", Holders: holders, TTL: 30000, Queue: queue}
		}
		op := func(owner string, start, queued, end, ran float64) model.Op {
			return model.Op{Proc: "c1", Owner: owner, Call: model.CallLock, Start: s(start), QueuedAt: s(queued), QueuePos: 1, End: s(end),
				Outcome: "acquired", Wait: -1, ExecAt: 1, ExecVirtual: s(ran)}
		}
		h := &model.History{Ops: []model.Op{op("X", 1, 1, 5, 5), op("Y", 2, 2, 6, 6), op("X", 6.2, 7.1, 9, 9)}}
		h.Ops[2].QueueKept, h.Ops[2].KeptSince = true, s(1)
		h.Store = []model.StoreSample{
			smp(1, "op/0", []string{"Z"}, "X"), smp(2, "op/1", []string{"Z"}, "X", "Y"),
			smp(5, "op/0", []string{"X"}, "Y"), smp(6, "op/1", []string{"Y"}),
		}
		restored := smp(7, "", nil, "X", "Y")
		if failover {
			restored.Script, restored.Node, restored.Epoch = becameMaster, "redis-1", 1
		} else {
			restored.Tag = "op/2"
		}
		h.Store = append(h.Store, restored, smp(9, "op/2", []string{"X"}, "Y"))
		return h
	}
	crash := []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 6.5, 30)}
	if got := FIFO(build(true), crash); len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Label() != "fault:master-crash" {
		t.Fatalf("the failover brought X's entry back: %v", got)
	}
	if got := FIFO(build(false), nil); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("no failover: %v", got)
	}
}

// A lock() call that ended (a lost reply failed it) left its place in the
// fair queue; the thread's next lock() kept that place and its first
// script found it stale. The place was the earlier call's while it
// lasted: the fault that struck that call, and its wait, are what the
// eviction is judged by, not the new call's first millisecond.
func TestEvictedInAKeptPlace(t *testing.T) {
	b := newHist()
	b.h.Settings.Fair = true
	early := b.call("A", model.CallLock, 1, 20, "error")
	late := b.call("A", model.CallLock, 22, 30, "acquired")
	for _, i := range []int{early, late} {
		op := &b.h.Ops[i]
		op.QueuePos, op.QueuedAt, op.FairWait = 1, op.Start, 10000
	}
	op := &b.h.Ops[late]
	op.QueuedAt, op.QueueKept, op.KeptSince = at(22.001), true, at(1)
	op.Evicted, op.EvictedAt = true, at(22.001)
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 10, 30)}
	if got := Evicted(&b.h, loss); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("no fault struck either call: %v", got)
	}
	b.net(15, "A", "op/0", sim.NetReplyLost, 0, 0)
	if got := Evicted(&b.h, loss); len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Kind != MechFault {
		t.Fatalf("the earlier call that held the place lost a reply: %v", got)
	}
	// under the budget arithmetic, a grant ahead while the place was
	// held (since 1 s, not since the new call's 22 s) fits it
	b.h.Net = nil
	b.h.Settings.FairQueueBudget, b.h.Settings.ThreadWaitTime = true, 10000
	b.h.Ops = append(b.h.Ops, model.Op{Proc: "cB", Owner: "B", Call: model.CallLock, Start: at(4.9), End: at(5.1), Outcome: "error"})
	b.sample(0.5, "", "RedissonFairLock.unlockInnerAsync", -2)
	b.sample(5, "op/2", "RedissonFairLock.tryLockInnerAsync", 30000, "B")
	if got := Evicted(&b.h, loss); len(got) != 1 || got[0].Mech.Name != "outwaited" {
		t.Fatalf("a grant ahead while the kept place was held: %v", got)
	}
	// the earlier call was a tryLock(wait) that sent its own wait: not
	// the budget's arithmetic
	b.h.Ops[early].Call, b.h.Ops[early].Wait, b.h.Ops[early].FairWait = model.CallTryLockWait, 2000, 2000
	if got := Evicted(&b.h, loss); len(got) != 1 || got[0].Mech.Name != "evicted-live" {
		t.Fatalf("the place was taken with a 2 s wait: %v", got)
	}
}

// A's lock() was interrupted at 40 s; its last try, sent before, ran
// after the call had returned, found A's entry stale and queued A again
// behind B. A's next lock() kept that place and was granted after B:
// the overtake is the earlier call's eviction, judged by its own wait
// (a lost reply of its), not by the later call's.
func TestFIFOEvictedByAnEndedCall(t *testing.T) {
	b := newHist()
	b.h.Settings.Fair = true
	early := b.call("A", model.CallLock, 1, 40, "error")
	other := b.call("B", model.CallLock, 5, 50, "acquired")
	late := b.call("A", model.CallLock, 45, 60, "acquired")
	b.sample(1, "op/0", "RedissonFairLock.tryLockInnerAsync", 30000, "C")
	b.sample(5, "op/1", "RedissonFairLock.tryLockInnerAsync", 30000, "C")
	b.sample(40.001, "op/0", "RedissonFairLock.tryLockInnerAsync", 30000, "C")
	b.sample(50, "op/1", "RedissonFairLock.tryLockInnerAsync", 30000, "B")
	b.sample(60, "op/2", "RedissonFairLock.tryLockInnerAsync", 30000, "A")
	for i, q := range [][]string{{"A"}, {"A", "B"}, {"B", "A"}, {"A"}, nil} {
		b.h.Store[i].Queue = q
	}
	for _, i := range []int{early, other, late} {
		op := &b.h.Ops[i]
		op.QueuePos, op.QueuedAt = 1, op.Start
	}
	b.h.Ops[other].QueuePos = 2
	op := &b.h.Ops[late]
	op.QueuedAt, op.QueuePos, op.QueueKept, op.KeptSince = at(45.001), 2, true, at(1)
	loss := []sim.FaultSpan{fault(0, sim.FaultLoss, "network", 10, 30)}
	b.net(15, "A", "op/0", sim.NetReplyLost, 0, 0)
	got := FIFO(&b.h, loss)
	if len(got) != 1 || got[0].Class != ByDesign || got[0].Mech.Kind != MechFault {
		t.Fatalf("the call whose try re-queued A lost a reply while it waited: %v", got)
	}
	b.h.Net = nil
	if got := FIFO(&b.h, loss); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("nothing struck the call that lost the place: %v", got)
	}
	// that call was a tryLock(wait) whose 2 s wait had run out: its
	// place was no longer claimed
	b.h.Ops[early].Call, b.h.Ops[early].Wait = model.CallTryLockWait, 2000
	if got := FIFO(&b.h, loss); len(got) != 1 || got[0].Mech.Name != "wait-ran-out" {
		t.Fatalf("the call that lost the place had given up its claim: %v", got)
	}
}

// 3.8.1's renewal listener removes the lock name's entry whatever task
// made it: a renewal of A's earlier chain failed (t=3.6) after A's next
// lock() had put its own task's entry there (t=1.2), so the unlock of
// that hold (t=4) cancelled nothing, and the task, scheduled at 1.2,
// renewed A's next hold, taken with a 7914 ms lease, at 11.2 (seed 5182
// of fairlock-3.8.1, preset failover). Without the note, or with the
// unlock done before the entry was removed (it cancelled the task), it
// stays renewed-past-lease.
func TestExpiryUncancelledRenewalTask(t *testing.T) {
	build := func(noteAt, unlockEnd float64) *hist {
		b := newHist()
		l := b.call("A", model.CallLock, 1.2, 1.21, "acquired")
		b.ran(l, 1.205, 30000, "A").section(l, -1, 2.5)
		u := b.call("A", model.CallUnlock, 2.5, unlockEnd, "released")
		b.ran(u, unlockEnd-0.001, -2)
		if noteAt >= 0 {
			b.h.Flaws.Add(model.FlawAt{At: at(noteAt), Proc: "cA", Owner: "A", Flaw: "renewal-removes-other-entry"})
		}
		a := b.call("A", model.CallLock, 4.1, 4.11, "acquired")
		b.lease(a, 7914).ran(a, 4.105, 7914, "A").section(a, 7914, -1)
		b.renew("A", 11.2, 11.2, 11.21, "renewed", "A")
		b.h.Store[len(b.h.Store)-1].TTL = 7914
		b.sample(13.7, "", "", 5414, "A")
		return b
	}
	got := Expiry(&build(3.6, 4).h, nil)
	if len(got) != 1 || got[0].Mech.Name != "uncancelled-renewal" {
		t.Fatalf("a task whose entry a failed renewal removed: %v", got)
	}
	for _, c := range []struct {
		name string
		b    *hist
	}{{"no note", build(-1, 4)}, {"the unlock cancelled the task first", build(3.6, 3.5)}} {
		if got := Expiry(&c.b.h, nil); len(got) != 1 || got[0].Mech.Name != "renewed-past-lease" {
			t.Fatalf("%s: %v", c.name, got)
		}
	}
}

// 3.8.1's unlockAsync cancels the renewal only when the script answered
// 1: A's tryLock() (1.0, no lease) started a watchdog on a hold A's
// thread no longer counted, its unlock (1.1) answered 0 and cancelled
// nothing, and the chain went on: each renewal's task scheduled when the
// one before completed, the first when the tryLock() returned. It renewed
// A's next hold, taken with a 3518 ms lease at 2.0, past that lease (seed
// 6471 of fairlock-3.8.1, preset failover). Without the note, with a
// chain the section's own acquire began, or with one whose scheduling is
// not known, it stays renewed-past-lease.
func TestExpiryPartialUnlockKeepsTheTask(t *testing.T) {
	build := func(note bool, root float64) *hist {
		b := newHist()
		l := b.call("A", model.CallTryLock, 1.0, 1.01, "acquired")
		b.ran(l, 1.005, 30000, "A")
		u := b.call("A", model.CallUnlock, 1.1, 1.11, "released")
		b.ran(u, 1.105, 2531, "A")
		if note {
			b.h.Flaws.Add(model.FlawAt{At: at(1.11), Proc: "cA", Owner: "A", Flaw: "partial-unlock-keeps-renewal"})
		}
		a := b.call("A", model.CallTryLockWait, 2.0, 2.01, "acquired")
		b.lease(a, 3518).ran(a, 2.005, 3518, "A").section(a, 3518, -1)
		last := b.chain("A", 3518, at(root), 2.853, 4.03, 5.21, 6.39)
		b.sample(7.5, "", "", last.ExecAt+3518-serverMs(at(7.5)), "A")
		return b
	}
	got := Expiry(&build(true, 1.01).h, nil)
	if len(got) != 1 || got[0].Mech.Name != "partial-unlock-renewal" || got[0].Mech.From != at(1.11) {
		t.Fatalf("a chain the partial unlock did not cancel: %v", got)
	}
	for _, c := range []struct {
		name string
		b    *hist
	}{{"no note", build(false, 1.01)}, {"the section's own acquire began the chain", build(true, 2.01)}, {"the chain's scheduling not known", build(true, -1)}} {
		if got := Expiry(&c.b.h, nil); len(got) != 1 || got[0].Mech.Name != "renewed-past-lease" {
			t.Fatalf("%s: %v", c.name, got)
		}
	}
}

// 3.8.1's renewal listener reschedules the watchdog whenever its renewal
// answered 1: A's tryLock() (1.0, no lease) started a 2 s watchdog, whose
// renewal, sent at 1.66, renewed that hold at once, but its answer came
// only at 3.2 (a slow network), after A's unlock (2.51) had released the
// hold and cancelled the watchdog; the listener rescheduled it all the
// same, with the lock object's lease, 12835 ms since A's next acquire
// (2.9) took the lock with it, and the chain renewed that hold past its
// lease (seed 892 of rlock-3.8.1, preset net, watchdog 2 s). Without the
// note, with the answer before the unlock (the unlock cancelled the
// rescheduled task), or with the renewal sent after the unlock, it stays
// renewed-past-lease.
func TestExpiryRevivedRenewalTask(t *testing.T) {
	build := func(note bool, sent, answered float64) *hist {
		b := newHist()
		b.h.Settings.Watchdog = 2000
		l := b.call("A", model.CallTryLock, 1.0, 1.01, "acquired")
		b.ran(l, 1.005, 2000, "A").section(l, -1, 2.5)
		r := b.renew("A", sent, sent+0.001, answered, "renewed", "A")
		b.h.Renewals[r].Scheduled = at(1.01)
		u := b.call("A", model.CallUnlock, 2.5, 2.51, "released")
		b.ran(u, 2.505, -2)
		if note {
			b.h.Flaws.Add(model.FlawAt{At: at(answered), Proc: "cA", Owner: "A", Flaw: "renewal-revived"})
		}
		a := b.call("A", model.CallTryLockWait, 2.9, 2.91, "acquired")
		b.lease(a, 12835).ran(a, 2.905, 12835, "A").section(a, 12835, -1)
		last := b.chain("A", 12835, at(answered), answered+4.278, answered+8.556, answered+12.834)
		b.sample(17, "", "", last.ExecAt+12835-serverMs(at(17)), "A")
		return b
	}
	got := Expiry(&build(true, 1.66, 3.2).h, nil)
	if len(got) != 1 || got[0].Mech.Name != "revived-renewal" || got[0].Mech.From != at(3.2) {
		t.Fatalf("a watchdog the late answer of a renewal revived: %v", got)
	}
	for _, c := range []struct {
		name string
		b    *hist
	}{{"no note", build(false, 1.66, 3.2)}, {"answered before the unlock", build(true, 1.66, 2.4)}, {"sent after the unlock", build(true, 2.6, 3.2)}} {
		if got := Expiry(&c.b.h, nil); len(got) != 1 || got[0].Mech.Name != "renewed-past-lease" {
			t.Fatalf("%s: %v", c.name, got)
		}
	}
}

// A queued first (40.53 s) and the master granted it first: its try sent
// at 43.992 s, held up 3.6 s by a slow network past the 3 s response
// timeout, ran at 47.597 s and left A holding, but the client had
// failed that attempt and re-sent it, and dropped the grant's reply. A
// forceUnlock deleted the grant (47.756 s), B was granted (47.834 s), and
// A's re-send queued it again (seed 6594 of fairlock-3.16.8, preset net).
// The fault that kept the grant from A is the mechanism; a request held
// up less than the response timeout, or no grant of A's call before B's,
// leaves the overtake unexplained.
func TestFIFOGrantUnheard(t *testing.T) {
	slow := []sim.FaultSpan{fault(3, sim.FaultSlowNet, "network", 39.702, 40.737)}
	build := func(sent float64, granted bool) *hist {
		b := newHist()
		b.h.Settings.Fair, b.h.Settings.Timeout = true, 3000
		a := b.call("A", model.CallLock, 40.529, 123.015, "acquired")
		y := b.call("B", model.CallLock, 44.58, 47.834, "acquired")
		b.queued(a, 1, 40.53).queued(y, 2, 44.58)
		b.net(sent, "A", opTag(a), sim.NetDelayed, 3400*sim.Millisecond, 3)
		if granted {
			b.sample(47.597, opTag(a), "RedissonFairLock.tryLockInnerAsync", 30000, "A")
		}
		b.sample(47.756, "", "RedissonFairLock.forceUnlockAsync", -2)
		b.ran(y, 47.834, 30000, "B")
		b.sample(120, "", "RedissonFairLock.forceUnlockAsync", -2)
		b.ran(a, 123.015, 30000, "A")
		return b
	}
	got := FIFO(&build(43.992, true).h, slow)
	if len(got) != 1 || got[0].Mech.Kind != MechFault || got[0].Mech.Name != "slow-net" {
		t.Fatalf("A's grant came first and a slow network kept it from A: %v", got)
	}
	for _, c := range []struct {
		name string
		b    *hist
	}{{"held up less than the timeout", build(45.0, true)}, {"no grant of A's call", build(43.992, false)}} {
		if got := FIFO(&c.b.h, slow); len(got) != 1 || got[0].Class != Bug {
			t.Fatalf("%s: %v", c.name, got)
		}
	}
}

// The same overtake where A's try ran in time and granted it (47.597 s),
// but the reply, sent when the synced batch's WAIT answered (47.9 s), was
// held up 3 s, past the call's re-send, which ran at 50.6 s and queued A
// again: the client had failed the attempt and dropped the grant's reply
// (seed 561 of fairlock-4.7.0, preset all, timeout 500 ms, one retry). A
// reply that came before the re-send ran explains nothing.
func TestFIFOGrantReplyHeldPastTheResend(t *testing.T) {
	slow := []sim.FaultSpan{fault(3, sim.FaultSlowNet, "network", 39.702, 40.737)}
	build := func(delay sim.Duration) *hist {
		b := newHist()
		b.h.Settings.Fair, b.h.Settings.Timeout = true, 500
		a := b.call("A", model.CallLock, 40.529, 123.015, "acquired")
		y := b.call("B", model.CallLock, 44.58, 47.834, "acquired")
		b.queued(a, 1, 40.53).queued(y, 2, 44.58)
		b.sample(47.597, opTag(a), "RedissonFairLock.tryLockInnerAsync", 30000, "A")
		b.net(47.9, "A", opTag(a), sim.NetDelayed, delay, 3)
		b.sample(47.756, "", "RedissonFairLock.forceUnlockAsync", -2)
		b.ran(y, 47.834, 30000, "B")
		b.sample(50.6, opTag(a), "RedissonFairLock.tryLockInnerAsync", 27234, "B")
		b.sample(120, "", "RedissonFairLock.forceUnlockAsync", -2)
		b.ran(a, 123.015, 30000, "A")
		return b
	}
	if got := FIFO(&build(3*sim.Second).h, slow); len(got) != 1 || got[0].Mech.Kind != MechFault || got[0].Mech.Name != "slow-net" {
		t.Fatalf("A's grant came first and its reply came after the re-send: %v", got)
	}
	if got := FIFO(&build(sim.Second).h, slow); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("a reply before the re-send ran: %v", got)
	}
}

// B held the lock (granted at 9.46 s) and called tryLock(wait) again: its
// first send was held up past the response timeout, the re-send found B
// holding and answered at 10.16 s (a reentrant grant), and the first send
// ran at 11.75 s, after the call had returned and B had unlocked, and
// queued B at the tail (seed 229 of fairlock-3.16.8, preset net, timeout
// 500 ms, one retry). A, queued at 9.95 s, was not overtaken: B's call
// took no place before its grant. The same call with its place taken
// before its reply (9.96 s) overtook A.
func TestFIFOPlaceTakenAfterTheCallReturned(t *testing.T) {
	build := func(queued float64) *hist {
		b := newHist()
		b.h.Settings.Fair = true
		first := b.call("B", model.CallLock, 9.4, 9.46, "acquired")
		b.ran(first, 9.46, 30000, "B")
		a := b.call("A", model.CallLock, 9.947, 10.9, "acquired")
		again := b.call("B", model.CallTryLockWait, 9.46, 10.161, "acquired")
		b.ran(again, 10.161, 9587, "B")
		b.sample(10.5, "", "RedissonFairLock.unlockInnerAsync", -2)
		b.ran(a, 10.9, 30000, "A")
		b.h.Ops[a].QueuePos, b.h.Ops[a].QueuedAt = 1, at(9.947)
		b.h.Ops[again].QueuePos, b.h.Ops[again].QueuedAt, b.h.Ops[again].Wait = 2, at(queued), 1998
		return b
	}
	if got := FIFO(&build(11.745).h, nil); len(got) != 0 {
		t.Fatalf("B's place was taken by its first send after the call had returned: %v", got)
	}
	if got := FIFO(&build(9.96).h, nil); len(got) != 1 || got[0].Class != Bug || got[0].Actors[0] != "A" {
		t.Fatalf("B queued behind A and was granted first: %v", got)
	}
}

// TestCrashedHoldRearmedByRetriedUnlock: A held with lock(24308 ms) and
// re-entered with tryLock() (the watchdog's); its unlock of the inner hold
// re-armed its lock object's lease, 24308 ms, its own, and its WAIT
// counted no replica, so 4.7.0 sent it again, with the field its
// cancelExpirationRenewal(threadId, null) had reset to the watchdog's
// 2000 ms (R47:RedissonLock.java:327-331), and the repeat found its latch.
// The process crashed. The hold lived 24308 ms from the first send's run,
// the lease A's own unlock armed: no violation, though the call's last
// command carried 2000.
func TestCrashedHoldRearmedByRetriedUnlock(t *testing.T) {
	build := func(earlier bool) *model.History {
		b := newHist()
		b.h.Settings.Watchdog = 2000
		outer := b.call("A", model.CallLock, 0, 0.1, "acquired")
		b.lease(outer, 24308).ran(outer, 0.05, 24308, "A")
		inner := b.reenter("A", model.CallTryLockWait, 0.1, 0.15, "acquired")
		b.h.Ops[inner].ScriptLease = 24308 // 4.7.0 sends internalLockLeaseTime
		b.ran(inner, 0.12, 24308, "A")
		b.section(outer, -1, 5)
		s := &b.h.Sections[0]
		s.OuterLease, s.Ended = 24308, "crash"
		u := b.reenter("A", model.CallUnlock, 2, -1, "")
		b.h.Ops[u].ScriptLease = 24308
		b.ran(u, 2, 24308, "A")
		b.h.Ops[u].ScriptLease = 2000 // the repeat's, which found the latch
		if earlier {
			b.h.Ops[u].EarlierLeases = []int64{24308}
		}
		other := b.call("B", model.CallTryLockWait, 16, 16.1, "not-acquired")
		b.ran(other, 16, 24308-14000, "A")
		return &b.h
	}
	if got := Expiry(build(true), nil); len(got) != 0 {
		t.Fatalf("the hold lived the lease A's own unlock armed: %v", got)
	}
	got := Expiry(build(false), nil)
	if len(got) != 1 || got[0].Class != Bug || got[0].Mech.Name != "rearmed-by-unlock" {
		t.Fatalf("a re-arm longer than every lease the unlock carried is not A's own: %v", got)
	}
}
