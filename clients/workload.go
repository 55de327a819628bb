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

// wthread is one workload thread of one process incarnation.
type wthread struct {
	wl    *Workload
	h     *model.History
	host  *Host
	p     *sim.Proc
	tid   int64
	owner string // UUID:threadId, whoever the owner field names (a mutant may store another)
	rand  *sim.Rand
	sect  int // index of the open section in h.Sections, or -1
	op    int // index of the open op, or -1
	inc   int
	// lastTry is when the latest acquire attempt was sent: the lease of a
	// successful acquisition started at or after it.
	lastTry sim.Time
}

func (t *wthread) alive() bool { return t.p.Alive() && t.p.Incarnation() == t.inc }

func (t *wthread) draw() Attempt {
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
			// tryLock() takes no lease (RedissonLock.tryAcquireOnceAsync(-1, -1, ...)):
			// no wait with a lease is tryLock(0, lease, unit).
			a.Kind, a.Wait = model.CallTryLockWait, 0
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

// call is the client call an attempt makes: through a new lock object
// (`redisson.getLock(name)` for every acquisition, the common pattern).
func (a Attempt) call() Call {
	c := Call{Wait: a.Wait, Lease: a.Lease, Unit: a.Unit, Fresh: true}
	switch a.Kind {
	case model.CallLock:
		c.Kind = CallLock
	case model.CallTryLock:
		c.Kind = CallTryLock
	default:
		c.Kind = CallTryLockWait
	}
	return c
}

func (t *wthread) loop() {
	if !t.alive() {
		return
	}
	think := t.rand.Exp(t.wl.ThinkMean)
	t.host.After(think, func() {
		if !t.alive() || t.p.VirtualNow() >= t.wl.StopAt {
			return
		}
		a := t.draw()
		t.op = len(t.h.Ops)
		t.h.Ops = append(t.h.Ops, model.Op{Proc: t.p.Name, Thread: t.tid, Owner: t.owner, Lock: t.wl.Lock, Call: a.Kind, Wait: a.Unit.toMillis(a.Wait), Lease: leaseMs(a), Start: t.p.VirtualNow(), End: -1, ExecAt: -1, GaveUpAt: -1, ScriptLease: t.scriptLease(a)})
		t.p.Trace("call").Int("thread", t.tid).Str("call", string(a.Kind)).Int("wait", a.Wait).Int("lease", a.Lease).Int("unit_ms", int64(a.Unit)).End()
		t.host.Call(t.tid, a.call(), func(res Result) {
			if !t.alive() {
				return
			}
			t.h.Ops[t.op].LastTry = t.lastTry
			t.finishOp(res, "acquired", "not-acquired")
			if !res.OK || res.Failed() {
				t.loop()
				return
			}
			t.sect = len(t.h.Sections)
			t.h.Sections = append(t.h.Sections, model.Section{Proc: t.p.Name, Thread: t.tid, Owner: t.owner, Lock: t.wl.Lock, Lease: t.lease(a), Called: t.h.Ops[t.op].Start, Granted: t.lastTry, Start: t.p.VirtualNow(), End: -1, StoreHolds: t.holdCount()})
			t.write()
			t.host.After(t.csDuration(), func() { t.unlock() })
		})
	})
}

// lease is the lease (ms) an acquisition holds the lock for: -1 for
// Redisson's watchdog; a simple lock always has one (seed 003's 30 s
// when the caller gives none).
func (t *wthread) lease(a Attempt) int64 {
	if t.host.cf.Simple != "" && a.Lease == -1 {
		return SimpleLease
	}
	return leaseMs(a)
}

// scriptLease is the lease (ms) the script of an acquisition gives the
// lock: the explicit one or the watchdog's; setnx-expire's EXPIRE takes
// whole seconds, rounded up.
func (t *wthread) scriptLease(a Attempt) int64 {
	cf := t.host.cf
	switch {
	case cf.Simple == SetNXExpire:
		return ExpireSeconds(t.lease(a)) * 1000
	case cf.Simple != "":
		return t.lease(a)
	case a.Lease == -1:
		return cf.Opts.LockWatchdogTimeout
	}
	return leaseMs(a)
}

// unlockLease is the lease an unlock re-arms: the lock object's
// internalLockLeaseTime (the acquisition's explicit lease in 3.8.1 and,
// after it succeeded, in 3.16.8; else the watchdog's); 0 for a simple lock.
func (t *wthread) unlockLease() int64 {
	cf := t.host.cf
	if cf.Simple != "" {
		return 0
	}
	if c := t.host.c; len(c.handles) > 0 {
		return c.handles[0].lease
	}
	return cf.Opts.LockWatchdogTimeout
}

// holdCount is the count the master's lock hash keeps for this owner
// (read without touching the store), or -1 for a lock without counts.
func (t *wthread) holdCount() int64 {
	if t.host.cf.Simple != "" {
		return -1
	}
	m := t.p.World().Master()
	if m == nil {
		return 0
	}
	v, ok := m.Store.PeekHashField(t.wl.Lock, t.owner)
	if !ok {
		return 0
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	return n
}

// outcome is how a call's result is recorded: "error" with its text, or
// yes or no.
func outcome(res Result, yes, no string) (string, string) {
	switch {
	case res.Failed():
		return "error", res.Text
	case res.OK:
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
func (t *wthread) write() {
	t.h.Writes = append(t.h.Writes, model.Write{Proc: t.p.Name, Thread: t.tid, Owner: t.owner, Lock: t.wl.Lock, At: t.p.VirtualNow(), Token: -1})
	t.p.Trace("write").Int("thread", t.tid).Str("resource", t.wl.Lock).End()
}

func (t *wthread) csDuration() sim.Duration {
	w := t.wl
	if t.rand.Chance(w.CSLong) {
		return t.rand.Range(w.CSMean, w.CSLongMax)
	}
	return t.rand.Exp(w.CSMean)
}

func (t *wthread) finishOp(res Result, yes, no string) {
	op := &t.h.Ops[t.op]
	op.End = t.p.VirtualNow()
	op.Outcome, op.Err = outcome(res, yes, no)
	t.p.Trace("return").Int("thread", t.tid).Str("call", string(op.Call)).Str("outcome", op.Outcome).Str("error", op.Err).End()
}

func (t *wthread) unlock() {
	if !t.alive() {
		return
	}
	t.write()
	s := &t.h.Sections[t.sect]
	s.End, s.Ended = t.p.VirtualNow(), "unlock"
	t.sect = -1
	t.op = len(t.h.Ops)
	t.h.Ops = append(t.h.Ops, model.Op{Proc: t.p.Name, Thread: t.tid, Owner: t.owner, Lock: t.wl.Lock, Call: model.CallUnlock, Wait: -1, Lease: -1, Start: t.p.VirtualNow(), End: -1, ExecAt: -1, GaveUpAt: -1, ScriptLease: t.unlockLease()})
	t.p.Trace("call").Int("thread", t.tid).Str("call", "unlock").End()
	t.host.Call(t.tid, Call{Kind: CallUnlock, Wait: -1, Lease: -1}, func(res Result) {
		if !t.alive() {
			return
		}
		t.finishOp(res, "released", "error")
		t.loop()
	})
}

// crashed closes what the dead incarnation had open: its critical sections
// end at the crash; its calls stay open (porcupine's unknown outcome).
func (t *wthread) crashed(at sim.Time) {
	if t.sect >= 0 {
		s := &t.h.Sections[t.sect]
		if s.End < 0 {
			s.End, s.Ended = at, "crash"
		}
		t.sect = -1
	}
}

// startThreads starts the workload's threads in a process incarnation.
func startThreads(wl *Workload, h *model.History, host *Host) []*wthread {
	var ts []*wthread
	p := host.p
	for i := 0; i < wl.Threads; i++ {
		tid := int64(50 + i) // Java thread ids of a pool start around here
		t := &wthread{wl: wl, h: h, host: host, p: p, tid: tid, owner: host.c.uuid + ":" + strconv.FormatInt(tid, 10), rand: p.Rand("thread/" + strconv.Itoa(i)), sect: -1, op: -1, inc: p.Incarnation()}
		ts = append(ts, t)
		t.loop()
	}
	return ts
}
