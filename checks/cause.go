package checks

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// The mechanisms behind the events the checks judge. Each explainer looks
// at the event that made a violation — a hold gone, a call that failed, a
// renewal that never came — and names what did it: a fault only where it
// struck the actors' own process or messages and was large enough to
// matter, a contract action only where it did the deed, a lease only
// where it was the lease that ran out. What nothing explains is returned
// as a cause (MechNone) with the window and processes where a catalogued
// flaw's code path would have had to act (package verdict).

// pauseMargin is how close to a deadline a pause or partition must last
// to have kept a renewal from arriving in time: the process resumes and
// sends at once, and a request takes well under this.
const pauseMargin = 500 * sim.Millisecond

// tagOf is the tag of h.Ops[i].
func opTag(i int) string { return "op/" + strconv.Itoa(i) }

// renewTag is the tag of h.Renewals[i].
func renewTag(i int) string { return "renew/" + strconv.Itoa(i) }

// watchdogPeriod is a third of lockWatchdogTimeout: how long after a
// hold's watchdog starts, or a renewal completes, the next renewal runs.
func (v *view) watchdogPeriod() sim.Duration {
	return sim.Duration(v.h.Settings.Watchdog/3) * sim.Millisecond
}

// procOfOwner is the process of owner ("" when no call of it is known).
func (v *view) procOfOwner(owner string) string { return v.procOf[owner] }

// missing explains why owner, which believed it held the lock at time at
// (its section began at sec.Start, its acquire was called at
// sec.Called), had no hold in the master's lock then. ok is false when
// the store did hold it at that time (nothing to explain).
func (v *view) missing(sec model.Section, at sim.Time) (Mechanism, bool) {
	g, gone := v.lastGone(sec.Owner, sec.Called, at)
	if !gone {
		if v.heldAt(sec.Owner, at) {
			// held at the last script; gone since if its TTL ran out
			// before at with no script to see it (Redis expires lazily)
			if g, ok := v.expiredSince(sec.Owner, at); ok {
				return v.explainGone(g, &sec), true
			}
			return Mechanism{}, false
		}
		if !v.everHeld(sec.Owner, sec.Called, at) {
			return v.neverHeld(sec, at), true
		}
		// held, then gone before the window's samples (the first sample
		// of the window already lacks it): look back once more
		if g2, ok := v.lastGone(sec.Owner, sec.Called-1, at); ok {
			return v.explainGone(g2, &sec), true
		}
		return cause("not-in-store", fmt.Sprintf("%s believed it held the lock at t=%s, but the store had no hold of it", sec.Owner, at), sec.Called, at, sec.Proc), true
	}
	for {
		e, ok := v.retakenUncounted(g, sec.Called, at)
		if !ok {
			break
		}
		g = e
	}
	return v.explainGone(g, &sec), true
}

// retakenUncounted: the hold of g's owner that went at g was one the
// thread never counted by at. An earlier event of the section (after
// from, its acquiring call) took the hold it counted, and the run that
// put the owner back in the lock after that was an acquire of a call of
// its own that had not returned with the lock by at, a fault having struck
// the call (a re-entry's command re-sent after its request was lost,
// which found the lock free and took it afresh, and whose reply was lost:
// R47:RedisExecutor.java:467-482). The owner's belief was broken by
// the earlier event, which is returned; whatever took the
// uncounted hold later only kept the lock from others a while longer
// (seed 1878 of fencedlock-4.7.0, preset all, a 2 s watchdog: a sibling's
// forceUnlock, then the thread's re-sent tryLock(lease) re-took the lock,
// its reply lost, and a renewal's re-send cut that hold to 2 s).
func (v *view) retakenUncounted(g holdGone, from, at sim.Time) (holdGone, bool) {
	var prev holdGone
	found := false
	for _, e := range v.gone {
		if e.Sample >= g.Sample {
			break
		}
		if e.Owner == g.Owner && v.h.Store[e.Sample].At > from {
			prev, found = e, true
		}
	}
	if !found {
		return holdGone{}, false
	}
	// the run that put the owner back
	k := v.laterSample(prev.Sample-1, func(p *model.StoreSample) bool { return slices.Contains(p.Holders, g.Owner) })
	if k < 0 || k >= g.Sample {
		return holdGone{}, false
	}
	smp := &v.h.Store[k]
	op := v.h.CallOf(smp.Tag)
	counted := op != nil && op.Outcome == "acquired" && op.End >= 0 && op.End <= at
	if op == nil || op.Owner != g.Owner || !op.Call.Acquires() || counted {
		return holdGone{}, false
	}
	// a fault that struck the call is why it did not count the hold;
	// with none, that it did not is what a rule must explain (an acquire
	// that did not count, below)
	if _, ok := v.callFault(*op, smp.Tag, at); !ok {
		return holdGone{}, false
	}
	return prev, true
}

// expiredSince finds owner's hold, which the last sample before at shows,
// expired by at: its deadline passed with no script run since to see it.
func (v *view) expiredSince(owner string, at sim.Time) (holdGone, bool) {
	i := v.sampleAt(at)
	if i < 0 {
		return holdGone{}, false
	}
	last := &v.h.Store[i]
	if last.TTL < 0 {
		return holdGone{}, false
	}
	d := last.ServerMs + last.TTL
	expiredAt := last.At.Add(sim.Duration(last.TTL) * sim.Millisecond)
	if at < expiredAt {
		// by the master's own clock, which a step may have moved: what
		// the next script on the same master read, back to at
		if i+1 < len(v.h.Store) && v.h.Store[i+1].Node == last.Node && v.h.Store[i+1].Epoch == last.Epoch {
			next := &v.h.Store[i+1]
			if next.ServerMs-int64(next.At.Sub(at)/sim.Millisecond) <= d {
				return holdGone{}, false
			}
			expiredAt = at
		} else if t, ok := v.steppedPast(last, d, at); ok {
			// no later script on that master (it failed over first):
			// the steps of its clock since the sample, as the plan made them
			expiredAt = t
		} else {
			return holdGone{}, false
		}
	}
	return holdGone{Owner: owner, Sample: i + 1, How: goneExpired, Deadline: d,
		ExpiredAt: expiredAt, Armed: v.armedAt(i, d, owner)}, true
}

// steppedPast is when the master of sample last, its clock stepped
// (server-step) after the sample and before any master change, passed
// deadline d (server ms) by at; false when it had not.
func (v *view) steppedPast(last *model.StoreSample, d int64, at sim.Time) (sim.Time, bool) {
	until := at // a step after a master change strikes another master, or none
	for _, f := range v.faults {
		if changesMaster(f) && f.Start > last.At && f.Start < until {
			until = f.Start
		}
	}
	var step sim.Duration
	var lastStep sim.Time
	for _, f := range v.faults {
		if f.Kind == sim.FaultServerStep && f.Start > last.At && f.Start <= until {
			step += f.Amount
			lastStep = max(lastStep, f.Start)
		}
	}
	if step == 0 {
		return 0, false
	}
	// Redis expires a key once its clock reads past the deadline
	t := max(lastStep, last.At.Add(sim.Duration(d-last.ServerMs)*sim.Millisecond-step+sim.Millisecond))
	if t > at {
		return 0, false
	}
	return t, true
}

// neverHeld explains an acquisition that returned "acquired" while the
// store never had the caller's hold.
func (v *view) neverHeld(sec model.Section, at sim.Time) Mechanism {
	// a failover right after the grant: the new master never had it
	for _, f := range v.faults {
		if changesMaster(f) && f.Start >= sec.Called && f.Start <= at {
			return faultMech(f, fmt.Sprintf("%s; %s's hold was lost with the master before a sample saw it", describeFault(f), sec.Owner))
		}
	}
	return cause("no-hold", fmt.Sprintf("%s's acquisition at t=%s returned with the lock, but the store never had its hold", sec.Owner, sec.Start), sec.Called, at, sec.Proc)
}

// explainGone explains hold-gone event g of sec's owner (sec may be nil:
// a hold its owner did not count).
func (v *view) explainGone(g holdGone, sec *model.Section) Mechanism {
	if g.How == goneExpired {
		return v.explainExpired(g, sec)
	}
	st := v.h.Store
	cur, prev := &st[g.Sample], &st[g.Sample-1]
	who := g.Owner
	proc := v.procOfOwner(who)
	switch g.How {
	case goneMaster:
		for _, f := range v.faults {
			if changesMaster(f) && f.Start >= prev.At && f.Start <= cur.At {
				what := "the promoted replica had not received"
				if f.Kind == sim.FaultRestart {
					what = "Redis restarted without persistence and lost"
				}
				return faultMech(f, fmt.Sprintf("%s: %s %s's hold (asynchronous replication)", describeFault(f), what, who))
			}
		}
		return cause("lost-on-new-master", fmt.Sprintf("the master changed between t=%s and t=%s and the new one lacks %s's hold", prev.At, cur.At, who), prev.At, cur.At, proc)
	case goneDeleted:
		op := v.h.CallOf(cur.Tag)
		switch {
		case op == nil:
			return cause("deleted", fmt.Sprintf("%s on %s at t=%s deleted %s's hold", cur.Script, cur.Node, cur.At, who), cur.At, cur.At, proc)
		case op.Call == model.CallForceUnlock:
			return Mechanism{Kind: MechContract, Name: "force-unlock",
				Detail: fmt.Sprintf("%s's forceUnlock() deleted %s's hold at t=%s (it deletes whoever's hold: RLock.forceUnlock)", op.Owner, who, cur.At)}
		case op.Owner != who:
			from := op.Start
			if sec != nil {
				from = min(from, sec.Called)
			}
			return cause("deleted-by-other", fmt.Sprintf("%s's %s (its command ran at t=%s) deleted %s's hold", op.Owner, op.Call, cur.At, who), from, cur.At, proc, op.Proc)
		default:
			from := op.Start
			if sec != nil && op.End >= 0 && op.End <= sec.Called {
				// a release of the owner's that had returned (a timeout)
				// before this hold was taken, its command held up in the
				// network until after: what held it up is the mechanism
				if m, ok := v.callFault(*op, cur.Tag, cur.At); ok {
					m.Detail = fmt.Sprintf("%s's %s at t=%s returned (%s) before its next hold was taken at t=%s, and its command, run at t=%s, deleted that hold: %s", who, op.Call, op.Start, cmp.Or(op.Err, op.Outcome), sec.Called, cur.At, m.Detail)
					return m
				}
			}
			// the deleting run was the same unlock's second: that is the
			// mechanism, whatever the section lost before
			if m, ok := v.unlockRanTwice(*op, g.Sample, who); ok {
				return m
			}
			// or a re-send of the acquire's own handleNoSync undo
			if m, ok := v.undoResent(*op, g.Sample, who); ok {
				return m
			}
			if sec != nil {
				from = min(from, sec.Called)
				// the store counted fewer holds than the owner because one
				// it counted was lost before: that loss is the mechanism
				if e, ok := v.goneBefore(who, sec.Called, g.Sample); ok {
					m := v.explainGone(e, sec)
					m.Detail = fmt.Sprintf("%s's own %s at t=%s deleted its last hold while it counted more, one it counted having been lost before: %s", who, op.Call, cur.At, m.Detail)
					return m
				}
				// or because an earlier unlock of the section counted down
				// twice
				if m, ok := v.unlockCountedTwice(who, sec.Called, g.Sample); ok {
					m.Detail = fmt.Sprintf("%s's own %s at t=%s deleted its last hold while it counted more: %s", who, op.Call, cur.At, m.Detail)
					return m
				}
				// or because an earlier unlock's command, held up past its
				// call's return, counted down a hold of this section
				if m, ok := v.lateUnlockCounted(who, sec, g.Sample); ok {
					m.Detail = fmt.Sprintf("%s's own %s at t=%s deleted its last hold while it counted more: %s", who, op.Call, cur.At, m.Detail)
					return m
				}
				// or because an earlier unlock's held-up first send, whose
				// re-send answered the call, counted down a hold of this
				// section
				if m, ok := v.resentUnlockLate(who, sec, g.Sample); ok {
					m.Detail = fmt.Sprintf("%s's own %s at t=%s deleted its last hold while it counted more: %s", who, op.Call, cur.At, m.Detail)
					return m
				}
				// or because a failover lost a re-entry's count
				if m, ok := v.reentryLost(who, sec, g.Sample); ok {
					m.Detail = fmt.Sprintf("%s's own %s at t=%s deleted its last hold while it counted more: %s", who, op.Call, cur.At, m.Detail)
					return m
				}
			}
			// or because the deleting run was a re-send of the same
			// unlock, on a lock whose unlock keeps no latch
			if m, ok := v.unlockResent(*op, g.Sample, who); ok {
				return m
			}
			return cause("deleted-by-own", fmt.Sprintf("%s's own %s (its command ran at t=%s) deleted its hold while it believed it still held the lock", who, op.Call, cur.At), from, cur.At, proc)
		}
	}
	return cause("gone", fmt.Sprintf("%s's hold left the lock at t=%s", who, cur.At), prev.At, cur.At, proc)
}

// goneBefore is owner's last hold-gone event after from (a section's
// acquiring call began) and before sample i, save a grant that call's own
// handleNoSync undid before it returned (undoneByAcquire), or that expired
// before the call's own later run took the lock anew (regrantedByAcquire):
// the thread never counted that hold.
func (v *view) goneBefore(owner string, from sim.Time, i int) (holdGone, bool) {
	var found holdGone
	ok := false
	for _, g := range v.gone {
		if g.Sample >= i {
			break
		}
		if g.Owner == owner && v.h.Store[g.Sample].At > from && !v.undoneByAcquire(g, from) && !v.regrantedByAcquire(g, from) {
			found, ok = g, true
		}
	}
	return found, ok
}

// undoneByAcquire says whether hold-gone event g was the deletion by an
// unlock script run under the acquiring call of owner's that began at
// called, before that call returned: 4.7.0's handleNoSync undoing the
// call's own grant after a WAIT that counted no replica
// (RedissonBaseLock.java:281-283, CommandAsyncService.java:1038-1066),
// which ServiceManager.execute then repeats (ServiceManager.java:618-637).
// The call had not returned the grant, so no count of the thread's went.
func (v *view) undoneByAcquire(g holdGone, called sim.Time) bool {
	smp := &v.h.Store[g.Sample]
	if g.How != goneDeleted || !strings.Contains(smp.Script, "unlockInnerAsync") {
		return false
	}
	op := v.h.CallOf(smp.Tag)
	return op != nil && op.Owner == g.Owner && op.Call.Acquires() && op.Start == called && (op.End < 0 || smp.At <= op.End)
}

// regrantedByAcquire says whether hold-gone event g was the expiry of a
// grant that the acquiring call of owner's that began at called made and
// never returned, whose own later run, before it returned, took the lock
// anew, at the event's sample or after it: the grant's reply was lost or
// late, no watchdog started for it (R16:RedissonLock.java:178-186 starts
// it when the reply comes), and RedisExecutor's re-send took the lock
// again (R16:RedisExecutor.java:318-334), or found it taken and the call
// waited and took it later (seed 2183 of rlock-3.16.8, preset all, a 2 s
// watchdog). The call returned one grant, the later run's, so the thread
// never counted the expired one.
func (v *view) regrantedByAcquire(g holdGone, called sim.Time) bool {
	if g.How != goneExpired || g.Armed < 0 {
		return false
	}
	st := v.h.Store
	arm := &st[g.Armed]
	op := v.h.CallOf(arm.Tag)
	if op == nil || op.Owner != g.Owner || !op.Call.Acquires() || op.Start != called {
		return false
	}
	for k := g.Sample; k < len(st) && (op.End < 0 || st[k].At <= op.End); k++ {
		if st[k].Tag == arm.Tag && st[k].Script == arm.Script && slices.Contains(st[k].Holders, g.Owner) {
			return true
		}
	}
	return false
}

// clockOffset is how far the master's clock read ahead of virtual time
// (ms) in sample smp.
func clockOffset(smp *model.StoreSample) int64 {
	return smp.ServerMs - int64(smp.At/sim.Time(sim.Millisecond))
}

// clockMoved names the fault that moved a deadline armed in sample a
// (on one master's clock) in real time by the time of sample b: a jump of
// the master's clock (server-step), or a failover to a master whose
// clock reads differently from the one that armed it. ok is false when
// the two samples' clocks agree within a second.
func (v *view) clockMoved(a, b *model.StoreSample) (sim.FaultSpan, int64, bool) {
	d := clockOffset(b) - clockOffset(a)
	if d > -1000 && d < 1000 {
		return sim.FaultSpan{}, 0, false
	}
	var step, failover *sim.FaultSpan
	for i := range v.faults {
		f := &v.faults[i]
		switch {
		case f.Kind == sim.FaultServerStep && f.Start <= b.At && step == nil:
			step = f
		case changesMaster(*f) && f.Start >= a.At && f.Start <= b.At && failover == nil:
			failover = f
		}
	}
	switch {
	case a.Epoch == b.Epoch && step != nil:
		return *step, d, true
	case failover != nil:
		return *failover, d, true
	case step != nil:
		return *step, d, true
	}
	return sim.FaultSpan{}, d, false
}

// explainExpired explains a hold whose TTL ran out.
func (v *view) explainExpired(g holdGone, sec *model.Section) Mechanism {
	st := v.h.Store
	arm := &st[g.Armed]
	who := g.Owner
	proc := v.procOfOwner(who)
	armed := g.Deadline - arm.ServerMs // the TTL the arming script set
	// A jump of the master's clock: the deadline passed (on the master's
	// clock) before the armed TTL had run in real time.
	seen := g.ExpiredAt
	if g.Sample < len(st) {
		seen = min(seen, st[g.Sample].At)
	}
	if life := seen.Sub(arm.At); life < sim.Duration(armed)*sim.Millisecond-50*sim.Millisecond {
		for _, f := range v.faults {
			if f.Kind == sim.FaultServerStep && f.Start >= arm.At && f.Start <= seen && f.Amount > 0 {
				return faultMech(f, fmt.Sprintf("%s: %s's hold, armed for %d ms at t=%s, expired after %s of real time", describeFault(f), who, armed, arm.At, life))
			}
		}
		if g.Sample < len(st) {
			if f, d, ok := v.clockMoved(arm, &st[g.Sample]); ok && d > 0 {
				return faultMech(f, fmt.Sprintf("%s: the master that held %s's hold at t=%s read %d ms ahead of the one that armed it for %d ms at t=%s, so it expired after %s of real time", describeFault(f), who, st[g.Sample].At, d, armed, arm.At, life))
			}
		}
	}
	if arm.Script == becameMaster {
		// the new master's deadline is older than the old one's last:
		// re-arms it never received
		for _, f := range v.faults {
			if changesMaster(f) && f.Start <= arm.At && spanEnd(f, arm.At) >= arm.At.Add(-sim.Minute) {
				return faultMech(f, fmt.Sprintf("%s: the new master had %s's hold with an older deadline than the old one's (asynchronous replication lost its re-arms), and it expired at t=%s", describeFault(f), who, g.ExpiredAt))
			}
		}
	}
	op := v.h.CallOf(arm.Tag)
	watchdog := v.h.Settings.Watchdog
	// what the thread did within its section acts on the hold: a lease
	// its lock object kept, a re-entry, a re-send
	since := arm.At
	if sec != nil {
		since = min(since, sec.Called)
	}
	if sec != nil && sec.OuterLease > 0 && sec.Lease > 0 && g.ExpiredAt >= sec.LeaseFrom().Add(sim.Duration(sec.Lease)*sim.Millisecond) {
		// the section was taken with a lease that had run out by then:
		// whatever kept the hold longer, the lock promised no more
		return v.leaseRanOut(who, proc, sec.Lease, sec.LeaseFrom(), sec.LeaseFrom().Add(sim.Duration(sec.Lease)*sim.Millisecond))
	}
	if sec != nil && sec.OuterLease > 0 && sec.Lease < 0 && g.ExpiredAt >= sec.Granted.Add(sim.Duration(sec.OuterLease)*sim.Millisecond) {
		// taken with a lease, then re-entered without one: the watchdog the
		// re-entry started kept the lock past the outer lease only while
		// the re-entry lasted; the outer hold had been promised no more
		return v.leaseRanOut(who, proc, sec.OuterLease, sec.Granted, sec.Granted.Add(sim.Duration(sec.OuterLease)*sim.Millisecond))
	}
	if op != nil && op.Owner == who && sec != nil && op.End >= 0 && op.End <= sec.Called {
		// the command that armed the hold last belongs to a call of the
		// owner's that had returned (a timeout) before this hold was
		// taken: held up in the network, it ran late; what held it up is
		// the mechanism
		if m, ok := v.callFault(*op, arm.Tag, arm.At); ok {
			m.Detail = fmt.Sprintf("%s's %s at t=%s returned (%s) before its next hold was taken at t=%s, and its command, run at t=%s, re-armed that hold for %d ms: %s", who, op.Call, op.Start, cmp.Or(op.Err, op.Outcome), sec.Called, arm.At, armed, m.Detail)
			return m
		}
	}
	if op != nil && op.Call.Acquires() && strings.Contains(arm.Script, "unlockInnerAsync") {
		// an unlock run for an acquire: 4.7.0's handleNoSync undoing it
		return cause("acquire-undone", fmt.Sprintf("%s's %s was undone by an unlock at t=%s (after a WAIT that counted no replica), which re-armed the lock for %d ms, and it expired at t=%s", op.Owner, op.Call, arm.At, armed, g.ExpiredAt), min(since, op.Start), g.ExpiredAt, proc, op.Proc)
	}
	// a re-entry still in progress when the hold ran out, whose run
	// re-armed it with the lease the call itself asked (the re-entrant
	// branch's pexpire, R16:RedissonLock.java:204-207): that lease ran out
	// whether or not the reply later came back, so it is judged as a
	// re-entry that returned with the lock (below), not as one that did
	// not count. Without a lease, its run re-armed the watchdog's timeout
	// under a hold the outer lock()'s watchdog keeps: that watchdog renews
	// the hold whatever the re-entry's reply (a failed re-entry schedules
	// nothing and cancels nothing, R16:RedissonLock.tryAcquireAsync's
	// onComplete), so the expiry is a renewal that did not come
	openReentry := op != nil && op.Call.Acquires() && op.Owner == who && sec != nil && op.Start >= sec.Start &&
		(op.End < 0 || op.End > g.ExpiredAt) &&
		(op.Lease > 0 && near(armed, op.Lease) || op.Lease < 0 && sec.OuterLease < 0 && sec.Lease < 0 && near(armed, watchdog))
	if openReentry && op.Lease < 0 {
		// unless no watchdog counted the thread when that run took the
		// hold: its renewal's 0 had taken the last count (LockTask.java:
		// 97-102), and only the call's return would start one again (a
		// return with a later grant, after the expiry, came too late)
		if z, ok := v.zeroTookWatchdog(who, proc, *sec, arm.At); ok {
			if m, ok := v.offWatchdogRun(*op, arm.Tag, z, armed, arm.At, g.ExpiredAt); ok {
				return m
			}
			if op.Outcome != "acquired" {
				openReentry = false // an acquire that did not count (below)
			}
		}
	}
	if op != nil && op.Call.Acquires() && op.Outcome != "acquired" && op.Owner == who && sec != nil && !openReentry {
		// an acquire of the owner's that re-armed its hold though the call
		// did not return with it (its reply lost or late, its caller
		// interrupted): what made the call fail is the mechanism
		m := v.uncounted(*op, arm.Tag, *sec, g.ExpiredAt)
		m.Detail = fmt.Sprintf("%s's hold expired at t=%s, last armed for %d ms at t=%s by an acquire of its own that did not count: %s", who, g.ExpiredAt, armed, arm.At, m.Detail)
		return m
	}
	switch {
	case op == nil:
		return cause("expired", fmt.Sprintf("%s's hold expired at t=%s; %s on %s at t=%s armed it for %d ms", who, g.ExpiredAt, arm.Script, arm.Node, arm.At, armed), arm.At, g.ExpiredAt, proc)
	case op.Owner != who:
		if m, ok := v.staleExpire(who, op, g.Armed, armed, g.ExpiredAt); ok {
			m.Detail = fmt.Sprintf("%s's hold expired at t=%s: %s", who, g.ExpiredAt, m.Detail)
			return m
		}
		return cause("rearmed-by-other", fmt.Sprintf("%s's hold expired at t=%s; %s's %s at t=%s had armed it for %d ms", who, g.ExpiredAt, op.Owner, op.Call, arm.At, armed), arm.At, g.ExpiredAt, proc, op.Proc)
	case op.Call.Acquires() && op.ScriptLease > 0 && armed < op.ScriptLease-1 && !slices.ContainsFunc(op.EarlierLeases, func(l int64) bool { return armed >= l-1 }):
		// shorter than any lease a command of the call carried (an
		// earlier command's, which a later attempt replaced, may be the
		// one that ran)
		return cause("armed-short", fmt.Sprintf("%s's %s sent a lease of %d ms but its script armed %d ms (at t=%s); the hold expired at t=%s", who, op.Call, op.ScriptLease, armed, arm.At, g.ExpiredAt), since, g.ExpiredAt, proc)
	case op.Call.Acquires() && op.Lease > 0 && (armed < op.Lease-1 || armed > op.Lease+1) && armed == watchdog:
		// the call's lease was dropped and the watchdog took the lock:
		// then it should have renewed it
		if m, ok := v.renewalMissed(who, proc, arm.At, g.ExpiredAt); ok {
			return m
		}
		return cause("lease-dropped", fmt.Sprintf("%s's %s asked a lease of %d ms but took the lock with the watchdog's %d ms at t=%s, and no renewal came before it expired at t=%s", who, op.Call, op.Lease, armed, arm.At, g.ExpiredAt), min(since, op.Start), g.ExpiredAt, proc)
	case op.Call.Acquires() && op.Lease > 0 && (armed < op.Lease-1 || armed > op.Lease+1):
		// the call asked one lease and its command carried another: the
		// lock object's kept lease (its asked lease dropped or replaced)
		return cause("kept-lease", fmt.Sprintf("%s's %s asked a lease of %d ms but armed %d ms (its lock object's kept lease) at t=%s, and the hold expired at t=%s", who, op.Call, op.Lease, armed, arm.At, g.ExpiredAt), min(since, op.Start), g.ExpiredAt, proc)
	case op.Call.Acquires() && op.Lease > 0:
		if sec != nil && sec.OuterLease < 0 && v.h.Settings.Redisson {
			// the watchdog should renew the outer hold: did it run?
			if m, ok := v.renewalMissed(who, proc, arm.At, g.ExpiredAt); ok {
				return m
			}
			// a re-entry with a lease under a watchdog hold
			return cause("lease-under-watchdog", fmt.Sprintf("%s re-entered its watchdog hold with lease(%d ms) at t=%s, which re-armed the lock for that long, and it expired at t=%s before the watchdog's next renewal", who, op.Lease, arm.At, g.ExpiredAt), since, g.ExpiredAt, proc)
		}
		return v.leaseRanOut(who, proc, armed, arm.At, g.ExpiredAt)
	case op.Call.Acquires() && op.Lease < 0 && v.h.Settings.Redisson && armed != watchdog:
		return cause("kept-lease", fmt.Sprintf("%s's %s without a lease armed %d ms (its lock object's kept lease, not the watchdog's %d ms) at t=%s, and the hold expired at t=%s", who, op.Call, armed, watchdog, arm.At, g.ExpiredAt), min(since, op.Start), g.ExpiredAt, proc)
	case op.Call.Acquires() && !v.h.Settings.Redisson:
		return v.leaseRanOut(who, proc, armed, arm.At, g.ExpiredAt)
	case op.Call == model.CallUnlock && sec != nil && sec.Lease > 0 && near(armed, sec.Lease):
		return Mechanism{Kind: MechLease, Name: "lease",
			Detail: fmt.Sprintf("%s's lease of %d ms, re-armed by its unlock of an inner hold at t=%s, ran out at t=%s", who, armed, arm.At, g.ExpiredAt)}
	case op.Call == model.CallUnlock && v.h.Settings.Redisson && (sec != nil && (sec.Lease > 0 || sec.OuterLease > 0) || !near(armed, watchdog)):
		// the unlock re-arms the lock object's internalLockLeaseTime, which
		// another call set: not the lease the holder last asked (nor, for a
		// hold taken with a lease and re-entered without one, what was left
		// of that lease once the unlock cancelled the re-entry's renewal)
		own, ownMs := fmt.Sprintf("the watchdog's %d ms", watchdog), watchdog
		switch {
		case sec != nil && sec.Lease > 0:
			own, ownMs = fmt.Sprintf("its own lease of %d ms", sec.Lease), sec.Lease
		case sec != nil && sec.OuterLease > 0:
			own, ownMs = fmt.Sprintf("its outer hold's lease of %d ms", sec.OuterLease), sec.OuterLease
		}
		if m, ok := v.failedLeaseCall(who, sec, armed, arm.At); ok {
			return m
		}
		if sec != nil && sec.Lease <= 0 && near(armed, watchdog) {
			// the re-entry without a lease started a watchdog, which
			// renews the lock unless the unlock cancelled it (3.16.8,
			// 4.7.0) or it failed or came late (a fault, 3.8.1 too)
			if m, ok := v.renewalMissed(who, proc, arm.At, g.ExpiredAt); ok {
				return m
			}
			if !v.h.Settings.UnlockCancelsRenewal {
				// the unlock left the watchdog running (3.8.1): something
				// else stopped it
				return cause("no-renewal", fmt.Sprintf("no renewal re-armed %s's hold between t=%s and its expiry at t=%s (the watchdog a re-entry without a lease started, which its unlock of the inner hold at t=%s does not stop)", who, arm.At, g.ExpiredAt, arm.At), sec.Called, g.ExpiredAt, proc)
			}
		}
		if first, ok := v.unlockFirstRun(*op, g.Armed, who); ok && near(first.TTL, ownMs) && !near(armed, ownMs) {
			// the unlock's first run re-armed the holder's own lease; the
			// re-arm was its repeat (ServiceManager.java:618-637), which
			// answers from the first run's latch without touching the hold
			// unless that latch was gone; it re-armed the lock object's
			// internalLockLeaseTime as read anew for the repeat, which the
			// failed first run's handle set back to lockWatchdogTimeout, or
			// another call's lease set since (R47:RedissonLock.java:326-332,
			// 369; RedissonBaseLock.java:155-164)
			from := "which the failed first run's handle had set back to the watchdog's"
			if !near(armed, watchdog) {
				from = "a lease another call set after the failed first run's handle had set it back to the watchdog's"
			}
			did := fmt.Sprintf("re-arming the hold it left for %d ms (its lock object's internalLockLeaseTime when the repeat was made, %s; not %s), and the hold expired at t=%s", armed, from, own, g.ExpiredAt)
			if m, ok := v.unlockRepeated(*op, g.Armed, who, did); ok {
				return m
			}
		}
		return cause("kept-lease", fmt.Sprintf("%s's unlock of an inner hold re-armed %d ms (its lock object's lease, not %s) at t=%s, and the hold expired at t=%s", who, armed, own, arm.At, g.ExpiredAt), min(since, op.Start), g.ExpiredAt, proc)
	}
	if strings.HasPrefix(arm.Tag, "renew/") && v.h.Settings.Redisson && !near(armed, watchdog) {
		// 3.8.1's renewal sends the lock object's internalLockLeaseTime,
		// which another call's lease set, and schedules the next one a
		// third of whatever that field holds then
		if m, ok := v.failedLeaseCall(who, sec, armed, arm.At); ok {
			return m
		}
		// the next renewal, due a third of that lease later, would re-arm
		// it again: unless it failed or came late (a fault, a stopped
		// watchdog), which is then what let it run out
		if m, ok := v.renewalMissed(who, proc, arm.At, g.ExpiredAt); ok {
			return m
		}
		if m, ok := v.keptLeaseHeldUp(who, proc, arm.Tag, armed, arm.At, g.ExpiredAt); ok {
			return m
		}
		return cause("kept-lease", fmt.Sprintf("%s's renewal at t=%s re-armed %d ms (its lock object's lease, not the watchdog's %d ms), and no renewal came before it expired at t=%s", who, arm.At, armed, watchdog, g.ExpiredAt), arm.At.Add(-sim.Duration(v.h.Settings.Timeout)*sim.Millisecond), g.ExpiredAt, proc)
	}
	if r := v.h.CallOf(arm.Tag); sec != nil && sec.OuterLease > 0 && strings.HasPrefix(arm.Tag, "renew/") && near(armed, watchdog) && v.h.Settings.Redisson && r != nil && r.Start < sec.Called {
		// taken with a lease, and it expired before that lease (the outer
		// one's or a re-entry's: the rules above) ran out; last re-armed by
		// a renewal sent for the thread's earlier hold, not this hold's
		// watchdog: it ran after the thread took the lock again with a
		// lease (a re-send after a lost reply, RedisExecutor's response
		// timeout; LockTask.buildChunk pexpires whenever the field exists)
		leases := fmt.Sprintf("a lease of %d ms", sec.OuterLease)
		if sec.Lease > 0 && sec.Lease != sec.OuterLease {
			leases += fmt.Sprintf(" (re-entered with %d ms)", sec.Lease) // the lease the renewal cut
		}
		if m, ok := v.callFault(*r, arm.Tag, arm.At); ok {
			m.Detail = fmt.Sprintf("%s's renewal sent at t=%s, for its earlier hold, ran only at t=%s, after it took the lock again with %s, and re-armed it for %d ms: %s", who, r.Start, arm.At, leases, armed, m.Detail)
			return m
		}
		return cause("stale-renewal", fmt.Sprintf("%s's renewal sent at t=%s, for its earlier hold, ran at t=%s after it took the lock again with %s, and re-armed it for %d ms, which ran out at t=%s", who, r.Start, arm.At, leases, armed, g.ExpiredAt), r.Start, g.ExpiredAt, proc)
	}
	if sec != nil && sec.OuterLease > 0 && !v.leaseDropped(*sec) && strings.HasPrefix(arm.Tag, "renew/") && near(armed, watchdog) && v.h.Settings.Redisson &&
		g.ExpiredAt < sec.Granted.Add(sim.Duration(sec.OuterLease)*sim.Millisecond) {
		// taken with a lease, re-entered without one: the watchdog that
		// re-entry started re-armed the lock for its own timeout, shorter
		// than the lease, and the re-entry's unlock stopped it; unless its
		// next renewal failed or came late (a fault, a stopped watchdog)
		if m, ok := v.renewalMissed(who, proc, arm.At, g.ExpiredAt); ok {
			return m
		}
		return cause("renewed-short", fmt.Sprintf("%s took the lock with a lease of %d ms at t=%s; the watchdog a re-entry without a lease started re-armed it for %d ms at t=%s, and it expired at t=%s, before that lease", who, sec.OuterLease, sec.Granted, armed, arm.At, g.ExpiredAt), sec.Called, g.ExpiredAt, proc)
	}
	m, ok := v.renewalMissed(who, proc, arm.At, g.ExpiredAt)
	if !ok && sec != nil && sec.Lease > 0 && g.ExpiredAt < sec.LeaseFrom().Add(sim.Duration(sec.Lease)*sim.Millisecond) {
		// the lease the thread holds by came from a re-entry whose client
		// dropped it: 4.7.0's lockAndGetToken(lease) sends the lock
		// object's internalLockLeaseTime and starts the watchdog
		// (RedissonFencedLock.java:76-78, 88-98), which the section's
		// unlocks cancel; the hold never had the lease asked
		for _, op := range v.h.Ops {
			if op.Owner == who && op.Call.Acquires() && op.Outcome == "acquired" && op.Nested && op.Lease == sec.Lease &&
				op.ScriptLease > 0 && !near(op.ScriptLease, op.Lease) && op.Start >= sec.Called && op.End <= g.ExpiredAt {
				m := cause("lease-dropped", fmt.Sprintf("%s re-entered with %s asking a lease of %d ms at t=%s, but its client sent %d ms (the lock object's kept lease) and started the watchdog instead; no renewal kept the hold, which expired at t=%s, before the lease asked ran out", who, op.Call, op.Lease, op.Start, op.ScriptLease, g.ExpiredAt), op.Start, g.ExpiredAt, proc)
				m.Owners = []string{who} // the path its own re-entry took
				return m
			}
		}
	}
	if !ok && sec != nil && (sec.OuterLease < 0 || v.leaseDropped(*sec)) && v.h.Settings.Redisson {
		// a re-entry with a lease under this watchdog hold: the renewal
		// counts only the acquisitions without one, and the section's
		// unlocks, one per hold, cancel it while a hold is left
		for _, op := range v.h.Ops {
			if op.Owner == who && op.Call.Acquires() && op.Lease > 0 && near(op.ScriptLease, op.Lease) && op.Outcome == "acquired" && op.End >= sec.Granted && op.End <= g.ExpiredAt {
				// (a lease that reached the script: one the client dropped,
				// 4.7.0's lockAndGetToken(lease), counts as the watchdog's)
				return cause("lease-under-watchdog", fmt.Sprintf("%s re-entered its watchdog hold with %s and a lease (%d ms) at t=%s, which the renewal does not count: its unlocks cancelled the renewal while a hold was left, and it expired at t=%s", who, op.Call, op.Lease, op.End, g.ExpiredAt), sec.Called, g.ExpiredAt, proc)
			}
		}
	}
	if !ok && sec != nil && v.h.Settings.Redisson && v.h.Settings.UnlockCancelsRenewal {
		// taken with a lease, the watchdog hold a re-entry without one:
		// the same count, taken by the unlock of a re-entry with a lease
		// above it while that watchdog hold was left
		if w, l, u, ok := v.watchdogUncounted(who, *sec, g.ExpiredAt); ok {
			return cause("lease-under-watchdog", fmt.Sprintf("%s re-entered without a lease at t=%s, which the renewal counts, then with %s and a lease (%d ms) at t=%s, which it does not: that re-entry's unlock at t=%s took the count while the hold without a lease was left, and no renewal kept the lock, which expired at t=%s", who, w.End, l.Call, l.Lease, l.End, cancelAt(&u), g.ExpiredAt), sec.Called, g.ExpiredAt, proc)
		}
	}
	return m
}

// watchdogUncounted replays owner's calls in sec up to to against the
// renewal's count of its thread (renewalCounts): an acquisition without a
// lease adds one, one with a lease none, and every unlock takes one off.
// It reports the acquisition without a lease whose hold was still held at
// to with the count at zero, the re-entry with a lease whose hold's
// unlock took its count, and that unlock. An acquire or unlock that threw,
// a lease its client dropped, or a forceUnlock leaves the count to the
// other rules.
func (v *view) watchdogUncounted(owner string, sec model.Section, to sim.Time) (w, l, u model.Op, ok bool) {
	type hold struct {
		op       model.Op
		watchdog bool
	}
	var held []hold
	count := 0
	found := false
	for _, c := range v.renewalCounts(sec.Proc, is(owner), to) {
		if c.renewal >= 0 || c.op.Start < sec.Called {
			continue
		}
		if c.failed || c.kind == countEmpty || c.kind == countDropped || c.kind == countUnknown {
			return w, l, u, false
		}
		switch c.kind {
		case countAdd:
			held = append(held, hold{*c.op, true})
			count++
		case countHeld:
			held = append(held, hold{*c.op, false})
		case countTake:
			if c.op.Outcome != "released" {
				continue
			}
			if len(held) == 0 {
				return w, l, u, false
			}
			top := held[len(held)-1]
			held = held[:len(held)-1]
			if count == 0 {
				continue
			}
			count--
			if i := slices.IndexFunc(held, func(x hold) bool { return x.watchdog }); !top.watchdog && i >= 0 && count == 0 {
				w, l, u, found = held[i].op, top.op, *c.op, true
			}
		}
	}
	if !found || count > 0 || !slices.ContainsFunc(held, func(x hold) bool { return x.op.Start == w.Start }) {
		return w, l, u, false
	}
	return w, l, u, true
}

// leaseDropped says whether sec was begun by an acquisition that asked a
// lease its client dropped: its script armed the watchdog's timeout, not
// the lease (4.7.0's lockAndGetToken(lease) calls lockAndGetTokenAsync(),
// RedissonFencedLock.java:76-78, whose tryAcquireAsync sends
// internalLockLeaseTime and starts the watchdog, 88-98). The section's
// OuterLease is the lease asked; its outer hold is a watchdog hold.
// internalLockLeaseTime is the watchdog's timeout, or a lease an earlier
// acquisition of the lock object kept there (RedissonFencedLock.java:89,
// 96): then the client's note of the dropped lease tells it.
func (v *view) leaseDropped(sec model.Section) bool {
	for _, op := range v.h.Ops {
		if op.Owner == sec.Owner && op.Start == sec.Called && op.Call.Acquires() && op.Outcome == "acquired" {
			return op.Lease > 0 && !near(op.ScriptLease, op.Lease) &&
				(near(op.ScriptLease, v.h.Settings.Watchdog) || v.noted("fenced-lease-dropped", op.Owner, op.Proc, op.Start))
		}
	}
	return false
}

// leaseRanOut is an explicit lease of owner's, armed at from for armed
// ms, that ran out at to: by design. A pause or partition of its process
// over the moment it ran out is named instead, as what kept the holder
// from finishing in time (the counterfactual run confirms it).
func (v *view) leaseRanOut(owner, proc string, armed int64, from, to sim.Time) Mechanism {
	for _, f := range v.faults {
		if (f.Kind == sim.FaultPause || f.Kind == sim.FaultPartition) && f.Target == proc && f.Start <= to && spanEnd(f, to) >= to {
			return faultMech(f, fmt.Sprintf("%s: %s's lease of %d ms, armed at t=%s, ran out at t=%s while its process was stopped", describeFault(f), owner, armed, from, to))
		}
	}
	return Mechanism{Kind: MechLease, Name: "lease",
		Detail: fmt.Sprintf("%s's lease of %d ms, armed at t=%s, ran out at t=%s", owner, armed, from, to)}
}

// noRenewal explains why no renewal re-armed owner's watchdog hold, armed
// at from, before it expired at to.
// failedLeaseCall is, for a re-arm of owner's hold with lease armed that
// is not the lease the hold was taken with, the fault that struck an
// acquire of owner's asking that lease which did not run to its reply
// (since the section was granted, before at): 3.8.1 stores the lease in
// the lock object before it sends (R8:RedissonLock.tryLockInnerAsync's
// first line), so a lost or timed-out acquire leaves its lease for the
// thread's next unlock or renewal to re-arm.
func (v *view) failedLeaseCall(owner string, sec *model.Section, armed int64, at sim.Time) (Mechanism, bool) {
	if sec == nil {
		return Mechanism{}, false
	}
	for i, op := range v.h.Ops {
		if op.Owner != owner || !op.Call.Acquires() || op.Outcome != "error" || op.Start < sec.Granted || op.Start > at || !near(op.ScriptLease, armed) {
			continue
		}
		if m, ok := v.callFault(op, opTag(i), at); ok {
			m.Detail = fmt.Sprintf("%s's %s asking a lease of %d ms failed (%s), and the lock object kept that lease, which re-armed its hold at t=%s: %s", owner, op.Call, armed, op.Err, at, m.Detail)
			return m, true
		}
	}
	return Mechanism{}, false
}

// ran says whether the master ran a command of the call tagged tag in
// [from, to].
func (v *view) ran(tag string, from, to sim.Time) bool { return v.lastRun(tag, from, to) >= 0 }

// lastRun is the index of the sample of the last run of the call tagged
// tag in [from, to] (-1: none ran then).
func (v *view) lastRun(tag string, from, to sim.Time) int {
	for i := v.sampleAt(to); i >= 0 && v.h.Store[i].At >= from; i-- {
		if v.h.Store[i].Tag == tag {
			return i
		}
	}
	return -1
}

// laterSample is the index of the first sample after sample i that keep
// takes (-1: none).
func (v *view) laterSample(i int, keep func(*model.StoreSample) bool) int {
	for j := i + 1; j < len(v.h.Store); j++ {
		if keep(&v.h.Store[j]) {
			return j
		}
	}
	return -1
}

// spikes sums the latency spikes on the messages of the call tagged tag
// sent from from to to (to itself included when closed): all of them, and
// a known fault's, with that fault (the last one, where several did).
func (v *view) spikes(tag string, from, to sim.Time, closed bool) (all, byFault sim.Duration, by sim.FaultSpan) {
	for _, e := range v.h.Net {
		if e.At < from || e.At > to || !closed && e.At == to || e.Tag != tag || e.Kind != sim.NetDelayed {
			continue
		}
		all += e.Delay
		if f, ok := v.fault(e.Fault); ok {
			byFault += e.Delay
			by = f
		}
	}
	return all, byFault, by
}

// heldUp is how long a known fault's latency spikes held up the messages
// of the call tagged tag sent in [from, to], and the fault.
func (v *view) heldUp(tag string, from, to sim.Time) (sim.Duration, sim.FaultSpan) {
	_, held, by := v.spikes(tag, from, to, true)
	return held, by
}

// nextTrip is how long a next request like the call tagged tag's, sent at
// sent and run at ran, takes to run: this one's trip without the spikes
// on it, at most pauseMargin (the slack the checks give any round trip).
func (v *view) nextTrip(tag string, sent, ran sim.Time) sim.Duration {
	all, _, _ := v.spikes(tag, sent, ran, false)
	return min(max(ran.Sub(sent)-all, 0), pauseMargin)
}

// sectionOf is the section acquire op began (nil for none).
func (v *view) sectionOf(op model.Op) *model.Section {
	for i := range v.h.Sections {
		if s := &v.h.Sections[i]; s.Owner == op.Owner && s.Called == op.Start && s.Start == op.End {
			return s
		}
	}
	return nil
}

// keptLeaseHeldUp: owner's 3.8.1 renewal (tagged tag) read its lock
// object's internalLockLeaseTime when it was sent, a lease another call
// had kept there (the client's lease-kept note at its send), and re-armed
// the hold for that (armed, at ranAt); its completion scheduled the next
// renewal a third of the field as it was then (R8:RedissonLock.java:239-253;
// the send: 260-268), the watchdog's timeout again (no lease-kept note at its
// completion), too late for the short lease it had armed. Only a fault
// that held the renewal up between the two reads lets the field change in
// between (a round trip takes a millisecond): the fault is the mechanism.
func (v *view) keptLeaseHeldUp(owner, proc, tag string, armed int64, ranAt, to sim.Time) (Mechanism, bool) {
	r := v.h.CallOf(tag)
	if r == nil || r.Call != model.CallRenew || r.Outcome != "renewed" || r.End < ranAt || r.End > to {
		return Mechanism{}, false
	}
	period := v.watchdogPeriod()
	if !v.noted("lease-kept", owner, proc, r.Start) || v.noted("lease-kept", owner, proc, r.End) || r.End.Add(period) <= to {
		return Mechanism{}, false
	}
	m, ok := v.callFault(*r, tag, ranAt)
	if !ok {
		return Mechanism{}, false
	}
	m.Detail = fmt.Sprintf("%s's renewal, sent at t=%s with its lock object's kept lease of %d ms, was held up until t=%s; by its completion another call had set the lock object's internalLockLeaseTime back to the watchdog's %d ms, so the next renewal was due only at t=%s, after the short re-arm expired at t=%s: %s",
		owner, r.Start, armed, ranAt, v.h.Settings.Watchdog, r.End.Add(period), to, m.Detail)
	return m, true
}

// noted says whether the client noted path flaw (clients.Flaw) for owner,
// of process proc, at time at.
func (v *view) noted(flaw, owner, proc string, at sim.Time) bool {
	return v.tookPath(flaw, owner, proc, at, at)
}

// tookPath says whether a client took flaw's path (its note in
// History.Flaws) in [from, to], for owner in proc ("": any).
func (v *view) tookPath(flaw, owner, proc string, from, to sim.Time) bool {
	for i := v.h.Flaws.Len() - 1; i >= 0; i-- {
		f := v.h.Flaws.At(i)
		if f.At < from {
			return false
		}
		if f.At <= to && f.Flaw == flaw && (owner == "" || f.Owner == owner) && (proc == "" || f.Proc == proc) {
			return true
		}
	}
	return false
}

// sameClient says whether owners a and b ("UUID:threadId") are threads of
// one client, which shares its lock's renewal entry among them (a
// restarted process has another UUID).
func sameClient(a, b string) bool {
	ca, _, _ := strings.Cut(a, ":")
	cb, _, _ := strings.Cut(b, ":")
	return ca == cb
}

// callFault names the fault that made call op (tagged tag) fail, or run
// too late for deadline: one of its messages lost, or held up long enough;
// its process cut off; the master down. ok is false when none did.
func (v *view) callFault(op model.Op, tag string, deadline sim.Time) (Mechanism, bool) {
	end := op.End
	if end < 0 || end > deadline && op.Outcome != "error" {
		end = max(deadline, op.Start)
	}
	timeout := sim.Duration(v.h.Settings.Timeout) * sim.Millisecond
	var spikes []model.NetEvent
	// a request that found no master when no topology fault was under way
	// (one that reached a node after a heal made another the master): a
	// failover the call overlapped may still be what sent it astray
	var noMaster *model.NetEvent
	for _, e := range v.h.Net {
		if e.At < op.Start {
			continue
		}
		if e.At > end {
			break
		}
		if e.Tag != tag {
			continue
		}
		f, known := v.fault(e.Fault)
		switch {
		case e.Kind == sim.NetDelayed:
			spikes = append(spikes, e)
			var sum sim.Duration
			for _, s := range spikes {
				if s.At >= e.At.Add(-timeout) {
					sum += s.Delay
				}
			}
			late := op.ExecAt < 0 || op.ExecVirtual > deadline
			// the request whose run came late: without its spike it ran a
			// trip after it was sent (at most pauseMargin), by the deadline
			unspiked := op.ExecVirtual.Add(-e.Delay)
			madeLate := op.ExecAt >= 0 && late && unspiked >= e.At && unspiked.Sub(e.At) <= pauseMargin && unspiked <= deadline
			if known && (sum >= timeout*9/10 || late && e.Delay >= deadline.Sub(e.At) || madeLate) {
				return faultMech(f, fmt.Sprintf("%s: its %s message at t=%s was held up %s", describeFault(f), op.Call, e.At, e.Delay)), true
			}
		case known:
			return faultMech(f, fmt.Sprintf("%s: its %s %s at t=%s (%s)", describeFault(f), op.Call, e.Kind, e.At, e.Why)), true
		case (e.Why == "no master" || e.Why == "node is not the master") && noMaster == nil:
			noMaster = &e
		}
	}
	for _, f := range v.faults {
		if f.Start > end || spanEnd(f, end) < op.Start {
			continue
		}
		switch f.Kind {
		case sim.FaultPartition:
			if f.Target == op.Proc {
				return faultMech(f, describeFault(f)+": its process was cut off from Redis during the call"), true
			}
		case sim.FaultPause:
			// a stop longer than the response timeout: the timer falls due
			// while the reply waits in the process, and may go first (a
			// timeout, a re-send of a command that ran)
			if f.Target == op.Proc && min(spanEnd(f, end), end).Sub(max(f.Start, op.Start)) >= timeout {
				return faultMech(f, describeFault(f)+": its process was stopped longer than the response timeout during the call"), true
			}
		case sim.FaultMasterCrash, sim.FaultRestart:
			// a call still open at the deadline was struck by a failover
			// only while the answer to its last run was due (the response
			// timeout plus a lock batch's WAIT 1 s, RedisCommonBatchExecutor):
			// a later one did not keep it from returning
			if op.End < 0 && op.ExecAt >= 0 && f.Start > op.ExecVirtual.Add(timeout+sim.Second) {
				continue
			}
			return faultMech(f, describeFault(f)+": the master was down during the call"), true
		}
	}
	if noMaster != nil {
		return cause("no-master", fmt.Sprintf("its %s found no master at t=%s", op.Call, noMaster.At), op.Start, end, op.Proc), false
	}
	return Mechanism{}, false
}

// near says whether two leases in ms are the same up to the millisecond a
// script's rounding of the clock may take off one.
func near(a, b int64) bool { return a >= b-1 && a <= b+1 }

// unlockRanTwice explains owner's hold deleted (sample i) by a second run
// of the same unlock() call's script (a lock whose unlock keeps a latch:
// 4.7.0), whose first run, since the
// call began, counted down a hold it left: ServiceManager.execute repeats
// unlockAsync0 with the same request id after NoSyncedSlavesException
// (ServiceManager.java:618-637, RedissonBaseLock.java:155-159), and the
// repeat answers from the first run's latch (RedissonLock.java:349-352,
// 360, 365) unless a forward step of the master's clock or a master change
// between the runs took it, or it ran out its own lifetime first
// (latchExpired); then it counts down again. ok is false for any other
// second run (a re-send: the catalogued resend, by its path note).
func (v *view) unlockRanTwice(op model.Op, i int, owner string) (Mechanism, bool) {
	return v.unlockRepeated(op, i, owner, "deleting the last one")
}

// unlockResent explains owner's hold deleted (sample i) by a second run
// of the same unlock() call's script on a lock whose unlock keeps no latch,
// whose first run, since the call began, counted down a hold it left: no
// reply came within the response timeout (lost, or its send held up), so
// RedisExecutor re-sent the command (R16:RedisExecutor.java:318-334, path
// "resend", which the thread notes only for the command of its call in
// progress, here since the call began and before the second run), and
// the script, which keeps no answer for a repeat
// (R16:RedissonLock.java:341-356), counted down again and deleted the
// hold the thread still counts. The cause is the catalogued resend's. ok
// is false for a lock whose unlock keeps a latch (unlockRanTwice), for a
// call with no earlier run that left the hold, and with no re-send noted.
func (v *view) unlockResent(op model.Op, i int, owner string) (Mechanism, bool) {
	cur := &v.h.Store[i]
	if op.Call != model.CallUnlock || v.h.Settings.UnlockLatch || !strings.Contains(cur.Script, "unlockInnerAsync") {
		return Mechanism{}, false
	}
	first := v.earlierRun(i, op.Start, func(p *model.StoreSample) bool { return slices.Contains(p.Holders, owner) })
	if first == nil || !v.tookPath("resend", owner, op.Proc, op.Start, cur.At) {
		return Mechanism{}, false
	}
	m := cause("unlock-ran-twice", fmt.Sprintf("%s's %s at t=%s ran its script at t=%s, which left a hold, and again at t=%s, re-sent after the response timeout (the script keeps no answer for a repeat), deleting the last one: the store counted one hold fewer than the thread", owner, op.Call, op.Start, first.At, cur.At), op.Start, cur.At, op.Proc)
	m.Owners = []string{owner} // the re-send its own call took
	return m, true
}

// unlockRepeated is unlockRanTwice for a repeat (sample i) that did what
// did says to owner's hold: deleted it, or re-armed the one it left.
func (v *view) unlockRepeated(op model.Op, i int, owner, did string) (Mechanism, bool) {
	first, ok := v.unlockFirstRun(op, i, owner)
	if !ok {
		return Mechanism{}, false
	}
	cur := &v.h.Store[i]
	what := fmt.Sprintf("%s's %s at t=%s ran its script at t=%s, which left a hold, and again at t=%s (4.7.0 repeats an unlock after NoSyncedSlavesException), %s", owner, op.Call, op.Start, first.At, cur.At, did)
	if f, d, ok := v.clockMoved(first, cur); ok && d > 0 {
		return faultMech(f, fmt.Sprintf("%s: %s; the master's clock moved %d ms ahead between the runs, which expired the first run's latch, so the repeat counted down again", describeFault(f), what, d)), true
	}
	if first.Epoch != cur.Epoch {
		for _, f := range v.faults {
			if changesMaster(f) && f.Start >= first.At && f.Start <= cur.At {
				return faultMech(f, fmt.Sprintf("%s: %s; the new master lacked the first run's latch, so the repeat counted down again", describeFault(f), what)), true
			}
		}
	}
	return v.latchExpired(op, first, cur, what+"; the repeat counted down again")
}

// undoResent explains owner's hold deleted (sample i) by a second run of
// the unlock with which acquiring call op's handleNoSync undid a grant
// (RedissonBaseLock.java:281-283, CommandAsyncService.java:1038-1066),
// before op returned: the first run's reply came after the response
// timeout, so RedisExecutor re-sent the synced batch (path "resend"),
// the first reply then completed the undo and ServiceManager.execute
// repeated the acquire (ServiceManager.java:618-637), whose grant the
// re-send, run after the first run's latch expired (latchExpired),
// deleted. No new undo was made in between (each notes "requeue" when
// made, with a fresh request id: unlockInnerAsync(threadId, null),
// RedissonBaseLock.java:218-221), so the run repeated the earlier one
// and met its latch, not one of its own. ok is false otherwise.
func (v *view) undoResent(op model.Op, i int, owner string) (Mechanism, bool) {
	cur := &v.h.Store[i]
	if !op.Call.Acquires() || !v.h.Settings.UnlockLatch || !strings.Contains(cur.Script, "unlockInnerAsync") || op.End >= 0 && cur.At > op.End {
		return Mechanism{}, false
	}
	first := v.earlierRun(i, op.Start, nil)
	if first == nil || !v.tookPath("resend", owner, op.Proc, first.At, cur.At) || v.tookPath("requeue", owner, op.Proc, first.At, cur.At) {
		return Mechanism{}, false
	}
	what := fmt.Sprintf("%s's %s at t=%s had its grant undone by handleNoSync's unlock, run at t=%s; that unlock was re-sent after the response timeout and the re-send ran at t=%s, after execute's repeat of the acquire took the lock again, and deleted that hold", owner, op.Call, op.Start, first.At, cur.At)
	start := op
	start.Start = first.At // the latch is the first run's, not an earlier undo's
	return v.latchExpired(start, first, cur, what)
}

// unlockFirstRun is the run before sample i of the same unlock() call
// op's script (a lock whose unlock keeps a latch), since the call began,
// that left owner's hold: the run sample i repeated.
func (v *view) unlockFirstRun(op model.Op, i int, owner string) (*model.StoreSample, bool) {
	if op.Call != model.CallUnlock || !v.h.Settings.UnlockLatch || !strings.Contains(v.h.Store[i].Script, "unlockInnerAsync") {
		return nil, false
	}
	first := v.earlierRun(i, op.Start, func(p *model.StoreSample) bool { return slices.Contains(p.Holders, owner) })
	return first, first != nil
}

// earlierRun is the last run before sample i, since from, of the same
// script by the same call (Tag and Script alike) that keep also takes
// (nil: any); nil when there is none.
func (v *view) earlierRun(i int, from sim.Time, keep func(*model.StoreSample) bool) *model.StoreSample {
	st := v.h.Store
	for j := i - 1; j >= 0 && st[j].At >= from; j-- {
		if p := &st[j]; p.Tag == st[i].Tag && p.Script == st[i].Script && (keep == nil || keep(p)) {
			return p
		}
	}
	return nil
}

// unlockCountedTwice finds an unlock() call of owner's, since from and
// before sample i, whose script ran twice and counted down both times,
// the repeat after the first run's latch had expired (latchExpired): the
// runs left the owner's hold in place, so each found it and took one count
// (the script answers from its latch only while it lives,
// RedissonLock.java:347-371): the store counts one hold fewer than the
// thread, whose next unlock deletes the hold it believes it keeps.
func (v *view) unlockCountedTwice(owner string, from sim.Time, i int) (Mechanism, bool) {
	st := v.h.Store
	for j := max(v.sampleAt(from), 0); j < i; j++ {
		repeat := &st[j]
		op := v.h.CallOf(repeat.Tag)
		if op == nil || op.Owner != owner || op.Call != model.CallUnlock || !strings.Contains(repeat.Script, "unlockInnerAsync") || !slices.Contains(repeat.Holders, owner) {
			continue
		}
		for k := j - 1; k >= 0 && st[k].At >= op.Start; k-- {
			first := &st[k]
			if first.Tag != repeat.Tag || first.Script != repeat.Script || !slices.Contains(first.Holders, owner) {
				continue
			}
			what := fmt.Sprintf("its %s at t=%s ran its script at t=%s and again at t=%s, each counting down a hold it left", op.Call, op.Start, first.At, repeat.At)
			if m, ok := v.latchExpired(*op, first, repeat, what); ok {
				return m, true
			}
			break
		}
	}
	return Mechanism{}, false
}

// lateUnlockCounted finds an unlock() call of owner's that had returned
// (a timeout) before section sec's acquire was called, whose command, its
// call's only run, held up in the network, ran in sec (before sample i)
// and counted down a hold of it, leaving the hold: a timed-out command is
// not withdrawn, it runs when it arrives (R8:CommandAsyncService.java:743-748
// fails only the client's promise; 4.7.0 RedisExecutor.java:467-493, 500-503
// likewise, with no re-send of the unlock: RedissonLock.java:348,
// evalWriteSyncedNoRetryAsync), and its script finds the owner's new
// hold, so the store counts one fewer than the thread, whose last unlock
// then deletes a hold it believes it keeps. The fault that held the
// command up (callFault) is the mechanism; ok is false when none did.
func (v *view) lateUnlockCounted(owner string, sec *model.Section, i int) (Mechanism, bool) {
	for _, late := range v.lateUnlockRuns(owner, sec, i) {
		j, run, op := late.sample, &v.h.Store[late.sample], late.op
		if v.earlierRun(j, op.Start, nil) != nil {
			continue // a second run: unlockRanTwice's, or a re-send's
		}
		if m, ok := v.callFault(*op, run.Tag, run.At); ok {
			m.Detail = fmt.Sprintf("its %s at t=%s returned (%s) before its hold was taken at t=%s, and its command, run at t=%s, counted that hold down: %s", op.Call, op.Start, cmp.Or(op.Err, op.Outcome), sec.Called, run.At, m.Detail)
			return m, true
		}
	}
	return Mechanism{}, false
}

// resentUnlockLate finds an unlock() call of owner's whose send a known
// fault's latency spike held up past the response timeout, so that
// RedisExecutor re-sent the command (path "resend"); the re-send's run
// answered the call, which returned before section sec's acquire was
// called, and the held-up send, which nothing withdraws once written
// (R16:RedisExecutor.java:318-333 cancels only the attempt's promise),
// arrived after that, ran in sec (before sample i) and counted down a hold
// of it, leaving the hold; the store counts one fewer than the thread,
// whose last unlock then deletes a hold it believes it keeps. Without the
// spike the send would have run before sec's acquire was called: the fault
// is the mechanism. lateUnlockCounted is this for a call with one run.
func (v *view) resentUnlockLate(owner string, sec *model.Section, i int) (Mechanism, bool) {
	st := v.h.Store
	timeout := sim.Duration(v.h.Settings.Timeout) * sim.Millisecond
	for _, late := range v.lateUnlockRuns(owner, sec, i) {
		j, run, op := late.sample, &st[late.sample], late.op
		// the call's first run, the re-send's that answered it
		var answered *model.StoreSample
		for k := j - 1; k >= 0 && st[k].At >= op.Start; k-- {
			if st[k].Tag == run.Tag && st[k].Script == run.Script {
				answered = &st[k]
			}
		}
		if answered == nil || answered.At > op.End || !v.tookPath("resend", owner, op.Proc, op.Start, answered.At) {
			continue
		}
		for _, e := range v.h.Net {
			if e.At < op.Start {
				continue
			}
			if e.At >= answered.At {
				break
			}
			f, known := v.fault(e.Fault)
			arrived := e.At.Add(e.Delay)
			if e.Tag != run.Tag || e.Kind != sim.NetDelayed || !known || e.Delay < timeout ||
				arrived > run.At || run.At.Add(-e.Delay) >= sec.Called {
				continue
			}
			return faultMech(f, fmt.Sprintf("its %s at t=%s was re-sent after the %d ms response timeout, the re-send ran at t=%s and the call returned (%s) before its hold was taken at t=%s, and the held-up send, not withdrawn, ran at t=%s and counted that hold down: %s: its %s message at t=%s was held up %s",
				op.Call, op.Start, v.h.Settings.Timeout, answered.At, cmp.Or(op.Err, op.Outcome), sec.Called, run.At, describeFault(f), op.Call, e.At, e.Delay)), true
		}
	}
	return Mechanism{}, false
}

// reentryLost finds a re-entrant acquire of owner's in section sec that
// returned "acquired", whose script ran on a master that a failover then
// left behind (before sample i) with the promoted replica lacking it: the
// deadline the new master had for the hold was armed by a write before
// the re-entry's run, so the re-entry's hincrby never reached it
// (R8:RedissonLock.java:288-291; replication is asynchronous). The store
// then counts one hold fewer than the thread, whose inner unlock counts
// the last one down and deletes the hold (R8:RedissonLock.java:491-496).
// The failover is the mechanism; ok is false when the replica had the
// re-entry's write or no failover came between.
func (v *view) reentryLost(owner string, sec *model.Section, i int) (Mechanism, bool) {
	st := v.h.Store
	for k := range v.h.Ops {
		op := &v.h.Ops[k]
		if op.Owner != owner || !op.Nested || !op.Call.Acquires() || op.Outcome != "acquired" || op.Start < sec.Called || op.ExecAt < 0 {
			continue
		}
		// the re-entry's run: its call's last sample before i
		r := -1
		for j := max(v.sampleAt(op.Start), 0); j < i; j++ {
			if st[j].Tag == opTag(k) && strings.Contains(st[j].Script, "tryLock") && slices.Contains(st[j].Holders, owner) {
				r = j
			}
		}
		if r < 0 {
			continue
		}
		for p := r + 1; p < i; p++ {
			back := &st[p]
			if back.Script != becameMaster || back.Epoch == st[r].Epoch || !slices.Contains(back.Holders, owner) || back.TTL < 0 {
				continue
			}
			if a := v.armedAt(p, back.ServerMs+back.TTL, owner); a >= r || st[a].Script == becameMaster {
				break // it had the re-entry's write (or nothing tells)
			}
			for _, f := range v.faults {
				if changesMaster(f) && f.Start >= st[r].At && f.Start <= back.At {
					return faultMech(f, fmt.Sprintf("%s: the promoted replica had not received %s's re-entry by its %s at t=%s (run at t=%s; asynchronous replication), so the store counted one hold fewer than the thread", describeFault(f), owner, op.Call, op.Start, st[r].At)), true
				}
			}
			break
		}
	}
	return Mechanism{}, false
}

// latchExpired names two runs of one unlock's script, first then
// repeat, where the repeat came after the latch an earlier run of the
// same call left had run out its own lifetime, which is at most
// (timeout + retryDelay.calcDelay(retryAttempts)) × retryAttempts
// (RedissonBaseLock.java:222-231): that bounds RedisExecutor's retries of
// one send, not ServiceManager.execute's repeats after a WAIT that counted
// no replica (ServiceManager.java:618-637), each of which waits the WAIT's
// slavesSyncTimeout and a retryDelay and retries its own send again. Two
// shapes: under settings that make every repeat that late (the latch's
// life shorter than a repeat's least delay), first and repeat on one
// master, later than the life by its clock and in real time; under any
// settings, the call's runs went on, from its first, for longer than the
// latch lives, by both clocks, with no step or failover moving the
// master's clock in between (that fault is then the mechanism, and ok is
// false). ok is false otherwise.
func (v *view) latchExpired(op model.Op, first, repeat *model.StoreSample, what string) (Mechanism, bool) {
	s := v.h.Settings
	life := s.UnlockLatchMax
	if life <= 0 {
		return Mechanism{}, false
	}
	lifeD := sim.Duration(life) * sim.Millisecond
	if s.UnlockRepeatMin > life && first.Node == repeat.Node && first.Epoch == repeat.Epoch &&
		repeat.ServerMs-first.ServerMs > life && repeat.At.Sub(first.At) > lifeD {
		return cause("latch-expired", fmt.Sprintf("%s: its latch, which lives at most %d ms, had expired when the repeat ran %d ms after the first run (a repeat waits at least %d ms: the WAIT's slavesSyncTimeout and a retryDelay)",
			what, life, repeat.ServerMs-first.ServerMs, s.UnlockRepeatMin), first.At, repeat.At, op.Proc), true
	}
	// the call's first run: its latch, or a later run's, is what the
	// repeat would have answered from
	var origin *model.StoreSample
	for k := max(v.sampleAt(op.Start), 0); k < len(v.h.Store) && v.h.Store[k].At < repeat.At; k++ {
		if r := &v.h.Store[k]; r.Tag == repeat.Tag && r.Script == repeat.Script {
			origin = r
			break
		}
	}
	if origin == nil || repeat.At.Sub(origin.At) <= lifeD || repeat.ServerMs-origin.ServerMs <= life {
		return Mechanism{}, false
	}
	if _, d, moved := v.clockMoved(origin, repeat); moved && d > 0 {
		return Mechanism{}, false
	}
	return cause("latch-expired", fmt.Sprintf("%s: the unlock's runs went on from t=%s to t=%s (%d ms by the master's clock), longer than its latch lives at most (%d ms: RedisExecutor's retries of one send, not ServiceManager.execute's repeats after NoSyncedSlavesException), so the latch had expired",
		what, origin.At, repeat.At, repeat.ServerMs-origin.ServerMs, life), origin.At, repeat.At, op.Proc), true
}

// lateUnlock is a run (sample) of an unlock call (op) of a thread's that
// had returned before the thread's section was called.
type lateUnlock struct {
	sample int
	op     *model.Op
}

// lateUnlockRuns are the runs, in section sec before sample i, of
// owner's own unlock calls that had returned before sec's acquire was
// called, and that left owner a hold: each counted a hold of sec down.
func (v *view) lateUnlockRuns(owner string, sec *model.Section, i int) []lateUnlock {
	var out []lateUnlock
	for j := max(v.sampleAt(sec.Called), 0); j < i; j++ {
		run := &v.h.Store[j]
		if run.At < sec.Called || !strings.Contains(run.Script, "unlockInnerAsync") || !slices.Contains(run.Holders, owner) {
			continue
		}
		op := v.h.CallOf(run.Tag)
		if op == nil || op.Owner != owner || op.Call != model.CallUnlock || op.End < 0 || op.End > sec.Called {
			continue
		}
		out = append(out, lateUnlock{j, op})
	}
	return out
}
