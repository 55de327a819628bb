package checks

import (
	"fmt"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Holds checks that the hold count the store keeps for an owner equals the
// owner's own nesting count when its acquire returns (workload threads do
// not nest, so 1). More than 1 means an acquire ran twice on the server —
// Redisson 3.16.8 re-sends a command whose reply timed out (#4822, #4871,
// #7367) — and one unlock will then leave the lock held: a bug. Zero means
// the lock was already gone when the client heard it had it: by design
// under a failover, pause or partition in the call's window, a bug
// otherwise. Locks that keep no count are skipped.
//
// When an earlier call of the same owner (same client incarnation) ended in
// an error — an acquire whose script may have run though its reply was
// lost, or an unlock that never reached the master — a count above 1 is
// that phantom hold: it outlives the owner's later releases (each unlock
// takes one count) for as long as the owner keeps re-acquiring, since every
// acquire refreshes the key's TTL. That is the application retrying an
// ambiguous call: by design, excused by the fault that lost the reply. So
// is a count above 1 after a master crash or restart that came after the
// owner's last release: the new master may never have seen it. Only a
// count above 1 with neither is the client's own doing.
func Holds(h *model.History, faults []sim.FaultSpan) []Violation {
	var out []Violation
	for _, s := range h.Sections {
		if s.StoreHolds < 0 || s.StoreHolds == 1 {
			continue
		}
		v := Violation{Property: "holds", At: s.Start, Actors: []string{s.Owner}}
		if s.StoreHolds > 1 {
			v.Detail = fmt.Sprintf("%s acquired once but the store counts %d holds (an acquire ran twice, or a release did not count down)", s.Owner, s.StoreHolds)
			if since, ok := erroredCallBefore(h, s); ok {
				v.Detail += fmt.Sprintf("; its call at t=%s failed with an error, leaving a hold it did not count", since)
				v.Class, v.Excuse, v.Faults = excuse([]model.Section{s}, since, s.Start, faults, true)
			} else if f, ok := failoverAfterRelease(h, s, faults); ok {
				// A promoted replica (or a restarted master) never saw the
				// owner's release: asynchronous replication lost the write.
				v.Class = ByDesign
				v.Excuse = fmt.Sprintf("%s at t=%s lost its earlier release (asynchronous replication)", f.Kind, f.Start)
				v.Faults = []sim.FaultSpan{f}
			} else {
				v.Class = Bug
				_, _, v.Faults = excuse([]model.Section{s}, s.Called, s.Start, faults, false)
			}
		} else {
			v.Detail = fmt.Sprintf("%s's acquire returned but the store no longer has its hold", s.Owner)
			v.Class, v.Excuse, v.Faults = excuse([]model.Section{s}, s.Called, s.Start, faults, true)
			if v.Class == Bug {
				if f, ok := forcedBetween(h, s); ok {
					// forceUnlock deletes whoever's hold (RedissonLock.forceUnlockAsync).
					v.Class, v.Excuse = ByDesign, fmt.Sprintf("%s's forceUnlock() at t=%s deleted it (it deletes whoever's hold)", f.Owner, f.ExecVirtual)
				}
			}
		}
		out = append(out, v)
	}
	return out
}

// forcedBetween finds another owner's forceUnlock that ran while s's
// acquire was returning: after s's call began, before its section did.
func forcedBetween(h *model.History, s model.Section) (model.Op, bool) {
	for _, op := range h.Ops {
		if op.Call == model.CallForceUnlock && op.Owner != s.Owner && op.Lock == s.Lock && op.ExecAt >= 0 && op.ExecVirtual >= s.Called && op.ExecVirtual <= s.Start {
			return op, true
		}
	}
	return model.Op{}, false
}

// failoverAfterRelease finds the latest master crash or restart, before
// s, that came after a release by s's owner: the new master may lack that
// release's write, and the hold it left outlives the owner's later
// releases for as long as the owner keeps re-acquiring (as an errored
// call's phantom hold does).
func failoverAfterRelease(h *model.History, s model.Section, faults []sim.FaultSpan) (sim.FaultSpan, bool) {
	from, found := sim.Time(0), false
	for _, op := range h.Ops {
		if op.Owner == s.Owner && op.Lock == s.Lock && op.Start < s.Called && op.Call == model.CallUnlock {
			from, found = op.Start, true
			break
		}
	}
	if !found {
		return sim.FaultSpan{}, false
	}
	var last sim.FaultSpan
	for _, f := range faults {
		if (f.Kind == sim.FaultMasterCrash || f.Kind == sim.FaultRestart) && f.Start >= from && f.Start <= s.Start {
			last = f
		}
	}
	return last, last.Kind != ""
}

// erroredCallBefore finds the latest call (acquire or unlock) by s's
// owner, before s's own call, that ended in an error.
func erroredCallBefore(h *model.History, s model.Section) (sim.Time, bool) {
	return erroredCall(h, s, false)
}

// erroredCall finds the latest (or, with earliest, the first) call of s's
// owner before s's own call that ended in an error.
func erroredCall(h *model.History, s model.Section, earliest bool) (sim.Time, bool) {
	var at sim.Time
	found := false
	for _, op := range h.Ops {
		if op.Owner == s.Owner && op.Lock == s.Lock && op.Start < s.Called && op.Outcome == "error" {
			if !found || !earliest {
				at = op.Start
			}
			found = true
		}
	}
	return at, found
}
