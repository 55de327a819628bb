package checks

import (
	"fmt"
	"sort"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Class says whether a violation is a bug of the algorithm or a failure it
// does not claim to survive.
type Class string

// The classes of violations.
const (
	Bug      Class = "bug"
	Known    Class = "known" // a catalogued flaw explains it (Mechanism MechFlaw)
	ByDesign Class = "by-design"
)

// Violation is one property violated in one run.
type Violation struct {
	Property string // "mutex", ...
	// Kind narrows the property where its violations differ in cause
	// (the error property: the exception's kind, "not-held", "timeout", ...).
	Kind   string
	Class  Class     // bug, known or by-design: Mech.Class()
	Mech   Mechanism // what caused it
	At     sim.Time  // when it happened (virtual time)
	Actors []string  // the owners involved, in the order they acted
	Detail string
	// Confirmed says how a counterfactual run confirmed (or re-judged) a
	// by-design violation's mechanism (package verdict); "" when none ran.
	Confirmed string
}

// explained sets v's mechanism and the class that follows from it.
func (v *Violation) explained(m Mechanism) {
	v.Mech, v.Class = m, m.Class()
}

func (v Violation) String() string {
	s := fmt.Sprintf("%s %s at t=%s: %s", v.Property, v.Class, v.At, v.Detail)
	if v.Mech.Kind != MechNone || v.Mech.Name != "" {
		s += " [" + v.Mech.String() + "]"
	}
	if v.Confirmed != "" {
		s += " (" + v.Confirmed + ")"
	}
	return s
}

// FirstBug is the first bug-class violation of vs (nothing explains
// it), false when none is.
func FirstBug(vs []Violation) (Violation, bool) {
	for _, v := range vs {
		if v.Class == Bug {
			return v, true
		}
	}
	return Violation{}, false
}

// worse reports whether class a ranks above b when a holder's overlaps
// are told by one: a bug, then a known flaw, then by design.
func worse(a, b Class) bool { return rank(a) > rank(b) }

func rank(c Class) int {
	switch c {
	case Bug:
		return 2
	case Known:
		return 1
	}
	return 0
}

// Mutex checks that the critical sections of different owners never
// overlap in virtual time (from "lock returned" to "unlock sent" or the
// holder's crash; a section still open ends at runEnd), reporting each
// earlier holder's worst overlap (a bug before a known flaw before by
// design; the first of those).
//
// Two owners can believe they hold the lock only when one of them has no
// hold in the store: the earlier holder's was lost (its lease ran out,
// forceUnlock deleted it, a failover lost it, its watchdog did not renew
// it) or the later one's acquisition returned without one. The overlap's
// mechanism is the one that explains that missing hold (view.missing).
func Mutex(h *model.History, faults []sim.FaultSpan, runEnd sim.Time) []Violation {
	return mutex(newView(h, faults), runEnd)
}

func mutex(vw *view, runEnd sim.Time) []Violation {
	h := vw.h
	secs := make([]model.Section, len(h.Sections))
	copy(secs, h.Sections)
	sort.SliceStable(secs, func(i, j int) bool { return secs[i].Start < secs[j].Start })
	end := func(s model.Section) sim.Time {
		if s.End < 0 {
			return runEnd
		}
		return s.End
	}
	var out []Violation
	for i, a := range secs {
		// One violation per earlier holder: its worst overlap. Later
		// overlaps of the same kind are the same story (a long section
		// overlaps every section after it).
		var first *Violation
		for _, b := range secs[i+1:] {
			if b.Start >= end(a) {
				break // sorted by start: no later section overlaps a either
			}
			if a.Owner == b.Owner || a.Lock != b.Lock {
				continue
			}
			v := Violation{
				Property: "mutex",
				At:       b.Start,
				Actors:   []string{a.Owner, b.Owner},
				Detail:   fmt.Sprintf("%s got the lock while %s (since t=%s) still held it", b.Owner, a.Owner, a.Start),
			}
			v.explained(vw.overlap(a, b))
			if first == nil || worse(v.Class, first.Class) {
				first = &v
			}
			if v.Class == Bug {
				break
			}
		}
		if first != nil {
			out = append(out, *first)
		}
	}
	return out
}

// overlap explains two holders at b's start: a's hold missing then, or
// b's.
func (vw *view) overlap(a, b model.Section) Mechanism {
	if m, ok := vw.missing(a, b.Start); ok {
		return m
	}
	if m, ok := vw.missing(b, b.Start); ok {
		return m
	}
	return cause("two-holders", fmt.Sprintf("the store held both %s and %s at t=%s", a.Owner, b.Owner, b.Start), min(a.Called, b.Called), b.Start, a.Proc, b.Proc)
}

// effectiveLease is the lease a section's lock was taken with: when none
// was given, the watchdog's, Config.lockWatchdogTimeout (what every
// renewal arms; 30 s unless the run set another).
func (vw *view) effectiveLease(s model.Section) sim.Duration {
	if s.Lease > 0 {
		return sim.Duration(s.Lease) * sim.Millisecond
	}
	if w := vw.h.Settings.Watchdog; w > 0 {
		return sim.Duration(w) * sim.Millisecond
	}
	return 30 * sim.Second
}
