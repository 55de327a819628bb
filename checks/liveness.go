package checks

import (
	"fmt"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// FreeBound is how long the lock may stay free while live callers wait for
// it before that counts as a liveness failure: longer than 3.8.1's 5 s
// threadWaitTime, by which a dead fair waiter stops blocking the queue.
const FreeBound = 10 * sim.Second

// Liveness checks that the lock keeps making progress once the faults are
// healed:
//
//   - A lock key left without a TTL at the end, with no live holder, is a
//     deadlock: nobody can take it until someone deletes it by hand
//     (setnx-expire's crash between SETNX and EXPIRE).
//   - The lock must not sit free for longer than FreeBound while live
//     processes are waiting in calls they made with every fault healed
//     (Redisson 3.16.8's negative ttl makes lock() wait with no timeout,
//     #5503; a fair waiter whose unlock message went to a waiter that then
//     left the queue sleeps its whole ttl, minutes in 3.16.8).
//
// Waiting while others keep taking the lock is not a failure: a non-fair
// lock promises no order. A free lock blocked by a dead or abandoned fair
// waiter at the head of the queue (an exception or a give-up that left it
// queued), which holds it until its score passes — about 5 s in 3.8.1,
// threadWaitTime per queued position in 3.16.8 — is reported by design.
func Liveness(h *model.History) []Violation {
	var out []Violation
	end := h.End
	if end.LockType != "none" && end.LockTTL == -1 {
		holding := false
		for _, s := range h.Sections {
			if s.End < 0 && end.Alive[s.Proc] {
				holding = true
			}
		}
		if !holding {
			out = append(out, Violation{Property: "liveness", Class: Bug, At: end.At,
				Detail: fmt.Sprintf("the lock key (%s) has no TTL and no live holder: it will never be released", end.LockType)})
		}
	}
	if end.LockType != "none" {
		return out
	}
	since := freeSince(h)
	if end.At.Sub(since) <= FreeBound {
		return out
	}
	var waiters []string
	first := end.At
	for _, op := range h.Ops {
		if op.Outcome == "" && op.Call != model.CallUnlock && op.Start >= end.LivenessFrom && end.Alive[op.Proc] {
			waiters = append(waiters, op.Owner)
			if op.Start < first {
				first = op.Start
			}
		}
	}
	if len(waiters) == 0 {
		return out
	}
	from := since
	if first > from {
		from = first
	}
	if end.At.Sub(from) <= FreeBound {
		return out
	}
	v := Violation{Property: "liveness", Class: Bug, At: from.Add(FreeBound), Actors: waiters,
		Detail: fmt.Sprintf("the lock was free from t=%s to the end (t=%s) while %d live caller(s) waited, the first since t=%s", since, end.At, len(waiters), first)}
	if why := blocker(h, v.At); why != "" {
		v.Class, v.Excuse = ByDesign, why
	}
	return append(out, v)
}

// freeSince returns when the lock last became free: after the last script
// that left it held, at its TTL's end, or earlier if a later script found
// it gone.
func freeSince(h *model.History) sim.Time {
	var heldUntil sim.Time
	for _, s := range h.Store {
		switch {
		case len(s.Holders) > 0 && s.TTL >= 0:
			heldUntil = s.At.Add(sim.Duration(s.TTL) * sim.Millisecond)
		case len(s.Holders) > 0:
			heldUntil = h.End.At
		case s.At < heldUntil:
			heldUntil = s.At
		}
	}
	return heldUntil
}

// blocker explains what held the lock at time at, from the last store
// sample before it: a phantom hold, or a dead waiter at the queue's head;
// "" when neither.
func blocker(h *model.History, at sim.Time) string {
	var last *model.StoreSample
	for i := range h.Store {
		if h.Store[i].At > at {
			break
		}
		last = &h.Store[i]
	}
	if last == nil {
		return ""
	}
	for _, holder := range last.Holders {
		for _, op := range h.Ops {
			if op.Owner == holder && op.Outcome == "error" && op.Start < at {
				return fmt.Sprintf("phantom hold: %s's %s at t=%s failed with an error but left a hold it keeps re-entering", holder, op.Call, op.Start)
			}
		}
	}
	if len(last.Queue) > 0 {
		head := last.Queue[0]
		if !h.End.LiveOwners[head] {
			return fmt.Sprintf("dead waiter %s at the head of the fair queue blocks the lock until its score passes", head)
		}
		if !waiting(h, head, at) {
			return fmt.Sprintf("abandoned waiter %s (its call ended without leaving the queue) heads the fair queue until its score passes", head)
		}
	}
	return ""
}

// waiting reports whether owner had an acquire call open at time at.
func waiting(h *model.History, owner string, at sim.Time) bool {
	for _, op := range h.Ops {
		if op.Owner == owner && op.Call != model.CallUnlock && op.Start <= at && (op.End < 0 || op.End > at) {
			return true
		}
	}
	return false
}
