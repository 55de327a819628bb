package clients

import (
	"encoding/binary"
	"slices"

	"github.com/locksim/locksim/sim"
)

// What an exhaustive search needs of a client value: a deep copy, an exact
// encoding (equal encodings, equal clients), a canonical form that forgets
// what can no longer matter, and moving its clock.

// Clone returns a deep copy of c (sharing the immutable Config).
func (c *Client) Clone() *Client {
	d := *c
	d.threads = slices.Clone(c.threads)
	d.handles = slices.Clone(c.handles)
	d.subs = slices.Clone(c.subs)
	for j := range d.subs {
		d.subs[j].latch = slices.Clone(c.subs[j].latch)
		d.subs[j].subWait = slices.Clone(c.subs[j].subWait)
		d.subs[j].listeners = slices.Clone(c.subs[j].listeners)
	}
	d.ren.threads = slices.Clone(c.ren.threads)
	d.ren.queue = slices.Clone(c.ren.queue)
	d.tasks = slices.Clone(c.tasks)
	d.detached = slices.Clone(c.detached)
	d.timers = slices.Clone(c.timers)
	d.out = nil
	return &d
}

// Canon puts c in its canonical form between steps: a command number (Seq)
// only tells the current command from earlier ones, so an owner with a
// command in the executor gets 1 and every other 0 (and an idle executor
// forgets its last command); a detached acquire, whose replies are
// addressed to its thread's slot, gets DetachedSeq(j) for its place j, a
// number no command of the thread reaches between two steps. live is told
// the number each active owner had and the one it has now, so the driver
// can renumber the references it holds the same way (a reference with the
// old number gets the new one, any other 0). Free task slots at the end
// are dropped. A driver that never interrupts a thread says so (interrupts
// false): then a waiting lock() forgets the ttl it would wait for again
// after an interrupt.
func (c *Client) Canon(interrupts bool, live func(own OwnerKind, slot int32, seq, canon uint32)) {
	canon := func(own OwnerKind, slot int, e *exec, to uint32) {
		if e.phase == execIdle {
			*e = exec{}
			return
		}
		if live != nil {
			live(own, int32(slot), e.seq, to)
		}
		e.seq = to
	}
	for i := range c.threads {
		t := &c.threads[i]
		canon(OwnThread, i, &t.exec, 1)
		switch {
		case t.measures():
		case t.waitsForever():
			t.cur = 0 // the wait left stays Long.MAX_VALUE
		default:
			t.cur, t.time = 0, 0
		}
		if t.pc != pcLockWait || !interrupts {
			t.ttl = 0
		}
	}
	for j := range c.tasks {
		canon(OwnTask, j, &c.tasks[j].exec, 1)
	}
	for len(c.tasks) > 0 && !c.tasks[len(c.tasks)-1].live {
		c.tasks = c.tasks[:len(c.tasks)-1]
	}
	for j := range c.detached {
		switch d := &c.detached[j]; {
		case !d.live:
		case d.own:
			canon(OwnDetached, j, &d.exec, 1) // its own command, addressed to it
		default:
			canon(OwnThread, int(d.slot), &d.exec, DetachedSeq(j))
		}
	}
}

// DetachedSeq is the command number Canon gives detached acquire j: far
// above the 1 (and the few more within one step) a thread's own commands
// have, so its replies are never taken for the thread's.
func DetachedSeq(j int) uint32 { return 1<<31 | uint32(j) }

// Shift moves c's clock forward by d: every pending timer falls d nearer
// (a timer already due stays due now), and every wall-clock reading it
// keeps (tryLock's start, the time argument of its commands) moves d
// into the past, as the driver's clock stays put.
func (c *Client) Shift(d sim.Duration) {
	for j := range c.timers {
		c.timers[j].at = max(c.timers[j].at-sim.Time(d), 0)
	}
	ms := d.Ms()
	for i := range c.threads {
		t := &c.threads[i]
		if t.measures() {
			t.cur -= ms
		}
		if t.exec.phase != execIdle {
			t.exec.cmd.At -= ms
		}
		if t.exec.undo {
			t.exec.orig.At -= ms
		}
	}
	for j := range c.tasks {
		if c.tasks[j].exec.phase != execIdle {
			c.tasks[j].exec.cmd.At -= ms
		}
	}
	for j := range c.detached {
		if c.detached[j].live && c.detached[j].exec.phase != execIdle {
			c.detached[j].exec.cmd.At -= ms
		}
	}
}

// measures reports whether the thread's call still measures its wait from
// the wall-clock reading it keeps: tryLock(wait), and a simple lock's
// tryLock(wait) while it polls.
func (t *thread) measures() bool {
	switch t.pc {
	case pcTryFirst, pcTrySubscribe, pcTryTry, pcTryWait:
		return true
	case pcSimpleTry, pcSimplePoll:
		return t.call.Kind == CallTryLockWait
	case pcFencedFirst, pcFencedSubscribe, pcFencedTry, pcFencedWait:
		return t.time != forever
	}
	return false
}

// waitsForever reports whether the thread is in a fenced call that waits
// with no limit (time = Long.MAX_VALUE, never decremented).
func (t *thread) waitsForever() bool {
	switch t.pc {
	case pcFencedFirst, pcFencedSubscribe, pcFencedTry, pcFencedWait:
		return t.time == forever
	}
	return false
}

// OldestWall is the earliest wall-clock reading c still keeps (a command's
// time argument, a tryLock's start), and false when it keeps none.
func (c *Client) OldestWall() (int64, bool) {
	var oldest int64
	found := false
	see := func(v int64) {
		if !found || v < oldest {
			oldest, found = v, true
		}
	}
	for i := range c.threads {
		t := &c.threads[i]
		if t.measures() {
			see(t.cur)
		}
		if t.exec.phase != execIdle {
			see(t.exec.cmd.At)
		}
		if t.exec.undo {
			see(t.exec.orig.At)
		}
	}
	for j := range c.tasks {
		if c.tasks[j].exec.phase != execIdle {
			see(c.tasks[j].exec.cmd.At)
		}
	}
	for j := range c.detached {
		if c.detached[j].live && c.detached[j].exec.phase != execIdle {
			see(c.detached[j].exec.cmd.At)
		}
	}
	return oldest, found
}

// Awaits reports whether a reply to ref would count: it answers the
// owner's current command and attempt, still awaited.
func (c *Client) Awaits(ref Ref) bool {
	e := c.current(ref)
	return e != nil && e.phase == execSent
}

// Unlocking reports whether an unlock of thread tid goes on in c without
// its call: an interrupted unlock(), detached, whose listener still takes
// the thread's renewal off when it completes, whatever became of its
// command (R8:RedissonLock.unlockAsync, RedissonBaseLock.unlockAsync0's
// handle) — a renewal the watchdog sends meanwhile is not an orphan's.
func (c *Client) Unlocking(tid int64) bool {
	for j := range c.detached {
		d := &c.detached[j]
		if d.live && d.tid == tid && d.exec.phase != execIdle && d.exec.cmd.Op == OpUnlock {
			return true
		}
	}
	return false
}

// Subscribed reports whether c's process is subscribed to channel ch.
func (c *Client) Subscribed(ch string) bool {
	for j := range c.subs {
		if c.subs[j].channel == ch && c.subs[j].live {
			return true
		}
	}
	return false
}

// AppendKey appends c's exact encoding to dst (the UUID and the Config
// are the driver's to tell apart).
func (c *Client) AppendKey(dst []byte) []byte {
	v := func(x int64) { dst = binary.AppendVarint(dst, x) }
	u := func(x uint64) { dst = binary.AppendUvarint(dst, x) }
	b := func(x bool) {
		if x {
			dst = append(dst, 1)
		} else {
			dst = append(dst, 0)
		}
	}
	v470 := c.cf.v470()
	putArgs := func(cmd *Cmd) { // all but Op
		v(cmd.Thread)
		v(cmd.Lease)
		v(cmd.Wait)
		v(cmd.At)
		u(uint64(cmd.Sync))
		if v470 {
			u(uint64(cmd.ReqN))
			u(cmd.ReqR)
			v(cmd.Latch)
		}
	}
	putExec := func(e *exec) {
		dst = append(dst, byte(e.phase))
		if e.phase == execIdle {
			return
		}
		dst = append(dst, e.attempt, byte(e.cmd.Op))
		u(uint64(e.seq))
		putArgs(&e.cmd)
		if v470 {
			dst = append(dst, e.svc)
			b(e.undo)
			if e.undo {
				dst = append(dst, byte(e.orig.Op))
				putArgs(&e.orig)
			}
		}
	}
	if v470 {
		u(uint64(c.unlockIDs))
	}
	u(uint64(len(c.threads)))
	for i := range c.threads {
		t := &c.threads[i]
		v(t.id)
		dst = append(dst, byte(t.pc))
		b(t.interrupted)
		v(t.leaseSent)
		v(t.ownLease)
		if t.ownLease != 0 {
			u(uint64(t.ownHandle))
		}
		if t.pc != pcIdle {
			k := t.call
			dst = append(dst, byte(k.Kind))
			v(k.Wait)
			v(k.Lease)
			v(int64(k.Unit))
			b(k.Interruptibly)
			u(uint64(k.Handle))
			v(t.time)
			v(t.cur)
			v(t.ttl)
			b(t.inTry)
			b(t.onLatch)
		}
		putExec(&t.exec)
	}
	u(uint64(len(c.handles)))
	for _, h := range c.handles {
		v(h.lease)
	}
	u(uint64(len(c.subs)))
	for j := range c.subs {
		e := &c.subs[j]
		v(e.key)
		if c.cf.Opts.Era == Era3 {
			v(e.creator)
		}
		dst = append(dst, byte(e.state))
		b(e.live)
		u(uint64(e.refs))
		u(uint64(e.permits))
		u(uint64(e.unsubOnSuccess))
		u(uint64(len(e.latch)))
		for _, x := range e.latch {
			v(x)
		}
		u(uint64(len(e.subWait)))
		for _, x := range e.subWait {
			v(x)
		}
		if c.cf.Opts.Fenced {
			u(uint64(len(e.listeners)))
			for _, x := range e.listeners {
				v(x)
			}
		}
	}
	b(c.ren.present)
	if c.ren.present {
		v(int64(c.ren.timeout))
		u(uint64(len(c.ren.threads)))
		for _, x := range c.ren.threads {
			v(x.tid)
			u(uint64(x.count))
		}
		if v470 {
			u(uint64(len(c.ren.queue)))
			for _, x := range c.ren.queue {
				v(x)
			}
		}
	}
	u(uint64(len(c.tasks)))
	for j := range c.tasks {
		t := &c.tasks[j]
		b(t.live)
		if t.live {
			v(t.tid)
			u(uint64(t.handle))
			putExec(&t.exec)
		}
	}
	if !c.cf.getCancels() { // the versions whose commands outlive an interrupted call (detached.go)
		u(uint64(len(c.detached)))
		for j := range c.detached {
			d := &c.detached[j]
			b(d.live)
			if d.live {
				v(int64(d.slot))
				v(d.tid)
				u(uint64(d.handle))
				v(d.lease)
				b(d.fenced)
				b(d.own)
				putExec(&d.exec)
			}
		}
	}
	u(uint64(len(c.timers)))
	for _, t := range c.timers {
		dst = append(dst, byte(t.key.Kind))
		v(t.key.Slot)
		v(int64(t.at))
	}
	return dst
}

// CanonSeq is the number Canon would give ref's command (whatever its
// attempt): DetachedSeq(j) for detached acquire j's, 1 for the command an
// owner has in the executor now, 0 for an earlier one. A driver that does
// not renumber (the world) tells by it which of its commands is which of
// a canonical driver's.
func (c *Client) CanonSeq(ref Ref) uint32 {
	own, j, e := c.ownerOf(ref)
	switch {
	case e == nil || e.phase == execIdle:
		return 0
	case own == OwnDetached && ref.Owner == OwnThread:
		return DetachedSeq(j)
	}
	return 1
}

// Rename makes c the client of process uuid whose thread t is the thread
// tid(t) of c, tid being a bijection of the thread ids c has: what c
// would be had the same events come with those names. Slots (of threads,
// tasks, pub/sub entries) and the order of every list stay, since they
// follow the order of events, not names; only thread ids, the names made
// of them (a fair waiter's channel, 4.7.0's request ids, made from the
// UUID) and the timers keyed by them change, and timers are sorted again.
// A search uses it to treat states that differ only by which thread or
// process is which as one; the client's own steps never call it. It is
// for a client driven without draws (Event.Random false), whose request
// ids are made from its UUID (RequestBits), as explore drives it.
func (c *Client) Rename(uuid string, rename func(int64) int64) {
	// 0 is no thread (a 3.16.8 renewal task's, a command of no thread's).
	tid := func(x int64) int64 {
		if x == 0 {
			return 0
		}
		return rename(x)
	}
	newBits := RequestBits(uuid)
	mapCmd := func(cmd *Cmd) {
		cmd.Thread = tid(cmd.Thread)
		if cmd.ReqN != 0 { // 4.7.0's unlock and the DEL of its latch
			cmd.ReqR = newBits
		}
	}
	mapExec := func(e *exec) {
		mapCmd(&e.cmd)
		mapCmd(&e.orig)
	}
	mapAll := func(xs []int64) {
		for i := range xs {
			xs[i] = tid(xs[i])
		}
	}
	c.uuid = uuid
	for i := range c.threads {
		c.threads[i].id = tid(c.threads[i].id)
		mapExec(&c.threads[i].exec)
	}
	fair := c.cf.Opts.Fair
	for j := range c.subs {
		e := &c.subs[j]
		e.key = tid(e.key)
		e.creator = tid(e.creator)
		e.channel = WaiterChannel(c.cf.Lock, c.Owner(e.key), fair)
		mapAll(e.latch)
		mapAll(e.subWait)
		for k, x := range e.listeners {
			if x > 0 { // a left listener is its timer's slot
				e.listeners[k] = tid(x)
			}
		}
	}
	for j := range c.ren.threads {
		c.ren.threads[j].tid = tid(c.ren.threads[j].tid)
	}
	mapAll(c.ren.queue)
	for j := range c.tasks {
		if c.tasks[j].live {
			c.tasks[j].tid = tid(c.tasks[j].tid)
			mapExec(&c.tasks[j].exec)
		}
	}
	for j := range c.detached {
		if c.detached[j].live {
			c.detached[j].tid = tid(c.detached[j].tid)
			mapExec(&c.detached[j].exec)
		}
	}
	if fair {
		for j := range c.timers {
			if c.timers[j].key.Kind == TimerSubscribe {
				c.timers[j].key.Slot = tid(c.timers[j].key.Slot)
			}
		}
		slices.SortFunc(c.timers, func(a, b timer) int { return cmpKey(a.key, b.key) })
	}
}
