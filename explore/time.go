package explore

import (
	"math"
	"slices"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// Time: states keep it relative (every state's clock reads base), so
// time passing moves everything held back (advance, rebase, shift).

// stamped says which keys hold timestamps as sorted-set scores: the fair
// lock's timeout set.
func (m *machine) stamped(key string) bool {
	return m.clientCfg.Opts.Fair && key == clients.TimeoutName(lockName)
}

// leaseBound is the longest lease a script sets: the watchdog's, a
// simple lock's, or the configured explicit one.
func (m *machine) leaseBound() int64 {
	l := max(m.cfg.lease(), int64(clients.SimpleLease))
	if m.clientCfg.Simple == "" {
		l = max(m.cfg.lease(), m.clientCfg.Opts.LockWatchdogTimeout)
	}
	return l
}

// horizon is how far in the past a fair lock's queue timestamps are told
// apart: a stale waiter's timeout only ever meets "<= now" (the stale
// loop) or flows, plus threadWaitTime, into the next waiter's timeout, so
// beyond one lease and threadWaitTime per thread the distance no longer
// changes what any script does, and raising older stamps to the horizon
// keeps the state space finite while a holder renews forever.
func (m *machine) horizon() int64 {
	return int64(m.threads+1) * (m.clientCfg.Opts.ThreadWaitTime + m.leaseBound())
}

type shiftKey struct {
	id uint32
	d  int64
}

// rebase is the store id seen d ms later (sim.Store.Rebase).
func (m *machine) rebase(id uint32, d int64) uint32 {
	k := shiftKey{id, d}
	if r, ok := m.rebaseL1[k]; ok {
		return r
	}
	r, ok := m.shared.rebaseMemo.get(k)
	if !ok {
		st := m.store(id)
		floor := float64(base - m.horizon())
		if m.replica {
			r = m.shared.rebaseMemo.put(k, m.intern(st.RebaseKeepingExpired(d, m.stamped, floor)))
		} else {
			r = m.shared.rebaseMemo.put(k, m.intern(st.Rebase(d, m.stamped, floor)))
		}
	}
	m.rebaseL1[k] = r
	return r
}

// shift is process p's client id seen d ms later (clients.Client.Shift).
func (m *machine) shift(p int, id uint32, d int64) uint32 {
	k := shiftKey{id, d}
	if r, ok := m.shiftL1[k]; ok {
		return r
	}
	r, ok := m.shared.shiftMemo.get(k)
	if !ok {
		c := m.client(id).Clone()
		c.Shift(sim.Duration(d) * sim.Millisecond)
		r = m.shared.shiftMemo.put(k, m.internClient(p, c))
	}
	m.shiftL1[k] = r
	return r
}

// advance moves time forward by d: the keyspace, every client's timers
// and clock readings, and every request's time argument move back by d.
func (m *machine) advance(n *state, d int64, st *narration) {
	n.store = m.rebase(n.store, d)
	for p := 0; p < m.procs; p++ {
		if !n.crashed(p) {
			n.clients[p] = m.shift(p, n.clients[p], d)
		}
	}
	for j := range n.msgs {
		switch q := &n.msgs[j]; q.kind {
		case mRequest:
			q.cmd.At -= d
		case mRepl, mWait:
			if q.due != math.MaxInt32 {
				q.due -= int32(d)
			}
		}
	}
	for th := 0; th < m.threads; th++ {
		n.threads[th].Advance(d)
	}
	if st != nil {
		st.add("%d ms pass", d)
	}
}

// ceilMs is a client timer's due time in whole ms from now.
func ceilMs(at sim.Time) int64 {
	return (int64(at) + int64(sim.Millisecond) - 1) / int64(sim.Millisecond)
}

// advances appends the steps that let time pass in s. next is how far it
// may go at most (the first timer, deadline or spin bound); advance says
// nothing holds it (no message in flight that is not delayed or spinning,
// no timer or WAIT timeout due), anyDue that a timer or a WAIT timeout is
// due now.
func (m *machine) advances(s *state, dst []action, next int64, advance, anyDue bool) []action {
	// No execution stays inside one millisecond for ever: when a key's
	// expiry or a queue timeout is exactly now, time may move 1 ms on even
	// with messages in flight (else a lock() loop on a pttl-0 key would spin
	// at one instant).
	if !advance && next > 0 && !anyDue && slices.Contains(m.pointsOf(s.store), 0) {
		dst = append(dst, action{kind: aAdvance, delta: 1})
	}
	if advance && next > 0 {
		var cands []int64
		for _, pt := range m.pointsOf(s.store) {
			for _, c := range [3]int64{pt - 1, pt, pt + 1} {
				if c > 0 && c <= next {
					cands = append(cands, c)
				}
			}
		}
		if next != math.MaxInt64 {
			cands = append(cands, next)
		}
		slices.Sort(cands)
		for _, c := range slices.Compact(cands) {
			dst = append(dst, action{kind: aAdvance, delta: c})
		}
	}
	return dst
}
