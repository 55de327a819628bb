package clients

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/sim"
)

// These tests pin what Redisson 4.7.0 changed (docs/redisson-4.7.0.md), on
// the same small world as redisson_test.go.

const (
	chunkScript  = "LockTask.buildChunk"
	unlockScript = "RedissonLock.unlockInnerAsync"
)

// On a single server an acquire whose reply was lost is not re-sent: it
// goes through syncedEvalNoRetry (RedissonLock.java:214-224), and
// RedisExecutor re-sends only when !noRetry (RedisExecutor.java:498-502).
// lock() throws RedisResponseTimeoutException after the 3000 ms response
// timeout; the acquire ran once, so the store keeps a hold nobody knows
// of, and since the renewal is scheduled only on a reply
// (RedissonLock.java:195-205) it expires after lockWatchdogTimeout. 3.16.8
// re-sent it and left hold count 2 (#4822, TestResendAfterLostReply).
func TestAcquireNotResentAfterLostReply470(t *testing.T) {
	h := newHarness(t, zeroNet(), 0)
	var r callResult
	c := h.redisson("c1", mustOptions(t, "4.7.0", false), func(c *Redisson) {
		c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(err error) { r.set(c.Proc(), err == nil, err) })
	})
	h.w.Schedule(sim.Fault{At: 1, Kind: sim.FaultLoss, Target: "network", For: 1, Prob: 1})
	h.run(atMs(8000))
	if acq := h.execs("c1", lockAcq); len(acq) != 1 || acq[0].Reply.Kind != sim.KindNil {
		t.Fatalf("want the acquire once, granted, got %v", acq)
	}
	if rs := h.kind("c1", "resend"); len(rs) != 0 {
		t.Fatalf("4.7.0 re-sent the acquire: %v", rs)
	}
	if !r.done || errKind(r.err) != ErrTimeout || r.at != atMs(3000) {
		t.Fatalf("lock() should fail with a response timeout at 3 s: %+v", r)
	}
	if !strings.HasPrefix(r.err.Error(), "RedisResponseTimeoutException: Redis server response timeout (3000 ms) occurred after 0 of 4 retry attempts, is non-idempotent command: true") {
		t.Fatalf("exception text %q", r.err.Error())
	}
	if got := h.peek("HGET", "myLock", c.UUID+":1"); got.Str != "1" {
		t.Fatalf("the acquire ran once: HGET %s, want 1", got.Text())
	}
	if c.Renewing("myLock") {
		t.Fatal("no renewal: the acquire never answered")
	}
	h.run(atMs(30001))
	if got := h.peek("EXISTS", "myLock").Int; got != 0 {
		t.Fatal("the unknown hold should expire after lockWatchdogTimeout")
	}
}

// With replicas 4.7.0 sends the acquire in a batch whose executor is made
// with noRetry = false (CommandBatchService.java:481-482), so a lost reply
// is re-sent after the response timeout (3000 + 1000 ms WAIT) and a
// jittered delay (EqualJitterDelay.calcDelay(0): 500..1000 ms): the acquire
// runs twice and leaves hold count 2, as #4822 in 3.16.8.
func TestAcquireResentInBatchWithReplica470(t *testing.T) {
	net := zeroNet()
	net.Replication = sim.Latency{Base: sim.Millisecond}
	h := newHarness(t, net, 1)
	o := mustOptions(t, "4.7.0", false)
	o.Replicated = true
	var r callResult
	var hold int64 = -1
	c := h.redisson("c1", o, func(c *Redisson) {
		l := c.GetLock("myLock", 1)
		l.Lock(-1, Milliseconds, func(err error) {
			r.set(c.Proc(), err == nil, err)
			l.GetHoldCount(func(n int64, _ error) { hold = n })
		})
	})
	h.w.Schedule(sim.Fault{At: 1, Kind: sim.FaultLoss, Target: "network", For: 2 * sim.Millisecond, Prob: 1})
	h.run(atMs(10000))
	acq := h.execs("c1", lockAcq)
	if len(acq) != 2 {
		t.Fatalf("want the acquire twice, got %v", acq)
	}
	if d := acq[1].ServerMs - acq[0].ServerMs; d < 4500 || d > 5000 {
		t.Fatalf("re-sent %d ms after the first, want 4000 + 500..1000", d)
	}
	if !r.ok || hold != 2 {
		t.Fatalf("lock() %+v, hold count %d: want acquired with hold count 2", r, hold)
	}
	if got := h.peek("HGET", "myLock", c.UUID+":1"); got.Str != "2" {
		t.Fatalf("HGET %s, want 2", got.Text())
	}
}

// A re-sent unlock is answered from its latch: the first run decremented
// the count and wrote latch 0; the second run finds the latch and answers
// 0 without touching the count (RedissonLock.java:347-371; walk-through
// walk470/rlock/unlock-latch). The latch lives (timeout + calcDelay(4)) × 4
// = 16000..20000 ms; after a reply nobody got, no DEL removes it.
func TestResentUnlockAnsweredFromLatch470(t *testing.T) {
	net := zeroNet()
	net.Replication = sim.Latency{Base: sim.Millisecond}
	h := newHarness(t, net, 1)
	o := mustOptions(t, "4.7.0", false)
	o.Replicated = true
	var un callResult
	c := h.redisson("c1", o, func(c *Redisson) {
		l := c.GetLock("myLock", 1)
		l.Lock(-1, Milliseconds, func(error) {
			l.Lock(-1, Milliseconds, func(error) {
				c.After(sim.Second, func() {
					l.Unlock(func(err error) { un.set(c.Proc(), err == nil, err) })
				})
			})
		})
	})
	h.w.Schedule(sim.Fault{At: atMs(500), Kind: sim.FaultDrop, Target: "c1", Point: "reply:unlock"})
	h.run(atMs(12000))
	unl := h.execs("c1", unlockScript)
	if len(unl) != 2 {
		t.Fatalf("want the unlock twice (re-sent), got %v", unl)
	}
	for _, l := range unl {
		if l.Reply.Kind != sim.KindInt || l.Reply.Int != 0 {
			t.Fatalf("both runs answer 0, got %s", l.Raw)
		}
	}
	latch := latchKey(unl[0])
	if len(latch) != len("redisson_unlock_latch:{myLock}:")+32 || latchKey(unl[1]) != latch {
		t.Fatalf("both runs should carry one latch key with a 32-digit request id: %s / %s", unl[0].Raw, unl[1].Raw)
	}
	if ttl := unl[0].Argv[4]; ttl < "16000" || ttl > "20000" || len(ttl) != 5 {
		t.Fatalf("latch lifetime %s, want 16000..20000", ttl)
	}
	if !un.ok {
		t.Fatalf("unlock: %+v", un)
	}
	if got := h.peek("HGET", "myLock", c.UUID+":1"); got.Str != "1" {
		t.Fatalf("HGET %s: the count was decremented once, want 1", got.Text())
	}
}

// The renewal is LockTask.buildChunk: one script for the client's locks
// with KEYS [name] and ARGV [lease, owner], every lockWatchdogTimeout/3
// after the previous run, the first one 10 s after the add that started
// the task (renewal/RenewalTask.java:62-69, 136-152; LockTask.java:45-95).
// It answers one 1/0 per key.
func TestLockTaskRenewsEvery10s470(t *testing.T) {
	h := newHarness(t, zeroNet(), 0)
	c := h.redisson("c1", mustOptions(t, "4.7.0", false), func(c *Redisson) {
		c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(error) {})
	})
	h.run(atMs(45000))
	renews := h.execs("c1", chunkScript)
	if got, want := serverTimes(renews), []int64{10000, 20000, 30000, 40000}; !eqInts(got, want) {
		t.Fatalf("chunks at server ms %v, want %v", got, want)
	}
	for _, l := range renews {
		if l.Reply.Kind != sim.KindArray || len(l.Reply.Arr) != 1 || l.Reply.Arr[0].Int != 1 || len(l.Argv) != 2 || l.Argv[0] != "30000" || l.Argv[1] != c.UUID+":1" {
			t.Fatalf("chunk %s: want argv [30000 %s:1] and reply [1]", l.Raw, c.UUID)
		}
	}
	if got := h.pttl(); got != 25000 {
		t.Fatalf("PTTL at 45 s = %d, want 25000", got)
	}
}

// A chunk that answers 0 for a lock drops one count of the thread it
// renewed (LockTask.java:97-102, LockEntry.java:61-71): a thread that
// took the lock twice and lost it stays in the entry one more period.
func TestLockTaskDropsOneCountPerZero470(t *testing.T) {
	h := newHarness(t, zeroNet(), 0)
	a := h.redisson("c1", mustOptions(t, "4.7.0", false), func(c *Redisson) {
		l := c.GetLock("myLock", 1)
		l.Lock(-1, Milliseconds, func(error) { l.Lock(-1, Milliseconds, func(error) {}) })
	})
	h.redisson("c2", mustOptions(t, "4.7.0", false), func(c *Redisson) {
		c.After(15*sim.Second, func() { c.GetLock("myLock", 1).ForceUnlock(func(bool, error) {}) })
	})
	h.run(atMs(25000))
	if !a.Renewing("myLock") {
		t.Fatal("after one 0 the thread keeps one count")
	}
	h.run(atMs(60000))
	renews := h.execs("c1", chunkScript)
	if got, want := serverTimes(renews), []int64{10000, 20000, 30000}; !eqInts(got, want) {
		t.Fatalf("chunks at %v, want %v (the last two answer 0)", got, want)
	}
	if renews[1].Reply.Arr[0].Int != 0 || renews[2].Reply.Arr[0].Int != 0 {
		t.Fatalf("want [0] twice, got %s / %s", renews[1].Raw, renews[2].Raw)
	}
	if a.Renewing("myLock") {
		t.Fatal("two zeros drop both counts")
	}
}

// A failed chunk cancels nothing: the next run is scheduled as usual
// (RenewalTask.java:175-184), unlike 3.16.8, which dropped the entry on
// any error (#3994). Here (timeout 500 ms, one retry) every attempt of the
// chunk at 10 s is lost and the chunk fails by 12 s; the next run, 10 s
// after that, renews the lock.
func TestLockTaskKeepsRenewingAfterFailure470(t *testing.T) {
	h := newHarness(t, zeroNet(), 0)
	o := mustOptions(t, "4.7.0", false)
	o.Timeout, o.RetryAttempts = 500, 1
	c := h.redisson("c1", o, func(c *Redisson) {
		c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(error) {})
	})
	for range 2 {
		h.w.Schedule(sim.Fault{At: atMs(5000), Kind: sim.FaultDrop, Target: "c1", Point: "reply:renew"})
	}
	h.run(atMs(25000))
	chunks := h.execs("c1", chunkScript)
	if len(chunks) != 3 {
		t.Fatalf("want the chunk at 10 s, its re-send, and the next run: %v", serverTimes(chunks))
	}
	last := chunks[2]
	if last.ServerMs < 21500 || last.ServerMs > 22000 || last.Reply.Kind != sim.KindArray || last.Reply.Arr[0].Int != 1 {
		t.Fatalf("the next run should renew 10 s after the failure: %s", last.Raw)
	}
	if !c.Renewing("myLock") {
		t.Fatal("the entry should survive a failed chunk")
	}
}

// With a replica that never acks in time, WAIT counts none: the acquire
// fails with NoSyncedSlavesException (CommandAsyncService.java:1221-1225),
// handleNoSync first undoes it with an unlock of a fresh request id
// (CommandAsyncService.java:1038-1066, RedissonBaseLock.java:281-283), and
// ServiceManager.execute repeats it after retryDelay.calcDelay(n), n = 1..4
// (ServiceManager.java:611-645): five acquires, five undos, then lock()
// throws and the lock is free.
func TestNoSyncedSlavesUndoneAndRepeated470(t *testing.T) {
	net := zeroNet()
	net.Replication = sim.Latency{Base: 100 * sim.Second}
	h := newHarness(t, net, 1)
	o := mustOptions(t, "4.7.0", false)
	o.Replicated = true
	var r callResult
	h.redisson("c1", o, func(c *Redisson) {
		c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(err error) { r.set(c.Proc(), err == nil, err) })
	})
	h.run(atMs(60000))
	acq, undo := h.execs("c1", lockAcq), h.execs("c1", unlockScript)
	if len(acq) != 5 || len(undo) != 5 {
		t.Fatalf("want 5 acquires and 5 undos, got %d and %d", len(acq), len(undo))
	}
	for i := range acq {
		if acq[i].Reply.Kind != sim.KindNil || undo[i].Reply.Kind != sim.KindInt || undo[i].Reply.Int != 1 || undo[i].ServerMs != acq[i].ServerMs+1000 {
			t.Fatalf("round %d: want the acquire granted and undone (→ 1) after the 1000 ms WAIT: %s / %s", i, acq[i].Raw, undo[i].Raw)
		}
		if i > 0 {
			// the undo's own WAIT (1000 ms), then calcDelay(i): d = min(1000·2^i, 2000), d/2..d
			gap := acq[i].ServerMs - undo[i-1].ServerMs - 1000
			if gap < 1000 || gap > 2000 {
				t.Fatalf("repeat %d came %d ms after the undo's reply, want 1000..2000", i, gap)
			}
		}
	}
	ids := map[string]bool{}
	for _, l := range undo {
		ids[latchKey(l)] = true
	}
	if len(ids) != 5 {
		t.Fatalf("each undo has its own request id, got %d distinct", len(ids))
	}
	if !r.done || errKind(r.err) != ErrSync || !strings.HasPrefix(r.err.Error(), "NoSyncedSlavesException") {
		t.Fatalf("lock() should throw NoSyncedSlavesException: %+v", r)
	}
	if got := h.peek("EXISTS", "myLock").Int; got != 0 {
		t.Fatal("every grant was undone: the lock should be free")
	}
}

// latchKey is the unlock latch key an unlock's trace line carries.
func latchKey(l tline) string {
	k := l.Raw[strings.Index(l.Raw, "redisson_unlock_latch:{myLock}:"):]
	return k[:strings.Index(k, `"`)]
}

// The checks read how long an unlock's latch lives at most
// ((timeout + retryDelay(retryAttempts)) × retryAttempts,
// RedissonBaseLock.java:222-231) and how soon a repeat of the same unlock
// comes at least (the WAIT's slavesSyncTimeout, 1000 ms, and the least
// retryDelay): with the defaults the latch outlives every repeat; with
// timeout 500 ms, one retry and a 200 ms retryInterval it lives 700 ms and
// every repeat comes 1200 ms or more after its first run. 3.16.8 keeps no
// latch.
func TestUnlockLatchSettings470(t *testing.T) {
	for _, c := range []struct {
		algo            string
		ov              ClientOverrides
		latch, repeatAt int64
	}{
		{"rlock-4.7.0", ClientOverrides{}, (3000 + 2000) * 4, 1000 + 500},
		{"fairlock-4.7.0", ClientOverrides{Timeout: 500, RetryAttempts: 1, RetryInterval: 200}, 700, 1200},
		{"rlock-3.16.8", ClientOverrides{Timeout: 500, RetryAttempts: 1, RetryInterval: 200}, 0, 0},
	} {
		cf, err := NewConfig(c.algo, "myLock")
		if err != nil {
			t.Fatal(err)
		}
		if err := c.ov.Apply(&cf.Opts); err != nil {
			t.Fatal(err)
		}
		s := cf.Settings()
		if s.UnlockLatchMax != c.latch || s.UnlockRepeatMin != c.repeatAt {
			t.Errorf("%s %v: latch at most %d ms, a repeat at least %d ms after; want %d, %d", c.algo, c.ov, s.UnlockLatchMax, s.UnlockRepeatMin, c.latch, c.repeatAt)
		}
		// the client draws its latches within that lifetime
		cl := &Client{cf: cf} // the midpoint of each delay (no driver)
		if ttl := cl.latchTTL(); c.latch > 0 && (ttl > c.latch || ttl < 1) {
			t.Errorf("%s: a latch of %d ms, above the most %d", c.algo, ttl, c.latch)
		}
	}
}
