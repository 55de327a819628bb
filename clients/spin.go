package clients

import (
	"math"

	"github.com/locksim/locksim/sim"
)

// A thread's retry loop, as the world fast-forwards it (sim/spin.go).
//
// 4.7.0's fair acquire answers a queued waiter max(0, pttl) = 0 while the
// lock is free but the queue's head has not taken it
// (R47:RedissonFairLock.java:173-175), and lock() then waits 0 ms on its
// latch and tries again (R47:RedissonLock.java:121-131); tryLock(wait)
// does the same while its wait lasts (R47:RedissonLock.java:262-290). Each
// such reply leaves the thread where it was: the same command goes out
// again with the clock's new reading, under a new response timer. spinPlan
// says whether a reply is one of those, by the same conditions the step
// takes; spinApply moves the client over n of them at once.

// spinPlan is one iteration of thread slot's loop.
type spinPlan struct {
	slot     int
	flaws    []Flaw // the paths each iteration notes, in order
	timeout  int64  // ms: the response timer of each command
	deadline int64  // the wall clock (Unix ms) from which a reply ends the loop; MaxInt64: never
}

// spinPlan reports whether the reply r to ref, arriving while Redisson
// counts replicas replicas, would make Step do nothing but cancel the
// command's response timer, send the same command again (its time read
// anew) and set the timer again: a 4.7.0 lock() or tryLock(wait) of a
// thread in its loop, a reply of 0, no permit on the latch, no interrupt.
func (c *Client) spinPlan(ref Ref, r sim.Reply, replicas int) (spinPlan, bool) {
	o := &c.cf.Opts
	if !o.FairSpin() || c.cf.Simple != "" || o.Mutations != (Mutations{}) {
		return spinPlan{}, false
	}
	own, slot, e := c.resolve(ref)
	if e == nil || own != OwnThread || e.phase != execSent || e.cmd.Op != OpAcquire || e.undo {
		return spinPlan{}, false
	}
	t := &c.threads[slot]
	if t.interrupted || t.pc != pcLockTry && t.pc != pcTryTry {
		return spinPlan{}, false
	}
	// onReply → complete: decodeReply, noSync (a WAIT that counted none
	// is an error), castLong; lockReply or tryLockReply: a ttl of 0.
	res, out := decodeReply(e.cmd, r, true)
	if out.Failed() || res.Kind != sim.KindInt || res.Int != 0 {
		return spinPlan{}, false
	}
	// latchWait(0): a permit would be taken (a wake-up), else no wait.
	if en := c.entry(c.entryKey(slot)); en != nil && en.permits > 0 {
		return spinPlan{}, false
	}
	// woken → tryAcquire: the same command, its time aside.
	wait, deadline := int64(-1), int64(math.MaxInt64)
	if t.pc == pcTryTry {
		// tryLockReply: time -= wall - current; time <= 0 ends the call.
		wait, deadline = t.call.Wait, t.cur+t.time
	}
	sync := 0
	if o.SyncReplicas {
		sync = replicas
	}
	cmd, fl := c.acquireCmd(slot, wait, sync)
	cmd.At = e.cmd.At
	if cmd != e.cmd {
		return spinPlan{}, false
	}
	timeout := o.Timeout
	if cmd.Sync > 0 {
		timeout += 1000
	}
	return spinPlan{slot: slot, flaws: fl.list(), timeout: timeout, deadline: deadline}, true
}

// spinApply is what n replies of the loop pl leave: the last handled at
// virtual time now with the clock at wall, drawing draw (Event.Draw), with
// replicas counted. Each sent the command again (a new number, the time
// argument read then) under a response timer set then.
func (c *Client) spinApply(pl spinPlan, n int, now sim.Time, wall int64, draw uint64, random bool, replicas int) {
	c.out = c.out[:0]
	c.now, c.wall, c.replicas, c.random, c.rnd = now, wall, replicas, random, draw
	t := &c.threads[pl.slot]
	switch t.pc {
	case pcLockTry:
		t.ttl = 0 // lockReply keeps the ttl it waits for
	case pcTryTry:
		// tryLockReply and tryLoop: time -= wall - current; current = wall
		t.time = pl.deadline - wall
		t.cur = wall
	}
	e := &t.exec
	e.seq += uint32(n)
	e.cmd.At = wall
	e.attempt, e.svc, e.undo, e.orig, e.phase = 0, 0, false, Cmd{}, execSent
	t.leaseSent = e.cmd.Lease
	k := execTimer(OwnThread, pl.slot)
	for j := range c.timers {
		if c.timers[j].key == k {
			c.timers[j].at = c.ms(pl.timeout)
		}
	}
}

// Spin reports whether the reply r to ref, arriving while Redisson
// counts replicas replicas, makes thread's loop send the same command again
// at once (spinPlan), and until when its clock may read (Unix ms) for every
// such reply to do so: the tryLock's deadline, math.MaxInt64 for lock().
// The explorer lets time pass while a thread spins so (explore/spin.go).
func (c *Client) Spin(ref Ref, r sim.Reply, replicas int) (deadline int64, ok bool) {
	pl, ok := c.spinPlan(ref, r, replicas)
	return pl.deadline, ok
}
