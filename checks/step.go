package checks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/sim"
)

// The step judge: the properties of one state, or of one step into it,
// for a driver that holds the whole system's state itself and moves it a
// step at a time — the explorer's search, and a stepped world following
// one of its paths (explore.ReplayBoth, whose log holds both drivers'
// verdicts equal). The driver keeps each thread's Belief through the
// transitions below and hands the judge a StepView of the state; the
// judge keeps nothing, so a search may judge states in any order.
//
// The rules are the random runs' checks at one instant, with the same
// property names and causes: Mutex's overlap is two threads that believe
// they hold the lock at once; Holds compares the store's count with the
// thread's on an acquire's return; Expiry asks that an explicit lease's
// hold outlive neither the lease nor, after a crash, the hold's last
// lease; Store's invariants (storeInvariants) are the same function; Fifo
// is the fair acquire that grants past a live head; Orphan is a renewal
// the watchdog chose while its thread held nothing; Liveness is a state
// from which no continuation finishes (the explorer's graph decides that).
//
// What explains a violation is coarser than in a random run, because a
// search's state keeps which faults its path used, not when: a fault the
// algorithm does not claim to survive anywhere on the path (a pause, a
// lost or delayed message, a restart of Redis without persistence), a
// forceUnlock() some thread made (its contract), a lease that had run out.

// Belief is what one thread believes of the lock, as its driver keeps it.
type Belief struct {
	// LeaseLeft is what is left (ms, saturating at 0) of the explicit lease
	// its latest acquisition took, -1 when the watchdog keeps the lock.
	// CrashLeft, after its process crashed while it held the lock, is what
	// is left of that hold's lease (-1 otherwise): when it reaches 0 the
	// hold must be gone from the store.
	LeaseLeft, CrashLeft int32
	// RunLeft is 1 + what is left (ms, saturating at 0) of the explicit
	// lease of its call in progress since an acquire of the call ran and
	// gave it one more hold (0: none): the lease runs from that run, not
	// from the reply, which a WAIT or a delay may hold up.
	RunLeft int32
	// Held is how many times it believes it holds the lock.
	Held uint8
	// InCall: a call of it has not returned.
	InCall bool
	// HadError: one of its calls threw, so the store may keep a hold the
	// thread does not count (a phantom hold).
	HadError bool
	// Forced: it has called forceUnlock().
	Forced bool
	// StaleRenewal: when its latest hold began, a renewal of its own was
	// still on its way, sent for an earlier hold (or for none): the stale
	// renewal's race, which may end the new hold's watchdog (Return).
	StaleRenewal bool
	// Expired: its latest hold's key ran out of time while it believed it
	// held the lock (time passed; no script deleted it).
	Expired bool
	// Unseen: the store did not have its hold while the acquiring call
	// that began its latest hold ran (a call that returned the lock
	// without taking it, as 3.8.1's lock() after an interrupt): nothing
	// deleted or expired a hold that was never there. The driver clears
	// it when it sees the hold during that call (See); a hold of the
	// thread's that comes later (a detached acquire of a later call that
	// threw) is not the one its belief rests on.
	Unseen bool
	// IdleRenewal: its latest renewal was first sent while it held
	// nothing and made no call (RenewSent).
	IdleRenewal bool
	// Watchdog: the acquisition that began its hold took no lease, so
	// the watchdog keeps the hold whatever leases its re-entries asked.
	Watchdog bool
	// ShortRearm: a re-entry of its own re-armed its watchdog hold with a
	// lease below the watchdog's, and no renewal re-armed it since
	// (RearmedBy).
	ShortRearm bool
	// LeaseReentry: a re-entry with an explicit lease returned with the
	// lock while the watchdog kept its hold. The renewal entry does not
	// count it, and the unlocks cancel the renewal while a hold is left
	// (RedissonBaseLock.cancelExpirationRenewal), as the history checks'
	// lease-under-watchdog says.
	LeaseReentry bool
	// KeptLease: its hold was last armed, by its own acquire of a call
	// that asked no lease or by its renewal, with a lease other than the
	// watchdog's: the lock object's internalLockLeaseTime, which another
	// thread's call with a lease set (lease-kept, #4818); a renewal with
	// the watchdog's clears it. RunKept is the same for the acquire of its
	// call in progress (AcquireRan), which its return takes over.
	KeptLease, RunKept bool
	// LapsedKept: when its hold ran out (Lapsed), its watchdog was
	// scheduled a third of its lock object's kept lease later, a lease
	// longer than the watchdog's (3.8.1, clients.Client.KeptPeriod): the
	// renewal that would have re-armed the hold came too late.
	LapsedKept bool
}

// NewBelief is a thread's belief before its first call.
func NewBelief() Belief { return Belief{LeaseLeft: -1, CrashLeft: -1} }

// Call notes that the thread called: unlock() ends the critical section
// when it is called (the thread stops relying on the hold then), and
// forceUnlock() drops every hold of the caller too; an acquiring call
// of a thread that holds nothing may begin a hold, not seen yet.
func (b *Belief) Call(unlock, force, acquires bool) {
	b.InCall = true
	switch {
	case force:
		b.Held, b.Forced = 0, true
	case unlock && b.Held > 0:
		b.Held--
	case acquires && b.Held == 0:
		b.Unseen = true
	}
}

// Return notes the call's return: an acquisition with lease ms (-1: the
// watchdog keeps it), or a call that threw. renewing says whether a
// renewal of the thread's was on its way then (request or awaited
// reply): for an acquisition that begins a hold, one sent before it.
func (b *Belief) Return(acquired bool, lease int64, threw, renewing bool) {
	b.InCall = false
	switch {
	case acquired && b.Held > 0 && b.Expired:
		// its hold had run out, so the "re-entry" took a fresh lock
		// (RedissonLock's script cannot tell): the thread counts one more
		// hold, but its belief still rests on the hold that lapsed, and
		// that lapse, not the fresh lock's lease, explains the loss
		b.Held++
	case acquired:
		if b.Held == 0 {
			b.StaleRenewal, b.Expired, b.Watchdog, b.ShortRearm, b.LeaseReentry = renewing, false, lease < 0, false, false
		} else if b.Watchdog && lease >= 0 {
			b.LeaseReentry = true
		}
		b.KeptLease = b.RunKept
		b.Held++
		b.LeaseLeft = int32(lease)
		if lease >= 0 && b.RunLeft > 0 {
			b.LeaseLeft = b.RunLeft - 1 // the lease runs from its acquire's run
		}
	}
	b.RunLeft, b.RunKept = 0, false
	if threw {
		b.HadError = true
	}
}

// See notes whether the store has the thread's hold in the state the
// driver has just reached (after every step): once it has while the
// call that begins the hold runs (the thread counts no hold yet), the
// hold was there; a thread out of its calls that holds nothing has none
// to see.
func (b *Belief) See(has bool) {
	if b.Held == 0 && (has && b.InCall || !b.InCall) {
		b.Unseen = false
	}
}

// RearmedBy notes that a command of the thread re-armed the hold it
// relies on: a renewal (back to the watchdog's timeout), or a re-entrant
// acquire with lease ms, which under a watchdog hold and below the
// watchdog's timeout (watchdog ms) leaves the hold to run out before the
// next renewal may come (RedissonLock.tryAcquireAsync's pexpire with the
// re-entry's lease; lease-under-watchdog).
func (b *Belief) RearmedBy(renewal bool, lease, watchdog int64) {
	if b.Expired {
		return // the hold it relies on ran out: this re-arms a fresh one
	}
	switch {
	case renewal:
		// 3.8.1's renewal sends the lock object's lease
		// (R8:RedissonLock.renewExpirationAsync)
		b.ShortRearm, b.KeptLease = false, lease != watchdog
	case b.Held == 0:
		b.ShortRearm = false
	case b.Watchdog:
		b.ShortRearm = lease < watchdog
	}
}

// RenewSent notes that a renewal of the thread's hold was sent, a first
// attempt or the command executor's re-send of one after a response
// timeout (3.16.8, 4.7.0): a re-send is the same renewal, which the
// watchdog chose when it first sent it. It reports whether the renewal
// is an orphan's: first sent while the thread held nothing and made no
// call (StepOrphan judges it when it runs). unlocking says an
// interrupted unlock of the thread went on without its call then: its
// completion takes the renewal off, as the unlock's call would (a renewal
// sent before that is a stale one, not the watchdog's choice).
func (b *Belief) RenewSent(resend, unlocking bool) bool {
	if !resend {
		b.IdleRenewal = b.Held == 0 && !b.InCall && !unlocking
	}
	return b.IdleRenewal
}

// Crash notes that the thread's process crashed: it believes nothing any
// more, and a hold it had must go within its lease (the watchdog's
// timeout, watchdog ms, when it had none). A watchdog hold that a
// re-entry with an explicit lease re-armed, or a renewal with the lock
// object's kept lease (3.8.1), was last armed with that lease, which may
// be longer than the watchdog's: lease ms is the longest explicit lease
// the thread's calls or its lock object carry. An acquire of the call in
// progress that ran with a lease re-armed the hold from its run.
func (b *Belief) Crash(watchdog, lease int64) {
	crash := int32(-1)
	if b.Held > 0 {
		crash = b.LeaseLeft
		if crash < 0 || b.Watchdog {
			// a watchdog hold (a re-entry's lease re-arms it, and so does
			// the unlock of that re-entry, with the lock object's lease)
			// goes within the watchdog's timeout of its last re-arm, or
			// the re-entry's lease when that is longer
			crash = int32(watchdog)
			if b.Watchdog && (b.LeaseReentry || b.KeptLease || b.RunKept) {
				crash = int32(max(watchdog, lease))
			}
		}
		if b.RunLeft > 0 {
			// the call in progress ran its acquire with a lease: it
			// re-armed the hold for that long from its run
			crash = max(crash, b.RunLeft-1)
		}
		crash++ // a key lives through its expiry millisecond
	}
	*b = Belief{LeaseLeft: -1, CrashLeft: crash, Forced: b.Forced}
}

// Rearmed notes that a command of the crashed process, still in flight,
// re-armed its hold with lease ms: it must go within that from now.
func (b *Belief) Rearmed(lease int64) {
	if b.CrashLeft >= 0 {
		b.CrashLeft = int32(lease + 1)
	}
}

// Relying reports whether the thread relies on its hold: it believes it
// holds the lock, or is in a call (an unlock on its way still releases
// the hold it had). The driver watches such holds run out (Lapsed).
func (b Belief) Relying() bool { return b.Held > 0 || b.InCall }

// Lapsed notes that the thread's hold ran out of time while it relied on
// it: the driver saw it in the store before time passed and not after.
func (b *Belief) Lapsed(keptPeriod bool) {
	if b.Relying() {
		b.Expired, b.LapsedKept = true, keptPeriod
	}
}

// AcquireRan notes that an acquire of the thread's call in progress,
// which asked lease ms (-1: none, the watchdog's), ran with sent ms (the
// lease its command carried) and gave it one more hold: the lease runs
// from now. A call without a lease whose command carried other than the
// watchdog's timeout (watchdog ms) armed the lock object's kept lease
// (RedissonLock.lock: internalLockLeaseTime, which tryLockInnerAsync
// sends when leaseTime is -1, 3.16.8 and 4.7.0).
func (b *Belief) AcquireRan(lease, sent, watchdog int64) {
	if !b.InCall {
		return
	}
	if lease >= 0 {
		b.RunLeft = int32(lease) + 1
	}
	b.RunKept = lease < 0 && sent >= 0 && sent != watchdog
}

// Advance notes that d ms passed.
func (b *Belief) Advance(d int64) {
	b.LeaseLeft, b.CrashLeft = countDown(b.LeaseLeft, d), countDown(b.CrashLeft, d)
	if b.RunLeft > 0 {
		b.RunLeft = countDown(b.RunLeft-1, d) + 1
	}
}

// countDown is ms left after d ms pass, saturating at 0 (-1, none, stays).
func countDown(left int32, d int64) int32 {
	if left <= 0 {
		return left
	}
	return int32(max(int64(left)-d, 0))
}

// PathFaults are the faults a path used so far, by kind.
type PathFaults struct {
	Crash, Pause, Drop, Delay, Restart, Interrupt bool
}

// StepView is what the step judge reads of one state.
type StepView interface {
	// Threads is how many threads there are, Belief and ThreadName each
	// one's belief and name.
	Threads() int
	Belief(th int) Belief
	ThreadName(th int) string
	// StoreHolds is the hold count the store keeps for th (-1 for a lock
	// that keeps none); HoldGone whether the store no longer has th's hold.
	StoreHolds(th int) int64
	HoldGone(th int) bool
	// Faults are the faults the path to this state used; Replicated
	// whether the master has a replica.
	Faults() PathFaults
	Replicated() bool
}

// pathFault is the mechanism of the faults v's path used that the
// algorithm does not claim to survive (a crash is not one: a crashed
// process holds nothing); false when none.
func pathFault(v StepView) (Mechanism, bool) {
	f := v.Faults()
	var kinds []string
	for _, k := range []struct {
		used bool
		name string
	}{{f.Pause, "pause"}, {f.Drop, "drop"}, {f.Delay, "delay"}, {f.Restart, "restart"}} {
		if k.used {
			kinds = append(kinds, k.name)
		}
	}
	if len(kinds) == 0 {
		return Mechanism{}, false
	}
	return Mechanism{Kind: MechFault, Name: strings.Join(kinds, "+"), Detail: "fault " + strings.Join(kinds, ", ") + " on the path"}, true
}

// stepExcuse is what may explain a lock lost in v's state: a fault on the
// path, or a forceUnlock() — it deletes the lock whoever holds it
// (RedissonLock.forceUnlockAsync), so the holder it robbed goes on
// believing it holds the lock. false when neither.
func stepExcuse(v StepView) (Mechanism, bool) {
	if m, ok := pathFault(v); ok {
		return m, true
	}
	for th := 0; th < v.Threads(); th++ {
		if v.Belief(th).Forced {
			return Mechanism{Kind: MechContract, Name: "force-unlock", Detail: v.ThreadName(th) + "'s forceUnlock() deletes the lock whoever holds it"}, true
		}
	}
	return Mechanism{}, false
}

// stepViolation is a violation of a step, explained by m when ok, else
// the bug whose cause is named cause.
func stepViolation(property, kind, detail string, actors []string, m Mechanism, ok bool, cause string) Violation {
	v := Violation{Property: property, Kind: kind, Detail: detail, Actors: actors}
	if !ok {
		m = Mechanism{Name: cause, Detail: detail}
	}
	v.explained(m)
	return v
}

// StepReturn is a call's return as the step judge reads it.
type StepReturn struct {
	Call     string // the call, as the thread made it ("lock()", ...)
	Acquires bool   // the call takes the lock; Unlock: it is unlock()
	Unlock   bool
	OK       bool // it succeeded (an acquire: it holds the lock)
	// Threw: it threw Text; ErrKind says what kind: "interrupted",
	// "sync" (WAIT counted fewer replicas), "reply" (Redis answered an
	// error), "unsupported", "not-held", or "" (another: a timeout).
	Threw   bool
	ErrKind string
	Text    string
}

// StepReturned judges thread th's call returning r, in the state the
// return leaves (v): an exception; after an acquisition, the store's
// count against the thread's own; after the release of its last hold,
// the lock free of it.
func StepReturned(v StepView, th int, r StepReturn) []Violation {
	b := v.Belief(th)
	who := v.ThreadName(th)
	actors := []string{who}
	switch {
	case r.Threw:
		detail := fmt.Sprintf("%s's %s threw %s", who, r.Call, r.Text)
		kind := r.ErrKind
		switch {
		case r.ErrKind == "interrupted" && v.Faults().Interrupt:
			// Java's answer to Thread.interrupt() (Errors likewise)
			return []Violation{stepViolation("error", kind, detail, actors, Mechanism{Kind: MechFault, Name: "interrupt", Detail: "its thread was interrupted"}, true, "")}
		case r.ErrKind == "sync" && v.Replicated():
			// WAIT counted fewer replicas than asked (Errors likewise)
			return []Violation{stepViolation("error", kind, detail, actors, Mechanism{Kind: MechCondition, Name: "replication", Detail: "a replica lagged past WAIT's timeout (asynchronous replication)"}, true, "")}
		case r.ErrKind == "reply", r.ErrKind == "unsupported", r.ErrKind == "interrupted":
			// an error reply from Redis is always a bug
			return []Violation{stepViolation("error", kind, detail, actors, Mechanism{}, false, "call-threw")}
		case r.ErrKind == "not-held" && b.LeaseLeft == 0 && !b.Watchdog:
			// a lease the caller asked ran out; under a watchdog hold a
			// re-entry's lease is lostCause's (lease-under-watchdog)
			return []Violation{stepViolation("error", kind, detail, actors, Mechanism{Kind: MechLease, Name: "lease", Detail: "its lease had run out"}, true, "")}
		}
		m, ok := stepExcuse(v)
		cause := "call-threw"
		if r.ErrKind == "not-held" {
			cause = lostCause(b)
		}
		return []Violation{stepViolation("error", kind, detail, actors, m, ok, cause)}
	case r.Acquires && r.OK && !r.Threw:
		// More holds than the thread counts is an acquire that ran twice
		// (a bug) unless an earlier call threw (a phantom hold); fewer is a
		// hold gone before the reply came.
		c := v.StoreHolds(th)
		if c < 0 || c == int64(b.Held) {
			return nil
		}
		detail := fmt.Sprintf("%s believes it holds the lock %d time(s) but the store counts %d", who, b.Held, c)
		if c > int64(b.Held) {
			return []Violation{stepViolation("holds", "", detail, actors, phantom(who), b.HadError, "extra-hold")}
		}
		m, ok := stepExcuse(v)
		cause := lostCause(b) // a re-entry finding its earlier hold gone
		if cause == "not-held" {
			cause = "not-in-store"
		}
		return []Violation{stepViolation("holds", "", detail, actors, m, ok, cause)}
	case r.Unlock && r.OK && b.Held == 0:
		if c := v.StoreHolds(th); c > 0 {
			detail := fmt.Sprintf("%s released its last hold but the store still counts %d for it", who, c)
			return []Violation{stepViolation("release", "", detail, actors, phantom(who), b.HadError, "release-left-hold")}
		}
	}
	return nil
}

// lostCause is what the step judge can establish of a hold gone while
// its thread believed it held it (the history checks' names): it began
// with a renewal of an earlier hold on its way (stale-renewal: the race
// whose answer may end the new hold's watchdog); a re-entry's lease
// below the watchdog's timeout re-armed a watchdog hold, or a re-entry
// with a lease the renewal does not count was in it (lease-under-watchdog:
// the outer lock() promised the hold until unlock, inside the re-entry
// or after it); its own acquire without a lease, or a 3.8.1 renewal,
// armed it with its lock object's kept lease, or 3.8.1's watchdog was
// scheduled a third of that lease later (kept-lease, #4818); the
// watchdog kept it and it ran out of time
// (no-renewal: no renewal came); else nothing
// ("not-held"), as for a hold the store never had (Unseen).
func lostCause(b Belief) string {
	switch {
	case b.Unseen:
		return "not-held" // never there: nothing lost it
	case b.StaleRenewal:
		return "stale-renewal"
	case b.Expired && b.KeptLease:
		return "kept-lease" // armed with another call's lease, not the watchdog's
	case b.Expired && (b.ShortRearm || b.LeaseReentry):
		return "lease-under-watchdog" // a re-entry's lease, not a missing renewal
	case b.Expired && b.LapsedKept && (b.LeaseLeft < 0 || b.Watchdog):
		return "kept-lease" // the renewal was scheduled from another call's lease
	case b.Expired && (b.LeaseLeft < 0 || b.Watchdog):
		return "no-renewal"
	}
	return "not-held"
}

// phantom is the mechanism of a hold the thread does not count, left by
// an earlier call of it that threw: the application's ambiguous call.
func phantom(who string) Mechanism {
	return Mechanism{Kind: MechCondition, Name: "earlier-call-threw", Detail: "an earlier call of " + who + " threw, leaving a hold it does not count"}
}

// StepState is what state v itself breaks: two threads that believe they
// hold the lock, a hold taken with an explicit lease gone from the store
// before the lease ran out while its thread made no call, a crashed
// holder's hold past its lease.
func StepState(v StepView) []Violation {
	var out []Violation
	var holders []string
	expired := false
	n := v.Threads()
	for th := 0; th < n; th++ {
		if b := v.Belief(th); b.Held > 0 {
			holders = append(holders, v.ThreadName(th))
			// a lease the caller asked ran out: by design, unless the hold
			// began under the watchdog, which a re-entry's lease cut short
			// (lostCause: lease-under-watchdog, as the history checks say)
			// (a re-entry in progress whose run re-armed the hold with its
			// own lease counts it from the run, R16:RedissonLock.java:204-207,
			// as the history checks' open re-entry does)
			expired = expired || (b.LeaseLeft == 0 || b.InCall && b.RunLeft == 1) && !b.Watchdog
		}
	}
	if len(holders) > 1 {
		detail := fmt.Sprintf("%v all believe they hold the lock", holders)
		m, ok := stepExcuse(v)
		if expired {
			m, ok = Mechanism{Kind: MechLease, Name: "lease", Detail: "a holder's lease had run out"}, true
		}
		cause := "two-holders"
		for th := 0; th < n; th++ {
			if b := v.Belief(th); b.Held > 0 && v.HoldGone(th) && lostCause(b) != "not-held" {
				cause = lostCause(b) // why a holder's hold is gone
			}
		}
		out = append(out, stepViolation("mutex", "", detail, holders, m, ok, cause))
	}
	for th := 0; th < n; th++ {
		if b := v.Belief(th); b.Held > 0 && b.LeaseLeft > 0 && !b.InCall && !b.Unseen && v.HoldGone(th) {
			// another's command deleted it (Expiry likewise: a hold the
			// store had since the section began), or it ran out of time
			// before the lease it counts: re-armed shorter since (a
			// watchdog hold's renewal after a re-entry with a longer
			// lease, lease-under-watchdog; a kept lease), which
			// lostCause names
			who := v.ThreadName(th)
			m, ok := stepExcuse(v)
			detail, cause := who+"'s hold, taken with an explicit lease, is gone from the store before the lease ran out", "deleted-by-other"
			if b.Watchdog {
				detail = who + "'s watchdog hold, re-armed by a re-entry with an explicit lease, is gone from the store before that lease ran out"
			}
			if c := lostCause(b); b.Expired && c != "not-held" {
				cause = c
			}
			out = append(out, stepViolation("expiry", "", detail, []string{who}, m, ok, cause))
		}
	}
	for th := 0; th < n; th++ {
		if v.Belief(th).CrashLeft == 0 && v.StoreHolds(th) > 0 {
			who := v.ThreadName(th)
			out = append(out, stepViolation("expiry", "", who+"'s process crashed holding the lock, and its hold outlived its lease", []string{who}, Mechanism{}, false, "outlived"))
		}
	}
	return out
}

// StepOrphan judges a renewal that ran at Redis and found th's hold: sent
// while th held nothing and made no call, run while it still holds
// nothing and makes none, with no release of its own in flight and the
// watchdog still renewing the thread (releasing says otherwise, which the
// driver knows: a stale renewal extends the hold once), it kept alive a
// lock nobody will unlock (Orphan, issue #7272). A bug: a fault can leave a hold its thread
// does not count, but then the hold expires with its lease; only the
// watchdog keeps it.
func StepOrphan(v StepView, th int, releasing bool) []Violation {
	if b := v.Belief(th); b.Held > 0 || b.InCall || releasing || v.StoreHolds(th) <= 0 {
		return nil
	}
	who := v.ThreadName(th)
	detail := "the watchdog renewed " + who + "'s hold while its thread held nothing and made no call: a lock nobody will unlock, kept alive for as long as the process lives"
	o := stepViolation("orphan", "", detail, []string{who}, Mechanism{}, false, "orphan-renewal")
	o.Mech.Owners = []string{who} // the orphan's own thread took the path, as Orphan's cause says
	return []Violation{o}
}

// StepStuck judges a state from which no order of events lets every
// thread finish its calls, as Liveness judges a lock that stops making
// progress: a bug (a key left with no TTL, a wait with no timeout,
// #5503), except where a phantom hold blocks the lock — a hold the store
// counts for a thread that does not, left by an acquire whose reply a
// fault lost or held up, or by an interrupted call; the watchdog keeps it
// alive for as long as the process lives. That is the application's
// ambiguous call: by design.
func StepStuck(v StepView) Violation {
	const detail = "from here no order of events lets every thread finish its calls"
	m, ok := pathFault(v)
	if !ok && v.Faults().Interrupt {
		// an interrupted call leaves a hold its thread does not count too;
		// a watchdog that keeps it is the orphan finding's bug
		m, ok = Mechanism{Kind: MechFault, Name: "interrupt", Detail: "fault interrupt on the path"}, true
	}
	if ok {
		for th := 0; th < v.Threads(); th++ {
			if c, b := v.StoreHolds(th), v.Belief(th); c > int64(b.Held) {
				m.Detail = fmt.Sprintf("phantom hold: the store counts %d for %s, who counts %d (%s)", c, v.ThreadName(th), b.Held, m.Detail)
				return stepViolation("liveness", "", detail, []string{v.ThreadName(th)}, m, true, "")
			}
		}
	}
	return stepViolation("liveness", "", detail, nil, Mechanism{}, false, "stalled")
}

// StepStore checks the store's invariants (Store's, by the same rules) on
// the keyspace st: one owner of the lock hash; the fair lock's queue and
// timeout set (queue, timeouts: their names; "" for a lock without a
// queue) hold the same members once each.
func StepStore(st *sim.Store, lock, queue, timeouts string) []Violation {
	typ, _, owners := st.PeekKey(lock)
	if typ != "hash" {
		owners = nil
	}
	var q, ts []string
	if queue != "" {
		_, _, q = st.PeekKey(queue)
		_, _, ts = st.PeekKey(timeouts)
	}
	var out []Violation
	for _, d := range storeInvariants(owners, q, ts) {
		out = append(out, stepViolation("store", "", d, nil, Mechanism{}, false, "store-invariant"))
	}
	return out
}

// storeInvariants is what breaks the store's invariants, where the lock
// hash has owners and the fair queue and its timeout set hold queue and
// timeouts: each breach in words.
func storeInvariants(owners, queue, timeouts []string) []string {
	var out []string
	if d := ownersBroken(owners); d != "" {
		out = append(out, d)
	}
	if d := queueBroken(queue, timeouts); d != "" {
		out = append(out, d)
	}
	return out
}

// ownersBroken is the lock hash with more than one owner, in words ("":
// one at most).
func ownersBroken(owners []string) string {
	if len(owners) > 1 {
		return fmt.Sprintf("the lock hash has %d owners: %s", len(owners), strings.Join(owners, ", "))
	}
	return ""
}

// queueBroken is the fair queue and its timeout set holding different
// members, or one twice, in words ("": the same, once each).
func queueBroken(queue, timeouts []string) string {
	if d := sameMembers(queue, timeouts); d != "" {
		return "the queue and the timeout set differ: " + d
	}
	return ""
}

// StepFairGrant checks a fair acquire script by owner, run at time at
// (ms) from keyspace before to after with reply, against the queue's
// order (queue and timeouts: the fair lock's keys): it may grant the lock
// only to the head once the stale waiters (timeout ≤ at) are gone, and
// queue a caller only at the tail. "" when it kept the order.
func StepFairGrant(before, after *sim.Store, lock, queue, timeouts, owner string, at int64, reply sim.Reply) string {
	_, _, q0 := before.PeekKey(queue)
	_, _, q1 := after.PeekKey(queue)
	// the waiters the stale loop may drop: a prefix whose timeouts passed
	live := q0
	for len(live) > 0 {
		if sc, ok := before.PeekZScore(timeouts, live[0]); ok && int64(sc) <= at {
			live = live[1:]
			continue
		}
		break
	}
	if reply.Kind == sim.KindNil && len(live) > 0 && live[0] != owner {
		if _, held := before.PeekHashField(lock, owner); !held {
			return fmt.Sprintf("%s was granted the lock while %s headed the queue %v", owner, live[0], live)
		}
	}
	if !slices.Contains(q0, owner) && slices.Contains(q1, owner) && q1[len(q1)-1] != owner {
		return fmt.Sprintf("%s was queued at place %d of %v, not at the tail", owner, slices.Index(q1, owner)+1, q1)
	}
	return ""
}

// StepFifo is the violation of a fair acquire that broke the queue's
// order (StepFairGrant's detail).
func StepFifo(detail, owner string) Violation {
	return stepViolation("fifo", "", detail, []string{owner}, Mechanism{}, false, "overtaken")
}
