package explore

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// The words of stories, scenario commands and state descriptions.

// callText is a call as Java spells it.
func callText(c clients.Call) string {
	switch c.Kind {
	case clients.CallLock:
		if c.Lease != -1 {
			return fmt.Sprintf("lock(%dms)", c.Lease)
		}
		return "lock()"
	case clients.CallTryLockWait:
		if c.Lease != -1 {
			return fmt.Sprintf("tryLock(%dms, %dms)", c.Wait, c.Lease)
		}
		return fmt.Sprintf("tryLock(%dms)", c.Wait)
	}
	return c.Kind.String() + "()"
}

// resultText is what a call returned.
func resultText(k clients.CallKind, r clients.Result) string {
	switch {
	case r.Failed():
		return "throws " + r.Text
	case k == clients.CallHoldCount:
		return fmt.Sprint(r.Value)
	case k.Acquires():
		if r.OK {
			return "acquired"
		}
		return "not acquired"
	case k == clients.CallUnlock:
		return "released"
	}
	return fmt.Sprint(r.OK)
}

// msgLabel names a message among its process's messages: its owner (the
// thread, or "watchdog" for a renewal task), the command, a re-send's
// attempt, and ".reply" for a reply: "acquire", "acquire#2.reply",
// "watchdog.renew", "publish".
func (m *machine) msgLabel(q msg) string {
	if q.kind == mPublish {
		return "publish"
	}
	s := q.cmd.Op.String()
	if q.ref.Owner == clients.OwnTask {
		s = "watchdog." + s
		if q.ref.Slot > 0 {
			s = fmt.Sprintf("watchdog%d.%s", q.ref.Slot+1, q.cmd.Op)
		}
	}
	if q.detached() {
		s = "detached." + s
	}
	if q.ref.Attempt > 0 {
		s += fmt.Sprintf("#%d", q.ref.Attempt+1)
	}
	switch q.kind {
	case mReply:
		s += ".reply"
	case mWait:
		s += ".wait"
	}
	return s
}

// msgText is a message with its sender or receiver: "A acquire.reply".
func (m *machine) msgText(q msg) string {
	switch q.kind {
	case mRepl:
		return "replica.entry"
	case mAck:
		return fmt.Sprintf("replica.ack+%d", q.offset)
	}
	who := procName(int(q.proc))
	if (q.ref.Owner == clients.OwnThread || q.ref.Owner == clients.OwnDetached) && q.kind != mPublish {
		who = m.threadName(m.threadOf(int(q.proc), q.cmd.Thread))
	}
	return who + " " + m.msgLabel(q)
}

// timerName is a client timer's name in scenario commands: "wait",
// "timeout", "resend", "retry", "unpark", "watchdog", "watchdog.timeout",
// "subscribe", with its thread (or the process) in front.
func (m *machine) timerName(s *state, p int, k clients.TimerKey) string {
	c := m.client(s.clients[p])
	who := procName(p)
	thread := func(slot int64) string {
		if tid, ok := c.ThreadID(int(slot)); ok {
			return m.threadName(m.threadOf(p, tid))
		}
		return who
	}
	switch k.Kind {
	case clients.TimerExec:
		return thread(k.Slot) + " " + c.ExecPhase(clients.OwnThread, int(k.Slot))
	case clients.TimerTaskExec:
		return who + " " + taskName(k.Slot) + "." + c.ExecPhase(clients.OwnTask, int(k.Slot))
	case clients.TimerWait, clients.TimerUnpark:
		return thread(k.Slot) + " " + k.Kind.String()
	case clients.TimerWatchdog:
		return who + " " + taskName(k.Slot)
	case clients.TimerListener:
		if k.Slot > 0 {
			return fmt.Sprintf("%s listener%d", who, k.Slot+1)
		}
	}
	return who + " " + k.Kind.String()
}

func taskName(slot int64) string {
	if slot == 0 {
		return "watchdog"
	}
	return fmt.Sprintf("watchdog%d", slot+1)
}

// timerText is the story line of a timer firing.
func (m *machine) timerText(s *state, p int, k clients.TimerKey) string {
	name := m.timerName(s, p, k)
	switch k.Kind {
	case clients.TimerExec, clients.TimerTaskExec:
		return name + " (the command executor's timer)"
	case clients.TimerWait:
		return name + ": the wait runs out"
	case clients.TimerUnpark:
		return name + ": the woken thread runs"
	case clients.TimerWatchdog:
		return name + ": the renewal task fires"
	case clients.TimerListener:
		return name + ": the timeout of a listener an interrupted call left runs out"
	}
	return name + " fires"
}

func (m *machine) noteText(st *narration, p int, e clients.Effect) {
	who := m.threadName(m.threadOf(p, e.Thread))
	switch e.Note {
	case clients.NoteUntimedWait:
		st.add("%s gets ttl %d and waits with no timeout (#5503)", who, e.Value)
	case clients.NoteWait:
		if e.OK {
			st.add("%s waits on its latch up to %d ms", who, e.Value)
		}
	case clients.NoteResend:
		st.add("%s: no reply in time; the command goes again (attempt %d)", who, e.Value+1)
	case clients.NoteRenewSent:
		st.add("%s's watchdog renews for %s", procName(p), who)
	case clients.NoteRenewDone:
		switch {
		case e.Text != "":
			st.add("%s's watchdog: the renewal failed (%s)", procName(p), e.Text)
		case e.OK:
			st.add("%s's watchdog: renewed", procName(p))
		default:
			st.add("%s's watchdog: the renewal got 0", procName(p))
		}
	case clients.NoteSubscribeFail:
		st.add("%s: %s", procName(p), e.Text)
	case clients.NoteDetached:
		st.add("%s's interrupted call: %s", who, e.Text)
	}
}

// describe prints s: the keyspace as redis-cli would show it, the
// threads, the clients and the messages in flight.
func (m *machine) describe(s *state) []string {
	var out []string
	store := m.store(s.store)
	keys := store.SortedKeys()
	if len(keys) == 0 {
		out = append(out, "redis: (empty)")
	}
	for _, k := range keys {
		typ, ttl, members := store.PeekKey(k)
		line := fmt.Sprintf("redis: %s %s", typ, k)
		switch typ {
		case "hash":
			for _, f := range members {
				v, _ := store.PeekHashField(k, f)
				line += fmt.Sprintf(" %s=%s", f, v)
			}
		case "zset":
			for _, mb := range members {
				sc, _ := store.PeekZScore(k, mb)
				line += fmt.Sprintf(" %s@now%+d", mb, int64(sc)-base)
			}
		case "list":
			line += fmt.Sprintf(" %v", members)
		case "string":
			line += " " + members[0]
		}
		if ttl >= 0 {
			line += fmt.Sprintf(" (pttl %d)", ttl)
		}
		out = append(out, line)
	}
	for th := 0; th < m.threads; th++ {
		p, tid := m.where(th)
		t := s.threads[th]
		line := fmt.Sprintf("%s: %d of %d calls made", m.threadName(th), t.next, len(m.program))
		switch {
		case s.crashed(p):
			line += ", crashed"
		case t.InCall:
			line += ", in " + callText(m.program[t.next].call) + ": " + m.client(s.clients[p]).ThreadState(tid)
		}
		if t.Held > 0 {
			line += fmt.Sprintf(", believes it holds the lock (%d)", t.Held)
		}
		out = append(out, line)
	}
	for p := 0; p < m.procs; p++ {
		if s.crashed(p) {
			continue
		}
		line := fmt.Sprintf("process %s:", procName(p))
		if s.paused[p] {
			line += " paused,"
		}
		var parts []string
		c := m.client(s.clients[p])
		c.Timers(func(k clients.TimerKey, at sim.Time) {
			parts = append(parts, fmt.Sprintf("%s in %d ms", m.timerName(s, p, k), ceilMs(at)))
		})
		if d := c.Describe(); d != "" {
			parts = append([]string{d}, parts...)
		}
		if len(parts) == 0 {
			parts = []string{"nothing pending"}
		}
		out = append(out, line+" "+strings.Join(parts, "; "))
	}
	for _, q := range s.msgs {
		line := "in flight: " + m.msgText(q)
		if q.delayed {
			line += " (delayed)"
		}
		out = append(out, line)
	}
	return out
}
