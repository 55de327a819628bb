package checks

import (
	"fmt"
	"slices"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// FIFO checks the fair lock's promise: of two callers that queued, the one
// that queued first, and kept waiting in the queue (not evicted, not given
// up), is granted the lock first: the order the master's script grants
// it, which a reply that comes back later does not change. An overtake
// is explained by a fault that struck one of the two while both waited
// (its messages lost or held up, its wake-up
// lost, its process stopped, the master changed), or by a client clock off
// by more than the overtake's margin (the fair scripts compute the queue's
// timeouts from the callers' clocks); else by a catalogued flaw, or it is
// a bug. Waiters that lost their place are Evicted's. Only calls that
// queued take part, so non-fair locks pass. Abandoned reports, under the
// same property, a waiter that gave up without leaving the queue.
func FIFO(h *model.History, faults []sim.FaultSpan) []Violation {
	return fifo(newView(h, faults))
}

func fifo(vw *view) []Violation {
	h := vw.h
	var waiters []int
	for i, op := range h.Ops {
		// A place taken after the call returned is no place it waited in:
		// the first send of its acquire, held up past the response timeout,
		// ran after the re-send had already answered (a reentrant grant, or
		// one from a place its thread kept) and queued the thread again
		// (R16:RedisExecutor.java:318-333 re-sends without withdrawing it;
		// R16:RedissonFairLock.java:213-226 queues a caller it cannot grant)
		if op.QueuePos > 0 && op.Outcome == "acquired" && !op.Evicted && op.PlaceTakenAt() <= op.End {
			waiters = append(waiters, i)
		}
	}
	var out []Violation
	for _, xi := range waiters {
		x := h.Ops[xi]
		for _, yi := range waiters {
			y := &h.Ops[yi] // not copied: most pairs are not an overtake
			xq, yq := x.PlaceTakenAt(), y.PlaceTakenAt()
			if x.Owner == y.Owner || !(xq < yq && y.End < x.End) {
				continue
			}
			if x.ExecAt >= 0 && y.ExecAt >= 0 && x.ExecVirtual < y.ExecVirtual && vw.everHeld(x.Owner, x.ExecVirtual, x.ExecVirtual) {
				// the master granted x first (x's last run left it holding):
				// only y's reply came back sooner. A run that left x without
				// the lock granted nothing: 3.8.1's lock() returns "acquired"
				// after an interrupt with no grant (#1593)
				continue
			}
			v := Violation{Property: "fifo", At: y.End, Actors: []string{x.Owner, y.Owner},
				Detail: fmt.Sprintf("%s queued at t=%s but %s, queued at t=%s, got the lock first (t=%s)", x.Owner, xq, y.Owner, yq, y.End)}
			m, ok := vw.grantUnheard(x, xi, y.ExecVirtual)
			if !ok {
				m, ok = vw.restoredPlace(x)
			}
			if !ok {
				m, ok = vw.lostPlace(x, xi, xq, y.End)
			}
			if !ok {
				m, ok = vw.requeuedBehind(x, xi, y.Owner, xq, y.End)
			}
			if !ok {
				// the waiters' calls in the window: a place kept from an
				// earlier call of the thread is that call's too
				ops, tags := []model.Op{x, *y}, []string{opTag(xi), opTag(yi)}
				for k, op := range h.Ops {
					if (op.Owner == x.Owner || op.Owner == y.Owner) && k != xi && k != yi && op.Start <= y.End && (op.End < 0 || op.End >= xq) {
						ops, tags = append(ops, op), append(tags, opTag(k))
					}
				}
				m, ok = vw.waitFault(ops, tags, xq, y.End, yq.Sub(xq))
			}
			if !ok && !vw.everHeld(y.Owner, y.Start, y.End) {
				// y was told it had the lock without holding it: no grant
				// overtook x, y's call returned without one
				m, ok = cause("no-hold", fmt.Sprintf("%s's %s returned with the lock at t=%s, but the store never had its hold", y.Owner, y.Call, y.End), y.Start, y.End, y.Proc), true
			}
			if !ok {
				m = cause("overtaken", v.Detail, xq.Add(-sim.Minute), y.End, x.Proc)
			}
			v.explained(m)
			out = append(out, v)
			break // one overtake per earlier waiter tells the story
		}
	}
	return out
}

// grantUnheard explains an overtake in which the master granted x first
// (before y's grant at yGrant) and x never heard of it: a send of x's
// call ran, left x holding the lock, and its reply was lost, or held up
// until after the call's next send had run, or its request was held up
// past the response timeout, so the client had failed that attempt and
// re-sent (R16:RedisExecutor.java:318-333) and dropped the reply when it
// came. The reply leaves when the run's batch completes: at the run, or
// when the WAIT a synced batch ends with answers. The hold that grant
// gave was gone before x's call took the lock again (y was granted
// meanwhile). The fault that kept the grant from x is the mechanism. ok
// is false when no run of x's call granted it before yGrant, or nothing
// kept the grant from it.
func (vw *view) grantUnheard(x model.Op, xi int, yGrant sim.Time) (Mechanism, bool) {
	h := vw.h
	tag := opTag(xi)
	timeout := sim.Duration(h.Settings.Timeout) * sim.Millisecond
	for i := max(vw.sampleAt(x.PlaceTakenAt()), 0); i < len(h.Store) && h.Store[i].At < yGrant; i++ {
		grant := &h.Store[i]
		if grant.Tag != tag || !slices.Contains(grant.Holders, x.Owner) || x.End >= 0 && x.End <= grant.At {
			continue
		}
		// the call's next run (a re-send's): the grant's reply left before it
		next := sim.Time(-1)
		if j := vw.laterSample(i, func(p *model.StoreSample) bool { return p.Tag == tag }); j >= 0 {
			next = h.Store[j].At
		}
		// the grant's own request: the last of the call's sent before it
		// ran and held up past the response timeout
		var held *model.NetEvent
		var by sim.FaultSpan
		for k := range h.Net {
			e := &h.Net[k]
			if e.At > grant.At && (next < 0 || e.At >= next) {
				break
			}
			f, ok := vw.fault(e.Fault)
			if e.Tag != tag || !ok {
				continue
			}
			reply := e.At >= grant.At
			switch {
			case reply && e.Kind == sim.NetReplyLost:
				return faultMech(f, fmt.Sprintf("%s: %s's %s was granted first, at t=%s (the master's script), but the reply never reached it, and the hold that grant gave was gone before the call took the lock again", describeFault(f), x.Owner, x.Call, grant.At)), true
			case reply && e.Kind == sim.NetDelayed && next >= 0 && e.At.Add(e.Delay) > next:
				return faultMech(f, fmt.Sprintf("%s: %s's %s was granted first, at t=%s (the master's script), but its reply, sent at t=%s, was held up %s, until after the call's re-send had run at t=%s: the client had failed that attempt and dropped the reply, and the hold that grant gave was gone before the call took the lock again", describeFault(f), x.Owner, x.Call, grant.At, e.At, e.Delay, next)), true
			case !reply && e.Kind == sim.NetDelayed && timeout > 0 && e.At.Add(timeout) <= grant.At:
				held, by = e, f
			}
		}
		if held != nil {
			return faultMech(by, fmt.Sprintf("%s: %s's %s was granted first, at t=%s (the master's script), by a request sent at t=%s and held up past the %s response timeout: the client had re-sent it and dropped the grant's reply, and the hold that grant gave was gone before the call took the lock again", describeFault(by), x.Owner, x.Call, grant.At, held.At, timeout)), true
		}
	}
	return Mechanism{}, false
}

// restoredPlace explains the place x kept from an earlier call of its
// thread (its QueueKept, taken at KeptSince) when x.Owner had left the
// queue since (that call was granted, or gave up) and a master change
// brought its entry back: the promoted replica, or the restarted master,
// lacked the writes that removed it (asynchronous replication), so x's
// call found the old entry and kept a place it no longer had. The master
// change is the mechanism. ok is false when x's place was not so restored.
func (vw *view) restoredPlace(x model.Op) (Mechanism, bool) {
	if !x.QueueKept {
		return Mechanism{}, false
	}
	h := vw.h
	left := sim.Time(-1) // when x.Owner was last seen leaving the queue
	for i := max(vw.sampleAt(x.KeptSince), 0); i < len(h.Store) && h.Store[i].At <= x.QueuedAt; i++ {
		smp := &h.Store[i]
		in := slices.Contains(smp.Queue, x.Owner)
		switch {
		case !in && left < 0:
			left = smp.At
		case in && left >= 0 && smp.Script == becameMaster:
			for _, f := range vw.faults {
				if changesMaster(f) && f.Start >= left && f.Start <= smp.At {
					return faultMech(f, fmt.Sprintf("%s: %s had left the fair queue at t=%s, and the master that took over at t=%s still had its entry (asynchronous replication), where its %s called at t=%s kept the place taken at t=%s", describeFault(f), x.Owner, left, smp.At, x.Call, x.Start, x.KeptSince)), true
				}
			}
			left = -1
		case in:
			left = -1
		}
	}
	return Mechanism{}, false
}

// lostPlace explains a waiter x (h.Ops[xi]) that lost its place in the
// queue between from and to to an earlier call of its own thread: a
// request of that call (its acquireFailed, a late try) that ran after x
// had queued and removed or re-queued it. That call's failure is the
// mechanism (the fault that held its request up). ok is false when no
// such request ran.
func (vw *view) lostPlace(x model.Op, xi int, from, to sim.Time) (Mechanism, bool) {
	h := vw.h
	for i := vw.sampleAt(from) + 1; i > 0 && i < len(h.Store) && h.Store[i].At <= to; i++ {
		smp, prev := &h.Store[i], &h.Store[i-1]
		if smp.Tag == opTag(xi) || !slices.Contains(prev.Queue, x.Owner) || slices.Contains(smp.Queue, x.Owner) {
			continue
		}
		op := h.CallOf(smp.Tag)
		if op == nil || op.Owner != x.Owner {
			continue
		}
		what := fmt.Sprintf("%s's earlier %s (called at t=%s) ran its %s at t=%s, after that call had ended and %s had queued again, and took its place", x.Owner, op.Call, op.Start, smp.Script, smp.At, x.Owner)
		if m, ok := vw.callFault(*op, smp.Tag, op.End); ok {
			m.Detail = what + ": " + m.Detail
			return m, true
		}
		return cause("late-request", what, op.Start, to, op.Proc), true
	}
	return Mechanism{}, false
}

// requeuedBehind explains x losing its place to y when x's own script
// found x's entry stale, removed it and queued x again at the tail (the
// fair scripts' stale-waiter loop runs before the enqueue): an eviction
// by its own hand, explained as Evicted explains one.
func (vw *view) requeuedBehind(x model.Op, xi int, y string, from, to sim.Time) (Mechanism, bool) {
	h := vw.h
	for i := vw.sampleAt(from) + 1; i > 0 && i < len(h.Store) && h.Store[i].At <= to; i++ {
		smp, prev := &h.Store[i], &h.Store[i-1]
		by := h.CallOf(smp.Tag)
		if by == nil || by.Owner != x.Owner {
			continue // a script of x's own calls (its place may be an earlier call's)
		}
		px, py := slices.Index(prev.Queue, x.Owner), slices.Index(prev.Queue, y)
		nx, ny := slices.Index(smp.Queue, x.Owner), slices.Index(smp.Queue, y)
		if px >= 0 && py >= 0 && px < py && nx > ny && ny >= 0 {
			// the call whose script it was lost the place: x, or an
			// earlier call of x's thread whose request ran after it had
			// ended (an interrupted lock()'s last try), judged by its
			// own wait
			e := *by
			e.Evicted, e.EvictedAt = true, smp.At
			m := vw.eviction(e, smp.Tag)
			m.Detail = fmt.Sprintf("%s's own retry at t=%s found its entry stale, removed it and queued it again behind %s: %s", x.Owner, smp.At, y, m.Detail)
			return m, true
		}
	}
	return Mechanism{}, false
}

// waitFault names a fault that struck one of the waiters ops (tagged
// tags) while they waited in [from, to]: a message of theirs lost or held
// up, a pub/sub message of their process lost (a wake-up), their process
// paused or cut off, the master changed, or a client clock off by at
// least margin. ok is false when none did.
func (vw *view) waitFault(ops []model.Op, tags []string, from, to sim.Time, margin sim.Duration) (Mechanism, bool) {
	var procs []string
	for _, op := range ops {
		procs = append(procs, op.Proc)
	}
	for _, e := range vw.h.Net {
		if e.At < from {
			continue
		}
		if e.At > to {
			break
		}
		mine := slices.Contains(tags, e.Tag) || e.Kind == sim.NetPubSubLost && slices.Contains(procs, e.Proc)
		if !mine {
			continue
		}
		if f, ok := vw.fault(e.Fault); ok && (e.Kind != sim.NetDelayed || e.Delay >= margin) {
			return faultMech(f, fmt.Sprintf("%s: a message of %s's %s at t=%s", describeFault(f), e.Proc, e.Kind, e.At)), true
		}
	}
	for _, f := range vw.faults {
		if f.Start > to || spanEnd(f, to) < from {
			continue
		}
		switch f.Kind {
		case sim.FaultPause, sim.FaultPartition, sim.FaultCrash:
			if slices.Contains(procs, f.Target) {
				return faultMech(f, describeFault(f)+": a waiter's process stopped while it waited"), true
			}
		case sim.FaultMasterCrash, sim.FaultRestart:
			return faultMech(f, describeFault(f)+": the queue changed masters while they waited"), true
		case sim.FaultServerStep:
			if abs(f.Amount) >= margin {
				return faultMech(f, describeFault(f)+": the master's clock jumped by more than the waiters' margin"), true
			}
		}
	}
	// the fair scripts compute queue timeouts from the clients' clocks
	for _, f := range vw.faults {
		if (f.Kind == sim.FaultClockSkew || f.Kind == sim.FaultClockStep) && slices.Contains(procs, f.Target) && f.Start <= to && abs(f.Amount) >= margin {
			return faultMech(f, fmt.Sprintf("%s: a client clock off by %s, more than the waiters' margin of %s (the fair scripts' timeouts come from client clocks)", describeFault(f), abs(f.Amount), margin)), true
		}
	}
	return Mechanism{}, false
}

func abs(d sim.Duration) sim.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// Abandoned (property fifo) finds fair waiters whose tryLock(wait) ran out and returned
// false without giving up their place: Redisson's tryLock calls
// acquireFailed (RedissonFairLock.acquireFailedAsync removes the waiter from
// the queue and the timeout set) before it returns false, so nobody queued
// behind is held up by a caller who has left. A fault that lost the
// acquireFailed (or cut its process off) explains it.
func Abandoned(h *model.History, faults []sim.FaultSpan) []Violation {
	return abandoned(newView(h, faults))
}

func abandoned(vw *view) []Violation {
	var out []Violation
	for i, op := range vw.h.Ops {
		if op.Call != model.CallTryLockWait || op.Outcome != "not-acquired" || op.QueuePos == 0 || op.GaveUpAt >= 0 {
			continue
		}
		v := Violation{Property: "fifo", Kind: "abandoned", At: op.End, Actors: []string{op.Owner},
			Detail: fmt.Sprintf("%s's tryLock(wait) gave up at t=%s without leaving the queue (no acquireFailed ran)", op.Owner, op.End)}
		m, ok := vw.callFault(op, opTag(i), op.End)
		if !ok {
			m = cause("abandoned", v.Detail, op.Start, op.End, op.Proc)
		}
		v.explained(m)
		out = append(out, v)
	}
	return out
}

// Evicted checks the live waiters that lost their place in the fair queue
// while they still waited (removed as stale by another caller's script, or
// by their own retry's, which queues them again at the tail). A waiter
// whose own wait had run out (a tryLock(wait) past its wait) had no claim
// left; one a fault struck while it waited (its process stopped, its
// messages lost, a client clock off) lost its place by design. Any other
// eviction breaks the queue's order: a bug unless a catalogued flaw
// explains it (3.8.1's score drift, #2099).
func Evicted(h *model.History, faults []sim.FaultSpan) []Violation {
	return evicted(newView(h, faults))
}

func evicted(vw *view) []Violation {
	var out []Violation
	for i, op := range vw.h.Ops {
		if !op.Evicted {
			continue
		}
		queued := fmt.Sprintf("queued at t=%s", op.QueuedAt)
		if op.QueueKept && op.KeptSince < op.Start {
			queued = fmt.Sprintf("in the place an earlier call took at t=%s", op.KeptSince)
		}
		v := Violation{Property: "evicted", At: op.EvictedAt, Actors: []string{op.Owner},
			Detail: fmt.Sprintf("%s (%s, called at t=%s), %s, was removed from the queue as stale at t=%s while still waiting", op.Owner, op.Call, op.Start, queued, op.EvictedAt)}
		v.explained(vw.eviction(op, opTag(i)))
		out = append(out, v)
	}
	return out
}

// eviction explains a waiter's eviction.
func (vw *view) eviction(op model.Op, tag string) Mechanism {
	if op.Call == model.CallTryLockWait && op.Wait >= 0 && op.EvictedAt >= op.Start.Add(sim.Duration(op.Wait)*sim.Millisecond) {
		return Mechanism{Kind: MechContract, Name: "wait-ran-out",
			Detail: fmt.Sprintf("its tryLock wait of %d ms had run out at t=%s", op.Wait, op.Start.Add(sim.Duration(op.Wait)*sim.Millisecond))}
	}
	ops, tags := []model.Op{op}, []string{tag}
	// the caller whose script removed it
	if i := vw.sampleAt(op.EvictedAt); i >= 0 {
		if by := vw.h.CallOf(vw.h.Store[i].Tag); by != nil && by.Owner != op.Owner {
			ops, tags = append(ops, *by), append(tags, vw.h.Store[i].Tag)
		}
	}
	if m, ok := vw.waitFault(ops, tags, op.Start, op.EvictedAt, 0); ok {
		return m
	}
	// a place kept from an earlier call of the thread was that call's
	// while it lasted: what struck it then counts, after what struck
	// the waiters since this call began
	from, kept := op.Start, vw.keptBy(op, tag)
	if len(kept) > 0 {
		from = op.KeptSince
		for _, k := range kept {
			ops, tags = append(ops, vw.h.Ops[k]), append(tags, opTag(k))
		}
		if m, ok := vw.waitFault(ops, tags, from, op.EvictedAt, 0); ok {
			return m
		}
	}
	if m, ok := vw.outwaited(op, kept); ok {
		return m
	}
	// the queue is shared: a flaw acting on it may act through any
	// caller, on the waiters ahead as well
	return cause("evicted-live", fmt.Sprintf("%s's score passed while it still waited, with no fault on it", op.Owner), from.Add(-sim.Minute), op.EvictedAt)
}

// keptBy are the indices of the earlier calls of op's thread (op tagged
// tag) that held the place op kept (taken at op.KeptSince): those that
// ended after it was taken, before op began. nil when op's place is its
// own.
func (vw *view) keptBy(op model.Op, tag string) []int {
	if op.QueuePos == 0 || !op.QueueKept || op.KeptSince >= op.Start {
		return nil
	}
	var out []int
	for k, o := range vw.h.Ops {
		if o.Owner == op.Owner && opTag(k) != tag && o.Start < op.Start && o.End >= op.KeptSince {
			out = append(out, k)
		}
	}
	return out
}

// outwaited names the fair queue's own arithmetic (Settings.FairQueueBudget)
// as what evicted op, a lock() waiter, which sent threadWaitTime as its
// wait: its timeout counted the lock's ttl when the queue formed and
// threadWaitTime per place ahead, each grant ahead since took
// threadWaitTime off it, and nothing counted the holds those grants began,
// so holds ahead that outlast that budget push a live waiter's timeout
// past while it waits (#3004). The eviction must fit it: a grant to
// another owner while it was queued, or a wait in the queue of
// threadWaitTime or more (its timeout was at least that far ahead when it
// queued). A tryLock(wait) sends its own wait instead (fair-wait), and
// 4.7.0's handleNoSync requeues a waiter (requeue): where either path was
// taken in the window evicted-live looks at (from a minute before the
// call), that flaw is what the catalogue names.
func (vw *view) outwaited(op model.Op, kept []int) (Mechanism, bool) {
	st := vw.h.Settings
	if !st.FairQueueBudget || st.ThreadWaitTime <= 0 || op.Call != model.CallLock || op.QueuePos == 0 {
		return Mechanism{}, false
	}
	// the earlier calls that held a kept place must have sent
	// threadWaitTime too (a tryLock(wait) that queued sent its own)
	for _, k := range kept {
		if a := vw.h.Ops[k]; a.QueuePos > 0 && a.FairWait != st.ThreadWaitTime {
			return Mechanism{}, false
		}
	}
	queued := op.QueuedAt
	if kept != nil {
		queued = op.KeptSince
	}
	// a caller that sent another wait than threadWaitTime (its tryLock's
	// own) and was queued while op was put that wait into the timeouts
	// behind it, and its grant or leaving took it off them: fair-wait's
	// arithmetic, not the budget's
	for _, a := range vw.h.Ops {
		if a.Owner != op.Owner && a.FairWait >= 0 && a.FairWait != st.ThreadWaitTime && a.QueuePos > 0 &&
			a.QueuedAt <= op.EvictedAt && (a.End < 0 || a.End >= queued) {
			return Mechanism{}, false
		}
	}
	for _, f := range []string{"fair-wait", "requeue"} {
		if vw.tookPath(f, "", "", min(op.Start, queued).Add(-sim.Minute), op.EvictedAt) {
			return Mechanism{}, false
		}
	}
	grants := vw.fairGrants(op.Owner, queued, op.EvictedAt)
	budget := sim.Duration(st.ThreadWaitTime) * sim.Millisecond
	if waited := op.EvictedAt.Sub(queued); grants == 0 && waited < budget {
		return Mechanism{}, false
	}
	return cause("outwaited", fmt.Sprintf("%s, queued at t=%s, waited %s: its timeout counted the lock's ttl when the queue formed and threadWaitTime (%d ms) per place ahead, %d grant(s) ahead since took threadWaitTime off it each, and the holds they began were counted nowhere, so it passed while %s still waited",
		op.Owner, queued, op.EvictedAt.Sub(queued), st.ThreadWaitTime, grants, op.Owner), queued, op.EvictedAt), true
}

// fairGrants counts the fair lock's grants to owners other than owner after
// from, up to to, as the master ran them: a script of another caller's
// acquire that found the lock free and took it. Each grant takes its
// wait off every timeout still queued (RedissonFairLock
// tryLockInnerAsync: zincrby), whether or not the call that made it
// returned with the lock (a WAIT that failed after it, #3994, still
// granted it).
func (vw *view) fairGrants(owner string, from, to sim.Time) int {
	h, n := vw.h, 0
	for i := max(vw.sampleAt(from)+1, 1); i < len(h.Store) && h.Store[i].At <= to; i++ {
		smp, prev := &h.Store[i], &h.Store[i-1]
		if len(prev.Holders) > 0 || len(smp.Holders) == 0 || smp.Node != prev.Node || smp.Holders[0] == owner {
			continue
		}
		if by := h.CallOf(smp.Tag); by != nil && by.Owner == smp.Holders[0] && by.Call.Acquires() {
			n++
		}
	}
	return n
}
