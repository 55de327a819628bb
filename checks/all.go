package checks

import (
	"time"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Properties are the properties All checks, by the names violations
// carry, in the order reports list them.
var Properties = []string{"mutex", "fenced", "linearizable", "holds", "store", "liveness", "orphan", "fifo", "expiry", "error", "evicted"}

// StepOnlyProperties are what only the step judge sees (StepReturned): a
// release, an unlock that returned while the store keeps its hold, which
// the history checks see later as holds or expiry.
var StepOnlyProperties = []string{"release"}

// All runs every check on one run's history, reading the run once: the
// specific checks first (a shrink aims at the first bug-class violation,
// and theirs tell the sharper story), then fenced and linearizable, which
// see the same failures more generally. Each violation carries the
// mechanism the checks could establish; what they leave unexplained is
// for the catalogue of known flaws (package verdict).
func All(h *model.History, faults []sim.FaultSpan, runEnd sim.Time, opt model.LockOptions, timeout time.Duration) ([]Violation, *Linearizability, Fencing) {
	vw := newView(h, faults)
	v := mutex(vw, runEnd)
	v = append(v, holds(vw)...)
	v = append(v, Store(h)...)
	v = append(v, fifo(vw)...)
	v = append(v, abandoned(vw)...)
	v = append(v, errorsOf(vw)...)
	v = append(v, expiry(vw)...)
	v = append(v, evicted(vw)...)
	v = append(v, liveness(vw)...)
	v = append(v, orphan(vw)...)
	fv, fencing := fenced(vw)
	v = append(v, fv...)
	lv, lin := linearizable(vw, opt, timeout)
	v = append(v, lv...)
	return v, lin, fencing
}
