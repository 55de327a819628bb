package clients

import "github.com/locksim/locksim/model"

// Thread.interrupt() against each blocking call of the lock API
// (RedissonLock's, RedissonFencedLock's loop; 3.8.1, 3.16.8, 4.7.0): where
// the thread is when it comes decides whether it throws, waits on, or
// returns as if it held the lock.

func interruptedResult() Result {
	return Result{Err: ErrInterrupted, Text: "java.lang.InterruptedException"}
}

// interrupt is Thread.interrupt(): the status is set; a thread blocked
// interruptibly throws InterruptedException now, one waiting for a
// command's reply throws RedisException from CommandAsyncService.get.
func (c *Client) interrupt(tid int64) {
	i := c.threadSlot(tid)
	c.threads[i].interrupted = true
	c.interruptAt(i)
}

// awaitReply is the get(future) of thread i's command just sent: with its
// interrupt status set (a call of the same task kept it) the wait throws
// at once, as an interrupt arriving now would make it (R8:
// CommandAsyncService.get's CountDownLatch.await, R16/R47: its
// CompletableFuture.get, both of which test the status before blocking);
// the command has been sent all the same.
func (c *Client) awaitReply(i int) {
	if c.threads[i].interrupted {
		c.interruptAt(i)
	}
}

// interruptAt is what an interrupt does to thread i where it is now.
func (c *Client) interruptAt(i int) {
	t := &c.threads[i]
	switch t.pc {
	case pcLockWait, pcLockRewait, pcTryWait:
		if t.onLatch && !c.waitsUninterruptibly(i) {
			c.interruptedWait(i)
		}
	case pcLockSubscribe:
		c.interruptSubscription(i)
	case pcTrySubscribe:
		// subscribeFuture.get(time) throws InterruptedException out of tryLock.
		t.interrupted = false
		c.cancelTimer(TimerKey{TimerWait, int64(i)})
		c.leaveSubWait(i)
		c.finish(i, interruptedResult())
	case pcFencedSubscribe, pcFencedWait:
		// get(result) is interrupted, cancels the result and sets the status
		// again; the loop goes on until its next step sees the result done
		// (redissonfencedlock.go).
		if t.pc == pcFencedWait {
			c.leaveListener(i)
		} else {
			// the subscribe future goes on: once it completes, tryLockAsync
			// finds the result done and unsubscribes (RedissonFencedLock.java:185-199, 217-219)
			c.cancelTimer(TimerKey{TimerWait, int64(i)})
			if e := c.leaveSubWait(i); e != nil && e.state == psPending {
				e.unsubOnSuccess++
			} else {
				c.release(c.entryKey(i))
			}
		}
		c.finish(i, Result{Err: ErrReply, Text: "RedisException: java.lang.InterruptedException"})
	case pcLockFirst, pcLockTry, pcTryFirst, pcTryTry, pcTryFailed, pcTryOnce, pcCommand, pcFencedFirst, pcFencedTry:
		// get(future) is interrupted and sets the status again. The command
		// may still run at Redis: 3.16.8 cancels the future and ignores its
		// reply; 3.8.1's and 4.7.0's go on without the call (detached.go).
		if !c.detach(i) {
			if t.exec.phase != execIdle && t.exec.cmd.Op == OpUnlock && c.cf.getCancels() {
				c.flaw(FlawUnlockRenewalKept, t.id)
			}
			c.cancelTimer(TimerKey{TimerExec, int64(i)})
			t.exec.phase = execIdle
		}
		if !c.cf.since3168() {
			// R8:CommandAsyncService.get: convertException of a future not done, whose cause is null.
			c.finish(i, Result{Err: ErrReply, Text: model.InterruptedGet381})
			return
		}
		c.finish(i, Result{Err: ErrReply, Text: "RedisException: java.lang.InterruptedException"})
	}
}

// interruptSubscription: an interrupt while lock() waits for its
// subscription. 3.16.8's lock() is get(future): RedisException, the
// future cancelled; lockInterruptibly's getInterrupted throws
// InterruptedException. 3.8.1's syncSubscription keeps the status and
// goes on waiting (syncUninterruptibly), with no timeout any more.
func (c *Client) interruptSubscription(i int) {
	t := &c.threads[i]
	if !c.cf.since3168() {
		c.cancelTimer(TimerKey{TimerWait, int64(i)})
		return
	}
	c.cancelTimer(TimerKey{TimerWait, int64(i)}) // 4.7.0's subscription timeout
	// getInterrupted fails the future, get() cancels it
	c.giveUp(i)
	c.poisonEntry(i, !t.call.Interruptibly)
	if t.call.Interruptibly {
		t.interrupted = false
		c.finish(i, interruptedResult())
		return
	}
	c.finish(i, Result{Err: ErrReply, Text: "RedisException: java.lang.InterruptedException"})
}

// waitsUninterruptibly reports whether thread i's latch wait is 3.16.8's
// or 4.7.0's lock() waiting with no ttl: acquireUninterruptibly
// (R16:RedissonLock.java:130-135), which an interrupt leaves waiting in
// its place with the status set.
func (c *Client) waitsUninterruptibly(i int) bool {
	t := &c.threads[i]
	return t.pc == pcLockWait && t.ttl < 0 && !t.call.Interruptibly && c.cf.since3168()
}

// interruptedWait: the latch wait throws InterruptedException (clearing
// the status). 3.16.8's and 4.7.0's lock() catch it and wait again for
// ttl, where a second one escapes as IllegalStateException; 3.8.1's lock() catches it out of lockInterruptibly, sets the status and
// returns as if it held the lock (R8:RedissonLock.lock); tryLock and
// lockInterruptibly throw it, their finally releasing the entry.
func (c *Client) interruptedWait(i int) {
	t := &c.threads[i]
	c.leaveLatch(i)
	t.interrupted = false
	if t.pc == pcLockRewait {
		// The catch's own tryAcquire(ttl) is outside it: the second
		// InterruptedException leaves lock(leaseTime, unit, false) through
		// its finally, and lock() throws a bare IllegalStateException
		// (R16:RedissonLock.java:67-74, 120-128; R47:RedissonLock.java:74-81, 129-137).
		c.finish(i, Result{Err: ErrInterrupted, Text: "java.lang.IllegalStateException (lock()'s second wait threw InterruptedException)"})
		return
	}
	if t.pc == pcLockWait && !t.call.Interruptibly {
		if c.cf.since3168() {
			t.pc = pcLockRewait
			c.latchWait(i, t.ttl, true, false) // a ttl < 0 wait is uninterruptible: never here
			return
		}
		t.interrupted = true
		c.flaw(FlawInterruptSwallowed, t.id)
		c.finish(i, Result{OK: true})
		return
	}
	c.finish(i, interruptedResult())
}
