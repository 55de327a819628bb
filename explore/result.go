package explore

import (
	"fmt"
	"strings"
)

// What a search found (Result, Violation) and what it counted (Stats).

// Stats counts a search's work.
type Stats struct {
	Explored int // transitions followed (every successor generated)
	Distinct int // distinct states reached
	// Unreduced is what Distinct would be without symmetry reduction: the
	// sizes of the classes of symmetric states it kept one of, added up
	// (equal to Distinct when the search does not reduce). It is exact
	// when the search reaches every state; one that stops early (a bug, a
	// bound) counts whole classes, more than the unreduced search would
	// have reached by then. Symmetry is the number of renamings of threads
	// and processes it tells apart by (1: none).
	Unreduced int
	Symmetry  int
	Depth     int // the deepest breadth-first level expanded
	// Complete is true when every state reachable within the bounds was
	// expanded: then no violation found means the configuration is clean.
	Complete bool
	// Cut says why the search stopped short ("" when Complete or when it
	// stopped at a violation).
	Cut string
}

// Step is one step of a counterexample: its scenario command, the time it
// happened (ms since the start) and what it did.
type Step struct {
	Command string
	At      int64
	Lines   []string
}

// Violation is a shortest path to a state (or a step) that breaks a
// property.
type Violation struct {
	// Kind is the property, named as the random runs' checks name it:
	// "mutex", "error" (Redis answered with an error, or a call threw),
	// "holds", "release", "store", "fifo", "expiry", "orphan", "liveness"
	// (no continuation finishes every thread).
	Kind   string
	Detail string
	// Bug is false when something the algorithm does not claim to survive
	// explains the violation (Excuse says what): a lease that ran out, a
	// pause, a lost or delayed message, a restart, a forceUnlock().
	Bug    bool
	Excuse string
	// Mechanism is what caused it, as the checks label it
	// ("fault:pause+drop", "contract:force-unlock", "flaw:resend-acquire",
	// "bug:two-holders"). Known: a catalogued flaw explains it (known.go),
	// Ref is the flaw's upstream reference.
	Mechanism string
	Known     bool
	Ref       string
	Steps     []Step
	State     []string // the final state, described
}

// Class is "bug", "known" or "by-design".
func (v *Violation) Class() string {
	switch {
	case v.Bug:
		return "bug"
	case v.Known:
		return "known"
	}
	return "by-design"
}

// Result is what a search found.
type Result struct {
	Config Config
	Stats  Stats
	// Violation is the shortest bug-class violation (the search stops at
	// it); ByDesign the shortest by-design one of each property met before;
	// Known the shortest of each property each catalogued flaw broke (without
	// Config.PastKnown the search stops at the first).
	Violation *Violation
	ByDesign  []*Violation
	Known     []*Violation
	// Liveness is true when the search was complete and so could check
	// that every reachable state can still finish every thread.
	Liveness bool
	// err ends the search without a verdict: a script the simulation had
	// to stop at one of its own limits.
	err error
}

// Summary is the result in a few lines: the counts and the verdict.
func (r *Result) Summary() string {
	var b strings.Builder
	s := r.Stats
	fmt.Fprintf(&b, "explore %s\n", r.Config.Header())
	fmt.Fprintf(&b, "states explored %d, distinct %d, depth %d\n", s.Explored, s.Distinct, s.Depth)
	if s.Symmetry > 1 {
		fmt.Fprintf(&b, "symmetry: states equal up to %d renamings of threads and processes kept as one: %d distinct states stand for %d (×%.2f)\n",
			s.Symmetry, s.Distinct, s.Unreduced, float64(s.Unreduced)/float64(s.Distinct))
	}
	for _, v := range r.ByDesign {
		fmt.Fprintf(&b, "by design: %s after %d steps (%s): %s [%s]\n", v.Kind, len(v.Steps), v.Excuse, v.Detail, v.Mechanism)
	}
	for _, v := range r.Known {
		fmt.Fprintf(&b, "known flaw: %s after %d steps: %s [%s, %s]\n", v.Kind, len(v.Steps), v.Detail, v.Mechanism, v.Ref)
	}
	const checked = "mutual exclusion, errors, hold counts, releases, the store's invariants, the fair queue's order, crashed holders' expiry"
	switch {
	case r.Violation != nil:
		fmt.Fprintf(&b, "bug: %s after %d steps: %s [%s]\n", r.Violation.Kind, len(r.Violation.Steps), r.Violation.Detail, r.Violation.Mechanism)
	case s.Complete && r.Liveness:
		fmt.Fprintf(&b, "no bug: every reachable state checked (%s, and that every thread can still finish)\n", checked)
	case s.Complete:
		fmt.Fprintf(&b, "no bug: every reachable state checked (%s; too many transitions to check liveness)\n", checked)
	default:
		fmt.Fprintf(&b, "no bug within the bound, but the search was cut: %s\n", s.Cut)
	}
	return b.String()
}
