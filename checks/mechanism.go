package checks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/sim"
)

// MechKind is what kind of cause a Mechanism is. It decides the
// violation's class: a fault, a lease that ran out, a contract action or
// a run condition the algorithm does not claim to survive make it by
// design; a catalogued flaw makes it known; nothing makes it a bug.
type MechKind uint8

// The kinds of mechanism.
const (
	// MechNone: nothing the run did explains the violation. Cause names
	// what the checks could establish of it (the hold was deleted by
	// another owner's script, no renewal came, ...): a catalogued flaw
	// (package verdict) may still explain that, through its code path.
	MechNone MechKind = iota
	// MechFault: a fault that struck the violation's actors or their
	// messages in its window, large enough to explain it.
	MechFault
	// MechLease: a lease that ran out (a lock gives no promise past it).
	MechLease
	// MechContract: an API call that did what its contract says:
	// forceUnlock() deleting whoever's hold, an explicit lease shorter
	// than the critical section it was asked for.
	MechContract
	// MechCondition: a condition of the run the algorithm does not claim
	// to survive, that no single fault names (asynchronous replication: a
	// WAIT counting fewer replicas than asked).
	MechCondition
	// MechFlaw: a catalogued flaw of the algorithm whose code path the run
	// took where it could have made the violation (package verdict), or
	// the algorithm's own design flaw (seed 003's simple locks).
	MechFlaw
)

var mechKindNames = [...]string{"none", "fault", "lease", "contract", "condition", "flaw"}

func (k MechKind) String() string { return mechKindNames[k] }

// Mechanism is what caused a violation. Every violation carries one; its
// class follows from it (Class).
type Mechanism struct {
	Kind MechKind
	// Name is a short stable name the reports count by: a fault's kind
	// ("pause", "loss", ...), "lease", "force-unlock", "short-lease",
	// "replication", a flaw's catalogue name; for MechNone the cause the
	// checks established ("deleted-by-other", "no-renewal", ...).
	Name string
	// Detail says in words what happened.
	Detail string
	// Faults are the plan indices of the faults the mechanism names: the
	// counterfactual run leaves them out to confirm it.
	Faults []int
	// Procs, From and To are, for a cause (MechNone), where a flaw's code
	// path must have been taken to explain it: by a thread of one of Procs
	// within [From, To].
	Procs    []string
	From, To sim.Time
	// Owners, when set, narrow Procs to these threads: the path must have
	// been taken for one of them (an orphan renewal's hold is its own
	// thread's, whatever its process's other threads did).
	Owners []string
	// Ref is a flaw's upstream reference and where it was fixed ("#4818,
	// fixed in 3.19.2"), from the catalogue.
	Ref string
}

// Class is the class a mechanism gives its violation.
func (m Mechanism) Class() Class {
	switch m.Kind {
	case MechNone:
		return Bug
	case MechFlaw:
		return Known
	}
	return ByDesign
}

// Label is the mechanism as the reports count it: "fault:pause",
// "contract:force-unlock", "flaw:lease-kept", "bug:no-renewal".
func (m Mechanism) Label() string {
	if m.Kind == MechNone {
		return "bug:" + m.Name
	}
	return m.Kind.String() + ":" + m.Name
}

func (m Mechanism) String() string {
	s := m.Label()
	if m.Detail != "" {
		s += ": " + m.Detail
	}
	if m.Ref != "" {
		s += " (" + m.Ref + ")"
	}
	return s
}

// cause is an unexplained mechanism: what was established, and where a
// catalogued flaw would have to have acted.
func cause(name, detail string, from, to sim.Time, procs ...string) Mechanism {
	var ps []string
	for _, p := range procs {
		if p != "" && !slices.Contains(ps, p) {
			ps = append(ps, p)
		}
	}
	slices.Sort(ps)
	return Mechanism{Kind: MechNone, Name: name, Detail: detail, From: from, To: to, Procs: ps}
}

// faultMech is the mechanism of fault f, which did what.
func faultMech(f sim.FaultSpan, what string) Mechanism {
	m := Mechanism{Kind: MechFault, Name: string(f.Kind), Detail: what}
	if f.Index >= 0 {
		m.Faults = []int{f.Index}
	}
	return m
}

// changesMaster says whether fault f puts another master in the old
// one's place: a crash of the master (its replica promoted) or a restart
// of Redis without persistence (an empty one). Writes the old master had
// not replicated, its keys' deadlines on its clock, are gone with it.
func changesMaster(f sim.FaultSpan) bool {
	return f.Kind == sim.FaultMasterCrash || f.Kind == sim.FaultRestart
}

// describeFault names a fault for a mechanism's detail.
func describeFault(f sim.FaultSpan) string {
	var b strings.Builder
	if f.Index >= 0 {
		fmt.Fprintf(&b, "fault #%d: ", f.Index)
	}
	fmt.Fprintf(&b, "%s %s at t=%s", f.Kind, f.Target, f.Start)
	if f.For != 0 {
		fmt.Fprintf(&b, " for %s", f.For)
	}
	if f.Amount != 0 {
		fmt.Fprintf(&b, " by %s", f.Amount)
	}
	if f.Point != "" {
		fmt.Fprintf(&b, " at %s", f.Point)
	}
	return b.String()
}
