package clients

import (
	"math"
	"slices"
	"strconv"

	"github.com/locksim/locksim/sim"
)

// Redisson 4.7.0's RFencedLock (R47:RedissonFencedLock.java): an RLock
// whose every acquisition also increments a token counter kept beside the
// lock (tokenName), and whose lockAndGetToken / tryLockAndGetToken return
// that token. Those two do not go through RedissonLock's lock loop: they
// are an asynchronous loop of their own (tryLockAndGetTokenAsync,
// tryLockAsync) that waits with a listener on the pub/sub entry and a
// timer rather than on the entry's latch. Unlock, forceUnlock and the
// watchdog are RedissonLock's.
//
// What the client ports as it is, surprises included:
//   - lockAndGetToken(leaseTime, unit) drops its arguments and calls
//     lockAndGetTokenAsync() (RedissonFencedLock.java:76-79): the lock is
//     taken with the watchdog, not for the lease asked;
//   - tryLockAndGetToken() is tryLockAndGetTokenAsync(-1, null), whose
//     waitTime -1 means no limit (RedissonFencedLock.java:121-127, 153-157):
//     it waits until it gets the lock, as lockAndGetToken() does;
//   - its tryAcquireAsync is not wrapped in ServiceManager.execute nor in
//     handleNoSync (RedissonFencedLock.java:85-102): after a WAIT that
//     counted no replica the call fails and the lock it took stays, with
//     no watchdog;
//   - a RedisResponseTimeoutException fails the call (RedissonLock.tryLock's
//     loop catches it; this loop does not).
//
// An interrupt while the caller waits in get() cancels the result future
// (CommandAsyncService.java:186-191), not the loop, which goes on until
// its next step sees the result done. A waiter's listener stays queued
// with its timeout (leaveListener); an acquire in flight goes on, and
// unlocks what it takes (`if (!result.complete(...)) unlockAsync(threadId)`,
// detached.go). Not modelled: such an acquire that does not take the lock
// goes on to wait (RedissonFencedLock.java:247-290), or, the first one,
// to subscribe (183-208), before it unsubscribes; here the reference is
// released when the call returns, and the first one never subscribes. A
// call interrupted while it subscribes releases its reference when the
// subscription completes (unsubOnSuccess), as its loop does; not modelled:
// a wait that runs out first fails the subscription then (184, 200-208),
// which leaves the entry no reference.

// forever is Long.MAX_VALUE, the wait of a call with no limit (waitTime <
// 0). It is never decremented: Java's subtraction could not bring it to 0
// in any run, and keeping it constant keeps an exhaustive search finite.
const forever = math.MaxInt64

// fencedCall starts lockAndGetToken / tryLockAndGetToken for thread i:
// tryLockAndGetTokenAsync(waitTime, leaseTime, unit, threadId).
func (c *Client) fencedCall(i int) {
	t := &c.threads[i]
	switch t.call.Kind {
	case CallLock:
		if t.call.Lease != -1 {
			c.flaw(FlawFencedLeaseDropped, t.id)
		}
		t.call.Lease = -1 // lockAndGetToken(leaseTime, unit) → lockAndGetTokenAsync()
		t.call.Wait = -1
	case CallTryLock:
		t.call.Wait = -1 // tryLockAndGetToken() → tryLockAndGetTokenAsync(-1, null)
	}
	// time = waitTime < 0 ? Long.MAX_VALUE : unit.toMillis(waitTime)
	t.time = forever
	if t.call.Wait >= 0 {
		t.time = t.call.Unit.ToMillis(t.call.Wait)
	}
	t.pc = pcFencedFirst
	c.fencedAcquire(i)
	c.awaitReply(i) // get(lockAndGetTokenAsync()): the loop's later tries run on its listeners
}

// fencedAcquire is RedissonFencedLock.tryAcquireAsync: the explicit lease
// when leaseTime > 0, else the lock object's internalLockLeaseTime; the
// wall clock is read before it (currentTime, curr).
func (c *Client) fencedAcquire(i int) {
	t := &c.threads[i]
	lease := c.handleOf(i).lease
	if t.call.Lease > 0 {
		lease = c.cf.leaseMillis(t.call.Lease, t.call.Unit)
		if c.ren.present {
			c.flaw(FlawLeaseUnderWatchdog, t.id) // the script re-arms a held lock with it
		}
	} else {
		c.noteKeptLease(i, lease)
	}
	t.cur = c.wall
	t.leaseSent = lease
	c.send(OwnThread, i, Cmd{Op: OpAcquireToken, Thread: t.id, Lease: lease, Sync: c.sync()})
}

// elapse is time.addAndGet(-(System.currentTimeMillis() - since)).
func (c *Client) elapse(i int) {
	t := &c.threads[i]
	if t.time != forever {
		t.time -= c.wall - t.cur
	}
}

// fencedReply handles the reply of a fenced acquire: the whenComplete of
// tryLockAndGetTokenAsync (first) or tryLockAsync (later tries).
func (c *Client) fencedReply(i int, r sim.Reply, res Result) {
	t := &c.threads[i]
	if res.Failed() {
		if res.Err == ErrSync {
			c.flaw(FlawFencedNoUndo, t.id)
		}
		c.finish(i, res) // completeExceptionally; finish unsubscribes a later try
		return
	}
	ttl, token, ok := tokenReply(r)
	if !ok {
		c.finish(i, Result{Err: ErrReply, Text: "RedisException: unexpected reply to EVAL_LONG_LIST " + r.String()})
		return
	}
	if ttl == -1 {
		// tryAcquireAsync's thenApply: a lease is kept in internalLockLeaseTime,
		// else the watchdog starts (RedissonFencedLock.java:91-99); then the
		// token completes the result.
		if t.call.Lease > 0 {
			if c.ren.present {
				c.flaw(FlawLeaseUnderWatchdog, t.id)
			}
			c.setLease(t.id, t.call.Handle, c.cf.leaseMillis(t.call.Lease, t.call.Unit))
		} else {
			c.scheduleExpirationRenewal(i)
		}
		c.finish(i, Result{OK: true, Value: token})
		return
	}
	c.elapse(i)
	if t.time <= 0 {
		c.finish(i, Result{}) // result.complete(null)
		return
	}
	t.cur = c.wall // current
	if t.pc == pcFencedFirst {
		c.fencedSubscribe(i)
		return
	}
	// "waiting for message": a free permit means try again at once; else a
	// listener, and a timeout of min(ttl, time).
	e := c.entry(c.entryKey(i))
	if e == nil || e.permits > 0 {
		if e != nil {
			e.permits--
		}
		c.fencedLoop(i)
		return
	}
	e.listeners = append(e.listeners, t.id)
	t.pc = pcFencedWait
	w := t.time
	if ttl < w {
		w = ttl
	}
	c.emit(Effect{Kind: EffNote, Note: NoteWait, Thread: t.id, Value: w, OK: true})
	c.setTimer(TimerKey{TimerWait, int64(i)}, c.ms(max(w, 0)))
}

// tokenReply reads an EVAL_LONG_LIST acquire's reply: {-1, token} when it
// took the lock, {pttl, -1} when not; ok is false for any other shape.
func tokenReply(r sim.Reply) (ttl, token int64, ok bool) {
	if r.Kind != sim.KindArray || len(r.Arr) != 2 || r.Arr[0].Kind != sim.KindInt || r.Arr[1].Kind != sim.KindInt {
		return 0, 0, false
	}
	return r.Arr[0].Int, r.Arr[1].Int, true
}

// fencedSubscribe is the subscribe(threadId) of tryLockAndGetTokenAsync,
// with pubSub.timeout(subscribeFuture, time): a subscription not active
// within the wait left fails the call with RedisTimeoutException (that
// timer comes before the one that would complete it with null).
func (c *Client) fencedSubscribe(i int) {
	t := &c.threads[i]
	e := c.subscribe(i)
	switch e.state {
	case psOK:
		c.fencedSubscribed(i)
	case psFailed:
		c.leaveSubWait(i)
		c.finish(i, Result{Err: ErrSubscribe, Text: e.err})
	default:
		t.pc = pcFencedSubscribe
		if t.time != forever {
			c.setTimer(TimerKey{TimerWait, int64(i)}, c.ms(t.time))
		}
	}
}

// fencedSubscribed: the subscription is there; the elapsed wait is taken
// off and the loop starts (tryLockAsync), holding the entry's reference.
func (c *Client) fencedSubscribed(i int) {
	t := &c.threads[i]
	t.inTry = true
	c.elapse(i)
	c.fencedLoop(i)
}

// fencedLoop is tryLockAsync: no wait left → unsubscribe and null; else
// try again.
func (c *Client) fencedLoop(i int) {
	t := &c.threads[i]
	if t.time <= 0 {
		c.finish(i, Result{})
		return
	}
	t.pc = pcFencedTry
	c.fencedAcquire(i)
}

// fencedSubscribeTimedOut: PublishSubscribeService.timeout failed the
// subscription future; its whenComplete fails the call. The entry keeps no
// reference of it (giveUp).
func (c *Client) fencedSubscribeTimedOut(i int) {
	t := &c.threads[i]
	c.giveUp(i)
	c.finish(i, Result{Err: ErrSubscribe, Text: "RedisTimeoutException: Unable to acquire subscription lock after " + strconv.FormatInt(t.time, 10) + "ms. Try to increase 'subscriptionTimeout', 'subscriptionsPerConnection', 'subscriptionConnectionPoolSize' parameters. "})
}

// fencedWoken: the listener ran (an unlock message) or its timeout found
// it still registered (entry.removeListener): the wait is taken off and
// the loop goes on.
func (c *Client) fencedWoken(i int) {
	c.elapse(i)
	c.fencedLoop(i)
}

// runListener is RedissonLockEntry.tryRunListener: the oldest fenced
// waiter's listener runs (cancelling its timeout), before the message
// releases a permit. A listener an interrupted call left runs too: its
// tryLockAsync finds the result done and unsubscribes (RedissonFencedLock.java:217-219),
// which may remove the entry.
func (c *Client) runListener(e *psEntry) {
	if len(e.listeners) == 0 {
		return
	}
	tid := e.listeners[0]
	e.listeners = e.listeners[1:]
	if tid < 0 {
		c.cancelTimer(TimerKey{TimerListener, -tid - 1})
		c.release(e.key)
		return
	}
	if i := c.findThread(tid); i >= 0 && c.threads[i].pc == pcFencedWait {
		c.cancelTimer(TimerKey{TimerWait, int64(i)})
		c.fencedWoken(i)
	}
}

// leaveListener: an interrupt ends fenced waiter i's call while its
// listener is queued. get() cancels the result future, not the loop
// (CommandAsyncService.java:186-191): the listener stays queued, where it
// takes the next unlock message's run from any later waiter of the
// client (RedissonLockEntry.java:68-73, LockPubSub.java:43-46), and its
// timeout stays set; whichever comes first ends the loop, which finds the
// result done and unsubscribes (RedissonFencedLock.java:217-219, 263-290).
// The listener and the reference it holds are left behind under the
// first free slot j, as -(j+1), with its timer TimerListener j.
func (c *Client) leaveListener(i int) {
	t := &c.threads[i]
	e := c.entry(c.entryKey(i))
	if e == nil {
		return
	}
	k := slices.Index(e.listeners, t.id)
	if k < 0 {
		return
	}
	j := int64(0)
	for c.leftListener(j) != nil {
		j++
	}
	e.listeners[k] = -(j + 1)
	for _, tm := range c.timers {
		if tm.key == (TimerKey{TimerWait, int64(i)}) {
			c.setTimer(TimerKey{TimerListener, j}, tm.at)
			break
		}
	}
	c.cancelTimer(TimerKey{TimerWait, int64(i)})
	t.inTry = false // the reference is the listener's now
}

// leftListener is the entry holding the listener an interrupted call
// left in slot j, or nil.
func (c *Client) leftListener(j int64) *psEntry {
	for k := range c.subs {
		if slices.Contains(c.subs[k].listeners, -(j + 1)) {
			return &c.subs[k]
		}
	}
	return nil
}

// leftListenerTimedOut: the timeout of the listener left in slot j finds
// it still queued (entry.removeListener, RedissonFencedLock.java:281-287):
// its loop sees the result done and unsubscribes.
func (c *Client) leftListenerTimedOut(j int64) {
	e := c.leftListener(j)
	if e == nil {
		return
	}
	e.listeners = slices.DeleteFunc(e.listeners, func(x int64) bool { return x == -(j + 1) })
	c.release(e.key)
}

// removeListener is entry.removeListener for thread i's listener.
func (c *Client) removeListener(i int) bool {
	e := c.entry(c.entryKey(i))
	if e == nil {
		return false
	}
	for j, tid := range e.listeners {
		if tid == c.threads[i].id {
			e.listeners = append(e.listeners[:j:j], e.listeners[j+1:]...)
			return true
		}
	}
	return false
}
