package clients

import "github.com/locksim/locksim/sim"

// A 4.7.0 acquire outlives the call that made it when the calling thread
// is interrupted. Every synchronous acquire is
// get(ServiceManager.execute(() -> tryAcquireAsync(...))) (RedissonLock.java:152-158,
// 451-454), and get() answers an interrupt with future.cancel(true)
// (CommandAsyncService.java:186-191): that cancels execute's own result
// future (ServiceManager.java:611-645), not the script's, so when the
// script completes its thenApply still runs (RedissonLock.java:174-185,
// 194-209). An acquire that took the lock then starts the watchdog for a
// thread that was told it failed and will never unlock: the lock is renewed
// for as long as the JVM lives (issue #7272). The fenced lock's loop sees
// its result already done and unlocks what it took (`if
// (!result.complete(...)) unlockAsync(threadId)`, RedissonFencedLock.java:166-170, 223-227).
//
// 3.16.8 returns the onComplete's own future (tryAcquireAsync's
// ttlRemainingFuture; unlockAsync's handle stage), and its get() cancels
// it (R16:CommandAsyncService.java:115-129), so the callback never runs:
// the lock its script may take expires with its lease. There the
// interrupted command's reply is simply ignored (Client.interrupt).
//
// 3.8.1's get() cancels nothing: it stops waiting on its latch, sets the
// interrupt status again and throws convertException of a future not yet
// done (R8:CommandAsyncService.get). The command and its listener live on:
// tryAcquireAsync's and tryAcquireOnceAsync's listener starts the watchdog
// when the script took the lock without a lease (R8:RedissonLock.java:176-218),
// so 3.8.1 shows #7272 too, and an interrupted unlock's listener still
// cancels the renewal as unlockAsync's does (R8:RedissonLock.java:506-534).
//
// An interrupted 4.7.0 unlock goes on the same way: unlock() is
// get(ServiceManager.execute(() -> unlockAsync0(...))) (RedissonBaseLock.java:155-159,
// RedissonLock.java:185-194), so unlockAsync0's handle still cancels the
// renewal count and resets internalLockLeaseTime when the reply comes.
//
// 4.7.0's forceUnlock() and the fair lock's acquireFailed go on the same
// way: both are get(syncedEvalWithRetry(...)), ServiceManager.execute
// around the script (CommandAsyncService.java:1068-1071), so the interrupt
// cancels execute's result and the executor still re-sends the script
// after a lost reply; nothing runs after it.
//
// ServiceManager.execute repeats a detached unlock, forceUnlock or
// acquireFailed that failed with NoSyncedSlavesException, for nobody
// (ServiceManager.java:618-637). A detached acquire that fails so is
// first undone by handleNoSync's unlock (CommandAsyncService.java:1038-1066,
// RedissonLock.java:193), then repeated the same way: a repeat that takes
// the lock runs its thenApply, the watchdog for nobody (#7272). The fenced
// lock's loop has neither undo nor repeat (RedissonFencedLock.java:84-103).

// detachedCall is one such acquire: the command, still in the executor,
// and what its completion needs of the call that made it.
type detachedCall struct {
	live bool
	// own: its command is its own, addressed to it (the fenced loop's
	// unlock), no longer the thread's, which was addressed to the thread's slot
	own    bool
	slot   int32 // the thread's slot: its replies are addressed there
	tid    int64
	handle int
	lease  int64 // the explicit lease the thenApply keeps, or -1: the watchdog
	fenced bool  // RedissonFencedLock's loop: unlock an acquisition nobody takes
	exec   exec
}

// detach moves thread i's command, in the executor, to a detached slot
// when its version lets it complete without its caller: an acquire or an
// unlock of 3.8.1 or 4.7.0; false when it does not.
func (c *Client) detach(i int) bool {
	t := &c.threads[i]
	e := &t.exec
	if c.cf.getCancels() || e.phase == execIdle || e.undo {
		return false
	}
	switch e.cmd.Op {
	case OpAcquire, OpAcquireNoWait, OpAcquireToken, OpUnlock:
	case OpForceUnlock, OpAcquireFailed:
		// 4.7.0's syncedEvalWithRetry: get() cancels ServiceManager.execute's
		// result, not the executor's promise (ServiceManager.java:611-645,
		// CommandAsyncService.java:1068-1071, 186-191)
		if !c.cf.v470() {
			return false
		}
	default:
		return false
	}
	d := detachedCall{live: true, slot: int32(i), tid: t.id, handle: t.call.Handle, lease: -1, fenced: e.cmd.Op == OpAcquireToken, exec: *e}
	// The thenApply keeps an explicit lease (leaseTime > 0 in 4.7.0,
	// != -1 in 3.8.1); tryLock() and the calls without one start the watchdog.
	if c.cf.explicitLease(t.call) && t.call.Kind != CallTryLock {
		d.lease = c.cf.leaseMillis(t.call.Lease, t.call.Unit)
	}
	j := 0
	for j < len(c.detached) && c.detached[j].live {
		j++
	}
	if j == len(c.detached) {
		c.detached = append(c.detached, detachedCall{})
	}
	c.detached[j] = d
	for _, tm := range c.timers {
		if tm.key == (TimerKey{TimerExec, int64(i)}) {
			c.setTimer(TimerKey{TimerDetachedExec, int64(j)}, tm.at)
			break
		}
	}
	c.cancelTimer(TimerKey{TimerExec, int64(i)})
	e.phase = execIdle // the seq stays: the thread's next command is another
	c.emit(Effect{Kind: EffNote, Note: NoteDetached, Thread: t.id, Text: "its " + e.cmd.Op.String() + " goes on without the call"})
	return true
}

// detachedDone runs what Java runs when a detached command completes.
func (c *Client) detachedDone(j int, r sim.Reply, res Result) {
	d := &c.detached[j]
	if d.exec.undo {
		// handleNoSync's undo ran: execute repeats the acquire, for nobody
		if !c.undone(OwnDetached, j, int(d.slot), res) {
			c.dropDetached(j)
		}
		return
	}
	if op := d.exec.cmd.Op; c.cf.v470() && !d.fenced && res.Err == ErrSync && svcWrapped(op) && (op == OpAcquire || op == OpAcquireNoWait) {
		// the undo is the detached call's own command, addressed to it
		d.own = true
		c.undoAcquire(OwnDetached, j, d.tid, d.handle)
		return
	}
	switch d.exec.cmd.Op {
	case OpUnlock:
		if c.cf.v470() {
			// unlockAsync0's handle: an interrupted unlock's (execute's future
			// was cancelled, not unlockAsync0's), or the fenced loop's own.
			if !res.Failed() {
				c.delLatch(int(d.slot), d.exec.cmd)
			}
			c.unlockHandledFor(d.tid, d.handle, r, res)
			if c.repeatNoSync(j, res) {
				return
			}
		} else {
			// 3.8.1's unlockAsync listener, for a thread that was told it failed.
			c.unlockListener381(d.tid, r, res)
		}
		c.dropDetached(j)
		return
	case OpForceUnlock, OpAcquireFailed:
		// Nothing follows the script; execute repeats it for nobody.
		if !c.repeatNoSync(j, res) {
			c.dropDetached(j)
		}
		return
	}
	acquired := false
	if !res.Failed() {
		switch d.exec.cmd.Op {
		case OpAcquire, OpAcquireNoWait:
			acquired = r.Kind == sim.KindNil
		case OpAcquireToken:
			ttl, _, ok := tokenReply(r)
			acquired = ok && ttl == -1
		}
	}
	if !acquired {
		c.dropDetached(j)
		return
	}
	what := "its acquire took the lock after the call gave up: "
	switch {
	case !c.cf.since3168() && d.lease >= 0:
		// R8: only an acquire without a lease has a listener (tryLockInnerAsync
		// stored any lease when it was sent).
		c.dropDetached(j)
		return
	case !c.cf.since3168():
		c.schedule381(d.tid, d.handle, -1) // the listener's scheduleExpirationRenewal
		what += "the watchdog renews it"
	case d.lease >= 0:
		c.setLease(d.tid, d.handle, d.lease) // internalLockLeaseTime = unit.toMillis(leaseTime)
		what += "the lease runs out"
	default:
		c.scheduleExpirationRenewal(int(d.slot))
		what += "the watchdog renews it"
	}
	if !d.fenced {
		c.flaw(FlawDetachedHold, d.tid)
		c.emit(Effect{Kind: EffNote, Note: NoteDetached, Thread: d.tid, Text: what + " for a thread that was told it failed"})
		c.dropDetached(j)
		return
	}
	c.emit(Effect{Kind: EffNote, Note: NoteDetached, Thread: d.tid, Text: what + "; the result is done, so it unlocks"})
	d.own = true
	c.send(OwnDetached, j, c.unlockCmdFor(d.tid, d.handle))
}

// repeatNoSync is ServiceManager.execute's repeat of detached command j
// after NoSyncedSlavesException, which runs whether or not anybody still
// waits for execute's result (ServiceManager.java:618-637); false when
// the command is done.
func (c *Client) repeatNoSync(j int, res Result) bool {
	e := &c.detached[j].exec
	if res.Err != ErrSync || !svcWrapped(e.cmd.Op) || int(e.svc) >= c.cf.Opts.RetryAttempts {
		return false
	}
	c.svcDelay(OwnDetached, j)
	return true
}

func (c *Client) dropDetached(j int) {
	c.detached[j] = detachedCall{}
	for len(c.detached) > 0 && !c.detached[len(c.detached)-1].live {
		c.detached = c.detached[:len(c.detached)-1]
	}
}
