package verdict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/jobspec"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Judge judges runs against one job's catalogue of known flaws
// (jobspec.Job.Flaws). A violation whose checks left it unexplained
// (checks.MechNone) is a flaw's when its algorithm has the flaw, its
// property is one the flaw breaks, the cause the checks established is
// one the flaw makes, and the run took the flaw's code path (a
// clients.Flaw the client notes where its port of the Java line runs) on
// one of the processes the cause names, in the cause's window. A flaw
// with no path is the algorithm's design itself (seed 003's simple locks,
// a script's own arithmetic).
type Judge struct{ Job *jobspec.Job }

// Default judges against the main job's catalogue (jobspec/main.toml).
var Default = Judge{Job: jobspec.Main()}

// FlawNamed is the main catalogue's flaw called name, nil when none is.
func FlawNamed(name string) *jobspec.Flaw { return Default.Job.Named(name) }

// Resolve is v's mechanism in a run of algo with history h: v's own when
// the checks found one (a fault, a lease, a contract action); else the
// catalogued flaw of algo that breaks v's property, makes the cause the
// checks established, and whose code path the run took on one of the
// cause's processes in its window; else v's cause unchanged (a bug).
func (j Judge) Resolve(algo string, v checks.Violation, h *model.History) checks.Mechanism {
	m := v.Mech
	if m.Kind != checks.MechNone {
		return m
	}
	for _, f := range j.Job.Of(algo) {
		if !f.Breaks(v.Property, v.Kind) || !slices.Contains(f.Causes, m.Name) {
			continue
		}
		if len(f.Paths) == 0 {
			return mechanism(f, m.Detail, "")
		}
		if took, ok := tookPath(h, f.Paths, m.Procs, m.Owners, m.From, m.To); ok {
			return mechanism(f, m.Detail, took)
		}
	}
	return m
}

// Resolve is Default.Resolve.
func Resolve(algo string, v checks.Violation, h *model.History) checks.Mechanism {
	return Default.Resolve(algo, v, h)
}

// mechanism is f explaining what the checks established (detail), through
// the path it took (took, "" for a flaw of the design).
func mechanism(f *jobspec.Flaw, detail, took string) checks.Mechanism {
	d := detail
	if took != "" {
		d += "; " + took
	}
	return checks.Mechanism{Kind: checks.MechFlaw, Name: f.Name, Detail: d, Ref: f.Reference()}
}

// tookPath finds the last time one of paths was taken by a thread of one
// of procs (any process when procs is empty), for one of owners when
// owners are given, in [from, to], the nearest to what it explains; it
// says which and where.
func tookPath(h *model.History, paths []clients.Flaw, procs, owners []string, from, to sim.Time) (string, bool) {
	for i := h.Flaws.Len() - 1; i >= 0; i-- {
		fl := h.Flaws.At(i)
		if fl.At > to {
			continue
		}
		if fl.At < from {
			break
		}
		if slices.Contains(paths, clients.Flaw(fl.Flaw)) && (len(procs) == 0 || slices.Contains(procs, fl.Proc)) && (len(owners) == 0 || slices.Contains(owners, fl.Owner)) {
			return fmt.Sprintf("path %s taken by %s at t=%s", fl.Flaw, fl.Owner, fl.At), true
		}
	}
	return "", false
}

// linWindow is how far from the call porcupine cannot place the
// mechanism of a linearizability failure may have acted: porcupine pins
// the failure on the first call no order explains, and what made the
// history unexplainable (an acquire that ran twice, a lost write) may
// show itself on either side of it — a re-send comes a response timeout
// or more after the run it repeats.
const linWindow = 30 * sim.Second

// generalView explains a linearizability failure that the checks left
// unexplained: porcupine sees, from the clients' side, what the specific
// checks tell apart. It takes the mechanism of the run's other violation
// nearest to the call porcupine cannot place (within linWindow of its
// span, one involving that call's owner first); else any catalogued flaw
// of algo that breaks linearizability whose path any thread took by
// linWindow after that call returned.
func (j Judge) generalView(algo string, lin checks.Violation, others []checks.Violation, h *model.History) checks.Mechanism {
	from, to := lin.At.Add(-linWindow), lin.Mech.To.Add(linWindow)
	dist := func(o *checks.Violation) sim.Duration {
		switch {
		case o.At < lin.At:
			return lin.At.Sub(o.At)
		case o.At > lin.Mech.To:
			return o.At.Sub(lin.Mech.To)
		}
		return 0
	}
	var best *checks.Violation
	better := func(o *checks.Violation) bool {
		if best == nil {
			return true
		}
		mine := len(lin.Actors) > 0 && slices.Contains(o.Actors, lin.Actors[0])
		bestMine := len(lin.Actors) > 0 && slices.Contains(best.Actors, lin.Actors[0])
		if mine != bestMine {
			return mine
		}
		return dist(o) < dist(best)
	}
	for i := range others {
		o := &others[i]
		if o.Property == "linearizable" || o.Property == "fenced" || o.Mech.Kind == checks.MechNone || o.At < from || o.At > to {
			continue
		}
		if better(o) {
			best = o
		}
	}
	if best != nil {
		m := best.Mech
		m.Detail = fmt.Sprintf("the %s violation at t=%s seen from the clients' side: %s", best.Property, best.At, m.Detail)
		return m
	}
	for _, f := range j.Job.Of(algo) {
		if !slices.Contains(f.Props, "linearizable") {
			continue
		}
		if len(f.Paths) == 0 {
			return mechanism(f, lin.Mech.Detail, "")
		}
		if took, ok := tookPath(h, f.Paths, nil, nil, 0, to); ok {
			return mechanism(f, lin.Mech.Detail, took)
		}
	}
	return lin.Mech
}

// Known reports whether v is a catalogued flaw of its algorithm.
func Known(v checks.Violation) bool { return v.Class == checks.Known }

// Took reports whether v's mechanism is the main catalogue's flaw taken
// through path.
func Took(v checks.Violation, path clients.Flaw) bool {
	if v.Mech.Kind != checks.MechFlaw {
		return false
	}
	f := FlawNamed(v.Mech.Name)
	return f != nil && (slices.Contains(f.Paths, path) || strings.Contains(v.Mech.Detail, "path "+string(path)+" "))
}
