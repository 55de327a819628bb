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

// exec is one command in Redisson's executor (RedisExecutor): sent and
// awaiting its reply, or waiting to be re-sent or retried.
type exec struct {
	cmd     Cmd
	seq     uint32
	attempt uint8
	phase   execPhase
	// 4.7.0's ServiceManager.execute (ServiceManager.java:611-645): how many
	// times the call was repeated after NoSyncedSlavesException; and, while
	// handleNoSync's undo unlock is out (undo), the command it undoes.
	svc  uint8
	undo bool
	orig Cmd
}

type execPhase uint8

const (
	execIdle        execPhase = iota
	execSent                  // written; the response timeout runs
	execResend                // timed out; re-sent after retryInterval (3.16.8)
	execWriteFailed           // could not be written; the retry timer runs
	execSvcDelay              // 4.7.0: no replica synced; ServiceManager.execute repeats the call after retryDelay
)

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
	// (TimerListener; fenced.go, leaveListener).
	listeners []int64
	// unsubOnSuccess counts the calls that left while the subscription was
	// on its way and unsubscribe when it completes: 3.8.1's tryLock that
	// gave up waiting, 4.7.0's interrupted fenced loop.
	unsubOnSuccess int
}

// renewal is the lock's ExpirationEntry: 3.16.8 keeps the threads holding
// it with a count each (the first one's lock name is renewed); 3.8.1 the
// one thread it was made for. timeout is the task whose Timeout the entry
// holds (ee.getTimeout(), -1 none).
type renewal struct {
	present bool
	threads []threadCount
	timeout int32
	queue   []int64 // 4.7.0's LockEntry.threadsQueue: a thread id per add, oldest first
}

type threadCount struct {
	tid   int64
	count int
}

// task is a watchdog TimerTask: armed (its TimerWatchdog is pending) or
// renewing (its command is in the executor). 3.8.1's task renews the
// thread it captured, with the lease its lock object holds then.
type task struct {
	live   bool
	tid    int64
	handle int
	exec   exec
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

// --- the command executor (RedisExecutor / CommandAsyncService.async)

func (c *Client) execOf(own OwnerKind, slot int) *exec {
	if own == OwnNone {
		return nil // nobody waits for it
	}
	if own == OwnTask {
		if slot < len(c.tasks) {
			return &c.tasks[slot].exec
		}
		return nil
	}
	if own == OwnDetached {
		if slot < len(c.detached) && c.detached[slot].live {
			return &c.detached[slot].exec
		}
		return nil
	}
	if slot < len(c.threads) {
		return &c.threads[slot].exec
	}
	return nil
}

func execTimer(own OwnerKind, slot int) TimerKey {
	switch own {
	case OwnTask:
		return TimerKey{TimerTaskExec, int64(slot)}
	case OwnDetached:
		return TimerKey{TimerDetachedExec, int64(slot)}
	}
	return TimerKey{TimerExec, int64(slot)}
}

// send hands a new command to the executor.
func (c *Client) send(own OwnerKind, slot int, cmd Cmd) {
	e := c.execOf(own, slot)
	e.seq++
	cmd.At = c.wall // when the command was made (the fair scripts' now)
	e.cmd, e.attempt, e.svc, e.undo, e.orig = cmd, 0, 0, false, Cmd{}
	c.execute(own, slot)
}

// draw returns the step's next 64 random bits (splitmix64 over the
// driver's draw), 0 when the driver drew nothing.
func (c *Client) draw() uint64 {
	if !c.random {
		return 0
	}
	return sim.SplitMix64(&c.rnd)
}

// retryDelay is Config.retryDelay.calcDelay(attempt) in ms: 4.7.0's
// EqualJitterDelay, d/2 + uniform[0, d/2] with d = min(base·2^attempt, max)
// (EqualJitterDelay.java:51-74), or 3.x's constant retryInterval. Java
// draws from ThreadLocalRandom; the client draws from the driver's stream,
// and where the driver draws nothing (explore) it takes the midpoint of
// the range, d/2 + d/4: a fixed, documented choice.
func (c *Client) retryDelay(attempt int) int64 {
	o := &c.cf.Opts
	if o.JitterMax == 0 {
		return o.RetryInterval
	}
	base, mx := o.JitterBase, o.JitterMax
	d := mx
	if attempt < 63 && base > 0 && base < mx && int64(1)<<attempt <= mx/base {
		d = min(base<<attempt, mx)
	}
	half := d / 2
	if half == 0 {
		return 0
	}
	if !c.random {
		return half + half/2
	}
	return half + int64(c.draw()%uint64(half+1))
}

// sync is 3.16.8's WAIT count for a lock command: the available replicas
// (RedissonBaseLock.evalWriteAsync), 0 for a plain command.
func (c *Client) sync() int {
	if c.cf.Opts.SyncReplicas {
		return c.replicas
	}
	return 0
}

// execute writes the command (RedisExecutor.execute): the response
// timeout is Config.timeout, plus the batch's WAIT timeout (1 s) when it
// waits for replicas (RedisCommonBatchExecutor).
func (c *Client) execute(own OwnerKind, slot int) {
	e := c.execOf(own, slot)
	e.phase = execSent
	ref := Ref{Owner: own, Slot: int32(slot), Seq: e.seq, Attempt: e.attempt}
	if own == OwnDetached && !c.detached[slot].own {
		// a detached acquire's re-send is addressed as its first send was,
		// to the thread's slot (ownerOf; Canon numbers it so)
		ref.Owner, ref.Slot = OwnThread, c.detached[slot].slot
	}
	c.emit(Effect{Kind: EffSend, Ref: ref, Cmd: e.cmd})
	timeout := c.cf.Opts.Timeout
	if e.cmd.Sync > 0 {
		timeout += 1000
	}
	c.setTimer(execTimer(own, slot), c.ms(timeout))
}

func (c *Client) current(ref Ref) *exec {
	_, _, e := c.resolve(ref)
	return e
}

// resolve finds the command ref answers, and its owner: ref's own, or the
// detached call a thread's command became (detached.go).
func (c *Client) resolve(ref Ref) (OwnerKind, int, *exec) {
	own, slot, e := c.ownerOf(ref)
	if e == nil || e.attempt != ref.Attempt {
		return 0, 0, nil
	}
	return own, slot, e
}

// ownerOf finds the command ref names by its number, whatever its
// attempt: a thread-slot reference's detached acquire, or the owner's own
// command.
func (c *Client) ownerOf(ref Ref) (OwnerKind, int, *exec) {
	if ref.Owner == OwnThread {
		for j := range c.detached {
			d := &c.detached[j]
			// once it unlocks, its command is addressed to it, not to the slot
			if d.live && !d.own && d.slot == ref.Slot && d.exec.seq == ref.Seq {
				return OwnDetached, j, &d.exec
			}
		}
	}
	if e := c.execOf(ref.Owner, int(ref.Slot)); e != nil && e.seq == ref.Seq {
		return ref.Owner, int(ref.Slot), e
	}
	return 0, 0, nil
}

// onWriteFailed: the connection to the master failed; the retry timer
// (retryInterval from the write) decides (scheduleRetryTimeout).
func (c *Client) onWriteFailed(ref Ref) {
	own, slot, e := c.resolve(ref)
	if e == nil || e.phase != execSent {
		return
	}
	e.phase = execWriteFailed
	c.setTimer(execTimer(own, slot), c.ms(c.retryDelay(int(e.attempt))))
}

func (c *Client) execTimer(own OwnerKind, slot int) {
	e := c.execOf(own, slot)
	if e == nil {
		return
	}
	o := &c.cf.Opts
	switch e.phase {
	case execSent:
		// scheduleResponseTimeout: 3.16.8 re-sends (isResendAllowed); 3.8.1 fails.
		if c.resendAllowed(e) {
			e.phase = execResend
			c.emit(Effect{Kind: EffNote, Note: NoteResend, Thread: e.cmd.Thread, Value: int64(e.attempt) + 1})
			switch e.cmd.Op {
			case OpRenew:
			case OpAcquire, OpAcquireNoWait, OpAcquireToken:
				c.flaw(FlawResendAcquire, e.cmd.Thread)
			default:
				c.flaw(FlawResend, e.cmd.Thread)
			}
			c.setTimer(execTimer(own, slot), c.ms(c.retryDelay(int(e.attempt))))
			return
		}
		e.phase = execIdle
		c.complete(own, slot, sim.Reply{}, c.responseTimeout(e))
	case execResend:
		e.attempt++
		c.execute(own, slot)
	case execSvcDelay:
		c.repeatCall(own, slot)
	case execWriteFailed:
		// the retry timer after a failed write: try again, or fail after
		// the last attempt (4 writes at 0, 1.5, 3, 4.5 s; the error at 6 s).
		if int(e.attempt) >= o.RetryAttempts {
			e.phase = execIdle
			c.complete(own, slot, sim.Reply{}, Result{Err: ErrWrite, Text: "RedisConnectionException: unable to write command into connection"})
			return
		}
		e.attempt++
		c.execute(own, slot)
	}
}

func (c *Client) onReply(ref Ref, r sim.Reply) {
	own, slot, e := c.resolve(ref)
	if e == nil || e.phase != execSent {
		return // a reply to an attempt the executor gave up on
	}
	c.cancelTimer(execTimer(own, slot))
	e.phase = execIdle
	res, out := decodeReply(e.cmd, r, c.cf.v470())
	c.complete(own, slot, res, out)
}

// decodeReply turns Redis's reply into the command's result: an error
// reply is a RedisException; a 3.16.8 batch answers the script's reply,
// unless WAIT counted another number of replicas than asked
// (RedissonBaseLock.evalWriteAsync: `res.getSyncedSlaves() != availableSlaves`);
// 4.7.0's fails only when WAIT counted none (CommandAsyncService.java:1221-1225).
func decodeReply(cmd Cmd, r sim.Reply, v470 bool) (sim.Reply, Result) {
	if r.Kind == sim.KindError {
		return r, Result{Err: ErrReply, Text: "RedisException: " + r.Str}
	}
	if cmd.Sync == 0 {
		return r, Result{}
	}
	if r.Kind != sim.KindArray || len(r.Arr) != 2 {
		return r, Result{Err: ErrReply, Text: "RedisException: unexpected batch reply " + r.String()}
	}
	res := r.Arr[0]
	if res.Kind == sim.KindError {
		return res, Result{Err: ErrReply, Text: "RedisException: " + res.Str}
	}
	if synced := r.Arr[1].Int; v470 {
		if synced == 0 {
			return res, noSyncedSlaves()
		}
	} else if synced != int64(cmd.Sync) {
		// The IllegalStateException reaches a sync call wrapped by CommandAsyncService.convertException.
		return res, Result{Err: ErrSync, Text: fmt.Sprintf("RedisException: Unexpected exception while processing command (cause: IllegalStateException: Only %d of %d slaves were synced)", synced, cmd.Sync)}
	}
	return res, Result{}
}

func (c *Client) complete(own OwnerKind, slot int, r sim.Reply, res Result) {
	if own == OwnThread && c.cf.v470() && c.noSync(slot, res) {
		return
	}
	if own == OwnTask {
		c.renewed(slot, r, res)
		return
	}
	if own == OwnDetached {
		c.detachedDone(slot, r, res)
		return
	}
	if c.cf.Simple != "" {
		c.simpleReply(slot, r, res)
		return
	}
	if res.Err == ErrSync && !c.cf.v470() {
		c.flaw(FlawSyncFailed, c.threads[slot].id)
	}
	c.threadReply(slot, r, res)
}

// resendAllowed is RedisExecutor.isResendAllowed (RedisExecutor.java:498-502):
// attempts left and not a no-retry command. 4.7.0's acquire and unlock
// (syncedEvalNoRetry) are no-retry only on a single server; a replicated
// client sends them in a batch whose executor is made with noRetry =
// false (CommandBatchService.java:481-482), so it re-sends them.
func (c *Client) resendAllowed(e *exec) bool {
	o := &c.cf.Opts
	if !o.ResendOnTimeout || int(e.attempt) >= o.RetryAttempts {
		return false
	}
	return !(o.NoRetryLocks && noRetryOp(e.cmd.Op) && !o.Replicated)
}

// noRetryOp: the commands 4.7.0 sends with syncedEvalNoRetry (RedissonLock.java:214-224, 347-371;
// RedissonFairLock.java:108, 153, 234-285).
func noRetryOp(op Op) bool {
	return op == OpAcquire || op == OpAcquireNoWait || op == OpUnlock || op == OpAcquireToken
}

// responseTimeout is the exception of a command whose last attempt got no
// reply in time.
func (c *Client) responseTimeout(e *exec) Result {
	o := &c.cf.Opts
	if c.cf.v470() {
		// RedisExecutor.scheduleResponseTimeout (RedisExecutor.java:486-494).
		timeout := o.Timeout
		if e.cmd.Sync > 0 {
			timeout += 1000
		}
		return Result{Err: ErrTimeout, Text: fmt.Sprintf("RedisResponseTimeoutException: Redis server response timeout (%d ms) occurred after %d of %d retry attempts, is non-idempotent command: %t",
			timeout, e.attempt, o.RetryAttempts, !c.resendAllowedOp(e.cmd.Op))}
	}
	return Result{Err: ErrTimeout, Text: fmt.Sprintf("RedisTimeoutException: Redis server response timeout (%d ms) occured after %d retry attempts", o.Timeout, e.attempt)}
}

func (c *Client) resendAllowedOp(op Op) bool {
	return !(c.cf.Opts.NoRetryLocks && noRetryOp(op) && !c.cf.Opts.Replicated)
}

func noSyncedSlaves() Result {
	return Result{Err: ErrSync, Text: "NoSyncedSlavesException: None of slaves were synced. Try to increase slavesSyncTimeout setting or set checkLockSyncedSlaves = false."}
}

// svcWrapped: the calls 4.7.0 runs under ServiceManager.execute, which
// repeats them after NoSyncedSlavesException: acquires (RedissonLock.java:156-158,
// 451-454), unlock (RedissonBaseLock.java:155-159), and the syncedEvalWithRetry
// scripts, forceUnlock and the fair acquireFailed (CommandAsyncService.java:1068-1071).
func svcWrapped(op Op) bool {
	switch op {
	case OpAcquire, OpAcquireNoWait, OpUnlock, OpForceUnlock, OpAcquireFailed:
		return true
	}
	return false
}

// noSync handles 4.7.0's NoSyncedSlavesException for thread i's command,
// reporting whether it did (the call goes on; otherwise the result is the
// call's). An acquire is first undone by handleNoSync (CommandAsyncService.java:1038-1066):
// an unlock with a fresh request id, whose outcome does not matter; then
// ServiceManager.execute repeats the call after retryDelay.calcDelay(n),
// n = 1, 2, ..., up to retryAttempts times (ServiceManager.java:611-645).
// Every run of unlockAsync0 cancels one renewal count of the thread,
// failed or not (RedissonBaseLock.java:161-164).
func (c *Client) noSync(i int, res Result) bool {
	e := &c.threads[i].exec
	if e.undo {
		if !res.Failed() {
			c.delLatch(i, e.cmd) // the undo is unlockInnerAsync: its thenApply deletes its latch
		}
		e.cmd, e.undo, e.orig = e.orig, false, Cmd{}
		if int(e.svc) >= c.cf.Opts.RetryAttempts {
			c.threadReply(i, sim.Reply{}, noSyncedSlaves())
			return true
		}
		c.svcDelay(OwnThread, i)
		return true
	}
	if res.Err != ErrSync || !svcWrapped(e.cmd.Op) {
		return false
	}
	switch e.cmd.Op {
	case OpAcquire, OpAcquireNoWait:
		c.undoAcquire(i)
		return true
	case OpUnlock:
		if int(e.svc) >= c.cf.Opts.RetryAttempts {
			return false // the last run: unlocked() cancels and throws
		}
		// this run's handle cancels a renewal count, and the repeat will
		// cancel another for the same unlock(): a hold the unlock leaves
		// (the thread counted more than one) loses its renewal
		if c.renewalCount(c.threads[i].id) > 1 {
			c.flaw(FlawUnlockRetryCancels, c.threads[i].id)
		}
		c.unlockHandled(i, sim.Reply{}, res)
	}
	if int(e.svc) >= c.cf.Opts.RetryAttempts {
		return false
	}
	c.svcDelay(OwnThread, i)
	return true
}

// undoAcquire sends handleNoSync's unlockInnerAsync(threadId, null) for
// thread i's acquire (RedissonBaseLock.java:281-283), keeping the acquire
// to repeat.
func (c *Client) undoAcquire(i int) {
	t := &c.threads[i]
	e := &t.exec
	undo := c.unlockCmd(i)
	undo.At = c.wall // made now, as send stamps every command
	c.flaw(FlawRequeue, t.id)
	e.orig, e.undo = e.cmd, true
	e.seq++
	e.cmd, e.attempt = undo, 0
	c.execute(OwnThread, i)
}

// svcDelay waits retryDelay.calcDelay(n) before ServiceManager.execute's
// n-th repeat.
func (c *Client) svcDelay(own OwnerKind, slot int) {
	e := c.execOf(own, slot)
	e.svc++
	e.phase = execSvcDelay
	c.setTimer(execTimer(own, slot), c.ms(c.retryDelay(int(e.svc))))
}

// repeatCall is ServiceManager.execute's repeat: the supplier runs again,
// so the command is made again — a fair lock's now read anew, an unlock's
// latch lifetime drawn anew (RedissonBaseLock.java:222-231) with the same
// request id, and the lock object's internalLockLeaseTime read anew by an
// unlock (RedissonLock.java:369), which the failed run's handle may have
// reset (RedissonBaseLock.java:161-164, RedissonLock.java:326-332), and by
// an acquire without an explicit lease (RedissonLock.java:187-191).
func (c *Client) repeatCall(own OwnerKind, slot int) {
	e := c.execOf(own, slot)
	e.seq++
	e.attempt = 0
	e.cmd.At = c.wall
	switch e.cmd.Op {
	case OpUnlock:
		e.cmd.Latch = c.latchTTL()
		if h, ok := c.handleOfOwner(own, slot); ok {
			e.cmd.Lease = c.handles[h].lease
		}
	case OpAcquire, OpAcquireNoWait:
		if own == OwnThread && !c.explicitLease(c.threads[slot].call) {
			e.cmd.Lease = c.handleOf(slot).lease
		}
	}
	c.execute(own, slot)
}

// handleOfOwner is the lock object whose call made the command of owner
// (own, slot): a thread's call's, or a detached call's.
func (c *Client) handleOfOwner(own OwnerKind, slot int) (int, bool) {
	switch own {
	case OwnThread:
		return c.threads[slot].call.Handle, true
	case OwnDetached:
		return c.detached[slot].handle, true
	}
	return 0, false
}
