package checks

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Errors judges every exception a lock call or a watchdog renewal ended
// with. An error reply from Redis — a script error, WRONGTYPE, a wrong
// number of arguments, a runtime error, a runaway script stopped by the
// budget — is always a bug: Redis should never answer a lock command so.
// So is a call the client does not have. The others are explained by what
// made them:
//
//   - a timeout (no reply in time), a command that could not be written
//     (no master) or a subscription that failed: a fault that struck the
//     call's own messages (lost, or held up past the timeout), cut its
//     process off, or took the master down during it (view.callFault);
//   - an InterruptedException: the fault that interrupted the caller;
//   - WAIT counting fewer replicas than asked (Redisson 3.16.8, #3994):
//     asynchronous replication, in a run with replicas;
//   - IllegalMonitorStateException from an unlock by a thread that
//     believed it held the lock: whatever explains its missing hold
//     (view.missing: a lease that ran out, a forceUnlock, a fault).
func Errors(h *model.History, faults []sim.FaultSpan) []Violation {
	return errorsOf(newView(h, faults))
}

func errorsOf(vw *view) []Violation {
	h := vw.h
	var out []Violation
	judge := func(op model.Op, tag, what string) {
		if op.Outcome != "error" {
			return
		}
		v := Violation{Property: "error", Kind: op.ErrKind, At: op.End, Actors: []string{op.Owner},
			Detail: fmt.Sprintf("%s %s threw %s", op.Owner, what, op.Err)}
		v.explained(vw.callError(op, tag))
		out = append(out, v)
	}
	for i, op := range h.Ops {
		judge(op, opTag(i), string(op.Call))
	}
	for i, op := range h.Renewals {
		judge(op, renewTag(i), "'s watchdog renewal")
	}
	return out
}

// callError explains the exception call op (tagged tag) ended with.
func (vw *view) callError(op model.Op, tag string) Mechanism {
	switch op.ErrKind {
	case "reply":
		if model.Interrupted(op.Err) {
			// get() answers an interrupt with RedisException(InterruptedException)
			// (CommandAsyncService.get): not a reply of Redis
			if m, ok := vw.interrupted(op); ok {
				return m
			}
		}
		return cause("error-reply", "Redis answered a lock command with an error: "+op.Err, op.Start, op.End, op.Proc)
	case "unsupported", "":
		return cause("unsupported", "the client has no such call: "+op.Err, op.Start, op.End, op.Proc)
	case "interrupted":
		if m, ok := vw.interrupted(op); ok && model.Interrupted(op.Err) {
			return m
		}
		return cause("interrupted", "an InterruptedException no interrupt explains", op.Start, op.End, op.Proc)
	case "sync":
		if vw.h.End.Replicas > 0 {
			return Mechanism{Kind: MechCondition, Name: "replication", Detail: "a replica lagged past WAIT's timeout (asynchronous replication)"}
		}
		return cause("sync", "WAIT short of replicas in a run without replicas", op.Start, op.End, op.Proc)
	case "not-held":
		return vw.notHeld(op, tag)
	}
	// timeout, write, subscribe
	if m, ok := vw.callFault(op, tag, op.End); ok {
		return m
	}
	if op.ErrKind == "subscribe" || strings.Contains(op.Err, "ubscription") {
		// the subscription serves the process: its SUBSCRIBE held up past
		// the time the call waited for it (Config.timeout, or what was
		// left of a tryLock's wait: the message says), or the pub/sub
		// connection cut
		timeout := sim.Duration(vw.h.Settings.Timeout) * sim.Millisecond
		waited := timeout
		if m := afterMs.FindStringSubmatch(op.Err); m != nil {
			if ms, err := strconv.ParseInt(m[1], 10, 64); err == nil {
				waited = sim.Duration(ms) * sim.Millisecond
			}
		}
		// another thread of the process may have started the
		// subscription the call joined
		from := op.Start.Add(-max(waited, timeout))
		var held sim.Duration
		var since sim.Time = -1 // the held-up SUBSCRIBE of a subscription under way before the call
		for _, e := range vw.h.Net {
			if e.At > op.End {
				break
			}
			if e.Proc != op.Proc {
				continue
			}
			f, ok := vw.fault(e.Fault)
			if !ok {
				continue
			}
			switch {
			case e.Kind == sim.NetPubSubLost && e.At >= from:
				return faultMech(f, fmt.Sprintf("%s: a pub/sub message of %s lost at t=%s", describeFault(f), op.Proc, e.At))
			case e.Kind == sim.NetDelayed && e.Tag == sim.SubscribeTag && vw.joinedSubscription(op, e):
				d := e.Delay
				if e.At < from {
					// a subscription pending since before the call: only a
					// call that waited its whole time for it, while the
					// held-up message was on its way, and only the part of
					// the hold-up the call waited through
					if op.End.Sub(op.Start) < waited || e.At.Add(e.Delay) < op.Start {
						continue
					}
					d = min(e.At.Add(e.Delay), op.End).Sub(op.Start)
					since = e.At
				}
				// held up until after the call gave up, or by most of
				// what it waited
				if held += d; held >= waited*9/10 || e.At.Add(e.Delay) >= op.End {
					if since >= 0 {
						return faultMech(f, fmt.Sprintf("%s: %s waited on %s's subscription, under way since before its call (a SUBSCRIBE message held up at t=%s), held up %s while it waited", describeFault(f), op.Owner, op.Proc, since, held))
					}
					return faultMech(f, fmt.Sprintf("%s: %s's SUBSCRIBE held up %s in all", describeFault(f), op.Proc, held))
				}
			}
		}
	}
	return cause("failed-"+op.ErrKind, fmt.Sprintf("%s's %s failed (%s) and no fault struck its messages or process", op.Owner, op.Call, op.Err), op.Start, op.End, op.Proc)
}

// afterMs reads how long a call waited for its subscription from
// Redisson's message ("Subscription timeout after 3000ms", "Unable to
// acquire subscription lock after 337ms", 3.8.1's "Subscribe timeout:
// (7500ms)": timeout + retryInterval × retryAttempts,
// R8:CommandAsyncService.java:134-145).
var afterMs = regexp.MustCompile(`(?:after |: \()(\d+)ms`)

// joinedSubscription says whether SUBSCRIBE message e (or its
// confirmation), held up by a latency spike, was of the subscription call
// op waited for: the channel's (a fair lock's waiter channel is its
// owner's), sent by the incarnation of the process the call ran in. A
// process has one subscription of a channel under way at a time, which
// every waiter of it joins, however long before it began: 3.8.1's lock()
// that gave up on it leaves its entry, with the reference it took, and the
// subscription goes on (R8:RedissonLock.java:148-149: no unsubscribe
// before the try; R8:PublishSubscribe.java:81-87: the next subscribe
// finds the entry and waits on its promise, which only the SUBSCRIBE's
// confirmation completes, 127-135).
func (vw *view) joinedSubscription(op model.Op, e model.NetEvent) bool {
	if e.Owner != "" && e.Owner != op.Owner {
		return false
	}
	for _, f := range vw.faults {
		if f.Kind == sim.FaultCrash && f.Target == op.Proc && f.Start >= e.At && f.Start <= op.Start {
			return false // the process restarted: a new connection, a new subscription
		}
	}
	return true
}

// notHeld explains an unlock's IllegalMonitorStateException: the hold the
// thread believed in was gone when the unlock ran.
func (vw *view) notHeld(unlock model.Op, tag string) Mechanism {
	h := vw.h
	var sec *model.Section
	for i := range h.Sections {
		s := &h.Sections[i]
		if s.Owner == unlock.Owner && s.Start <= unlock.Start && (s.End < 0 || s.End >= unlock.Start) {
			sec = s
		}
	}
	ran := unlock.ExecVirtual
	if unlock.ExecAt < 0 {
		ran = unlock.End
	}
	if sec == nil {
		return cause("not-held", fmt.Sprintf("%s's unlock threw though it held no section", unlock.Owner), unlock.Start, unlock.End, unlock.Proc)
	}
	// its own first run released the lock, and it ran again (a re-send
	// after a lost or late reply) to find nothing
	if g, ok := vw.lastGone(unlock.Owner, sec.Called, ran); ok && g.How == goneDeleted && vw.h.Store[g.Sample].Tag == tag {
		if m, ok := vw.callFault(unlock, tag, unlock.End); ok {
			m.Detail = fmt.Sprintf("%s's unlock ran at t=%s and released the lock, then ran again to find nothing: %s", unlock.Owner, vw.h.Store[g.Sample].At, m.Detail)
			return m
		}
		// 4.7.0's repeated unlock answers from its latch key
		// (RedissonBaseLock.java:222-231), which lives a few seconds: a step
		// of the master's clock or a master change between the two runs
		// took it, and the second run found nothing
		first := vw.h.Store[g.Sample].At
		for _, f := range vw.faults {
			if (f.Kind == sim.FaultServerStep && f.Amount > 0 || changesMaster(f)) && f.Start >= first && f.Start <= ran {
				return faultMech(f, fmt.Sprintf("%s: %s's unlock ran at t=%s and released the lock; the fault took its latch before its repeat at t=%s, which found nothing", describeFault(f), unlock.Owner, first, ran))
			}
		}
		what := fmt.Sprintf("%s's unlock ran at t=%s and released the lock, then ran again to find nothing", unlock.Owner, first)
		for j := len(vw.h.Store) - 1; j > g.Sample; j-- {
			if r := &vw.h.Store[j]; r.Tag == tag && r.Script == vw.h.Store[g.Sample].Script && r.At <= ran {
				if m, ok := vw.latchExpired(unlock, &vw.h.Store[g.Sample], r, what); ok {
					return m
				}
				break
			}
		}
		return cause("unlock-ran-twice", what, unlock.Start, unlock.End, unlock.Proc)
	}
	if m, ok := vw.missing(*sec, ran); ok {
		return m
	}
	return cause("not-held", fmt.Sprintf("%s's unlock threw IllegalMonitorStateException while the store held its hold", unlock.Owner), sec.Called, unlock.End, unlock.Proc)
}
