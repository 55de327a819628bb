package fairness

import (
	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Metrics is what one run, or a sum of runs (Add), measured.
type Metrics struct {
	Violations []checks.Violation     // every check's verdicts (one run's; Add does not sum them)
	Waits      []sim.Duration         // acquired lock()/tryLock(wait) calls: call to acquisition
	ByPos      map[int][]sim.Duration // the same, by the first queue position of a fair waiter
	Acquired   int                    // acquired lock()/tryLock(wait) calls
	Calls      int                    // acquiring calls made (lock, tryLock in all its forms)
	GaveUp     int                    // acquiring calls that returned without the lock (a tryLock's wait ran out, or none)
	Failed     int                    // acquiring calls that threw
	Overtakes  int                    // the fifo check's findings
	Idle       []sim.Duration         // free-lock intervals while a queued caller waited throughout
	Evicted    int                    // live waiters that lost their place in the queue
	NegTTLs    int                    // acquire scripts that answered a negative ttl
}

// Measure runs cfg untraced, checks it (every fault mechanism confirmed by
// its counterfactual run), and measures it.
func Measure(cfg run.Config) (Metrics, error) {
	r, err := run.New(cfg, sim.Untraced)
	if err != nil {
		return Metrics{}, err
	}
	r.Execute()
	if err := r.Err(); err != nil {
		return Metrics{}, err
	}
	m := Of(r.History, r.World.FaultSpans())
	if m.Violations, err = verdict.Confirm(cfg, verdict.Check(r).Violations); err != nil {
		return Metrics{}, err
	}
	return m, nil
}

// Of measures a run's history; faults are its fault spans (the fifo check
// excuses overtakes they explain, but counts them all).
func Of(h *model.History, faults []sim.FaultSpan) Metrics {
	m := Metrics{ByPos: map[int][]sim.Duration{}, NegTTLs: h.NegativeTTLs}
	for _, op := range h.Ops {
		if op.Evicted {
			m.Evicted++
		}
		if op.Call.Acquires() {
			m.Calls++
			switch {
			case op.Err != "":
				m.Failed++
			case op.Outcome != "acquired" && op.End >= 0:
				m.GaveUp++
			}
		}
		if op.Outcome != "acquired" || (op.Call != model.CallLock && op.Call != model.CallTryLockWait) {
			continue
		}
		d := op.End.Sub(op.Start)
		m.Waits = append(m.Waits, d)
		m.Acquired++
		if op.QueuePos > 0 {
			m.ByPos[op.QueuePos] = append(m.ByPos[op.QueuePos], d)
		}
	}
	// An overtake, as the fifo check defines it: a caller that queued later
	// got the lock first while the earlier one kept waiting in the queue.
	m.Overtakes = len(checks.FIFO(h, faults))
	m.Idle = IdleIntervals(h)
	return m
}

// Add adds o's measures (not its violations) to m.
func (m *Metrics) Add(o Metrics) {
	if m.ByPos == nil {
		m.ByPos = map[int][]sim.Duration{}
	}
	m.Waits = append(m.Waits, o.Waits...)
	for pos, ds := range o.ByPos {
		m.ByPos[pos] = append(m.ByPos[pos], ds...)
	}
	m.Acquired += o.Acquired
	m.Calls += o.Calls
	m.GaveUp += o.GaveUp
	m.Failed += o.Failed
	m.Overtakes += o.Overtakes
	m.Idle = append(m.Idle, o.Idle...)
	m.Evicted += o.Evicted
	m.NegTTLs += o.NegTTLs
}

// IdleIntervals are the spans in which the lock was free (no holder, TTL
// run out) while some caller that had queued was waiting throughout.
func IdleIntervals(h *model.History) []sim.Duration {
	type span struct{ from, to sim.Time }
	var free []span
	var heldUntil sim.Time
	freeFrom := sim.Time(-1)
	for _, s := range h.Store {
		if len(s.Holders) > 0 {
			if freeFrom < 0 && heldUntil > 0 && heldUntil < s.At {
				freeFrom = heldUntil // it expired unseen, then was taken again
			}
			if freeFrom >= 0 && s.At > freeFrom {
				free = append(free, span{freeFrom, s.At})
			}
			freeFrom = -1
			heldUntil = h.End.At
			if s.TTL >= 0 {
				heldUntil = s.At.Add(sim.Duration(s.TTL) * sim.Millisecond)
			}
			continue
		}
		if freeFrom < 0 {
			freeFrom = min(s.At, max(heldUntil, 0))
		}
	}
	var out []sim.Duration
	for _, sp := range free {
		for _, op := range h.Ops {
			if op.QueuePos > 0 && op.Start <= sp.from && (op.End < 0 || op.End >= sp.to) {
				out = append(out, sp.to.Sub(sp.from))
				break
			}
		}
	}
	return out
}
