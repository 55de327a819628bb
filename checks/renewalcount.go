package checks

import (
	"cmp"
	"slices"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// countKind is what a call or a renewal did to the count a client's
// renewal entry keeps of a thread (the watchdog renews while a thread has
// a count: R16:RedissonBaseLock.ExpirationEntry, R47:LockEntry).
type countKind uint8

const (
	// countAdd: an acquisition without a lease returned with the lock and
	// added one (scheduleExpirationRenewal in tryAcquireAsync's listener,
	// R47:RedissonLock.java:171-181, 195-203; R16:RedissonLock.tryAcquireAsync;
	// R8:RedissonLock.java:202-214).
	countAdd countKind = iota + 1
	// countHeld: an acquisition with a lease returned with the lock: a
	// hold the count does not include.
	countHeld
	// countDropped: an acquisition that asked a lease its client dropped
	// (its script armed another): whether it counts is the other rules'
	// (lease-dropped).
	countDropped
	// countTake: an unlock completed. 3.16.8 and 4.7.0 take one count of
	// the thread whatever it answered (R47:RedissonBaseLock.java:161-164,
	// LockEntry.java:61-71; R16:RedissonBaseLock.java:80-91, 306-310);
	// 3.8.1 cancels only on 1 or a failure (R8:RedissonLock.java:506-534).
	countTake
	// countUnknown: an acquisition that threw: it may have run, and
	// whether it counts is not known.
	countUnknown
	// countEmpty: a forceUnlock emptied the entry for every thread before
	// its script ran (R47:RedissonLock.java:336); at is its start.
	countEmpty
	// countZero: a renewal of the thread answered 0 (its hold gone):
	// 4.7.0's LockTask takes one count (R47:LockTask.java:97-102,
	// RenewalTask.java:97-104), 3.16.8 cancels the entry
	// (R16:RedissonBaseLock.java:155-160), 3.8.1 schedules no next one.
	countZero
)

// countChange is one change of the renewal entry's count of a thread.
type countChange struct {
	at      sim.Time
	kind    countKind
	op      *model.Op // the call, or the renewal
	renewal int       // the renewal's index in History.Renewals; -1 for a call
	// failed: the call threw (the count its Java changes on success is
	// not known): the rules that need the exact count leave it.
	failed bool
}

// renewalCounts is the timeline of process proc's renewal entry for the
// threads owner admits: every call of theirs that returned by to (any
// time, for a negative to) and changed the count, and every renewal of
// theirs that answered 0 by to,
// in time order (a call's return, a forceUnlock's start, a renewal's
// completion; a tie keeps the calls' order, calls before renewals).
// Each rule that replays the count walks it with its own window and
// reads what it can account for.
func (v *view) renewalCounts(proc string, owner func(string) bool, to sim.Time) []countChange {
	var out []countChange
	ops := v.h.Ops
	for i := range ops {
		op := &ops[i]
		// an unlock takes its count when its first run's handle does:
		// 4.7.0 repeats one whose WAIT counted no replica, and the failed
		// run's handle cancelled a count before the call returned
		// (R47:RedissonBaseLock.java:161-164; Op.FailedRuns)
		at := op.End
		if op.Call == model.CallUnlock {
			at = cancelAt(op)
		}
		if op.Proc != proc || op.End < 0 || to >= 0 && at > to || !owner(op.Owner) {
			continue
		}
		c := countChange{at: at, op: op, renewal: -1, failed: op.Err != "" || op.Outcome == "error"}
		switch {
		case op.Call == model.CallForceUnlock:
			c.kind, c.at = countEmpty, op.Start
		case op.Call == model.CallUnlock:
			c.kind = countTake
		case op.Call.Acquires() && c.failed:
			c.kind = countUnknown
		case !op.Call.Acquires() || op.Outcome != "acquired":
			continue
		case op.Lease < 0:
			c.kind = countAdd
		case near(op.ScriptLease, op.Lease):
			c.kind = countHeld
		default:
			c.kind = countDropped
		}
		out = append(out, c)
	}
	for i := range v.h.Renewals {
		r := &v.h.Renewals[i]
		if r.Proc == proc && r.Outcome == "not-renewed" && r.End >= 0 && (to < 0 || r.End <= to) && owner(r.Owner) {
			out = append(out, countChange{at: r.End, kind: countZero, op: r, renewal: i})
		}
	}
	slices.SortStableFunc(out, func(x, y countChange) int { return cmp.Compare(x.at, y.at) })
	return out
}

// is admits owner alone.
func is(owner string) func(string) bool { return func(o string) bool { return o == owner } }
