package checks

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

func ms(n int64) sim.Time { return sim.Time(n * int64(sim.Millisecond)) }

var redissonModel = model.LockOptions{Reentrant: true, ReportsNotHeld: true}

// twoHolders: A takes the lock for 30 s at server time 1000; B takes it
// at 2000 though A neither released it nor let it expire.
func twoHolders() *model.History {
	return &model.History{Ops: []model.Op{
		{Proc: "c1", Owner: "A", Lock: "L", Call: model.CallLock, Start: 0, End: ms(2), Outcome: "acquired", ExecAt: 1000, ExecVirtual: ms(1), GaveUpAt: -1, ScriptLease: 30000},
		{Proc: "c2", Owner: "B", Lock: "L", Call: model.CallLock, Start: ms(1000), End: ms(1002), Outcome: "acquired", ExecAt: 2000, ExecVirtual: ms(1001), GaveUpAt: -1, ScriptLease: 30000},
	}}
}

func TestLinearizableFindsTwoHoldersAndDrawsThem(t *testing.T) {
	faults := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultPause, Target: "c1", For: 40 * sim.Second}, Start: ms(500), End: ms(40500)}}
	v, l := Linearizable(twoHolders(), redissonModel, faults, 10*time.Second)
	if len(v) != 1 || v[0].Property != "linearizable" || v[0].Class != Bug {
		t.Fatalf("violations: %v", v)
	}
	if len(v[0].Actors) != 1 || v[0].Actors[0] != "B" {
		t.Fatalf("the call that cannot be placed should be B's: %v", v[0])
	}
	var html bytes.Buffer
	if err := l.Visualize(&html); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"pause c1", "c2 B lock"} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("visualization lacks %q", want)
		}
	}
}

func TestLinearizableAcceptsALeaseThatRanOut(t *testing.T) {
	h := twoHolders()
	h.Ops[1].ExecAt = 1000 + 30000 + 1 // past A's deadline
	if v, _ := Linearizable(h, redissonModel, nil, 10*time.Second); len(v) != 0 {
		t.Fatalf("violations: %v", v)
	}
}

func TestLinearizableExcusesAFailover(t *testing.T) {
	faults := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master"}, Start: ms(1), End: ms(2)}}
	v, _ := Linearizable(twoHolders(), redissonModel, faults, 10*time.Second)
	if len(v) != 1 || v[0].Class != ByDesign || len(v[0].Faults) != 1 {
		t.Fatalf("violations: %v", v)
	}
}

// A checker that runs out of time has proved nothing: that is a failure,
// whatever faults the run had.
func TestLinearizableUndecidedIsAFailure(t *testing.T) {
	faults := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master"}, Start: 0, End: 0}}
	v, l := Linearizable(twoHolders(), redissonModel, faults, time.Nanosecond)
	if l.Result == "Illegal" {
		t.Skip("porcupine decided within a nanosecond")
	}
	if len(v) != 1 || v[0].Class != Bug || !strings.Contains(v[0].Detail, "could not decide") {
		t.Fatalf("violations: %v", v)
	}
}
