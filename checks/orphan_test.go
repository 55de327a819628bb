package checks

import (
	"testing"

	"github.com/locksim/locksim/model"
)

// orphanHistory: A's lock() failed at t=10 (its acquire ran anyway); the
// watchdog renewal sent at t=20 and run at t=21 answered renewed.
func orphanHistory() *model.History {
	return &model.History{
		Ops: []model.Op{
			{Owner: "A", Proc: "c1", Call: model.CallLock, Start: 5, End: 10, Outcome: "error", ScriptLease: 30000},
		},
		Renewals: []model.Op{
			{Owner: "A", Proc: "c1", Call: model.CallRenew, Start: 20, End: 22, ExecAt: 1, ExecVirtual: 21, Outcome: "renewed"},
		},
	}
}

func TestOrphanRenewalOfALockNobodyHolds(t *testing.T) {
	v := Orphan(orphanHistory())
	if len(v) != 1 || v[0].Property != "orphan" || v[0].Class != Bug || v[0].Actors[0] != "A" {
		t.Fatalf("violations: %v", v)
	}
}

func TestOrphanNotWhileTheThreadHoldsOrCalls(t *testing.T) {
	h := orphanHistory()
	h.Sections = []model.Section{{Owner: "A", Start: 15, End: -1}}
	if v := Orphan(h); len(v) != 0 {
		t.Fatalf("a renewal of an open section: %v", v)
	}
	h = orphanHistory()
	h.Ops = append(h.Ops, model.Op{Owner: "A", Call: model.CallUnlock, Start: 19, End: 20})
	if v := Orphan(h); len(v) != 0 {
		t.Fatalf("a renewal sent while the thread was still unlocking (the stale one's race): %v", v)
	}
	h = orphanHistory()
	h.Renewals[0].Outcome = "not-renewed"
	if v := Orphan(h); len(v) != 0 {
		t.Fatalf("a renewal that found no hold: %v", v)
	}
}
