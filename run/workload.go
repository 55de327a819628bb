package run

import (
	"slices"
	"strconv"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Attempt is one acquisition call with its arguments (-1: not given).
type Attempt struct {
	Kind  model.CallKind
	Wait  int64
	Lease int64
	Unit  clients.Unit
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

	// Redisson's locks only (zero for the simple locks, which have none of
	// these calls or are not reentrant): per critical section, how many
	// more calls a holder may make inside it (0..Inner), each a re-entrant
	// acquisition with probability Reenter, else a query
	// (isHeldByCurrentThread, getHoldCount, isLocked); a query before an
	// acquisition with probability Query; releasing every hold at once with
	// forceUnlock() with probability Force.
	Inner                 int
	Reenter, Query, Force float64
	// Objects is how the threads of a process hold their lock objects:
	// "fresh" (getLock for every acquisition), "own" (each thread keeps
	// one) or "shared" (one for all the process's threads).
	Objects string

	// StopAt: threads start no new acquisition after this virtual time.
	StopAt sim.Time
}

// drawWorkload draws the workload from the seed's "workload" stream.
func drawWorkload(cfg Config) Workload {
	r := sim.NewRand(cfg.Seed, "workload")
	wl := Workload{
		Procs:     2 + r.Intn(3),
		Threads:   1 + r.Intn(3),
		Lock:      "myLock",
		ThinkMean: r.Range(100*sim.Millisecond, 3*sim.Second),
		CSMean:    r.Range(10*sim.Millisecond, 2*sim.Second),
		CSLong:    0.05 * r.Float64(),
		CSLongMax: r.Range(5*sim.Second, 60*sim.Second),
		WLock:     r.Intn(4), WLockLease: r.Intn(4), WTryLock: r.Intn(3), WTryLockWait: r.Intn(4),
		LeaseMin: 1000 + r.Int63n(5000), LeaseMax: 10000 + r.Int63n(40000),
		WaitMin: 100 + r.Int63n(2000), WaitMax: 3000 + r.Int63n(30000),
		SecondsUnit: 0.2 * r.Float64(),
		StopAt:      sim.Time(cfg.Safety + cfg.Liveness/2),
	}
	if wl.WLock+wl.WLockLease+wl.WTryLock+wl.WTryLockWait == 0 {
		wl.WLock = 1
	}
	// Redisson's locks also re-enter, ask, force and keep lock objects
	// (drawn last, so the draws above are the same for every algorithm).
	wl.Objects = "fresh"
	if _, _, redisson := clients.RedissonAlgo(cfg.Algo); redisson {
		wl.Inner = r.Intn(3)
		wl.Reenter = 0.3 + 0.5*r.Float64()
		wl.Query = 0.2 * r.Float64()
		wl.Force = 0.3 * r.Float64()
		switch x := r.Float64(); {
		case x < 0.3:
			wl.Objects = "own"
		case x < 0.45:
			wl.Objects = "shared"
		}
	}
	if cfg.Procs > 0 {
		wl.Procs = cfg.Procs
	}
	if cfg.Threads > 0 {
		wl.Threads = cfg.Threads
	}
	return wl
}

// wthread is one workload thread of one process incarnation.
type wthread struct {
	wl    *Workload
	h     *model.History
	host  *clients.Host
	p     *sim.Proc
	tid   int64
	owner string // UUID:threadId, whoever the owner field names (a mutant may store another)
	rand  *sim.Rand
	// gaps draws the time between a re-entrant section's unlocks, from a
	// stream of its own so the workload's other draws stay as they were.
	gaps  *sim.Rand
	sect  int // index of the open section in h.Sections, or -1
	op    int // index of the open op, or -1
	holds int // how many holds the thread believes it has
	// token is the fencing token of the thread's latest acquisition (the
	// fenced lock's lockAndGetToken), -1 where the lock issues none.
	token int64
	inc   int
	// lastTry is when the latest acquire attempt was sent: the lease of a
	// successful acquisition started at or after it.
	lastTry sim.Time
	// newTask: the next call starts a new task (a loop iteration), so the
	// pool clears the thread's interrupt status first (Call.NewTask).
	newTask bool
	// leaseSent: a command of the open op has carried a lease (its
	// ScriptLease is a sent one, no longer the estimate begin made).
	leaseSent bool
}

// task marks c as the start of a new task when it is the first call of a
// loop iteration.
func (t *wthread) task(c clients.Call) clients.Call {
	c.NewTask, t.newTask = t.newTask, false
	return c
}

func (t *wthread) alive() bool { return t.p.Alive() && t.p.Incarnation() == t.inc }

func (t *wthread) draw() Attempt {
	w := t.wl
	r := t.rand
	total := w.WLock + w.WLockLease + w.WTryLock + w.WTryLockWait
	x := r.Intn(total)
	unit := clients.Milliseconds
	lease := int64(-1)
	a := Attempt{Wait: -1, Lease: -1, Unit: clients.Milliseconds}
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
			unit = clients.Seconds
			a.Wait = (a.Wait + 999) / 1000
			if lease > 0 {
				lease = (lease + 999) / 1000
			}
		}
	}
	a.Lease, a.Unit = lease, unit
	return a
}

// call is the client call an attempt makes through lock object handle.
func (a Attempt) call(handle int, fresh bool) clients.Call {
	c := clients.Call{Wait: a.Wait, Lease: a.Lease, Unit: a.Unit, Handle: handle, Fresh: fresh}
	switch a.Kind {
	case model.CallLock:
		c.Kind = clients.CallLock
	case model.CallTryLock:
		c.Kind = clients.CallTryLock
	default:
		c.Kind = clients.CallTryLockWait
	}
	return c
}

// handle is the lock object the thread calls through; fresh says whether
// an outer acquisition takes a new one (getLock each time).
func (t *wthread) handle() (int, bool) {
	switch t.wl.Objects {
	case "own":
		return int(t.tid - 50), false
	case "shared":
		return 0, false
	}
	return int(t.tid - 50), true
}

// sentLease records the lease a command of the open op carried: the one
// its script arms, the earlier ones kept where a later command carried
// another (model.Op.EarlierLeases).
func (t *wthread) sentLease(lease int64) {
	op := &t.h.Ops[t.op]
	if t.leaseSent && op.ScriptLease != lease && !slices.Contains(op.EarlierLeases, op.ScriptLease) {
		op.EarlierLeases = append(op.EarlierLeases, op.ScriptLease)
	}
	op.ScriptLease, t.leaseSent = lease, true
}

// begin records the start of a call and traces it.
func (t *wthread) begin(k model.CallKind, a Attempt, scriptLease int64) {
	t.op, t.leaseSent = len(t.h.Ops), false
	t.h.Ops = append(t.h.Ops, model.Op{Proc: t.p.Name, Thread: t.tid, Owner: t.owner, Lock: t.wl.Lock, Call: k, Wait: a.Unit.ToMillis(a.Wait), Lease: leaseMs(a), Start: t.p.VirtualNow(), End: -1, ExecAt: -1, GaveUpAt: -1, FairWait: -1, ScriptLease: scriptLease, Nested: t.holds > 0, LastTTL: -1})
	tr := t.p.Trace("call").Int("thread", t.tid).Str("call", string(k))
	if k.Acquires() {
		tr.Int("wait", a.Wait).Int("lease", a.Lease).Int("unit_ms", int64(a.Unit))
	}
	tr.End()
}

func (t *wthread) loop() {
	if !t.alive() {
		return
	}
	think := t.rand.Exp(t.wl.ThinkMean)
	t.newTask = true
	t.host.After(think, func() {
		if !t.alive() || t.p.VirtualNow() >= t.wl.StopAt {
			return
		}
		if t.wl.Query > 0 && t.rand.Chance(t.wl.Query) {
			t.query(t.loopAcquire)
			return
		}
		t.loopAcquire()
	})
}

// loopAcquire makes the outer acquisition of a critical section.
func (t *wthread) loopAcquire() {
	a := t.draw()
	h, fresh := t.handle()
	t.acquire(a, h, fresh, func(ok bool) {
		if !ok {
			t.loop()
			return
		}
		t.sect = len(t.h.Sections)
		t.h.Sections = append(t.h.Sections, model.Section{Proc: t.p.Name, Thread: t.tid, Owner: t.owner, Lock: t.wl.Lock, Lease: t.lease(a), OuterLease: t.lease(a), Called: t.h.Ops[t.op].Start, Granted: t.lastTry, Start: t.p.VirtualNow(), End: -1, StoreHolds: t.holdCount()})
		t.write()
		n := 0
		if t.wl.Inner > 0 {
			n = t.rand.Intn(t.wl.Inner + 1)
		}
		t.inner(n, func() { t.host.After(t.csDuration(), func() { t.release() }) })
	})
}

// acquire makes one acquisition call and records it; done hears whether
// the thread got (one more hold of) the lock.
func (t *wthread) acquire(a Attempt, handle int, fresh bool, done func(ok bool)) {
	t.begin(a.Kind, a, t.scriptLease(a))
	t.host.Call(t.tid, t.task(a.call(handle, fresh)), func(res clients.Result) {
		if !t.alive() {
			return
		}
		t.h.Ops[t.op].LastTry = t.lastTry
		ok := res.OK && !res.Failed()
		if ok && t.host.Config().Opts.Fenced {
			t.token = res.Value
			t.h.Ops[t.op].Value = res.Value
		}
		t.finishOp(res, "acquired", "not-acquired")
		if ok {
			t.holds++
		}
		done(ok)
	})
}

// inner makes n more calls inside the critical section: re-entrant
// acquisitions through the same lock object, and queries.
func (t *wthread) inner(n int, done func()) {
	if n == 0 || !t.alive() {
		done()
		return
	}
	next := func() { t.inner(n-1, done) }
	if !t.rand.Chance(t.wl.Reenter) {
		t.query(next)
		return
	}
	h, _ := t.handle()
	a := t.draw()
	t.acquire(a, h, false, func(ok bool) {
		if ok && t.sect >= 0 {
			// The acquisition re-armed the lock's lease (pexpire) with its own.
			s := &t.h.Sections[t.sect]
			s.Lease, s.Rearmed = t.lease(a), t.lastTry
		}
		next()
	})
}

// query asks one of the lock's questions: isHeldByCurrentThread,
// getHoldCount, isLocked.
func (t *wthread) query(done func()) {
	kinds := []model.CallKind{model.CallIsHeld, model.CallHoldCount, model.CallIsLocked}
	k := kinds[t.rand.Intn(len(kinds))]
	call := map[model.CallKind]clients.CallKind{model.CallIsHeld: clients.CallIsHeld, model.CallHoldCount: clients.CallHoldCount, model.CallIsLocked: clients.CallIsLocked}[k]
	h, _ := t.handle()
	t.begin(k, Attempt{Wait: -1, Lease: -1, Unit: clients.Milliseconds}, 0)
	t.host.Call(t.tid, t.task(clients.Call{Kind: call, Wait: -1, Lease: -1, Handle: h}), func(res clients.Result) {
		if !t.alive() {
			return
		}
		yes, no := "true", "false"
		if k == model.CallHoldCount {
			yes = strconv.FormatInt(res.Value, 10)
			no = yes
		}
		t.h.Ops[t.op].Value = res.Value
		t.finishOp(res, yes, no)
		done()
	})
}

// lease is the lease (ms) an acquisition holds the lock for: -1 for
// Redisson's watchdog; a simple lock always has one (seed 003's 30 s
// when the caller gives none).
func (t *wthread) lease(a Attempt) int64 {
	if t.host.Config().Simple != "" && a.Lease == -1 {
		return clients.SimpleLease
	}
	return leaseMs(a)
}

// scriptLease is the lease (ms) the script of an acquisition gives the
// lock: the explicit one or the watchdog's; setnx-expire's EXPIRE takes
// whole seconds, rounded up.
func (t *wthread) scriptLease(a Attempt) int64 {
	cf := t.host.Config()
	switch {
	case cf.Simple == clients.SetNXExpire:
		return clients.ExpireSeconds(t.lease(a)) * 1000
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
func (t *wthread) unlockLease(h int) int64 {
	cf := t.host.Config()
	if cf.Simple != "" {
		return 0
	}
	if lease, ok := t.host.Client().HandleLease(h); ok {
		return lease
	}
	return cf.Opts.LockWatchdogTimeout
}

// holdCount is the count the master's lock hash keeps for this owner
// (read without touching the store), -1 for a lock without counts,
// model.NoMaster while there is no master.
func (t *wthread) holdCount() int64 {
	if t.host.Config().Simple != "" {
		return -1
	}
	m := t.p.World().Master()
	if m == nil {
		return model.NoMaster
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
func outcome(res clients.Result, yes, no string) (string, string) {
	switch {
	case res.Failed():
		return "error", res.Text
	case res.OK:
		return yes, ""
	}
	return no, ""
}

// opTag, renewalTag and unlockTag label requests with the history entry they serve.
func opTag(i int) string      { return "op/" + strconv.Itoa(i) }
func renewalTag(i int) string { return "renew/" + strconv.Itoa(i) }
func unlockTag(i int) string  { return "unlock/" + strconv.Itoa(i) }

func leaseMs(a Attempt) int64 {
	if a.Lease == -1 {
		return -1
	}
	return a.Unit.ToMillis(a.Lease)
}

// write is the critical section's write to the protected resource.
func (t *wthread) write() {
	t.h.Writes = append(t.h.Writes, model.Write{Proc: t.p.Name, Thread: t.tid, Owner: t.owner, Lock: t.wl.Lock, At: t.p.VirtualNow(), Token: t.token})
	tr := t.p.Trace("write").Int("thread", t.tid).Str("resource", t.wl.Lock)
	if t.token >= 0 {
		tr.Int("token", t.token)
	}
	tr.End()
}

// unlockGap is the time between an inner hold's unlock and the next
// release: mostly short, as code leaving a nested block, and in one case
// of three up to one and a half times the longest lease the workload
// draws (or the watchdog's), so what an inner unlock leaves in the store
// is seen by the checks after a lease has run.
func (t *wthread) unlockGap() sim.Duration {
	if !t.gaps.Chance(1.0 / 3) {
		return t.gaps.Exp(t.wl.CSMean / 4)
	}
	longest := sim.Duration(max(t.wl.LeaseMax, 30000)) * sim.Millisecond
	return t.gaps.Range(0, longest*3/2)
}

func (t *wthread) csDuration() sim.Duration {
	w := t.wl
	if t.rand.Chance(w.CSLong) {
		return t.rand.Range(w.CSMean, w.CSLongMax)
	}
	return t.rand.Exp(w.CSMean)
}

func (t *wthread) finishOp(res clients.Result, yes, no string) {
	op := &t.h.Ops[t.op]
	op.End = t.p.VirtualNow()
	op.Outcome, op.Err = outcome(res, yes, no)
	op.ErrKind = res.Err.String()
	tr := t.p.Trace("return").Int("thread", t.tid).Str("call", string(op.Call)).Str("outcome", op.Outcome).Str("error", op.Err)
	if op.Call.Acquires() && op.Outcome == "acquired" && t.host.Config().Opts.Fenced {
		tr.Int("token", op.Value) // lockAndGetToken's answer
	}
	tr.End()
}

// release gives the holds back: one unlock() per hold, or, sometimes,
// one forceUnlock() for all of them. The critical section ends when the
// last release is called.
func (t *wthread) release() {
	if !t.alive() {
		return
	}
	force := t.wl.Force > 0 && t.rand.Chance(t.wl.Force)
	if t.holds > 1 && !force {
		// an inner hold's unlock, then the rest of the section: what the
		// inner unlock wrote (a re-armed lease) stays in the store for a
		// while, sometimes longer than the lease, before the outer unlock
		t.unlock(false, func() { t.host.After(t.unlockGap(), t.release) })
		return
	}
	t.write()
	s := &t.h.Sections[t.sect]
	s.End, s.Ended = t.p.VirtualNow(), "unlock"
	if force {
		s.Ended = "forceUnlock"
	}
	t.sect = -1
	t.unlock(force, t.loop)
}

// unlock makes one unlock() (or forceUnlock()) call, then goes on.
func (t *wthread) unlock(force bool, then func()) {
	h, _ := t.handle()
	k, call, lease := model.CallUnlock, clients.CallUnlock, t.unlockLease(h)
	if force {
		k, call, lease = model.CallForceUnlock, clients.CallForceUnlock, 0
	}
	t.begin(k, Attempt{Wait: -1, Lease: -1, Unit: clients.Milliseconds}, lease)
	if force {
		t.holds = 0
	} else {
		t.holds--
	}
	t.host.Call(t.tid, clients.Call{Kind: call, Wait: -1, Lease: -1, Handle: h}, func(res clients.Result) {
		if !t.alive() {
			return
		}
		if force {
			t.finishOp(res, "released", "not-released")
		} else {
			t.finishOp(res, "released", "error")
		}
		then()
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
func startThreads(wl *Workload, h *model.History, host *clients.Host) []*wthread {
	var ts []*wthread
	p := host.Proc()
	for i := 0; i < wl.Threads; i++ {
		tid := int64(50 + i) // Java thread ids of a pool start around here
		t := &wthread{wl: wl, h: h, host: host, p: p, tid: tid, owner: host.Client().UUID() + ":" + strconv.FormatInt(tid, 10), rand: p.Rand("thread/" + strconv.Itoa(i)), gaps: p.Rand("thread/" + strconv.Itoa(i) + "/unlock-gap"), sect: -1, op: -1, token: -1, inc: p.Incarnation()}
		ts = append(ts, t)
		t.loop()
	}
	return ts
}
