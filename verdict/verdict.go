package verdict

import (
	"time"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Properties are the checks Check runs, in the order reports list them
// (checks.Properties).
var Properties = checks.Properties

// LinearizableTimeout bounds porcupine's search on one run's history in
// wall time, a guard that should never decide: the search is bounded by
// checks.LinearizableMemory, counted in steps, so that where it stops is
// the same on every machine and under any load. A search that spends the
// whole budget takes about 15 s on one core, so the guard stands far above
// it: at 30 s a loaded machine reached the timeout first, and the same
// seed read "could not decide within 30s" where an idle one read "history
// too large". Runs of the standard presets decide in milliseconds;
// reaching either bound (Unknown) is reported as a failure, never as a
// pass.
var LinearizableTimeout = 10 * time.Minute

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
func (j Judge) Check(r *run.Run) Result {
	v, lin, fencing := checks.All(r.History, r.World.FaultSpans(), r.World.Now(), clients.LockModel(r.Config.Algo), LinearizableTimeout)
	return Result{Violations: j.Explain(r.Config.Algo, v, r.History), Linearizability: lin, Fencing: fencing}
}

// Check is Default.Check.
func Check(r *run.Run) Result { return Default.Check(r) }

// Explain resolves the violations the checks left unexplained against
// algo's catalogue (Resolve), then the linearizability failures against
// the others (generalView), and sets each one's class from its mechanism.
func (j Judge) Explain(algo string, vs []checks.Violation, h *model.History) []checks.Violation {
	for i := range vs {
		if vs[i].Property != "linearizable" {
			vs[i].Mech = j.Resolve(algo, vs[i], h)
			vs[i].Class = vs[i].Mech.Class()
		}
	}
	for i := range vs {
		if vs[i].Property == "linearizable" && vs[i].Mech.Kind == checks.MechNone {
			vs[i].Mech = j.generalView(algo, vs[i], vs, h)
			vs[i].Class = vs[i].Mech.Class()
		}
	}
	return vs
}

// Run builds, executes and checks cfg's run (no trace: not even its hash,
// whose lines cost a sixth of a run; the checks read the history).
func (j Judge) Run(cfg run.Config) (*run.Run, Result, error) {
	r, err := run.New(cfg, sim.Untraced)
	if err != nil {
		return nil, Result{}, err
	}
	r.Execute()
	if err := r.Err(); err != nil {
		return r, Result{}, err // no run of the algorithm: no verdict
	}
	return r, j.Check(r), nil
}

// Run is Default.Run.
func Run(cfg run.Config) (*run.Run, Result, error) { return Default.Run(cfg) }
