package checks

import (
	"fmt"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// FIFO checks the fair lock's promise: of two callers that queued, the one
// that queued first, and kept waiting in the queue (not evicted as stale
// by another caller's script, not given up), acquires first. An overtake
// is a bug, unless a fault was active while both waited (a pause or
// partition of either, lost network, a failover, a clock step or skewed
// clocks, which change the scores the fair scripts compute), which makes it
// by design. A waiter that lost its place — removed as stale by another
// caller's script, or by its own retry's stale loop and queued again at the
// tail in the same script — is evicted, not overtaken: Evicted reports it. Evicted waiters are not counted here: Evicted
// reports them (the fair lock's stale loop removing live waiters is its own
// finding). Only calls that queued take part, so non-fair locks pass.
// Abandoned reports, under the same property, a waiter that gave up
// without leaving the queue.
func FIFO(h *model.History, faults []sim.FaultSpan) []Violation {
	var waiters []model.Op
	for _, op := range h.Ops {
		if op.QueuePos > 0 && op.Outcome == "acquired" && !op.Evicted {
			waiters = append(waiters, op)
		}
	}
	var out []Violation
	for _, x := range waiters {
		for _, y := range waiters {
			xq, yq := x.PlaceTakenAt(), y.PlaceTakenAt()
			if x.Owner == y.Owner || !(xq < yq && y.End < x.End) {
				continue
			}
			v := Violation{Property: "fifo", At: y.End, Actors: []string{x.Owner, y.Owner},
				Detail: fmt.Sprintf("%s queued at t=%s but %s, queued at t=%s, got the lock first (t=%s)", x.Owner, xq, y.Owner, yq, y.End)}
			holders := []model.Section{{Proc: x.Proc, Owner: x.Owner, Lease: x.Lease}, {Proc: y.Proc, Owner: y.Owner, Lease: y.Lease}}
			v.Class, v.Excuse, v.Faults = excuseWith(holders, xq, y.End, faults, true, true, true)
			out = append(out, v)
			break // one overtake per earlier waiter tells the story
		}
	}
	return out
}

// Abandoned (property fifo) finds fair waiters whose tryLock(wait) ran out and returned
// false without giving up their place: Redisson's tryLock calls
// acquireFailed (RedissonFairLock.acquireFailedAsync removes the waiter from
// the queue and the timeout set) before it returns false, so nobody queued
// behind is held up by a caller who has left. A lost or delayed request
// while the call ran makes it by design.
func Abandoned(h *model.History, faults []sim.FaultSpan) []Violation {
	var out []Violation
	for _, op := range h.Ops {
		if op.Call != model.CallTryLockWait || op.Outcome != "not-acquired" || op.QueuePos == 0 || op.GaveUpAt >= 0 {
			continue
		}
		v := Violation{Property: "fifo", At: op.End, Actors: []string{op.Owner},
			Detail: fmt.Sprintf("%s's tryLock(wait) gave up at t=%s without leaving the queue (no acquireFailed ran)", op.Owner, op.End)}
		v.Class, v.Excuse, v.Faults = excuseWith([]model.Section{{Proc: op.Proc, Owner: op.Owner, Lease: op.Lease}}, op.Start, op.End, faults, true, false, true)
		out = append(out, v)
	}
	return out
}

// Evicted lists the live waiters that lost their place in the fair queue
// while they still waited (their score passed: removed by another caller's
// stale loop, or by their own retry's, which queues them again at the
// tail). By design in both versions, reported so the rate can be compared:
// 3.8.1's scores drift (each retry refreshes a non-head waiter to the
// head's score + 5 s, #2099), 3.16.8's chain of waits can leave short
// tryLock waits behind (#4743).
func Evicted(h *model.History) []Violation {
	var out []Violation
	for _, op := range h.Ops {
		if op.Evicted {
			out = append(out, Violation{Property: "evicted", Class: ByDesign, At: op.Start, Actors: []string{op.Owner},
				Excuse: "its score passed while it waited", Detail: fmt.Sprintf("%s (%s), queued at t=%s, was removed from the queue as stale while still waiting", op.Owner, op.Call, op.QueuedAt)})
		}
	}
	return out
}
