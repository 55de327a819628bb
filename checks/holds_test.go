package checks

import (
	"testing"

	"github.com/locksim/locksim/model"
)

// goneHold: A's lock() ran its script at t=10 and returned at t=12; the
// store had no hold of A's when its section began.
func goneHold() *model.History {
	return &model.History{
		Ops: []model.Op{
			{Owner: "A", Lock: "L", Call: model.CallLock, Start: 5, End: 12, ExecAt: 1, ExecVirtual: 10},
		},
		Sections: []model.Section{{Owner: "A", Lock: "L", Called: 5, Start: 12, End: -1, StoreHolds: 0}},
	}
}

// A hold that is gone when its acquire returns is a bug, unless another
// owner's forceUnlock ran between the acquire's script and its return:
// forceUnlock deletes whoever's hold.
func TestHoldsGoneByForceUnlockIsByDesign(t *testing.T) {
	if v := Holds(goneHold(), nil); len(v) != 1 || v[0].Class != Bug {
		t.Fatalf("no explanation: %v", v)
	}
	h := goneHold()
	h.Ops = append(h.Ops, model.Op{Owner: "B", Lock: "L", Call: model.CallForceUnlock, Start: 9, End: 13, ExecAt: 2, ExecVirtual: 11})
	if v := Holds(h, nil); len(v) != 1 || v[0].Class != ByDesign || v[0].Excuse == "" {
		t.Fatalf("B's forceUnlock in the window: %v", v)
	}
	h = goneHold()
	h.Ops = append(h.Ops, model.Op{Owner: "B", Lock: "L", Call: model.CallForceUnlock, Start: 1, End: 3, ExecAt: 2, ExecVirtual: 2})
	if v := Holds(h, nil); len(v) != 1 || v[0].Class != Bug {
		t.Fatalf("a forceUnlock before the acquire explains nothing: %v", v)
	}
}
