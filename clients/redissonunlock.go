package clients

import (
	"hash/fnv"
	"strconv"

	"github.com/locksim/locksim/sim"
)

// RedissonLock's unlock() and forceUnlock() (3.8.1, 3.16.8, 4.7.0): the
// unlock command, what each version's completion does to the watchdog and
// the lock object's lease, and 4.7.0's request ids and unlock latch
// (RedissonBaseLock.unlockAsync0, unlockInnerAsync).

// unlockInner is unlockAsync → unlockInnerAsync, with the lock object's
// internalLockLeaseTime for the lease a partial unlock re-arms.
func (c *Client) unlockInner(i int) {
	c.command(i, c.unlockCmd(i))
}

// unlockCmd is one unlockInnerAsync of thread i. 4.7.0 gives it a new
// request id (ServiceManager.generateId, RedissonBaseLock.java:155-159 and
// 217-219) and a latch lifetime (RedissonBaseLock.java:222-231).
func (c *Client) unlockCmd(i int) Cmd {
	return c.unlockCmdFor(c.threads[i].id, c.threads[i].call.Handle)
}

// unlockCmdFor is unlockInnerAsync(threadId) through lock object h: the
// lease a partial unlock re-arms is the object's internalLockLeaseTime
// (R8:RedissonLock.java:501, R16:RedissonLock.java:356,
// R47:RedissonLock.java:369), which another call may have set: when it is
// not the lease the thread's own last acquire sent, FlawLeaseKept.
func (c *Client) unlockCmdFor(tid int64, h int) Cmd {
	for i := range c.threads {
		if t := &c.threads[i]; t.id == tid && t.leaseSent != 0 && t.leaseSent != c.handles[h].lease {
			c.flaw(FlawLeaseKept, tid)
		}
	}
	cmd := Cmd{Op: OpUnlock, Thread: tid, Lease: c.handles[h].lease, Sync: c.sync()}
	if c.cf.Opts.Fair {
		cmd.At = c.wall
	}
	if c.cf.Opts.UnlockLatch {
		c.unlockIDs++
		cmd.ReqN, cmd.ReqR, cmd.Latch = c.unlockIDs, c.idBits(), c.latchTTL()
	}
	return cmd
}

// idBits is the random half of a request id: drawn, or where the driver
// draws nothing (explore) a hash of the client's UUID, so that two clients'
// ids still differ as Java's random ones do.
func (c *Client) idBits() uint64 {
	if c.random {
		return c.draw()
	}
	return RequestBits(c.uuid)
}

// RequestBits is the random half of a request id where the driver draws
// nothing: a hash of the UUID.
func RequestBits(uuid string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(uuid))
	return h.Sum64()
}

// latchTTL is the unlock latch's lifetime: (timeout + retryDelay.calcDelay(retryAttempts))
// × retryAttempts, at least 1 (RedissonBaseLock.java:222-231); 16000-20000 ms
// with the defaults.
func (c *Client) latchTTL() int64 {
	o := &c.cf.Opts
	return max((o.Timeout+c.retryDelay(o.RetryAttempts))*int64(o.RetryAttempts), 1)
}

// delLatch is the DEL of an unlock's latch that unlockInnerAsync sends
// after a reply, through the ordinary write path, without waiting for it
// (RedissonBaseLock.java:235-245). It is sent once: if it is lost the latch
// lives out its lifetime, as after an error.
func (c *Client) delLatch(i int, unlock Cmd) {
	c.emit(Effect{Kind: EffSend, Ref: Ref{Owner: OwnNone, Slot: int32(i)}, Cmd: Cmd{Op: OpDelLatch, At: c.wall, ReqN: unlock.ReqN, ReqR: unlock.ReqR}})
}

// forceUnlock is forceUnlockAsync: cancelExpirationRenewal(null) first,
// then the script.
func (c *Client) forceUnlock(i int) {
	c.cancelExpirationRenewal(-1, true)
	if c.cf.v470() {
		// RedissonLock.cancelExpirationRenewal(null, null) resets internalLockLeaseTime (RedissonLock.java:326-332).
		c.setLease(c.threads[i].id, c.threads[i].call.Handle, c.cf.Opts.LockWatchdogTimeout)
	}
	cmd := Cmd{Op: OpForceUnlock, Sync: c.sync()}
	if c.cf.Opts.Fair {
		cmd.At = c.wall
	}
	c.command(i, cmd)
}

// unlocked is unlockAsync's completion. 3.16.8 cancels this thread's
// renewal whatever happened (RedissonBaseLock.unlockAsync); 3.8.1 cancels
// its own renewal on a failure and every renewal of the lock when the
// script returned 1 (R8:RedissonLock.unlockAsync). A nil reply is
// IllegalMonitorStateException.
func (c *Client) unlocked(i int, r sim.Reply, res Result) {
	t := &c.threads[i]
	m := &c.cf.Opts.Mutations
	if c.cf.v470() {
		if !res.Failed() {
			c.delLatch(i, t.exec.cmd)
		}
		c.unlockHandled(i, r, res)
	} else if c.cf.since3168() {
		if !m.UnlockKeepsRenewal {
			c.cancelExpirationRenewal(t.id, false)
		}
	} else {
		c.unlockListener381(t.id, r, res)
	}
	switch {
	case res.Failed():
		c.finish(i, res)
	case r.Kind == sim.KindNil && !m.UnlockNilIsSuccess:
		c.finish(i, Result{Err: ErrNotHeld, Text: "IllegalMonitorStateException: attempt to unlock lock, not locked by current thread by node id: " + c.uuid + " thread-id: " + strconv.FormatInt(t.id, 10)})
	default:
		c.finish(i, Result{OK: true})
	}
}

// unlockListener381 is what 3.8.1's unlockAsync listener does to the
// renewal of thread tid's unlock: its own cancelled on a failure, every
// renewal of the lock in the JVM (cancelExpirationRenewal(null)) when the
// script returned 1, none when it returned 0 (R8:RedissonLock.java:506-534).
func (c *Client) unlockListener381(tid int64, r sim.Reply, res Result) {
	if c.cf.Opts.Mutations.UnlockKeepsRenewal {
		return
	}
	switch {
	case res.Failed():
		c.cancelExpirationRenewal(tid, false)
	case r.Kind == sim.KindInt && r.Int == 1:
		if c.ren.present && c.ren.threads[0].tid != tid {
			c.flaw(FlawRenewalCancelledForAll, tid)
		}
		c.cancelExpirationRenewal(-1, true)
	case r.Kind == sim.KindInt && r.Int == 0:
		c.flaw(FlawPartialUnlockKeepsRenewal, tid)
	}
}

// unlockHandled is 4.7.0's unlockAsync0 handle: whatever the outcome, one
// renewal count of the thread is cancelled, and the lock object's
// internalLockLeaseTime goes back to the watchdog timeout when the answer
// was true or null (an error, or not the owner) (RedissonBaseLock.java:161-164,
// RedissonLock.java:326-332).
func (c *Client) unlockHandled(i int, r sim.Reply, res Result) {
	c.unlockHandledFor(c.threads[i].id, c.threads[i].call.Handle, r, res)
}

// unlockHandledFor is unlockAsync0's handle for thread tid's unlock
// through lock object h.
func (c *Client) unlockHandledFor(tid int64, h int, r sim.Reply, res Result) {
	if !c.cf.Opts.Mutations.UnlockKeepsRenewal {
		c.cancelExpirationRenewal(tid, false)
	}
	if res.Failed() || r.Kind != sim.KindInt || r.Int != 0 {
		c.setLease(tid, h, c.cf.Opts.LockWatchdogTimeout)
	}
}
