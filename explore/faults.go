package explore

import (
	"slices"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// The faults: which the budget (Config.Faults) still allows in a state,
// and what each does. A resume is no fault (it is free), but it ends a
// pause, so it is here too.

// faultActions appends the faults enabled in s, and the resumes of its
// paused processes, in a fixed order.
func (m *machine) faultActions(s *state, dst []action) []action {
	f := m.cfg.Faults
	for p := 0; p < m.procs; p++ {
		if s.crashed(p) || m.procDone(s, p) {
			continue
		}
		if s.used[FaultCrash] < f[FaultCrash] {
			dst = append(dst, action{kind: aCrash, who: uint8(p)})
		}
		if s.used[FaultPause] < f[FaultPause] && !s.paused[p] {
			dst = append(dst, action{kind: aPause, who: uint8(p)})
		}
	}
	for p := 0; p < m.procs; p++ {
		if s.paused[p] && !s.crashed(p) {
			dst = append(dst, action{kind: aResume, who: uint8(p)})
		}
	}
	for i, q := range s.msgs {
		if q.kind > mPublish {
			continue // replication is not lost or delayed: a lag is its own
		}
		if s.used[FaultDrop] < f[FaultDrop] {
			dst = append(dst, action{kind: aDrop, mi: uint8(i)})
		}
		if s.used[FaultDelay] < f[FaultDelay] && !q.delayed {
			dst = append(dst, action{kind: aDelay, mi: uint8(i)})
		}
	}
	if s.used[FaultRestart] < f[FaultRestart] {
		dst = append(dst, action{kind: aRestart})
	}
	if s.used[FaultInterrupt] < f[FaultInterrupt] {
		for th := 0; th < m.threads; th++ {
			// another thread of a running process interrupts it during a call
			if p, _ := m.where(th); s.threads[th].InCall && !s.crashed(p) && !s.paused[p] {
				dst = append(dst, action{kind: aInterrupt, who: uint8(th)})
			}
		}
	}
	return dst
}

// procDone reports whether every thread of process p has made all its
// calls and no command or timer of its client is pending.
func (m *machine) procDone(s *state, p int) bool {
	for th := p * m.perProc; th < (p+1)*m.perProc; th++ {
		if t := s.threads[th]; t.InCall || int(t.next) < len(m.program) {
			return false
		}
	}
	return true
}

// applyFault carries out fault a (or a resume) in n.
func (m *machine) applyFault(n *state, a action, st *narration) {
	switch a.kind {
	case aCrash:
		n.used[FaultCrash]++
		p := int(a.who)
		n.clients[p], n.paused[p] = noClient, false
		for th := p * m.perProc; th < (p+1)*m.perProc; th++ {
			// Its threads are gone, and what they believed; a hold it had
			// must go within its lease (the watchdog's when it had none).
			n.threads[th].Crash(m.clientCfg.Opts.LockWatchdogTimeout, m.cfg.lease())
			n.threads[th].next = uint8(len(m.program))
		}
		st.add("fault: process %s crashes (its requests in flight still reach Redis)", procName(p))
	case aPause:
		n.used[FaultPause]++
		n.paused[a.who] = true
		st.add("fault: process %s pauses (GC)", procName(int(a.who)))
	case aResume:
		n.paused[a.who] = false
		st.add("process %s resumes", procName(int(a.who)))
	case aDrop:
		n.used[FaultDrop]++
		if st != nil {
			st.add("fault: %s is lost", m.msgText(n.msgs[a.mi]))
		}
		n.msgs = slices.Delete(n.msgs, int(a.mi), int(a.mi)+1)
	case aDelay:
		n.used[FaultDelay]++
		n.msgs[a.mi].delayed = true
		if st != nil {
			st.add("fault: %s is delayed", m.msgText(n.msgs[a.mi]))
		}
	case aRestart:
		n.used[FaultRestart]++
		s := sim.NewStore()
		s.SetTime(base)
		n.store = m.intern(s)
		st.add("fault: Redis restarts without persistence: the keyspace is empty")
	case aInterrupt:
		n.used[FaultInterrupt]++
		th := int(a.who)
		p, tid := m.where(th)
		if st != nil {
			st.add("fault: %s is interrupted (Thread.interrupt())", m.threadName(th))
		}
		m.step(n, p, evKey{kind: clients.EvInterrupt, thread: tid}, st)
	}
}
