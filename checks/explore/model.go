package explore

import (
	"fmt"
	"math"
	"slices"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// model is the transition system of one Config: it runs the exact scripts
// on interned stores and memoizes every script run, so a command on a
// keyspace the search has seen before costs a map lookup.
type model struct {
	cfg Config
	a   *algo
	n   int
	eng *sim.Engine

	stores   []*sim.Store
	storeIDs map[string]uint32
	points   [][]int64 // per store: relative times where it changes on its own or a comparison flips

	replies  []sim.Reply
	replyIDs map[string]uint32

	owners     []string // each thread's owner field, made once
	execMemo   map[execKey]execResult
	rebaseMemo map[rebaseKey]uint32
	keyBuf     []byte
}

type execKey struct {
	store uint32
	op    op
	th    uint8
	subs  uint8 // who is subscribed: what PUBLISH reaches (and returns)
	argAt int64
}

type execResult struct {
	store uint32
	reply uint32
	pubs  uint8 // threads an unlock message went to
	line  string
}

type rebaseKey struct {
	store uint32
	d     int64
}

func newModel(cfg Config) (*model, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	a, err := newAlgo(cfg)
	if err != nil {
		return nil, err
	}
	m := &model{cfg: cfg, a: a, n: cfg.Threads, eng: sim.NewEngine(),
		storeIDs: map[string]uint32{}, replyIDs: map[string]uint32{},
		execMemo: map[execKey]execResult{}, rebaseMemo: map[rebaseKey]uint32{}}
	for i := 0; i < m.n; i++ {
		m.owners = append(m.owners, a.owner(i))
	}
	// A command that loops forever must not hang the search: the budget
	// turns it into an error reply, which the search reports.
	m.eng.SetInstructionBudget(10_000_000)
	return m, nil
}

func (m *model) initial() state {
	s := sim.NewStore()
	s.SetEngine(m.eng)
	s.SetTime(base)
	var st state
	st.store = m.intern(s)
	return st
}

// intern returns the id of store s, adding it when new.
func (m *model) intern(s *sim.Store) uint32 {
	m.keyBuf = s.AppendCanonical(m.keyBuf[:0])
	if id, ok := m.storeIDs[string(m.keyBuf)]; ok {
		return id
	}
	id := uint32(len(m.stores))
	m.storeIDs[string(m.keyBuf)] = id
	m.stores = append(m.stores, s)
	// A fair waiter's timeout is a boundary twice: when it is reached the
	// waiter is stale, and threadWaitTime before it the ttl its acquire
	// returns (timeout - threadWaitTime - now in 3.16.8) reaches 0.
	var pts []int64
	expiries, stamps := s.TimePoints(m.a.stamped)
	for _, p := range expiries {
		pts = append(pts, p-base)
	}
	for _, p := range stamps {
		pts = append(pts, p-base, p-base-m.a.opts.ThreadWaitTime)
	}
	slices.Sort(pts)
	m.points = append(m.points, slices.Compact(pts))
	return id
}

func (m *model) internReply(r sim.Reply) uint32 {
	k := r.String()
	if id, ok := m.replyIDs[k]; ok {
		return id
	}
	id := uint32(len(m.replies))
	m.replyIDs[k] = id
	m.replies = append(m.replies, r)
	return id
}

// exec runs request q at Redis on store id with subscribers subs.
func (m *model) exec(id uint32, q msg, subs uint8) execResult {
	k := execKey{store: id, op: q.op, th: q.th, subs: subs, argAt: q.argAt}
	if r, ok := m.execMemo[k]; ok {
		return r
	}
	s := m.stores[id].Clone()
	s.SetTime(base)
	var pubs uint8
	s.Publish = func(channel, message string) int64 {
		n := int64(0)
		for i := 0; i < m.n; i++ {
			if subs&(1<<i) != 0 && m.a.channelOf(i) == channel {
				n++
				if message == "0" { // LockPubSub.UNLOCK_MESSAGE
					pubs |= 1 << i
				}
			}
		}
		return n
	}
	reply, line := m.a.exec(s, q.op, int(q.th), base+q.argAt)
	s.Publish = nil
	r := execResult{store: m.intern(s), reply: m.internReply(reply), pubs: pubs, line: line}
	m.execMemo[k] = r
	return r
}

// horizon is how far in the past a fair lock's queue timestamps are told
// apart: a stale waiter's timeout only ever meets "<= now" (the stale
// loop) or flows, plus threadWaitTime, into the next waiter's timeout, so
// beyond one lease and threadWaitTime per thread the distance no longer
// changes what any script does, and raising older stamps to the horizon
// keeps the state space finite while a holder renews forever.
func (m *model) horizon() int64 { return int64(m.n+1) * (m.a.opts.ThreadWaitTime + m.a.lease()) }

// rebase is the store id seen d ms later (sim.Store.Rebase).
func (m *model) rebase(id uint32, d int64) uint32 {
	k := rebaseKey{id, d}
	if r, ok := m.rebaseMemo[k]; ok {
		return r
	}
	r := m.intern(m.stores[id].Rebase(d, m.a.stamped, float64(base-m.horizon())))
	m.rebaseMemo[k] = r
	return r
}

// actKind is a kind of step.
type actKind uint8

const (
	aStart   actKind = iota // an idle thread calls lock()
	aRelease                // a holder calls unlock()
	aDeliver                // a message arrives
	aFire                   // a due timer fires
	aAdvance                // time passes
	aCrash
	aPause
	aResume
	aDrop
	aDelay
	aRestart
)

// timer names a thread's timers.
type timer uint8

const (
	tWait     timer = iota // the wait in lock() (ttl, or a simple lock's poll)
	tWatchdog              // the watchdog's next renewal
	tCall                  // the thread's command: response timeout or re-send
	tRenew                 // the renewal command: response timeout or re-send
)

// action is one step; mi indexes the parent state's messages.
type action struct {
	kind  actKind
	th    uint8
	timer timer
	mi    uint8
	delta int64
}

// subs is the set of subscribed threads.
func (s *state) subs(n int) uint8 {
	var b uint8
	for i := 0; i < n; i++ {
		if s.th[i].sub {
			b |= 1 << i
		}
	}
	return b
}

// dueIn returns timer k of t, when it is set.
func (t *thread) dueIn(k timer) (int64, bool) {
	switch k {
	case tWait:
		return t.wait, t.pc == pcWait && t.timed
	case tWatchdog:
		return t.wdAt, t.wdArmed
	case tCall:
		return t.main.due, t.main.op != opNone
	case tRenew:
		return t.renew.due, t.renew.op != opNone
	}
	return 0, false
}

func (t *thread) alive() bool { return t.pc != pcCrashed }

// actions appends every step enabled in s, in a fixed order.
func (m *model) actions(s *state, dst []action) []action {
	advance, anyDue := true, false
	next := int64(math.MaxInt64)
	for i := 0; i < m.n; i++ {
		t := &s.th[i]
		if !t.alive() {
			continue
		}
		if !t.paused {
			if t.pc == pcIdle && int(t.calls) < m.cfg.Acquires {
				dst = append(dst, action{kind: aStart, th: uint8(i)})
			}
			if t.pc == pcHeld {
				dst = append(dst, action{kind: aRelease, th: uint8(i)})
			}
			for k := tWait; k <= tRenew; k++ {
				if d, ok := t.dueIn(k); ok {
					if d <= 0 {
						dst = append(dst, action{kind: aFire, th: uint8(i), timer: k})
						advance, anyDue = false, true
					}
					next = min(next, d)
				}
			}
		}
		// A paused process's command may grow old, but no older than a
		// delayed message may (MaxDelay).
		for _, c := range [2]*call{&t.main, &t.renew} {
			if c.op != opNone {
				next = min(next, MaxDelay+c.argAt)
			}
		}
	}
	for i, q := range s.msgs {
		if q.kind == mRequest || !s.th[q.th].paused {
			dst = append(dst, action{kind: aDeliver, th: q.th, mi: uint8(i)})
			if !q.delayed {
				advance = false
			}
		}
		if q.kind == mRequest && q.delayed {
			next = min(next, MaxDelay+q.argAt)
		}
	}
	// No execution stays inside one millisecond for ever: when a key's
	// expiry or a queue timeout is exactly now, time may move 1 ms on even
	// with messages in flight (else a lock() loop on a pttl-0 key would spin
	// at one instant).
	if !advance && next > 0 && !anyDue && slices.Contains(m.points[s.store], 0) {
		dst = append(dst, action{kind: aAdvance, delta: 1})
	}
	if advance && next > 0 {
		var cands []int64
		for _, p := range m.points[s.store] {
			for _, c := range [3]int64{p - 1, p, p + 1} {
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
	f := m.cfg.Faults
	if s.used[FaultCrash] < f[FaultCrash] || s.used[FaultPause] < f[FaultPause] {
		for i := 0; i < m.n; i++ {
			t := &s.th[i]
			if t.pc == pcDone || !t.alive() {
				continue
			}
			if s.used[FaultCrash] < f[FaultCrash] {
				dst = append(dst, action{kind: aCrash, th: uint8(i)})
			}
			if s.used[FaultPause] < f[FaultPause] && !t.paused {
				dst = append(dst, action{kind: aPause, th: uint8(i)})
			}
		}
	}
	for i := 0; i < m.n; i++ {
		if s.th[i].paused && s.th[i].alive() {
			dst = append(dst, action{kind: aResume, th: uint8(i)})
		}
	}
	for i, q := range s.msgs {
		if s.used[FaultDrop] < f[FaultDrop] {
			dst = append(dst, action{kind: aDrop, th: q.th, mi: uint8(i)})
		}
		if s.used[FaultDelay] < f[FaultDelay] && !q.delayed {
			dst = append(dst, action{kind: aDelay, th: q.th, mi: uint8(i)})
		}
	}
	if s.used[FaultRestart] < f[FaultRestart] {
		dst = append(dst, action{kind: aRestart})
	}
	return dst
}

// story collects what a step did, one line per event; a nil story
// collects nothing (the search does not pay for text).
type story struct{ lines []string }

func (st *story) add(format string, args ...any) {
	if st != nil {
		st.lines = append(st.lines, fmt.Sprintf(format, args...))
	}
}

func (m *model) who(i uint8) string { return m.owners[i] }

// apply returns the state after step a, normalized.
func (m *model) apply(s *state, a action, st *story) state {
	n := s.clone()
	t := &n.th[a.th]
	switch a.kind {
	case aStart:
		t.calls++
		t.pc = pcAcquire
		st.add("%s calls lock() (%d of %d)", m.who(a.th), t.calls, m.cfg.Acquires)
		m.send(&n, a.th, false, m.a.acquireOp(), 0, 0, st)
	case aRelease:
		t.pc = pcUnlock
		st.add("%s calls unlock()", m.who(a.th))
		m.send(&n, a.th, false, m.a.releaseOp(), 0, 0, st)
	case aDeliver:
		q := n.msgs[a.mi]
		n.msgs = slices.Delete(n.msgs, int(a.mi), int(a.mi)+1)
		m.deliver(&n, q, st)
	case aFire:
		m.fire(&n, a.th, a.timer, st)
	case aAdvance:
		m.advance(&n, a.delta, st)
	case aCrash:
		n.used[FaultCrash]++
		*t = thread{pc: pcCrashed, calls: t.calls}
		st.add("fault: %s's process crashes (its requests in flight still reach Redis)", threadName(int(a.th)))
	case aPause:
		n.used[FaultPause]++
		t.paused = true
		st.add("fault: %s's process pauses (GC)", threadName(int(a.th)))
	case aResume:
		t.paused = false
		st.add("%s's process resumes", threadName(int(a.th)))
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
		s.SetEngine(m.eng)
		s.SetTime(base)
		n.store = m.intern(s)
		st.add("fault: Redis restarts without persistence: the keyspace is empty")
	}
	m.normalize(&n)
	return n
}

// send starts a command of thread i (or of its watchdog) whose arguments
// were made at argAt, as attempt attempt.
func (m *model) send(n *state, i uint8, wd bool, o op, argAt int64, attempt uint8, st *story) {
	t := &n.th[i]
	c := &t.main
	if wd {
		c = &t.renew
	}
	gen := c.gen
	if wd && attempt == 0 {
		gen = t.wdGen
	}
	*c = call{op: o, attempt: attempt, gen: gen, argAt: argAt, due: m.a.opts.Timeout}
	n.msgs = append(n.msgs, msg{kind: mRequest, th: i, wd: wd, op: o, attempt: attempt, gen: gen, argAt: argAt})
}

// msgText names a message for the story and for scenario steps.
func (m *model) msgText(q msg) string {
	return threadName(int(q.th)) + " " + m.msgLabel(q)
}

// msgLabel is a message's name among its thread's messages: the op, the
// watchdog's marked "watchdog.", a re-send's attempt, and ".reply" for a
// reply: "acquire", "acquire#2.reply", "watchdog.renew", "publish".
func (m *model) msgLabel(q msg) string {
	if q.kind == mPublish {
		return "publish"
	}
	s := q.op.String()
	if q.wd {
		s = "watchdog." + s
	}
	if q.attempt > 0 {
		s += fmt.Sprintf("#%d", q.attempt+1)
	}
	if q.kind == mReply {
		s += ".reply"
	}
	return s
}

func (m *model) deliver(n *state, q msg, st *story) {
	switch q.kind {
	case mRequest:
		r := m.exec(n.store, q, n.subs(m.n))
		n.store = r.store
		if st != nil {
			st.add("Redis runs %s's %s: %s → %s", m.who(q.th), m.msgLabel(q), r.line, m.replies[r.reply].Text())
		}
		for i := 0; i < m.n; i++ {
			if r.pubs&(1<<i) != 0 {
				n.msgs = append(n.msgs, msg{kind: mPublish, th: uint8(i)})
			}
		}
		if n.th[q.th].alive() {
			rq := q
			rq.kind, rq.delayed, rq.argAt, rq.reply = mReply, false, 0, r.reply
			n.msgs = append(n.msgs, rq)
		}
	case mReply:
		t := &n.th[q.th]
		if q.wd {
			t.renew = call{}
			m.onRenew(n, q.th, q.gen, m.replies[q.reply], false, st)
			return
		}
		t.main = call{}
		m.onReply(n, q.th, q.op, m.replies[q.reply], false, st)
	case mPublish:
		t := &n.th[q.th]
		if t.pc == pcWait {
			st.add("%s gets an unlock message and wakes", m.who(q.th))
			m.retryAcquire(n, q.th, st)
			return
		}
		t.permits++
		st.add("%s gets an unlock message (a permit for its next wait)", m.who(q.th))
	}
}

// onReply is what thread i does with the outcome of its command o: a
// reply, or (timedOut) RedisTimeoutException.
func (m *model) onReply(n *state, i uint8, o op, r sim.Reply, timedOut bool, st *story) {
	t := &n.th[i]
	failed := timedOut || r.Kind == sim.KindError
	outcome := "" // for the story only: the search does not pay for text
	if st != nil {
		outcome = r.Text()
		if timedOut {
			outcome = "RedisTimeoutException"
		}
	}
	switch o {
	case opAcquire: // RedissonLock.lock: tryAcquire, subscribe, loop
		switch {
		case failed:
			m.unsubscribe(t)
			st.add("%s: lock() throws (%s)", m.who(i), outcome)
			m.endCall(n, i)
		case r.Kind == sim.KindNil:
			m.unsubscribe(t)
			t.pc = pcHeld
			st.add("%s: lock() returns: holds the lock", m.who(i))
			m.scheduleRenewal(t)
		default:
			ttl := r.Int
			switch {
			case !t.sub:
				t.sub = true // subscribe, then try again before waiting
				st.add("%s gets ttl %d, subscribes and tries again", m.who(i), ttl)
				m.retryAcquire(n, i, st)
			case t.permits > 0:
				t.permits-- // Semaphore.tryAcquire: a permit is there already
				st.add("%s gets ttl %d and takes a waiting permit", m.who(i), ttl)
				m.retryAcquire(n, i, st)
			case ttl == 0:
				st.add("%s gets ttl 0 and tries again at once", m.who(i))
				m.retryAcquire(n, i, st)
			default:
				t.pc = pcWait
				t.timed = ttl > 0
				t.wait = max(ttl, 0)
				if t.timed {
					st.add("%s gets ttl %d and waits up to %d ms", m.who(i), ttl, ttl)
				} else {
					st.add("%s gets ttl %d and waits with no timeout (#5503)", m.who(i), ttl)
				}
			}
		}
	case opSetNX, opSetPX, opExpire: // clients.SimpleLock.tryOnce / Acquire
		switch {
		case failed:
			st.add("%s: lock() fails (%s)", m.who(i), outcome)
			m.endCall(n, i)
		case o == opSetNX && r.Kind == sim.KindInt && r.Int == 1:
			st.add("%s: SETNX → 1, sends EXPIRE", m.who(i))
			m.send(n, i, false, opExpire, 0, 0, st)
		case o == opExpire || (o == opSetPX && r.Kind == sim.KindStatus):
			t.pc = pcHeld
			st.add("%s: lock() returns: holds the lock", m.who(i))
		default:
			t.pc, t.timed, t.wait = pcWait, true, clients.SimplePoll.Ms()
			st.add("%s: busy, polls again in %d ms", m.who(i), clients.SimplePoll.Ms())
		}
	case opUnlock: // RedissonLock.unlockAsync
		switch {
		case m.a.opts.Mutations.UnlockKeepsRenewal:
		case m.a.v3168 || failed || (r.Kind == sim.KindInt && r.Int == 1):
			m.cancelRenewal(t)
		}
		switch {
		case failed:
			st.add("%s: unlock() throws (%s)", m.who(i), outcome)
		case r.Kind == sim.KindNil:
			st.add("%s: unlock() throws IllegalMonitorStateException", m.who(i))
		default:
			st.add("%s: unlock() returns (%s)", m.who(i), outcome)
		}
		m.endCall(n, i)
	case opGet: // set-uuid-getdel: DEL only when GET shows our value
		if !failed && r.Kind == sim.KindBulk && r.Str == m.a.value(int(i)) {
			st.add("%s: GET shows its value, sends DEL", m.who(i))
			m.send(n, i, false, opDel, 0, 0, st)
			return
		}
		st.add("%s: unlock() returns (%s: not ours, nothing deleted)", m.who(i), outcome)
		m.endCall(n, i)
	case opDel, opCAD:
		st.add("%s: unlock() returns (%s)", m.who(i), outcome)
		m.endCall(n, i)
	}
}

// retryAcquire sends the next acquire attempt of thread i's lock() loop.
func (m *model) retryAcquire(n *state, i uint8, st *story) {
	t := &n.th[i]
	t.pc, t.timed, t.wait = pcAcquire, false, 0
	m.send(n, i, false, m.a.acquireOp(), 0, 0, st)
}

func (m *model) unsubscribe(t *thread) { t.sub, t.permits = false, 0 }

// endCall ends thread i's current call.
func (m *model) endCall(n *state, i uint8) {
	t := &n.th[i]
	t.pc, t.timed, t.wait = pcIdle, false, 0
	if int(t.calls) >= m.cfg.Acquires {
		t.pc = pcDone
	}
}

// scheduleRenewal starts the watchdog of a lock() that got the lock
// (RedissonLock.scheduleExpirationRenewal): nothing when the process
// already has an entry for the lock. In 3.8.1 a renewal task whose entry
// was removed from the map keeps running (an orphan, see onRenew); a new
// entry made while one is armed shares that timer here, which merges two
// renewal streams of the same owner into one.
func (m *model) scheduleRenewal(t *thread) {
	if !m.a.redisson || m.a.opts.Mutations.NoWatchdog || t.wdEntry {
		return
	}
	t.wdEntry, t.wdGen = true, t.wdGen+1
	if !t.wdArmed {
		t.wdArmed, t.wdAt = true, m.a.renewEvery()
	}
}

// cancelRenewal is cancelExpirationRenewal: the map's entry goes and its
// timer is cancelled; a 3.8.1 orphan task (no entry) is out of its reach,
// and a renewal in flight still completes.
func (m *model) cancelRenewal(t *thread) {
	if t.wdEntry {
		t.wdEntry, t.wdArmed, t.wdAt = false, false, 0
	}
}

// onRenew handles a renewal's outcome: 3.8.1 renew381 removes the entry
// and re-schedules on 1; 3.16.8 renewExpiration re-arms the current entry
// on 1, cancels on 0, and on an error drops the entry it renewed.
func (m *model) onRenew(n *state, i, gen uint8, r sim.Reply, timedOut bool, st *story) {
	t := &n.th[i]
	ok := !timedOut && r.Kind == sim.KindInt && r.Int == 1
	failed := timedOut || r.Kind == sim.KindError
	if !m.a.v3168 {
		// 3.8.1: expirationRenewalMap.remove(getEntryName()) removes
		// whichever entry is there now, without cancelling its task.
		t.wdEntry = false
		if ok {
			m.scheduleRenewal(t)
		}
	} else {
		switch {
		case failed:
			if t.wdEntry && t.wdGen == gen {
				m.cancelRenewal(t)
			}
		case ok:
			if t.wdEntry {
				t.wdArmed, t.wdAt = true, m.a.renewEvery()
			}
		default:
			m.cancelRenewal(t)
		}
	}
	switch {
	case timedOut:
		st.add("%s's watchdog: renewal times out, renewal stops", m.who(i))
	case ok:
		st.add("%s's watchdog: renewed", m.who(i))
	default:
		st.add("%s's watchdog: renewal got %s, renewal stops", m.who(i), r.Text())
	}
}

// fire runs thread i's due timer k.
func (m *model) fire(n *state, i uint8, k timer, st *story) {
	t := &n.th[i]
	switch k {
	case tWait:
		st.add("%s's wait runs out", m.who(i))
		m.retryAcquire(n, i, st)
	case tWatchdog:
		t.wdArmed, t.wdAt = false, 0
		if m.a.v3168 && !t.wdEntry {
			// 3.16.8 renewExpiration's task: no entry in the map, nothing to do.
			st.add("%s's watchdog finds no renewal entry", m.who(i))
			return
		}
		st.add("%s's watchdog sends a renewal", m.who(i))
		m.send(n, i, true, opRenew, 0, 0, st)
	case tCall, tRenew:
		c := &t.main
		if k == tRenew {
			c = &t.renew
		}
		if c.retry {
			st.add("%s re-sends %s (attempt %d)", m.who(i), c.op, c.attempt+2)
			m.send(n, i, k == tRenew, c.op, c.argAt, c.attempt+1, st)
			return
		}
		// RedisExecutor.scheduleResponseTimeout: 3.16.8 re-sends (isResendAllowed).
		if o := &m.a.opts; o.ResendOnTimeout && int(c.attempt) < o.RetryAttempts {
			c.retry, c.due = true, o.RetryInterval
			st.add("%s: no reply to %s within %d ms, re-sending in %d ms", m.who(i), c.op, o.Timeout, o.RetryInterval)
			return
		}
		o, gen := c.op, c.gen
		*c = call{}
		if k == tRenew {
			m.onRenew(n, i, gen, sim.Reply{}, true, st)
			return
		}
		m.onReply(n, i, o, sim.Reply{}, true, st)
	}
}

// advance moves time forward by d: the keyspace and every relative time
// move back by d; the timers of a paused process fall due and wait.
func (m *model) advance(n *state, d int64, st *story) {
	n.store = m.rebase(n.store, d)
	clamp := func(v *int64) { *v = max(*v-d, 0) }
	for i := 0; i < m.n; i++ {
		t := &n.th[i]
		clamp(&t.wait)
		clamp(&t.wdAt)
		for _, c := range []*call{&t.main, &t.renew} {
			if c.op != opNone {
				clamp(&c.due)
				c.argAt -= d
			}
		}
	}
	for j := range n.msgs {
		if n.msgs[j].kind == mRequest {
			n.msgs[j].argAt -= d
		}
	}
	st.add("%d ms pass", d)
}

// normalize drops what can no longer matter, so that states that behave
// alike are equal: replies nobody awaits (timed out, or to a crashed
// process), unlock messages to a thread no longer subscribed; and sorts the
// messages in flight.
func (m *model) normalize(n *state) {
	n.msgs = slices.DeleteFunc(n.msgs, func(q msg) bool {
		t := &n.th[q.th]
		switch q.kind {
		case mReply:
			c := &t.main
			if q.wd {
				c = &t.renew
			}
			return !t.alive() || c.op != q.op || c.attempt != q.attempt || c.retry
		case mPublish:
			return !t.alive() || !t.sub
		}
		return false
	})
	for i := 0; i < m.n; i++ {
		t := &n.th[i]
		// Only whether a renewal's entry is the current one matters
		// (3.16.8's error path): renumber generations 1 (current) and 0.
		g := t.wdGen
		same := func(x uint8) uint8 {
			if x == g && t.wdEntry {
				return 1
			}
			return 0
		}
		t.wdGen = same(g)
		t.renew.gen = same(t.renew.gen)
		for j := range n.msgs {
			if q := &n.msgs[j]; q.wd && int(q.th) == i {
				q.gen = same(q.gen)
			}
		}
		if t.pc != pcWait {
			t.timed, t.wait = false, 0
		}
		if !t.wdArmed {
			t.wdAt = 0
		}
	}
	slices.SortFunc(n.msgs, cmpMsg)
}

// violation names the safety property s breaks, if any.
func (m *model) violation(s *state) (kind, detail string) {
	var holders []string
	for i := 0; i < m.n; i++ {
		if s.th[i].pc == pcHeld {
			holders = append(holders, m.who(uint8(i)))
		}
	}
	if len(holders) > 1 {
		return "mutex", fmt.Sprintf("%v all believe they hold the lock", holders)
	}
	for _, q := range s.msgs {
		if q.kind == mReply && m.replies[q.reply].Kind == sim.KindError {
			return "error", fmt.Sprintf("Redis answered %s's %s with an error: %s", m.who(q.th), q.op, m.replies[q.reply].Str)
		}
	}
	return "", ""
}

// finished reports whether every thread has made all its calls (or crashed).
func (m *model) finished(s *state) bool {
	for i := 0; i < m.n; i++ {
		if p := s.th[i].pc; p != pcDone && p != pcCrashed {
			return false
		}
	}
	return true
}

// describe prints s: the keyspace as redis-cli would show it, the threads
// and the messages in flight.
func (m *model) describe(s *state) []string {
	var out []string
	store := m.stores[s.store]
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
	for i := 0; i < m.n; i++ {
		t := &s.th[i]
		line := fmt.Sprintf("%s: %s, %d of %d calls", m.who(uint8(i)), pcNames[t.pc], t.calls, m.cfg.Acquires)
		if t.paused {
			line += ", paused"
		}
		if t.pc == pcWait {
			if t.timed {
				line += fmt.Sprintf(", wakes in %d ms", t.wait)
			} else {
				line += ", waits with no timeout"
			}
		}
		if t.wdArmed {
			line += fmt.Sprintf(", watchdog in %d ms", t.wdAt)
		}
		out = append(out, line)
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
