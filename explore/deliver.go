package explore

import (
	"math"
	"slices"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
)

// A message's arrival (deliver), and a client's step: an event run
// through a process's client (memoized) and its effects carried out.

// deliver carries out message q's arrival in n (q already taken out of
// its messages in flight): a request runs at Redis, and its unlock
// messages, replication entry and reply (unless its process crashed) go
// in flight; a reply or an unlock message is a step of its process's
// client; an entry the replica applies, its acknowledgement or a WAIT's
// timeout moves the replication on.
func (m *machine) deliver(n *state, q msg, st *narration) {
	switch q.kind {
	case mRequest:
		// what the thread's own renewal or re-entry re-arms (RearmedBy)
		th, before := -1, int64(0)
		if q.cmd.Op == clients.OpRenew || acquireOp(q.cmd.Op) {
			th = m.threadOf(int(q.proc), q.cmd.Thread)
			before = m.holds(n, th)
		}
		r := m.exec(n.store, q, m.subs(n))
		n.store = r.store
		if th >= 0 && !n.crashed(int(q.proc)) {
			after := m.holds(n, th)
			if ownRearm(q.cmd.Op, before, after) {
				n.threads[th].RearmedBy(q.cmd.Op == clients.OpRenew, q.cmd.Lease, m.clientCfg.Opts.LockWatchdogTimeout)
			}
			if t := &n.threads[th]; acquireOp(q.cmd.Op) && after > before && before >= 0 && t.InCall {
				t.AcquireRan(m.callLease(m.program[t.next].call), q.cmd.Lease, m.clientCfg.Opts.LockWatchdogTimeout)
			}
		}
		if p := int(q.proc); n.crashed(p) && rearms(q.cmd.Op) {
			// A command of a crashed process that still arrives re-arms its
			// hold: it must go within that lease from now.
			if th := m.threadOf(p, q.cmd.Thread); m.holds(n, th) > 0 {
				n.threads[th].Rearmed(q.cmd.Lease)
			}
		}
		if r.fifo != "" {
			m.found = append(m.found, checks.StepFifo(r.fifo, m.clientCfg.OwnerName(procName(int(q.proc)), q.cmd.Thread)))
		}
		if r.limit != "" {
			m.found = append(m.found, bugOf(kindScriptLimit, "", r.limit, kindScriptLimit))
		}
		if q.orphan && !n.crashed(int(q.proc)) {
			m.judgeOrphan(n, q)
		}
		if m.logExec != nil || st != nil {
			rep := m.reply(r.reply)
			if r.wait {
				rep = rep.Arr[0] // the script's, before the WAIT
			}
			if m.logExec != nil {
				m.logExec(int(q.proc), q.cmd, rep)
			}
			st.add("Redis runs %s: %s → %s", m.msgText(q), r.line, rep.Text())
		}
		for bit := 0; bit < 64; bit++ {
			if r.pubs&(1<<bit) != 0 {
				n.msgs = append(n.msgs, msg{kind: mPublish, proc: uint8(bit / 16), ch: uint8(bit % 16)})
			}
		}
		if r.wrote {
			n.msgs = append(n.msgs, msg{kind: mRepl, due: int32(m.replLag)})
		}
		rq := q
		rq.kind, rq.delayed, rq.reply = mReply, false, r.reply
		if r.wait {
			// WAIT 1 timeout (replication.c waitCommand): at once when the
			// replica acknowledged every entry so far, else blocked until it
			// does or the timeout passes (0: no timeout)
			if un := m.unacked(n); un > 0 {
				rq.kind, rq.offset, rq.due = mWait, uint8(un), r.waitMs
				if r.waitMs == 0 {
					rq.due = math.MaxInt32
				}
				st.add("Redis blocks the WAIT until the replica acknowledges %d more entries", un)
			} else {
				rq.reply = m.waitReply(r.reply, 1)
			}
		}
		if !n.crashed(int(q.proc)) {
			n.msgs = append(n.msgs, rq)
		}
	case mReply:
		if st != nil {
			st.add("%s arrives: %s", m.msgText(q), m.reply(q.reply).Text())
		}
		m.step(n, int(q.proc), evKey{kind: clients.EvReply, ref: q.ref, reply: q.reply}, st)
	case mPublish:
		if st != nil {
			st.add("%s gets an unlock message on %s", procName(int(q.proc)), m.channels[q.ch])
		}
		m.step(n, int(q.proc), evKey{kind: clients.EvMessage, ch: q.ch}, st)
	case mRepl:
		a := m.maxAck(n) + 1
		n.msgs = append(n.msgs, msg{kind: mAck, offset: uint8(a)})
		st.add("the replica applies an entry (%d past the master's acknowledged offset)", a)
	case mAck:
		m.ack(n, q.offset, st)
	case mWait:
		rq := q
		rq.kind, rq.due, rq.offset, rq.reply = mReply, 0, 0, m.waitReply(q.reply, 0)
		if st != nil {
			st.add("%s times out: 0 replicas acknowledged", m.msgText(q))
		}
		n.msgs = append(n.msgs, rq)
	}
}

// evKey is a client event in the memo's terms.
type evKey struct {
	kind   clients.EventKind
	thread int64
	step   uint8
	ref    clients.Ref
	reply  uint32
	timer  clients.TimerKey
	ch     uint8
}

type stepKey struct {
	client uint32
	ev     evKey
}

// stepResult is what a client step did: the client after it (canonical),
// the effects, and the command numbers it had for its active owners.
type stepResult struct {
	client  uint32
	effects []clients.Effect
	live    []liveSeq
}

type liveSeq struct {
	owner      clients.OwnerKind
	slot       int32
	seq, canon uint32
}

// ownRearm reports whether a renewal or acquire of a live thread, which
// found before holds of its own and left after, re-armed a hold the thread
// had: a renewal that found it, or a re-entry that counted one more.
func ownRearm(op clients.Op, before, after int64) bool {
	return after > 0 && (op == clients.OpRenew || after > before && before > 0)
}

// acquireOp reports whether op is a Redisson acquire: lock(), tryLock()
// and tryLock(wait) (EVAL_LONG, EVAL_NULL_BOOLEAN), the fenced lock's.
func acquireOp(op clients.Op) bool {
	return op == clients.OpAcquire || op == clients.OpAcquireNoWait || op == clients.OpAcquireToken
}

// rearms reports whether a command of op takes or re-arms the hold with
// the lease it carries: a renewal, an acquire (lock(), tryLock(), the
// fenced lock's), and the unlock of an inner hold (its pexpire with the
// lock object's lease: RedissonLock.unlockInnerAsync).
func rearms(op clients.Op) bool {
	switch op {
	case clients.OpRenew, clients.OpAcquire, clients.OpAcquireNoWait, clients.OpAcquireToken, clients.OpUnlock:
		return true
	}
	return false
}

// step runs one event through process p's client and carries out the
// effects: commands go in flight, a subscription is active at once, a
// call's return moves its thread on in its program.
func (m *machine) step(n *state, p int, ev evKey, st *narration) {
	for {
		r := m.clientStep(n.clients[p], p, ev)
		n.clients[p] = r.client
		sub := -1
		for _, e := range r.effects {
			switch e.Kind {
			case clients.EffSend:
				q := msg{kind: mRequest, proc: uint8(p), ref: e.Ref, cmd: e.Cmd}
				if e.Cmd.Op == clients.OpRenew {
					q.orphan = n.threads[m.threadOf(p, e.Cmd.Thread)].RenewSent(e.Ref.Attempt > 0, m.client(r.client).Unlocking(e.Cmd.Thread))
				}
				n.msgs = append(n.msgs, q)
			case clients.EffSubscribe:
				sub = slices.Index(m.channels, e.Channel)
			case clients.EffReturn:
				th := m.threadOf(p, e.Thread)
				t := &n.threads[th]
				stp := m.program[t.next]
				t.Return(stp.call.Kind.Acquires() && e.Result.OK && !e.Result.Failed(), m.callLease(stp.call), e.Result.Failed(), m.renewing(n, p, e.Thread))
				m.found = append(m.found, checks.StepReturned(m.view(n), th, m.stepReturn(stp.call, e.Result))...)
				if m.logReturn != nil {
					m.logReturn(th, stp.call, e.Result)
				}
				t.next++
				if st != nil {
					st.add("%s: %s → %s", m.threadName(th), callText(stp.call), resultText(stp.call.Kind, e.Result))
				}
			case clients.EffNote:
				if st != nil {
					m.noteText(st, p, e)
				}
				if m.logNote != nil {
					m.logNote(p, e)
				}
			}
		}
		// renumber this process's command references as its client did
		for i := range n.msgs {
			q := &n.msgs[i]
			if int(q.proc) != p || q.kind == mPublish {
				continue
			}
			seq := uint32(0)
			for _, l := range r.live {
				if l.owner == q.ref.Owner && l.slot == q.ref.Slot && l.seq == q.ref.Seq {
					seq = l.canon
				}
			}
			q.ref.Seq = seq
		}
		m.skipSteps(n)
		if sub < 0 {
			return
		}
		ev = evKey{kind: clients.EvSubscribed, ch: uint8(sub)}
	}
}

// clientStep is Step of client id for event ev, memoized.
func (m *machine) clientStep(id uint32, p int, ev evKey) *stepResult {
	k := stepKey{id, ev}
	if r, ok := m.stepL1[k]; ok {
		return r
	}
	if r, ok := m.shared.stepMemo.get(k); ok {
		m.stepL1[k] = r
		return r
	}
	c := m.client(id).Clone()
	e := clients.Event{Kind: ev.kind, Now: 0, Wall: base, Thread: ev.thread, Ref: ev.ref, Timer: ev.timer, Replicas: m.cfg.Replicas}
	switch ev.kind {
	case clients.EvCall:
		stp := m.program[ev.step]
		e.Call = stp.call
		e.Call.Fresh = stp.fresh
	case clients.EvReply:
		e.Reply = m.reply(ev.reply)
	case clients.EvMessage:
		e.Channel, e.Message = m.channels[ev.ch], "0"
	case clients.EvSubscribed:
		e.Channel = m.channels[ev.ch]
	}
	r := &stepResult{}
	for _, eff := range c.Step(e) {
		switch eff.Kind {
		case clients.EffSend, clients.EffSubscribe, clients.EffReturn, clients.EffNote:
			// a flaw's path too: the catalogue reads it (known.go); when a
			// watchdog's timer was set, a renewal's WAIT fell short, or an
			// unlock's run failed before its repeat, no check here reads
			if eff.Note != clients.NoteRenewScheduled && eff.Note != clients.NoteSyncShort && eff.Note != clients.NoteUnlockRepeat {
				r.effects = append(r.effects, eff)
			}
		}
	}
	c.Canon(m.cfg.Faults[FaultInterrupt] > 0, func(own clients.OwnerKind, slot int32, seq, canon uint32) {
		r.live = append(r.live, liveSeq{own, slot, seq, canon})
	})
	r.client = m.internClient(p, c)
	r = m.shared.stepMemo.put(k, r)
	m.stepL1[k] = r
	return r
}

// busy clears the "sent while free" mark of the renewals in flight for
// thread tid of process p: it makes a call.
func (m *machine) busy(n *state, p int, tid int64) {
	for i := range n.msgs {
		if q := &n.msgs[i]; q.orphan && int(q.proc) == p && q.cmd.Thread == tid {
			q.orphan = false
		}
	}
}

// skipSteps moves every idle thread past the calls its program makes only
// while it holds the lock, when it does not (an unlock after an acquire
// that failed).
func (m *machine) skipSteps(n *state) {
	for th := 0; th < m.threads; th++ {
		t := &n.threads[th]
		for !t.InCall && int(t.next) < len(m.program) && t.Held < m.program[t.next].need {
			t.next++
		}
	}
}
