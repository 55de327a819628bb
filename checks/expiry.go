package checks

import (
	"fmt"
	"sort"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// expiryMargin covers a renewal or acquire that was in flight when the
// clock started (it lands one network delay later) and the sampling of
// the store, which happens only when a script runs.
const expiryMargin = sim.Second

// Expiry checks what a lease promises, from the samples of the store taken
// after every script (a lock hash owner is "in the store" while its field
// exists):
//
//   - a crashed holder's hold is gone within its lease of the crash (the
//     watchdog's 30 s after its last renewal, which came before the crash);
//   - an explicit lease expires: a hold is gone once the lease has run,
//     counted from when the acquisition returned (the script ran before),
//     unless the same owner took the lock again since;
//   - a live holder does not lose its hold while its section is open and
//     no fault explains it: the watchdog kept renewing it, or its
//     explicit lease had not run out.
//
// Simple locks keep no owner in the store and are skipped. The samples
// must be in time order (model.History.Store is).
func Expiry(h *model.History, faults []sim.FaultSpan) []Violation {
	var out []Violation
	for i, s := range h.Sections {
		if s.StoreHolds < 0 {
			continue
		}
		lease := effectiveLease(s)
		// A later acquire call of the same owner may refresh or retake its
		// hold, even one that failed with an error (its script may have run).
		next := sim.Time(-1)
		for _, t := range h.Sections[i+1:] {
			if t.Owner == s.Owner && (next < 0 || t.Called < next) {
				next = t.Called
			}
		}
		for _, op := range h.Ops {
			if op.Owner == s.Owner && op.Call.Acquires() && op.Start > s.Start && (next < 0 || op.Start < next) {
				next = op.Start
			}
		}
		inStore := func(from sim.Time) (sim.Time, bool) {
			// the samples are in time order: start at the first after from
			first := sort.Search(len(h.Store), func(i int) bool { return h.Store[i].At > from })
			for _, smp := range h.Store[first:] {
				if next >= 0 && smp.At >= next {
					break
				}
				for _, o := range smp.Holders {
					if o == s.Owner {
						return smp.At, true
					}
				}
			}
			return 0, false
		}
		switch {
		case s.Ended == "crash":
			if at, ok := inStore(s.End.Add(lease + expiryMargin)); ok {
				v := Violation{Property: "expiry", At: at, Actors: []string{s.Owner},
					Detail: fmt.Sprintf("%s crashed at t=%s but its hold was still in the store at t=%s, past its %s lease", s.Owner, s.End, at, lease)}
				v.Class, v.Excuse, v.Faults = expiryExcuse(h, s, s.End, at, faults)
				out = append(out, v)
			}
		case s.Lease > 0:
			if at, ok := inStore(s.Start.Add(lease + expiryMargin)); ok {
				v := Violation{Property: "expiry", At: at, Actors: []string{s.Owner},
					Detail: fmt.Sprintf("%s's hold, taken with a %dms lease at t=%s, was still in the store at t=%s", s.Owner, s.Lease, s.Start, at)}
				v.Class, v.Excuse, v.Faults = expiryExcuse(h, s, s.Called, at, faults)
				out = append(out, v)
			}
			// The lease runs from the acquire's script, which ran at or
			// after LeaseFrom: a hold gone well before that lease's end,
			// while its section is open, was lost under its holder.
			if at, ok := lostWhileHeld(h, s); ok && at.Add(expiryMargin) < s.LeaseFrom().Add(lease) {
				v := Violation{Property: "expiry", At: at, Actors: []string{s.Owner},
					Detail: fmt.Sprintf("%s held the lock (a %dms lease, since t=%s) and its hold was gone from the store at t=%s, before the lease ran out", s.Owner, s.Lease, s.Start, at)}
				v.Class, v.Excuse, v.Faults = expiryExcuse(h, s, s.Called, at, faults)
				out = append(out, v)
			}
		default:
			if at, ok := lostWhileHeld(h, s); ok {
				v := Violation{Property: "expiry", At: at, Actors: []string{s.Owner},
					Detail: fmt.Sprintf("%s held the lock (watchdog, since t=%s) and its hold was gone from the store at t=%s", s.Owner, s.Start, at)}
				v.Class, v.Excuse, v.Faults = expiryExcuse(h, s, s.Called, at, faults)
				out = append(out, v)
			}
		}
	}
	return out
}

// expiryExcuse classifies an expiry violation. A phantom hold — an earlier
// call of the owner that failed with an error (a lost reply, an unlock that
// never reached the master) left a hold it never counted — keeps the key
// alive through the owner's later acquisitions and unlocks that only
// decrement it (and its watchdog keeps renewing it): by design when a fault
// explains that error, as in the holds check. In 3.8.1 such a phantom also
// keeps the watchdog alive: an unlock that only decrements, or that finds
// its lease run out (IllegalMonitorStateException), does not cancel it, so
// it goes on renewing the owner's later holds, explicit leases included.
func expiryExcuse(h *model.History, s model.Section, from, at sim.Time, faults []sim.FaultSpan) (Class, string, []sim.FaultSpan) {
	// The first errored call: a phantom hold lives on through the owner's
	// later calls, and later errors (an unlock finding its lease already
	// run out) are its consequences.
	if since, ok := erroredCall(h, s, true); ok && since < from {
		class, why, active := excuse([]model.Section{s}, since, at, faults, true)
		if class == ByDesign {
			why = "phantom hold after its errored call at t=" + since.String() + ": " + why
		}
		return class, why, active
	}
	return excuse([]model.Section{s}, from, at, faults, true)
}

// lostWhileHeld finds the first sample, while a section is open and after
// its owner's hold was seen, in which the hold is gone.
func lostWhileHeld(h *model.History, s model.Section) (sim.Time, bool) {
	seen := false
	// the samples are in time order: start at the section's first
	first := sort.Search(len(h.Store), func(i int) bool { return h.Store[i].At >= s.Start })
	for _, smp := range h.Store[first:] {
		if s.End >= 0 && smp.At >= s.End {
			break
		}
		has := false
		for _, o := range smp.Holders {
			has = has || o == s.Owner
		}
		if has {
			seen = true
		} else if seen {
			return smp.At, true
		}
	}
	return 0, false
}
