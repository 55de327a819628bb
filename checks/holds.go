package checks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Holds checks that the hold count the store keeps for an owner equals the
// owner's own nesting count when its acquire returns (workload threads do
// not nest, so 1). Locks that keep no count are skipped.
//
// More than 1 is a hold the owner does not count. Its mechanism is the
// call that left it: an acquire that ran twice (a re-send after a lost
// reply, #4822), an earlier call whose acquire ran although it failed (the
// fault that made it fail; an interrupt; a WAIT short of replicas), or a
// failover that lost the owner's release. Zero is a hold gone before the
// reply came, explained as any missing hold (view.missing).
func Holds(h *model.History, faults []sim.FaultSpan) []Violation {
	return holds(newView(h, faults))
}

func holds(vw *view) []Violation {
	h := vw.h
	var out []Violation
	for _, s := range h.Sections {
		if s.StoreHolds < 0 || s.StoreHolds == 1 {
			continue
		}
		v := Violation{Property: "holds", At: s.Start, Actors: []string{s.Owner}}
		if s.StoreHolds > 1 {
			v.Detail = fmt.Sprintf("%s acquired once but the store counts %d holds (an acquire ran twice, or a release did not count down)", s.Owner, s.StoreHolds)
			v.explained(vw.extraHold(s))
		} else {
			v.Detail = fmt.Sprintf("%s's acquire returned but the store no longer has its hold", s.Owner)
			m, ok := vw.missing(s, s.Start)
			if !ok {
				m = cause("count-zero", v.Detail, s.Called, s.Start, s.Proc)
			}
			v.explained(m)
		}
		out = append(out, v)
	}
	return out
}

// extraHold explains a hold of s's owner that the owner does not count,
// found when its acquire returned at s.Start: every acquire of the owner
// since the store last held nothing of it either counted (it returned
// "acquired"), or left that hold.
func (vw *view) extraHold(s model.Section) Mechanism {
	h := vw.h
	from := vw.lastAbsentBefore(s.Owner, s.Start)
	// a master change that brought back a hold the old master no longer
	// had: a release (or a deletion) the promoted replica never received
	if i := vw.sampleAt(from); i >= 0 && i+1 < len(h.Store) && h.Store[i+1].Script == becameMaster && slices.Contains(h.Store[i+1].Holders, s.Owner) {
		back := &h.Store[i+1]
		for _, f := range vw.faults {
			if changesMaster(f) && f.Start >= h.Store[i].At && f.Start <= back.At {
				return faultMech(f, fmt.Sprintf("%s: the promoted replica still had %s's hold, which the old master had released at t=%s (asynchronous replication)", describeFault(f), s.Owner, h.Store[i].At))
			}
		}
	}
	// calls whose acquire script ran on the master in [from, s.Start]:
	// which ran twice, which ran but did not count
	var released []int
	for i := range h.Ops {
		op := &h.Ops[i]
		last := op.End // what it sent may have run after it returned
		if op.ExecAt >= 0 && op.ExecVirtual > last {
			last = op.ExecVirtual
		}
		if op.Owner != s.Owner || op.Start > s.Start || op.End >= 0 && last < from {
			continue
		}
		if op.Call.Releases() && op.ExecAt >= 0 && op.Outcome == "released" {
			released = append(released, i)
		}
		if op.Call.Releases() && op.Outcome == "error" && (op.ExecAt < 0 || op.ExecVirtual > s.Start) {
			// a release that never reached the master: its hold stays, and
			// the thread, told it failed, took the lock again on top
			what := fmt.Sprintf("%s's %s at t=%s had not run (it failed: %s), so the hold it should have released stayed", op.Owner, op.Call, op.Start, op.Err)
			if m, ok := vw.callFault(*op, opTag(i), op.End); ok {
				m.Detail = what + ": " + m.Detail
				return m
			}
			if m, ok := vw.interrupted(*op); ok && model.Interrupted(op.Err) {
				// get() threw at the interrupt and cancelled only its own
				// future; the unlock's command goes on without the call
				// (3.8.1, 4.7.0: R47:RedissonBaseLock.java:155-159, 185-187,
				// CommandAsyncService.java:186-191), running after the
				// thread's next acquire re-entered the hold, or never
				if op.ExecAt >= 0 {
					what = fmt.Sprintf("%s's %s at t=%s was interrupted (%s) and its command, which went on without the call, ran only at t=%s, after the thread took the lock again on top of the hold it should have released", op.Owner, op.Call, op.Start, op.Err, op.ExecVirtual)
				}
				m.Detail = what + ": " + m.Detail
				return m
			}
			return cause("unlock-lost", what, op.Start, s.Start, op.Proc)
		}
		if !op.Call.Acquires() {
			continue
		}
		runs := vw.grants(opTag(i), from, s.Start)
		if runs == 1 && op.Outcome == "acquired" && op.End >= 0 && op.End < from {
			// a call that returned with the lock before the owner last let
			// go of it, and whose acquire ran again since: its late send
			// took the lock a second time, uncounted (count its runs over
			// its own span, where the first, counted one lies)
			runs = vw.grants(opTag(i), op.Start, s.Start)
		}
		switch {
		case runs >= 2:
			return cause("acquire-ran-twice", fmt.Sprintf("%s's %s at t=%s ran its acquire %d times on the master (a re-send of a command whose first run took effect)", s.Owner, op.Call, op.Start, runs), op.Start, s.Start, op.Proc)
		case runs == 1 && op.Outcome != "acquired" && (op.Start != s.Called || op.Outcome != ""):
			return vw.uncounted(*op, opTag(i), s, s.Start)
		}
	}
	// a release that ran on a master the failover then left behind
	for _, i := range released {
		op := h.Ops[i]

		for _, f := range vw.faults {
			if changesMaster(f) && f.Start >= op.ExecVirtual && f.Start <= s.Start {
				return faultMech(f, fmt.Sprintf("%s: the new master had not received %s's release at t=%s (asynchronous replication), so its count stayed", describeFault(f), s.Owner, op.ExecVirtual))
			}
		}
	}
	return cause("extra-hold", fmt.Sprintf("the store counts %d holds of %s, which counts 1, and no call of its explains the extra one", s.StoreHolds, s.Owner), from, s.Start, s.Proc)
}

// grants counts the samples in [from, to] of a script run by the call
// tagged tag that left its owner holding the lock, less the runs of an
// unlock under the same call (4.7.0's handleNoSync undoing an acquire
// that ServiceManager.execute then repeats: one grant, not two).
func (vw *view) grants(tag string, from, to sim.Time) int {
	n := 0
	op := vw.h.CallOf(tag)
	if op == nil {
		return 0
	}
	i := vw.sampleAt(from - 1)
	for i++; i < len(vw.h.Store) && vw.h.Store[i].At <= to; i++ {
		smp := &vw.h.Store[i]
		switch {
		case smp.Tag != tag:
		case strings.Contains(smp.Script, "unlockInnerAsync"):
			n--
		case strings.Contains(smp.Script, "tryLock") && slices.Contains(smp.Holders, op.Owner):
			n++
		}
	}
	return n
}

// uncounted explains a call of s's owner whose acquire ran and held the
// lock though the call did not return "acquired" (by the time at, when
// the call had not returned at all).
func (vw *view) uncounted(op model.Op, tag string, s model.Section, at sim.Time) Mechanism {
	to := max(s.Start, op.End) // the call's own paths are noted up to its return
	what := fmt.Sprintf("%s's %s at t=%s took the lock but ", op.Owner, op.Call, op.Start)
	switch {
	case op.Outcome == "error" && op.ErrKind == "interrupted":
		if m, ok := vw.interrupted(op); ok {
			m.Detail = what + "was interrupted: " + m.Detail
			return m
		}
	case op.Outcome == "error" && op.ErrKind == "sync":
		// a WAIT that failed because the master died before it heard the
		// replica's acknowledgement
		for _, f := range vw.faults {
			if changesMaster(f) && f.Start >= op.Start && f.Start <= op.End {
				return faultMech(f, what+"threw: its WAIT was cut short by "+describeFault(f)+", and the hold it took stayed")
			}
		}
		return cause("sync-failed", what+"threw: WAIT counted fewer replicas than asked, and the hold it took stayed ("+op.Err+")", op.Start, to, op.Proc)
	}
	// a message of the call lost or held up past its response timeout:
	// the call failed, or a re-send answered it, while a run took the lock;
	// or its process stopped before the call could return, by at
	deadline := op.End
	if deadline < 0 {
		deadline = at
	}
	if m, ok := vw.callFault(op, tag, deadline); ok {
		m.Detail = what + "did not count it: " + m.Detail
		return m
	}
	if m, ok := vw.stoppedThrough(op, at); ok {
		m.Detail = what + "did not count it: " + m.Detail
		return m
	}
	if m, ok := vw.interrupted(op); ok {
		m.Detail = what + "its caller was interrupted: " + m.Detail
		return m
	}
	return cause("acquired-uncounted", what+fmt.Sprintf("returned %q", outcomeText(op)), op.Start, to, op.Proc)
}

// stoppedThrough names a pause of op's process that began while the
// call's reply could still be due, the call still open at at, and lasted
// through at: a stopped process reads no reply and runs no timer, so the
// call could not return (nor its watchdog renew) before at, whatever its
// reply did (seed 1701 of fencedlock-4.7.0, preset all, a 2 s watchdog: a
// re-entry's run re-armed the hold for the watchdog's 2 s, its batch's
// WAIT still waiting for a replica, and its process stopped for 87 s 31
// ms later). The reply is due a trip (pauseMargin) after the call's last
// run, and where the run has replicas, after its batch's WAIT too (up to
// 1 s, RedisCommonBatchExecutor); a pause that began later found the call
// open for another reason. A call that returned by at was not kept open
// by it.
func (vw *view) stoppedThrough(op model.Op, at sim.Time) (Mechanism, bool) {
	if op.End >= 0 && op.End <= at {
		return Mechanism{}, false
	}
	due := op.Start
	if op.ExecAt >= 0 {
		due = op.ExecVirtual
	}
	due = due.Add(pauseMargin)
	if vw.h.End.Replicas > 0 {
		due = due.Add(sim.Second)
	}
	for _, f := range vw.faults {
		if f.Kind == sim.FaultPause && f.Target == op.Proc && f.Start >= op.Start && f.Start <= min(due, at) && spanEnd(f, at) >= at {
			return faultMech(f, fmt.Sprintf("%s: its process was stopped from t=%s, during the call, through t=%s, so no reply or timer of its ran", describeFault(f), f.Start, at)), true
		}
	}
	return Mechanism{}, false
}

// interrupted names the fault that interrupted op's thread during the
// call (or just before it: an interrupt status the thread kept).
func (vw *view) interrupted(op model.Op) (Mechanism, bool) {
	end := op.End
	if end < 0 {
		end = op.Start
	}
	var last *model.Interruption
	for i := range vw.h.Interrupts {
		in := &vw.h.Interrupts[i]
		if in.Owner == op.Owner && in.At <= end {
			last = in
		}
	}
	if last == nil {
		return Mechanism{}, false
	}
	if f, ok := vw.fault(last.Fault); ok {
		return faultMech(f, fmt.Sprintf("%s: Thread.interrupt() of %s at t=%s", describeFault(f), op.Owner, last.At)), true
	}
	return Mechanism{}, false
}

func outcomeText(op model.Op) string {
	switch op.Outcome {
	case "":
		return "nothing (still open)"
	case "error":
		return op.Err
	}
	return op.Outcome
}

// lastAbsentBefore is the last sample time before t at which the master
// held no hold of owner (0 when it always did).
func (vw *view) lastAbsentBefore(owner string, t sim.Time) sim.Time {
	for i := vw.sampleAt(t - 1); i >= 0; i-- {
		if !slices.Contains(vw.h.Store[i].Holders, owner) {
			return vw.h.Store[i].At
		}
	}
	return 0
}
