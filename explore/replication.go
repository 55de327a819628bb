package explore

import (
	"math"
	"slices"

	"github.com/locksim/locksim/sim"
)

// With a replica: its acknowledgements, the WAITs that wait for them, and
// the background expiry whose DELs it applies.

// maxAck is how far past the master's acked offset the replica has
// applied: its latest acknowledgement still on its way (0 if none).
func (m *machine) maxAck(n *state) int64 {
	a := int64(0)
	for _, q := range n.msgs {
		if q.kind == mAck {
			a = max(a, int64(q.offset))
		}
	}
	return a
}

// unacked is how many entries the master wrote past its acked offset:
// those the replica applied, and those on their way to it.
func (m *machine) unacked(n *state) int64 {
	un := m.maxAck(n)
	for _, q := range n.msgs {
		if q.kind == mRepl {
			un++
		}
	}
	if un > math.MaxUint8 {
		panic("explore: more than 255 replication entries in flight")
	}
	return un
}

// ack delivers the replica's acknowledgement of a entries past the acked
// offset: the offset moves on by a, so every offset held relative to it
// moves back by a, and the WAITs it reaches return 1.
func (m *machine) ack(n *state, a uint8, st *narration) {
	st.add("the master hears the replica acknowledge %d more entries", a)
	msgs := n.msgs[:0]
	for _, q := range n.msgs {
		switch {
		case q.kind == mAck && q.offset <= a:
			continue // superseded
		case q.kind == mAck:
			q.offset -= a
		case q.kind == mWait && q.offset <= a:
			if st != nil {
				st.add("%s returns: 1 replica acknowledged", m.msgText(q))
			}
			q.kind, q.due, q.offset, q.reply = mReply, 0, 0, m.waitReply(q.reply, 1)
		case q.kind == mWait:
			q.offset -= a
		}
		msgs = append(msgs, q)
	}
	n.msgs = msgs
}

// waitReply is a batch's reply: its replies before the WAIT (interned
// id prefix), then the WAIT's count.
func (m *machine) waitReply(prefix uint32, count int64) uint32 {
	r := m.reply(prefix)
	return m.internReply(sim.Array(append(slices.Clone(r.Arr), sim.Int(count))...))
}

// activeExpire is the store id after a cycle of Redis's background
// expiry (sim.Store.ActiveExpire), and the keys it deleted.
func (m *machine) activeExpire(id uint32) uint32 {
	if r, ok := m.shared.expireMemo.get(id); ok {
		return r
	}
	st := m.store(id).Clone()
	st.SetTime(base)
	st.ActiveExpire()
	return m.shared.expireMemo.put(id, m.intern(st))
}

// expiredKeys names the keys of store id whose TTL has passed, sorted.
func (m *machine) expiredKeys(id uint32) []string {
	st := m.store(id).Clone()
	st.SetTime(base)
	return st.ActiveExpire()
}
