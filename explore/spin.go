package explore

import (
	"math"
	"slices"

	"github.com/locksim/locksim/clients"
)

// Time passing while a waiter spins.
//
// A message in flight keeps time from passing (deliveries are instant),
// which the spin of 4.7.0's fair waiter turns into a trap: queued behind a
// head that does not take the free lock, it gets 0, sends its acquire
// again at once, gets 0 again, and the search could never let the head's
// timeout pass (a dead head behind which the waiter would wait for 5 min
// looked stuck for ever). The world fast-forwards that loop (sim/spin.go);
// the search does the same: a request that is such an iteration — run now
// it writes nothing, publishes nothing and answers at once, and its
// thread answers the reply by sending the same command again at once
// (clients.Client.Spin) — does not keep time from passing, up to the first
// moment its answer could change: a time point of the keyspace (the
// head's timeout, a key's expiry) or the tryLock's deadline. When time
// passes by d, every such request arrives and runs (as the iteration just
// before d would) and its thread gets its answer and asks again at the
// new time: the state the loop leaves after iterating for d, as each of
// its iterations in between changed nothing.

// spinBound reports whether request q in flight in s is an iteration of
// a retry loop that makes no progress, and how far time may pass while it
// spins (ms).
func (m *machine) spinBound(s *state, q msg) (int64, bool) {
	if !m.spins || q.kind != mRequest || q.delayed || q.cmd.Op != clients.OpAcquire || q.ref.Owner != clients.OwnThread {
		return 0, false
	}
	p := int(q.proc)
	if s.crashed(p) || s.paused[p] {
		return 0, false
	}
	r := m.exec(s.store, q, m.subs(s))
	if r.store != s.store || r.wrote || r.pubs != 0 || r.fifo != "" || r.limit != "" {
		return 0, false
	}
	reply := r.reply
	if r.wait {
		if m.unacked(s) > 0 {
			return 0, false // the WAIT blocks
		}
		reply = m.waitReply(r.reply, 1)
	}
	c := m.client(s.clients[p])
	if !c.Awaits(q.ref) {
		return 0, false
	}
	deadline, ok := c.Spin(q.ref, m.reply(reply), m.cfg.Replicas)
	if !ok {
		return 0, false
	}
	bound := int64(math.MaxInt64)
	if deadline != math.MaxInt64 {
		bound = deadline - base
	}
	// A key expiring at pt still answers at pt and is gone after it; a
	// queue timeout at pt makes its waiter stale for a request made then:
	// the request arriving after d ≤ pt still answers as this one did,
	// and the one its thread sends then is the first that may not.
	// (Points in the past are stale waiters behind the head, or keys the
	// acquire does not read: a key it read would have been deleted.)
	for _, pt := range m.pointsOf(s.store) {
		if pt >= 0 {
			bound = min(bound, pt)
		}
	}
	return bound, bound > 0
}

// spinning lists the requests in flight in s that spin (spinBound).
func (m *machine) spinning(s *state) []msg {
	var out []msg
	for _, q := range s.msgs {
		if _, ok := m.spinBound(s, q); ok {
			out = append(out, q)
		}
	}
	return out
}

// respin delivers the spinning request q, after time passed, and its
// reply: its thread asks again at the new time.
func (m *machine) respin(n *state, q msg, st *narration) {
	i := m.msgIndex(n, q)
	if i < 0 {
		return
	}
	q = n.msgs[i]
	n.msgs = append(n.msgs[:i], n.msgs[i+1:]...)
	m.deliver(n, q, nil)
	j := slices.IndexFunc(n.msgs, func(rq msg) bool { return rq.kind == mReply && rq.proc == q.proc && rq.ref == q.ref })
	if j < 0 {
		panic("explore: a spinning request did not answer at once after time passed")
	}
	rq := n.msgs[j]
	n.msgs = append(n.msgs[:j], n.msgs[j+1:]...)
	m.deliver(n, rq, nil)
	if st != nil {
		st.add("meanwhile %s asks again and again: every run of its acquire answers 0 and changes nothing (the spin)", procName(int(q.proc)))
	}
}

// msgIndex is where in n.msgs a request equal to q is, -1 if none.
func (m *machine) msgIndex(n *state, q msg) int {
	for i, o := range n.msgs {
		if o.kind == mRequest && o.proc == q.proc && o.ref == q.ref && o.cmd.Op == q.cmd.Op && !o.delayed {
			return i
		}
	}
	return -1
}
