package clients

import (
	"testing"

	"github.com/locksim/locksim/sim"
)

// Fidelity tests of Redisson 4.7.0's client against its Java source (R47:
// is redisson/src/main/java/org/redisson/ at the tag redisson-4.7.0), one
// Client value stepped event by event (fidelity_test.go's stepper).

// 4.7.0 tests leaseTime > 0 where 3.x tested leaseTime != -1
// (R47:RedissonLock.java:162, 174, 187, 198; R16:RedissonLock.java:149,
// 159, 172, 181): lock(0, unit) and tryLock(wait, 0, unit) send
// internalLockLeaseTime and start the watchdog in 4.7.0, and send a lease
// of 0 without a watchdog in 3.16.8.
func TestZeroLeaseMeansTheWatchdog470(t *testing.T) {
	for _, call := range []Call{{Kind: CallLock, Wait: -1, Lease: 0}, {Kind: CallTryLockWait, Wait: 1000, Lease: 0}} {
		s := newStepper(t, "rlock-4.7.0")
		s.call(1, call)
		if got := s.last(OpAcquire, 1).Cmd.Lease; got != 30000 {
			t.Fatalf("4.7.0 %v: the acquire sent lease %d, want internalLockLeaseTime 30000", call.Kind, got)
		}
		s.reply(OpAcquire, 1, sim.Nil)
		if r := s.mustReturn(1); !r.OK {
			t.Fatalf("4.7.0 %v: %+v", call.Kind, r)
		}
		if !s.c.Renewing() {
			t.Fatalf("4.7.0 %v: a lease of 0 should start the watchdog", call.Kind)
		}

		s = newStepper(t, "rlock-3.16.8")
		s.call(1, call)
		if got := s.last(OpAcquire, 1).Cmd.Lease; got != 0 {
			t.Fatalf("3.16.8 %v: the acquire sent lease %d, want 0", call.Kind, got)
		}
		s.reply(OpAcquire, 1, sim.Nil)
		if s.c.Renewing() {
			t.Fatalf("3.16.8 %v: an explicit lease, even 0, starts no watchdog", call.Kind)
		}
	}
}

// An unlock that fails with NoSyncedSlavesException is run again by
// ServiceManager.execute (R47:connection/ServiceManager.java:611-645),
// which calls unlockAsync0 anew: its unlockInnerAsync reads the lock
// object's internalLockLeaseTime again (R47:RedissonLock.java:369), which
// the failed run's handle has just reset to lockWatchdogTimeout
// (R47:RedissonBaseLock.java:161-164, RedissonLock.java:326-332). A lock
// taken with a 6 s lease is unlocked with 6000, then repeated with 30000.
func TestRepeatedUnlockRereadsLease470(t *testing.T) {
	s := newStepper(t, "rlock-4.7.0")
	s.replicas = 1
	s.call(1, Call{Kind: CallLock, Wait: -1, Lease: 6000})
	s.reply(OpAcquire, 1, sim.Array(sim.Nil, sim.Int(1)))
	s.call(1, Call{Kind: CallLock, Wait: -1, Lease: 6000})
	s.reply(OpAcquire, 1, sim.Array(sim.Nil, sim.Int(1)))
	s.call(1, Call{Kind: CallUnlock, Wait: -1, Lease: -1})
	first := s.last(OpUnlock, 1).Cmd
	if first.Lease != 6000 {
		t.Fatalf("the unlock sent lease %d, want internalLockLeaseTime 6000", first.Lease)
	}
	s.reply(OpUnlock, 1, sim.Array(sim.Int(0), sim.Int(0))) // WAIT counted no replica
	if _, ok := s.returned(1); ok {
		t.Fatal("unlock() returned; ServiceManager.execute should repeat it")
	}
	s.fire(TimerKey{TimerExec, 0})
	again := s.last(OpUnlock, 1).Cmd
	if again.ReqN != first.ReqN || again.ReqR != first.ReqR {
		t.Fatalf("the repeat should reuse the request id: %+v / %+v", first, again)
	}
	if again.Lease != 30000 {
		t.Fatalf("the repeated unlock sent lease %d, want 30000: the failed run reset internalLockLeaseTime", again.Lease)
	}
}

// forceUnlock() and the fair lock's acquireFailed are get() of
// syncedEvalWithRetry, ServiceManager.execute around the script
// (R47:command/CommandAsyncService.java:1068-1071). An interrupted get()
// cancels the future it waits on (CommandAsyncService.java:186-191), which
// is execute's own result (ServiceManager.java:611-616), not the executor's
// promise: the executor still re-sends the script after a lost reply
// (RedisExecutor.java:122-126 tests only its own promise, 467-482), and
// ServiceManager.execute still repeats it after NoSyncedSlavesException
// (ServiceManager.java:618-637, which never looks at its result).
func TestInterruptedRetriedCommandGoesOn470(t *testing.T) {
	// resends counts the script's sends while every executor timer fires.
	resends := func(s *stepper, op Op) int {
		for range 20 {
			fired := false
			for _, k := range []TimerKey{{TimerExec, 0}, {TimerDetachedExec, 0}} {
				if _, ok := s.timer(k); ok {
					s.fire(k)
					fired = true
					break
				}
			}
			if !fired {
				break
			}
		}
		n := 0
		for _, e := range s.sends {
			if e.Cmd.Op == op {
				n++
			}
		}
		return n
	}
	interrupt := func(s *stepper) {
		s.step(Event{Kind: EvInterrupt, Thread: 1})
		if r := s.mustReturn(1); r.Err != ErrReply || r.Text != "RedisException: java.lang.InterruptedException" {
			t.Fatalf("the interrupted call returned %+v", r)
		}
	}

	s := newStepper(t, "rlock-4.7.0")
	s.call(1, Call{Kind: CallForceUnlock, Wait: -1, Lease: -1})
	interrupt(s)
	if n := resends(s, OpForceUnlock); n != 5 {
		t.Fatalf("forceUnlock sent %d times, want 5: the first and retryAttempts (4) re-sends", n)
	}

	s = newStepper(t, "fairlock-4.7.0")
	s.call(1, tryCall(0, -1))
	s.reply(OpAcquire, 1, sim.Int(4000))
	s.last(OpAcquireFailed, 1)
	interrupt(s)
	if n := resends(s, OpAcquireFailed); n != 5 {
		t.Fatalf("acquireFailed sent %d times, want 5", n)
	}

	// With a replica, WAIT counting none fails the run with
	// NoSyncedSlavesException, and execute runs the script again.
	s = newStepper(t, "rlock-4.7.0")
	s.replicas = 1
	s.call(1, Call{Kind: CallForceUnlock, Wait: -1, Lease: -1})
	interrupt(s)
	s.reply(OpForceUnlock, 1, sim.Array(sim.Int(1), sim.Int(0)))
	if n := resends(s, OpForceUnlock); n < 2 {
		t.Fatalf("forceUnlock sent %d times, want it repeated after NoSyncedSlavesException", n)
	}
}

// fencedWaiting brings threads 1 and 2 of one client into the fenced
// lock's wait: each tried, got ttl 30000, and queued a listener on the
// entry with a timeout.
func fencedWaiting(t *testing.T) *stepper {
	s := newStepper(t, "fencedlock-4.7.0")
	held := sim.Array(sim.Int(30000), sim.Int(-1))
	s.call(1, lockCall())
	s.reply(OpAcquireToken, 1, held)
	s.step(Event{Kind: EvSubscribed, Channel: ChannelName("myLock")})
	s.reply(OpAcquireToken, 1, held)
	s.call(2, lockCall())
	s.reply(OpAcquireToken, 2, held)
	s.reply(OpAcquireToken, 2, held)
	if e := s.c.entry(0); e == nil || len(e.listeners) != 2 || e.refs != 2 {
		t.Fatalf("want two listeners and two references on the entry, got %+v", e)
	}
	return s
}

// An interrupt while lockAndGetToken waits cancels the result future
// (get(), R47:command/CommandAsyncService.java:186-191) but not the loop:
// the waiter's listener stays queued on the entry (RedissonFencedLock.java:261-290)
// and its timeout stays set. An unlock message runs the oldest listener
// only (RedissonLockEntry.java:68-73, LockPubSub.java:43-46): the
// interrupted waiter's, whose loop sees the result done and unsubscribes
// (RedissonFencedLock.java:217-219). The other waiter of the client is not
// run; it waits out its timeout. Its timer, if it fires first, removes
// the listener the same way (RedissonFencedLock.java:281-287).
func TestInterruptedFencedWaiterKeepsItsListener470(t *testing.T) {
	s := fencedWaiting(t)
	s.step(Event{Kind: EvInterrupt, Thread: 1})
	if r := s.mustReturn(1); r.Err != ErrReply || r.Text != "RedisException: java.lang.InterruptedException" {
		t.Fatalf("the interrupted call returned %+v", r)
	}
	if e := s.c.entry(0); e == nil || len(e.listeners) != 2 || e.refs != 2 {
		t.Fatalf("the interrupted waiter's listener and reference should stay, got %+v", e)
	}
	sent := len(s.sends)
	s.step(Event{Kind: EvMessage, Channel: ChannelName("myLock"), Message: "0"})
	if len(s.sends) != sent {
		t.Fatalf("the message should run the interrupted waiter's listener, not thread 2's: %+v", s.sends[sent:])
	}
	if e := s.c.entry(0); e == nil || len(e.listeners) != 1 || e.refs != 1 || e.permits != 1 {
		t.Fatalf("after the message: want thread 2's listener, its reference and the message's permit, got %+v", e)
	}
	s.fire(TimerKey{TimerWait, 1})
	if acq := s.last(OpAcquireToken, 2); acq.Ref.Seq == 0 || len(s.sends) != sent+1 {
		t.Fatal("thread 2 should try again when its timeout runs out")
	}

	// The interrupted waiter's timeout, when it comes first, removes its
	// listener and releases its reference: the message then runs thread 2's.
	s = fencedWaiting(t)
	s.step(Event{Kind: EvInterrupt, Thread: 1})
	s.now += ms(30000)
	var ghost TimerKey
	s.c.Timers(func(k TimerKey, at sim.Time) {
		if k.Kind != TimerWait && k.Kind != TimerExec {
			ghost = k
		}
	})
	if ghost.Kind == 0 {
		t.Fatal("the interrupted waiter's timeout should stay set")
	}
	s.fire(ghost)
	if e := s.c.entry(0); e == nil || len(e.listeners) != 1 || e.refs != 1 {
		t.Fatalf("after the interrupted waiter's timeout: %+v", e)
	}
	sent = len(s.sends)
	s.step(Event{Kind: EvMessage, Channel: ChannelName("myLock"), Message: "0"})
	if len(s.sends) != sent+1 || s.sends[sent].Cmd.Op != OpAcquireToken || s.sends[sent].Cmd.Thread != 2 {
		t.Fatalf("the message should run thread 2's listener: %+v", s.sends[sent:])
	}
}

// A thread that gives up on a pending subscription in 4.7.0 fails nobody
// else, and leaves no reference behind. PublishSubscribe.subscribe takes
// the channel's AsyncSemaphore (R47:pubsub/PublishSubscribe.java:71-74),
// which the new entry's subscription holds until it completes
// (PublishSubscribe.java:112, pubsub/PubSubConnectionEntry.java:318-343):
// the client's other threads wait on the semaphore, not on the creator's
// promise. When the creator gives up — lock()'s get() cancels its future
// (RedissonLock.java:117, CommandAsyncService.java:203-207),
// lockInterruptibly's getInterrupted fails it (CommandAsyncService.java:227-236),
// lock()'s subscription timeout fails it (RedissonLock.java:112,
// PublishSubscribeService.java:475-488), tryLock(wait) fails it as its
// wait runs out (RedissonLock.java:246-258) — the entry's subscription
// future fails with it and the entry leaves the map (PublishSubscribe.java:113-122),
// its reference with it. Once the subscription completes, the thread
// waiting on the semaphore makes a new entry, which the subscribed channel
// completes at once (PublishSubscribeService.java:526, 587-661): it goes
// on, and unsubscribes the channel when it is done. A waiter that gives
// up before the semaphore lets it in takes no reference at all
// (PublishSubscribe.java:75-78).
func TestGivingUpOnSharedSubscription470(t *testing.T) {
	ch := ChannelName("myLock")
	ways := []struct {
		name   string
		call   Call
		giveUp func(s *stepper)
		want   ErrKind
	}{
		{"lock() interrupted", lockCall(), func(s *stepper) { s.step(Event{Kind: EvInterrupt, Thread: 1}) }, ErrReply},
		{"lockInterruptibly() interrupted", Call{Kind: CallLock, Wait: -1, Lease: -1, Interruptibly: true},
			func(s *stepper) { s.step(Event{Kind: EvInterrupt, Thread: 1}) }, ErrInterrupted},
		{"lock()'s subscription timeout", lockCall(), func(s *stepper) { s.fire(TimerKey{TimerWait, 0}) }, ErrSubscribe},
		{"tryLock(wait) running out", tryCall(1000, -1), func(s *stepper) { s.fire(TimerKey{TimerWait, 0}) }, 0},
	}
	for _, w := range ways {
		t.Run(w.name, func(t *testing.T) {
			s := newStepper(t, "rlock-4.7.0")
			s.call(1, w.call)
			s.reply(OpAcquire, 1, sim.Int(20000))
			if s.subscribed() != ch {
				t.Fatal("thread 1 should make the entry and subscribe")
			}
			s.call(2, lockCall())
			s.reply(OpAcquire, 2, sim.Int(20000))
			w.giveUp(s)
			if r := s.mustReturn(1); r.Err != w.want {
				t.Fatalf("thread 1 returned %+v", r)
			}
			if _, ok := s.returned(2); ok {
				t.Fatal("thread 2 should go on waiting for the subscription")
			}
			s.step(Event{Kind: EvSubscribed, Channel: ch})
			s.reply(OpAcquire, 2, sim.Nil)
			if r := s.mustReturn(2); !r.OK {
				t.Fatalf("thread 2 returned %+v", r)
			}
			if !has(s.eff, EffUnsubscribe) || len(s.c.subs) != 0 {
				t.Fatalf("thread 2's unsubscribe should be the entry's last: unsubscribed %v, entries %+v", has(s.eff, EffUnsubscribe), s.c.subs)
			}
		})
	}

	// A waiter that gives up while the semaphore keeps it out takes no
	// reference: thread 1's entry is released by thread 1 alone.
	s := newStepper(t, "rlock-4.7.0")
	s.call(1, lockCall())
	s.reply(OpAcquire, 1, sim.Int(20000))
	s.call(2, lockCall())
	s.reply(OpAcquire, 2, sim.Int(20000))
	s.step(Event{Kind: EvInterrupt, Thread: 2})
	s.step(Event{Kind: EvSubscribed, Channel: ch})
	s.reply(OpAcquire, 1, sim.Nil)
	if r := s.mustReturn(1); !r.OK || !has(s.eff, EffUnsubscribe) {
		t.Fatalf("thread 1 returned %+v; unsubscribed %v, want the entry's last reference gone", r, has(s.eff, EffUnsubscribe))
	}
}

// An interrupted 4.7.0 lock() whose acquire was granted but whose WAIT
// counted no replica is undone as the call would have been: get()
// cancels only ServiceManager.execute's result (ServiceManager.java:611-616),
// so the executor's NoSyncedSlavesException still reaches handleNoSync,
// which unlocks (CommandAsyncService.java:1038-1066, RedissonLock.java:193);
// execute then repeats the acquire after retryDelay, for nobody
// (ServiceManager.java:618-637). A repeat that takes the lock runs its
// thenApply: the watchdog starts for a thread that was told it failed.
func TestInterruptedAcquireNoSyncUndone470(t *testing.T) {
	s := newStepper(t, "rlock-4.7.0")
	s.replicas = 1
	s.call(1, lockCall())
	s.step(Event{Kind: EvInterrupt, Thread: 1})
	if r := s.mustReturn(1); r.Err != ErrReply {
		t.Fatalf("the interrupted call returned %+v", r)
	}
	noted := func(f Flaw) bool {
		for _, e := range s.eff {
			if e.Kind == EffNote && e.Note == NoteFlaw && e.Text == string(f) {
				return true
			}
		}
		return false
	}
	s.reply(OpAcquire, 1, sim.Array(sim.Nil, sim.Int(0))) // granted; WAIT counted none
	if !noted(FlawRequeue) {
		t.Fatalf("the undo was not noted: %+v", s.eff)
	}
	undo := s.last(OpUnlock, 1)
	if undo.Cmd.Sync != 1 || undo.Cmd.ReqN == 0 {
		t.Fatalf("want handleNoSync's unlock, with its own request id and WAIT: %+v", undo.Cmd)
	}
	s.reply(OpUnlock, 1, sim.Array(sim.Int(1), sim.Int(1)))
	if _, ok := s.timer(TimerKey{TimerDetachedExec, 0}); !ok {
		t.Fatal("execute should repeat the acquire after retryDelay")
	}
	s.fire(TimerKey{TimerDetachedExec, 0})
	acquires := 0
	for _, e := range s.sends {
		if e.Cmd.Op == OpAcquire {
			acquires++
		}
	}
	if acquires != 2 || s.last(OpAcquire, 1).Cmd.Lease != 30000 {
		t.Fatalf("want the acquire repeated with the watchdog's lease, got %d sends (%+v)", acquires, s.last(OpAcquire, 1).Cmd)
	}
	s.reply(OpAcquire, 1, sim.Array(sim.Nil, sim.Int(1)))
	if !noted(FlawDetachedHold) || s.c.renewalCount(1) != 1 {
		t.Fatalf("the repeat took the lock: its thenApply should start the watchdog for nobody: %+v", s.eff)
	}
}

// A lock object's internalLockLeaseTime is shared by its threads: thread
// 1's lock(20 s) stores 20000 (R47:RedissonLock.java:189-191); thread 2's
// unlock, which finds no hold of its own (null), sets it back to
// lockWatchdogTimeout (RedissonLock.java:326-332), so thread 1's re-entry
// without a lease sends 30000 (:174-175) and re-arms its 20 s hold for the
// watchdog's timeout, a value another call left there: the lease-kept
// path; not so once a new lock object (getLock again) replaced the one it
// wrote. After thread 1's own unlock set it back, a lock() without a lease
// sends the watchdog's timeout as its own, and takes no such path.
func TestReentrySendsLeaseAnotherUnlockReset470(t *testing.T) {
	kept := func(s *stepper, tid int64) bool {
		for _, e := range s.eff {
			if e.Kind == EffNote && e.Note == NoteFlaw && e.Text == string(FlawLeaseKept) && e.Thread == tid {
				return true
			}
		}
		return false
	}
	s := newStepper(t, "rlock-4.7.0")
	s.call(1, Call{Kind: CallLock, Wait: -1, Lease: 20000})
	s.reply(OpAcquire, 1, sim.Nil)
	s.mustReturn(1)
	s.call(2, Call{Kind: CallUnlock, Wait: -1, Lease: -1})
	s.reply(OpUnlock, 2, sim.Nil)
	if r := s.mustReturn(2); !r.Failed() {
		t.Fatalf("thread 2's unlock of no hold returned %+v, want IllegalMonitorStateException", r)
	}
	fresh := lockCall()
	fresh.Fresh = true // getLock(name) again: a new object, whose field nobody wrote
	s.call(3, fresh)
	if l := s.last(OpAcquire, 3).Cmd.Lease; l != 30000 || kept(s, 3) {
		t.Fatalf("a new lock object's lock() sent %d (lease-kept noted %v), want 30000 and no note", l, kept(s, 3))
	}
	s.reply(OpAcquire, 3, sim.Int(1000))
	s.call(1, lockCall())
	if l := s.last(OpAcquire, 1).Cmd.Lease; l != 30000 || kept(s, 1) {
		t.Fatalf("thread 1's lock() on the new object sent %d (lease-kept noted %v), want 30000 and no note", l, kept(s, 1))
	}
	s.reply(OpAcquire, 1, sim.Nil)
	s.mustReturn(1)

	s = newStepper(t, "rlock-4.7.0")
	s.call(1, Call{Kind: CallLock, Wait: -1, Lease: 20000})
	s.reply(OpAcquire, 1, sim.Nil)
	s.mustReturn(1)
	s.call(2, Call{Kind: CallUnlock, Wait: -1, Lease: -1})
	s.reply(OpUnlock, 2, sim.Nil)
	s.mustReturn(2)
	s.call(1, lockCall())
	if l := s.last(OpAcquire, 1).Cmd.Lease; l != 30000 || !kept(s, 1) {
		t.Fatalf("thread 1's re-entry after thread 2's unlock sent %d (lease-kept noted %v), want 30000 and the note", l, kept(s, 1))
	}
	s.reply(OpAcquire, 1, sim.Nil)
	s.call(1, Call{Kind: CallUnlock, Wait: -1, Lease: -1})
	s.reply(OpUnlock, 1, sim.Int(0))
	s.call(1, Call{Kind: CallUnlock, Wait: -1, Lease: -1})
	s.reply(OpUnlock, 1, sim.Int(1)) // its own last unlock sets the field back
	s.call(1, lockCall())
	if l := s.last(OpAcquire, 1).Cmd.Lease; l != 30000 || kept(s, 1) {
		t.Fatalf("a lock() after thread 1's own unlock sent %d (lease-kept noted %v), want 30000 and no note", l, kept(s, 1))
	}
}
