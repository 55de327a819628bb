package checks

import (
	"fmt"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Errors judges every exception a lock call or a watchdog renewal ended
// with. An error reply from Redis — a script error, WRONGTYPE, a wrong
// number of arguments, a runtime error, a runaway script stopped by the
// budget — is always a bug: Redis should never answer a lock command so.
// So is a call the client does not have, or an interrupt nobody made (an
// InterruptedException is by design when an interrupt of the caller's
// process came before it: the interrupt preset's). The
// others are by design only where a fault the algorithm does not claim to
// survive explains them:
//
//   - a timeout (no reply in time), a command that could not be written
//     (no master) or a subscription that failed: a pause or partition of
//     the caller's process, lost or slow network, a lost pub/sub message,
//     or a master failover or restart during the call;
//   - WAIT counting fewer replicas than asked (Redisson 3.16.8, #3994): a
//     run with replicas, whose replication is asynchronous;
//   - IllegalMonitorStateException from an unlock by a thread that
//     believed it held the lock: its explicit lease had run out, or one of
//     the faults above (of any length) struck while it held the lock.
func Errors(h *model.History, faults []sim.FaultSpan) []Violation {
	var out []Violation
	judge := func(op model.Op, what string) {
		if op.Outcome != "error" {
			return
		}
		v := Violation{Property: "error", Kind: op.ErrKind, At: op.End, Actors: []string{op.Owner},
			Detail: fmt.Sprintf("%s %s threw %s", op.Owner, what, op.Err)}
		caller := []model.Section{{Proc: op.Proc, Owner: op.Owner, Lease: -1}}
		switch op.ErrKind {
		case "reply", "interrupted":
			v.Class = Bug
			_, _, v.Faults = excuse(caller, op.Start, op.End, faults, true)
			if f, ok := interruptedBy(op, faults); ok {
				// get() answers an interrupt with RedisException(InterruptedException)
				// (CommandAsyncService.get); lockInterruptibly throws it bare.
				v.Class, v.Excuse = ByDesign, fmt.Sprintf("%s interrupted the caller at %s", f.Target, f.Point)
			}
		case "unsupported", "":
			v.Class = Bug
			_, _, v.Faults = excuse(caller, op.Start, op.End, faults, true)
		case "sync":
			v.Class, v.Faults = Bug, nil
			if h.End.Replicas > 0 {
				v.Class, v.Excuse = ByDesign, "a replica lagged past WAIT's timeout (asynchronous replication)"
			}
		case "not-held":
			v.Class, v.Excuse, v.Faults = lostHold(h, op, faults)
		default: // timeout, write, subscribe
			v.Class, v.Excuse, v.Faults = excuse(caller, op.Start, op.End, faults, true)
		}
		out = append(out, v)
	}
	for _, op := range h.Ops {
		judge(op, string(op.Call))
	}
	for _, op := range h.Renewals {
		judge(op, "'s watchdog renewal")
	}
	return out
}

// interruptedBy finds the interrupt that ended op with
// InterruptedException: the last one of op's process before the call
// ended. It may have come before the call began: a thread's interrupt
// status stays set until an interruptible wait throws, and some calls set
// it again before returning (3.8.1's lock() after its subscription's or
// latch's wait, CommandAsyncService.get), so the next call's first wait
// throws at once.
func interruptedBy(op model.Op, faults []sim.FaultSpan) (sim.FaultSpan, bool) {
	if !model.Interrupted(op.Err) {
		return sim.FaultSpan{}, false
	}
	var last sim.FaultSpan
	found := false
	for _, f := range faults {
		if f.Kind == sim.FaultInterrupt && f.Target == op.Proc && f.Start <= op.End && (!found || f.Start >= last.Start) {
			last, found = f, true
		}
	}
	return last, found
}

// lostHold explains an unlock's IllegalMonitorStateException: the hold the
// thread believed in was gone. It is by design when the section's explicit
// lease had run out by the time the unlock ran, or a fault struck while
// the thread held the lock.
func lostHold(h *model.History, unlock model.Op, faults []sim.FaultSpan) (Class, string, []sim.FaultSpan) {
	var sec *model.Section
	for i := range h.Sections {
		s := &h.Sections[i]
		if s.Owner == unlock.Owner && s.Start <= unlock.Start && (s.End < 0 || s.End >= unlock.Start) {
			sec = s
		}
	}
	if sec == nil {
		// Not in a section of its own: an unlock of an inner hold after the
		// outer one ended cannot happen; report what there is.
		return excuse([]model.Section{{Proc: unlock.Proc, Owner: unlock.Owner, Lease: -1}}, unlock.Start, unlock.End, faults, true)
	}
	class, why, active := excuse([]model.Section{*sec}, sec.Called, unlock.End, faults, true)
	if class == Bug && sec.Lease > 0 {
		ran := unlock.ExecVirtual
		if unlock.ExecAt < 0 {
			ran = unlock.End
		}
		if ran >= sec.LeaseFrom().Add(effectiveLease(*sec)) {
			return ByDesign, fmt.Sprintf("the lease of %dms had run out", sec.Lease), active
		}
	}
	return class, why, active
}
