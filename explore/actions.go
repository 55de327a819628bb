package explore

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// The steps of the transition system: which are enabled in a state
// (actions), and the state each leads to (apply).

// actKind is a kind of step.
type actKind uint8

const (
	aCall    actKind = iota // a thread makes its program's next call
	aDeliver                // a message arrives
	aFire                   // a due timer of a client fires
	aAdvance                // time passes
	aCrash
	aPause
	aResume
	aDrop
	aDelay
	aRestart
	aInterrupt
	aExpire // with a replica: Redis's background expiry deletes the expired keys
)

// action is one step; mi indexes the parent state's messages.
type action struct {
	kind  actKind
	who   uint8 // aCall, aInterrupt: the thread; aFire, aCrash, aPause, aResume: the process
	mi    uint8
	timer clients.TimerKey
	delta int64
}

// advance is the time (ms) step a lets pass: its delta when it advances
// the clock, else none.
func (a *action) advance() int64 {
	if a.kind == aAdvance {
		return a.delta
	}
	return 0
}

// actions appends every step enabled in s, in a fixed order.
func (m *machine) actions(s *state, dst []action) []action {
	advance, anyDue := true, false
	next := int64(math.MaxInt64)
	// Requests of waiters that spin let time pass, to the first moment
	// their answer could change (spin.go); their response timers, set
	// again on every turn, never fall due.
	var spins []msg
	if m.spins {
		for _, q := range s.msgs {
			if b, ok := m.spinBound(s, q); ok {
				spins = append(spins, q)
				next = min(next, b)
			}
		}
	}
	spinTimer := func(p int, k clients.TimerKey) bool {
		for _, q := range spins {
			if int(q.proc) == p && k.Kind == clients.TimerExec && k.Slot == int64(q.ref.Slot) {
				return true
			}
		}
		return false
	}
	for th := 0; th < m.threads; th++ {
		p, _ := m.where(th)
		t := s.threads[th]
		if !s.crashed(p) && !s.paused[p] && !t.InCall && int(t.next) < len(m.program) {
			dst = append(dst, action{kind: aCall, who: uint8(th)})
		}
	}
	for p := 0; p < m.procs; p++ {
		if s.crashed(p) {
			continue
		}
		c := m.client(s.clients[p])
		if !s.paused[p] {
			c.Timers(func(k clients.TimerKey, at sim.Time) {
				d := ceilMs(at)
				if d > 0 && spinTimer(p, k) {
					return
				}
				if d <= 0 {
					dst = append(dst, action{kind: aFire, who: uint8(p), timer: k})
					advance, anyDue = false, true
				}
				next = min(next, d)
			})
		}
		// A paused process's state may grow old, but no older than a
		// delayed message may (MaxDelay).
		if w, ok := c.OldestWall(); ok && s.paused[p] {
			next = min(next, MaxDelay+w-base)
		}
	}
	firstRepl := true
	for i, q := range s.msgs {
		switch q.kind {
		case mRepl:
			// the replica applies its entries in order, each by its deadline;
			// time passes while they are on their way
			if firstRepl {
				dst = append(dst, action{kind: aDeliver, mi: uint8(i)})
				firstRepl = false
			}
			next = min(next, int64(q.due))
			continue
		case mWait:
			// a blocked WAIT lets time pass until its timeout, which then fires
			if q.due <= 0 {
				dst = append(dst, action{kind: aDeliver, mi: uint8(i)})
				advance, anyDue = false, true
			}
			next = min(next, int64(q.due))
			continue
		}
		if q.kind == mRequest || q.kind == mAck || !s.paused[q.proc] {
			dst = append(dst, action{kind: aDeliver, mi: uint8(i)})
			if !q.delayed && !slices.Contains(spins, q) {
				advance = false
			}
		}
		if q.kind == mRequest && q.delayed {
			next = min(next, MaxDelay+q.cmd.At-base)
		}
	}
	// With a replica, an expired key the store still holds goes within a
	// cron period of its expiry, by a cycle of the background expiry that
	// deletes every expired key and replicates the DELs (sim/expire.go):
	// at any moment until then, in any order with the other steps, and
	// time does not pass that deadline before it. (Each expiry's cycle is
	// placed on its own: the search does not keep the cron's phase from one
	// to the next.)
	if by := m.expiredBy(s.store); by != math.MaxInt64 {
		dst = append(dst, action{kind: aExpire})
		next = min(next, max(by, 0))
	}
	dst = m.advances(s, dst, next, advance, anyDue)
	return m.faultActions(s, dst)
}

// narration collects what a step did, one line per event: the lines of a
// counterexample's story (Violation.Story). A nil narration collects
// nothing (the search does not pay for text). (Not "story": the project's
// package story keeps its name here.)
type narration struct{ lines []string }

func (st *narration) add(format string, args ...any) {
	if st != nil {
		st.lines = append(st.lines, fmt.Sprintf(format, args...))
	}
}

// apply returns the state after step a, normalized.
func (m *machine) apply(s *state, a action, st *narration) state {
	var n state
	m.applyTo(&n, s, a, st)
	return n
}

// applyTo is apply into n, whose message buffer it reuses.
func (m *machine) applyTo(n *state, s *state, a action, st *narration) {
	m.found = m.found[:0]
	buf := n.msgs[:0]
	*n = *s
	n.msgs = append(buf, s.msgs...)
	switch a.kind {
	case aCall:
		th := int(a.who)
		p, tid := m.where(th)
		stp := m.program[n.threads[th].next]
		n.threads[th].Call(stp.call.Kind == clients.CallUnlock, stp.call.Kind == clients.CallForceUnlock, stp.call.Kind.Acquires())
		m.busy(n, p, tid)
		if st != nil {
			st.add("%s calls %s", m.threadName(th), callText(stp.call))
		}
		m.step(n, p, evKey{kind: clients.EvCall, thread: tid, step: n.threads[th].next}, st)
	case aDeliver:
		q := n.msgs[a.mi]
		n.msgs = slices.Delete(n.msgs, int(a.mi), int(a.mi)+1)
		m.deliver(n, q, st)
	case aFire:
		if st != nil {
			st.add("%s", m.timerText(n, int(a.who), a.timer))
		}
		m.step(n, int(a.who), evKey{kind: clients.EvTimer, timer: a.timer}, st)
	case aAdvance:
		spins := m.spinning(n)
		had := m.holdsKept(n)
		m.advance(n, a.delta, st)
		for th := 0; th < m.threads; th++ {
			if had&(1<<th) != 0 && m.holdGone(n, th) {
				n.threads[th].Lapsed(m.keptPeriod(n, th)) // its hold's time ran out
			}
		}
		for _, q := range spins {
			m.respin(n, q, st)
		}
	case aCrash, aPause, aResume, aDrop, aDelay, aRestart, aInterrupt:
		m.applyFault(n, a, st)
	case aExpire:
		if st != nil {
			st.add("Redis's background expiry deletes %s (the DEL is replicated)", strings.Join(m.expiredKeys(n.store), ", "))
		}
		n.store = m.activeExpire(n.store)
		n.msgs = append(n.msgs, msg{kind: mRepl, due: int32(m.replLag)})
	}
	for th := 0; th < m.threads; th++ {
		if t := &n.threads[th]; t.Unseen {
			t.See(!m.holdGone(n, th))
		}
	}
	m.normalize(n)
}

// normalize drops what can no longer matter, so that states that behave
// alike are equal: replies nobody awaits (timed out, superseded, or to a
// crashed process), unlock messages to a process no longer subscribed;
// and sorts the messages in flight.
func (m *machine) normalize(n *state) {
	n.msgs = slices.DeleteFunc(n.msgs, func(q msg) bool {
		if q.kind == mRequest || q.kind == mRepl || q.kind == mAck {
			return false
		}
		if n.crashed(int(q.proc)) {
			return true
		}
		if q.kind == mReply || q.kind == mWait {
			// a blocked WAIT only answers: nobody awaiting it, it changes nothing
			return !m.client(n.clients[q.proc]).Awaits(q.ref)
		}
		return m.subMask(n.clients[q.proc])&(1<<q.ch) == 0
	})
	slices.SortFunc(n.msgs, m.cmpMsg)
}
