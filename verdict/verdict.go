package verdict

import (
	"time"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// Properties are the checks Check runs, in the order reports list them.
var Properties = []string{"mutex", "fenced", "linearizable", "holds", "store", "liveness", "orphan", "fifo", "expiry", "error", "evicted"}

// LinearizableTimeout bounds porcupine's search on one run's history. Runs
// of the standard presets decide in milliseconds; reaching it (Unknown) is
// reported as a failure, never as a pass.
var LinearizableTimeout = 30 * time.Second

// Result is what Check found in one run.
type Result struct {
	Violations []checks.Violation
	// Linearizability is porcupine's verdict (for its visualization);
	// Fencing what fencing tokens made of the critical sections' writes.
	Linearizability *checks.Linearizability
	Fencing         checks.Fencing
}

// Check runs every check on a finished run. The specific checks come
// first: a shrink aims at the first bug-class violation, and theirs tell
// the sharper story; fenced and linearizable, which see the same failures
// more generally, come last.
func Check(r *clients.Run) Result {
	faults := r.World.FaultSpans()
	h := r.History
	v := checks.Mutex(h, faults, r.World.Now())
	v = append(v, checks.Holds(h, faults)...)
	v = append(v, checks.Store(h)...)
	v = append(v, checks.FIFO(h, faults)...)
	v = append(v, checks.Abandoned(h, faults)...)
	v = append(v, checks.Errors(h, faults)...)
	v = append(v, checks.Expiry(h, faults)...)
	v = append(v, checks.Evicted(h)...)
	v = append(v, checks.Liveness(h)...)
	v = append(v, checks.Orphan(h)...)
	fv, fencing := checks.Fenced(h, faults)
	v = append(v, fv...)
	lv, lin := checks.Linearizable(h, clients.LockModel(r.Config.Algo), faults, LinearizableTimeout)
	v = append(v, lv...)
	for i := range v {
		if v[i].Class == checks.Bug {
			v[i].Known = Explain(r.Config.Algo, v[i], h)
		}
	}
	return Result{Violations: v, Linearizability: lin, Fencing: fencing}
}

// Run builds, executes and checks cfg's run (no trace: not even its hash,
// whose lines cost a sixth of a run; the checks read the history).
func Run(cfg clients.RunConfig) (*clients.Run, Result, error) {
	r, err := clients.NewRun(cfg, sim.Untraced)
	if err != nil {
		return nil, Result{}, err
	}
	r.Execute()
	if err := r.Err(); err != nil {
		return r, Result{}, err // no run of the algorithm: no verdict
	}
	return r, Check(r), nil
}
