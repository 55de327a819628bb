package explore

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	history "github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// The search judges like the checks of the random runs (package checks):
// what a state or a step breaks, and whether it is a bug or by design —
// explained by something the algorithm does not claim to survive.

// finding is one property broken in a state or by a step.
type finding struct {
	kind, detail string
	bug          bool
	excuse       string // for by design: why
}

// faultExcuse names the faults used so far that an algorithm does not
// claim to survive — a pause, a lost or delayed message, a restart of
// Redis without persistence ("" when none was used). A crash is not one:
// a crashed process holds nothing. Faults used are part of the state, so
// every path to it used the same ones.
func faultExcuse(s *state) string {
	var parts []string
	for _, k := range []FaultKind{FaultPause, FaultDrop, FaultDelay, FaultRestart} {
		if s.used[k] > 0 {
			parts = append(parts, k.String())
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "fault " + strings.Join(parts, ", ") + " on the path"
}

// excuseOf is why state s may break a property by design: a fault on the
// path, or a forceUnlock() some thread called — it deletes the lock
// whoever holds it (RedissonLock.forceUnlockAsync), so the holder it
// robbed goes on believing it holds the lock, and the next acquirer
// overlaps it. "" when neither.
func (m *model) excuseOf(s *state) string {
	if e := faultExcuse(s); e != "" {
		return e
	}
	f := m.firstForce
	if f < 0 {
		return ""
	}
	for th := 0; th < m.n; th++ {
		if t := s.th[th]; int(t.ip) > f || (int(t.ip) == f && t.inCall) {
			return m.threadName(th) + "'s forceUnlock() deletes the lock whoever holds it"
		}
	}
	return ""
}

// classify makes f by design when excuse is set.
func classify(f finding, excuse string) finding {
	if excuse != "" {
		f.bug, f.excuse = false, excuse
	}
	return f
}

// callLease is the lease (ms) an acquisition takes: its explicit lease, a
// simple lock's default, or -1 when Redisson's watchdog keeps the lock.
func (m *model) callLease(c clients.Call) int64 {
	switch {
	case c.Lease != -1:
		u := c.Unit
		if u == 0 {
			u = clients.Milliseconds
		}
		return c.Lease * int64(u)
	case m.cf.Simple != "":
		return clients.SimpleLease
	}
	return -1
}

// owner is thread th's lock name in the store.
func (m *model) owner(th int) string { return m.owners[th] }

// holds is the hold count the store keeps for thread th (-1 for a lock
// without counts), read without touching the store.
func (m *model) holds(s *state, th int) int64 {
	if m.cf.Simple != "" {
		return -1
	}
	v, ok := m.store(s.store).PeekHashField(lockName, m.owner(th))
	if !ok {
		return 0
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	return n
}

// judgeReturn judges thread th's call returning r: an exception; after an
// acquisition, the store's count against the thread's own; after the
// release of its last hold, the lock free of it.
func (m *model) judgeReturn(n *state, th int, call clients.Call, r clients.Result) {
	t := &n.th[th]
	who := m.threadName(th)
	switch {
	case r.Failed():
		f := finding{kind: "error", detail: fmt.Sprintf("%s's %s threw %s", who, callText(call), r.Text), bug: true}
		switch {
		case n.used[FaultInterrupt] > 0 && history.Interrupted(r.Text):
			// Java's answer to Thread.interrupt() (checks.Errors likewise)
			f = classify(f, "its thread was interrupted")
		case r.Err == clients.ErrSync && m.repl:
			// WAIT counted fewer replicas than asked (checks.Errors likewise)
			f = classify(f, "a replica lagged past WAIT's timeout (asynchronous replication)")
		case r.Err == clients.ErrReply, r.Err == clients.ErrUnsupported, r.Err == clients.ErrInterrupted:
			// an error reply from Redis is always a bug
		case r.Err == clients.ErrNotHeld:
			if t.leaseLeft == 0 {
				f = classify(f, "its lease had run out")
			} else {
				f = classify(f, m.excuseOf(n))
			}
		default:
			f = classify(f, m.excuseOf(n))
		}
		m.found = append(m.found, f)
	case call.Kind.Acquires() && r.OK:
		// More holds than the thread counts is an acquire that ran twice
		// (a bug) unless an earlier call threw (a phantom hold); fewer is a
		// hold gone before the reply came, by design under a fault.
		if c := m.holds(n, th); c >= 0 && c != int64(t.held) {
			f := finding{kind: "holds", detail: fmt.Sprintf("%s believes it holds the lock %d time(s) but the store counts %d", who, t.held, c), bug: true}
			switch {
			case c > int64(t.held) && t.hadError:
				f = classify(f, "an earlier call of "+who+" threw, leaving a hold it does not count")
			case c < int64(t.held):
				f = classify(f, m.excuseOf(n))
			}
			m.found = append(m.found, f)
		}
	case call.Kind == clients.CallUnlock && r.OK && t.held == 0:
		if c := m.holds(n, th); c > 0 {
			f := finding{kind: "release", detail: fmt.Sprintf("%s released its last hold but the store still counts %d for it", who, c), bug: true}
			if t.hadError {
				f = classify(f, "an earlier call of "+who+" threw, leaving a hold it does not count")
			}
			m.found = append(m.found, f)
		}
	}
}

// judgeOrphan judges renewal q, which ran at Redis, as checks.Orphan
// does: sent while its thread held nothing and made no call, run while it
// still holds nothing, makes none and has no release of its own in
// flight (nor a fenced acquire whose loop will release it), a renewal that found the thread's hold kept alive a lock nobody
// will unlock (issue #7272). A bug: a fault can leave a hold its thread
// does not count, but then the hold expires with its lease; only the
// watchdog keeps it.
func (m *model) judgeOrphan(n *state, q msg) {
	th := m.threadOf(int(q.proc), q.cmd.Thread)
	if t := n.th[th]; t.held > 0 || t.inCall || m.holds(n, th) <= 0 {
		return
	}
	for _, r := range n.msgs {
		if r.proc != q.proc || r.cmd.Thread != q.cmd.Thread {
			continue
		}
		if r.kind == mRequest && (r.cmd.Op == clients.OpUnlock || r.cmd.Op == clients.OpForceUnlock) {
			return // its release is still on its way (an interrupted unlock): it will end the hold
		}
		if (r.kind == mRequest || r.kind == mReply) && r.detached() && r.cmd.Op == clients.OpAcquireToken {
			// The fenced loop of an interrupted call: what its acquire took
			// it unlocks when the reply comes (RedissonFencedLock.java:166-170).
			return
		}
	}
	m.found = append(m.found, finding{kind: "orphan", bug: true,
		detail: fmt.Sprintf("the watchdog renewed %s's hold while its thread held nothing and made no call: a lock nobody will unlock, kept alive for as long as the process lives", m.threadName(th))})
}

// stuckFinding judges a state from which no order of events lets every
// thread finish, as checks.Liveness judges a lock that stops making
// progress: a bug (a key left with no TTL, a wait with no timeout, #5503),
// except where a phantom hold blocks the lock — a thread's hold the store
// counts but the thread does not, left by an acquire whose reply a fault
// lost or delayed; the watchdog keeps it alive for as long as the process
// lives. That is the application's ambiguous call: by design.
func (m *model) stuckFinding(s *state) finding {
	f := finding{kind: "stuck", detail: "from here no order of events lets every thread finish its calls", bug: true}
	excuse := faultExcuse(s)
	if excuse == "" && s.used[FaultInterrupt] > 0 {
		// an interrupted call leaves a hold its thread does not count too;
		// a watchdog that keeps it is the orphan finding's bug
		excuse = "fault interrupt on the path"
	}
	if excuse == "" {
		return f
	}
	for th := 0; th < m.n; th++ {
		if c := m.holds(s, th); c > int64(s.th[th].held) {
			return classify(f, fmt.Sprintf("phantom hold: the store counts %d for %s, who counts %d (%s)", c, m.threadName(th), s.th[th].held, excuse))
		}
	}
	return f
}

// stateFindings is what state s itself breaks: mutual exclusion, an error
// reply in flight, the store's invariants, a crashed holder's hold past
// its lease.
func (m *model) stateFindings(s *state) []finding {
	var out []finding
	var holders []string
	expired := false
	for th := 0; th < m.n; th++ {
		if t := s.th[th]; t.held > 0 {
			holders = append(holders, m.threadName(th))
			expired = expired || t.leaseLeft == 0
		}
	}
	if len(holders) > 1 {
		f := finding{kind: "mutex", detail: fmt.Sprintf("%v all believe they hold the lock", holders), bug: true}
		if expired {
			f = classify(f, "a holder's lease had run out")
		} else {
			f = classify(f, m.excuseOf(s))
		}
		out = append(out, f)
	}
	for _, q := range s.msgs {
		if q.kind != mReply {
			continue
		}
		r := m.reply(q.reply)
		if r.Kind == sim.KindArray && len(r.Arr) > 0 && q.cmd.Sync > 0 {
			r = r.Arr[0] // a batch's script, before its WAIT
		}
		if r.Kind == sim.KindError {
			out = append(out, finding{kind: "error", detail: fmt.Sprintf("Redis answered %s with an error: %s", m.msgText(q), r.Str), bug: true})
			break
		}
	}
	out = append(out, m.storeFindings(s.store)...)
	for th := 0; th < m.n; th++ {
		// a hold taken with an explicit lease, gone from the store before
		// the lease ran out while its thread made no call (checks.Expiry
		// likewise): another's release deleted it
		if t := s.th[th]; t.held > 0 && t.leaseLeft > 0 && !t.inCall && m.holdGone(s, th) {
			out = append(out, classify(finding{kind: "expiry", bug: true,
				detail: fmt.Sprintf("%s's hold, taken with an explicit lease, is gone from the store before the lease ran out", m.threadName(th))}, m.excuseOf(s)))
		}
	}
	for th := 0; th < m.n; th++ {
		if s.th[th].crashLeft == 0 && m.holds(s, th) > 0 {
			out = append(out, finding{kind: "expiry", detail: fmt.Sprintf("%s's process crashed holding the lock, and its hold outlived its lease", m.threadName(th)), bug: true})
		}
	}
	return out
}

// holdGone reports whether the store no longer has thread th's hold: a
// simple lock's key is gone or holds another's value; a Redisson lock
// counts no hold of th's.
func (m *model) holdGone(s *state, th int) bool {
	if m.cf.Simple == "" {
		return m.holds(s, th) == 0
	}
	typ, _, vals := m.store(s.store).PeekKey(lockName)
	return typ != "string" || len(vals) != 1 || vals[0] != clients.SimpleValue(m.cf.Simple, m.owner(th))
}

// storeInvariants checks the store's invariants (checks.Store's): one owner
// per lock hash; the fair queue and timeout set hold the same members.
func (m *model) storeInvariants(st *sim.Store) []finding {
	var out []finding
	if typ, _, owners := st.PeekKey(lockName); typ == "hash" && len(owners) > 1 {
		out = append(out, finding{kind: "store", detail: fmt.Sprintf("the lock hash has %d owners: %v", len(owners), owners), bug: true})
	}
	if m.cf.Opts.Fair {
		_, _, queue := st.PeekKey(clients.QueueName(lockName))
		_, _, timeouts := st.PeekKey(clients.TimeoutName(lockName))
		q, ts := slices.Clone(queue), slices.Clone(timeouts)
		slices.Sort(q)
		slices.Sort(ts)
		if !slices.Equal(q, ts) {
			out = append(out, finding{kind: "store", detail: fmt.Sprintf("the fair queue %v and the timeout set %v hold different members", queue, timeouts), bug: true})
		}
	}
	return out
}

// fifoBroken checks a fair acquire script against the queue's order: it
// may grant the lock only to the head once the stale waiters (timeout ≤
// now) are gone, and it may queue a caller only at the tail.
func (m *model) fifoBroken(before, after *sim.Store, cmd clients.Cmd, proc string, reply sim.Reply) string {
	if !m.cf.Opts.Fair || (cmd.Op != clients.OpAcquire && cmd.Op != clients.OpAcquireNoWait) {
		return ""
	}
	owner := m.cf.OwnerName(proc, cmd.Thread)
	qname, tname := clients.QueueName(lockName), clients.TimeoutName(lockName)
	_, _, q0 := before.PeekKey(qname)
	_, _, q1 := after.PeekKey(qname)
	// the waiters the stale loop may drop: a prefix whose timeouts passed
	live := q0
	for len(live) > 0 {
		if sc, ok := before.PeekZScore(tname, live[0]); ok && int64(sc) <= cmd.At {
			live = live[1:]
			continue
		}
		break
	}
	if reply.Kind == sim.KindNil && len(live) > 0 && live[0] != owner {
		if _, held := before.PeekHashField(lockName, owner); !held {
			return fmt.Sprintf("%s was granted the lock while %s headed the queue %v", owner, live[0], live)
		}
	}
	if !slices.Contains(q0, owner) && slices.Contains(q1, owner) && q1[len(q1)-1] != owner {
		return fmt.Sprintf("%s was queued at place %d of %v, not at the tail", owner, slices.Index(q1, owner)+1, q1)
	}
	return ""
}
