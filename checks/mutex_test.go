package checks

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

func sec(proc, owner string, lease int64, called, start, end float64) model.Section {
	ms := func(s float64) sim.Time { return sim.Time(s * float64(sim.Second)) }
	e := ms(end)
	if end < 0 {
		e = -1
	}
	return model.Section{Proc: proc, Owner: owner, Lock: "myLock", Lease: lease, Called: ms(called), Start: ms(start), End: e}
}

func TestMutex(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	for _, tc := range []struct {
		name   string
		secs   []model.Section
		faults []sim.FaultSpan
		want   []Class
	}{
		{"disjoint sections", []model.Section{sec("c1", "A", -1, 0, 0.001, 5), sec("c2", "B", -1, 4, 5.001, 9)}, nil, nil},
		{"reentrant owner overlaps itself", []model.Section{sec("c1", "A", -1, 0, 0.001, 9), sec("c1", "A", -1, 1, 1.001, 2)}, nil, nil},
		{"watchdog lock overlapped with no fault", []model.Section{sec("c1", "A", -1, 0, 0.001, 40), sec("c2", "B", -1, 10, 31, 45)}, nil, []Class{Bug}},
		{"lease ran out under a slow holder", []model.Section{sec("c1", "A", 10000, 0, 0.002, 40), sec("c2", "B", -1, 9, 10.001, 45)}, nil, []Class{ByDesign}},
		{"second holder within the first's lease", []model.Section{sec("c1", "A", 10000, 0, 0.002, 40), sec("c2", "B", -1, 5, 5.001, 45)}, nil, []Class{Bug}},
		{"earlier holder paused past its renewals",
			[]model.Section{sec("c1", "A", -1, 0, 0.001, 60), sec("c2", "B", -1, 30, 31, 45)},
			[]sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultPause, Target: "c1", For: 40 * sim.Second}, Start: s(5), End: s(45)}},
			[]Class{ByDesign}},
		{"later holder resumes from a pause",
			[]model.Section{sec("c2", "B", -1, 20, 20.001, 60), sec("c1", "A", 5000, 0, 58, 70)},
			[]sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultPause, Target: "c1", For: 58 * sim.Second}, Start: s(0.0005), End: s(58)}},
			[]Class{ByDesign}},
		{"a short pause does not excuse",
			[]model.Section{sec("c1", "A", -1, 0, 0.001, 60), sec("c2", "B", -1, 30, 31, 45)},
			[]sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultPause, Target: "c1", For: 2 * sim.Second}, Start: s(5), End: s(7)}},
			[]Class{Bug}},
		{"failover in the window",
			[]model.Section{sec("c1", "A", -1, 0, 0.001, 60), sec("c2", "B", -1, 30, 31, 45)},
			[]sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master"}, Start: s(20), End: s(50)}},
			[]Class{ByDesign}},
		{"a fault after the overlap does not excuse it",
			[]model.Section{sec("c1", "A", -1, 0, 0.001, 60), sec("c2", "B", -1, 30, 31, 45)},
			[]sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master"}, Start: s(50), End: s(55)}},
			[]Class{Bug}},
		{"an interrupt of a holder's process does not excuse two holders",
			// 3.8.1's lock() returns after an interrupted wait as if it held the lock
			[]model.Section{sec("c1", "A", -1, 0, 0.001, 60), sec("c2", "B", -1, 30, 31, 45)},
			[]sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultInterrupt, Target: "c2", Point: "send:acquire"}, Start: s(30.5), End: s(30.5)}},
			[]Class{Bug}},
		{"open section ends at the run's end", []model.Section{sec("c1", "A", -1, 0, 0.001, -1), sec("c2", "B", -1, 99, 100, -1)}, nil, []Class{Bug}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Mutex(&model.History{Sections: tc.secs}, tc.faults, s(300))
			if len(got) != len(tc.want) {
				t.Fatalf("got %d violations %v, want %d", len(got), got, len(tc.want))
			}
			for i, v := range got {
				if v.Class != tc.want[i] || v.Property != "mutex" {
					t.Errorf("violation %d: %v, want class %s", i, v, tc.want[i])
				}
			}
		})
	}
}

func TestHolds(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	mk := func(holds int64) model.Section {
		x := sec("c1", "A", -1, 10, 10.5, 20)
		x.StoreHolds = holds
		return x
	}
	h := &model.History{Sections: []model.Section{mk(1), mk(-1), mk(2), mk(0)}}
	got := Holds(h, nil)
	if len(got) != 2 || got[0].Class != Bug || got[1].Class != Bug {
		t.Fatalf("got %v, want a bug for 2 holds and a bug for 0 holds without a fault", got)
	}
	got = Holds(&model.History{Sections: []model.Section{mk(0)}},
		[]sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master"}, Start: s(10.1), End: s(30)}})
	if len(got) != 1 || got[0].Class != ByDesign {
		t.Fatalf("a failover during the call excuses a lost hold: %v", got)
	}
}

// A count of 2 after the application retried a call that failed with a
// timeout is the retry's doing, excused by the fault that lost the reply.
func TestHoldsAfterRetriedTimeout(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	sect := sec("c1", "A", -1, 10, 10.5, 20)
	sect.StoreHolds = 2
	h := &model.History{
		Ops: []model.Op{
			{Owner: "A", Lock: "myLock", Call: model.CallLock, Start: s(1), End: s(4), Outcome: "error"},
			{Owner: "A", Lock: "myLock", Call: model.CallLock, Start: s(10), End: s(10.5), Outcome: "acquired"},
		},
		Sections: []model.Section{sect},
	}
	loss := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultLoss, Target: "network"}, Start: s(0), End: s(5)}}
	if got := Holds(h, loss); len(got) != 1 || got[0].Class != ByDesign {
		t.Fatalf("retried timeout under a loss fault: %v", got)
	}
	h.Ops[0].Outcome = "not-acquired"
	if got := Holds(h, loss); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("a clean call counting 2 holds is a bug: %v", got)
	}
}

// A count of 2 after a failover that came after the owner's release: the
// promoted replica never saw the release (asynchronous replication), and
// the hold it left persists through the owner's later cycles.
func TestHoldsAfterFailoverLostRelease(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	sect := sec("c1", "A", -1, 30, 30.5, 31)
	sect.StoreHolds = 2
	h := &model.History{
		Ops: []model.Op{
			{Owner: "A", Lock: "myLock", Call: model.CallLock, Start: s(1), End: s(1.1), Outcome: "acquired"},
			{Owner: "A", Lock: "myLock", Call: model.CallUnlock, Start: s(2), End: s(2.1), Outcome: "released"},
			{Owner: "A", Lock: "myLock", Call: model.CallLock, Start: s(10), End: s(10.1), Outcome: "acquired"},
			{Owner: "A", Lock: "myLock", Call: model.CallUnlock, Start: s(12), End: s(12.1), Outcome: "released"},
			{Owner: "A", Lock: "myLock", Call: model.CallLock, Start: s(30), End: s(30.5), Outcome: "acquired"},
		},
		Sections: []model.Section{sect},
	}
	crash := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master"}, Start: s(2.05), End: s(20)}}
	if got := Holds(h, crash); len(got) != 1 || got[0].Class != ByDesign || !strings.Contains(got[0].Excuse, "lost its earlier release") {
		t.Fatalf("a failover after a release, cycles ago: %v", got)
	}
	before := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master"}, Start: s(0.5), End: s(0.9)}}
	if got := Holds(h, before); len(got) != 1 || got[0].Class != Bug {
		t.Fatalf("a failover before any release excuses nothing: %v", got)
	}
}

// A long section overlapping many later ones is one violation, and a
// bug-class overlap is preferred over a by-design one.
func TestMutexOneViolationPerHolder(t *testing.T) {
	secs := []model.Section{sec("c1", "A", 5000, 0, 0.001, 100)}
	for i := 0; i < 10; i++ {
		secs = append(secs, sec("c2", string(rune('B'+i)), -1, 10+float64(i), 10.5+float64(i), 10.9+float64(i)))
	}
	got := Mutex(&model.History{Sections: secs}, nil, sim.Time(300*sim.Second))
	if len(got) != 1 || got[0].Class != ByDesign {
		t.Fatalf("want one by-design violation (A's lease ran out), got %d: %v", len(got), got)
	}
}
