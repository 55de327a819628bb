package checks

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Why a watchdog's hold expired: no renewal re-armed it between its last
// arming (from) and its expiry (to). noRenewal asks the rules of
// noRenewalRules in their order and takes the first that names a
// mechanism; what none names is the cause "no-renewal", for the
// catalogue to resolve. The rules come in families:
//
//   - the hold's renewal chain struck: a renewal of the hold failed or
//     came late under a fault (or a WAIT's replica), or its last one
//     failed and the watchdog stopped, or one a fault held up past the
//     unlock that stopped the watchdog cut the hold left short;
//   - a call of the client's own that cancels the renewal: a failed
//     unlock, a forceUnlock() that did not delete the hold;
//   - the process stopped while renewals were due;
//   - the renewal entry the client's threads share: another thread's
//     renewal in flight, held up; the chain's last run held up so long
//     the next came too late;
//   - the watchdog's start: the acquire that starts it returned too late;
//   - the entry's first thread: a sibling ahead of the hold's thread in
//     the entry, whose hold was gone, named by the run that would have
//     re-armed it;
//   - the renewals' answers: a stale renewal's 0, a period the lock
//     object's kept lease set, a late 0 that cancelled the entry for all.
//
// A watchdog that never started for the hold comes first: 3.8.1's entry
// a revived task held when the hold was taken (what struck that task's
// renewals, which ran before the hold, could not have renewed it).
//
// The order is the rules' precedence where two could name one expiry: a
// fault on the hold's own renewals before one on the process, the
// process before the shared entry, and the answers (read off the run,
// no fault to confirm) last.

// renewalGap is the expiry a rule explains: owner's hold (process proc),
// last armed at from, expired at to; period is the watchdog's renewal
// period, sec the owner's section over to (nil: none).
type renewalGap struct {
	owner, proc string
	from, to    sim.Time
	period      sim.Duration
	sec         *model.Section
}

// noRenewalRule is one of noRenewal's rules.
type noRenewalRule struct {
	name string
	rule func(v *view, g *renewalGap) (Mechanism, bool)
}

// noRenewalRules are noRenewal's rules, in the order they are asked. They
// are set by init: zeroThenRetake asks what took an earlier hold
// (missing), which may ask noRenewal again, for that hold.
var noRenewalRules []noRenewalRule

func init() {
	noRenewalRules = []noRenewalRule{
		{"revived-entry", (*view).revivedEntry},
		{"renewal-struck", (*view).renewalStruck},
		{"last-renewal-failed", (*view).lastRenewalFailed},
		{"renewal-outlived-watchdog", (*view).renewalOutlivedWatchdog},
		{"failed-unlock", (*view).failedUnlockCancelled},
		{"force-unlock", (*view).forceUnlockCancelled},
		{"process-stopped", (*view).processStopped},
		{"shared-entry", (*view).sharedEntryHeldUp},
		{"renewal-held-up", func(v *view, g *renewalGap) (Mechanism, bool) {
			return v.renewalHeldUp(g.owner, g.proc, g.from, g.to, g.period)
		}},
		{"watchdog-started-late", (*view).watchdogStartedLate},
		{"lost-first-thread", (*view).lostFirstThread},
		{"zero-then-retake", (*view).zeroThenRetake},
		{"stale-renewal", (*view).staleRenewal},
		{"kept-period", func(v *view, g *renewalGap) (Mechanism, bool) { return v.keptPeriod(g.owner, g.proc, g.to, g.period) }},
		{"zero-came-late", func(v *view, g *renewalGap) (Mechanism, bool) { return v.zeroCameLate(g.owner, g.proc, g.to, g.sec) }},
	}
}

// noRenewal explains why owner's hold (process proc), armed last at
// from, expired at to with no renewal: the first of noRenewalRules that
// names a mechanism, else the cause "no-renewal".
func (v *view) noRenewal(owner, proc string, from, to sim.Time) Mechanism {
	g := &renewalGap{owner: owner, proc: proc, from: from, to: to,
		period: v.watchdogPeriod()}
	for i := range v.h.Sections {
		if s := &v.h.Sections[i]; s.Owner == owner && s.Start <= to && (s.End < 0 || s.End >= to) {
			g.sec = s
		}
	}
	for _, r := range noRenewalRules {
		if m, ok := r.rule(v, g); ok {
			return m
		}
	}
	// a path that stopped the renewal acts on the section's renewal state:
	// anywhere in the section
	wfrom := from.Add(-g.period)
	if g.sec != nil {
		wfrom = min(wfrom, g.sec.Called)
	}
	return cause("no-renewal", fmt.Sprintf("no renewal re-armed %s's hold between t=%s and its expiry at t=%s (the watchdog renews every %s)", owner, from, to, g.period), wfrom, to, proc)
}

// renewalStruck: a renewal of the hold that should have re-armed it
// after from failed or came late, and a fault did it; or it failed on a
// WAIT that counted fewer replicas than asked, and the watchdog stops on
// a failure. A renewal sent in the period before from, or still open at
// from, counts (a renewal whose reply was lost is re-sent after the
// response timeout, one call however long it takes, and the next renewal
// waits for it).
func (v *view) renewalStruck(g *renewalGap) (Mechanism, bool) {
	owner, proc, from, to := g.owner, g.proc, g.from, g.to
	for i, r := range v.h.Renewals {
		if r.Owner != owner || r.Start > to || r.End >= 0 && r.End <= from {
			continue // not one that could have re-armed it after from
		}
		if r.Outcome == "renewed" && r.ExecAt >= 0 && r.ExecVirtual <= to {
			continue // it re-armed in time (a later arming is not this one)
		}
		struck, open := r, r.Start < from.Add(-g.period) && v.ran(renewTag(i), from, from)
		if open {
			// open since before, and its run (a re-send) the re-arm at
			// from: what held it up until then is spent; what struck it
			// after from kept it from completing in time. Where another
			// call armed the hold at from, what struck the renewal before
			// (a lost request or reply, re-sent only after the response
			// timeout) is what kept the chain waiting for it
			struck.Start = from
		}
		if m, ok := v.callFault(struck, renewTag(i), to); ok {
			m.Detail = fmt.Sprintf("%s's renewal sent at t=%s did not re-arm its hold in time: %s", owner, r.Start, m.Detail)
			return m, true
		}
		// the watchdog stops when the failure comes back
		// (R16:RedissonBaseLock.java:149-152): one that came after the
		// expiry stopped nothing the hold needed
		if r.ErrKind == "sync" && v.h.Settings.RenewalStopsOnFailure && !open && r.End >= 0 && r.End <= to {
			return cause("renewal-sync-failed", fmt.Sprintf("%s's renewal at t=%s failed: WAIT counted fewer replicas than asked (%s)", owner, r.Start, r.Err), from, to, proc), true
		}
	}
	return Mechanism{}, false
}

// lastRenewalFailed: the owner's last renewal in its section failed, and
// none followed: a watchdog that stops after a failed renewal (3.16.8
// removes its entry, R16:RedissonBaseLock.java:149-152, #3994; 3.8.1
// schedules no next one) let the hold run out its last re-arm.
func (v *view) lastRenewalFailed(g *renewalGap) (Mechanism, bool) {
	owner, proc, to, sec := g.owner, g.proc, g.to, g.sec
	if sec == nil || !v.h.Settings.RenewalStopsOnFailure {
		return Mechanism{}, false
	}
	last := -1
	for i, r := range v.h.Renewals {
		if r.Owner == owner && r.Start <= to && r.Start >= sec.Start {
			last = i
		}
	}
	if last < 0 {
		return Mechanism{}, false
	}
	r := v.h.Renewals[last]
	if r.Outcome == "renewed" || r.End < 0 || r.End > to {
		return Mechanism{}, false
	}
	if m, ok := v.callFault(r, renewTag(last), to); ok {
		m.Detail = fmt.Sprintf("%s's last renewal, sent at t=%s, failed (%s), and its watchdog renewed no more: %s", owner, r.Start, cmp.Or(r.Err, r.Outcome), m.Detail)
		return m, true
	}
	if r.ErrKind == "sync" {
		return cause("renewal-sync-failed", fmt.Sprintf("%s's last renewal, at t=%s, failed: WAIT counted fewer replicas than asked (%s), and its watchdog renewed no more", owner, r.Start, r.Err), r.Start, to, proc), true
	}
	return Mechanism{}, false
}

// renewalOutlivedWatchdog: the renewal that armed the hold at from was
// sent while the watchdog counted the owner's thread, and a fault struck
// it (a lost request or reply, re-sent only after the response timeout
// and the retry delay; a spike) before the thread's unlocks took its last
// count: each unlock takes one whatever it answers
// (R47:RedissonBaseLock.java:161-164, LockEntry.java:61-71;
// R16:RedissonBaseLock.java:80-91, 196-212, 306-310), and the last
// removes the entry and stops the task, whose run in flight schedules no
// next one when it completes (R47:RenewalTask.java:62-69, 97-134,
// 176-184; R16:RedissonBaseLock.java:129-133, 155-157). Its late run
// re-armed the hold the thread still had (one taken or re-entered with a
// lease, which the entry does not count) for the renewal's lease, cutting
// short the TTL it had (an unlock re-arms the lock object's lease), and no
// renewal was owed after it: the stale-renewal race, which the fault
// stretched past the unlock. A run that did not cut the hold short, a
// hold without a lease left (owed renewals: lease-under-watchdog's), a
// watchdog an acquisition without a lease started again, or no fault on
// the renewal before the stop is not this.
func (v *view) renewalOutlivedWatchdog(g *renewalGap) (Mechanism, bool) {
	owner, proc, from, to, sec := g.owner, g.proc, g.from, g.to, g.sec
	if !v.h.Settings.Redisson || !v.h.Settings.UnlockCancelsRenewal || sec == nil {
		return Mechanism{}, false
	}
	k := slices.IndexFunc(v.h.Renewals, func(r model.Op) bool {
		return r.Owner == owner && r.Proc == proc && r.Outcome == "renewed" && r.ExecAt >= 0 && r.ExecVirtual == from
	})
	if k < 0 {
		return Mechanism{}, false
	}
	r := v.h.Renewals[k]
	stopped, ok := v.watchdogCountGone(owner, proc, *sec, r.Start, from, to)
	if !ok {
		return Mechanism{}, false
	}
	// the TTL the hold had before the run, and the one it set
	i := v.sampleAt(from)
	for i >= 0 && v.h.Store[i].Tag != renewTag(k) {
		i--
	}
	if i <= 0 || v.h.Store[i].At != from {
		return Mechanism{}, false
	}
	now := v.h.Store[i]
	prev := v.h.Store[i-1]
	if prev.Lock != now.Lock || prev.Epoch != now.Epoch || !slices.Contains(prev.Holders, owner) || prev.TTL < 0 || now.TTL < 0 ||
		prev.ServerMs+prev.TTL <= now.ServerMs+now.TTL {
		return Mechanism{}, false // the run did not cut the hold short
	}
	// what struck it before the watchdog stopped (a spike that held it
	// past the stop)
	m, ok := v.callFault(r, renewTag(k), stopped)
	if !ok {
		return Mechanism{}, false
	}
	m.Detail = fmt.Sprintf("%s's renewal sent at t=%s, while the watchdog counted its thread, ran at t=%s, after its unlock at t=%s took the thread's last renewal count (the watchdog stopped: no renewal after it), and re-armed the hold it still had for %d ms, which had %d ms left (a stale renewal's race, stretched past the unlock), so it expired at t=%s: %s",
		owner, r.Start, from, stopped, now.TTL, prev.ServerMs+prev.TTL-now.ServerMs, to, m.Detail)
	return m, true
}

// watchdogCountGone replays the renewal entry's count of owner's thread
// (process proc) over section sec (renewalCounts: an acquisition without
// a lease adds one when it returns, one with a lease none, an unlock's
// completion takes one). It reports when the count fell to zero, where it
// was above zero at sent and fell after it, before ran, and no
// acquisition without a lease returned after sent up to to, and every
// hold left from then on was taken with a lease (the watchdog owed it no
// renewal). A forceUnlock, an acquire or unlock that threw, a lease the
// client dropped, or a renewal's 0 (which takes a count too) leave the
// count to the other rules.
func (v *view) watchdogCountGone(owner, proc string, sec model.Section, sent, ran, to sim.Time) (sim.Time, bool) {
	// held: the thread's holds, innermost last (an unlock releases it);
	// true for one without a lease
	var held []bool
	count, counted, stopped := 0, false, sim.Time(-1)
	for _, c := range v.renewalCounts(proc, is(owner), to) {
		switch {
		case c.renewal >= 0:
			if c.at >= sec.Called {
				return 0, false // a renewal's 0 takes a count too
			}
			continue
		case c.op.Start < sec.Called || c.kind == countTake && !c.failed && c.op.Outcome != "released":
			continue
		case c.failed || c.kind == countEmpty || c.kind == countDropped || c.kind == countUnknown:
			return 0, false
		}
		if c.at > sent && !counted {
			if count == 0 {
				return 0, false // the renewal was not sent for a counted thread
			}
			counted = true
		}
		switch {
		case c.at > sent && c.kind == countAdd:
			return 0, false // the watchdog started again after the renewal was sent
		case c.kind != countTake:
			held = append(held, c.kind == countAdd)
			if c.kind == countAdd {
				count++
			}
		case len(held) == 0:
			return 0, false
		default:
			held = held[:len(held)-1]
			if count > 0 {
				count--
				if count == 0 {
					stopped = c.at
				}
			}
		}
	}
	if count != 0 || stopped <= sent || stopped >= ran || slices.Contains(held, true) {
		// a hold without a lease left with the count gone is the
		// lease-under-watchdog flaw's (a renewal owed and not sent)
		return 0, false
	}
	return stopped, true
}

// zeroTookWatchdog replays the renewal entry's count of owner's thread
// (process proc) over section sec up to at (renewalCounts) and says
// whether a renewal of the thread's that answered 0 (its hold gone) took
// the last count, with no acquisition without a lease returning after
// it: 4.7.0's LockTask takes one count of the thread a 0 named, 3.16.8's
// 0 cancels the entry, 3.8.1's schedules no next renewal; an acquisition
// without a lease adds a count when it returns, an unlock's completion
// takes one where every unlock does (UnlockCancelsRenewal), a
// forceUnlock() empties the entry before its script. It returns that
// renewal's index.
func (v *view) zeroTookWatchdog(owner, proc string, sec model.Section, at sim.Time) (int, bool) {
	count, by := 0, -1
	for _, c := range v.renewalCounts(proc, is(owner), at) {
		take, all := false, false
		switch {
		case c.renewal >= 0:
			if c.at < sec.Start {
				continue
			}
			// no LockTask (RenewalStopsOnFailure): the 0 ends the renewal
			take, all = true, v.h.Settings.RenewalStopsOnFailure
		case c.op.End < sec.Called:
			continue
		case c.kind == countAdd:
			count, by = count+1, -1
			continue
		case c.kind == countTake:
			take = v.h.Settings.UnlockCancelsRenewal
		case c.kind == countEmpty:
			take, all = true, true
		}
		switch {
		case !take || count == 0:
		case all:
			count, by = 0, c.renewal
		default:
			count, by = count-1, c.renewal
		}
	}
	return by, count == 0 && by >= 0
}

// offWatchdogRun: owner's acquire op without a lease, in its section and
// still to return "acquired" when the hold expired at to, ran at from and
// took the hold (armed ms) while no watchdog counted the thread: its
// renewal z had answered 0 and taken the last count (zeroTookWatchdog).
// Only the call's return would have started one (scheduleExpirationRenewal
// in tryAcquireAsync's thenApply, R47:RedissonLock.java:171-181, 195-203),
// and a fault on that run's reply, or on the messages after it (a re-send
// that answered another holder's TTL, the undoing unlock of
// handleNoSync), kept it from returning with the lock: that fault is the
// mechanism.
func (v *view) offWatchdogRun(op model.Op, tag string, z int, armed int64, from, to sim.Time) (Mechanism, bool) {
	struck := op
	struck.Start = from // the run that took the hold, and what came of it
	deadline, came := op.End, outcomeText(op)
	if deadline < 0 || op.Outcome == "acquired" && deadline > to {
		deadline = to // it had not returned when the hold expired
	}
	if op.Outcome == "acquired" && op.End > to {
		came = fmt.Sprintf("it returned only at t=%s, after the expiry", op.End)
	}
	m, ok := v.callFault(struck, tag, deadline)
	if !ok && op.Outcome == "acquired" && op.End > to {
		// the run's reply, held up by a fault's latency spikes, brought
		// the return past the expiry: without them the call returned a
		// trip after the run and its watchdog's first renewal, a period
		// later, came in time
		trip := v.nextTrip(tag, max(op.Start, op.LastTry), from)
		if held, by := v.heldUp(tag, from, op.End); held > 0 && op.End.Add(v.watchdogPeriod()-held) <= to.Add(-trip) {
			m, ok = faultMech(by, fmt.Sprintf("%s: the reply of its run at t=%s was held up %s", describeFault(by), from, held)), true
		}
	}
	if !ok {
		return Mechanism{}, false
	}
	r := v.h.Renewals[z]
	m.Detail = fmt.Sprintf("%s's renewal sent at t=%s answered 0 at t=%s (its hold gone), which took the thread off the watchdog; its %s, called at t=%s, took the lock again at t=%s for %d ms but did not return with it (%s), so no watchdog renewed that hold, which expired at t=%s: %s",
		op.Owner, r.Start, r.End, op.Call, op.Start, from, armed, came, to, m.Detail)
	return m, true
}

// failedUnlockCancelled: an unlock of the owner's that failed: every
// version cancels the thread's renewal when its unlock completes, failed
// or not (R8:RedissonLock.unlockAsync's listener,
// R16:RedissonBaseLock.unlockAsync, R47:RedissonBaseLock.java:161-164),
// though a lost unlock took nothing. The cancel lasts: a failed unlock
// earlier in the section (before a later unlock of an inner hold re-armed
// the lock, the arming at from) counts too while the watchdog showed no
// life after it.
func (v *view) failedUnlockCancelled(g *renewalGap) (Mechanism, bool) {
	owner, from, to := g.owner, g.from, g.to
	for i, op := range v.h.Ops {
		if op.Owner != owner || op.Call != model.CallUnlock || op.Err == "" || op.Start > to {
			continue
		}
		if op.Start < from.Add(-g.period) && !v.unlockStoppedWatchdog(op, g.sec, to) {
			continue
		}
		if m, ok := v.callFault(op, opTag(i), to); ok {
			m.Detail = fmt.Sprintf("%s's unlock at t=%s failed (%s), and a failed unlock cancels the thread's renewal though the hold stays: %s", owner, op.Start, op.Err, m.Detail)
			return m, true
		}
	}
	return Mechanism{}, false
}

// forceUnlockCancelled: a forceUnlock() by a thread of the owner's client
// while the hold was watched: forceUnlockAsync first cancels the lock's
// renewal for every thread of the client, cancelExpirationRenewal(null),
// then sends its script (R8:RedissonLock.java:433,
// R16:RedissonLock.java:330, R47:RedissonLock.java:336). A script that
// did not delete the hold (it failed, or ran only after the hold had
// expired: a lost request re-sent) leaves it with no watchdog, to run
// out its last re-arm: the forceUnlock ended the hold, by contract, only
// later. It explains the missing renewals when it came before the first
// one was due (firstDue) and no acquire of the client's without a lease
// started the watchdog again in time to renew.
func (v *view) forceUnlockCancelled(g *renewalGap) (Mechanism, bool) {
	owner, proc, from, to := g.owner, g.proc, g.from, g.to
	if !v.h.Settings.Redisson {
		return Mechanism{}, false
	}
	watched := from
	if g.sec != nil {
		watched = min(watched, g.sec.Start)
	}
	due := v.firstDue(owner, from, g.period)
	for i, op := range v.h.Ops {
		deleted := op.Outcome == "released" && op.ExecAt >= 0 && op.ExecVirtual <= to
		if op.Call != model.CallForceUnlock || op.Proc != proc || !sameClient(op.Owner, owner) || op.Start < watched || op.Start > due || op.Start >= to || deleted {
			continue
		}
		if v.watchdogRestarted(proc, owner, op.Start, g.period, to) {
			continue // the watchdog started again
		}
		why := cmp.Or(op.Err, op.Outcome, "its script had not run")
		if op.ExecAt >= 0 && op.ExecVirtual > to {
			why = fmt.Sprintf("its script ran only at t=%s, after the expiry", op.ExecVirtual)
		}
		if m, ok := v.callFault(op, opTag(i), to); ok {
			why += "; " + m.Detail
		}
		again := ""
		if slices.ContainsFunc(v.h.Ops, func(a model.Op) bool {
			return a.Proc == proc && sameClient(a.Owner, owner) && a.Call.Acquires() && a.Lease < 0 && a.Outcome == "acquired" && a.End > op.Start && a.End < to
		}) {
			again = " (the watchdog a later acquisition without a lease started again stopped before its first renewal: an unlock took its count)"
		}
		return Mechanism{Kind: MechContract, Name: "force-unlock",
			Detail: fmt.Sprintf("%s's forceUnlock() at t=%s cancelled the renewal of the lock for every thread of its client (cancelExpirationRenewal(null), before its script) and did not delete %s's hold (%s); the hold, renewed no more%s, expired at t=%s", op.Owner, op.Start, owner, why, again, to)}, true
	}
	return Mechanism{}, false
}

// firstDue is when the first renewal after owner's hold was armed at from
// fell due: a period after the watchdog's timer was set by the completion
// of the call that armed it, the renewal that ran at from (its next run
// is scheduled when it completes, R8:RedissonLock.java:239-253,
// R16:RedissonBaseLock.java:147-163, R47:RenewalTask.java:170-184) or the
// acquire whose return started the watchdog (tryAcquireAsync's listener);
// from and a period where neither completed after from.
func (v *view) firstDue(owner string, from sim.Time, period sim.Duration) sim.Time {
	done := from
	for _, r := range v.h.Renewals {
		if r.Owner == owner && r.ExecAt >= 0 && r.ExecVirtual == from && r.End > done {
			done = r.End
		}
	}
	for _, op := range v.h.Ops {
		if op.Owner == owner && op.Call.Acquires() && op.ExecAt >= 0 && op.ExecVirtual == from && op.End > done {
			done = op.End
		}
	}
	return done.Add(period)
}

// revivedEntry: 3.8.1 keeps one renewal entry per lock name and client,
// and scheduleExpirationRenewal makes none while one exists
// (R8:RedissonLock.java:225-228); a task's listener removes the entry
// when its renewal completes, and reschedules only on a 1 (:239-248). The
// acquire without a lease that began owner's section returned while the
// entry was a task 3.8.1's listener had revived (the client's
// renewal-revived note at the completion that scheduled it, or an earlier
// one of its chain: a renewal for the thread's earlier hold whose 1 came
// after the unlock had cancelled the watchdog, :271-276, 526-528), so it
// started no watchdog; that task's renewal had run before the hold was
// taken and answered 0, so its listener removed the entry and rescheduled
// nothing. No renewal was ever due for the hold: the catalogued
// renewal-revived's path, whatever held the revived renewal's answer up
// (seed 2041 of rlock-3.8.1, preset all, a 2 s watchdog). The cause's
// window begins at the note, for the catalogue to resolve.
func (v *view) revivedEntry(g *renewalGap) (Mechanism, bool) {
	sec := g.sec
	if sec == nil || sec.OuterLease >= 0 {
		return Mechanism{}, false // no watchdog was to start with the section
	}
	for i, r := range v.h.Renewals {
		// the entry present when the section's acquire returned (its task
		// scheduled by then, its renewal not completed), whose run came
		// before the hold was taken and answered 0
		if r.Proc != g.proc || !sameClient(r.Owner, g.owner) || r.Scheduled <= 0 || r.Scheduled > sec.Start ||
			r.End >= 0 && r.End <= sec.Start || r.Outcome != "not-renewed" || r.ExecAt < 0 || r.ExecVirtual >= sec.Granted {
			continue
		}
		// back along its chain (each task the same thread's) to the
		// completion that revived it
		revived := sim.Time(-1)
		for k := i; revived < 0; {
			p := v.scheduledBy(k)
			if p < 0 || v.h.Renewals[p].Owner != r.Owner {
				break
			}
			if v.noted("renewal-revived", r.Owner, g.proc, v.h.Renewals[p].End) {
				revived = v.h.Renewals[p].End
			}
			k = p
		}
		if revived < 0 {
			continue
		}
		m := cause("revived-entry", fmt.Sprintf("%s's %s returned at t=%s without a lease while its process's renewal entry for the lock was a watchdog task revived at t=%s (a renewal for %s's earlier hold answered 1 after the unlock had cancelled the watchdog, and its listener rescheduled it all the same), so it started no watchdog of its own; that task's renewal, sent at t=%s, ran at t=%s, before the hold was taken, and answered 0, and its listener removed the entry and rescheduled nothing: no renewal was due for the hold, which expired at t=%s",
			g.owner, sectionCall(v, sec), sec.Start, revived, r.Owner, r.Start, r.ExecVirtual, g.to), revived, g.to, g.proc)
		m.Owners = []string{r.Owner}
		return m, true
	}
	return Mechanism{}, false
}

// sectionCall names the call that began section s ("acquire" when none
// of the history's calls matches).
func sectionCall(v *view, s *model.Section) string {
	for _, op := range v.h.Ops {
		if op.Owner == s.Owner && op.Start == s.Called && op.Call.Acquires() {
			return string(op.Call)
		}
	}
	return "acquire"
}

// processStopped: the process stopped while renewals were due: up to
// about the deadline, or for longer than the renewal's slack (the
// watchdog's chain of renewals resumes where the stop ended, a period
// apart, so a stop that eats all but one period of the lease leaves the
// next renewal too late); a stalled timer thread (timer-delay) holds the
// renewal's timer the same way while the rest of the process runs.
func (v *view) processStopped(g *renewalGap) (Mechanism, bool) {
	owner, proc, from, to := g.owner, g.proc, g.from, g.to
	slack := to.Sub(from) - g.period - pauseMargin
	for _, f := range v.faults {
		if (f.Kind != sim.FaultPause && f.Kind != sim.FaultPartition && f.Kind != sim.FaultTimerDelay) || f.Target != proc || f.Start > to || spanEnd(f, to) <= from {
			continue
		}
		stopped := min(spanEnd(f, to), to).Sub(max(f.Start, from))
		if spanEnd(f, to) >= to.Add(-pauseMargin) || stopped >= slack {
			return faultMech(f, fmt.Sprintf("%s: %s's process was stopped for %s of the %s its watchdog had to renew its hold (armed at t=%s) before it expired at t=%s", describeFault(f), owner, stopped, to.Sub(from), from, to)), true
		}
	}
	return Mechanism{}, false
}

// sharedEntryHeldUp: a process renews a lock name through one entry its
// threads share: a thread whose hold begins while the entry lives joins
// it, and the entry's next renewal is sent only when the one in flight,
// for whichever thread it named, completes (R8:RedissonLock.java:239-248,
// R16:RedissonBaseLock.scheduleExpirationRenewal and renewExpiration,
// R47:LockTask): another thread's renewal in flight after the hold was
// armed that a fault lost or held up kept this one from coming. The entry
// is the client's (its UUID): a restarted process is another.
func (v *view) sharedEntryHeldUp(g *renewalGap) (Mechanism, bool) {
	owner, proc, to := g.owner, g.proc, g.to
	if !v.h.Settings.Redisson {
		return Mechanism{}, false
	}
	joined := g.from // the hold's watchdog was on the entry from then
	if g.sec != nil && g.sec.Start > joined {
		joined = g.sec.Start
	}
	for i, r := range v.h.Renewals {
		if r.Owner == owner || r.Proc != proc || !sameClient(r.Owner, owner) || r.Start > to || r.End >= 0 && r.End <= joined || r.Outcome == "renewed" && r.ExecAt >= 0 && r.ExecVirtual <= to {
			continue
		}
		if m, ok := v.callFault(r, renewTag(i), to); ok {
			m.Detail = fmt.Sprintf("%s's process sent a renewal for %s at t=%s on the lock entry its threads share, which had not completed when %s's hold expired at t=%s (the entry's next renewal waits for it): %s", owner, r.Owner, r.Start, owner, to, m.Detail)
			return m, true
		}
	}
	return Mechanism{}, false
}

// watchdogStartedLate: the watchdog starts when the acquire without a
// lease that took the hold, and armed it last (or ran before a renewal of
// the thread's earlier hold, still on its way, re-armed it: armedFor),
// completes, and sends its first renewal a third of its timeout later
// (R8:RedissonLock.tryAcquireAsync's listener,
// R16:RedissonLock.tryAcquireAsync's onComplete,
// R47:RedissonLock.tryAcquireAsync's thenApply, each calling
// scheduleExpirationRenewal): a reply that came later than the timeout
// less that third left no renewal time to come. A fault that held the
// call up is that; else the round trip (a WAIT's replica, the network's
// tail) outlasted two thirds of a lockWatchdogTimeout set that short,
// which no client could renew. A re-entry starts it too where a
// renewal's 0 had stopped the watchdog before it returned
// (restartedAfterZero).
func (v *view) watchdogStartedLate(g *renewalGap) (Mechanism, bool) {
	owner, from, to, period, sec := g.owner, g.from, g.to, g.period, g.sec
	for i, op := range v.h.Ops {
		if op.Owner != owner || !op.Call.Acquires() || op.Lease >= 0 || op.Outcome != "acquired" || op.ExecAt < 0 || !v.armedFor(op, from) {
			continue // not the call that armed the hold
		}
		// its last attempt's send: its script armed the hold
		sent := max(op.Start, op.LastTry)
		kept := op.End.Add(period) < to && v.keptAtSchedule(owner, g.proc, op, sent)
		if op.End.Add(period) < to && !kept {
			continue // not late
		}
		// its section begins when it returns: after the expiry, where the
		// reply came that late
		s := sec
		if s == nil || s.Called != op.Start {
			s = v.sectionOf(op)
		}
		began := s != nil && s.OuterLease < 0 && op.Start == s.Called && op.End == s.Start
		restarted, z := -1, false
		if !began && !v.firstWatchdog(op, sec) {
			if restarted, z = v.restartedAfterZero(op, sec); !z {
				continue // not the call that started the hold's watchdog
			}
		}
		again := ""
		if z {
			r := v.h.Renewals[restarted]
			again = fmt.Sprintf(" (a re-entry: the renewal sent at t=%s had found the thread's hold gone and answered 0 at t=%s, which took its last count off the watchdog and stopped it, and the re-entry's return started it again)", r.Start, r.End)
		}
		// what struck its last attempt, whose script armed the hold (an
		// earlier one's fault put off only the arming)
		struck := op
		struck.Start = sent
		if kept {
			// in time for the watchdog's first renewal, but its return
			// scheduled it a third of another call's lease later
			trip := v.nextTrip(opTag(i), struck.Start, op.ExecVirtual)
			if m, ok := v.keptScheduleHeldUp(owner, g.proc, opTag(i), struck, op.ExecVirtual, to, to.Add(-trip)); ok {
				return m, true
			}
			continue
		}
		if m, ok := v.callFault(struck, opTag(i), to.Add(-period)); ok {
			m.Detail = fmt.Sprintf("%s's %s ran at t=%s but returned only at t=%s%s, so its watchdog's first renewal was not due before the hold expired at t=%s: %s", owner, op.Call, op.ExecVirtual, op.End, again, to, m.Detail)
			return m, true
		}
		// a fault's latency spikes on its reply (sent when its script
		// ran) put the return, and so the watchdog's start, that late:
		// without them the first renewal would have run in time
		// (the first renewal's request taking as long as its last
		// attempt's took without a spike)
		trip := v.nextTrip(opTag(i), struck.Start, op.ExecVirtual)
		held, by := v.heldUp(opTag(i), op.ExecVirtual, op.End)
		back, paused := op.End.Add(-held), ""
		if f, ok := v.stoppedAtReturn(op, trip); ok && held > 0 {
			// the held-up reply came while the process was paused, and the
			// call returned when it resumed; without the spikes the reply
			// came a trip after the script ran, before the pause
			back, paused = op.ExecVirtual.Add(trip), fmt.Sprintf(", came while its process was paused (%s),", describeFault(f))
		}
		if held > 0 && back.Add(period) <= to.Add(-trip) {
			return faultMech(by, fmt.Sprintf("%s: %s's %s ran at t=%s, but its reply was held up %s%s and it returned only at t=%s%s, so its watchdog's first renewal, a third of its timeout after, was not due before the hold expired at t=%s", describeFault(by), owner, op.Call, op.ExecVirtual, held, paused, op.End, again, to)), true
		}
		if s != sec || !began {
			continue // a return after the expiry, or a re-entry's: no fault, nothing named here
		}
		return Mechanism{Kind: MechLease, Name: "lease",
			Detail: fmt.Sprintf("%s's %s ran at t=%s and returned at t=%s, %s later; its watchdog starts then and renews a third of lockWatchdogTimeout (%d ms) after, so the hold expired at t=%s before any renewal was due: a timeout under 1.5 × the call's round trip", owner, op.Call, op.ExecVirtual, op.End, op.End.Sub(op.ExecVirtual), v.h.Settings.Watchdog, to)}, true
	}
	return Mechanism{}, false
}

// lostFirstThread: 4.7.0's renewal task renews one thread per lock name,
// the first its entry queued (R47:LockTask.java:56-72, LockEntry.java:43-59);
// an acquire without a lease that returns while the entry lives queues its
// thread behind and schedules nothing (R47:RedissonFencedLock.java:91-99,
// RedissonLock.java:171-181, RenewalTask.java:136-152). Owner's thread had
// joined when the entry's run that ran before the expiry was sent, and the
// run named sibling X, ahead of it in the queue, whose hold was gone: it
// answered 0, which took X's count off (R47:LockTask.java:97-102), and the
// next run, the first that could name owner, is scheduled a third of the
// timeout after a run completes (R47:RenewalTask.java:62-69, 170-184),
// past the expiry even had this one's reply come at once. Had the run
// named owner it re-armed the hold in time: the mechanism is what took X's
// hold while X believed it held the lock (its section, up to its unlock's
// call), as the section's own violation names it. A 0 that came late
// under a fault where an instant one left the next run in time is
// renewalHeldUp's; a hold X's own unlock released, 3.16.8's entry (a 0
// cancels it for all: zero-renewal-cancels-all) and 3.8.1's per-thread
// tasks are not this.
func (v *view) lostFirstThread(g *renewalGap) (Mechanism, bool) {
	owner, proc, from, to, sec := g.owner, g.proc, g.from, g.to, g.sec
	if !v.h.Settings.Redisson || v.h.Settings.RenewalStopsOnFailure || v.h.Settings.RenewalPerThread || sec == nil {
		return Mechanism{}, false
	}
	if to.Sub(from) < sim.Duration(v.h.Settings.Watchdog-1)*sim.Millisecond {
		// armed for less than the watchdog's timeout (a lease, a kept
		// lease): that is what let it expire between two runs, not the
		// run the entry spent on X
		return Mechanism{}, false
	}
	for i, r := range v.h.Renewals {
		if r.Proc != proc || r.Owner == owner || !sameClient(r.Owner, owner) || r.Outcome != "not-renewed" || r.ExecAt < 0 ||
			r.Start < sec.Start || r.ExecVirtual <= from || r.ExecVirtual > to {
			continue // not a run of the entry, after owner joined it, that named a sibling whose hold was gone
		}
		trip := v.nextTrip(renewTag(i), r.Start, r.ExecVirtual)
		if r.ExecVirtual.Add(g.period) <= to.Add(-trip) {
			continue // an instant reply left the next run time to renew the hold
		}
		// X's section the run's count came from: the last that began
		// before the run was sent
		var sx *model.Section
		for k := range v.h.Sections {
			if s := &v.h.Sections[k]; s.Owner == r.Owner && s.Proc == proc && s.Start <= r.Start {
				sx = s
			}
		}
		if sx == nil || sx.Ended == "crash" {
			continue
		}
		lost, unlock := r.ExecVirtual, ""
		if sx.End >= 0 && sx.End < lost {
			// X's unlock, called before the run, had not taken its count
			// when the run was sent: the hold must have gone before the call
			lost = sx.End
			unlock = fmt.Sprintf(" (its unlock, called at t=%s, had not completed)", sx.End)
		}
		m, ok := v.missing(*sx, lost)
		if !ok {
			continue
		}
		m.Detail = fmt.Sprintf("%s's process renews the lock for the first thread its renewal entry queued: the entry's run sent at t=%s, after %s joined it at t=%s, named %s%s, whose hold was gone: it ran at t=%s and answered 0, which took %s off the entry, and the next run, the first that could name %s, is due a third of the timeout after a run completes, past the hold's expiry at t=%s; %s's hold: %s",
			owner, r.Start, owner, sec.Start, r.Owner, unlock, r.ExecVirtual, r.Owner, owner, to, r.Owner, m.Detail)
		return m, true
	}
	return Mechanism{}, false
}

// stoppedAtReturn is the pause of op's process that held the call's
// return: it began after op's script ran and a trip more (the reply,
// without spikes, had come by then) and lasted until op returned.
func (v *view) stoppedAtReturn(op model.Op, trip sim.Duration) (sim.FaultSpan, bool) {
	for _, f := range v.faults {
		if f.Kind == sim.FaultPause && f.Target == op.Proc && f.Start > op.ExecVirtual.Add(trip) && f.Start <= op.End && spanEnd(f, op.End) >= op.End {
			return f, true
		}
	}
	return sim.FaultSpan{}, false
}

// zeroThenRetake: owner's renewal, sent for the hold of its open section,
// found that hold gone and answered 0, which took a count of the thread off
// the watchdog (R47:LockTask.java:97-102, RenewalTask.java:97-134;
// R16:RedissonBaseLock.java:155-160) while the thread still held the lock
// as it saw it. Its next acquisition without a lease, a re-entry to the
// thread, found the lock free and took it again (tryLockInnerAsync creates
// a missing hash, R47:RedissonLock.java:214-223), its script ran twice (a
// re-send), so the store counted two holds where the return added one
// count (R47:RedissonLock.java:171-181, 195-203); an unlock took that count
// (each run's handle, R47:RedissonBaseLock.java:161-164: the first when it
// came back, Op.FailedRuns) and the watchdog stopped before its next
// renewal was due, the thread still in its section and the store holding
// the re-take's second count, which expired with no renewal. The count
// the 0 took is what this hold lacked: the mechanism is what took the hold
// the 0 found gone (missing, as the section's holds or expiry violation
// names it). A forceUnlock, a lease, a call that threw, another
// acquisition after the stop, or a re-take whose script ran once (the
// unlock then deleted it) is not this.
func (v *view) zeroThenRetake(g *renewalGap) (Mechanism, bool) {
	owner, proc, from, to, sec := g.owner, g.proc, g.from, g.to, g.sec
	if !v.h.Settings.Redisson || !v.h.Settings.UnlockCancelsRenewal || sec == nil {
		return Mechanism{}, false
	}
	// the entry's count of the thread, an unlock's take when its first run
	// came back
	var cs []countChange
	for _, c := range v.renewalCounts(proc, is(owner), -1) {
		if c.at < sec.Called || c.at > to || c.renewal >= 0 && c.op.Start < sec.Start {
			continue // before the section, or a renewal of an earlier hold (staleRenewal's)
		}
		cs = append(cs, c)
	}
	var held []bool // the thread's holds as it saw them, innermost last; true: without a lease
	count, zero, stopped := 0, -1, sim.Time(-1)
	for _, c := range cs {
		switch {
		case c.failed || c.kind == countEmpty || c.kind == countDropped || c.kind == countUnknown:
			return Mechanism{}, false
		case c.renewal >= 0:
			if count == 0 || len(held) == 0 {
				continue // it took nothing, or no hold of the thread's was left
			}
			if zero < 0 {
				zero = c.renewal
			}
			count--
			if v.h.Settings.RenewalStopsOnFailure {
				count = 0 // 3.16.8: the 0 cancels the entry
			}
		case c.kind == countAdd:
			held, count, stopped = append(held, true), count+1, -1
		case c.kind == countHeld:
			if zero >= 0 {
				return Mechanism{}, false // a hold the count never had
			}
			held = append(held, false)
		case len(held) == 0:
			return Mechanism{}, false
		default: // an unlock
			held = held[:len(held)-1]
			if count > 0 {
				if count--; count == 0 {
					stopped = c.at
				}
			}
		}
	}
	if zero < 0 || stopped < 0 || !slices.Contains(held, true) || stopped >= v.firstDue(owner, from, g.period) {
		return Mechanism{}, false
	}
	for _, r := range v.h.Renewals {
		if r.Owner == owner && r.Proc == proc && r.Start > stopped && r.Start <= to {
			return Mechanism{}, false // the watchdog went on
		}
	}
	z := v.h.Renewals[zero]
	// the re-take: the first run after the 0 that shows the hold again, an
	// acquisition without a lease of the thread's that returned with the
	// lock after the 0 came back and ran its script twice or more
	k := v.laterSample(v.sampleAt(z.ExecVirtual), func(p *model.StoreSample) bool { return slices.Contains(p.Holders, owner) })
	if z.ExecAt < 0 || k < 0 || v.h.Store[k].At > to {
		return Mechanism{}, false
	}
	kind, i := model.TagOf(v.h.Store[k].Tag)
	if kind != "op" || i < 0 || i >= len(v.h.Ops) {
		return Mechanism{}, false
	}
	op := v.h.Ops[i]
	if op.Owner != owner || !op.Call.Acquires() || op.Lease >= 0 || op.Outcome != "acquired" || op.End < z.End || op.End > stopped {
		return Mechanism{}, false
	}
	runs := v.grants(opTag(i), z.ExecVirtual, op.End)
	if runs < 2 {
		return Mechanism{}, false
	}
	m, ok := v.missing(*sec, z.ExecVirtual)
	if !ok {
		return Mechanism{}, false
	}
	m.Detail = fmt.Sprintf("%s's renewal sent at t=%s found its hold gone at t=%s and answered 0, which took a count of the thread off the watchdog while it still held the lock; its %s at t=%s, a re-entry to the thread, took the free lock again (its script ran %d times, a re-send) and added one count, which an unlock took at t=%s: the watchdog stopped, and the hold the re-take left expired at t=%s; the hold the 0 found gone: %s",
		owner, z.Start, z.ExecVirtual, op.Call, op.Start, runs, stopped, to, m.Detail)
	return m, true
}

// cancelAt is when unlock op's first run came back, and its handle took a
// renewal count of the thread (R47:RedissonBaseLock.java:161-164): before
// the call's return where 4.7.0 ran it again (Op.FailedRuns).
func cancelAt(op *model.Op) sim.Time {
	if len(op.FailedRuns) > 0 {
		return op.FailedRuns[0]
	}
	return op.End
}

// staleRenewal: a renewal of the owner's sent for an earlier hold, still
// on its way when this hold began, answered that it found no hold (it ran
// before the new hold was taken), and its reply took the new hold's
// thread off the watchdog: 4.7.0's LockTask cancels one count of the
// thread on a 0 (LockTask.java:97-102), 3.16.8 the entry (RedissonBaseLock
// renewExpiration), 3.8.1 schedules no next renewal.
func (v *view) staleRenewal(g *renewalGap) (Mechanism, bool) {
	owner, to, sec := g.owner, g.to, g.sec
	if sec == nil {
		return Mechanism{}, false
	}
	for _, r := range v.h.Renewals {
		if r.Owner == owner && r.Start < sec.Called && r.Outcome == "not-renewed" && r.End >= sec.Start && r.End <= to {
			return cause("stale-renewal", fmt.Sprintf("%s's renewal sent at t=%s, for its earlier hold, found no hold and answered 0 at t=%s, after it took the lock again at t=%s: that answer took it off the watchdog, and no renewal re-armed the hold before it expired at t=%s", owner, r.Start, r.End, sec.Start, to), r.Start, to, g.proc), true
		}
	}
	return Mechanism{}, false
}

// renewalMissed is noRenewal's answer where it explains the missing
// renewal: a mechanism, or the lock object's kept lease that put the next
// renewal past the expiry (a cause, for the catalogue to resolve).
func (v *view) renewalMissed(owner, proc string, from, to sim.Time) (Mechanism, bool) {
	m := v.noRenewal(owner, proc, from, to)
	return m, m.Kind != MechNone || m.Name == "kept-lease"
}

// renewalHeldUp: the last renewal owner's client (process proc) ran
// before to, after from (a call re-sent past to by its run before to),
// completed so late that the next one, sent a
// period after (pauseMargin for its own round trip), could not run before
// to; the delays a fault's latency spikes put on its messages, or on an
// earlier run of the same chain's still on its way at from (each run
// scheduled a period after the one before completed), made it so
// (without them the next would have run in time). It names that fault;
// so too a spike that held the reply of a run by the one that armed the
// hold past its attempt's response timeout (replyHeldPastTimeout).
// Where no fault did, and the run's WAIT waited for a replica's
// acknowledgement (up to its timeout, after which the run may fail, while
// 4.7.0's watchdog goes on after a failure), the replica's lag is it.
func (v *view) renewalHeldUp(owner, proc string, from, to sim.Time, period sim.Duration) (Mechanism, bool) {
	if !v.h.Settings.Redisson {
		return Mechanism{}, false
	}
	// the last run of the task that renews owner's hold: 3.8.1's task is
	// the thread's own, a sibling's chain renews only the sibling. A call
	// whose last run (Op.ExecVirtual) came after to, a re-send after the
	// response timeout (R47:RedisExecutor.java:467-481, which drops the
	// first send's reply), ran by to where an earlier run of it did: that
	// run is the one before the expiry, and the call's completion, which
	// set the next run's timer, waited for the re-send's reply
	last, run := -1, -1
	for i, r := range v.h.Renewals {
		if r.Proc != proc || !sameClient(r.Owner, owner) || r.Owner != owner && v.h.Settings.RenewalPerThread || r.ExecAt < 0 {
			continue
		}
		if r.ExecVirtual <= to {
			last, run = i, -1
		} else if k := v.lastRun(renewTag(i), r.Start, to); k >= 0 {
			last, run = i, k
		}
	}
	if last < 0 {
		return Mechanism{}, false
	}
	r := v.h.Renewals[last]
	resent := run >= 0
	if resent {
		// the call's answer is its re-send's, after the expiry; the run by
		// to renewed where it found the hold (a renewal re-arms the owner's
		// field only where it exists, R47:LockTask.java:82-95)
		r.ExecVirtual = v.h.Store[run].At
		if r.Outcome == "not-renewed" && slices.Contains(v.h.Store[run].Holders, r.Owner) {
			r.Outcome = "renewed"
		}
	}
	if r.End < 0 || r.End <= from {
		return Mechanism{}, false // no reply, or one that left the next renewal time to come
	}
	// the messages a run sent and got; only its reply's where it armed the
	// hold last (what held up its request moved the arming, and the
	// expiry with it)
	legs := func(r model.Op) sim.Time {
		if r.Owner == owner && r.Outcome == "renewed" && r.ExecVirtual >= from {
			return r.ExecVirtual
		}
		return r.Start
	}
	held, by := v.heldUp(renewTag(last), legs(r), r.End)
	// the chain's earlier runs that completed after from: each set the
	// task's timer for the next when it completed (Op.Scheduled), whatever
	// it answered where the next followed (R8:RedissonLock.java:239-253,
	// R16:RedissonBaseLock.java:147-163, R47:RenewalTask.java:170-184), so
	// what held one up put off every later one
	struck, next, struckBy := last, last, held
	for k, p := last, v.scheduledBy(last); p >= 0 && v.h.Renewals[p].End > from; k, p = p, v.scheduledBy(p) {
		if d, f := v.heldUp(renewTag(p), legs(v.h.Renewals[p]), v.h.Renewals[p].End); d > 0 {
			if held == 0 {
				struck, next, struckBy, by = p, k, d, f
			}
			held += d
		}
	}
	// the latest the next renewal could be sent and still run in time: its
	// request takes as long as this one's took without a fault's spike
	trip := v.nextTrip(renewTag(last), r.Start, r.ExecVirtual)
	due := to.Add(-trip)
	if r.End.Add(period) <= due {
		if r.Owner == owner && r.Outcome == "renewed" && v.keptAtSchedule(owner, proc, r, r.Start) {
			// in time for the next renewal a period later, but its
			// completion scheduled it a third of another call's lease later
			return v.keptScheduleHeldUp(owner, proc, renewTag(last), r, legs(r), to, due)
		}
		return Mechanism{}, false // a reply that left the next renewal time to come
	}
	// 4.7.0's renewal task schedules the next run whatever the last one
	// answered, and a 0 takes only the thread it named off the entry
	// (R47:RenewalTask.java:170-184, LockTask.java:97-102); 3.16.8's 0
	// cancels the entry, 3.8.1's schedules no next one
	othersGoOn := r.Outcome == "not-renewed" && r.Owner != owner && !v.h.Settings.RenewalStopsOnFailure
	stopped := r.Outcome == "error" && v.h.Settings.RenewalStopsOnFailure
	if r.Outcome != "renewed" && r.Outcome != "error" && !othersGoOn || stopped && r.End <= to {
		return Mechanism{}, false // the watchdog sends no next one
	}
	which := func(r model.Op) string {
		if r.Owner == owner {
			return owner + "'s renewal"
		}
		return fmt.Sprintf("the renewal %s's process sent for %s on the lock entry its threads share", owner, r.Owner)
	}
	if held == 0 || r.End.Add(period-held) > due {
		if resent {
			if m, ok := v.replyHeldPastTimeout(owner, last, run, trip, period, due, to); ok {
				return m, true
			}
		}
		// no fault's delay made it late: a run whose WAIT waited for a
		// replica's acknowledgement (a replica's lag, asynchronous
		// replication), until it came or the WAIT's timeout ran out,
		// completed that much later, whether it then failed or not (4.7.0
		// fails only when WAIT counted none,
		// CommandAsyncService.java:1221-1225), and 4.7.0's task schedules
		// the next run after it all the same; without that wait, its
		// reply sent when it ran, the next would have come in time
		// (a re-sent call's WAIT fields are its last send's, not the run's)
		if v.h.End.Replicas == 0 || stopped {
			return Mechanism{}, false
		}
		waited := r.ErrKind == "sync" || r.SyncShort || r.SyncWaited > 0
		if resent || !waited || r.ExecVirtual.Add(trip+period) > due {
			if held > 0 {
				return Mechanism{}, false // a fault's spike held the chain up too
			}
			return v.chainWaited(owner, last, from, to, due, period, resent, which)
		}
		lagged, wait, came := syncLag(r)
		return Mechanism{Kind: MechCondition, Name: "replication",
			Detail: fmt.Sprintf("%s (asynchronous replication): %s, sent at t=%s, ran at t=%s, but %s and %s; the renewal task runs next a third of its timeout after a run completes, failed or not, too late for %s's hold, which expired at t=%s", lagged, which(r), r.Start, r.ExecVirtual, wait, came, owner, to)}, true
	}
	if stopped {
		// a failure stops this watchdog when it comes back
		// (R16:RedissonBaseLock.java:149-152, R8:RedissonLock.java:239-247):
		// this one came after the expiry, while the watchdog still waited
		return faultMech(by, fmt.Sprintf("%s: %s, sent at t=%s, ran at t=%s, but its reply was held up %s and came only at t=%s (%s), after %s's hold expired at t=%s: the watchdog waited for it to send the next", describeFault(by), which(r), r.Start, r.ExecVirtual, held, r.End, r.Err, owner, to)), true
	}
	if struck != last {
		s := v.h.Renewals[struck]
		then := fmt.Sprintf("t=%s", v.h.Renewals[next].Start)
		if next != last {
			then += fmt.Sprintf(" and on, the last before the expiry at t=%s", r.Start)
		}
		answered := map[string]string{"renewed": "1", "not-renewed": "0"}[r.Outcome]
		return faultMech(by, fmt.Sprintf("%s: %s, sent at t=%s, ran at t=%s, but its messages were held up %s and it completed only at t=%s; the watchdog's next renewals, each a third of its timeout after the one before completed (%s, %s, which answered %s), came too late for %s's hold, which expired at t=%s", describeFault(by), which(s), s.Start, s.ExecVirtual, struckBy, s.End, then, which(r), cmp.Or(answered, r.Err), owner, to)), true
	}
	msgs := "its messages were"
	if legs(r) > r.Start {
		msgs = "its reply was"
	}
	completed := fmt.Sprintf("it completed only at t=%s", r.End)
	if resent {
		completed = fmt.Sprintf("it completed only at t=%s, when its re-send after the response timeout, run at t=%s, answered", r.End, v.h.Renewals[last].ExecVirtual)
	}
	return faultMech(by, fmt.Sprintf("%s: %s, sent at t=%s, ran at t=%s, but %s held up %s and %s; the watchdog's next renewal, a third of its timeout later, came too late for %s's hold, which expired at t=%s", describeFault(by), which(r), r.Start, r.ExecVirtual, msgs, held, completed, owner, to)), true
}

// replyHeldPastTimeout: renewal k, re-sent after the response timeout
// and run last after to, had a run by the one that armed owner's hold
// last (sample run) whose reply a known fault's spike held up past the
// response timeout of the attempt that run answered: the client sends an
// attempt only once it dropped the one before at its response timeout,
// that attempt's reply with it, and sends the call again after the retry
// delay (R47:RedisExecutor.java:467-482), and the watchdog's next renewal
// waits for the call (R47:RenewalTask.java:170-184). An attempt's send is
// its request's spike's time where a spike held the request up (the run
// came that much after it), a trip before the run where none did; a run
// after its attempt's timeout answered an attempt already dropped. An
// earlier run counts only where the one that armed the hold came from a
// send made before it, so answered an attempt the client had dropped
// (seed 1431 of rlock-4.7.0, preset net, a 2 s watchdog: the first send,
// its request held up past the timeout, armed the hold last, and the
// re-send's run before it is the one whose reply was held). Without that
// spike the reply completed the call a trip after its run, and the next
// renewal, a period later, ran by due: the fault is the mechanism (seed
// 1813 of fencedlock-4.7.0, preset net: the run that armed the hold, its
// request held up 1.3 s, had its reply held up 1.9 s, past the 3 s
// timeout of its send).
func (v *view) replyHeldPastTimeout(owner string, k, run int, trip, period sim.Duration, due, to sim.Time) (Mechanism, bool) {
	r := v.h.Renewals[k]
	tag := renewTag(k)
	timeout := sim.Duration(v.h.Settings.Timeout) * sim.Millisecond
	armed := v.h.Store[run].At
	// spikesOn reads the call's spikes for its run at t: when the attempt
	// it answered was sent, and a known fault's spike on its reply (nil:
	// none)
	spikesOn := func(t sim.Time) (sent sim.Time, reply *model.NetEvent) {
		sent = t.Add(-trip)
		for j := range v.h.Net {
			e := &v.h.Net[j]
			if e.Tag != tag || e.Kind != sim.NetDelayed || e.At > t {
				continue
			}
			if unspiked := t.Add(-e.Delay); unspiked >= e.At && unspiked.Sub(e.At) <= pauseMargin {
				sent = e.At
			}
			if _, known := v.fault(e.Fault); known && e.At == t {
				reply = e
			}
		}
		return sent, reply
	}
	armedSent, _ := spikesOn(armed)
	for i := run; i >= 0 && v.h.Store[i].At >= r.Start; i-- {
		ran := v.h.Store[i].At
		if v.h.Store[i].Tag != tag || ran.Add(trip+period) > due {
			continue // another call's, or too late for the next renewal all the same
		}
		if i != run && armedSent >= ran.Add(-pauseMargin) {
			continue // the run that armed the hold may have answered the call's live attempt
		}
		sent, reply := spikesOn(ran)
		dropAt := sent.Add(timeout)
		if reply == nil || ran.Add(trip) > dropAt || ran.Add(reply.Delay+trip) <= dropAt {
			continue // no spike on its reply, an attempt already dropped, or a reply in time all the same
		}
		f, _ := v.fault(reply.Fault)
		which := owner + "'s renewal"
		if r.Owner != owner {
			which = fmt.Sprintf("the renewal %s's process sent for %s on the lock entry its threads share", owner, r.Owner)
		}
		how := fmt.Sprintf("its run at t=%s, whose attempt was sent at t=%s", ran, sent)
		if i != run {
			how += fmt.Sprintf(" (its run at t=%s, which armed the hold last, answered an attempt already dropped)", armed)
		}
		return faultMech(f, fmt.Sprintf("%s: %s, sent at t=%s, was re-sent after the response timeout; %s, had its reply held up %s, past that attempt's response timeout at t=%s, so the client dropped it and sent the call again, and the call completed only at t=%s, when its run at t=%s answered; the watchdog's next renewal, a third of its timeout after the call completed, came too late for %s's hold, which expired at t=%s",
			describeFault(f), which, r.Start, how, reply.Delay, dropAt, r.End, r.ExecVirtual, owner, to)), true
	}
	return Mechanism{}, false
}

// chainWaited: renewalHeldUp's replica lag on an earlier run of the
// chain. Renewal last, the chain's last run before owner's hold expired
// at to, completed too late for the next to run by due, and no fault's
// spike held the chain up (renewalHeldUp's held); the chain's earlier
// runs that completed after from (each set the task's timer for the next
// when it completed, failed or not, Op.Scheduled:
// R47:RenewalTask.java:170-184) include ones whose WAIT waited for a
// replica's acknowledgement (Op.SyncWaited, up to its timeout, after
// which 4.7.0 fails the run only where WAIT counted none,
// CommandAsyncService.java:1221-1225), and without those waits (the last
// run's own too, where it was not re-sent) every later run, the last
// with it, came that much earlier and the next in time: the replica's
// lag is the condition (seed 1411 of rlock-4.7.0, preset failover, a 2 s
// watchdog: the run that waited named a sibling, the next named it again
// and answered 0, LockTask.java:97-102, and the one after, for owner,
// came too late). A chain with a run that failed otherwise (a timeout),
// or waits too short to have made the difference, is not this.
func (v *view) chainWaited(owner string, last int, from, to, due sim.Time, period sim.Duration, resent bool, which func(model.Op) string) (Mechanism, bool) {
	r := v.h.Renewals[last]
	var total sim.Duration
	if !resent {
		total = r.SyncWaited
	}
	struck, next := -1, last
	for k, p := last, v.scheduledBy(last); p >= 0 && v.h.Renewals[p].End > from; k, p = p, v.scheduledBy(p) {
		q := v.h.Renewals[p]
		if q.ErrKind != "" && q.ErrKind != "sync" {
			return Mechanism{}, false // a run that failed otherwise: not the WAIT's time
		}
		if q.SyncWaited > 0 {
			total += q.SyncWaited
			if struck < 0 {
				struck, next = p, k
			}
		}
	}
	if struck < 0 || r.End.Add(period-total) > due {
		return Mechanism{}, false
	}
	s := v.h.Renewals[struck]
	lagged, wait, came := syncLag(s)
	then := fmt.Sprintf("t=%s", v.h.Renewals[next].Start)
	if next != last {
		then += fmt.Sprintf(" and on, the last before the expiry at t=%s", r.Start)
	}
	answered := map[string]string{"renewed": "1", "not-renewed": "0"}[r.Outcome]
	return Mechanism{Kind: MechCondition, Name: "replication",
		Detail: fmt.Sprintf("%s (asynchronous replication): %s, sent at t=%s, ran at t=%s, but %s and %s; the renewal task runs next a third of its timeout after a run completes, failed or not (%s, %s, which answered %s), and the run after came too late for %s's hold, which expired at t=%s", lagged, which(s), s.Start, s.ExecVirtual, wait, came, then, which(r), cmp.Or(answered, r.Err), owner, to)}, true
}

// syncLag tells how renewal r's WAIT held it up: the lag, the WAIT's
// count or wait, and when the run came back.
func syncLag(r model.Op) (lagged, wait, came string) {
	came = fmt.Sprintf("it failed only at t=%s (%s)", r.End, r.Err)
	if r.Err == "" {
		came = fmt.Sprintf("it completed only at t=%s", r.End)
	}
	lagged, wait = "a replica lagged past WAIT's timeout", "its WAIT counted fewer replicas than asked"
	if r.ErrKind != "sync" && !r.SyncShort {
		lagged, wait = "a replica lagged", fmt.Sprintf("its WAIT waited %s for a replica's acknowledgement", r.SyncWaited)
	}
	return lagged, wait, came
}

// keptAtSchedule says whether op, a 3.8.1 call of owner's that sent (at
// sent: a renewal's send, an acquire's last attempt's) the watchdog's
// timeout (a renewal that read it from its lock object's
// internalLockLeaseTime at its send, R8:RedissonLock.java:260-268; an
// acquire without a lease, which writes it, :202, 279-280), scheduled the
// thread's next renewal when it completed a third of another call's lease
// later: the client's lease-kept note at the completion, which
// scheduleExpirationRenewal takes where the field is not the watchdog's
// (:225-253; clients.schedule381), and none at the send. The field
// changed while op was on its way: only an acquire attempt's
// tryLockInnerAsync writes it (:280, R8:RedissonFairLock.java:88-89), of any
// thread on the lock object.
func (v *view) keptAtSchedule(owner, proc string, op model.Op, sent sim.Time) bool {
	return v.h.Settings.RenewalPerThread && op.Owner == owner && op.ScriptLease == v.h.Settings.Watchdog && op.End > sent &&
		v.noted("lease-kept", owner, proc, op.End) && !v.noted("lease-kept", owner, proc, sent)
}

// keptScheduleHeldUp: owner's call op (tagged tag: its renewal that
// answered 1, or the acquire without a lease that started its watchdog,
// Start its last attempt's send) sent the watchdog's timeout and, when it
// completed, scheduled the next renewal with the lease another call had
// stored in the lock object since (keptAtSchedule): a third of it later,
// and no renewal of owner's was sent between that completion and the
// hold's expiry at to. A known fault's latency spikes held op's messages
// up (those sent from legs on: its reply, where its run armed the hold)
// across that write; without them op completed a round trip after its
// send, while the field still had the watchdog's timeout (a round trip
// takes a millisecond), and the next renewal, a third of that later,
// would have run by due (the expiry less its request's trip): the fault
// is the mechanism, the kept lease only the period it happened to meet.
// Without such a fault it stays the kept lease's (keptPeriod).
func (v *view) keptScheduleHeldUp(owner, proc, tag string, op model.Op, legs, to, due sim.Time) (Mechanism, bool) {
	for _, r := range v.h.Renewals {
		if r.Owner == owner && r.Proc == proc && r.Start > op.End && r.Start <= to {
			return Mechanism{}, false // a renewal came before the expiry: not a period past it
		}
	}
	// the field changed between op's send and its completion: without the
	// fault's spikes that was a round trip (at most pauseMargin), where a
	// retry, a pause or a replica's wait is no spike
	if _, byFault, _ := v.spikes(tag, op.Start, op.End, true); op.End.Sub(op.Start)-byFault > pauseMargin {
		return Mechanism{}, false
	}
	held, by := v.heldUp(tag, legs, op.End)
	back := op.End.Add(-held)
	period := v.watchdogPeriod()
	if held == 0 || back.Add(period) > due || !v.leaseStoredBetween(op, back) {
		return Mechanism{}, false // without the spikes it came too late all the same, or met the kept lease
	}
	what, msgs := string(op.Call), "its messages were"
	if op.Call == model.CallRenew {
		what = "renewal"
	}
	if legs > op.Start {
		msgs = "its reply was"
	}
	return faultMech(by, fmt.Sprintf("%s: %s's %s, sent at t=%s with the watchdog's %d ms, ran at t=%s, but %s held up %s and it completed only at t=%s, after another call had stored its lease in the lock object's internalLockLeaseTime: it scheduled the next renewal a third of that lease later, past the hold's expiry at t=%s; without the delay it completed by t=%s, and the next renewal, a third of the watchdog's timeout later (t=%s), was due in time",
		describeFault(by), owner, what, op.Start, v.h.Settings.Watchdog, op.ExecVirtual, msgs, held, op.End, to, back, back.Add(period))), true
}

// leaseStoredBetween says whether no acquire on op's lock object (its
// process's calls on its lock) stored a lease other than the watchdog's
// in internalLockLeaseTime from op's send to back, when op would have
// completed without the fault's spikes, and one did before op.End:
// without the spikes op's completion met the watchdog's timeout. 3.8.1
// writes the field at each acquire attempt's send (R8:RedissonLock.java:
// 279-280, Op.Sends); a re-send that writes nothing counts too, which
// only leaves a completion unnamed.
func (v *view) leaseStoredBetween(op model.Op, back sim.Time) bool {
	after := false
	for _, w := range v.h.Ops {
		if w.Proc != op.Proc || w.Lock != op.Lock || !w.Call.Acquires() || w.ScriptLease <= 0 || w.ScriptLease == v.h.Settings.Watchdog {
			continue
		}
		for _, sent := range append([]sim.Time{w.Start}, w.Sends...) {
			switch {
			case sent > op.Start && sent <= back:
				return false
			case sent > back && sent <= op.End:
				after = true
			}
		}
	}
	return after
}

// zeroCameLate: 3.16.8's renewal renews its entry's first thread and a 0
// cancels the entry for every thread (R16:RedissonBaseLock.java:141-160),
// and the next renewal is scheduled only when one completes (:148-161).
// The entry's renewal in flight while owner's hold was on it named
// another thread of the client, whose hold was gone: it ran before the
// hold expired at to and answered 0, and its reply, which came only after
// the expiry, took the path that cancels the entry for all
// (zero-renewal-cancels-all, noted then for the thread it named). No
// renewal for owner could come before that reply, and none after it:
// the cause is that completion, for the catalogue to resolve.
func (v *view) zeroCameLate(owner, proc string, to sim.Time, sec *model.Section) (Mechanism, bool) {
	if !v.h.Settings.Redisson || sec == nil {
		return Mechanism{}, false
	}
	for _, r := range v.h.Renewals {
		if r.Proc != proc || r.Owner == owner || !sameClient(r.Owner, owner) || r.Outcome != "not-renewed" || r.ExecAt < 0 || r.ExecVirtual > to ||
			r.End <= to || r.End <= sec.Start || !v.noted("zero-renewal-cancels-all", r.Owner, proc, r.End) {
			continue
		}
		m := cause("no-renewal", fmt.Sprintf("the renewal %s's process sent for %s at t=%s on the lock entry its threads share (its first thread) ran at t=%s, before %s's hold expired at t=%s, and answered 0; its reply came only at t=%s and cancelled the entry for every thread, and the entry sends its next renewal only when one completes", owner, r.Owner, r.Start, r.ExecVirtual, owner, to, r.End), r.End, r.End, proc)
		m.Owners = []string{r.Owner}
		return m, true
	}
	return Mechanism{}, false
}

// armedFor says whether acquire op armed its thread's hold last at from
// (as its watchdog had it): its script did, or a renewal of the thread's
// sent before that script ran (for an earlier hold, still on its way)
// re-armed the hold at from, before op returned; the hold's own watchdog
// starts only when op returns (scheduleExpirationRenewal in each version's
// tryAcquireAsync listener, R8:RedissonLock.java:202-214), and a renewal's
// script pexpires whatever hold the thread has (R16:RedissonBaseLock.java:185-193,
// R47:LockTask.java:82-95).
func (v *view) armedFor(op model.Op, from sim.Time) bool {
	if op.ExecVirtual == from {
		return true
	}
	if from < op.ExecVirtual || from >= op.End {
		return false
	}
	for i := v.sampleAt(from); i >= 0 && v.h.Store[i].At == from; i-- {
		smp := v.h.Store[i]
		if r := v.h.CallOf(smp.Tag); r != nil && r.Call == model.CallRenew && r.Owner == op.Owner && r.Start < op.ExecVirtual && slices.Contains(smp.Holders, op.Owner) {
			return true
		}
	}
	return false
}

// firstWatchdog says whether op, an acquire without a lease, re-entered
// sec, a hold taken with a lease, before any other acquire without a lease
// of the section returned: its return starts the hold's watchdog
// (scheduleExpirationRenewal in each version's tryAcquireAsync listener,
// R8:RedissonLock.java:202-214), though its script had cut the lease to
// the watchdog's timeout already.
func (v *view) firstWatchdog(op model.Op, sec *model.Section) bool {
	if sec == nil || !op.Nested || sec.OuterLease <= 0 || op.Start < sec.Start {
		return false
	}
	for _, a := range v.h.Ops {
		if a.Owner == op.Owner && a.Call.Acquires() && a.Lease < 0 && a.Outcome == "acquired" && a.End >= sec.Start && a.End < op.End {
			return false
		}
	}
	return true
}

// restartedAfterZero says whether op, an acquire without a lease that
// re-entered sec (its thread held the lock as it saw it), started the
// hold's watchdog anew when it returned, and which renewal had stopped it:
// the client's last renewal sent before that return was the thread's own,
// sent in sec, and answered 0 (its hold had gone) by then, which took the
// thread's last count off the entry and stopped the task
// (R47:LockTask.java:97-102, RenewalTask.java:97-134;
// R16:RedissonBaseLock.java:155-160; R8:RedissonLock.java:239-248), and
// op's return set the task's timer (Op.Scheduled of the renewal it sent),
// as an acquisition's return does only where no entry is left
// (R47:RenewalTask.java:136-152, R16:RedissonBaseLock.java:168-176,
// R8:RedissonLock.java:225-255). A watchdog still running (another
// count, a sibling's), a 0 of a sibling's or of an earlier section's, or
// a renewal after the 0 is not this.
func (v *view) restartedAfterZero(op model.Op, sec *model.Section) (int, bool) {
	if sec == nil || !op.Nested || op.Start < sec.Start || op.End < 0 {
		return -1, false
	}
	last := -1
	for i, r := range v.h.Renewals {
		if r.Proc == op.Proc && sameClient(r.Owner, op.Owner) && r.Start < op.End && (last < 0 || r.Start >= v.h.Renewals[last].Start) {
			last = i
		}
	}
	if last < 0 {
		return -1, false
	}
	z := v.h.Renewals[last]
	if z.Owner != op.Owner || z.Outcome != "not-renewed" || z.Start < sec.Start || z.End < 0 || z.End > op.End {
		return -1, false
	}
	if !slices.ContainsFunc(v.h.Renewals, func(r model.Op) bool {
		return r.Proc == op.Proc && sameClient(r.Owner, op.Owner) && r.Start >= op.End && r.Scheduled == op.End
	}) {
		return -1, false
	}
	return last, true
}

// keptPeriod: owner's watchdog was last scheduled (its last renewal that
// answered 1 completed, or the acquire without a lease that started it)
// with a period of a third of its lock object's internalLockLeaseTime,
// which another call's lease had set (the client's lease-kept note then:
// R8:RedissonLock.java:225-253, 280), and no renewal of owner's came after
// it though one a third of lockWatchdogTimeout (period) later would have
// run before the hold expired at to: the kept lease put the next renewal
// past the expiry.
func (v *view) keptPeriod(owner, proc string, to sim.Time, period sim.Duration) (Mechanism, bool) {
	if !v.h.Settings.Redisson {
		return Mechanism{}, false
	}
	// the times the watchdog may have scheduled owner's next renewal: the
	// completion of its last renewal, if that answered 1, and of its
	// acquires without a lease since (3.8.1 schedules only where no entry
	// exists: the client's note says where it did)
	last := -1
	for i, r := range v.h.Renewals {
		if r.Owner == owner && r.Start <= to {
			last = i
		}
	}
	var at []sim.Time
	since := sim.Time(0)
	if last >= 0 {
		r := v.h.Renewals[last]
		since = r.Start
		if r.Outcome == "renewed" && r.End >= 0 && r.End <= to {
			at = append(at, r.End)
		}
	}
	for _, op := range v.h.Ops {
		if op.Owner == owner && op.Call.Acquires() && op.Lease < 0 && op.Outcome == "acquired" && op.End >= since && op.End <= to {
			at = append(at, op.End)
		}
	}
	sched := sim.Time(-1)
	for _, t := range at {
		if t > sched && v.noted("lease-kept", owner, proc, t) {
			sched = t
		}
	}
	if sched < 0 || sched.Add(period+pauseMargin) > to {
		return Mechanism{}, false
	}
	// the hold stayed from then to its expiry: no release (whose
	// cancelExpirationRenewal(null) would have ended the chain) took it;
	// an earlier hold's expiry removes no entry, and the chain it left
	// kept a later acquire from starting its own (R8:RedissonLock.java:225-228)
	for _, g := range v.gone {
		if at := v.h.Store[g.Sample].At; g.Owner == owner && g.How != goneExpired && at > sched && at < to {
			return Mechanism{}, false
		}
	}
	m := cause("kept-lease", fmt.Sprintf("%s's watchdog scheduled its next renewal at t=%s a third of its lock object's internalLockLeaseTime later, a lease another call had set (not the watchdog's %d ms), and no renewal came before its hold expired at t=%s", owner, sched, v.h.Settings.Watchdog, to), sched, to, proc)
	m.Owners = []string{owner}
	return m, true
}

// watchdogRestarted says whether, after a forceUnlock() of owner's client
// (process proc) emptied the client's renewal entry of the lock at since,
// an acquisition without a lease of the client's started the watchdog
// again and kept it a renewal period, ending before to. It replays the
// entry's counts: such an acquisition adds one for its thread when it
// returns (R47:RedissonLock.java:174-177, LockEntry.java:43-51), and,
// where every unlock takes its thread's count off (UnlockCancelsRenewal),
// an unlock's completion takes one (R47:RedissonBaseLock.java:161-164,
// LockEntry.java:61-71); the last count taken removes the entry and stops
// the task before its renewal (R47:RenewalTask.java:97-134). So a
// re-entry of the holder's, restarting the watchdog, whose own unlock came
// before the renewal was due leaves the outer hold unwatched.
func (v *view) watchdogRestarted(proc, owner string, since sim.Time, period sim.Duration, to sim.Time) bool {
	counts := map[string]int{}
	total, started := 0, sim.Time(-1)
	for _, c := range v.renewalCounts(proc, func(o string) bool { return sameClient(o, owner) }, -1) {
		if c.renewal >= 0 || c.op.End <= since || c.kind != countAdd && (c.kind != countTake || !v.h.Settings.UnlockCancelsRenewal) {
			continue
		}
		if started >= 0 && c.at > started.Add(period) {
			break // the renewal was due while the entry lived
		}
		switch w := c.op.Owner; {
		case c.kind == countAdd:
			counts[w]++
			total++
			if total == 1 {
				started = c.at
			}
		case counts[w] > 0:
			counts[w]--
			total--
			if total == 0 {
				started = -1 // the entry removed, its task stopped
			}
		}
	}
	return started >= 0 && started.Add(period) < to
}

// unlockStoppedWatchdog: owner's unlock op, which failed within section
// sec, left its hold without a watchdog up to to. Its cancel stopped the
// renewal (3.8.1: the entry of the thread, R8:RedissonLock.java:513-516,
// 271-276; 3.16.8, 4.7.0: the thread's last count) when no renewal of
// owner was sent after it completed, and no acquire without a lease of
// owner completed after it to schedule a new one (R8:RedissonLock.java:191,213).
func (v *view) unlockStoppedWatchdog(op model.Op, sec *model.Section, to sim.Time) bool {
	if sec == nil || op.Start < sec.Start || op.End < 0 || op.End > to {
		return false
	}
	for _, r := range v.h.Renewals {
		if r.Owner == op.Owner && r.Start >= op.End && r.Start <= to {
			return false
		}
	}
	for _, a := range v.h.Ops {
		if a.Owner == op.Owner && a.Call.Acquires() && a.Lease < 0 && a.Outcome == "acquired" && a.End >= op.End && a.End <= to {
			return false
		}
	}
	return true
}
