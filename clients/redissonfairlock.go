package clients

// What RedissonFairLock changes in RedissonLock's paths (3.8.1, 3.16.8,
// 4.7.0): the wait its scripts are sent, and acquireFailedAsync, which
// takes a waiter that gives up out of the queue. The queue itself is the
// scripts'.

// fairWait is the wait RedissonFairLock's tryLockInnerAsync and
// acquireFailedAsync send: threadWaitTime, or unit.toMillis(waitTime) when
// a wait was given, which 3.16.8 tests as waitTime != -1
// (R16:RedissonFairLock.java:75-78, 104-107) and 4.7.0 as waitTime > 0
// (R47:RedissonFairLock.java:71-74, 101-104): tryLock(0, lease) sends 0 in
// 3.16.8 and threadWaitTime in 4.7.0. A wait other than threadWaitTime
// enters the queue's timeouts (FlawFairWait) for thread tid.
func (c *Client) fairWait(tid, waitTime int64, unit Unit) int64 {
	w, flaw := c.fairWaitOf(waitTime, unit)
	if flaw {
		c.flaw(FlawFairWait, tid)
	}
	return w
}

// fairWaitOf is fairWait's wait, and whether it takes FlawFairWait's path.
func (c *Client) fairWaitOf(waitTime int64, unit Unit) (int64, bool) {
	if waitTime > 0 || (waitTime != -1 && !c.cf.v470()) {
		if w := unit.ToMillis(waitTime); w != c.cf.Opts.ThreadWaitTime {
			return w, true
		}
	}
	return c.cf.Opts.ThreadWaitTime, false
}

// acquireFailed runs before tryLock returns false: the fair lock's
// acquireFailedAsync removes the waiter from the queue (3.16.8: wait =
// unit.toMillis(waitTime) in the caller's unit; 3.8.1: threadWaitTime);
// the non-fair lock's is an already completed future.
func (c *Client) acquireFailed(i int) {
	t := &c.threads[i]
	o := &c.cf.Opts
	if !o.Fair || o.Mutations.NoAcquireFailed {
		c.finish(i, Result{OK: o.Mutations.TimeoutAcquires})
		return
	}
	wait := o.ThreadWaitTime
	if c.cf.since3168() {
		wait = c.fairWait(t.id, t.call.Wait, t.call.Unit)
	}
	t.pc = pcTryFailed
	c.send(OwnThread, i, Cmd{Op: OpAcquireFailed, Thread: t.id, Wait: wait, Sync: c.sync()})
	c.awaitReply(i)
}
