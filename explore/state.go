package explore

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// A state of the search: the threads, the messages in flight, and the
// state's exact encoding (appendKey, decodeKey), which the visited set keeps.

// state is one state of the bounded system: Redis's keyspace (interned),
// each process's client (interned; noClient once crashed), whether it is
// paused, each thread's place in its program, the faults used so far and
// the messages in flight (a multiset, kept sorted).
type state struct {
	store   uint32
	clients [MaxProcs]uint32
	paused  [MaxProcs]bool
	threads [MaxThreads]thread
	used    Faults
	msgs    []msg
}

const noClient = math.MaxUint32

func (s *state) clone() state {
	c := *s
	c.msgs = slices.Clone(s.msgs)
	return c
}

func (s *state) crashed(p int) bool { return s.clients[p] == noClient }

// thread is where a thread is in its program, and what it believes of
// the lock (kept through checks.Belief's transitions, for the step judge).
type thread struct {
	checks.Belief
	next uint8 // the next step of its program
}

func (m *machine) initial() state {
	s := sim.NewStore()
	s.SetTime(base)
	var st state
	st.store = m.intern(s)
	for p := range st.clients {
		st.clients[p] = noClient
	}
	for th := range st.threads {
		st.threads[th].LeaseLeft, st.threads[th].CrashLeft = -1, -1
	}
	for p := 0; p < m.procs; p++ {
		st.clients[p] = m.internClient(p, clients.NewClient(m.clientCfg, procName(p)))
	}
	m.skipSteps(&st)
	return st
}

// finished reports whether every thread has made all its calls (or its
// process crashed).
func (m *machine) finished(s *state) bool {
	for th := 0; th < m.threads; th++ {
		if t := s.threads[th]; t.InCall || int(t.next) < len(m.program) {
			return false
		}
	}
	return true
}

// msgKind is a kind of message in flight.
type msgKind uint8

const (
	mRequest msgKind = iota // a command on its way to Redis
	mReply                  // Redis's reply on its way back
	mPublish                // an unlock message on its way to a subscriber
	// With a replica (Config.Replicas):
	mRepl // a write entry on its way to the replica, applied by due
	mAck  // the replica's acknowledgement, offset entries past the master's acked offset
	mWait // a WAIT blocked at the master for offset entries past the acked offset, timing out at due
)

// msg is one message in flight.
type msg struct {
	kind    msgKind
	proc    uint8
	delayed bool
	// orphan: a renewal sent while its thread held nothing and made no
	// call, and it has made none since (checks.Orphan's "sent while free").
	orphan bool
	ch     uint8       // mPublish: the channel
	ref    clients.Ref // mRequest, mReply: whose command
	cmd    clients.Cmd // mRequest, mReply: the command
	reply  uint32      // mReply; mWait: the batch's replies before the WAIT
	// mRepl, mWait: the deadline, ms from now; mAck, mWait: an offset
	// relative to the master's acked one (see ack).
	due    int32
	offset uint8
}

// detached reports whether q is a command an interrupt left without its
// call (a 3.8.1 or 4.7.0 acquire or unlock, still addressed to the
// thread's slot with a detached number), its reply, or what it sends.
func (q *msg) detached() bool { return detachedRef(q.ref) }

// detachedRef reports whether ref is a command of a detached call: one
// that goes on without the thread that made it (clients/detached.go).
func detachedRef(ref clients.Ref) bool {
	return ref.Owner == clients.OwnDetached || ref.Seq >= clients.DetachedSeq(0)
}

// cmpMsg orders messages by their content alone (a reply by its text, not
// its interned id, which depends on which worker interned it first), so
// that the order of a state's steps, and so the search's result, is the
// same whatever the number of workers.
func (m *machine) cmpMsg(a, b msg) int {
	switch {
	case a.kind != b.kind:
		return int(a.kind) - int(b.kind)
	case a.due != b.due:
		return cmp.Compare(a.due, b.due) // a WAIT with no timeout has MaxInt32
	case a.offset != b.offset:
		return int(a.offset) - int(b.offset)
	case a.proc != b.proc:
		return int(a.proc) - int(b.proc)
	case a.ch != b.ch:
		return int(a.ch) - int(b.ch)
	case a.ref != b.ref:
		return cmpRef(a.ref, b.ref)
	case a.cmd != b.cmd:
		return cmpCmd(a.cmd, b.cmd)
	case a.reply != b.reply:
		return strings.Compare(m.reply(a.reply).String(), m.reply(b.reply).String())
	case a.delayed != b.delayed:
		if a.delayed {
			return 1
		}
		return -1
	case a.orphan != b.orphan:
		if a.orphan {
			return 1
		}
		return -1
	}
	return 0
}

func cmpRef(a, b clients.Ref) int {
	switch {
	case a.Owner != b.Owner:
		return int(a.Owner) - int(b.Owner)
	case a.Slot != b.Slot:
		return int(a.Slot - b.Slot)
	case a.Seq != b.Seq:
		return int(a.Seq) - int(b.Seq)
	}
	return int(a.Attempt) - int(b.Attempt)
}

func cmpCmd(a, b clients.Cmd) int {
	for _, d := range [...]int64{int64(a.Op) - int64(b.Op), a.Thread - b.Thread, a.Lease - b.Lease, a.Wait - b.Wait, a.At - b.At, int64(a.Sync - b.Sync),
		int64(a.ReqN) - int64(b.ReqN), a.Latch - b.Latch} {
		if d != 0 {
			if d < 0 {
				return -1
			}
			return 1
		}
	}
	return cmpUint(a.ReqR, b.ReqR)
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// appendKey appends s's exact encoding: equal encodings, equal states.
func (m *machine) appendKey(s *state, dst []byte) []byte {
	dst = appendID(dst, s.store)
	dst = append(dst, s.used[:m.usedLen()]...)
	for p := 0; p < m.procs; p++ {
		dst = appendID(dst, s.clients[p])
		dst = appendBool(dst, s.paused[p])
	}
	for i := 0; i < m.threads; i++ {
		t := s.threads[i]
		dst = append(dst, t.next, t.Held)
		dst = appendBool(dst, t.InCall)
		dst = appendU(dst, pastCalls(t))
		dst = appendV(dst, int64(t.LeaseLeft))
		dst = appendV(dst, int64(t.CrashLeft))
		dst = appendV(dst, int64(t.RunLeft))
	}
	dst = appendU(dst, uint64(len(s.msgs)))
	for _, q := range s.msgs {
		dst = appendID(dst, m.msgID(q))
	}
	return dst
}

// usedLen is how many fault counters a state's encoding holds: an
// interrupt's only when the budget has interrupts, so the states of the
// other searches are as long as before it was a fault kind.
func (m *machine) usedLen() int {
	if m.cfg.Faults[FaultInterrupt] > 0 {
		return int(numFaults)
	}
	return int(FaultInterrupt)
}

// msgID interns a message in flight: a state's encoding holds 4 bytes per
// message instead of its 20 or so, since the same few messages recur in
// many states. Each worker keeps the ids it has used.
func (m *machine) msgID(q msg) uint32 {
	if id, ok := m.msgL1[q]; ok {
		return id
	}
	b := append(m.msgBuf[:0], byte(q.kind), q.proc, q.ch, byte(q.ref.Owner), q.ref.Attempt)
	b = appendBool(b, q.delayed)
	b = appendU(b, uint64(q.ref.Slot))
	b = appendU(b, uint64(q.ref.Seq))
	b = append(b, byte(q.cmd.Op))
	b = appendV(b, q.cmd.Thread)
	b = appendV(b, q.cmd.Lease)
	b = appendV(b, q.cmd.Wait)
	b = appendV(b, q.cmd.At-base)
	b = appendU(b, uint64(q.cmd.Sync))
	if c := q.cmd; c.ReqN != 0 || c.ReqR != 0 || c.Latch != 0 {
		// 4.7.0's unlock (only it sets these: the other versions' encodings stay as they were)
		b = appendU(b, uint64(c.ReqN))
		b = appendU(b, c.ReqR)
		b = appendV(b, c.Latch)
	}
	b = appendID(b, q.reply)
	if q.orphan { // only a renewal: the other messages' encodings stay as they were
		b = append(b, 1)
	}
	if q.kind >= mRepl {
		b = appendV(b, int64(q.due))
		b = append(b, q.offset)
	}
	m.msgBuf = b
	id, ok := m.shared.msgs.lookup(b)
	if !ok {
		id = m.shared.msgs.add(b, q, nil)
	}
	m.msgL1[q] = id
	return id
}

// appendID appends an interned id in 4 bytes, not as a varint: which ids
// values get depends on which worker interned them first, and the length
// of an encoding must not (the memory bound counts it).
func appendID(dst []byte, id uint32) []byte {
	return append(dst, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
}

// pastFlags are the flags of a thread's belief that its earlier calls
// and commands left, in the order of their bits in the state key: one
// threw, one was forceUnlock(), a renewal was stale, its hold expired,
// its hold was never seen, its latest renewal was first sent idle, the
// watchdog keeps its hold, a re-entry re-armed that hold short, a
// re-entry with a lease returned with it, its hold was armed with a kept
// lease, its call's acquire ran with one.
func pastFlags(t *thread) [12]*bool {
	return [12]*bool{&t.HadError, &t.Forced, &t.StaleRenewal, &t.Expired, &t.Unseen, &t.IdleRenewal, &t.Watchdog, &t.ShortRearm, &t.LeaseReentry, &t.KeptLease, &t.RunKept, &t.LapsedKept}
}

// pastCalls packs pastFlags into the bits of a number (a state key holds
// it as a uvarint: one byte while the last two flags are unset).
func pastCalls(t thread) uint64 {
	var b uint64
	for i, f := range pastFlags(&t) {
		if *f {
			b |= 1 << i
		}
	}
	return b
}

func appendU(dst []byte, x uint64) []byte {
	for x >= 0x80 {
		dst = append(dst, byte(x)|0x80)
		x >>= 7
	}
	return append(dst, byte(x))
}

func appendV(dst []byte, x int64) []byte {
	ux := uint64(x) << 1
	if x < 0 {
		ux = ^ux
	}
	return appendU(dst, ux)
}

func appendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, 1)
	}
	return append(dst, 0)
}

// decodeKey is appendKey's inverse: it fills s (reusing its message
// buffer) from key.
func (m *machine) decodeKey(key []byte, s *state) {
	d := keyReader{b: key}
	msgs := s.msgs[:0]
	*s = state{}
	s.store = d.id()
	copy(s.used[:], d.bytes(m.usedLen()))
	for p := range s.clients {
		s.clients[p] = noClient
	}
	for p := 0; p < m.procs; p++ {
		s.clients[p] = d.id()
		s.paused[p] = d.byte() == 1
	}
	for th := range s.threads {
		s.threads[th].LeaseLeft, s.threads[th].CrashLeft = -1, -1
	}
	for i := 0; i < m.threads; i++ {
		t := &s.threads[i]
		t.next, t.Held = d.byte(), d.byte()
		t.InCall = d.byte() == 1
		past := d.u()
		for i, f := range pastFlags(t) {
			*f = past&(1<<i) != 0
		}
		t.LeaseLeft, t.CrashLeft, t.RunLeft = int32(d.v()), int32(d.v()), int32(d.v())
	}
	for k := d.u(); k > 0; k-- {
		msgs = append(msgs, m.shared.msgs.vals.get(d.id()))
	}
	s.msgs = msgs
	if len(d.b) != 0 {
		panic("explore: state encoding has trailing bytes")
	}
}

// keyReader reads appendKey's encoding.
type keyReader struct{ b []byte }

func (d *keyReader) byte() byte {
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *keyReader) bytes(n int) []byte {
	c := d.b[:n]
	d.b = d.b[n:]
	return c
}

func (d *keyReader) id() uint32 {
	b := d.bytes(4)
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func (d *keyReader) u() uint64 {
	x, n := uvarint(d.b)
	d.b = d.b[n:]
	return x
}

func (d *keyReader) v() int64 {
	ux := d.u()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}
