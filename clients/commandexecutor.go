package clients

import (
	"fmt"

	"github.com/locksim/locksim/sim"
)

// Redisson's command executor, which a client's threads, its watchdog's
// tasks and its detached calls share: RedisExecutor (R16, R47) and
// CommandAsyncService.async (R8) — the response timeout, the retry of a
// write that failed, the re-send after a timeout (isResendAllowed, 3.16.8
// on), the WAIT a lock batch adds — and 4.7.0's ServiceManager.execute,
// which repeats a call after NoSyncedSlavesException, handleNoSync undoing
// an acquire first.

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
	half := o.jitterSpan(attempt) / 2
	if half == 0 {
		return 0
	}
	if !c.random {
		return half + half/2
	}
	return half + int64(c.draw()%uint64(half+1))
}

// jitterSpan is EqualJitterDelay's d for attempt: min(base·2^attempt, max).
func (o *Options) jitterSpan(attempt int) int64 {
	base, mx := o.JitterBase, o.JitterMax
	d := mx
	if attempt < 63 && base > 0 && base < mx && int64(1)<<attempt <= mx/base {
		d = min(base<<attempt, mx)
	}
	return d
}

// retryDelayRange is the least and the longest retryDelay(attempt) can
// draw, ms.
func (o *Options) retryDelayRange(attempt int) (lo, hi int64) {
	if o.JitterMax == 0 {
		return o.RetryInterval, o.RetryInterval
	}
	half := o.jitterSpan(attempt) / 2
	return half, 2 * half
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
	if own == OwnTask && e.cmd.Sync > 0 && r.Kind == sim.KindArray && len(r.Arr) == 2 && r.Arr[1].Int < int64(e.cmd.Sync) {
		// the renewal's WAIT counted fewer replicas than asked: it waited
		// out its timeout for them, failing or not
		c.emit(Effect{Kind: EffNote, Note: NoteSyncShort, Slot: int32(slot)})
	}
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
		if !c.undone(OwnThread, i, i, res) {
			c.threadReply(i, sim.Reply{}, noSyncedSlaves())
		}
		return true
	}
	if res.Err != ErrSync || !svcWrapped(e.cmd.Op) {
		return false
	}
	switch e.cmd.Op {
	case OpAcquire, OpAcquireNoWait:
		c.undoAcquire(OwnThread, i, c.threads[i].id, c.threads[i].call.Handle)
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
		// when this run's cancel took place, before the call returns
		// (model.Op.FailedRuns)
		c.emit(Effect{Kind: EffNote, Note: NoteUnlockRepeat, Thread: c.threads[i].id})
	}
	if int(e.svc) >= c.cf.Opts.RetryAttempts {
		return false
	}
	c.svcDelay(OwnThread, i)
	return true
}

// undoAcquire sends handleNoSync's unlockInnerAsync(threadId, null) for
// the acquire of owner (own, slot), made by thread tid through lock object
// handle (RedissonBaseLock.java:281-283), keeping the acquire to repeat.
func (c *Client) undoAcquire(own OwnerKind, slot int, tid int64, handle int) {
	e := c.execOf(own, slot)
	undo := c.unlockCmdFor(tid, handle)
	undo.At = c.wall // made now, as send stamps every command
	c.flaw(FlawRequeue, tid)
	e.orig, e.undo = e.cmd, true
	e.seq++
	e.cmd, e.attempt = undo, 0
	c.execute(own, slot)
}

// undone handles the reply res of handleNoSync's undo of owner (own,
// slot)'s acquire, whatever its outcome: the undo is unlockInnerAsync, whose
// thenApply deletes its latch (latchSlot: the thread's slot); execute then
// repeats the acquire after retryDelay (ServiceManager.java:618-637). It
// reports false when no repeat is left.
func (c *Client) undone(own OwnerKind, slot, latchSlot int, res Result) bool {
	e := c.execOf(own, slot)
	if !res.Failed() {
		c.delLatch(latchSlot, e.cmd)
	}
	e.cmd, e.undo, e.orig = e.orig, false, Cmd{}
	if int(e.svc) >= c.cf.Opts.RetryAttempts {
		return false
	}
	c.svcDelay(own, slot)
	return true
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
		if own == OwnThread && !c.cf.explicitLease(c.threads[slot].call) {
			e.cmd.Lease = c.handleOf(slot).lease
		}
		if own == OwnDetached && c.detached[slot].lease < 0 {
			// a detached acquire's repeat after handleNoSync's undo
			e.cmd.Lease = c.handles[c.detached[slot].handle].lease
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
