package checks

import (
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// fencedHistory: A holds from t=0; its lease runs out and B is granted the
// lock at t=50 (B's acquire script ran then, B returned at 52); A, paused,
// writes again at staleAt.
func fencedHistory(staleAt sim.Time, bWritesAt sim.Time) *model.History {
	h := &model.History{
		Ops: []model.Op{
			{Owner: "A", Lock: "L", Call: model.CallLock, Start: 0, End: 2, ExecAt: 1, ExecVirtual: 1},
			{Owner: "B", Lock: "L", Call: model.CallLock, Start: 40, End: 52, ExecAt: 50, ExecVirtual: 50},
		},
		Sections: []model.Section{
			{Owner: "A", Lock: "L", Called: 0, Granted: 0, Start: 2, End: 200, Ended: "unlock"},
			{Owner: "B", Lock: "L", Called: 40, Granted: 40, Start: 52, End: 300, Ended: "unlock"},
		},
		Writes: []model.Write{
			{Owner: "A", Lock: "L", At: 2, Token: -1},
			{Owner: "B", Lock: "L", At: bWritesAt, Token: -1},
			{Owner: "A", Lock: "L", At: staleAt, Token: -1},
		},
	}
	return h
}

func TestFencingRejectsAStaleWriteAfterTheNewerHolderWrote(t *testing.T) {
	v, f := Fenced(fencedHistory(100, 52), nil)
	if len(v) != 0 {
		t.Fatalf("violations: %v", v)
	}
	if f.Writes != 3 || f.Stale != 1 || f.Rejected != 1 {
		t.Fatalf("fencing: %+v", f)
	}
}

// Before the newer holder's first write the resource cannot know its
// token: the stale write gets through, and that is the violation.
func TestFencingCannotStopAStaleWriteInItsWindow(t *testing.T) {
	v, f := Fenced(fencedHistory(51, 120), nil)
	if f.Stale != 1 || f.Rejected != 0 {
		t.Fatalf("fencing: %+v", f)
	}
	if len(v) != 1 || v[0].Property != "fenced" || v[0].Class != ByDesign || v[0].Actors[0] != "A" || v[0].Actors[1] != "B" {
		t.Fatalf("violations: %v", v)
	}
}

func TestFencingHasNothingToDoWithoutOverlap(t *testing.T) {
	h := fencedHistory(30, 60)
	h.Sections[0].End = 30
	v, f := Fenced(h, nil)
	if len(v) != 0 || f.Stale != 0 || f.Writes != 3 {
		t.Fatalf("violations %v fencing %+v", v, f)
	}
}

// withTokens gives the writes of fencedHistory the lock's own tokens: A's
// a, B's b.
func withTokens(h *model.History, a, b int64) *model.History {
	for i := range h.Writes {
		h.Writes[i].Token = a
		if h.Writes[i].Owner == "B" {
			h.Writes[i].Token = b
		}
	}
	return h
}

func TestFencingWithTheLocksOwnTokens(t *testing.T) {
	v, f := Fenced(withTokens(fencedHistory(100, 52), 7, 8), nil)
	if len(v) != 0 || !f.Real || f.Stale != 1 || f.Rejected != 1 || f.Refused != 0 {
		t.Fatalf("violations %v fencing %+v", v, f)
	}
	v, _ = Fenced(withTokens(fencedHistory(51, 120), 7, 8), nil)
	if len(v) != 1 || v[0].Class != ByDesign || v[0].Kind != "" {
		t.Fatalf("the window with real tokens: %v", v)
	}
}

// A token that did not grow for the newer holder is the lock's fault: the
// stale write is accepted and the newest holder refused, a bug unless a
// failover or restart came first.
func TestFencingCatchesATokenThatWentBack(t *testing.T) {
	v, f := Fenced(withTokens(fencedHistory(100, 52), 7, 7), nil)
	if f.Rejected != 0 || len(v) != 1 || v[0].Kind != "token-repeated" || v[0].Class != Bug {
		t.Fatalf("equal tokens: violations %v fencing %+v", v, f)
	}
	v, f = Fenced(withTokens(fencedHistory(51, 120), 7, 6), nil)
	if f.Refused != 1 || len(v) != 2 || v[0].Class != Bug || v[1].Class != Bug || v[1].Actors[0] != "B" {
		t.Fatalf("lower token: violations %v fencing %+v", v, f)
	}
	// A's grant at 0 (its script ran at 1), B's at 50: a failover between
	// the two lost the counter's increments.
	failover := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, At: 45}, Start: 45, End: 60}}
	v, _ = Fenced(withTokens(fencedHistory(51, 120), 7, 6), failover)
	if len(v) != 2 || v[0].Class != ByDesign || v[1].Class != ByDesign || v[1].Mech.Name != "master-crash" {
		t.Fatalf("after a failover between the grants: %v", v)
	}
	later := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, At: 60}, Start: 60, End: 70}}
	v, _ = Fenced(withTokens(fencedHistory(51, 120), 7, 6), later)
	if len(v) != 2 || v[0].Class != Bug {
		t.Fatalf("a failover after both grants explains nothing: %v", v)
	}
}

// Two holders with the same token cannot be told apart by the resource:
// it accepts both.
func TestFencingCatchesARepeatedToken(t *testing.T) {
	v, _ := Fenced(withTokens(fencedHistory(130, 120), 7, 7), nil)
	if len(v) != 1 || v[0].Kind != "token-repeated" || v[0].Class != Bug {
		t.Fatalf("a repeated token: %v", v)
	}
}

// A fresh grant within a section (its hold deleted by another's
// forceUnlock, taken again by a lock() of the same thread) returns a new
// token: a stale write after that grant is judged against the new token,
// not the section's first. Here the newer holder's new token (9) is above
// the stale writer's (8) and it had not written yet: fencing's window.
func TestFencingFreshGrantWithinASection(t *testing.T) {
	b := newHist()
	a := b.call("A", model.CallLock, 0, 2, "acquired")
	b.ran(a, 1, 30000, "A").section(a, -1, 300)
	g := b.call("B", model.CallLock, 40, 52, "acquired")
	b.ran(g, 50, 30000, "B").section(g, -1, 300)
	f := b.call("C", model.CallForceUnlock, 140, 141, "released")
	b.ran(f, 140.5, -2)
	again := b.call("B", model.CallLock, 150, 160, "acquired")
	b.ran(again, 150.5, 30000, "B")
	b.h.Writes = []model.Write{
		{Owner: "A", Lock: "L", At: at(2), Token: 4},
		{Owner: "B", Lock: "L", At: at(52), Token: 5},
		{Owner: "A", Lock: "L", At: at(155), Token: 8},
		{Owner: "B", Lock: "L", At: at(161), Token: 9},
	}
	v, _ := Fenced(&b.h, nil)
	for _, x := range v {
		if x.Class == Bug {
			t.Fatalf("a stale write below the fresh grant's token: %v", v)
		}
	}
	if len(v) == 0 || v[len(v)-1].Mech.Label() != "condition:fencing-window" {
		t.Fatalf("want fencing's window: %v", v)
	}
}

// A section's grant is its call's last run that left it holding, not its
// call's last run: a first send that ran after its re-send had granted
// the lock (3.16.8's resend-acquire, #4822) and found it taken is not the
// grant, and would put the section's tokens after later ones.
func TestFencingGrantIsTheRunThatHeld(t *testing.T) {
	h := fencedHistory(51, 120)
	h.Ops[1].ExecVirtual = 110 // the late first send
	h.Store = []model.StoreSample{
		{At: 50, Tag: "op/1", Lock: "L", Holders: []string{"B"}, TTL: 30000},
		{At: 110, Tag: "op/1", Lock: "L", Holders: []string{"A"}, TTL: 29000}, // it found the lock A's
	}
	v, f := Fenced(h, nil)
	if f.Stale != 1 || len(v) != 1 || v[0].Class != ByDesign {
		t.Fatalf("B was granted at 50: violations %v fencing %+v", v, f)
	}
}

// A section's grant ran before its call returned: a send of the call held
// up in the network that ran later (after the thread had unlocked and
// taken the lock again, re-entering that hold) is not its grant, and would
// put the section's token after the grants that came between.
func TestFencingGrantRanBeforeTheCallReturned(t *testing.T) {
	b := newHist()
	a := b.call("A", model.CallLock, 0, 2, "acquired")
	b.ran(a, 1, 30000, "A").section(a, -1, 10)
	ua := b.call("A", model.CallUnlock, 10, 10.5, "released")
	b.ran(ua, 10.2, -2)
	g := b.call("B", model.CallLock, 5, 21, "acquired")
	b.ran(g, 20, 30000, "B").section(g, -1, 30)
	ug := b.call("B", model.CallUnlock, 30, 30.5, "released")
	b.ran(ug, 30.2, -2)
	again := b.call("A", model.CallLock, 31, 32, "acquired")
	b.ran(again, 31.5, 30000, "A").section(again, -1, 50)
	// the held-up first send of A's first lock() runs now, re-entering
	// A's second hold
	b.h.Ops[a].ExecVirtual, b.h.Ops[a].ExecAt = at(40), serverMs(at(40))
	b.sample(40, "op/0", scriptOf(model.CallLock), 30000, "A")
	b.h.Writes = []model.Write{
		{Owner: "A", Lock: "L", At: at(2), Token: -1},
		{Owner: "B", Lock: "L", At: at(21), Token: -1},
		{Owner: "A", Lock: "L", At: at(32), Token: -1},
	}
	v, f := Fenced(&b.h, nil)
	if len(v) != 0 || f.Refused != 0 || f.Stale != 0 {
		t.Fatalf("A's first section was granted at 1: violations %v fencing %+v", v, f)
	}
}

// A re-entry attempt whose script took the lock afresh (A's hold had
// expired and B's come and gone) but whose call failed after it ran (its
// WAIT counted no replica: NoSyncedSlavesException) leaves a hold no call
// counted; A's next lock() re-enters it and returns a token above B's. A's
// write with it is the newest holder's, not a stale one: the grant is that
// re-entry's. A's write before it, with its first grant's token, is stale
// and rejected.
func TestFencingReentryCountsAFailedCallsGrant(t *testing.T) {
	b := newHist()
	b.h.Settings.Watchdog = 2000
	a := b.call("A", model.CallLock, 0, 2, "acquired")
	b.ran(a, 1, 2000, "A").section(a, -1, 200)
	g := b.call("B", model.CallLock, 40, 52, "acquired")
	b.ran(g, 50, 2000, "B").section(g, -1, 60)
	ug := b.call("B", model.CallUnlock, 60, 61, "released")
	b.ran(ug, 60.5, -2)
	failed := b.reenter("A", model.CallLock, 30, 71, "error")
	b.h.Ops[failed].ErrKind = "sync"
	b.ran(failed, 70, 2000, "A")
	again := b.reenter("A", model.CallLock, 71, 72, "acquired")
	b.ran(again, 71.5, 2000, "A")
	inner := b.reenter("A", model.CallUnlock, 80, 81, "released")
	b.ran(inner, 80.5, 2000, "A")
	b.h.Writes = []model.Write{
		{Owner: "A", Lock: "L", At: at(2), Token: 4},
		{Owner: "B", Lock: "L", At: at(52), Token: 5},
		{Owner: "A", Lock: "L", At: at(70.5), Token: 4},
		{Owner: "A", Lock: "L", At: at(100), Token: 7},
	}
	v, f := Fenced(&b.h, nil)
	if len(v) != 0 || f.Stale != 1 || f.Rejected != 1 || f.Refused != 0 {
		t.Fatalf("A's re-entry took the failed call's grant at 70: violations %v fencing %+v", v, f)
	}
}
