package clients

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/sim/jsonl"
)

// These tests pin one Java behaviour each (redisson-facts.md §1–2) on a
// small world: every network hop takes 1 µs unless a test says otherwise, so
// virtual time, the clients' System.currentTimeMillis() and the server's
// clock agree to the millisecond and every number below is exact.

// tline is one decoded trace line.
type tline struct {
	At       sim.Time
	Node     string
	Kind     string
	From     string
	Req      int64
	ServerMs int64 // relative to sim.Epoch
	Script   string
	Argv     []string
	Cmd      []string
	Reply    sim.Reply
	TTL      int64
	Raw      string
}

type harness struct {
	t     *testing.T
	w     *sim.World
	lines []tline
}

// zeroNet is a network whose every hop takes the minimum, 1 µs.
func zeroNet() sim.NetConfig { return sim.NetConfig{} }

func newHarness(t *testing.T, net sim.NetConfig, replicas int) *harness {
	t.Helper()
	h := &harness{t: t}
	tr := sim.NewTracer(nil)
	tr.Hook = func(b []byte) { h.lines = append(h.lines, decodeLine(t, b)) }
	h.w = sim.NewWorld(sim.Config{Seed: 1, Net: net, Replicas: replicas, Trace: tr})
	return h
}

func decodeLine(t *testing.T, b []byte) tline {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("bad trace line %s: %v", b, err)
	}
	l := tline{Raw: string(b)}
	if n, ok := m["t"].(json.Number); ok {
		l.At = sim.ParseTraceTime(n.String())
	}
	str := func(k string) string { s, _ := m[k].(string); return s }
	num := func(k string) int64 {
		if n, ok := m[k].(json.Number); ok {
			v, _ := n.Int64()
			return v
		}
		return 0
	}
	strs := func(k string) []string { return jsonl.Strings(m[k]) }
	l.Node, l.Kind, l.From, l.Script = str("node"), str("kind"), str("from"), str("script")
	l.Req, l.TTL = num("req"), num("ttl")
	if sm := num("server_ms"); sm != 0 {
		l.ServerMs = sm - sim.Epoch
	}
	l.Argv, l.Cmd = strs("argv"), strs("cmd")
	if r, ok := m["reply"]; ok {
		rep, err := sim.ReplyFromJSONValue(r)
		if err != nil {
			t.Fatalf("bad reply in %s: %v", b, err)
		}
		l.Reply = rep
	}
	return l
}

func mustOptions(t *testing.T, version string, fair bool) Options {
	t.Helper()
	o, err := DefaultOptions(version, fair)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// redisson adds a Redisson client process; start runs at its (first) start.
func (h *harness) redisson(name string, o Options, start func(c *Redisson)) *Redisson {
	c := NewRedisson(o)
	c.onStart = start
	h.w.AddProcess(name, sim.Clock{}, c.Host)
	return c
}

func (h *harness) simple(name string, kind SimpleKind, start func(c *SimpleClient)) *SimpleClient {
	c := NewSimple(kind)
	c.onStart = start
	h.w.AddProcess(name, sim.Clock{}, c.Host)
	return c
}

func (h *harness) proc(name string) *sim.Proc {
	for _, p := range h.w.Procs() {
		if p.Name == name {
			return p
		}
	}
	h.t.Fatalf("no process %s", name)
	return nil
}

// run advances the world to virtual time t.
func (h *harness) run(t sim.Time) { h.w.RunUntil(t) }

// peek runs a read command on a copy of the master's store at the current
// virtual time (so reading never expires or replicates anything).
func (h *harness) peek(args ...string) sim.Reply {
	m := h.w.Master()
	s := m.Store.Clone()
	s.SetTime(m.Clock.UnixMs(h.w.Now()))
	return s.Do(args...)
}

func (h *harness) pttl() int64 { return h.peek("PTTL", "myLock").Int }

// execs returns the exec lines of scripts whose ID ends with suffix sent by
// process from ("" = any).
func (h *harness) execs(from, suffix string) []tline {
	var out []tline
	for _, l := range h.lines {
		if l.Kind == "exec" && l.Script != "" && strings.HasSuffix(l.Script, suffix) && (from == "" || l.From == from) {
			out = append(out, l)
		}
	}
	return out
}

func (h *harness) kind(node, kind string) []tline {
	var out []tline
	for _, l := range h.lines {
		if l.Kind == kind && (node == "" || l.Node == node) {
			out = append(out, l)
		}
	}
	return out
}

func atMs(n int64) sim.Time { return sim.Time(n) * sim.Time(sim.Millisecond) }

func serverTimes(ls []tline) []int64 {
	var out []int64
	for _, l := range ls {
		out = append(out, l.ServerMs)
	}
	return out
}

func eqInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// callResult records when a continuation-style call returned and with what.
type callResult struct {
	done bool
	at   sim.Time
	ok   bool
	err  error
}

func (r *callResult) set(p *sim.Proc, ok bool, err error) {
	if r.done {
		panic("call returned twice")
	}
	*r = callResult{done: true, at: p.VirtualNow(), ok: ok, err: err}
}

const (
	renewSuffix    = ".renewExpirationAsync"
	lockAcq        = "RedissonLock.tryLockInnerAsync"
	fairAcq        = "RedissonFairLock.tryLockInnerAsync.EVAL_LONG"
	fairAcqNoWait  = "RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN"
	fairAcqFailed  = "RedissonFairLock.acquireFailedAsync"
	queueKey       = "redisson_lock_queue:{myLock}"
	timeoutKey     = "redisson_lock_timeout:{myLock}"
	lockChannelKey = "redisson_lock__channel:{myLock}"
)

var rlVersions = []string{"3.8.1", "3.16.8"}

// lock() with the watchdog renews every internalLockLeaseTime/3 = 10 s
// and each renewal resets the TTL to lockWatchdogTimeout (30000 ms).
// Java: RedissonLock.lock() → tryAcquireAsync(leaseTime -1) →
// scheduleExpirationRenewal (3.8.1 RedissonLock, 3.16.8
// RedissonBaseLock.renewExpiration) → renewExpirationAsync.
func TestLockWatchdogRenewsEvery10s(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var r callResult
			c := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(err error) { r.set(c.Proc(), err == nil, err) })
			})
			h.run(atMs(9999))
			if !r.done || !r.ok || r.at > atMs(1) {
				t.Fatalf("lock() should return at once: %+v", r)
			}
			if got := h.pttl(); got != 20001 {
				t.Fatalf("PTTL just before the first renewal = %d, want 20001", got)
			}
			h.run(atMs(10000) + 500)
			if got := h.pttl(); got != 30000 {
				t.Fatalf("PTTL right after the renewal at 10 s = %d, want 30000", got)
			}
			h.run(atMs(45000))
			renews := h.execs("c1", renewSuffix)
			if got, want := serverTimes(renews), []int64{10000, 20000, 30000, 40000}; !eqInts(got, want) {
				t.Fatalf("renewals at server ms %v, want %v", got, want)
			}
			for _, l := range renews {
				if l.Reply.Kind != sim.KindInt || l.Reply.Int != 1 || l.Argv[0] != "30000" || l.Argv[1] != c.UUID+":1" {
					t.Fatalf("renewal %s: want argv [30000 %s:1] and reply 1", l.Raw, c.UUID)
				}
			}
			if got := h.pttl(); got != 25000 {
				t.Fatalf("PTTL at 45 s (last renewal at 40 s) = %d, want 25000", got)
			}
			if !c.Renewing("myLock") {
				t.Fatal("the watchdog should still be renewing")
			}
		})
	}
}

// unlock() stops the watchdog: no renewal after the unlock.
// Java: RedissonLock.unlock → unlockAsync → cancelExpirationRenewal.
func TestWatchdogStopsOnUnlock(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var unlocked callResult
			c := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				l := c.GetLock("myLock", 1)
				l.Lock(-1, Milliseconds, func(error) {})
				c.After(25*sim.Second, func() {
					l.Unlock(func(err error) { unlocked.set(c.Proc(), err == nil, err) })
				})
			})
			h.run(atMs(120000))
			if !unlocked.ok {
				t.Fatalf("unlock failed: %+v", unlocked)
			}
			if got, want := serverTimes(h.execs("c1", renewSuffix)), []int64{10000, 20000}; !eqInts(got, want) {
				t.Fatalf("renewals at %v, want %v (none after the unlock at 25 s)", got, want)
			}
			if c.Renewing("myLock") {
				t.Fatal("the renewal entry survived the unlock")
			}
			if got := h.peek("EXISTS", "myLock").Int; got != 0 {
				t.Fatalf("EXISTS myLock = %d after unlock", got)
			}
		})
	}
}

// The watchdog stops when renewExpirationAsync returns 0 (the owner field
// is gone: another JVM force-unlocked the lock).
// Java: 3.16.8 RedissonBaseLock.renewExpiration (res == false →
// cancelExpirationRenewal(null)); 3.8.1 scheduleExpirationRenewal's listener
// (reschedules only on true).
func TestWatchdogStopsWhenRenewReturnsZero(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			a := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(error) {})
			})
			var forced callResult
			h.redisson("c2", mustOptions(t, v, false), func(c *Redisson) {
				c.After(15*sim.Second, func() {
					c.GetLock("myLock", 1).ForceUnlock(func(ok bool, err error) { forced.set(c.Proc(), ok, err) })
				})
			})
			h.run(atMs(60000))
			if !forced.ok {
				t.Fatalf("forceUnlock from c2 should return true: %+v", forced)
			}
			renews := h.execs("c1", renewSuffix)
			if got, want := serverTimes(renews), []int64{10000, 20000}; !eqInts(got, want) {
				t.Fatalf("renewals at %v, want %v", got, want)
			}
			if renews[0].Reply.Int != 1 || renews[1].Reply.Kind != sim.KindInt || renews[1].Reply.Int != 0 {
				t.Fatalf("renew replies %v, %v: want 1 then 0", renews[0].Reply.Text(), renews[1].Reply.Text())
			}
			if a.Renewing("myLock") {
				t.Fatal("the renewal entry should be gone after the renew returned 0")
			}
		})
	}
}

// A crashed holder's lock is gone 30 s after its last renewal: present
// (PTTL 0) at exactly last+30 s, absent 1 ms later (Redis expires a key only
// when now > its expiry). Java: the watchdog is a timer in the dead JVM.
func TestCrashedHolderLockGone30sAfterLastRenewal(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(error) {})
			})
			h.w.At(atMs(25000), func() { h.proc("c1").Crash(0) })
			h.run(atMs(26000))
			renews := h.execs("c1", renewSuffix)
			if len(renews) != 2 {
				t.Fatalf("want 2 renewals before the crash at 25 s, got %v", serverTimes(renews))
			}
			last := renews[len(renews)-1].ServerMs
			h.run(atMs(last + 30000))
			if got, pt := h.peek("EXISTS", "myLock").Int, h.pttl(); got != 1 || pt != 0 {
				t.Fatalf("at last renewal + 30 s: EXISTS %d PTTL %d, want 1 and 0", got, pt)
			}
			h.run(atMs(last + 30001))
			if got := h.pttl(); got != -2 {
				t.Fatalf("at last renewal + 30.001 s: PTTL %d, want -2 (gone)", got)
			}
			if n := len(h.execs("c1", renewSuffix)); n != 2 {
				t.Fatalf("a crashed process renewed: %d renewals", n)
			}
		})
	}
}

// lock(leaseTime) starts no watchdog: the key expires after the lease.
// Java: RedissonLock.tryAcquireAsync with leaseTime != -1 returns
// tryLockInnerAsync without scheduleExpirationRenewal.
func TestLockWithLeaseHasNoWatchdog(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var r callResult
			c := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(10, Seconds, func(err error) { r.set(c.Proc(), err == nil, err) })
			})
			h.run(atMs(1))
			acq := h.execs("c1", lockAcq)
			if !r.ok || len(acq) != 1 || acq[0].Argv[0] != "10000" {
				t.Fatalf("lock(10 s) should acquire with lease 10000: %+v %v", r, acq)
			}
			if c.Renewing("myLock") {
				t.Fatal("lock(lease) started the watchdog")
			}
			h.run(atMs(10000))
			if got := h.pttl(); got != 0 {
				t.Fatalf("PTTL at 10 s = %d, want 0", got)
			}
			h.run(atMs(10001))
			if got := h.pttl(); got != -2 {
				t.Fatalf("PTTL at 10.001 s = %d, want -2", got)
			}
			h.run(atMs(60000))
			if n := len(h.execs("", renewSuffix)); n != 0 {
				t.Fatalf("%d renewals for a lock with a lease", n)
			}
		})
	}
}

// tryLock() on the fair lock uses EVAL_NULL_BOOLEAN: it fails when held and
// never enqueues. Java: RedissonFairLock.tryLockInnerAsync with
// RedisCommands.EVAL_NULL_BOOLEAN (tryAcquireOnceAsync).
func TestFairTryLockNoWaitNeverEnqueues(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			h.redisson("c1", mustOptions(t, v, true), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(60, Seconds, func(error) {})
			})
			var r callResult
			b := h.redisson("c2", mustOptions(t, v, true), func(c *Redisson) {
				c.After(sim.Second, func() {
					c.GetLock("myLock", 1).TryLockNoWait(-1, Milliseconds, func(ok bool, err error) { r.set(c.Proc(), ok, err) })
				})
			})
			h.run(atMs(5000))
			if !r.done || r.ok || r.err != nil {
				t.Fatalf("tryLock() should return false: %+v", r)
			}
			ex := h.execs("c2", fairAcqNoWait)
			if len(ex) != 1 || ex[0].Reply.Kind != sim.KindInt || ex[0].Reply.Int != 1 {
				t.Fatalf("want one EVAL_NULL_BOOLEAN returning 1, got %v", ex)
			}
			wantArgs := 3 // 3.8.1 [lease, owner, now]
			if v == "3.16.8" {
				wantArgs = 4 // [lease, owner, now, wait]
			}
			if len(ex[0].Argv) != wantArgs || ex[0].Argv[1] != b.UUID+":1" || ex[0].Argv[2] != strconv.FormatInt(sim.Epoch+1000, 10) {
				t.Fatalf("argv %v", ex[0].Argv)
			}
			if n := len(h.execs("c2", fairAcq)); n != 0 {
				t.Fatalf("tryLock() ran EVAL_LONG %d times", n)
			}
			if q, z := h.peek("EXISTS", queueKey).Int, h.peek("EXISTS", timeoutKey).Int; q != 0 || z != 0 {
				t.Fatalf("tryLock() enqueued: queue exists %d, timeout set exists %d", q, z)
			}
		})
	}
}

// tryLock() on the non-fair lock returns false when another owner holds
// it (the acquire script returns the PTTL). Java: RedissonLock.tryLock() →
// tryAcquireOnceAsync → EVAL_NULL_BOOLEAN of tryLockInnerAsync.
func TestNonFairTryLockNoWaitFalseWhenHeld(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(60, Seconds, func(error) {})
			})
			var r callResult
			h.redisson("c2", mustOptions(t, v, false), func(c *Redisson) {
				c.After(sim.Second, func() {
					c.GetLock("myLock", 1).TryLockNoWait(-1, Milliseconds, func(ok bool, err error) { r.set(c.Proc(), ok, err) })
				})
			})
			h.run(atMs(5000))
			if !r.done || r.ok || r.err != nil || r.at > atMs(1001) {
				t.Fatalf("tryLock() should return false at once: %+v", r)
			}
			ex := h.execs("c2", lockAcq)
			if len(ex) != 1 || ex[0].Reply.Kind != sim.KindInt || ex[0].Reply.Int != 59000 {
				t.Fatalf("want one acquire returning PTTL 59000, got %v", ex)
			}
			if n := len(h.execs("c2", renewSuffix)); n != 0 {
				t.Fatal("a failed tryLock() renewed")
			}
		})
	}
}

// tryLock(wait, lease) on the fair lock calls acquireFailed when its wait
// runs out, removing the waiter from the queue and the timeout set. 3.16.8
// passes the caller's wait in ms as EVAL_LONG's ARGV[3] and to
// acquireFailed; 3.8.1 passes now + threadWaitTime (5000) and 5000.
// Java: RedissonLock.tryLock(waitTime, leaseTime, unit) → acquireFailed →
// RedissonFairLock.acquireFailedAsync; RedissonFairLock.tryLockInnerAsync.
func TestFairTryLockTimeoutCallsAcquireFailed(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			h.redisson("c1", mustOptions(t, v, true), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(60, Seconds, func(error) {})
			})
			var r callResult
			b := h.redisson("c2", mustOptions(t, v, true), func(c *Redisson) {
				c.After(sim.Second, func() {
					c.GetLock("myLock", 1).TryLock(2000, 10000, Milliseconds, func(ok bool, err error) { r.set(c.Proc(), ok, err) })
				})
			})
			owner := func() string { return b.UUID + ":1" }
			h.run(atMs(1000) + 500)
			if got := h.peek("LRANGE", queueKey, "0", "-1"); len(got.Arr) != 1 || got.Arr[0].Str != owner() {
				t.Fatalf("B should be queued while it waits: %s", got.Text())
			}
			h.run(atMs(10000))
			if !r.done || r.ok || r.err != nil || r.at < atMs(3000) || r.at > atMs(3001) {
				t.Fatalf("tryLock(2 s) should return false at 3 s: %+v", r)
			}
			acq := h.execs("c2", fairAcq)
			if len(acq) == 0 {
				t.Fatal("no EVAL_LONG from B")
			}
			wantWait := "2000"
			if v == "3.8.1" {
				wantWait = strconv.FormatInt(sim.Epoch+1000+5000, 10) // now + threadWaitTime
			}
			if acq[0].Argv[2] != wantWait {
				t.Fatalf("EVAL_LONG ARGV[3] = %s, want %s", acq[0].Argv[2], wantWait)
			}
			failed := h.execs("c2", fairAcqFailed)
			wantFailedWait := "2000"
			if v == "3.8.1" {
				wantFailedWait = "5000"
			}
			if len(failed) != 1 || failed[0].Argv[0] != owner() || failed[0].Argv[1] != wantFailedWait || failed[0].ServerMs != 3000 {
				t.Fatalf("want one acquireFailed [%s %s] at 3000 ms, got %v", owner(), wantFailedWait, failed)
			}
			if q, z := h.peek("EXISTS", queueKey).Int, h.peek("EXISTS", timeoutKey).Int; q != 0 || z != 0 {
				t.Fatalf("acquireFailed left the waiter: queue %d, timeout set %d", q, z)
			}
		})
	}
}

// lock() never calls acquireFailed, even when it ends with an exception
// (3.8.1: the reply of its first attempt was lost, RedisTimeoutException
// after 3000 ms): the waiter stays in the queue and the timeout set until
// its score passes. Java: RedissonLock.lock(leaseTime, unit, interruptibly)
// has no acquireFailed; only tryLock does.
func TestFairLockNeverCallsAcquireFailed(t *testing.T) {
	h := newHarness(t, zeroNet(), 0)
	h.redisson("c1", mustOptions(t, "3.8.1", true), func(c *Redisson) {
		c.GetLock("myLock", 1).Lock(60, Seconds, func(error) {})
	})
	var r callResult
	b := h.redisson("c2", mustOptions(t, "3.8.1", true), func(c *Redisson) {
		c.After(sim.Second, func() {
			c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(err error) { r.set(c.Proc(), err == nil, err) })
		})
	})
	// B's first EVAL_LONG runs at 1 s + 1 µs; its reply is lost.
	h.w.Schedule(sim.Fault{At: atMs(1000) + 1, Kind: sim.FaultLoss, Target: "network", For: 1, Prob: 1})
	h.run(atMs(10000))
	if !r.done || errKind(r.err) != ErrTimeout || r.at != atMs(4000) {
		t.Fatalf("lock() should fail with a response timeout at 4 s: %+v", r)
	}
	if n := len(h.execs("c2", fairAcq)); n != 1 {
		t.Fatalf("3.8.1 re-sent: %d EVAL_LONG", n)
	}
	if n := len(h.execs("", fairAcqFailed)); n != 0 {
		t.Fatalf("lock() called acquireFailed %d times", n)
	}
	q := h.peek("LRANGE", queueKey, "0", "-1")
	if len(q.Arr) != 1 || q.Arr[0].Str != b.UUID+":1" {
		t.Fatalf("the abandoned waiter should stay queued: %s", q.Text())
	}
	if s := h.peek("ZSCORE", timeoutKey, b.UUID+":1"); s.Str != strconv.FormatInt(sim.Epoch+60000+5000, 10) {
		t.Fatalf("abandoned waiter's score %s, want lock expiry + 5000", s.Text())
	}
}

// A waiter blocked in lock() wakes on the unlock message and acquires
// within a few ms of the holder's unlock, not at its ttl. The fair unlock
// publishes only on the head's per-thread channel, so the second waiter
// stays asleep. Java: RedissonLock.lock's loop on
// RedissonLockEntry.getLatch().tryAcquire(ttl) released by
// LockPubSub.onMessage; RedissonFairLock.subscribe (channel :<lockName>) and
// unlockInnerAsync (publish to the queue head).
func TestPubSubWakeUp(t *testing.T) {
	for _, fair := range []bool{false, true} {
		name := "nonfair"
		if fair {
			name = "fair"
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			h.redisson("c1", mustOptions(t, "3.16.8", fair), func(c *Redisson) {
				l := c.GetLock("myLock", 1)
				l.Lock(30, Seconds, func(error) {})
				c.After(5*sim.Second, func() { l.Unlock(func(error) {}) })
			})
			var rb, rc callResult
			b := h.redisson("c2", mustOptions(t, "3.16.8", fair), func(c *Redisson) {
				c.After(sim.Second, func() {
					c.GetLock("myLock", 1).Lock(30, Seconds, func(err error) { rb.set(c.Proc(), err == nil, err) })
				})
			})
			if fair {
				h.redisson("c3", mustOptions(t, "3.16.8", fair), func(c *Redisson) {
					c.After(2*sim.Second, func() {
						c.GetLock("myLock", 1).Lock(30, Seconds, func(err error) { rc.set(c.Proc(), err == nil, err) })
					})
				})
			}
			h.run(atMs(6000))
			if !rb.ok || rb.at < atMs(5000) || rb.at > atMs(5005) {
				t.Fatalf("B should acquire within 5 ms of the unlock at 5 s: %+v", rb)
			}
			if got := h.peek("HGET", "myLock", b.UUID+":1"); got.Str != "1" {
				t.Fatalf("B's hold count in the store: %s", got.Text())
			}
			if !fair {
				return
			}
			if rc.done {
				t.Fatalf("C returned: %+v", rc)
			}
			var cAfter []tline
			for _, l := range h.execs("c3", fairAcq) {
				if l.At >= atMs(5000) {
					cAfter = append(cAfter, l)
				}
			}
			if len(cAfter) != 0 {
				t.Fatalf("C was woken by B's notification: %v", cAfter)
			}
			if q := h.peek("LRANGE", queueKey, "0", "-1"); len(q.Arr) != 1 {
				t.Fatalf("C should still be queued: %s", q.Text())
			}
		})
	}
}

// When the fair EVAL_LONG returns a negative ttl (3.16.8, #5503: a score
// below now + wait), lock() waits on the semaphore with no timeout: the
// thread sleeps until a pub/sub message comes, however long that is.
// Java: RedissonLock.lock — `if (ttl >= 0) tryAcquire(ttl) else
// getLatch().acquire()`.
func TestLockNegativeTTLWaitsUntimed(t *testing.T) {
	h := newHarness(t, zeroNet(), 0)
	var r callResult
	var owner string
	b := h.redisson("c1", mustOptions(t, "3.16.8", true), func(c *Redisson) {
		owner = c.UUID + ":1"
		// Someone else holds the lock for 10 min and c1's thread is queued
		// with a score only 1 s ahead: score − wait − now = −299000.
		s := h.w.Master().Store
		s.SetTime(c.Proc().Now())
		for _, cmd := range [][]string{
			{"HSET", "myLock", "other:1", "1"}, {"PEXPIRE", "myLock", "600000"},
			{"RPUSH", queueKey, owner}, {"ZADD", timeoutKey, strconv.FormatInt(c.Proc().Now()+1000, 10), owner},
		} {
			if rep := s.Do(cmd...); rep.IsError() {
				t.Fatalf("%v: %s", cmd, rep.Text())
			}
		}
		c.GetLock("myLock", 1).Lock(-1, Milliseconds, func(err error) { r.set(c.Proc(), err == nil, err) })
	})
	h.run(atMs(1))
	acq := h.execs("c1", fairAcq)
	if len(acq) != 2 || acq[0].Reply.Int != -299000 || acq[1].Reply.Int != -299000 {
		t.Fatalf("want two EVAL_LONG returning -299000 (try, then the loop's try), got %v", acq)
	}
	uw := h.kind("c1", "untimed-wait")
	if len(uw) != 1 || uw[0].TTL != -299000 {
		t.Fatalf("want one untimed-wait with ttl -299000, got %v", uw)
	}
	h.run(atMs(600000))
	if r.done || len(h.execs("c1", fairAcq)) != 2 {
		t.Fatalf("the thread woke without a message: %+v", r)
	}
	// The client has no timer pending (the subscribe timeout was
	// cancelled): the thread waits on no timer. (The world still runs
	// Redis's background expiry while the other holder's key has a TTL.)
	pending := 0
	b.Host.Client().Timers(func(TimerKey, sim.Time) { pending++ })
	if pending != 0 {
		t.Fatalf("%d client timers pending: the wait must set no timer", pending)
	}
	// The lock is released by someone who publishes to c1's channel.
	m := h.w.Master().Store
	m.SetTime(h.w.Master().Clock.UnixMs(h.w.Now()))
	m.Do("DEL", "myLock")
	if n := m.Do("PUBLISH", lockChannelKey+":"+owner, "0").Int; n != 1 {
		t.Fatalf("PUBLISH reached %d subscribers, want 1", n)
	}
	h.run(atMs(600001))
	if !r.ok || r.at > atMs(600000)+10 {
		t.Fatalf("the message should wake the thread and it should acquire: %+v", r)
	}
	if got := h.peek("HGET", "myLock", b.UUID+":1"); got.Str != "1" {
		t.Fatalf("store hold count %s", got.Text())
	}
}

// 3.16.8 re-sends a command whose reply timed out (RedisExecutor's retry
// after the response timeout): a lost reply to the acquire makes the script
// run twice, so the store's hold count is 2 while the caller holds once, and
// its one unlock leaves the lock held. 3.8.1 does not re-send: lock() fails
// with a timeout after 3000 ms. Java: RedisExecutor.scheduleResponseTimeout
// / checkAttemptPromise; RedissonLock.getHoldCount (HGET).
func TestResendAfterLostReply(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var r, un callResult
			var hold int64 = -1
			c := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				l := c.GetLock("myLock", 1)
				l.Lock(-1, Milliseconds, func(err error) {
					r.set(c.Proc(), err == nil, err)
					if err != nil {
						return
					}
					l.GetHoldCount(func(n int64, err error) {
						hold = n
						l.Unlock(func(err error) { un.set(c.Proc(), err == nil, err) })
					})
				})
			})
			// The acquire runs at 1 µs; its reply is lost.
			h.w.Schedule(sim.Fault{At: 1, Kind: sim.FaultLoss, Target: "network", For: 1, Prob: 1})
			h.run(atMs(8000))
			acq := h.execs("c1", lockAcq)
			if v == "3.8.1" {
				if !r.done || errKind(r.err) != ErrTimeout || r.at != atMs(3000) {
					t.Fatalf("3.8.1 lock() should fail with a timeout at 3 s: %+v", r)
				}
				if len(acq) != 1 || len(h.kind("c1", "resend")) != 0 {
					t.Fatalf("3.8.1 re-sent: %d acquires", len(acq))
				}
				if got := h.peek("HGET", "myLock", c.UUID+":1"); got.Str != "1" {
					t.Fatalf("the lost acquire still ran once: HGET %s", got.Text())
				}
				return
			}
			if len(acq) != 2 || acq[0].Reply.Kind != sim.KindNil || acq[1].Reply.Kind != sim.KindNil || acq[1].ServerMs != 4500 {
				t.Fatalf("want the acquire twice (0 ms, re-sent at 4500 ms), got %v", acq)
			}
			if rs := h.kind("c1", "resend"); len(rs) != 1 || rs[0].At != atMs(3000) {
				t.Fatalf("want one resend at 3 s, got %v", rs)
			}
			if !r.ok || r.at < atMs(4500) || r.at > atMs(4501) {
				t.Fatalf("lock() should return once, held, at 4.5 s: %+v", r)
			}
			if hold != 2 {
				t.Fatalf("getHoldCount = %d, want 2 (the acquire ran twice)", hold)
			}
			if !un.ok {
				t.Fatalf("unlock: %+v", un)
			}
			unl := h.execs("c1", "RedissonLock.unlockInnerAsync")
			if len(unl) != 1 || unl[0].Reply.Kind != sim.KindInt || unl[0].Reply.Int != 0 {
				t.Fatalf("the one unlock should return 0 (still held), got %v", unl)
			}
			if got := h.peek("HGET", "myLock", c.UUID+":1"); got.Str != "1" {
				t.Fatalf("after the caller's only unlock the store holds %s, want 1", got.Text())
			}
		})
	}
}

// 3.16.8 sends each lock script in a batch followed by WAIT <replicas> 1000;
// with a replica that cannot ack in time the call fails with "Only 0 of 1
// slaves were synced" although the script ran on the master (#3994). 3.8.1
// sends a plain EVAL. Java: 3.16.8 RedissonBaseLock.evalWriteAsync
// (BatchOptions.syncSlaves(availableSlaves, 1, SECONDS)).
func TestWaitBatchWithReplica(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			net := zeroNet()
			net.Replication = sim.Latency{Base: 10 * sim.Second}
			h := newHarness(t, net, 1)
			var r callResult
			c := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				c.GetLock("myLock", 1).Lock(30, Seconds, func(err error) { r.set(c.Proc(), err == nil, err) })
			})
			h.run(atMs(3000))
			acq := h.execs("c1", lockAcq)
			if len(acq) != 1 || acq[0].Reply.Kind != sim.KindNil {
				t.Fatalf("the acquire should run once and succeed on the master: %v", acq)
			}
			if got := h.peek("HGET", "myLock", c.UUID+":1"); got.Str != "1" {
				t.Fatalf("master HGET %s", got.Text())
			}
			var waits []tline
			for _, l := range h.kind("redis-0", "exec") {
				if len(l.Cmd) > 0 && l.Cmd[0] == "WAIT" {
					waits = append(waits, l)
				}
			}
			if v == "3.8.1" {
				if len(waits) != 0 || !r.ok {
					t.Fatalf("3.8.1 sends a plain EVAL: waits %v, callResult %+v", waits, r)
				}
				return
			}
			if len(waits) != 1 || waits[0].Req != acq[0].Req || waits[0].Cmd[1] != "1" || waits[0].Reply.Int != 0 {
				t.Fatalf("want WAIT 1 in the acquire's batch (req %d) replying 0, got %v", acq[0].Req, waits)
			}
			if d := waits[0].At.Sub(acq[0].At); d != sim.Second {
				t.Fatalf("WAIT returned %s after the script, want its 1000 ms timeout", d)
			}
			if errKind(r.err) != ErrSync || r.err.Error() != "RedisException: Unexpected exception while processing command (cause: IllegalStateException: Only 0 of 1 slaves were synced)" {
				t.Fatalf("lock() should fail with the sync error: %+v", r)
			}
		})
	}
}

// Threads of one client share one renewal entry per lock. Scenario: thread
// 1 holds under the watchdog, another JVM force-unlocks, thread 2 takes the
// lock, thread 1's unlock fails. 3.16.8 counts threads in the entry, so the
// failed unlock removes thread 1 and the watchdog keeps renewing for thread
// 2; 3.8.1 keeps the entry renewing for its first thread, whose renew
// returns 0, and thread 2's lock expires 30 s after it took it.
// Java: 3.16.8 RedissonBaseLock.scheduleExpirationRenewal /
// ExpirationEntry.addThreadId / cancelExpirationRenewal(threadId);
// 3.8.1 RedissonLock.scheduleExpirationRenewal(threadId).
func TestThreadsShareRenewalEntry(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var r2, un1 callResult
			a := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				l1, l2 := c.GetLock("myLock", 1), c.GetLock("myLock", 2)
				l1.Lock(-1, Milliseconds, func(error) {})
				c.After(3*sim.Second, func() {
					l2.Lock(-1, Milliseconds, func(err error) { r2.set(c.Proc(), err == nil, err) })
				})
				c.After(4*sim.Second, func() {
					l1.Unlock(func(err error) { un1.set(c.Proc(), err == nil, err) })
				})
			})
			h.redisson("c2", mustOptions(t, v, false), func(c *Redisson) {
				c.After(2*sim.Second, func() { c.GetLock("myLock", 1).ForceUnlock(func(bool, error) {}) })
			})
			h.run(atMs(5000))
			if !r2.ok || errKind(un1.err) != ErrNotHeld {
				t.Fatalf("thread 2 should hold and thread 1's unlock fail: %+v %+v", r2, un1)
			}
			// Thread 2 took the lock at 3000 ms; the last renewal before 33 s
			// (3.16.8) was at 30000 ms.
			h.run(atMs(33000))
			wantAt33 := int64(27000)
			if v == "3.8.1" {
				wantAt33 = 0
			}
			if got := h.pttl(); got != wantAt33 {
				t.Fatalf("thread 2's lock at 33 s: PTTL %d, want %d", got, wantAt33)
			}
			h.run(atMs(33001))
			if v == "3.8.1" {
				if got := h.pttl(); got != -2 {
					t.Fatalf("thread 2's lock at 33.001 s: PTTL %d, want -2 (expired while held)", got)
				}
			}
			h.run(atMs(45000))
			renews := h.execs("c1", renewSuffix)
			if v == "3.16.8" {
				if got, want := serverTimes(renews), []int64{10000, 20000, 30000, 40000}; !eqInts(got, want) {
					t.Fatalf("renewals at %v, want %v", got, want)
				}
				for _, l := range renews {
					if l.Argv[1] != a.UUID+":2" || l.Reply.Int != 1 {
						t.Fatalf("renewal %s should renew thread 2 and return 1", l.Raw)
					}
				}
				if got := h.pttl(); got != 25000 {
					t.Fatalf("PTTL at 45 s = %d, want 25000", got)
				}
				return
			}
			if len(renews) != 1 || renews[0].Argv[1] != a.UUID+":1" || renews[0].Reply.Int != 0 || renews[0].ServerMs != 10000 {
				t.Fatalf("3.8.1 should renew once, for thread 1, and get 0: %v", renews)
			}
			if a.Renewing("myLock") {
				t.Fatal("3.8.1 entry should be gone")
			}
		})
	}
}

// isHeldByCurrentThread is HEXISTS of the thread's owner field,
// getHoldCount its HGET, and forceUnlock deletes the lock whoever holds it
// (returning true only when it deleted something) and stops this client's
// watchdog. Java: RedissonLock.isHeldByThread, getHoldCount, forceUnlock.
func TestIsHeldGetHoldCountForceUnlock(t *testing.T) {
	for _, v := range rlVersions {
		t.Run(v, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var held1, held2, forced1, forced2 callResult
			var count1, count2, countAfter int64 = -1, -1, -1
			c := h.redisson("c1", mustOptions(t, v, false), func(c *Redisson) {
				l1, l2 := c.GetLock("myLock", 1), c.GetLock("myLock", 2)
				l1.Lock(-1, Milliseconds, func(error) {
					l1.Lock(-1, Milliseconds, func(error) {
						l1.GetHoldCount(func(n int64, _ error) {
							count1 = n
							l1.IsHeldByCurrentThread(func(ok bool, err error) { held1.set(c.Proc(), ok, err) })
						})
						l2.GetHoldCount(func(n int64, _ error) {
							count2 = n
							l2.IsHeldByCurrentThread(func(ok bool, err error) { held2.set(c.Proc(), ok, err) })
						})
					})
				})
				c.After(sim.Second, func() {
					l2.ForceUnlock(func(ok bool, err error) {
						forced1.set(c.Proc(), ok, err)
						l1.GetHoldCount(func(n int64, _ error) { countAfter = n })
						l2.ForceUnlock(func(ok bool, err error) { forced2.set(c.Proc(), ok, err) })
					})
				})
			})
			h.run(atMs(500))
			if count1 != 2 || !held1.ok || count2 != 0 || held2.ok {
				t.Fatalf("thread 1: count %d held %v; thread 2: count %d held %v; want 2 true 0 false", count1, held1.ok, count2, held2.ok)
			}
			if got := h.peek("HGET", "myLock", c.UUID+":1"); got.Str != "2" {
				t.Fatalf("store hold count %s", got.Text())
			}
			if !c.Renewing("myLock") {
				t.Fatal("watchdog should run")
			}
			h.run(atMs(30000))
			if !forced1.ok || forced2.done && forced2.ok || !forced2.done || countAfter != 0 {
				t.Fatalf("forceUnlock: first %+v (want true), second %+v (want false), count after %d", forced1, forced2, countAfter)
			}
			if h.peek("EXISTS", "myLock").Int != 0 || c.Renewing("myLock") {
				t.Fatal("forceUnlock should delete the key and stop the watchdog")
			}
			if n := len(h.execs("c1", renewSuffix)); n != 0 {
				t.Fatalf("%d renewals after forceUnlock at 1 s", n)
			}
		})
	}
}

// Seed 003 §01: SETNX then EXPIRE are two commands; a crash between them
// leaves a lock with no TTL that nobody ever gets again.
func TestSetNXExpireCrashBetweenLeavesNoTTL(t *testing.T) {
	net := sim.NetConfig{Request: sim.Latency{Base: sim.Millisecond}}
	h := newHarness(t, net, 0)
	h.simple("c1", SetNXExpire, func(c *SimpleClient) {
		c.GetLock("myLock", 1).Acquire(-1, 30000, func(bool, error) {})
	})
	var rb callResult
	h.simple("c2", SetNXExpire, func(c *SimpleClient) {
		c.After(sim.Minute, func() {
			c.GetLock("myLock", 1).Acquire(5000, 30000, func(ok bool, err error) { rb.set(c.p, ok, err) })
		})
	})
	// SETNX runs at 1 ms; its reply would arrive at 2 ms.
	h.w.At(atMs(1)+500, func() { h.proc("c1").Crash(0) })
	h.run(atMs(120000))
	var cmds []string
	for _, l := range h.kind("redis-0", "exec") {
		if l.From == "c1" {
			cmds = append(cmds, l.Cmd[0])
		}
	}
	if strings.Join(cmds, " ") != "SETNX" {
		t.Fatalf("c1 ran %v, want only SETNX", cmds)
	}
	if got := h.pttl(); got != -1 {
		t.Fatalf("PTTL myLock = %d, want -1 (no TTL)", got)
	}
	if !rb.done || rb.ok {
		t.Fatalf("c2 should never get the lock: %+v", rb)
	}
}

// Seed 003 §03: "if (get(key) == uuid) del(key)" is two commands; a pause
// between them lets the lock expire and another take it, and the DEL then
// deletes the other's lock. §04's compare-and-delete script never deletes
// another's lock.
func TestSimpleLockReleaseGap(t *testing.T) {
	net := sim.NetConfig{Request: sim.Latency{Base: sim.Millisecond}}
	for _, kind := range []SimpleKind{SetUUIDGetDel, SetUUIDLua} {
		t.Run(string(kind), func(t *testing.T) {
			h := newHarness(t, net, 0)
			var ra, rb, rel callResult
			h.simple("c1", kind, func(c *SimpleClient) {
				l := c.GetLock("myLock", 1)
				l.Acquire(-1, 5000, func(ok bool, err error) { ra.set(c.p, ok, err) })
				c.After(4*sim.Second, func() { l.Release(func(err error) { rel.set(c.p, err == nil, err) }) })
			})
			b := h.simple("c2", kind, func(c *SimpleClient) {
				c.After(6*sim.Second, func() {
					c.GetLock("myLock", 1).Acquire(-1, 30000, func(ok bool, err error) { rb.set(c.p, ok, err) })
				})
			})
			// The release's first command runs at 4.001 s; its reply would
			// arrive at 4.002 s. A 10 s GC pause holds it until 14.0015 s;
			// the DEL then runs at 14.0025 s.
			h.w.At(atMs(4001)+500, func() { h.proc("c1").Pause(10 * sim.Second) })
			h.run(atMs(20000))
			if !ra.ok || !rb.ok || !rel.done {
				t.Fatalf("A acquire %+v, B acquire %+v, A release %+v", ra, rb, rel)
			}
			bValue := b.UUID + ":1"
			got := h.peek("GET", "myLock")
			if kind == SetUUIDGetDel {
				var del []tline
				for _, l := range h.kind("redis-0", "exec") {
					if l.From == "c1" && len(l.Cmd) > 0 && l.Cmd[0] == "DEL" {
						del = append(del, l)
					}
				}
				if len(del) != 1 || del[0].Reply.Int != 1 || del[0].ServerMs != 14002 {
					t.Fatalf("A's DEL should delete a key at 14.002 s: %v", del)
				}
				if got.Kind != sim.KindNil {
					t.Fatalf("B's lock should be gone, GET = %s", got.Text())
				}
				return
			}
			if got.Str != bValue {
				t.Fatalf("B's lock should survive, GET = %s", got.Text())
			}
			// The script ran before the pause, while A still held the lock.
			ev := h.execs("c1", "simple/compare-and-delete")
			if len(ev) != 1 || ev[0].Reply.Int != 1 || ev[0].ServerMs != 4001 {
				t.Fatalf("A's release should delete its own lock at 4.001 s: %v", ev)
			}
		})
	}
}

// The compare-and-delete script never deletes another owner's lock, even
// when the holder's critical section outlives its lease (a pause before the
// release): it returns 0 and the new owner keeps the lock.
func TestSetUUIDLuaNeverDeletesAnothersLock(t *testing.T) {
	h := newHarness(t, zeroNet(), 0)
	var rel callResult
	h.simple("c1", SetUUIDLua, func(c *SimpleClient) {
		l := c.GetLock("myLock", 1)
		l.Acquire(-1, 5000, func(bool, error) {})
		c.After(4*sim.Second, func() { l.Release(func(err error) { rel.set(c.p, err == nil, err) }) })
	})
	b := h.simple("c2", SetUUIDLua, func(c *SimpleClient) {
		c.After(6*sim.Second, func() { c.GetLock("myLock", 1).Acquire(-1, 30000, func(bool, error) {}) })
	})
	h.w.At(atMs(3999), func() { h.proc("c1").Pause(10 * sim.Second) })
	h.run(atMs(20000))
	ev := h.execs("c1", "simple/compare-and-delete")
	if !rel.ok || len(ev) != 1 || ev[0].Reply.Int != 0 || ev[0].ServerMs != 13999 {
		t.Fatalf("A's late release should return 0 at 13.999 s: %+v %v", rel, ev)
	}
	if got := h.peek("GET", "myLock"); got.Str != b.UUID+":1" {
		t.Fatalf("B's lock was touched: GET %s", got.Text())
	}
}

// unlock() interrupted while its unlock is in flight: the script runs
// either way, and what its completion does is the version's. 3.8.1's get()
// cancels nothing (R8:CommandAsyncService.get): unlockAsync's listener
// sees 1 and cancels the renewal. 3.16.8's get() cancels unlockAsync's
// handle stage before it runs (R16:CommandAsyncService.java:115-129): the
// renewal entry stays until the watchdog finds the lock gone. 4.7.0's get()
// cancels ServiceManager.execute's future, not unlockAsync0's: its handle
// cancels the renewal (RedissonBaseLock.java:155-170).
func TestInterruptedUnlock(t *testing.T) {
	for _, c := range []struct {
		version, text string
		renewing      bool
	}{
		{"3.8.1", "RedisException: Unexpected exception while processing command", false},
		{"3.16.8", "RedisException: java.lang.InterruptedException", true},
		{"4.7.0", "RedisException: java.lang.InterruptedException", false},
	} {
		t.Run(c.version, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var unlockErr error
			unlocked := false
			cl := h.redisson("c1", mustOptions(t, c.version, false), func(cl *Redisson) {
				l := cl.GetLock("myLock", 1)
				l.Lock(-1, Milliseconds, func(err error) {
					if err != nil {
						t.Errorf("lock: %v", err)
						return
					}
					l.Unlock(func(err error) { unlockErr, unlocked = err, true })
					cl.Interrupt(1) // the unlock is in flight
				})
			})
			h.run(atMs(100))
			if !unlocked || unlockErr == nil || unlockErr.Error() != c.text {
				t.Fatalf("unlock() = %v (returned %t), want %q", unlockErr, unlocked, c.text)
			}
			if got := h.peek("EXISTS", "myLock").Int; got != 0 {
				t.Fatal("the interrupted unlock's script did not run")
			}
			if got := cl.Renewing("myLock"); got != c.renewing {
				t.Fatalf("renewal entry after the unlock's reply: %t, want %t", got, c.renewing)
			}
		})
	}
}

// lock() interrupted while its acquire is in flight: the acquire runs and
// takes the free lock; whether the watchdog then renews it for a thread
// that was told it failed (#7272) is the version's. 3.8.1's listener on
// tryLockInnerAsync's future and 4.7.0's thenApply (behind execute's
// cancelled future) start it; 3.16.8's get() cancels the future its
// onComplete hangs on.
func TestInterruptedAcquire(t *testing.T) {
	for _, c := range []struct {
		version  string
		renewing bool
	}{{"3.8.1", true}, {"3.16.8", false}, {"4.7.0", true}} {
		t.Run(c.version, func(t *testing.T) {
			h := newHarness(t, zeroNet(), 0)
			var lockErr error
			cl := h.redisson("c1", mustOptions(t, c.version, false), func(cl *Redisson) {
				cl.GetLock("myLock", 1).Lock(-1, Milliseconds, func(err error) { lockErr = err })
				cl.Interrupt(1) // the acquire is in flight
			})
			h.run(atMs(100))
			if lockErr == nil || !model.Interrupted(lockErr.Error()) {
				t.Fatalf("lock() = %v, want an interrupt's exception", lockErr)
			}
			if got := h.peek("EXISTS", "myLock").Int; got != 1 {
				t.Fatal("the interrupted acquire's script did not take the lock")
			}
			if got := cl.Renewing("myLock"); got != c.renewing {
				t.Fatalf("renewal entry after the acquire's reply: %t, want %t", got, c.renewing)
			}
		})
	}
}
