package checks

import (
	"fmt"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Liveness checks that the lock keeps making progress once the faults are
// healed:
//
//   - A lock key left without a TTL at the end, with no live holder, is a
//     deadlock: nobody can take it until someone deletes it by hand
//     (setnx-expire's crash between SETNX and EXPIRE).
//   - A call that waits with no timeout at all (Redisson 3.16.8's lock()
//     after a negative ttl, #5503) and is still waiting at the end, on a
//     free lock, depends on a message that may never come.
//   - The lock must not sit free for longer than the algorithm's own bound
//     (End.WaitBound: the longest lease a sleeping waiter's ttl can come
//     from, plus, for a fair lock, threadWaitTime for each entry of the
//     queue that is no live waiter when the lock became free: a bound a
//     run can reach) while live processes wait in calls made with every
//     fault healed.
//
// Waiting while others keep taking the lock is not a failure: a non-fair
// lock promises no order. A free lock held up by a dead or abandoned fair
// waiter at the head of the queue (an exception or a give-up that left it
// queued), or by a phantom hold left by a call whose reply was lost, is
// reported by design.
func Liveness(h *model.History, faults []sim.FaultSpan) []Violation {
	return liveness(newView(h, faults))
}

func liveness(vw *view) []Violation {
	h := vw.h
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
			v := Violation{Property: "liveness", At: end.At,
				Detail: fmt.Sprintf("the lock key (%s) has no TTL and no live holder: it will never be released", end.LockType)}
			v.explained(cause("no-ttl", v.Detail, 0, end.At))
			out = append(out, v)
		}
	}
	if end.LockType != "none" {
		return out
	}
	since := freeSince(h)
	for _, op := range h.Ops {
		if op.Untimed && op.Outcome == "" && end.Alive[op.Proc] && since < end.At {
			v := Violation{Property: "liveness", At: max(since, op.Start), Actors: []string{op.Owner},
				Detail: fmt.Sprintf("%s's %s (called at t=%s) waits with no timeout (a negative ttl, #5503) on a lock free since t=%s", op.Owner, op.Call, op.Start, since)}
			v.explained(cause("untimed-wait", v.Detail, op.Start, end.At, op.Proc))
			out = append(out, v)
		}
	}
	bound := end.WaitBound
	if end.ThreadWait > 0 {
		// each queue entry that is no live waiter keeps its place until its
		// timeout passes: threadWaitTime per entry, in turn
		if i := vw.sampleAt(since); i >= 0 {
			for _, m := range h.Store[i].Queue {
				if !vw.liveWaiter(m, since) {
					bound += end.ThreadWait
				}
			}
		}
		// a waiter sleeps on the last ttl it was told, which counted the
		// queue ahead of it then; a lock that expires publishes nothing to
		// wake it (the fair scripts' ttl: RedissonFairLock.tryLockInnerAsync)
		for _, op := range h.Ops {
			if op.Outcome == "" && op.Call.Acquires() && op.LastTTL > 0 && end.Alive[op.Proc] {
				// after waking it tries again within a round trip: the same
				// network margin as WaitBound's
				if wake := op.LastTTLAt.Add(sim.Duration(op.LastTTL) * sim.Millisecond); wake.Sub(since)+wakeMargin > bound {
					bound = wake.Sub(since) + wakeMargin
				}
			}
		}
	}
	if end.At.Sub(since) <= bound {
		return out
	}
	var waiters []string
	first := end.At
	untimed := true // every waiter waits with no timeout (reported above)
	for _, op := range h.Ops {
		if op.Outcome == "" && op.Call.Acquires() && op.Start >= end.LivenessFrom && end.Alive[op.Proc] {
			waiters = append(waiters, op.Owner)
			untimed = untimed && op.Untimed
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
	if end.At.Sub(from) <= bound {
		return out
	}
	v := Violation{Property: "liveness", At: from.Add(bound), Actors: waiters,
		Detail: fmt.Sprintf("the lock was free from t=%s to the end (t=%s) while %d live caller(s) waited, the first since t=%s, beyond the algorithm's bound of %s", since, end.At, len(waiters), first, bound)}
	if untimed {
		// the waiters sleep on their latches with no timeout, and a free
		// lock publishes nothing to wake them: the untimed wait is the stall
		var procs []string
		for _, w := range waiters {
			procs = append(procs, vw.procOfOwner(w))
		}
		v.explained(cause("untimed-wait", v.Detail, first, end.At, procs...))
		return append(out, v)
	}
	v.explained(vw.blocker(v.At, cause("stalled", v.Detail, since, end.At)))
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
// sample before it: a phantom hold (the failed call that left it), or a
// dead or abandoned waiter at the queue's head (what stopped it); none
// when neither.
func (vw *view) blocker(at sim.Time, none Mechanism) Mechanism {
	h := vw.h
	i := vw.sampleAt(at)
	if i < 0 {
		return none
	}
	last := &h.Store[i]
	for _, holder := range last.Holders {
		for k, op := range h.Ops {
			if op.Owner == holder && op.Outcome == "error" && op.Start < at && op.ExecAt >= 0 {
				m := vw.callError(op, opTag(k))
				m.Detail = fmt.Sprintf("phantom hold: %s's %s at t=%s failed but left a hold it keeps re-entering: %s", holder, op.Call, op.Start, m.Detail)
				return m
			}
		}
	}
	if len(last.Queue) > 0 {
		head := last.Queue[0]
		if !h.End.LiveOwners[head] {
			proc := vw.procOfOwner(head)
			for _, f := range vw.faults {
				if f.Kind == sim.FaultCrash && f.Target == proc && f.Start <= at {
					return faultMech(f, fmt.Sprintf("%s: dead waiter %s heads the fair queue and blocks the lock until its score passes", describeFault(f), head))
				}
			}
			return cause("dead-head", fmt.Sprintf("dead waiter %s heads the fair queue and blocks the lock until its score passes", head), 0, at, proc)
		}
		if !waiting(h, head, at) {
			for k, op := range h.Ops {
				if op.Owner == head && op.Call.Acquires() && op.End >= 0 && op.End <= at && op.QueuePos > 0 {
					if m, ok := vw.callFault(op, opTag(k), op.End); ok {
						m.Detail = fmt.Sprintf("abandoned waiter %s heads the fair queue until its score passes: %s", head, m.Detail)
						return m
					}
				}
			}
			return cause("abandoned-head", fmt.Sprintf("abandoned waiter %s (its call ended without leaving the queue) heads the fair queue until its score passes", head), 0, at, vw.procOfOwner(head))
		}
	}
	return none
}

// waiting reports whether owner had an acquire call open at time at.
func waiting(h *model.History, owner string, at sim.Time) bool {
	for _, op := range h.Ops {
		if op.Owner == owner && op.Call.Acquires() && op.Start <= at && (op.End < 0 || op.End > at) {
			return true
		}
	}
	return false
}

// liveWaiter reports whether owner is a live caller waiting for the lock
// at t: an acquiring call of its, open at t, in a process alive at the
// end.
func (vw *view) liveWaiter(owner string, t sim.Time) bool {
	for _, op := range vw.h.Ops {
		if op.Owner == owner && op.Call.Acquires() && op.Start <= t && (op.End < 0 || op.End > t) && vw.h.End.Alive[op.Proc] {
			return true
		}
	}
	return false
}

// wakeMargin is how long a waiter whose sleep ended may take to try again
// and take a free lock: the network margin run.Run.waitBound allows.
const wakeMargin = 10 * sim.Second
