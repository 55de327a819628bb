package clients

import (
	"slices"
	"strconv"
)

// Redisson's pub/sub entries (PublishSubscribe, RedissonLockEntry,
// LockPubSub) and the latch a waiting thread blocks on.

type psState uint8

const (
	psPending psState = iota
	psOK
	psFailed
	psCancelled // 3.16.8: its creator cancelled the promise every user shares (poisonEntry)
)

// psEntry is a PublishSubscribe entry (RedissonLockEntry): the threads
// of the process waiting for the lock share it (the fair lock: one per
// thread). It counts its users, remembers how its subscription went, and
// holds the latch (a non-fair Semaphore(0)) that unlock messages release.
type psEntry struct {
	key     int64 // the thread id for the fair lock's per-thread entry, 0 for the lock's
	creator int64 // 3.16.8, while pending: the thread whose future is the entry's promise
	channel string
	refs    int
	state   psState
	err     string
	live    bool // the channel is subscribed (not yet unsubscribed)
	permits int
	latch   []int64 // threads queued on the latch, oldest first
	subWait []int64 // threads waiting for the subscription, in order
	// listeners are the fenced lock's waiting threads, oldest first: an
	// unlock message runs the first before it releases a permit
	// (RedissonLockEntry.addListener, LockPubSub.onMessage). A listener
	// whose call an interrupt ended is -(j+1), j the slot of its timeout
	// (TimerListener; redissonfencedlock.go, leaveListener).
	listeners []int64
	// unsubOnSuccess counts the calls that left while the subscription was
	// on its way and unsubscribe when it completes: 3.8.1's tryLock that
	// gave up waiting, 4.7.0's interrupted fenced loop.
	unsubOnSuccess int
}

// entryKey is the key of thread i's entry: RedissonFairLock.subscribe
// uses getEntryName() + ":" + threadId, RedissonLock the lock's entry.
func (c *Client) entryKey(i int) int64 {
	if c.cf.Opts.Fair {
		return c.threads[i].id
	}
	return 0
}

func (c *Client) entry(key int64) *psEntry {
	for j := range c.subs {
		if c.subs[j].key == key {
			return &c.subs[j]
		}
	}
	return nil
}

func (c *Client) entryByChannel(ch string) *psEntry {
	for j := range c.subs {
		if c.subs[j].channel == ch {
			return &c.subs[j]
		}
	}
	return nil
}

// subscribe is PublishSubscribe.subscribe for thread i: it takes a
// reference on the entry, creating it (and the channel's subscription)
// when there is none. A new 3.16.8 subscription fails after Config.timeout
// ("Subscription timeout", PublishSubscribeService.subscribe). A pending
// entry remembers the thread, to resume it when the subscription settles.
func (c *Client) subscribe(i int) *psEntry {
	t := &c.threads[i]
	key := c.entryKey(i)
	e := c.entry(key)
	if e == nil {
		ch := WaiterChannel(c.cf.Lock, c.Owner(t.id), c.cf.Opts.Fair)
		c.subs = append(c.subs, psEntry{key: key, channel: ch, live: true})
		e = &c.subs[len(c.subs)-1]
		c.emit(Effect{Kind: EffSubscribe, Channel: ch})
		if c.cf.Opts.Era == Era3 {
			e.creator = t.id // createEntry(newPromise): its future is the entry's promise
			// 4.7.0 subscribes with no timeout of its own (subscribeNoTimeout, PublishSubscribe.java:117).
			c.setTimer(TimerKey{TimerSubscribe, key}, c.ms(c.cf.Opts.Timeout))
		}
	}
	if e.refs == 0 {
		// 4.7.0: an entry every user gave up on while it subscribed (giveUp)
		// left the map; this is the new one its channel completes, with a
		// latch of its own
		e.permits = 0
	}
	e.refs++
	if c.queued(e) {
		e.subWait = append(e.subWait, t.id)
	}
	return e
}

// queued reports whether a thread that subscribes to e now waits: while
// its subscription is on its way, and, in 3.16.8, while the subscription
// of an entry its creator poisoned is (the channel's semaphore keeps the
// others out until it completes: poisonEntry).
func (c *Client) queued(e *psEntry) bool {
	if e.state == psPending {
		return true
	}
	if e.state == psOK || c.cf.Opts.Era != Era3 {
		return false
	}
	for _, tm := range c.timers {
		if tm.key == (TimerKey{TimerSubscribe, e.key}) {
			return true
		}
	}
	return false
}

// giveUp: thread i stops waiting for its entry's pending subscription and
// fails its own subscribe future (a timeout, a cancel). In 4.7.0 that
// leaves no reference on the entry later users share. The channel's
// AsyncSemaphore, taken in PublishSubscribe.subscribe (PublishSubscribe.java:71-74)
// and held by the new entry's subscription until it completes
// (PublishSubscribe.java:112, PubSubConnectionEntry.java:318-343), keeps
// every other subscriber of the process waiting outside: the thread that
// made the entry is the only one chained to its promise. When it gives up,
// its future, the entry's promise, fails the subscription's future, which
// removes the entry from the map (PublishSubscribe.java:113-122) with its
// reference, and fails nobody else; the subscription itself goes on, and
// keeps the channel subscribed once done. A thread still outside gives up
// before it takes a reference (PublishSubscribe.java:75-78). Either way the
// others go on when the subscription completes: the first makes a new
// entry, which the subscribed channel completes at once
// (PublishSubscribeService.java:526, 587-661). The entry here stands for
// both, the old one and the new one: it keeps its subscription, and loses
// the reference; with no user left it stays, its channel subscribed, until
// one comes (subscribe) or the last one leaves (release). 3.x keeps the
// reference, which nothing releases (3.16.8's creator poisons the entry:
// poisonEntry).
func (c *Client) giveUp(i int) *psEntry {
	e := c.leaveSubWait(i)
	if e != nil && c.cf.v470() && e.state == psPending && e.refs > 0 {
		e.refs--
	}
	return e
}

// unsubscribe is PublishSubscribe.unsubscribe: the last reference removes
// the entry and unsubscribes its channel.
func (c *Client) unsubscribe(i int) {
	c.threads[i].inTry = false
	c.release(c.entryKey(i))
}

func (c *Client) release(key int64) {
	e := c.entry(key)
	if e == nil {
		return
	}
	e.refs--
	if e.refs > 0 {
		return
	}
	if e.live {
		c.emit(Effect{Kind: EffUnsubscribe, Channel: e.channel})
	}
	c.subs = slices.DeleteFunc(c.subs, func(x psEntry) bool { return x.key == key })
}

// onSubscribed: the channel's subscription is active; waiting threads go
// on in the order they subscribed, and the calls that left while it was on
// its way and unsubscribe on success (unsubOnSuccess) release their
// references.
func (c *Client) onSubscribed(ch string) {
	e := c.entryByChannel(ch)
	if e != nil && c.queued(e) && e.state != psPending {
		// complete(value) on a done promise changes nothing; the semaphore
		// lets the waiters in, to the poisoned entry
		c.cancelTimer(TimerKey{TimerSubscribe, e.key})
		c.failWaiters(e)
		return
	}
	if e == nil || e.state != psPending {
		return
	}
	e.state, e.creator = psOK, 0
	key := e.key
	c.cancelTimer(TimerKey{TimerSubscribe, key})
	waiting := e.subWait
	e.subWait = nil
	for n := e.unsubOnSuccess; n > 0; n-- {
		c.release(key)
	}
	if e = c.entry(key); e != nil {
		e.unsubOnSuccess = 0
	}
	for _, tid := range waiting {
		if i := c.findThread(tid); i >= 0 {
			c.subscriptionSettled(i, true, "")
		}
	}
}

// subscribeWaiter is the first thread still waiting for channel ch's
// subscription to become active, if any.
func (c *Client) subscribeWaiter(ch string) (int64, bool) {
	e := c.entryByChannel(ch)
	if e == nil || e.state != psPending || len(e.subWait) == 0 {
		return 0, false
	}
	return e.subWait[0], true
}

// subscribeTimedOut is 3.16.8's subscription timeout: the entry's promise
// fails and the channel is unsubscribed, but the entry stays in the map
// with its failed promise, so later subscribers fail at once (#6047).
func (c *Client) subscribeTimedOut(key int64) {
	e := c.entry(key)
	if e != nil && e.state != psPending && e.live {
		// a poisoned entry: the failure cannot complete its done promise;
		// the channel is unsubscribed all the same, and the semaphore lets
		// the waiters in
		e.live = false
		c.emit(Effect{Kind: EffUnsubscribe, Channel: e.channel})
		c.failWaiters(e)
		return
	}
	if e == nil || e.state != psPending {
		return
	}
	e.state, e.live, e.creator = psFailed, false, 0
	e.err = "RedisTimeoutException: Subscription timeout after " + strconv.FormatInt(c.cf.Opts.Timeout, 10) + "ms. Check network and/or increase 'timeout' parameter."
	c.emit(Effect{Kind: EffUnsubscribe, Channel: e.channel})
	c.emit(Effect{Kind: EffNote, Note: NoteSubscribeFail, Text: e.err})
	waiting, text := e.subWait, e.err
	e.subWait = nil
	for _, tid := range waiting {
		if i := c.findThread(tid); i >= 0 {
			c.subscriptionSettled(i, false, text)
		}
	}
}

// poisonEntry is 3.16.8's entry whose creator gives up on it. Its
// PublishSubscribe.subscribe makes the creating thread's future the
// entry's promise (createEntry(newPromise), R16:PublishSubscribe.java:94)
// and chains every later subscriber's future to it (80-91, 99-107): when
// the creator cancels its future (tryLock's subscription wait timing out,
// lock()'s interrupted get()) or fails it (lockInterruptibly's
// getInterrupted), every thread that finds the entry fails with it, for
// the subscription's completion cannot complete a done promise and the
// creator's reference is never released: the entry stays for as long as
// the process lives. The other threads of the process find it once the
// channel's AsyncSemaphore lets them in (PublishSubscribe.java:64-80),
// which the entry's subscription holds until it completes or times out
// (PublishSubscribeService.java:308-314, 333-355): until then they wait
// (queued), and then fail (failWaiters). Thread i, the creator, has left
// the entry's waiters.
func (c *Client) poisonEntry(i int, cancelled bool) {
	e := c.entry(c.entryKey(i))
	if e == nil || e.state != psPending || e.creator != c.threads[i].id || c.cf.Opts.Era != Era3 {
		return
	}
	e.creator = 0
	if cancelled {
		e.state, e.err = psCancelled, "java.util.concurrent.CancellationException"
	} else {
		// the others' get(): ExecutionException(InterruptedException), convertException's wrapper
		e.state, e.err = psFailed, "RedisException: Unexpected exception while processing command"
	}
}

// failWaiters: the semaphore lets the threads waiting on a poisoned
// entry's subscription in; each finds the entry and fails with its promise.
func (c *Client) failWaiters(e *psEntry) {
	waiting, text := e.subWait, e.err
	e.subWait = nil
	for _, tid := range waiting {
		if j := c.findThread(tid); j >= 0 {
			c.flaw(FlawStaleSubscription, tid)
			c.subscriptionSettled(j, false, text)
		}
	}
}

// leaveSubWait takes thread i off its entry's list of subscription waiters.
func (c *Client) leaveSubWait(i int) *psEntry {
	e := c.entry(c.entryKey(i))
	if e != nil {
		e.subWait = slices.DeleteFunc(e.subWait, func(x int64) bool { return x == c.threads[i].id })
	}
	return e
}

// onMessage is LockPubSub.onMessage: an unlock message ("0") runs the
// entry's oldest listener (the fenced lock's waiters) and releases one
// permit of its latch.
func (c *Client) onMessage(ch, msg string) {
	if msg != unlockMessage {
		return
	}
	e := c.entryByChannel(ch)
	if e == nil {
		return
	}
	if len(e.listeners) > 0 {
		// LockPubSub.onMessage: tryRunListener, then the latch's release. The
		// listener's loop may release the entry: look it up again.
		c.runListener(e)
		if e = c.entryByChannel(ch); e == nil {
			return
		}
	}
	e.permits++
	c.unparkHead(e)
}

// unparkHead wakes the latch's oldest waiter, which takes a permit when
// it runs, unless another thread took it first: the latch is a non-fair
// Semaphore(0), and a thread arriving at tryAcquire while a permit is free
// takes it at once.
func (c *Client) unparkHead(e *psEntry) {
	if e.permits == 0 || len(e.latch) == 0 {
		return
	}
	if i := c.findThread(e.latch[0]); i >= 0 {
		if e.refs == 1 {
			// Nobody else uses the entry, so nobody can take the permit
			// before the woken thread runs: it runs now.
			e.permits--
			c.leaveLatch(i)
			c.woken(i)
			return
		}
		k := TimerKey{TimerUnpark, int64(i)}
		for _, t := range c.timers {
			if t.key == k {
				return
			}
		}
		c.setTimer(k, c.now)
	}
}

// latchWait is Semaphore.tryAcquire(ms) (timed) or acquire(): a free
// permit is taken at once; otherwise the thread queues on the latch. A
// timed wait of ms ≤ 0 does not wait. An interrupted thread throws at
// once, permit or not (AbstractQueuedSynchronizer.acquireSharedInterruptibly);
// uninterruptible is acquireUninterruptibly, which waits regardless.
func (c *Client) latchWait(i int, ms int64, timed, uninterruptible bool) {
	t := &c.threads[i]
	if t.interrupted && !uninterruptible {
		c.interruptedWait(i)
		return
	}
	e := c.entry(c.entryKey(i))
	if e != nil && e.permits > 0 {
		e.permits--
		c.woken(i)
		return
	}
	if e == nil || (timed && ms <= 0) {
		c.woken(i)
		return
	}
	e.latch = append(e.latch, t.id)
	t.onLatch = true
	c.emit(Effect{Kind: EffNote, Note: NoteWait, Thread: t.id, Value: ms, OK: timed})
	if timed {
		c.setTimer(TimerKey{TimerWait, int64(i)}, c.ms(ms))
	}
}

// leaveLatch takes thread i off its latch (its wait ended without a
// permit, or with one), and passes a free permit on to the next waiter.
func (c *Client) leaveLatch(i int) {
	t := &c.threads[i]
	if !t.onLatch {
		return
	}
	t.onLatch = false
	c.cancelTimer(TimerKey{TimerWait, int64(i)})
	c.cancelTimer(TimerKey{TimerUnpark, int64(i)})
	if e := c.entry(c.entryKey(i)); e != nil {
		e.latch = slices.DeleteFunc(e.latch, func(x int64) bool { return x == t.id })
		c.unparkHead(e)
	}
}

// unpark: a woken waiter runs and takes a permit if one is still free;
// if another thread took it, it goes on waiting.
func (c *Client) unpark(i int) {
	if i >= len(c.threads) || !c.threads[i].onLatch {
		return
	}
	e := c.entry(c.entryKey(i))
	if e == nil || e.permits == 0 {
		return
	}
	e.permits--
	c.leaveLatch(i)
	c.woken(i)
}
