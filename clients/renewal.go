package clients

import (
	"slices"

	"github.com/locksim/locksim/sim"
)

// The watchdog: the lock's ExpirationEntry in EXPIRATION_RENEWAL_MAP
// (static, so one per JVM and lock) and the TimerTasks that renew it
// (R8:RedissonLock.scheduleExpirationRenewal, R16:RedissonBaseLock.renewExpiration;
// 4.7.0's LockRenewalScheduler and LockTask come last).
// Java never cancels a task but the one the entry holds, and a task whose
// timer has fired cannot be cancelled at all; so after an unlock and a new
// lock() two tasks can renew side by side, and a stale renewal's outcome
// acts on the entry that is current when it arrives.

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

func (c *Client) newTask(t task) int {
	t.live = true
	for j := range c.tasks {
		if !c.tasks[j].live {
			t.exec.seq = c.tasks[j].exec.seq
			c.tasks[j] = t
			return j
		}
	}
	c.tasks = append(c.tasks, t)
	return len(c.tasks) - 1
}

func (c *Client) freeTask(j int) {
	seq := c.tasks[j].exec.seq
	c.tasks[j] = task{exec: exec{seq: seq}} // the slot keeps its count: a late reply never matches a new task
}

// period is the renewal interval: internalLockLeaseTime / 3.
func (c *Client) period(lease int64) sim.Time {
	if c.cf.Opts.Mutations.WatchdogEveryLease {
		return c.ms(lease)
	}
	return c.ms(lease / 3)
}

// armTask sets task j's timer a period of lease ahead, and notes when, so
// that a renewal can be traced to the acquire's return or the renewal's
// completion that scheduled it.
func (c *Client) armTask(j int, lease int64) {
	c.emit(Effect{Kind: EffNote, Note: NoteRenewScheduled, Slot: int32(j)})
	c.setTimer(TimerKey{TimerWatchdog, int64(j)}, c.period(lease))
}

// scheduleExpirationRenewal starts or joins the watchdog of a lock thread
// i took without a lease.
func (c *Client) scheduleExpirationRenewal(i int) {
	if c.cf.Opts.Mutations.NoWatchdog {
		return
	}
	t := &c.threads[i]
	if c.cf.Opts.LockTask {
		c.renewLock(t.id)
		return
	}
	if c.cf.since3168() {
		// R16:RedissonBaseLock.scheduleExpirationRenewal: putIfAbsent a new
		// entry; an existing one counts the thread once more.
		if c.ren.present {
			c.ren.add(t.id)
			return
		}
		c.ren = renewal{present: true, timeout: -1}
		c.ren.add(t.id)
		c.renewExpiration(-1)
		return
	}
	// R8:RedissonLock.scheduleExpirationRenewal(threadId): nothing when an
	// entry exists; else a task for this thread and lock object.
	c.schedule381(t.id, t.call.Handle, -1)
}

// KeptPeriod reports whether thread tid's hold rides on a 3.8.1 watchdog
// task that fires a third of a lease longer than lockWatchdogTimeout
// after it was scheduled: the lock object's internalLockLeaseTime, which
// another call with a lease set (R8:RedissonLock.java:225-253, 280), so
// the next renewal may come after a watchdog-armed hold ran out.
func (c *Client) KeptPeriod(tid int64) bool {
	if c.cf.since3168() || !c.ren.present || c.ren.threads[0].tid != tid {
		return false
	}
	j := int(c.ren.timeout)
	return j >= 0 && j < len(c.tasks) && c.tasks[j].live && c.handles[c.tasks[j].handle].lease > c.cf.Opts.LockWatchdogTimeout
}

// schedule381 makes 3.8.1's entry and its task (reusing slot j when a
// task reschedules itself) unless an entry exists.
func (c *Client) schedule381(tid int64, h int, j int) {
	if c.ren.present {
		if j < 0 && c.ren.threads[0].tid != tid {
			// The entry is per lock name: this thread's hold rides on
			// another thread's renewal, which that thread's unlock ends.
			c.flaw(FlawRenewalCancelledForAll, tid)
		}
		if j >= 0 {
			c.freeTask(j)
		}
		return
	}
	if j < 0 {
		j = c.newTask(task{tid: tid, handle: h})
	}
	if c.handles[h].lease != c.cf.Opts.LockWatchdogTimeout {
		// R8:RedissonLock.java:225-253: the task fires internalLockLeaseTime / 3
		// later, a lease another call on the lock object set (:280)
		c.flaw(FlawLeaseKept, tid)
	}
	c.armTask(j, c.handles[h].lease)
	c.ren = renewal{present: true, threads: []threadCount{{tid, 1}}, timeout: int32(j)}
}

// renewExpiration is R16:RedissonBaseLock.renewExpiration: when the lock
// has an entry, a task fires in internalLockLeaseTime/3 (RedissonBaseLock's
// field: always the watchdog timeout) and the entry holds it. j is the
// task rescheduling itself, or -1 for a new one.
func (c *Client) renewExpiration(j int) {
	if !c.ren.present {
		if j >= 0 {
			c.freeTask(j)
		}
		return
	}
	if j < 0 {
		j = c.newTask(task{})
	}
	c.armTask(j, c.cf.Opts.LockWatchdogTimeout)
	c.ren.timeout = int32(j)
}

// renewTask: task j's timer fired. 3.16.8 renews the entry's first thread
// (if there is an entry with a thread); 3.8.1 the thread the task was made
// for, with its lock object's internalLockLeaseTime now.
func (c *Client) renewTask(j int) {
	if j >= len(c.tasks) || !c.tasks[j].live {
		return
	}
	o := &c.cf.Opts
	if o.LockTask {
		c.lockTaskRun(j)
		return
	}
	var tid, lease int64
	sync := 0
	if c.cf.since3168() {
		if !c.ren.present || len(c.ren.threads) == 0 {
			c.freeTask(j)
			return
		}
		tid, lease, sync = c.ren.threads[0].tid, o.LockWatchdogTimeout, c.sync()
	} else {
		// R8:RedissonLock.renewExpirationAsync sends internalLockLeaseTime,
		// which another call's lease may have set
		tk := &c.tasks[j]
		tid, lease, sync = tk.tid, c.handles[tk.handle].lease, c.sync()
		if lease != o.LockWatchdogTimeout {
			c.flaw(FlawLeaseKept, tid)
		}
	}
	c.emit(Effect{Kind: EffNote, Note: NoteRenewSent, Slot: int32(j), Thread: tid, Value: lease})
	c.send(OwnTask, j, Cmd{Op: OpRenew, Thread: tid, Lease: lease, Sync: sync})
}

// renewed is the renewal's completion. 3.16.8: an error removes whatever
// entry is current, without cancelling its task (R16:RedissonBaseLock.java
// 149-152); 1 reschedules on the current entry; 0 cancels it
// (cancelExpirationRenewal(null)). 3.8.1: the entry current now is removed
// whatever happened; 1 schedules a new one for the task's thread, unless
// an entry exists again (R8:RedissonLock.scheduleExpirationRenewal).
func (c *Client) renewed(j int, r sim.Reply, res Result) {
	tk := c.tasks[j]
	ok := !res.Failed() && r.Kind == sim.KindInt && r.Int == 1
	if c.cf.Opts.LockTask {
		c.lockTaskDone(j, r, res)
		return
	}
	c.emit(Effect{Kind: EffNote, Note: NoteRenewDone, Slot: int32(j), Thread: tk.exec.cmd.Thread, OK: ok, Text: res.Error(), Value: int64(res.Err)})
	if c.cf.since3168() {
		switch {
		case res.Failed():
			c.flaw(FlawRenewalStopped, tk.exec.cmd.Thread)
			c.ren = renewal{}
			c.freeTask(j)
		case ok:
			c.renewExpiration(j)
		default:
			if tid := tk.exec.cmd.Thread; slices.ContainsFunc(c.ren.threads, func(x threadCount) bool { return x.tid != tid }) {
				// R16:RedissonBaseLock.renewExpiration: 0 → cancelExpirationRenewal(null), another thread's too
				c.flaw(FlawZeroRenewalCancelsAll, tid)
			}
			c.freeTask(j)
			c.cancelExpirationRenewal(-1, true)
		}
		return
	}
	if c.ren.present && c.ren.timeout != int32(j) {
		// R8:RedissonLock.java:239: the listener removes another task's entry
		c.flaw(FlawRenewalRemovesOther, c.ren.threads[0].tid)
	}
	// the entry is gone: an unlock cancelled it (or another task's
	// listener removed it) while the renewal was on its way
	cancelled := !c.ren.present
	c.ren = renewal{}
	if !ok {
		if res.Failed() {
			c.flaw(FlawRenewalStopped, tk.exec.cmd.Thread)
		}
		c.freeTask(j)
		return
	}
	if cancelled {
		// R8:RedissonLock.java:245-247: it reschedules all the same
		c.flaw(FlawRenewalRevived, tk.tid)
	}
	c.schedule381(tk.tid, tk.handle, j)
}

// cancelExpirationRenewal(threadId) (all: threadId == null). 3.16.8
// removes one count of the thread and, when none is left (or for null),
// cancels the entry's task and removes the entry. 3.8.1 does that only
// for null or when the entry is the thread's.
func (c *Client) cancelExpirationRenewal(tid int64, all bool) {
	if !c.ren.present {
		return
	}
	if c.cf.Opts.LockTask {
		c.cancelLockRenewal(tid, all)
		return
	}
	if c.cf.since3168() {
		if !all {
			c.ren.remove(tid)
		}
		if !all && len(c.ren.threads) > 0 {
			return
		}
	} else if !all && c.ren.threads[0].tid != tid {
		return
	}
	c.cancelTask(c.ren.timeout)
	c.ren = renewal{}
}

// cancelTask is Timeout.cancel: it stops a task whose timer has not
// fired; a task already renewing goes on.
func (c *Client) cancelTask(j int32) {
	if j < 0 || int(j) >= len(c.tasks) || !c.tasks[j].live || c.tasks[j].exec.phase != execIdle {
		return
	}
	c.cancelTimer(TimerKey{TimerWatchdog, int64(j)})
	c.freeTask(int(j))
}

func (r *renewal) add(tid int64) {
	for k := range r.threads {
		if r.threads[k].tid == tid {
			r.threads[k].count++
			return
		}
	}
	r.threads = append(r.threads, threadCount{tid, 1})
}

func (r *renewal) remove(tid int64) {
	for k := range r.threads {
		if r.threads[k].tid == tid {
			r.threads[k].count--
			if r.threads[k].count == 0 {
				r.threads = slices.Delete(r.threads, k, k+1)
			}
			return
		}
	}
}

// renewalCount is how many times the renewal entry counts thread tid.
func (c *Client) renewalCount(tid int64) int {
	for _, x := range c.ren.threads {
		if x.tid == tid {
			return x.count
		}
	}
	return 0
}

// RenewsFor reports whether the watchdog goes on renewing thread tid's
// hold: 3.16.8's and 4.7.0's entry counts the thread; 3.8.1 has a task
// of the thread alive, whose listener reschedules it after a renewal
// that answered 1 whatever became of the entry
// (R8:RedissonLock.java:239-248). A renewal already sent when this
// turned false is a stale one: it extends the hold once.
func (c *Client) RenewsFor(tid int64) bool {
	if !c.cf.since3168() {
		return slices.ContainsFunc(c.tasks, func(t task) bool { return t.live && t.tid == tid })
	}
	return c.ren.present && c.renewalCount(tid) > 0
}

// Renewing reports whether the lock has a renewal entry in this client.
func (c *Client) Renewing() bool { return c.ren.present }

// RenewalTasks counts the watchdog tasks alive (armed or renewing).
func (c *Client) RenewalTasks() int {
	n := 0
	for _, t := range c.tasks {
		if t.live {
			n++
		}
	}
	return n
}

// 4.7.0's renewal: one LockRenewalScheduler per client holds one LockTask
// for all its locks (renewal/LockRenewalScheduler.java:56-60); with one
// lock per run the task's name2entry holds at most this lock's LockEntry
// (c.ren: the thread queue, one id per add, and a count per thread). The
// task runs every lockWatchdogTimeout/3 after its previous run finished,
// while it is running; the running flag is set exactly while the entry
// exists (RenewalTask.add starts it, the last cancel stops it), so it is
// c.ren.present. A chain of ticks is a task slot: a tick that finds the
// task stopped ends its chain, and an add after a stop starts a second
// chain while the first one's tick is still pending.

// renewLock is LockRenewalScheduler.renewLock → RenewalTask.add: a new
// entry starts the task (tryRun, schedule: RenewalTask.java:136-152); an
// existing one queues the thread once more (LockEntry.addThreadId, LockEntry.java:43-51).
func (c *Client) renewLock(tid int64) {
	if c.ren.present {
		c.ren.add(tid)
		c.ren.queue = append(c.ren.queue, tid)
		return
	}
	c.ren = renewal{present: true, timeout: -1, threads: []threadCount{{tid, 1}}, queue: []int64{tid}}
	c.lockTaskSchedule(c.newTask(task{}))
}

// lockTaskSchedule is RenewalTask.schedule for chain j: the next run in
// lockWatchdogTimeout/3 while the task runs, else the chain ends (RenewalTask.java:62-69).
func (c *Client) lockTaskSchedule(j int) {
	if !c.ren.present {
		c.freeTask(j)
		return
	}
	c.armTask(j, c.cf.Opts.LockWatchdogTimeout)
}

// lockTaskRun is RenewalTask.run: with no entry the run is done at once;
// else one chunk, the lock with the owner of its entry's first thread and
// the task's lease (LockTask.buildChunk, LockTask.java:45-95), sent with
// syncedEval (re-sent after a timeout; WAIT when there are replicas).
func (c *Client) lockTaskRun(j int) {
	if !c.ren.present || len(c.ren.queue) == 0 {
		c.lockTaskSchedule(j)
		return
	}
	tid, lease := c.ren.queue[0], c.cf.Opts.LockWatchdogTimeout
	c.emit(Effect{Kind: EffNote, Note: NoteRenewSent, Slot: int32(j), Thread: tid, Value: lease})
	c.send(OwnTask, j, Cmd{Op: OpRenew, Thread: tid, Lease: lease, Sync: c.sync()})
}

// lockTaskDone: the chunk's reply. A lock that answered 0 cancels one
// count of the thread it was renewed for (LockTask.java:97-102); a failed
// chunk cancels nothing and is only logged (RenewalTask.java:175-184); then
// the next run is scheduled.
func (c *Client) lockTaskDone(j int, r sim.Reply, res Result) {
	tid := c.tasks[j].exec.cmd.Thread
	ok := !res.Failed() && r.Kind == sim.KindArray && len(r.Arr) == 1 && r.Arr[0].Kind == sim.KindInt && r.Arr[0].Int == 1
	c.emit(Effect{Kind: EffNote, Note: NoteRenewDone, Slot: int32(j), Thread: tid, OK: ok, Text: res.Error(), Value: int64(res.Err)})
	if !res.Failed() && !ok {
		c.cancelLockRenewal(tid, false)
	}
	c.lockTaskSchedule(j)
}

// cancelLockRenewal is RenewalTask.cancelExpirationRenewal(name, threadId)
// (all: threadId null): one count of the thread goes (LockEntry.removeThreadId,
// LockEntry.java:61-71), and the entry with its last thread or for null, which
// stops the task; no pending tick is cancelled (RenewalTask.java:97-133).
func (c *Client) cancelLockRenewal(tid int64, all bool) {
	if !all {
		c.ren.remove(tid)
		if !slices.ContainsFunc(c.ren.threads, func(x threadCount) bool { return x.tid == tid }) {
			c.ren.queue = slices.DeleteFunc(c.ren.queue, func(x int64) bool { return x == tid })
		}
		if len(c.ren.queue) > 0 {
			return
		}
	}
	c.ren = renewal{}
}
