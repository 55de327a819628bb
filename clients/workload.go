package clients

import (
	"strconv"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Attempt is one acquisition call with its arguments (-1: not given).
type Attempt struct {
	Kind  model.CallKind
	Wait  int64
	Lease int64
	Unit  Unit
}

// locker is a thread's lock, whatever the algorithm.
type locker interface {
	acquire(a Attempt, done func(ok bool, err error))
	release(done func(error))
	owner() string
	// lease is the lease (ms) an acquisition with a holds the lock for,
	// -1 for Redisson's watchdog.
	lease(a Attempt) int64
	// holdCount is the count the master's lock hash keeps for this owner
	// (read without touching the store), or -1 for a lock without counts.
	holdCount() int64
	// lastTry is when the latest acquire attempt was sent: the lease of a
	// successful acquisition started at or after it.
	lastTry() sim.Time
	// setTag labels the requests of the call about to be made.
	setTag(tag string)
	// scriptLease is the lease (ms) the script of an acquisition with a
	// gives the lock, or, for unlock, the one an unlock re-arms.
	scriptLease(a Attempt, unlock bool) int64
}

// redissonLocker takes a fresh lock object for every acquisition — the
// common `redisson.getLock(name).lock()` pattern — and releases through
// the same object. (Reusing one object across calls carries a lock(lease)'s
// lease into later watchdog calls via internalLockLeaseTime, faithful but
// an unusual way to use the API.)
type redissonLocker struct {
	c    *Redisson
	name string
	tid  int64
	cur  *RLock
	tag  string
}

// owner is the thread's identity, UUID:threadId: what getLockName stores
// (a mutant that stores something else is judged by who really held it).
func (r *redissonLocker) owner() string { return r.c.UUID + ":" + strconv.FormatInt(r.tid, 10) }
func (r *redissonLocker) acquire(a Attempt, done func(bool, error)) {
	r.cur = r.c.GetLock(r.name, r.tid)
	r.cur.Tag = r.tag
	switch a.Kind {
	case model.CallLock:
		r.cur.Lock(a.Lease, a.Unit, func(err error) { done(err == nil, err) })
	case model.CallTryLock:
		r.cur.TryLockNoWait(a.Lease, a.Unit, done)
	default:
		r.cur.TryLock(a.Wait, a.Lease, a.Unit, done)
	}
}
func (r *redissonLocker) release(done func(error)) {
	r.cur.Tag = r.tag
	r.cur.Unlock(done)
}
func (r *redissonLocker) setTag(tag string) { r.tag = tag }
func (r *redissonLocker) scriptLease(a Attempt, unlock bool) int64 {
	switch {
	case unlock:
		return r.cur.internalLockLeaseTime
	case a.Lease == -1:
		return r.c.opts.LockWatchdogTimeout
	}
	return leaseMs(a)
}
func (r *redissonLocker) lease(a Attempt) int64 { return leaseMs(a) }
func (r *redissonLocker) lastTry() sim.Time     { return r.cur.lastTry }
func (r *redissonLocker) holdCount() int64 {
	m := r.c.p.World().Master()
	if m == nil {
		return 0
	}
	v, ok := m.Store.PeekHashField(r.name, r.owner())
	if !ok {
		return 0
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	return n
}

type simpleLocker struct{ l *SimpleLock }

// owner names the holder (UUID:threadId), not the stored value: set-px and
// setnx-expire store the same "1" for everyone.
func (s simpleLocker) owner() string { return s.l.owner }

// lease: a simple lock always has one; without an explicit one it is
// seed 003's 30 s.
func (s simpleLocker) lease(a Attempt) int64 {
	if a.Lease == -1 {
		return SimpleLease
	}
	return a.Unit.toMillis(a.Lease)
}

func (s simpleLocker) acquire(a Attempt, done func(bool, error)) {
	lease := s.lease(a)
	switch a.Kind {
	case model.CallLock:
		s.l.Acquire(-1, lease, done)
	case model.CallTryLock:
		s.l.Acquire(0, lease, done)
	default:
		s.l.Acquire(a.Unit.toMillis(a.Wait), lease, done)
	}
}
func (s simpleLocker) release(done func(error)) { s.l.Release(done) }
func (s simpleLocker) setTag(tag string)        { s.l.Tag = tag }

// scriptLease: setnx-expire's EXPIRE takes whole seconds, rounded up.
func (s simpleLocker) scriptLease(a Attempt, unlock bool) int64 {
	if unlock {
		return 0
	}
	if s.l.c.Kind == SetNXExpire {
		return (s.lease(a) + 999) / 1000 * 1000
	}
	return s.lease(a)
}
func (s simpleLocker) holdCount() int64  { return -1 }
func (s simpleLocker) lastTry() sim.Time { return s.l.lastTry }

// Workload is what every thread of every process does: loop acquire (a
// mix of lock and tryLock with leases and waits), a critical section,
// release, think.
type Workload struct {
	Procs   int
	Threads int
	Lock    string

	ThinkMean sim.Duration // mean think time between attempts
	CSMean    sim.Duration // mean critical section
	CSLong    float64      // probability of a long critical section
	CSLongMax sim.Duration // long ones are uniform in [CSMean, CSLongMax]

	// Weights of the calls: lock(), lock(lease), tryLock(), tryLock(wait, lease).
	WLock, WLockLease, WTryLock, WTryLockWait int
	LeaseMin, LeaseMax                        int64 // explicit leases, ms
	WaitMin, WaitMax                          int64 // tryLock waits, ms
	SecondsUnit                               float64

	// StopAt: threads start no new acquisition after this virtual time.
	StopAt sim.Time
}

// thread is one workload thread of one process incarnation.
type thread struct {
	wl    *Workload
	h     *model.History
	p     *sim.Proc
	tid   int64
	lk    locker
	rand  *sim.Rand
	sect  int // index of the open section in h.Sections, or -1
	op    int // index of the open op, or -1
	inc   int
	sleep func(sim.Duration, func())
}

func (t *thread) alive() bool { return t.p.Alive() && t.p.Incarnation() == t.inc }

func (t *thread) draw() Attempt {
	w := t.wl
	r := t.rand
	total := w.WLock + w.WLockLease + w.WTryLock + w.WTryLockWait
	x := r.Intn(total)
	unit := Milliseconds
	lease := int64(-1)
	a := Attempt{Wait: -1, Lease: -1, Unit: Milliseconds}
	switch {
	case x < w.WLock:
		a.Kind = model.CallLock
	case x < w.WLock+w.WLockLease:
		a.Kind = model.CallLock
		lease = w.LeaseMin + r.Int63n(w.LeaseMax-w.LeaseMin+1)
	case x < w.WLock+w.WLockLease+w.WTryLock:
		a.Kind = model.CallTryLock
		if r.Chance(0.5) {
			lease = w.LeaseMin + r.Int63n(w.LeaseMax-w.LeaseMin+1)
		}
	default:
		a.Kind = model.CallTryLockWait
		a.Wait = w.WaitMin + r.Int63n(w.WaitMax-w.WaitMin+1)
		if r.Chance(0.6) {
			lease = w.LeaseMin + r.Int63n(w.LeaseMax-w.LeaseMin+1)
		}
		if r.Chance(w.SecondsUnit) {
			unit = Seconds
			a.Wait = (a.Wait + 999) / 1000
			if lease > 0 {
				lease = (lease + 999) / 1000
			}
		}
	}
	a.Lease, a.Unit = lease, unit
	return a
}

func (t *thread) loop() {
	if !t.alive() {
		return
	}
	think := t.rand.Exp(t.wl.ThinkMean)
	t.sleep(think, func() {
		if !t.alive() || t.p.VirtualNow() >= t.wl.StopAt {
			return
		}
		a := t.draw()
		t.op = len(t.h.Ops)
		t.h.Ops = append(t.h.Ops, model.Op{Proc: t.p.Name, Thread: t.tid, Owner: t.lk.owner(), Lock: t.wl.Lock, Call: a.Kind, Wait: a.Unit.toMillis(a.Wait), Lease: leaseMs(a), Start: t.p.VirtualNow(), End: -1, ExecAt: -1, GaveUpAt: -1, ScriptLease: t.lk.scriptLease(a, false)})
		t.lk.setTag(opTag(t.op))
		t.p.Trace("call").Int("thread", t.tid).Str("call", string(a.Kind)).Int("wait", a.Wait).Int("lease", a.Lease).Int("unit_ms", int64(a.Unit)).End()
		t.lk.acquire(a, func(ok bool, err error) {
			if !t.alive() {
				return
			}
			t.h.Ops[t.op].LastTry = t.lk.lastTry()
			t.finishOp(ok, err, "acquired", "not-acquired")
			if !ok {
				t.loop()
				return
			}
			t.sect = len(t.h.Sections)
			t.h.Sections = append(t.h.Sections, model.Section{Proc: t.p.Name, Thread: t.tid, Owner: t.lk.owner(), Lock: t.wl.Lock, Lease: t.lk.lease(a), Called: t.h.Ops[t.op].Start, Granted: t.lk.lastTry(), Start: t.p.VirtualNow(), End: -1, StoreHolds: t.lk.holdCount()})
			t.write()
			t.sleep(t.csDuration(), func() { t.unlock() })
		})
	})
}

// outcome is how a call's result is recorded: "error" with its text, or
// yes or no.
func outcome(ok bool, err error, yes, no string) (string, string) {
	switch {
	case err != nil:
		return "error", err.Error()
	case ok:
		return yes, ""
	}
	return no, ""
}

// opTag and renewalTag label requests with the history entry they serve.
func opTag(i int) string      { return "op/" + strconv.Itoa(i) }
func renewalTag(i int) string { return "renew/" + strconv.Itoa(i) }

func leaseMs(a Attempt) int64 {
	if a.Lease == -1 {
		return -1
	}
	return a.Unit.toMillis(a.Lease)
}

// write is the critical section's write to the protected resource.
func (t *thread) write() {
	t.h.Writes = append(t.h.Writes, model.Write{Proc: t.p.Name, Thread: t.tid, Owner: t.lk.owner(), Lock: t.wl.Lock, At: t.p.VirtualNow(), Token: -1})
	t.p.Trace("write").Int("thread", t.tid).Str("resource", t.wl.Lock).End()
}

func (t *thread) csDuration() sim.Duration {
	w := t.wl
	if t.rand.Chance(w.CSLong) {
		return t.rand.Range(w.CSMean, w.CSLongMax)
	}
	return t.rand.Exp(w.CSMean)
}

func (t *thread) finishOp(ok bool, err error, yes, no string) {
	op := &t.h.Ops[t.op]
	op.End = t.p.VirtualNow()
	op.Outcome, op.Err = outcome(ok, err, yes, no)
	t.p.Trace("return").Int("thread", t.tid).Str("call", string(op.Call)).Str("outcome", op.Outcome).Str("error", op.Err).End()
}

func (t *thread) unlock() {
	if !t.alive() {
		return
	}
	t.write()
	s := &t.h.Sections[t.sect]
	s.End, s.Ended = t.p.VirtualNow(), "unlock"
	t.sect = -1
	t.op = len(t.h.Ops)
	t.h.Ops = append(t.h.Ops, model.Op{Proc: t.p.Name, Thread: t.tid, Owner: t.lk.owner(), Lock: t.wl.Lock, Call: model.CallUnlock, Wait: -1, Lease: -1, Start: t.p.VirtualNow(), End: -1, ExecAt: -1, GaveUpAt: -1, ScriptLease: t.lk.scriptLease(Attempt{}, true)})
	t.lk.setTag(opTag(t.op))
	t.p.Trace("call").Int("thread", t.tid).Str("call", "unlock").End()
	t.lk.release(func(err error) {
		if !t.alive() {
			return
		}
		t.finishOp(err == nil, err, "released", "error")
		t.loop()
	})
}

// crashed closes what the dead incarnation had open: its critical sections
// end at the crash; its calls stay open (porcupine's unknown outcome).
func (t *thread) crashed(at sim.Time) {
	if t.sect >= 0 {
		s := &t.h.Sections[t.sect]
		if s.End < 0 {
			s.End, s.Ended = at, "crash"
		}
		t.sect = -1
	}
}

// startThreads starts the workload's threads in a process incarnation.
func startThreads(wl *Workload, h *model.History, p *sim.Proc, sleep func(sim.Duration, func()), mk func(tid int64) locker) []*thread {
	var ts []*thread
	for i := 0; i < wl.Threads; i++ {
		tid := int64(50 + i) // Java thread ids of a pool start around here
		t := &thread{wl: wl, h: h, p: p, tid: tid, lk: mk(tid), rand: p.Rand("thread/" + strconv.Itoa(i)), sect: -1, op: -1, inc: p.Incarnation(), sleep: sleep}
		ts = append(ts, t)
		t.loop()
	}
	return ts
}
