package checks

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// expiryMargin covers a renewal or acquire that was in flight when the
// clock started (it lands one network delay later) and the sampling of
// the store, which happens only when a script runs.
const expiryMargin = sim.Second

// Expiry checks what a lease promises, from the samples of the store taken
// after every script (an owner is "in the store" while its hash field, or
// for a simple lock the key it set, exists):
//
//   - a crashed holder's hold is gone within its lease of the crash (the
//     watchdog's 30 s after its last renewal, which came before the crash);
//   - an explicit lease expires: a hold is gone once the lease has run,
//     counted from when the acquisition returned (the script ran before),
//     unless the same owner took the lock again since;
//   - a live holder does not lose its hold while its section is open: the
//     watchdog kept renewing it, or its explicit lease had not run out.
//
// A hold that outlived its lease is explained by what last re-armed it
// (view.outlived); a hold lost under its holder, as any missing hold
// (view.missing). The samples must be in time order
// (model.History.Store is).
func Expiry(h *model.History, faults []sim.FaultSpan) []Violation {
	return expiry(newView(h, faults))
}

func expiry(vw *view) []Violation {
	h := vw.h
	var out []Violation
	for i, s := range h.Sections {
		lease := vw.effectiveLease(s)
		// A later acquire call of the same owner may refresh or retake its
		// hold, even one that failed with an error (its script may have run).
		next := sim.Time(-1)
		mine := vw.own.sections[s.Owner]
		for _, k := range mine[sort.SearchInts(mine, i+1):] { // its later sections
			if t := &h.Sections[k]; next < 0 || t.Called < next {
				next = t.Called
			}
		}
		for _, k := range vw.own.acquires[s.Owner] {
			if op := &h.Ops[k]; op.Start > s.Start && (next < 0 || op.Start < next) {
				next = op.Start
			}
		}
		inStore := func(from sim.Time) (int, bool) {
			// the samples are in time order: start at the first after from
			first := sort.Search(len(h.Store), func(i int) bool { return h.Store[i].At > from })
			for k := first; k < len(h.Store); k++ {
				smp := &h.Store[k]
				if next >= 0 && smp.At >= next {
					break
				}
				for _, o := range smp.Holders {
					if o == s.Owner {
						return k, true
					}
				}
			}
			return 0, false
		}
		// lost is the sample, while the section is open and after its
		// owner's hold was seen, in which the hold is gone.
		lost := func() (sim.Time, bool) {
			seen := false
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
		report := func(at sim.Time, detail string, m Mechanism) {
			v := Violation{Property: "expiry", At: at, Actors: []string{s.Owner}, Detail: detail}
			v.explained(m)
			out = append(out, v)
		}
		switch {
		case s.Ended == "crash":
			if k, ok := inStore(s.End.Add(lease + expiryMargin)); ok {
				at := h.Store[k].At
				if m, bad := vw.outlived(s, k); bad {
					report(at, fmt.Sprintf("%s crashed at t=%s but its hold was still in the store at t=%s, past its %s lease", s.Owner, s.End, at, lease), m)
				}
			}
		case s.Lease > 0:
			if k, ok := inStore(s.LeaseFrom().Add(lease + expiryMargin)); ok {
				at := h.Store[k].At
				if m, bad := vw.outlived(s, k); bad {
					report(at, fmt.Sprintf("%s's hold, taken with a %dms lease at t=%s, was still in the store at t=%s", s.Owner, s.Lease, s.Start, at), m)
				}
			}
			// The lease runs from the acquire's script, which ran at or
			// after LeaseFrom: a hold gone well before that lease's end,
			// while its section is open, was lost under its holder.
			if at, ok := lost(); ok && at.Add(expiryMargin) < s.LeaseFrom().Add(lease) {
				m, _ := vw.missing(s, at)
				report(at, fmt.Sprintf("%s held the lock (a %dms lease, since t=%s) and its hold was gone from the store at t=%s, before the lease ran out", s.Owner, s.Lease, s.Start, at), m)
			}
		case s.StoreHolds != -1:
			if at, ok := lost(); ok {
				m, _ := vw.missing(s, at)
				report(at, fmt.Sprintf("%s held the lock (watchdog, since t=%s) and its hold was gone from the store at t=%s", s.Owner, s.Start, at), m)
			}
		}
	}
	return out
}

// outlived explains why s's owner's hold was still in the store in sample
// k, past its lease: what last armed the deadline it shows there. bad is
// false when that was the owner's own acquire or unlock of a live
// section, re-arming the lease its lock object holds (an unlock of an
// inner hold pexpires internalLockLeaseTime, RedissonLock.unlockInnerAsync):
// the lease then runs from there, and the hold has not outlived it.
func (vw *view) outlived(s model.Section, k int) (m Mechanism, bad bool) {
	m = vw.outlivedBy(s, k)
	if m.Name == "rearmed-by-own-call" {
		return m, false
	}
	return m, true
}

func (vw *view) outlivedBy(s model.Section, k int) Mechanism {
	h := vw.h
	smp := &h.Store[k]
	who := s.Owner
	if smp.TTL < 0 {
		return cause("no-ttl", fmt.Sprintf("%s's hold had no TTL at t=%s", who, smp.At), s.Called, smp.At, s.Proc)
	}
	// a master whose clock went back: leases run on it
	for _, f := range vw.faults {
		if f.Kind == sim.FaultServerStep && f.Amount < 0 && f.Start >= s.Called && f.Start <= smp.At {
			return faultMech(f, fmt.Sprintf("%s: the master's clock went back, and %s's hold with it", describeFault(f), who))
		}
	}
	j := vw.armedAt(k, smp.ServerMs+smp.TTL, who)
	arm := &h.Store[j]
	armed := smp.ServerMs + smp.TTL - arm.ServerMs
	if f, d, ok := vw.clockMoved(arm, smp); ok && d < 0 {
		return faultMech(f, fmt.Sprintf("%s: the master that held %s's hold at t=%s read %d ms behind the one that armed it for %d ms at t=%s, so it lived that much longer in real time", describeFault(f), who, smp.At, -d, armed, arm.At))
	}
	op := h.CallOf(arm.Tag)
	switch {
	case op == nil:
		return cause("rearmed", fmt.Sprintf("%s on %s at t=%s re-armed %s's hold for %d ms", arm.Script, arm.Node, arm.At, who, armed), s.Called, smp.At, s.Proc)
	case op.Owner != who:
		if m, ok := vw.staleExpire(who, op, j, armed, smp.At); ok {
			return m
		}
		return cause("rearmed-by-other", fmt.Sprintf("%s's %s at t=%s re-armed %s's hold for %d ms", op.Owner, op.Call, arm.At, who, armed), s.Called, smp.At, s.Proc, op.Proc)
	case op.Call == model.CallRenew:
		if s.Ended == "crash" && op.Start <= s.End && arm.At > s.End {
			// a renewal sent before the crash that ran after it
			if i := renewalIndex(h, op); i >= 0 {
				if m, ok := vw.callFault(*op, renewTag(i), s.End); ok {
					m.Detail = fmt.Sprintf("the watchdog's renewal of %s sent at t=%s, before its crash, ran only at t=%s: %s", who, op.Start, arm.At, m.Detail)
					return m
				}
			}
			return cause("stale-renewal", fmt.Sprintf("the watchdog's renewal of %s, sent at t=%s before its process crashed at t=%s, ran at t=%s and re-armed the hold for %d ms", who, op.Start, s.End, arm.At, armed), s.Called, smp.At, s.Proc)
		}
		if op.Start < s.Called {
			// sent for an earlier hold of the thread, it ran after the
			// thread took the lock again with a lease
			return cause("stale-renewal", fmt.Sprintf("the watchdog's renewal of %s sent at t=%s, for its earlier hold, ran at t=%s after it took the lock again with a lease, and re-armed the hold for %d ms", who, op.Start, arm.At, armed), s.Called, smp.At, s.Proc)
		}
		for _, r := range h.Renewals {
			if r.Owner == who && r.Start < s.Called && r.Outcome == "renewed" && r.ExecVirtual >= s.Granted && r.ExecVirtual <= arm.At {
				// a renewal sent for the thread's earlier hold ran after it
				// took the lock again with a lease, and its success
				// scheduled the renewals that followed (3.8.1: renewal
				// reschedules itself; R16/4.7.0: the task runs on)
				return cause("stale-renewal", fmt.Sprintf("the watchdog's renewal of %s sent at t=%s, for its earlier hold, ran at t=%s after it took the lock again with a lease, and the renewals it scheduled went on: the last re-armed the hold for %d ms at t=%s", who, r.Start, r.ExecVirtual, armed, arm.At), s.Called, smp.At, s.Proc)
			}
		}
		if m, ok := vw.uncancelledTask(who, s, op, arm.At, armed, smp.At); ok {
			return m
		}
		if m, ok := vw.partialUnlockTask(who, s, op, arm.At, armed, smp.At); ok {
			return m
		}
		if m, ok := vw.revivedTask(who, s, op, arm.At, armed, smp.At); ok {
			return m
		}
		return cause("renewed-past-lease", fmt.Sprintf("the watchdog renewed %s's hold at t=%s (for %d ms) though it was taken with a lease", who, arm.At, armed), s.Called, smp.At, s.Proc)
	case op.Call.Acquires() && s.Ended != "crash" && s.Lease > 0 && armed > s.Lease+1 && op.ScriptLease != armed:
		return cause("armed-long", fmt.Sprintf("%s's %s at t=%s armed its hold for %d ms, longer than the %d ms lease it held the lock with", who, op.Call, arm.At, armed, s.Lease), s.Called, smp.At, s.Proc)
	case (op.Call.Acquires() || op.Call == model.CallUnlock) && armed <= max(maxCarried(op), s.Lease)+1 && (s.Ended != "crash" || arm.At <= s.End || op.Start <= s.End):
		// (a command the owner sent before its process crashed may run
		// after: it was on the wire, and its re-arm is the owner's own;
		// the command that armed may be an earlier one of the call, which
		// carried another lease than its last)
		return Mechanism{Name: "rearmed-by-own-call", Detail: fmt.Sprintf("%s's own %s at t=%s re-armed its hold for %d ms", who, op.Call, arm.At, armed)}
	case op.Call == model.CallUnlock && vw.h.Settings.Redisson && s.Lease > 0 && !near(armed, s.Lease):
		// a partial unlock re-arms the lock object's internalLockLeaseTime,
		// which another call's lease set
		return cause("kept-lease", fmt.Sprintf("%s's unlock of an inner hold at t=%s re-armed %d ms (its lock object's lease, not its own lease of %d ms)", who, arm.At, armed, s.Lease), s.Called, smp.At, s.Proc)
	case strings.Contains(arm.Script, "unlock") || op.Call == model.CallUnlock:
		return cause("rearmed-by-unlock", fmt.Sprintf("%s's unlock at t=%s re-armed its hold for %d ms", who, arm.At, armed), s.Called, smp.At, s.Proc)
	}
	return cause("outlived", fmt.Sprintf("%s's hold, last armed at t=%s by its %s for %d ms, outlived its lease", who, arm.At, op.Call, armed), s.Called, smp.At, s.Proc)
}

// maxCarried is the longest lease any command of op carried.
func maxCarried(op *model.Op) int64 {
	l := op.ScriptLease
	for _, e := range op.EarlierLeases {
		l = max(l, e)
	}
	return l
}

// staleExpire names setnx-expire's EXPIRE that armed another's key:
// `if (setnx(key, 1) == 1) { expire(key, 30) }` (seed 003) sends EXPIRE
// as a second command after its SETNX took the key, and EXPIRE names the
// key, not a holder (the value is 1). When op's SETNX took the key, the
// key was gone (a DEL, a failover) and who's SETNX took it again before
// op's EXPIRE ran (sample j), that EXPIRE armed who's hold for armed ms.
// ok is false for any other re-arm by another (a script, or an EXPIRE
// whose own SETNX's key was still there).
func (v *view) staleExpire(who string, op *model.Op, j int, armed int64, to sim.Time) (Mechanism, bool) {
	st := v.h.Store
	arm := &st[j]
	if arm.Script != "EXPIRE" {
		return Mechanism{}, false
	}
	// op's SETNX: the last of its call before the EXPIRE (the call sends
	// EXPIRE only once a SETNX of it answered 1, and no SETNX after)
	set := -1
	for k := j - 1; k >= 0 && set < 0; k-- {
		if st[k].Tag == arm.Tag && st[k].Script == "SETNX" {
			set = k
		}
	}
	if set < 0 || !slices.Contains(st[set].Holders, op.Owner) {
		return Mechanism{}, false
	}
	// who's SETNX took the key after it: the first sample since that
	// shows who's hold
	for k := set + 1; k < j; k++ {
		if !slices.Contains(st[k].Holders, who) {
			continue
		}
		taker := v.h.CallOf(st[k].Tag)
		if st[k].Script != "SETNX" || taker == nil || taker.Owner != who {
			return Mechanism{}, false
		}
		gone := set + 1 // where op.Owner's key was first seen gone
		for gone < k && slices.Contains(st[gone].Holders, op.Owner) {
			gone++
		}
		return cause("stale-expire", fmt.Sprintf("%s's %s took the key with SETNX at t=%s; the key was gone at t=%s (%s) and %s's SETNX took it at t=%s; %s's EXPIRE, its second command, ran only at t=%s and re-armed %s's hold for %d ms (SETNX and EXPIRE are two commands, and the key names no owner)",
			op.Owner, op.Call, st[set].At, st[gone].At, st[gone].Script, who, st[k].At, op.Owner, arm.At, who, armed), st[set].At, to, v.procOfOwner(who), op.Proc), true
	}
	return Mechanism{}, false
}

// uncancelledTask: renewal op, sent after who took the lock with a lease
// in section s, came from the watchdog task of the thread's earlier hold,
// which nothing cancelled. 3.8.1's renewal listener removes the lock
// name's entry whatever task made it (R8:RedissonLock.java:239): a
// renewal of an earlier chain, failing after the thread's next lock()
// had put its own task's entry there, removed that entry (the client's
// renewal-removes-other-entry note, for the thread), and the unlock of
// that hold, completing after it, found no entry to cancel
// (cancelExpirationRenewal(threadId), :271-276, in unlockAsync's
// listener, :506-534). The task fired a third of its lease after it was
// scheduled and renewed whatever hold the thread had then: this one,
// past its lease. The cause's window begins at the note, for the
// catalogue to resolve.
func (vw *view) uncancelledTask(who string, s model.Section, op *model.Op, at sim.Time, armed int64, seen sim.Time) (Mechanism, bool) {
	if op.Start < s.Called {
		return Mechanism{}, false
	}
	// the task was scheduled a period (a third of the lease it was armed
	// with: the watchdog's, or a kept one, at most) before op was sent
	scheduled := op.Start.Add(-vw.watchdogPeriod() - pauseMargin)
	for i := vw.h.Flaws.Len() - 1; i >= 0; i-- {
		f := vw.h.Flaws.At(i)
		if f.At < scheduled {
			break
		}
		if f.At > s.Called || f.Flaw != "renewal-removes-other-entry" || f.Owner != who || f.Proc != op.Proc {
			continue
		}
		// the unlock of the hold the task was for completed after the
		// entry was removed, before this hold was taken
		for _, u := range vw.h.Ops {
			if u.Owner != who || u.Call != model.CallUnlock || u.End < f.At || u.End > s.Called {
				continue
			}
			m := cause("uncancelled-renewal", fmt.Sprintf("the watchdog renewed %s's hold at t=%s (for %d ms) though it was taken with a lease at t=%s: the renewal came from the task of its earlier hold, whose entry a failed renewal's listener removed at t=%s, so the unlock of that hold, completing at t=%s, cancelled nothing; the hold was still in the store at t=%s",
				who, at, armed, s.Start, f.At, u.End, seen), f.At, seen, s.Proc)
			m.Owners = []string{who}
			return m, true
		}
	}
	return Mechanism{}, false
}

// partialUnlockTask: renewal op, sent after who took the lock with a lease
// in section s, came from a watchdog chain whose task the return of the
// thread's earlier acquire without a lease scheduled, before s was
// called, and which that thread's unlock did not cancel: 3.8.1's
// unlockAsync cancels the renewal only when the script answered 1, and
// it answered 0, a hold the thread does not count being left
// (R8:RedissonLock.java:506-534; the client's partial-unlock-keeps-renewal
// note). The chain renews whatever hold the thread has (renewExpirationAsync
// names the thread, R8:RedissonLock.java:260-268): this one, past its
// lease. The cause's window is the note, for the catalogue to resolve.
func (vw *view) partialUnlockTask(who string, s model.Section, op *model.Op, at sim.Time, armed int64, seen sim.Time) (Mechanism, bool) {
	h := vw.h
	k := renewalIndex(h, op)
	if k < 0 || op.Start < s.Called {
		return Mechanism{}, false
	}
	// back along the chain: each renewal's task was scheduled when the one
	// before completed (R8:RedissonLock.java:239-248), every one the thread's
	first := k
	for p := vw.scheduledBy(first); p >= 0; p = vw.scheduledBy(first) {
		if h.Renewals[p].Owner != who {
			return Mechanism{}, false
		}
		first = p
	}
	root := h.Renewals[first].Scheduled
	if root <= 0 || root >= s.Called {
		return Mechanism{}, false // scheduled by this section's calls, or not known
	}
	// the acquire without a lease whose return scheduled the first
	// (tryAcquireAsync's listener, R8:RedissonLock.java:202-214)
	acq := slices.IndexFunc(h.Ops, func(a model.Op) bool {
		return a.Owner == who && a.Proc == op.Proc && a.End == root && a.Outcome == "acquired" && a.Lease < 0
	})
	if acq < 0 {
		return Mechanism{}, false
	}
	// the thread's last unlock before s, which left it counting no hold
	// (s is a section: the thread held nothing when it was called),
	// answered 0 and cancelled nothing
	last := -1
	for i, u := range h.Ops {
		if u.Owner == who && u.Proc == op.Proc && u.Call == model.CallUnlock && u.End > root && u.End <= s.Called && (last < 0 || u.End > h.Ops[last].End) {
			last = i
		}
	}
	if last < 0 || !vw.noted("partial-unlock-keeps-renewal", who, op.Proc, h.Ops[last].End) {
		return Mechanism{}, false
	}
	a, u := h.Ops[acq], h.Ops[last]
	m := cause("partial-unlock-renewal", fmt.Sprintf("the watchdog renewed %s's hold at t=%s (for %d ms) though it was taken with a lease at t=%s: the renewal came from the watchdog %s's %s started when it returned at t=%s, without a lease, and the thread's last unlock, at t=%s, cancelled nothing: the script answered 0, a hold the thread does not count being left; the hold was still in the store at t=%s",
		who, at, armed, s.Start, who, a.Call, a.End, u.End, seen), u.End, u.End, s.Proc)
	m.Owners = []string{who}
	return m, true
}

// revivedTask: renewal op, sent after who took the lock with a lease in
// section s, came from a watchdog chain 3.8.1's renewal listener revived:
// a renewal sent for the thread's earlier hold answered 1 only after the
// unlock that released that hold had cancelled the watchdog
// (cancelExpirationRenewal(null), R8:RedissonLock.java:526-528, whose
// Timeout.cancel stops nothing once the task has fired, :271-276), and
// the listener rescheduled it all the same (:239-248; the client's
// renewal-revived note). The new task's period and its renewals' lease
// are the lock object's internalLockLeaseTime (:253, :268), which s's
// acquire set (:280): it renews this hold past its lease. The cause's
// window is the note, for the catalogue to resolve.
func (vw *view) revivedTask(who string, s model.Section, op *model.Op, at sim.Time, armed int64, seen sim.Time) (Mechanism, bool) {
	h := vw.h
	k := renewalIndex(h, op)
	if k < 0 || op.Start < s.Called {
		return Mechanism{}, false
	}
	// back along the chain (each renewal's task scheduled when the one
	// before completed, R8:RedissonLock.java:239-248, every one the
	// thread's) to its renewal sent before s was called
	for h.Renewals[k].Start >= s.Called {
		if k = vw.scheduledBy(k); k < 0 || h.Renewals[k].Owner != who {
			return Mechanism{}, false
		}
	}
	r := h.Renewals[k]
	if r.Outcome != "renewed" || !vw.noted("renewal-revived", who, op.Proc, r.End) {
		return Mechanism{}, false
	}
	// the unlock that released the thread's earlier hold completed (and
	// cancelled the watchdog) while r was on its way, before s was called
	u := slices.IndexFunc(h.Ops, func(u model.Op) bool {
		return u.Owner == who && u.Proc == op.Proc && u.Call == model.CallUnlock && u.Outcome == "released" && u.End > r.Start && u.End < r.End && u.End <= s.Called
	})
	if u < 0 {
		return Mechanism{}, false
	}
	m := cause("revived-renewal", fmt.Sprintf("the watchdog renewed %s's hold at t=%s (for %d ms) though it was taken with a lease at t=%s: the renewal came from a watchdog revived by the renewal sent at t=%s for its earlier hold, whose answer (1) came at t=%s, after the unlock of that hold had cancelled the watchdog at t=%s, and whose listener rescheduled it all the same, with the lock object's lease; the hold was still in the store at t=%s",
		who, at, armed, s.Start, r.Start, r.End, h.Ops[u].End, seen), r.End, r.End, s.Proc)
	m.Owners = []string{who}
	return m, true
}

// renewalIndex is op's index in h.Renewals (-1: op is not one of them).
func renewalIndex(h *model.History, op *model.Op) int {
	for i := range h.Renewals {
		if &h.Renewals[i] == op {
			return i
		}
	}
	return -1
}

// scheduledBy is the renewal of the same process whose completion
// scheduled renewal k's task (-1: none; an acquire's return scheduled it,
// or it is not known).
func (v *view) scheduledBy(k int) int {
	r := v.h.Renewals[k]
	if r.Scheduled <= 0 {
		return -1
	}
	for p := k - 1; p >= 0; p-- {
		q := v.h.Renewals[p]
		if q.Proc == r.Proc && q.End == r.Scheduled && sameClient(q.Owner, r.Owner) {
			return p
		}
	}
	return -1
}
