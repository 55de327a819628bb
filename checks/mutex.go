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
	ByDesign Class = "by-design"
)

// Violation is one property violated in one run.
type Violation struct {
	Property string // "mutex", ...
	// Kind narrows the property where its violations differ in cause
	// (the error property: the exception's kind, "not-held", "timeout", ...).
	Kind   string
	Class  Class    // bug or by-design
	Excuse string   // for by-design: the fault or rule that excuses it
	At     sim.Time // when it happened (virtual time)
	Actors []string // the owners involved, in the order they acted
	Detail string
	Faults []sim.FaultSpan // faults active in the violation's window
	// Confirmed says how a counterfactual run confirmed (or re-judged) a
	// by-design violation's excuse (package verdict); "" when none ran.
	Confirmed string
	// Known names the known bug that explains a bug-class violation, and
	// the path its run took (package verdict's catalog); "" when none does.
	Known string
}

func (v Violation) String() string {
	s := fmt.Sprintf("%s %s at t=%s: %s", v.Property, v.Class, v.At, v.Detail)
	switch {
	case v.Excuse != "" && v.Confirmed != "":
		s += " (excused by " + v.Excuse + "; " + v.Confirmed + ")"
	case v.Excuse != "":
		s += " (" + v.Excuse + ")"
	case v.Confirmed != "":
		s += " (" + v.Confirmed + ")"
	}
	return s
}

// FirstBug is the first bug-class violation of vs, false when none is.
func FirstBug(vs []Violation) (Violation, bool) {
	for _, v := range vs {
		if v.Class == Bug {
			return v, true
		}
	}
	return Violation{}, false
}

// Mutex checks that the critical sections of different owners never
// overlap in virtual time, reporting each earlier holder's first
// bug-class overlap (or, failing one, its first overlap) (from "lock returned" to "unlock sent" or the
// holder's crash; a section still open ends at runEnd).
//
// Each overlap is classified. It is by design when the earlier holder's
// explicit lease had run out when the later one got the lock (a lock gives
// no promise past its lease), or when a fault the algorithm does not claim
// to survive was active between the earlier holder's acquisition and the
// overlap: a pause or partition of the earlier holder of at least a third of
// its lease (the watchdog's renewal period), lost or slow network, a master
// failover or restart (asynchronous replication), or a clock step. Otherwise
// it is a bug. A Thread.interrupt() is not such a fault here (it is for a
// hold the interrupted thread does not count): an interrupted call throws,
// so its thread does not believe it holds the lock.
func Mutex(h *model.History, faults []sim.FaultSpan, runEnd sim.Time) []Violation {
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
		// One violation per earlier holder: the first overlap that is a bug,
		// else the first overlap. Later overlaps with the same holder are
		// the same story (a long section overlaps every section after it).
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
			v.Class, v.Excuse, v.Faults = classifyOverlap(a, b, faults)
			if first == nil || (first.Class != Bug && v.Class == Bug) {
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

// effectiveLease is the lease a section's lock was taken with (the
// watchdog's 30 s when none was given).
func effectiveLease(s model.Section) sim.Duration {
	if s.Lease > 0 {
		return sim.Duration(s.Lease) * sim.Millisecond
	}
	return 30 * sim.Second
}

func classifyOverlap(a, b model.Section, faults []sim.FaultSpan) (Class, string, []sim.FaultSpan) {
	at := b.Start
	// The window opens at the earlier of the two acquisitions: a fault of
	// either holder counts (a paused later holder can resume believing in a
	// grant whose lease ran out while it slept). A fault is named first: it
	// is usually why the lease ran out.
	from := a.Called
	if b.Called < from {
		from = b.Called
	}
	// An interrupt never excuses two holders: the interrupted thread was
	// told its call failed, so it does not believe it holds (explore judges
	// so too); one that does — 3.8.1's lock() returning after an
	// interrupted wait — is the client's bug.
	class, why, active := excuseWith([]model.Section{a, b}, from, at, faults, false, false, false)
	// The lease began when the acquiring script ran, at or after the
	// successful attempt was sent.
	if class == Bug && a.Lease > 0 && at >= a.LeaseFrom().Add(effectiveLease(a)) {
		return ByDesign, fmt.Sprintf("the lease of %dms had run out", a.Lease), active
	}
	return class, why, active
}

// excuse looks for a fault in [from, at] that the algorithms do not claim
// to survive: a pause or partition of one of the holders of at least a
// third of its lease (the watchdog's renewal period), lost or slow
// network, a master failover or restart (asynchronous replication), or a
// clock step. With anyLength, a pause or partition of any length counts
// (it is enough to make a call fail with an unknown outcome). It returns
// ByDesign with the fault, or Bug, and the faults active in the window
// either way.
func excuse(holders []model.Section, from, at sim.Time, faults []sim.FaultSpan, anyLength bool) (Class, string, []sim.FaultSpan) {
	return excuseWith(holders, from, at, faults, anyLength, false, true)
}

// excuseWith is excuse; with skew, a client's skewed clock also counts (it
// matters only where the client's own time enters a script: the fair
// lock's scores); without interrupts, an interrupt does not.
func excuseWith(holders []model.Section, from, at sim.Time, faults []sim.FaultSpan, anyLength, skew, interrupts bool) (Class, string, []sim.FaultSpan) {
	var active []sim.FaultSpan
	why := ""
	for _, f := range faults {
		fend := f.End
		if fend < 0 {
			fend = at
		}
		if f.Start > at || fend < from {
			continue
		}
		active = append(active, f)
		if why != "" {
			continue
		}
		switch f.Kind {
		case sim.FaultPause, sim.FaultPartition:
			for _, s := range holders {
				if f.Target == s.Proc && (anyLength || f.For >= effectiveLease(s)/3) {
					why = fmt.Sprintf("%s %s for %s", f.Target, f.Kind, f.For)
					break
				}
			}
		case sim.FaultLoss, sim.FaultSlowNet:
			why = fmt.Sprintf("network %s for %s", f.Kind, f.For)
		case sim.FaultDrop:
			for _, s := range holders {
				if f.Target == s.Proc {
					why = fmt.Sprintf("%s lost a message at %s", f.Target, f.Point)
					break
				}
			}
		case sim.FaultInterrupt:
			// An interrupted acquire may still run: the thread was told it
			// failed and holds a lock it does not count, until its lease
			// runs out.
			for _, s := range holders {
				if interrupts && f.Target == s.Proc {
					why = fmt.Sprintf("%s interrupted a thread at %s", f.Target, f.Point)
					break
				}
			}
		case sim.FaultMasterCrash, sim.FaultRestart:
			why = fmt.Sprintf("%s at t=%s (asynchronous replication)", f.Kind, f.Start)
		case sim.FaultServerStep:
			why = fmt.Sprintf("%s %s by %s", f.Target, f.Kind, f.Amount)
		case sim.FaultClockStep:
			// A client's clock enters no lease and no TTL: only the fair
			// lock's queue scores, which skew is for.
			if skew {
				why = fmt.Sprintf("%s %s by %s", f.Target, f.Kind, f.Amount)
			}
		case sim.FaultClockSkew:
			if skew {
				why = fmt.Sprintf("%s's clock is off by %s", f.Target, f.Amount)
			}
		}
	}
	if why != "" {
		return ByDesign, why, active
	}
	return Bug, "", active
}
