package clients

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/sim"
)

// These tests drive one Client value directly, event by event, and pin
// the places where its behaviour follows a particular line of Redisson's
// source (R8: / R16: are redisson/src/main/java/org/redisson/ at the tags
// redisson-3.8.1 and redisson-3.16.8).

// stepper feeds a Client events at a virtual time of its choosing; the
// wall clock reads sim.Epoch + the virtual ms.
type stepper struct {
	t        *testing.T
	c        *Client
	now      sim.Time
	replicas int
	eff      []Effect // the last step's effects
	sends    []Effect // every command sent, in order
}

func newStepper(t *testing.T, algo string) *stepper {
	t.Helper()
	cf, err := NewConfig(algo, "myLock")
	if err != nil {
		t.Fatal(err)
	}
	return &stepper{t: t, c: NewClient(cf, "A")}
}

func (s *stepper) step(ev Event) []Effect {
	ev.Now, ev.Wall, ev.Replicas = s.now, sim.Epoch+int64(s.now/sim.Time(sim.Millisecond)), s.replicas
	s.eff = append([]Effect(nil), s.c.Step(ev)...)
	for _, e := range s.eff {
		if e.Kind == EffSend {
			s.sends = append(s.sends, e)
		}
	}
	return s.eff
}

// subscribed is the channel of the latest subscribe effect ("" if none).
func (s *stepper) subscribed() string {
	ch := ""
	for _, e := range s.eff {
		if e.Kind == EffSubscribe {
			ch = e.Channel
		}
	}
	return ch
}

func (s *stepper) call(tid int64, call Call) { s.step(Event{Kind: EvCall, Thread: tid, Call: call}) }

func lockCall() Call { return Call{Kind: CallLock, Wait: -1, Lease: -1} }

func tryCall(wait, lease int64) Call { return Call{Kind: CallTryLockWait, Wait: wait, Lease: lease} }

// last returns the latest command op sent for thread tid (the owner of a
// renewal is the thread it renews).
func (s *stepper) last(op Op, tid int64) Effect {
	s.t.Helper()
	for k := len(s.sends) - 1; k >= 0; k-- {
		if e := s.sends[k]; e.Cmd.Op == op && e.Cmd.Thread == tid {
			return e
		}
	}
	s.t.Fatalf("no %s sent for thread %d", op, tid)
	return Effect{}
}

// reply answers the latest op sent for tid.
func (s *stepper) reply(op Op, tid int64, r sim.Reply) []Effect {
	s.t.Helper()
	return s.step(Event{Kind: EvReply, Ref: s.last(op, tid).Ref, Reply: r})
}

func (s *stepper) timer(k TimerKey) (sim.Time, bool) {
	var at sim.Time
	ok := false
	s.c.Timers(func(x TimerKey, t sim.Time) {
		if x == k {
			at, ok = t, true
		}
	})
	return at, ok
}

// fire moves the clock to timer k and fires it.
func (s *stepper) fire(k TimerKey) []Effect {
	s.t.Helper()
	at, ok := s.timer(k)
	if !ok {
		s.t.Fatalf("timer %s/%d is not pending", k.Kind, k.Slot)
	}
	s.now = at
	return s.step(Event{Kind: EvTimer, Timer: k})
}

// returned is thread tid's return in the last step.
func (s *stepper) returned(tid int64) (Result, bool) {
	for _, e := range s.eff {
		if e.Kind == EffReturn && e.Thread == tid {
			return e.Result, true
		}
	}
	return Result{}, false
}

func (s *stepper) mustReturn(tid int64) Result {
	s.t.Helper()
	r, ok := s.returned(tid)
	if !ok {
		s.t.Fatalf("thread %d did not return; effects %+v", tid, s.eff)
	}
	return r
}

func has(eff []Effect, kind EffectKind) bool {
	for _, e := range eff {
		if e.Kind == kind {
			return true
		}
	}
	return false
}

func watchdogTimers(c *Client) int {
	n := 0
	c.Timers(func(k TimerKey, _ sim.Time) {
		if k.Kind == TimerWatchdog {
			n++
		}
	})
	return n
}

func ms(n int64) sim.Time { return sim.Time(n) * sim.Time(sim.Millisecond) }

// staleRenewal plays 3.16.8's race: A's renewal goes out, A unlocks
// (the renewing task cannot be cancelled) and locks again (a new entry
// with a new task), and the old renewal's reply is still to come.
func staleRenewal(t *testing.T) *stepper {
	s := newStepper(t, "rlock-3.16.8")
	s.call(1, lockCall())
	s.reply(OpAcquire, 1, sim.Nil)
	s.fire(TimerKey{TimerWatchdog, 0})
	s.call(1, Call{Kind: CallUnlock, Wait: -1, Lease: -1})
	s.reply(OpUnlock, 1, sim.Int(1))
	s.call(1, lockCall())
	s.reply(OpAcquire, 1, sim.Nil)
	if !s.c.Renewing() || s.c.RenewalTasks() != 2 {
		t.Fatalf("after the second lock: renewing %v with %d tasks, want a new entry and 2 tasks", s.c.Renewing(), s.c.RenewalTasks())
	}
	return s
}

// Item 1. 3.16.8: a renewal that fails with an error removes whatever
// entry is current, without cancelling the entry's task
// (R16:RedissonBaseLock.java:149-152); the orphaned task then finds no
// entry and renews nothing (R16:RedissonBaseLock.java:138-141).
func TestRenewalErrorRemovesCurrentEntry(t *testing.T) {
	s := staleRenewal(t)
	s.reply(OpRenew, 1, sim.Err("ERR boom"))
	if s.c.Renewing() {
		t.Fatal("the renewal's error left the new lock's entry in place")
	}
	if s.c.RenewalTasks() != 1 || watchdogTimers(s.c) != 1 {
		t.Fatalf("tasks %d, watchdog timers %d: want the new entry's task still armed", s.c.RenewalTasks(), watchdogTimers(s.c))
	}
	n := len(s.sends)
	s.fire(TimerKey{TimerWatchdog, 1})
	if len(s.sends) != n || s.c.RenewalTasks() != 0 {
		t.Fatalf("the orphaned task sent %d command(s), %d task(s) left; want none", len(s.sends)-n, s.c.RenewalTasks())
	}
}

// Item 10. 3.16.8: the stale renewal's 1 reschedules on the current
// entry (renewExpiration, R16:RedissonBaseLock.java:155-157), whose
// ee.setTimeout replaces the new task's Timeout without cancelling it
// (R16:RedissonBaseLock.java:165): two timers renew side by side.
func TestReplacedWatchdogTimerIsNotCancelled(t *testing.T) {
	s := staleRenewal(t)
	s.reply(OpRenew, 1, sim.Int(1))
	if s.c.RenewalTasks() != 2 || watchdogTimers(s.c) != 2 {
		t.Fatalf("tasks %d, watchdog timers %d: want both timers kept apart", s.c.RenewalTasks(), watchdogTimers(s.c))
	}
	s.fire(TimerKey{TimerWatchdog, 1})
	s.fire(TimerKey{TimerWatchdog, 0})
	renews := 0
	for _, e := range s.sends {
		if e.Cmd.Op == OpRenew {
			renews++
		}
	}
	if renews != 3 {
		t.Fatalf("%d renewals sent, want 3 (the first, then one from each timer)", renews)
	}
}

// Item 2. 3.16.8: lock(lease) stores the lease in RedissonLock's
// internalLockLeaseTime (R16:RedissonLock.java:182), which the next
// lock() on the same object sends (R16:RedissonLock.java:175); the
// watchdog uses RedissonBaseLock's field, the watchdog timeout, for its
// period and its ARGV (R16:RedissonBaseLock.java:117/163/193).
func TestRenewalUsesWatchdogTimeoutAfterExplicitLease(t *testing.T) {
	s := newStepper(t, "rlock-3.16.8")
	s.call(1, Call{Kind: CallLock, Wait: -1, Lease: 6000})
	s.reply(OpAcquire, 1, sim.Nil)
	s.call(1, Call{Kind: CallUnlock, Wait: -1, Lease: -1})
	if got := s.last(OpUnlock, 1).Cmd.Lease; got != 6000 {
		t.Fatalf("unlock's lease %d, want RedissonLock.internalLockLeaseTime 6000", got)
	}
	s.reply(OpUnlock, 1, sim.Int(1))
	s.call(1, lockCall())
	if got := s.last(OpAcquire, 1).Cmd.Lease; got != 6000 {
		t.Fatalf("lock() on the reused object sent lease %d, want 6000", got)
	}
	s.reply(OpAcquire, 1, sim.Nil)
	if at, ok := s.timer(TimerKey{TimerWatchdog, 0}); !ok || at != s.now+ms(10000) {
		t.Fatalf("watchdog at %v (pending %v), want in 30000/3 ms", at, ok)
	}
	s.fire(TimerKey{TimerWatchdog, 0})
	if got := s.last(OpRenew, 1).Cmd.Lease; got != 30000 {
		t.Fatalf("renewal lease %d, want the watchdog timeout 30000", got)
	}
}

// Item 3. tryLock() never takes a lease (tryAcquireOnceAsync(-1, -1, …):
// R16:RedissonLock.java tryLockAsync, R8:RedissonLock.java:656); the
// workload's "no wait with a lease" is tryLock(0, lease, unit) (package
// run's TestWorkloadTryLockTakesNoLease), which on the fair lock is EVAL_LONG, so it enqueues and then calls acquireFailed.
func TestTryLockTakesNoLease(t *testing.T) {
	s := newStepper(t, "fairlock-3.16.8")
	s.call(1, Call{Kind: CallTryLock, Wait: -1, Lease: 5000})
	if r := s.mustReturn(1); r.Err != ErrUnsupported || len(s.sends) != 0 {
		t.Fatalf("tryLock() with a lease: %+v, %d command(s); want refused", r, len(s.sends))
	}
	s.call(1, tryCall(0, 5000))
	if acq := s.last(OpAcquire, 1); acq.Cmd.Lease != 5000 {
		t.Fatalf("tryLock(0, 5000) sent %+v", acq.Cmd)
	}
	s.reply(OpAcquire, 1, sim.Int(4000))
	if s.last(OpAcquireFailed, 1).Cmd.Wait != 0 {
		t.Fatal("acquireFailed's wait should be unit.toMillis(0)")
	}
}

// Item 4. acquireFailed is get(acquireFailedAsync(…)), so its failure is
// what the synchronous tryLock throws (R16:RedissonBaseLock.java:248-249,
// R8:RedissonLock.java:297-298).
func TestAcquireFailedErrorThrows(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			s := newStepper(t, "fairlock-"+v)
			s.call(1, tryCall(0, -1))
			s.reply(OpAcquire, 1, sim.Int(4000))
			s.reply(OpAcquireFailed, 1, sim.Err("ERR boom"))
			if r := s.mustReturn(1); r.Err != ErrReply || !strings.Contains(r.Text, "ERR boom") {
				t.Fatalf("tryLock returned %+v, want the acquireFailed error", r)
			}
		})
	}
}

// Items 5 and 6. How long lock() waits for its subscription, and what a
// timeout leaves. 3.16.8: the subscription itself fails after
// Config.timeout and the service unsubscribes the channel
// (R16:pubsub/PublishSubscribeService.java:308-314); the entry keeps its
// failed promise (R16:pubsub/PublishSubscribe.java:80-94) and nothing
// releases it, so a later waiter fails at once without subscribing.
// 3.8.1: syncSubscription waits timeout + retryInterval × retryAttempts
// (R8:command/CommandAsyncService.java:137-139) and lock() leaves its
// entry subscribed (R8:RedissonLock.java:148-149), so a later waiter
// uses the now active subscription.
func TestSubscriptionTimeout(t *testing.T) {
	t.Run("3.16.8", func(t *testing.T) {
		s := newStepper(t, "rlock-3.16.8")
		s.call(1, lockCall())
		s.reply(OpAcquire, 1, sim.Int(20000))
		if !has(s.eff, EffSubscribe) {
			t.Fatal("lock() did not subscribe")
		}
		eff := s.fire(TimerKey{TimerSubscribe, 0})
		if s.now != ms(3000) || !has(eff, EffUnsubscribe) {
			t.Fatalf("the subscription timed out at %v (unsubscribe %v), want at 3 s, unsubscribed", s.now, has(eff, EffUnsubscribe))
		}
		if r := s.mustReturn(1); r.Err != ErrSubscribe || !strings.Contains(r.Text, "Subscription timeout after 3000ms") {
			t.Fatalf("lock() returned %+v", r)
		}
		s.call(2, tryCall(10000, -1))
		s.reply(OpAcquire, 2, sim.Int(20000))
		if has(s.eff, EffSubscribe) {
			t.Fatal("a later tryLock subscribed again: the failed entry should stay")
		}
		if r := s.mustReturn(2); r.Failed() || r.OK {
			t.Fatalf("a later tryLock returned %+v, want false at once", r)
		}
		s.call(3, lockCall())
		s.reply(OpAcquire, 3, sim.Int(20000))
		if r := s.mustReturn(3); r.Err != ErrSubscribe {
			t.Fatalf("a later lock() returned %+v, want the subscription's failure", r)
		}
	})
	t.Run("3.8.1", func(t *testing.T) {
		s := newStepper(t, "rlock-3.8.1")
		s.call(1, lockCall())
		s.reply(OpAcquire, 1, sim.Int(20000))
		ch := s.subscribed()
		eff := s.fire(TimerKey{TimerWait, 0})
		if s.now != ms(7500) || has(eff, EffUnsubscribe) {
			t.Fatalf("lock()'s subscription wait ended at %v (unsubscribe %v), want at 7.5 s, still subscribed", s.now, has(eff, EffUnsubscribe))
		}
		if r := s.mustReturn(1); r.Err != ErrSubscribe || !strings.Contains(r.Text, "Subscribe timeout: (7500ms)") {
			t.Fatalf("lock() returned %+v", r)
		}
		s.step(Event{Kind: EvSubscribed, Channel: ch})
		s.call(2, lockCall())
		s.reply(OpAcquire, 2, sim.Int(20000))
		if has(s.eff, EffSubscribe) || s.last(OpAcquire, 2).Ref.Seq != 2 {
			t.Fatal("a later lock() should find the leaked entry subscribed and try again at once")
		}
	})
}

// Item 7. A command that cannot be written (no master) is written four
// times, retryInterval apart, and fails when the retry timer fires after
// the last: 0, 1.5, 3, 4.5 s, the error at 6 s
// (R16:command/RedisExecutor.java:235-240/259,
// R8:command/CommandAsyncService.java:606-613/631).
func TestWriteFailureTiming(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			s := newStepper(t, "rlock-"+v)
			s.call(1, lockCall())
			var at []sim.Time
			for range 4 {
				at = append(at, s.now)
				s.step(Event{Kind: EvWriteFailed, Ref: s.last(OpAcquire, 1).Ref})
				s.fire(TimerKey{TimerExec, 0})
			}
			want := []sim.Time{0, ms(1500), ms(3000), ms(4500)}
			for k := range want {
				if at[k] != want[k] {
					t.Fatalf("writes at %v, want %v", at, want)
				}
			}
			if r := s.mustReturn(1); r.Err != ErrWrite || s.now != ms(6000) {
				t.Fatalf("at %v: %+v, want the write error at 6 s", s.now, r)
			}
		})
	}
}

// Item 8. 3.16.8 fails a lock command when WAIT counted any other number
// of replicas than it asked for, more as well as fewer
// (R16:RedissonBaseLock.java:227: getSyncedSlaves() != availableSlaves);
// the synchronous call sees the IllegalStateException wrapped in a
// RedisException (R16:command/CommandAsyncService.java:321-326).
func TestWaitCountMustEqualReplicas(t *testing.T) {
	for _, synced := range []int64{0, 2} {
		s := newStepper(t, "rlock-3.16.8")
		s.replicas = 1
		s.call(1, lockCall())
		if s.last(OpAcquire, 1).Cmd.Sync != 1 {
			t.Fatal("the acquire should WAIT for the one replica")
		}
		s.reply(OpAcquire, 1, sim.Reply{Kind: sim.KindArray, Arr: []sim.Reply{sim.Nil, sim.Int(synced)}})
		if r := s.mustReturn(1); r.Err != ErrSync || !strings.HasPrefix(r.Text, "RedisException: Unexpected exception while processing command (cause: IllegalStateException: Only ") {
			t.Fatalf("WAIT counted %d of 1: lock() returned %+v, want the sync failure", synced, r)
		}
	}
}

// Item 11. The entry's latch is a non-fair Semaphore(0)
// (R16:RedissonLockEntry.java:37): a thread that reaches tryAcquire while
// a released permit is free takes it before the woken oldest waiter runs.
func TestLatchIsNonFair(t *testing.T) {
	s := newStepper(t, "rlock-3.16.8")
	s.call(1, lockCall())
	s.reply(OpAcquire, 1, sim.Int(20000))
	ch := s.subscribed()
	s.step(Event{Kind: EvSubscribed, Channel: ch})
	s.reply(OpAcquire, 1, sim.Int(20000)) // thread 1 waits on the latch
	s.call(2, lockCall())
	s.reply(OpAcquire, 2, sim.Int(20000)) // thread 2 joins the active entry and tries again
	s.step(Event{Kind: EvMessage, Channel: ch, Message: unlockMessage})
	if _, ok := s.timer(TimerKey{TimerUnpark, 0}); !ok {
		t.Fatal("the unlock message should wake thread 1")
	}
	before := len(s.sends)
	s.reply(OpAcquire, 2, sim.Int(20000)) // thread 2 reaches tryAcquire first
	if len(s.sends) != before+1 || s.last(OpAcquire, 2).Ref.Seq != 3 {
		t.Fatal("thread 2 should take the free permit and try again at once")
	}
	s.fire(TimerKey{TimerUnpark, 0})
	if n := len(s.sends); n != before+1 {
		t.Fatalf("thread 1 ran without a permit (%d command(s))", n-before-1)
	}
	if st := s.c.ThreadState(1); !strings.Contains(st, "wait") {
		t.Fatalf("thread 1: %q, want still waiting", st)
	}
}

// Item 12. tryLock's acquireFailed runs inside its try block and the
// unsubscribe in its finally: acquireFailed completes first
// (R16:RedissonLock.java:261-283, R8:RedissonLock.java:340-376).
func TestAcquireFailedBeforeUnsubscribe(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			s := newStepper(t, "fairlock-"+v)
			s.call(1, tryCall(1000, -1))
			s.reply(OpAcquire, 1, sim.Int(20000))
			ch := s.subscribed()
			s.step(Event{Kind: EvSubscribed, Channel: ch})
			s.reply(OpAcquire, 1, sim.Int(20000))
			eff := s.fire(TimerKey{TimerWait, 0})
			if has(eff, EffUnsubscribe) || s.last(OpAcquireFailed, 1).Cmd.Op != OpAcquireFailed {
				t.Fatal("acquireFailed should go out while the entry is still subscribed")
			}
			eff = s.reply(OpAcquireFailed, 1, sim.Nil)
			var kinds []EffectKind
			for _, e := range eff {
				if e.Kind == EffUnsubscribe || e.Kind == EffReturn {
					kinds = append(kinds, e.Kind)
				}
			}
			if len(kinds) != 2 || kinds[0] != EffUnsubscribe || kinds[1] != EffReturn {
				t.Fatalf("after acquireFailed's reply: %+v, want unsubscribe then return", eff)
			}
		})
	}
}

// Item 6, tryLock's side. tryLock(wait) gives up waiting for a pending
// subscription. 3.16.8: cancel(false) succeeds on the pending future, so
// nothing releases the entry and the channel stays subscribed once the
// subscription completes (R16:RedissonLock.java:233-243). 3.8.1: cancel
// fails once the subscribe listener ran (R8:pubsub/PublishSubscribe.java
// 70-74), and the listener tryLock added unsubscribes when the
// subscription succeeds (R8:RedissonLock.java:324-334).
func TestTryLockGivesUpOnPendingSubscription(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			s := newStepper(t, "rlock-"+v)
			s.call(1, tryCall(1000, -1))
			s.reply(OpAcquire, 1, sim.Int(20000))
			ch := s.subscribed()
			eff := s.fire(TimerKey{TimerWait, 0})
			if r := s.mustReturn(1); r.Failed() || r.OK || s.now != ms(1000) || has(eff, EffUnsubscribe) {
				t.Fatalf("at %v: %+v (unsubscribe %v), want false at 1 s, still subscribed", s.now, r, has(eff, EffUnsubscribe))
			}
			eff = s.step(Event{Kind: EvSubscribed, Channel: ch})
			if got, want := has(eff, EffUnsubscribe), v == "3.8.1"; got != want {
				t.Fatalf("unsubscribed when the subscription completed: %v, want %v", got, want)
			}
			if got, want := s.c.Subscribed(ch), v == "3.16.8"; got != want {
				t.Fatalf("still subscribed afterwards: %v, want %v", got, want)
			}
		})
	}
}

// An acquire script that answers neither nil nor an integer (a changed
// script: a string, a status, an array) hands tryAcquire an object its
// cast to Long refuses: lock() and tryLock() throw ClassCastException at
// once instead of reading a ttl (RedisStrictCommand<Long> EVAL_LONG has no
// convertor; RedissonLock.tryAcquire returns get(tryAcquireAsync(...))).
func TestAcquireReplyOfAnotherTypeThrows(t *testing.T) {
	for _, v := range append(rlVersions, "4.7.0") {
		for _, r := range []sim.Reply{sim.Bulk("abc"), sim.Status("OK"), sim.Array(sim.Int(1))} {
			t.Run(v+"/"+r.String(), func(t *testing.T) {
				s := newStepper(t, "rlock-"+v)
				s.call(1, lockCall())
				s.reply(OpAcquire, 1, r)
				if got := s.mustReturn(1); got.Err != ErrReply || !strings.HasPrefix(got.Text, "ClassCastException") {
					t.Fatalf("lock() returned %+v, want ClassCastException", got)
				}
				s.call(2, tryCall(10000, -1))
				s.reply(OpAcquire, 2, r)
				if got := s.mustReturn(2); got.Err != ErrReply || !strings.HasPrefix(got.Text, "ClassCastException") {
					t.Fatalf("tryLock() returned %+v, want ClassCastException", got)
				}
			})
		}
	}
}

// 3.16.8's poisoned entry fails the process's other waiters when the
// subscription completes, not when its creator gives up. They wait on the
// channel's AsyncSemaphore (R16:pubsub/PublishSubscribe.java:64-74), which
// the creator's subscription holds until it completes or times out
// (R16:pubsub/PublishSubscribeService.java:333-355); only then do they
// find the entry, whose promise the creator cancelled, and fail with it
// (PublishSubscribe.java:80-91). A waiter whose own wait runs out first
// gives up on its own future: tryLock returns false.
func TestPoisonedEntryFailsWaitersWhenSubscribed(t *testing.T) {
	s := newStepper(t, "rlock-3.16.8")
	ch := ChannelName("myLock")
	s.call(1, tryCall(10, -1))
	s.reply(OpAcquire, 1, sim.Int(20000))
	s.call(2, lockCall())
	s.reply(OpAcquire, 2, sim.Int(20000))
	s.call(3, tryCall(50, -1))
	s.reply(OpAcquire, 3, sim.Int(20000))
	s.fire(TimerKey{TimerWait, 0}) // thread 1's wait runs out: cancel(false) on the entry's promise
	if r := s.mustReturn(1); r.Failed() || r.OK {
		t.Fatalf("thread 1 returned %+v, want false", r)
	}
	if _, ok := s.returned(2); ok {
		t.Fatal("thread 2 fails only once the semaphore lets it in")
	}
	s.call(4, lockCall())
	s.reply(OpAcquire, 4, sim.Int(20000))
	if _, ok := s.returned(4); ok {
		t.Fatal("a thread arriving while the subscription is on its way waits on the semaphore too")
	}
	s.fire(TimerKey{TimerWait, 2}) // thread 3's own wait runs out first
	if r := s.mustReturn(3); r.Failed() || r.OK {
		t.Fatalf("thread 3 returned %+v, want false", r)
	}
	s.step(Event{Kind: EvSubscribed, Channel: ch})
	for _, tid := range []int64{2, 4} {
		if r := s.mustReturn(tid); r.Err != ErrSubscribe || r.Text != "java.util.concurrent.CancellationException" {
			t.Fatalf("thread %d returned %+v, want CancellationException", tid, r)
		}
	}
	s.call(5, lockCall())
	s.reply(OpAcquire, 5, sim.Int(20000))
	if r := s.mustReturn(5); r.Err != ErrSubscribe {
		t.Fatalf("a later lock() returned %+v, want CancellationException at once", r)
	}
}

// 3.8.1's watchdog schedules its next renewal internalLockLeaseTime / 3
// after the last one completes, reading the field then
// (R8:RedissonLock.java:225-253): a lease another thread's call on the
// shared lock object stored in it meanwhile (:280) sets the period, and the
// client notes the lease-kept path where it does.
func TestRenewalPeriodFromKeptLease381(t *testing.T) {
	s := newStepper(t, "rlock-3.8.1")
	keptNoted := func() bool {
		for _, e := range s.eff {
			if e.Kind == EffNote && e.Note == NoteFlaw && e.Text == string(FlawLeaseKept) {
				return true
			}
		}
		return false
	}
	s.call(1, lockCall())
	s.reply(OpAcquire, 1, sim.Nil)
	if at, ok := s.timer(TimerKey{TimerWatchdog, 0}); !ok || at != s.now+ms(10000) || keptNoted() {
		t.Fatalf("first renewal at %v (pending %v, lease-kept noted %v), want in 30000/3 ms and no note", at, ok, keptNoted())
	}
	s.fire(TimerKey{TimerWatchdog, 0})
	if got := s.last(OpRenew, 1).Cmd.Lease; got != 30000 {
		t.Fatalf("renewal lease %d, want 30000", got)
	}
	s.call(2, Call{Kind: CallLock, Wait: -1, Lease: 90000}) // the same object: internalLockLeaseTime = 90000
	s.reply(OpAcquire, 2, sim.Int(25000))
	s.reply(OpRenew, 1, sim.Int(1))
	if at, ok := s.timer(TimerKey{TimerWatchdog, 0}); !ok || at != s.now+ms(30000) {
		t.Fatalf("next renewal at %v (pending %v), want in 90000/3 ms", at, ok)
	}
	if !keptNoted() {
		t.Fatalf("the period from the kept lease was not noted: %+v", s.eff)
	}
}

// CallLease is the lease an acquisition takes the lock with, as the client
// sends it, for the checkers that model a call without running one: a
// simple lock's own or 30 s; Redisson's explicit lease (3.x: any but -1,
// 4.7.0: above 0) in ms; the watchdog's (-1) otherwise, and for the fenced
// lock() that drops its lease.
func TestCallLease(t *testing.T) {
	for _, c := range []struct {
		algo string
		call Call
		want int64
	}{
		{"set-px", Call{Kind: CallLock, Wait: -1, Lease: -1}, SimpleLease},
		{"set-px", Call{Kind: CallLock, Wait: -1, Lease: 5, Unit: Seconds}, 5000},
		{"rlock-3.16.8", Call{Kind: CallLock, Wait: -1, Lease: -1}, -1},
		{"rlock-3.16.8", Call{Kind: CallLock, Wait: -1, Lease: 0}, 0},
		{"rlock-3.16.8", Call{Kind: CallTryLockWait, Wait: 10, Lease: 7000}, 7000},
		{"rlock-4.7.0", Call{Kind: CallLock, Wait: -1, Lease: 0}, -1},
		{"fencedlock-4.7.0", Call{Kind: CallLock, Wait: -1, Lease: 7000}, -1},
		{"fencedlock-4.7.0", Call{Kind: CallTryLockWait, Wait: 10, Lease: 7000}, 7000},
	} {
		cf, err := NewConfig(c.algo, "myLock")
		if err != nil {
			t.Fatal(err)
		}
		if got := cf.CallLease(c.call); got != c.want {
			t.Errorf("%s %+v: lease %d, want %d", c.algo, c.call, got, c.want)
		}
	}
}
