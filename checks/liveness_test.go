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
	if got := Liveness(h); len(got) != 1 {
		t.Fatalf("a key without TTL and no holder is a deadlock: %v", got)
	}
	h.Sections = []model.Section{{Proc: "c1", Owner: "A", End: -1}}
	if got := Liveness(h); len(got) != 0 {
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
	got := Liveness(h)
	if len(got) != 1 || len(got[0].Actors) != 2 || got[0].Class != Bug {
		t.Fatalf("want one violation naming A and B, got %v", got)
	}
	// A dead waiter heading the fair queue excuses it.
	h.Store = append(h.Store, model.StoreSample{At: s(160), Queue: []string{"D"}})
	if got := Liveness(h); len(got) != 1 || got[0].Class != ByDesign {
		t.Fatalf("a dead head waiter should excuse it: %v", got)
	}
	// A lock held at the end (contention) is no liveness failure.
	h.End.LockType = "hash"
	h.End.LockTTL = 20000
	if got := Liveness(h); len(got) != 0 {
		t.Fatalf("waiting on a held lock is not a liveness failure: %v", got)
	}
}

// A lock() waiting with no timeout on a free lock (#5503) is a bug; the
// same wait on a held lock is not (yet) one.
func TestLivenessUntimedWait(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	h := &model.History{
		End:   model.End{At: s(300), LivenessFrom: s(180), LockType: "none", LockTTL: -2, Alive: map[string]bool{"c1": true}, WaitBound: 400 * sim.Second},
		Store: []model.StoreSample{{At: s(200), Holders: []string{"B"}, TTL: 5000}},
		Ops:   []model.Op{{Proc: "c1", Owner: "A", Call: model.CallLock, Start: s(150), End: -1, Untimed: true}},
	}
	got := Liveness(h)
	if len(got) != 1 || got[0].Class != Bug || got[0].At != s(205) {
		t.Fatalf("want one bug from the lock's release at 205 s, got %v", got)
	}
	h.End.LockType, h.End.LockTTL = "hash", 20000
	if got := Liveness(h); len(got) != 0 {
		t.Fatalf("an untimed wait on a held lock is not yet a failure: %v", got)
	}
}

func TestFIFO(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	op := func(owner string, queued, end float64, evicted bool) model.Op {
		return model.Op{Proc: "c1", Owner: owner, Call: model.CallLock, Start: s(queued), QueuedAt: s(queued), QueuePos: 1, End: s(end), Outcome: "acquired", Evicted: evicted}
	}
	h := &model.History{Ops: []model.Op{op("A", 1, 10, false), op("B", 2, 5, false)}}
	if got := FIFO(h, nil); len(got) != 1 || got[0].Class != Bug || got[0].Actors[0] != "A" {
		t.Fatalf("B overtook A: %v", got)
	}
	skew := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultClockSkew, Target: "c1"}, Start: 0, End: s(300)}}
	if got := FIFO(h, skew); len(got) != 1 || got[0].Class != ByDesign {
		t.Fatalf("skewed clocks excuse it: %v", got)
	}
	h = &model.History{Ops: []model.Op{op("A", 1, 10, true), op("B", 2, 5, false), op("C", 3, 12, false)}}
	if got := FIFO(h, nil); len(got) != 0 {
		t.Fatalf("an evicted waiter, and waiters served in order, are no FIFO violation: %v", got)
	}
	if got := Evicted(h); len(got) != 1 || got[0].Actors[0] != "A" {
		t.Fatalf("A was evicted: %v", got)
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
