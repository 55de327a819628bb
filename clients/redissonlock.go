package clients

import (
	"strconv"

	"github.com/locksim/locksim/sim"
)

// Redisson's RLock as the Java client runs it in 3.8.1, 3.16.8 and 4.7.0,
// each version's difference a switch beside the line it ports: lock(),
// tryLock(), tryLock(wait, lease) and their loops (RedissonLock.lock,
// tryLock, tryAcquireAsync), and the calls that send one command. The fair
// lock takes the same paths, its own waits in redissonfairlock.go; unlock
// is in redissonunlock.go, what an interrupt does in interrupt.go. Each
// method names the Java method it ports (R8: / R16: / R47: are
// redisson/src/main/java/org/redisson/ at the tags redisson-3.8.1,
// redisson-3.16.8 and redisson-4.7.0).

func (c *Client) handleOf(i int) *handle { return &c.handles[c.threads[i].call.Handle] }

// explicitLease reports whether call's lease is one the caller gave, not
// the watchdog: 4.7.0 tests leaseTime > 0 (R47:RedissonLock.java:162, 174,
// 187, 198), 3.x leaseTime != -1 (R16:RedissonLock.java:149, 159, 172, 181;
// R8:RedissonLock.java:177, 199).
func (cf *Config) explicitLease(call Call) bool {
	if cf.v470() {
		return call.Lease > 0
	}
	return call.Lease != -1
}

// CallLease is the lease (ms) acquisition call c takes the lock with, as
// the client sends it: a simple lock's own or seed 003's 30 s
// (simpleLease); Redisson's explicit lease (explicitLease, leaseMillis);
// -1 where the watchdog keeps the lock: no lease, or lockAndGetToken(lease),
// which drops its lease (RedissonFencedLock.java:76-78, fencedCall).
func (cf *Config) CallLease(c Call) int64 {
	if c.Unit == 0 {
		c.Unit = Milliseconds // as startCall takes it
	}
	switch {
	case cf.Simple != "":
		return simpleLease(c)
	case cf.Opts.Fenced && c.Kind == CallLock, !cf.explicitLease(c):
		return -1
	}
	return cf.leaseMillis(c.Lease, c.Unit)
}

// leaseMillis is unit.toMillis(leaseTime) for an explicit lease.
func (cf *Config) leaseMillis(lease int64, unit Unit) int64 {
	if cf.Opts.Mutations.LeaseUnitIgnored {
		return lease
	}
	return unit.ToMillis(lease)
}

func (c *Client) redissonCall(i int) {
	t := &c.threads[i]
	call := t.call
	if c.cf.Opts.Fenced && (call.Kind == CallLock || call.Kind == CallTryLock || call.Kind == CallTryLockWait) {
		c.fencedCall(i) // lockAndGetToken, tryLockAndGetToken
		return
	}
	switch call.Kind {
	case CallLock:
		t.pc = pcLockFirst
		c.tryAcquire(i, -1)
	case CallTryLockWait:
		// RedissonLock.tryLock(waitTime, leaseTime, unit): time = unit.toMillis(waitTime);
		// current = System.currentTimeMillis().
		t.time, t.cur = call.Unit.ToMillis(call.Wait), c.wall
		t.pc = pcTryFirst
		c.tryAcquire(i, call.Wait)
	case CallTryLock:
		if call.Lease != -1 {
			// tryLock() takes no lease; "no wait with a lease" is tryLock(0, lease, unit).
			c.finish(i, Result{Err: ErrUnsupported, Text: "tryLock() takes no lease: call tryLock(0, lease, unit)"})
			return
		}
		c.tryAcquireOnce(i)
	case CallUnlock:
		c.unlockInner(i)
	case CallForceUnlock:
		c.forceUnlock(i)
	case CallDelete:
		if c.cf.Opts.Fenced {
			c.command(i, Cmd{Op: OpDelete}) // RedissonFencedLock.deleteAsync: DEL name tokenName
			return
		}
		if !c.cf.Opts.Fair {
			c.forceUnlock(i) // RedissonBaseLock.deleteAsync → forceUnlockAsync
			return
		}
		// RedissonFairLock.deleteAsync: DEL name queue timeouts (no renewal is cancelled).
		c.command(i, Cmd{Op: OpDelete})
	case CallIsLocked:
		c.command(i, Cmd{Op: OpExists}) // RedissonBaseLock.isLocked → isExists
	case CallIsHeld:
		c.command(i, Cmd{Op: OpHExists, Thread: t.id}) // isHeldByThread: HEXISTS name lockName
	case CallHoldCount:
		c.command(i, Cmd{Op: OpHGet, Thread: t.id}) // getHoldCountAsync: HGET name lockName, 0 when nil
	case CallRemainTTL:
		c.command(i, Cmd{Op: OpPTTL}) // RedissonExpirable.remainTimeToLiveAsync: PTTL name (-2: no key)
	default:
		c.finish(i, Result{Err: ErrUnsupported, Text: "unknown call"})
	}
}

// command sends a call's one command (for its thread: the observer files
// it under the thread's call).
func (c *Client) command(i int, cmd Cmd) {
	c.threads[i].pc = pcCommand
	cmd.Thread = c.threads[i].id
	c.send(OwnThread, i, cmd)
	c.awaitReply(i)
}

// tryAcquire is RedissonLock.tryAcquireAsync(waitTime, leaseTime, unit)
// → tryLockInnerAsync with EVAL_LONG. Without a lease, 3.16.8 sends the
// lock object's internalLockLeaseTime with MILLISECONDS as the unit
// (which the fair lock then applies to waitTime too: #4743); 3.8.1 sends
// the watchdog timeout and stores it in internalLockLeaseTime, as it
// stores an explicit lease (R8:RedissonLock.tryLockInnerAsync's first line).
func (c *Client) tryAcquire(i int, waitTime int64) {
	t := &c.threads[i]
	if !c.cf.since3168() {
		// R8:tryLockInnerAsync's first line: internalLockLeaseTime = the lease sent.
		h := c.handleOf(i)
		if c.cf.explicitLease(t.call) {
			h.lease = c.cf.leaseMillis(t.call.Lease, t.call.Unit)
		} else {
			h.lease = c.cf.Opts.LockWatchdogTimeout
		}
	}
	cmd, flaws := c.acquireCmd(i, waitTime, c.sync())
	for _, f := range flaws.list() {
		c.flaw(f, t.id)
	}
	t.leaseSent = cmd.Lease
	c.send(OwnThread, i, cmd)
	c.awaitReply(i)
}

// acquireFlaws are the flaw paths tryAcquire takes making its command, in
// the order it notes them.
type acquireFlaws struct{ leaseUnderWatchdog, keptLease, fairWait bool }

func (f acquireFlaws) list() []Flaw {
	var out []Flaw
	if f.leaseUnderWatchdog {
		out = append(out, FlawLeaseUnderWatchdog)
	}
	if f.keptLease {
		out = append(out, FlawLeaseKept)
	}
	if f.fairWait {
		out = append(out, FlawFairWait)
	}
	return out
}

// acquireCmd is the command tryAcquire sends for thread i (At aside:
// send stamps it), with sync replicas to WAIT for, and the flaw paths it
// takes making it; it changes nothing (3.8.1's tryAcquire first stores
// the lease in the lock object, which acquireCmd then reads).
func (c *Client) acquireCmd(i int, waitTime int64, sync int) (Cmd, acquireFlaws) {
	t := &c.threads[i]
	call, h, o := t.call, c.handleOf(i), &c.cf.Opts
	unit := call.Unit
	var lease int64
	var fl acquireFlaws
	switch {
	case c.cf.explicitLease(call):
		lease = c.cf.leaseMillis(call.Lease, unit)
		// the lease reaches the script, which re-arms a held lock with it,
		// while this JVM's watchdog renews the lock
		fl.leaseUnderWatchdog = c.ren.present
	case c.cf.since3168():
		lease, unit = h.lease, Milliseconds
		fl.keptLease = c.keptLease(i, lease) // noteKeptLease
	default:
		lease, unit = h.lease, Milliseconds
	}
	cmd := Cmd{Op: OpAcquire, Thread: t.id, Lease: lease, Sync: sync}
	if o.Fair {
		cmd.At = c.wall // System.currentTimeMillis()
		if c.cf.since3168() {
			cmd.Wait, fl.fairWait = c.fairWaitOf(waitTime, unit)
		}
	}
	return cmd, fl
}

// tryAcquireOnce is tryLock(): tryAcquireOnceAsync(-1, -1) → EVAL_NULL_BOOLEAN
// with the lock object's internalLockLeaseTime (3.16.8) or the watchdog
// timeout (3.8.1); the fair variant never enqueues.
func (c *Client) tryAcquireOnce(i int) {
	t := &c.threads[i]
	h, o := c.handleOf(i), &c.cf.Opts
	if !c.cf.since3168() {
		h.lease = o.LockWatchdogTimeout
	} else {
		c.noteKeptLease(i, h.lease)
	}
	t.leaseSent = h.lease
	cmd := Cmd{Op: OpAcquireNoWait, Thread: t.id, Lease: h.lease, Sync: c.sync()}
	if o.Fair {
		cmd.At = c.wall
		if c.cf.since3168() {
			cmd.Wait = o.ThreadWaitTime
		}
	}
	t.pc = pcTryOnce
	c.send(OwnThread, i, cmd)
	c.awaitReply(i)
}

// acquired is what tryAcquireAsync does when the script returned nil:
// 3.16.8 keeps an explicit lease in internalLockLeaseTime
// (R16:RedissonLock.java:182) or starts the watchdog; 3.8.1 starts the
// watchdog when there is no lease.
func (c *Client) acquired(i int) {
	call := c.threads[i].call
	if c.cf.explicitLease(call) && c.ren.present {
		c.flaw(FlawLeaseUnderWatchdog, c.threads[i].id)
	}
	if c.cf.explicitLease(call) && call.Kind != CallTryLock {
		if c.cf.since3168() {
			c.setLease(c.threads[i].id, call.Handle, c.cf.leaseMillis(call.Lease, call.Unit))
		}
		return
	}
	c.scheduleExpirationRenewal(i)
}

func (c *Client) threadReply(i int, r sim.Reply, res Result) {
	t := &c.threads[i]
	switch t.pc {
	case pcLockFirst, pcLockTry:
		c.lockReply(i, r, castLong(r, res))
	case pcTryFirst, pcTryTry:
		c.tryLockReply(i, r, castLong(r, res))
	case pcTryFailed:
		// acquireFailed is get(acquireFailedAsync(...)): its failure is the call's.
		if res.Failed() {
			c.finish(i, res)
			return
		}
		c.finish(i, Result{OK: c.cf.Opts.Mutations.TimeoutAcquires})
	case pcTryOnce:
		if res.Failed() {
			c.finish(i, res)
			return
		}
		if r.Kind == sim.KindNil { // EVAL_NULL_BOOLEAN: nil → true
			c.acquired(i)
			c.finish(i, Result{OK: true})
			return
		}
		c.finish(i, Result{})
	case pcCommand:
		c.commandReply(i, r, res)
	case pcFencedFirst, pcFencedTry:
		c.fencedReply(i, r, res)
	}
}

// castLong is the cast to Long where tryAcquire returns what the acquire
// script's EVAL_LONG gave (RedisStrictCommand<Long> with no convertor:
// RedissonLock.tryAcquire `return get(tryAcquireAsync(...))`): nil or an
// integer pass; a bulk or status reply (a String) or an array (a List) throws
// ClassCastException out of lock() or tryLock(). Only a changed script
// returns those; its call fails as a script's error reply does.
func castLong(r sim.Reply, res Result) Result {
	if res.Failed() || r.Kind == sim.KindNil || r.Kind == sim.KindInt {
		return res
	}
	what := "java.lang.String"
	if r.Kind == sim.KindArray {
		what = "a java.util.List"
	}
	return Result{Err: ErrReply, Text: "ClassCastException: the acquire script's reply is " + what + ", not java.lang.Long"}
}

// lockReply is the body of RedissonLock.lock after a tryAcquire: acquired
// → return; else subscribe and wait for the subscription (the first
// time), then wait on the latch for ttl, or with no timeout when ttl < 0.
func (c *Client) lockReply(i int, r sim.Reply, res Result) {
	t := &c.threads[i]
	if res.Failed() {
		c.finish(i, res)
		return
	}
	if r.Kind == sim.KindNil {
		c.acquired(i)
		c.finish(i, Result{OK: true})
		return
	}
	ttl := r.Int
	t.ttl = ttl
	if t.pc == pcLockFirst {
		e := c.subscribe(i)
		st := e.state
		if c.queued(e) {
			st = psPending
		}
		switch st {
		case psOK:
			c.lockLoop(i)
		case psFailed, psCancelled:
			c.flaw(FlawStaleSubscription, t.id)
			c.leaveSubWait(i)
			c.finish(i, Result{Err: ErrSubscribe, Text: e.err})
		default:
			t.pc = pcLockSubscribe
			if o := &c.cf.Opts; o.SubscriptionTimeout > 0 {
				// 4.7.0: pubSub.timeout(future), subscriptionTimeout (RedissonLock.java:112).
				c.setTimer(TimerKey{TimerWait, int64(i)}, c.ms(o.SubscriptionTimeout))
			} else if !c.cf.since3168() {
				// R8:CommandAsyncService.syncSubscription: await timeout + retryInterval × retryAttempts.
				o := &c.cf.Opts
				c.setTimer(TimerKey{TimerWait, int64(i)}, c.ms(o.Timeout+o.RetryInterval*int64(o.RetryAttempts)))
			}
			if t.interrupted {
				c.interruptSubscription(i)
			}
		}
		return
	}
	t.pc = pcLockWait
	if ttl >= 0 {
		c.latchWait(i, ttl, true, false)
		return
	}
	c.emit(Effect{Kind: EffNote, Note: NoteUntimedWait, Thread: t.id, Value: ttl})
	c.flaw(FlawUntimedWait, t.id)
	// R16: acquireUninterruptibly for lock(), acquire() for lockInterruptibly; R8: acquire().
	c.latchWait(i, 0, false, c.cf.since3168() && !t.call.Interruptibly)
}

// lockLoop enters lock()'s try block: try again, then wait.
func (c *Client) lockLoop(i int) {
	t := &c.threads[i]
	t.inTry = true
	t.pc = pcLockTry
	c.tryAcquire(i, -1)
}

// tryLockReply is the body of RedissonLock.tryLock(waitTime, leaseTime,
// unit) after a tryAcquire, measuring the wait left on the wall clock.
func (c *Client) tryLockReply(i int, r sim.Reply, res Result) {
	t := &c.threads[i]
	if res.Err == ErrTimeout && t.pc == pcTryTry && c.cf.v470() {
		// 4.7.0 catches RedisResponseTimeoutException from a try inside the
		// loop: acquireFailed, then false (RedissonLock.java:274-280).
		c.flaw(FlawTimeoutSwallowed, t.id)
		c.acquireFailed(i)
		return
	}
	if res.Failed() {
		c.finish(i, res)
		return
	}
	if r.Kind == sim.KindNil {
		c.acquired(i)
		c.finish(i, Result{OK: true})
		return
	}
	ttl := r.Int
	t.time -= c.wall - t.cur
	if t.time <= 0 {
		c.acquireFailed(i)
		return
	}
	t.cur = c.wall
	if t.pc == pcTryFirst {
		e := c.subscribe(i)
		// An interrupted thread's wait for the subscription throws
		// InterruptedException, outside the try: no unsubscribe, no
		// acquireFailed. 3.16.8's CompletableFuture.get(time) throws only
		// while the future is pending; 3.8.1's CountDownLatch.await always.
		st := e.state
		if c.queued(e) {
			st = psPending
		}
		if t.interrupted && (st == psPending || !c.cf.since3168()) {
			t.interrupted = false
			c.leaveSubWait(i)
			c.finish(i, interruptedResult())
			return
		}
		switch st {
		case psOK:
			c.trySubscribed(i)
		case psFailed:
			c.flaw(FlawStaleSubscription, t.id)
			c.leaveSubWait(i)
			c.acquireFailed(i)
		case psCancelled:
			// get(time) throws the CancellationException itself, which
			// tryLock does not catch: no acquireFailed, the reference leaks.
			c.flaw(FlawStaleSubscription, t.id)
			c.leaveSubWait(i)
			c.finish(i, Result{Err: ErrSubscribe, Text: e.err})
		default:
			t.pc = pcTrySubscribe
			c.setTimer(TimerKey{TimerWait, int64(i)}, c.ms(t.time))
		}
		return
	}
	// if (ttl >= 0 && ttl < time) latch.tryAcquire(ttl) else latch.tryAcquire(time)
	w := t.time
	if ttl >= 0 && ttl < t.time {
		w = ttl
	}
	t.pc = pcTryWait
	c.latchWait(i, w, true, false)
}

// trySubscribed enters tryLock's try block once the subscription is there.
func (c *Client) trySubscribed(i int) {
	t := &c.threads[i]
	t.inTry = true
	t.time -= c.wall - t.cur
	if t.time <= 0 {
		c.acquireFailed(i)
		return
	}
	c.tryLoop(i)
}

func (c *Client) tryLoop(i int) {
	t := &c.threads[i]
	t.pc = pcTryTry
	t.cur = c.wall // currentTime
	c.tryAcquire(i, t.call.Wait)
}

// subscriptionSettled resumes a thread that waited for its entry's
// subscription.
func (c *Client) subscriptionSettled(i int, ok bool, text string) {
	t := &c.threads[i]
	c.cancelTimer(TimerKey{TimerWait, int64(i)})
	switch t.pc {
	case pcLockSubscribe:
		if !ok {
			// syncSubscription throws; the entry's reference is never released.
			c.finish(i, Result{Err: ErrSubscribe, Text: text})
			return
		}
		c.lockLoop(i)
	case pcTrySubscribe:
		if !ok {
			if e := c.entry(c.entryKey(i)); e != nil && e.state == psCancelled {
				c.finish(i, Result{Err: ErrSubscribe, Text: text}) // get(time) throws it: see psCancelled above
				return
			}
			// R16: subscribeFuture.cancel(false) fails on a failed future and
			// whenComplete sees the failure: nothing is unsubscribed.
			c.acquireFailed(i)
			return
		}
		c.trySubscribed(i)
	case pcFencedSubscribe:
		if !ok {
			c.finish(i, Result{Err: ErrSubscribe, Text: text}) // whenComplete: completeExceptionally
			return
		}
		c.fencedSubscribed(i)
	}
}

// waitTimedOut: a thread's timed wait ran out.
func (c *Client) waitTimedOut(i int) {
	if i >= len(c.threads) {
		return
	}
	t := &c.threads[i]
	switch t.pc {
	case pcLockSubscribe:
		// R8: syncSubscription throws "Subscribe timeout"; the reference leaks.
		c.giveUp(i)
		o := &c.cf.Opts
		if o.SubscriptionTimeout > 0 {
			// 4.7.0: PublishSubscribeService.timeout fails the future (PublishSubscribeService.java:475-488);
			// get(future) throws before lock()'s try. The entry keeps no reference of it (giveUp).
			c.finish(i, Result{Err: ErrSubscribe, Text: "RedisTimeoutException: Unable to acquire subscription lock after " + strconv.FormatInt(o.SubscriptionTimeout, 10) + "ms. Try to increase 'subscriptionTimeout', 'subscriptionsPerConnection', 'subscriptionConnectionPoolSize' parameters."})
			return
		}
		c.finish(i, Result{Err: ErrSubscribe, Text: "RedisTimeoutException: Subscribe timeout: (" + strconv.FormatInt(o.Timeout+o.RetryInterval*int64(o.RetryAttempts), 10) + "ms)"})
	case pcTrySubscribe:
		// subscribeFuture.get(time) timed out: cancel(false) succeeds on a
		// pending future, so 3.16.8 never releases the reference; 3.8.1's
		// cancel fails and its listener unsubscribes once the subscription
		// completes (R8:RedissonLock.tryLock); 4.7.0's completeExceptionally
		// leaves the entry no reference (giveUp).
		if e := c.giveUp(i); e != nil && !c.cf.since3168() && e.state == psPending {
			e.unsubOnSuccess++
		}
		c.poisonEntry(i, true)
		c.acquireFailed(i)
	case pcLockWait, pcLockRewait, pcTryWait:
		c.leaveLatch(i)
		c.woken(i)
	case pcSimplePoll:
		c.simplePoll(i)
	case pcFencedSubscribe:
		c.fencedSubscribeTimedOut(i)
	case pcFencedWait:
		if c.removeListener(i) {
			c.fencedWoken(i)
		}
	}
}

// woken: a latch wait ended (a permit, or its time ran out).
func (c *Client) woken(i int) {
	t := &c.threads[i]
	switch t.pc {
	case pcLockWait, pcLockRewait:
		t.pc = pcLockTry
		c.tryAcquire(i, -1)
	case pcTryWait:
		t.time -= c.wall - t.cur
		if t.time <= 0 {
			c.acquireFailed(i)
			return
		}
		c.tryLoop(i)
	}
}

func (c *Client) commandReply(i int, r sim.Reply, res Result) {
	switch c.threads[i].call.Kind {
	case CallUnlock:
		c.unlocked(i, r, res)
		return
	case CallHoldCount:
		if !res.Failed() && r.Kind == sim.KindBulk {
			res.Value, _ = strconv.ParseInt(r.Str, 10, 64)
		}
	case CallRemainTTL:
		if !res.Failed() {
			res.Value = r.Int
		}
	default:
		res.OK = !res.Failed() && r.Kind == sim.KindInt && r.Int > 0
	}
	c.finish(i, res)
}
