package clients

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/locksim/locksim/sim"
)

// Client is one client program — a JVM running Redisson, or a program
// using one of seed 003's simple locks — as a value: its threads and the
// call each is in, its lock objects, its pub/sub entries, the watchdog's
// renewal entry and tasks, its command executor's state and its pending
// timers. Step moves it by one event. Clone copies it, AppendKey encodes
// it exactly, Shift moves its clock: what an exhaustive search needs to
// keep it in its states.
type Client struct {
	cf   *Config
	uuid string

	threads []thread
	handles []handle
	subs    []psEntry // PublishSubscribe's entries (RedissonLockEntry), by key
	ren     renewal   // EXPIRATION_RENEWAL_MAP's entry for the lock
	tasks   []task    // watchdog TimerTasks; a slot is free when !live
	// detached are 4.7.0 acquires whose callers gave up on them (an
	// interrupt); a slot is free when !live.
	detached []detachedCall
	timers   []timer // pending timers, by key

	// unlockIDs counts the unlock request ids 4.7.0's client made (Cmd.ReqN).
	unlockIDs uint32

	// the current step
	now      sim.Time
	wall     int64
	replicas int
	random   bool   // the driver drew rnd for this step (Event.Random)
	rnd      uint64 // the state the step's draws come from
	out      []Effect
}

// NewClient returns the client cf describes, with the given UUID (a new
// one per incarnation: ConfigSupport.createConnectionManager's
// UUID.randomUUID()), with no thread yet.
func NewClient(cf *Config, uuid string) *Client { return &Client{cf: cf, uuid: uuid} }

// Config returns what the client is.
func (c *Client) Config() *Config { return c.cf }

// UUID returns the client's id (ConnectionManager.getId).
func (c *Client) UUID() string { return c.uuid }

// Owner returns thread tid's lock name (getLockName).
func (c *Client) Owner(tid int64) string { return c.cf.OwnerName(c.uuid, tid) }

// HandleLease is the lease lock object h keeps between calls
// (internalLockLeaseTime), false when the client has no such object yet.
func (c *Client) HandleLease(h int) (int64, bool) {
	if h < 0 || h >= len(c.handles) {
		return 0, false
	}
	return c.handles[h].lease, true
}

type pc uint8

const (
	pcIdle            pc = iota
	pcLockFirst          // lock(): the first tryAcquire is out
	pcLockSubscribe      // lock(): waiting for the subscription (syncSubscription)
	pcLockTry            // lock(): a tryAcquire of the loop is out
	pcLockWait           // lock(): waiting on the entry's latch
	pcTryFirst           // tryLock(wait): the first tryAcquire is out
	pcTrySubscribe       // tryLock(wait): subscribeFuture.get(time)
	pcTryTry             // tryLock(wait): a tryAcquire of the loop is out
	pcTryWait            // tryLock(wait): waiting on the latch
	pcTryFailed          // tryLock(wait): acquireFailed is out; then false
	pcTryOnce            // tryLock(): its one attempt is out
	pcCommand            // unlock, forceUnlock, isLocked, ...: one command is out
	pcSimpleTry          // a simple lock's SETNX or SET NX PX is out
	pcSimpleExpire       // setnx-expire's EXPIRE is out
	pcSimplePoll         // a simple lock waits to poll again
	pcSimpleGet          // set-uuid-getdel's GET is out
	pcSimpleRelease      // the release's DEL or compare-and-delete is out
	pcFencedFirst        // tryLockAndGetTokenAsync: the first tryAcquireAsync is out
	pcFencedSubscribe    // tryLockAndGetTokenAsync: waiting for the subscription
	pcFencedTry          // tryLockAsync (fenced): a tryAcquireAsync is out
	pcFencedWait         // tryLockAsync (fenced): a listener on the entry, and a timeout
	pcLockRewait         // lock(): the catch's second latch wait after an InterruptedException (3.16.8, 4.7.0)
)

var pcNames = [...]string{"idle", "lock: acquire out", "lock: subscribing", "lock: acquire out", "lock: waiting",
	"tryLock: acquire out", "tryLock: subscribing", "tryLock: acquire out", "tryLock: waiting", "tryLock: acquireFailed out",
	"tryLock(): acquire out", "command out", "acquire out", "EXPIRE out", "polling", "GET out", "release out",
	"lockAndGetToken: acquire out", "lockAndGetToken: subscribing", "lockAndGetToken: acquire out", "lockAndGetToken: waiting",
	"lock: waiting again (interrupted)"}

// thread is one Java thread and the call it is in.
type thread struct {
	id   int64
	call Call
	pc   pc
	// tryLock: the wait left (ms, `time`) and the wall clock it was last
	// measured from (`current` / `currentTime`); lock(): the ttl of its
	// wait; a simple lock: the start of its wait in cur.
	time, cur, ttl int64
	// inTry: the call holds a reference on its pub/sub entry that its
	// finally block releases.
	inTry       bool
	onLatch     bool // queued on its entry's latch
	interrupted bool // Thread's interrupt status
	// leaseSent is the lease the thread's last acquire command carried:
	// an unlock that re-arms another (the lock object's lease another
	// call set) takes FlawLeaseKept's path.
	leaseSent int64
	// ownLease is the explicit lease the thread's own last write of a lock
	// object's internalLockLeaseTime left there, on handle ownHandle; 0
	// when that write was the watchdog timeout (4.7.0's unlock sets it
	// back), or none was made: the field holds another call's value when
	// it is not this (keptLease).
	ownLease  int64
	ownHandle int
	exec      exec
}

// handle is one lock object (RedissonLock): what it keeps between calls.
type handle struct {
	// lease is RedissonLock.internalLockLeaseTime: the watchdog timeout
	// until an explicit lease replaces it (3.8.1 also sets it on every
	// acquire). 3.16.8's RedissonBaseLock has a field of the same name
	// that always holds the watchdog timeout; the renewal uses that one.
	lease int64
}

type timer struct {
	key TimerKey
	at  sim.Time
}

// Step moves the client by one event and returns the effects, which stay
// valid until the next Step.
func (c *Client) Step(ev Event) []Effect {
	c.out = c.out[:0]
	c.now, c.wall, c.replicas = ev.Now, ev.Wall, ev.Replicas
	c.random, c.rnd = ev.Random, ev.Draw
	switch ev.Kind {
	case EvCall:
		c.startCall(ev.Thread, ev.Call)
	case EvReply:
		c.onReply(ev.Ref, ev.Reply)
	case EvWriteFailed:
		c.onWriteFailed(ev.Ref)
	case EvTimer:
		if c.dropTimer(ev.Timer) {
			c.fire(ev.Timer)
		}
	case EvMessage:
		c.onMessage(ev.Channel, ev.Message)
	case EvSubscribed:
		c.onSubscribed(ev.Channel)
	case EvInterrupt:
		c.interrupt(ev.Thread)
	}
	return c.out
}

func (c *Client) emit(e Effect) { c.out = append(c.out, e) }

func (c *Client) ms(n int64) sim.Time { return c.now.Add(sim.Duration(n) * sim.Millisecond) }

// threadSlot returns tid's slot, adding the thread on its first call.
func (c *Client) threadSlot(tid int64) int {
	for i := range c.threads {
		if c.threads[i].id == tid {
			return i
		}
	}
	c.threads = append(c.threads, thread{id: tid})
	return len(c.threads) - 1
}

func (c *Client) findThread(tid int64) int {
	for i := range c.threads {
		if c.threads[i].id == tid {
			return i
		}
	}
	return -1
}

// slotThread returns the id of the thread in slot i.
func (c *Client) slotThread(i int32) (int64, bool) {
	if i < 0 || int(i) >= len(c.threads) {
		return 0, false
	}
	return c.threads[i].id, true
}

// InCall reports whether thread tid is in a call.
func (c *Client) InCall(tid int64) bool {
	i := c.findThread(tid)
	return i >= 0 && c.threads[i].pc != pcIdle
}

func (c *Client) startCall(tid int64, call Call) {
	i := c.threadSlot(tid)
	t := &c.threads[i]
	if t.pc != pcIdle {
		c.emit(Effect{Kind: EffReturn, Thread: tid, Call: call.Kind, Result: Result{Err: ErrUnsupported, Text: "thread " + strconv.FormatInt(tid, 10) + " is already in a call"}})
		return
	}
	if call.Handle < 0 || call.Handle > 64 {
		c.emit(Effect{Kind: EffReturn, Thread: tid, Call: call.Kind, Result: Result{Err: ErrUnsupported, Text: fmt.Sprintf("no lock object %d", call.Handle)}})
		return
	}
	for len(c.handles) <= call.Handle {
		c.handles = append(c.handles, handle{lease: c.cf.Opts.LockWatchdogTimeout})
	}
	if call.Fresh {
		c.handles[call.Handle] = handle{lease: c.cf.Opts.LockWatchdogTimeout} // getLock(name): a new object
		for i := range c.threads {
			if o := &c.threads[i]; o.ownLease != 0 && o.ownHandle == call.Handle {
				o.ownLease, o.ownHandle = 0, 0 // no write of the new object's field yet
			}
		}
	}
	if call.Unit == 0 {
		call.Unit = Milliseconds
	}
	if call.NewTask {
		t.interrupted = false
		call.NewTask = false
	}
	t.call = call
	if c.cf.Simple != "" {
		c.simpleCall(i)
		return
	}
	c.redissonCall(i)
}

// finish ends thread i's call with res: its finally block releases its
// pub/sub entry first.
func (c *Client) finish(i int, res Result) {
	t := &c.threads[i]
	if t.inTry {
		c.unsubscribe(i)
	}
	kind := t.call.Kind
	t.pc, t.call, t.time, t.cur, t.ttl = pcIdle, Call{}, 0, 0, 0
	c.emit(Effect{Kind: EffReturn, Thread: t.id, Call: kind, Result: res})
}

// --- timers

func (c *Client) setTimer(k TimerKey, at sim.Time) {
	c.emit(Effect{Kind: EffSetTimer, Timer: k, At: at})
	for j := range c.timers {
		if c.timers[j].key == k {
			c.timers[j].at = at
			return
		}
	}
	j, _ := slices.BinarySearchFunc(c.timers, k, func(t timer, k TimerKey) int { return cmpKey(t.key, k) })
	c.timers = slices.Insert(c.timers, j, timer{k, at})
}

func cmpKey(a, b TimerKey) int {
	switch {
	case a.Kind != b.Kind:
		return int(a.Kind) - int(b.Kind)
	case a.Slot < b.Slot:
		return -1
	case a.Slot > b.Slot:
		return 1
	}
	return 0
}

// dropTimer removes k from the pending timers, reporting whether it was
// pending.
func (c *Client) dropTimer(k TimerKey) bool {
	for j := range c.timers {
		if c.timers[j].key == k {
			c.timers = slices.Delete(c.timers, j, j+1)
			return true
		}
	}
	return false
}

func (c *Client) cancelTimer(k TimerKey) {
	if c.dropTimer(k) {
		c.emit(Effect{Kind: EffCancelTimer, Timer: k})
	}
}

// Timers calls fn with every pending timer, in key order.
func (c *Client) Timers(fn func(k TimerKey, at sim.Time)) {
	for _, t := range c.timers {
		fn(t.key, t.at)
	}
}

func (c *Client) fire(k TimerKey) {
	switch k.Kind {
	case TimerExec:
		c.execTimer(OwnThread, int(k.Slot))
	case TimerTaskExec:
		c.execTimer(OwnTask, int(k.Slot))
	case TimerDetachedExec:
		c.execTimer(OwnDetached, int(k.Slot))
	case TimerWait:
		c.waitTimedOut(int(k.Slot))
	case TimerUnpark:
		c.unpark(int(k.Slot))
	case TimerWatchdog:
		c.renewTask(int(k.Slot))
	case TimerSubscribe:
		c.subscribeTimedOut(k.Slot)
	case TimerListener:
		c.leftListenerTimedOut(k.Slot)
	}
}
