package clients

import "github.com/locksim/locksim/sim"

// Seed 003's simple locks: no pub/sub, no watchdog; a blocking acquire
// polls every 100 ms, measuring its wait on the wall clock; commands go
// through the same executor (3 s timeout, no re-send after a timeout).

func (c *Client) simpleCall(i int) {
	t := &c.threads[i]
	call := t.call
	switch call.Kind {
	case CallLock, CallTryLock, CallTryLockWait:
		t.cur = c.wall // the wait is measured from here
		c.simpleTry(i)
	case CallUnlock:
		c.simpleRelease(i)
	default:
		c.finish(i, Result{Err: ErrUnsupported, Text: call.Kind.String() + " does not exist for " + string(c.cf.Simple)})
	}
}

// simpleLease is the lease of an acquisition: the caller's, or seed 003's 30 s.
func simpleLease(call Call) int64 {
	if call.Lease == -1 {
		return SimpleLease
	}
	return call.Unit.ToMillis(call.Lease)
}

// simpleWait is how long an acquisition may wait: lock() for ever (-1),
// tryLock() not at all, tryLock(wait) its wait.
func simpleWait(call Call) int64 {
	switch call.Kind {
	case CallLock:
		return -1
	case CallTryLock:
		return 0
	}
	return call.Unit.ToMillis(call.Wait)
}

// simpleTry makes one acquisition attempt: setnx-expire's
// `if (setnx(key, 1) == 1) { expire(key, 30) }` (a crash between the two
// leaves a lock that never expires), or one atomic SET NX PX.
func (c *Client) simpleTry(i int) {
	t := &c.threads[i]
	t.pc = pcSimpleTry
	if c.cf.Simple == SetNXExpire {
		c.send(OwnThread, i, Cmd{Op: OpSetNX, Thread: t.id})
		return
	}
	c.send(OwnThread, i, Cmd{Op: OpSetPX, Thread: t.id, Lease: simpleLease(t.call)})
}

func (c *Client) simpleReply(i int, r sim.Reply, res Result) {
	t := &c.threads[i]
	switch t.pc {
	case pcSimpleTry:
		switch {
		case res.Failed():
			c.finish(i, res)
		case c.cf.Simple == SetNXExpire && r.Kind == sim.KindInt && r.Int == 1:
			t.pc = pcSimpleExpire
			c.send(OwnThread, i, Cmd{Op: OpExpire, Thread: t.id, Lease: simpleLease(t.call)})
		case c.cf.Simple != SetNXExpire && r.Kind == sim.KindStatus:
			c.finish(i, Result{OK: true})
		default:
			w := simpleWait(t.call)
			if w >= 0 && c.wall-t.cur+SimplePoll.Ms() > w {
				c.finish(i, Result{})
				return
			}
			t.pc = pcSimplePoll
			c.setTimer(TimerKey{TimerWait, int64(i)}, c.now.Add(SimplePoll))
		}
	case pcSimpleExpire:
		// The lock is taken either way; a failed EXPIRE is the caller's exception.
		res.OK = !res.Failed()
		c.finish(i, res)
	case pcSimpleGet:
		// if (get(key) == uuid) { del(key) }: the lock can expire and be taken
		// by another between the two commands.
		if res.Failed() || r.Kind != sim.KindBulk || r.Str != SimpleValue(c.cf.Simple, c.Owner(t.id)) {
			res.OK = !res.Failed()
			c.finish(i, res)
			return
		}
		t.pc = pcSimpleRelease
		c.send(OwnThread, i, Cmd{Op: OpDel, Thread: t.id})
	case pcSimpleRelease:
		res.OK = !res.Failed()
		c.finish(i, res)
	}
}

func (c *Client) simplePoll(i int) { c.simpleTry(i) }

// simpleRelease releases the lock the way the algorithm does.
func (c *Client) simpleRelease(i int) {
	t := &c.threads[i]
	switch c.cf.Simple {
	case SetNXExpire, SetPX:
		t.pc = pcSimpleRelease
		c.send(OwnThread, i, Cmd{Op: OpDel, Thread: t.id})
	case SetUUIDGetDel:
		t.pc = pcSimpleGet
		c.send(OwnThread, i, Cmd{Op: OpGet, Thread: t.id})
	case SetUUIDLua:
		t.pc = pcSimpleRelease
		c.send(OwnThread, i, Cmd{Op: OpCAD, Thread: t.id})
	}
}
