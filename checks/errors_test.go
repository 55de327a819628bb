package checks

import (
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

func errOp(kind, text string, start, end sim.Time) model.Op {
	return model.Op{Proc: "c1", Owner: "A", Lock: "L", Call: model.CallUnlock, Start: start, End: end, Outcome: "error", Err: text, ErrKind: kind, ExecAt: -1}
}

// TestErrorsClassify pins each class of exception: an error reply is a
// bug whatever happened; a timeout is by design only under a fault that
// explains it; a failed WAIT is by design when the master has replicas;
// IllegalMonitorStateException is by design when the lease ran out.
func TestErrorsClassify(t *testing.T) {
	partition := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultPartition, Target: "c1", For: 5 * sim.Second}, Start: sim.Time(2 * sim.Second), End: sim.Time(7 * sim.Second)}}
	s := sim.Time(sim.Second)
	for _, c := range []struct {
		name     string
		op       model.Op
		sections []model.Section
		faults   []sim.FaultSpan
		replicas int
		want     Class
	}{
		{"a script error is a bug even under a fault", errOp("reply", "RedisException: ERR user_script:1: bad", 3*s, 4*s), nil, partition, 0, Bug},
		{"a timeout without a fault is a bug", errOp("timeout", "RedisTimeoutException", 3*s, 6*s), nil, nil, 0, Bug},
		{"a timeout in a partition is by design", errOp("timeout", "RedisTimeoutException", 3*s, 6*s), nil, partition, 0, ByDesign},
		{"a timeout after the partition healed is a bug", errOp("timeout", "RedisTimeoutException", 8*s, 11*s), nil, partition, 0, Bug},
		{"a short WAIT without replicas is a bug", errOp("sync", "Only 0 of 1 slaves were synced", 3*s, 4*s), nil, nil, 0, Bug},
		{"a short WAIT with replicas is by design", errOp("sync", "Only 0 of 1 slaves were synced", 3*s, 4*s), nil, nil, 1, ByDesign},
		{"an InterruptedException with no interrupt is a bug", errOp("interrupted", "InterruptedException", 3*s, 4*s), nil, nil, 0, Bug},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := &model.History{Ops: []model.Op{c.op}, Sections: c.sections, Settings: model.Settings{Redisson: true, Watchdog: 30000, Timeout: 3000}}
			h.End.Replicas = c.replicas
			vs := Errors(h, c.faults)
			if len(vs) != 1 {
				t.Fatalf("got %d violations, want 1: %v", len(vs), vs)
			}
			if vs[0].Class != c.want || vs[0].Kind != c.op.ErrKind || vs[0].Property != "error" {
				t.Fatalf("got %s (%s/%s), want %s", vs[0], vs[0].Property, vs[0].Kind, c.want)
			}
		})
	}
	if vs := Errors(&model.History{Ops: []model.Op{{Outcome: "released"}}}, nil); len(vs) != 0 {
		t.Fatalf("a call without an error was judged: %v", vs)
	}
}

// An unlock's IllegalMonitorStateException is explained by what took the
// hold it believed in: its lease running out, another's forceUnlock, or
// nothing (a bug).
func TestErrorsNotHeld(t *testing.T) {
	build := func(lost func(b *hist)) *hist {
		b := newHist()
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.lease(a, 10000)
		b.ran(a, 0.005, 10000, "A").section(a, 10000, 20)
		lost(b)
		u := b.call("A", model.CallUnlock, 20, 20.01, "error")
		b.h.Ops[u].ErrKind, b.h.Ops[u].Err = "not-held", "IllegalMonitorStateException"
		b.ran(u, 20.005, -2)
		return b
	}
	for _, c := range []struct {
		name string
		lost func(b *hist)
		mech string
	}{
		{"its lease ran out", func(b *hist) { b.sample(15, "", "EXISTS", -2) }, "lease:lease"},
		{"another's forceUnlock deleted it", func(b *hist) {
			f := b.call("C", model.CallForceUnlock, 5, 5.01, "released")
			b.ran(f, 5.005, -2)
		}, "contract:force-unlock"},
		{"another's unlock deleted it", func(b *hist) {
			f := b.call("C", model.CallUnlock, 5, 5.01, "released")
			b.ran(f, 5.005, -2)
		}, "bug:deleted-by-other"},
	} {
		t.Run(c.name, func(t *testing.T) {
			vs := Errors(&build(c.lost).h, nil)
			if len(vs) != 1 || vs[0].Mech.Label() != c.mech {
				t.Fatalf("got %v, want %s", vs, c.mech)
			}
		})
	}
}

// A 3.8.1 lock() that gave up on its subscription leaves the entry, and
// the subscription goes on (R8:RedissonLock.java:148-149): the next lock()
// of the process joins it, and times out as long as the SUBSCRIBE a
// latency spike held up before that call is on its way. Only that
// subscription explains it: not one whose held-up message arrived before
// the call, nor another thread's fair waiter channel, nor one of a process
// that restarted since, nor for a call that did not wait its whole time.
func TestErrorsJoinedHeldSubscription(t *testing.T) {
	const text = "RedisTimeoutException: Subscribe timeout: (700ms)"
	slow := fault(0, sim.FaultSlowNet, "", 0, 1.3)
	for _, c := range []struct {
		name   string
		spike  float64 // the spike's part of the SUBSCRIBE's delay, s
		owner  string  // the held-up SUBSCRIBE's NetEvent.Owner
		crash  bool    // the process restarted between the spike and the call
		second float64 // the second call's length, s
		want   string
	}{
		{"held up through the next call", 2.85, "", false, 0.701, "fault:slow-net"},
		{"the fair waiter channel of the thread", 2.85, "A", false, 0.701, "fault:slow-net"},
		{"arrived before the next call", 0.9, "", false, 0.701, "bug:failed-subscribe"},
		{"another thread's fair waiter channel", 2.85, "B", false, 0.701, "bug:failed-subscribe"},
		{"the process restarted since", 2.85, "", true, 0.701, "bug:failed-subscribe"},
		{"the call did not wait its whole time", 2.85, "", false, 0.3, "bug:failed-subscribe"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := newHist()
			b.h.Settings.Timeout = 500
			first := b.call("A", model.CallLock, 1, 1.701, "error")
			second := b.call("A", model.CallLock, 2, 2+c.second, "error")
			for _, i := range []int{first, second} {
				b.h.Ops[i].ErrKind, b.h.Ops[i].Err = "subscribe", text
			}
			b.h.Net = append(b.h.Net, model.NetEvent{At: at(1.0005), Proc: "cA", Owner: c.owner, Tag: sim.SubscribeTag,
				Kind: sim.NetDelayed, Delay: sim.Duration(c.spike * float64(sim.Second)), Fault: 0})
			faults := []sim.FaultSpan{slow}
			if c.crash {
				faults = append(faults, fault(1, sim.FaultCrash, "cA", 1.8, 0.1))
			}
			vs := Errors(&b.h, faults)
			if len(vs) != 2 {
				t.Fatalf("got %d violations, want 2: %v", len(vs), vs)
			}
			wantFirst := "fault:slow-net" // its own SUBSCRIBE held up
			if c.owner == "B" {
				wantFirst = "bug:failed-subscribe"
			}
			if got := vs[0].Mech.Label(); got != wantFirst {
				t.Fatalf("the first call: got %v, want %s", vs[0], wantFirst)
			}
			if got := vs[1].Mech.Label(); got != c.want {
				t.Fatalf("the second call: got %v, want %s", vs[1], c.want)
			}
		})
	}
}

// A 4.7.0 unlock() released the lock (its script at 1.0 s) and, after a
// WAIT that counted no replica, ran again with the same request id at
// 2.201 s to find nothing. With a 700 ms latch (timeout 500 ms, one retry,
// 200 ms delay) under settings whose every repeat comes at least 1200 ms
// after its first run, the latch had expired: latch-expired, which the
// catalogue names. A latch that could still have lived (the defaults'
// 16-20 s) or a repeat within the latch's life names nothing.
func TestErrorsUnlockLatchExpired(t *testing.T) {
	build := func(latchMax, repeatMin int64, again float64) *hist {
		b := newHist()
		b.h.Settings.UnlockLatch = true
		b.h.Settings.UnlockLatchMax, b.h.Settings.UnlockRepeatMin = latchMax, repeatMin
		a := b.call("A", model.CallLock, 0, 0.01, "acquired")
		b.ran(a, 0.005, 30000, "A").section(a, -1, 1)
		u := b.call("A", model.CallUnlock, 1, again+0.01, "error")
		b.h.Ops[u].ErrKind, b.h.Ops[u].Err = "not-held", "IllegalMonitorStateException"
		b.ran(u, 1.0, -2)
		b.ran(u, again, -2)
		return b
	}
	for _, c := range []struct {
		name                string
		latchMax, repeatMin int64
		again               float64
		mech                string
	}{
		{"a 700 ms latch, the repeat 1.2 s later", 700, 1200, 2.201, "bug:latch-expired"},
		{"the defaults' latch", 20000, 1500, 2.201, "bug:unlock-ran-twice"},
		{"no latch lifetime known", 0, 0, 2.201, "bug:unlock-ran-twice"},
		{"the repeat within the latch's life", 700, 1200, 1.6, "bug:unlock-ran-twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			vs := Errors(&build(c.latchMax, c.repeatMin, c.again).h, nil)
			if len(vs) != 1 || vs[0].Mech.Label() != c.mech {
				t.Fatalf("got %v, want %s", vs, c.mech)
			}
		})
	}
}

// A lock() sent at 1 s, its request held up, reached the node that had
// been master at 2.5 s, after a failover that began at 1.5 s had made
// another the master (its heal, at 2 s): the node dropped it (not the
// master; no topology fault under way any more), and the call timed out
// at 4 s. The failover the call overlapped sent the request astray
// (seed 752 of rlock-3.8.1, preset all, a 2 s watchdog); without one, a
// request that found no master is not explained.
func TestErrorsNoMasterAfterAFailoverHealed(t *testing.T) {
	build := func() *model.History {
		op := model.Op{Proc: "c1", Owner: "A", Lock: "L", Call: model.CallLock, Start: at(1), End: at(4), Outcome: "error",
			Err: "RedisTimeoutException: Redis server response timeout (3000 ms)", ErrKind: "timeout", ExecAt: -1}
		h := &model.History{Ops: []model.Op{op}, Settings: model.Settings{Redisson: true, Watchdog: 30000, Timeout: 3000}}
		h.Net = []model.NetEvent{{At: at(2.5), Proc: "c1", Owner: "A", Tag: "op/0", Kind: sim.NetRequestLost, Why: "node is not the master", Fault: -1}}
		return h
	}
	crash := []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 1.5, 0.5)}
	if vs := Errors(build(), crash); len(vs) != 1 || vs[0].Class != ByDesign || vs[0].Mech.Name != "master-crash" {
		t.Fatalf("the failover during the call sent its request astray: %v", vs)
	}
	if vs := Errors(build(), nil); len(vs) != 1 || vs[0].Class != Bug {
		t.Fatalf("no failover: a request that found no master is unexplained: %v", vs)
	}
	late := []sim.FaultSpan{fault(0, sim.FaultMasterCrash, "master", 5, 1)}
	if vs := Errors(build(), late); len(vs) != 1 || vs[0].Class != Bug {
		t.Fatalf("a failover after the call explains nothing: %v", vs)
	}
}
