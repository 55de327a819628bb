package checks

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

func ms(n int64) sim.Time { return sim.Time(n * int64(sim.Millisecond)) }

var redissonModel = model.LockOptions{Reentrant: true, ReportsNotHeld: true}

// twoHolders: A takes the lock for 30 s at server time 1000; B takes it
// at 2000 though A neither released it nor let it expire.
func twoHolders() *model.History {
	return &model.History{Ops: []model.Op{
		{Proc: "c1", Owner: "A", Lock: "L", Call: model.CallLock, Start: 0, End: ms(2), Outcome: "acquired", ExecAt: 1000, ExecVirtual: ms(1), GaveUpAt: -1, ScriptLease: 30000},
		{Proc: "c2", Owner: "B", Lock: "L", Call: model.CallLock, Start: ms(1000), End: ms(1002), Outcome: "acquired", ExecAt: 2000, ExecVirtual: ms(1001), GaveUpAt: -1, ScriptLease: 30000},
	}}
}

func TestLinearizableFindsTwoHoldersAndDrawsThem(t *testing.T) {
	faults := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultPause, Target: "c1", For: 40 * sim.Second}, Start: ms(500), End: ms(40500)}}
	v, l := Linearizable(twoHolders(), redissonModel, faults, 10*time.Second)
	if len(v) != 1 || v[0].Property != "linearizable" || v[0].Class != Bug {
		t.Fatalf("violations: %v", v)
	}
	if len(v[0].Actors) != 1 || v[0].Actors[0] != "B" {
		t.Fatalf("the call that cannot be placed should be B's: %v", v[0])
	}
	var html bytes.Buffer
	if err := l.Visualize(&html); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"pause c1", "c2 B lock"} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("visualization lacks %q", want)
		}
	}
}

func TestLinearizableAcceptsALeaseThatRanOut(t *testing.T) {
	h := twoHolders()
	h.Ops[1].ExecAt = 1000 + 30000 + 1 // past A's deadline
	if v, _ := Linearizable(h, redissonModel, nil, 10*time.Second); len(v) != 0 {
		t.Fatalf("violations: %v", v)
	}
}

// A failover explains a linearizability failure when the new master
// lacked a write the old one had acknowledged, not merely by happening.
func TestLinearizableExcusesAFailoverThatLostAWrite(t *testing.T) {
	faults := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultMasterCrash, Target: "master", Index: 0}, Start: ms(500), End: ms(900)}}
	h := twoHolders()
	if v, _ := Linearizable(h, redissonModel, faults, 10*time.Second); len(v) != 1 || v[0].Class != Bug {
		t.Fatalf("a failover that lost nothing explains nothing: %v", v)
	}
	h.Store = []model.StoreSample{
		{At: ms(1), Node: "redis-0", ServerMs: 1000, Holders: []string{"A"}, TTL: 30000},
		{At: ms(900), Node: "redis-1", ServerMs: 1900, Epoch: 1, Script: becameMaster, TTL: -2},
	}
	v, _ := Linearizable(h, redissonModel, faults, 10*time.Second)
	if len(v) != 1 || v[0].Class != ByDesign || v[0].Mech.Name != "master-crash" {
		t.Fatalf("a failover that lost A's hold: %v", v)
	}
}

// A checker that runs out of time has proved nothing: that is a failure,
// unless a fault that excuses any violation happened (then nothing it
// could have found is a bug).
func TestLinearizableUndecidedIsAFailure(t *testing.T) {
	pause := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultPause, Target: "c1", For: sim.Second}, Start: 0, End: ms(1000)}}
	v, l := Linearizable(twoHolders(), redissonModel, pause, time.Nanosecond)
	if l.Result == "Illegal" {
		t.Skip("porcupine decided within a nanosecond")
	}
	if len(v) != 1 || v[0].Class != Bug || !strings.Contains(v[0].Detail, "could not decide") {
		t.Fatalf("violations: %v", v)
	}
	step := []sim.FaultSpan{{Fault: sim.Fault{Kind: sim.FaultServerStep, Target: "master", Index: 0}, Start: 0, End: 0}}
	v, l = Linearizable(twoHolders(), redissonModel, step, time.Nanosecond)
	if l.Result == "Illegal" {
		t.Skip("porcupine decided within a nanosecond")
	}
	if len(v) != 1 || v[0].Class != ByDesign || !strings.Contains(v[0].Mech.Detail, "undecided") {
		t.Fatalf("violations: %v", v)
	}
}

// A fair waiter's place in the queue can outlive the call that took it: a
// request that timed out on the client still runs later and queues the
// caller, and the thread's next call finds the place kept (3.8.1's zadd
// returns 0, no rpush). These runs of preset net have both; the observer
// must give each place to the call whose script took it, and to the later
// call only once a script of its own runs. Before it did, the model put
// the caller at the tail and reported a fair grant to the true head as a
// violation, and FIFO saw an overtake.
func TestFairPlacesKeptFromLateRequests(t *testing.T) {
	for _, c := range []struct {
		seed           uint64
		procs, threads int
		skip           []int
		keeps          bool
	}{
		// A timed-out lock() queues its caller at t=118.603s; the thread's
		// tryLock() and lock() keep that place and lock() gets the lock.
		{17, 2, 3, []int{2, 3}, true},
		// A tryLock(wait) whose request is lost finds its thread queued by
		// an earlier call: with no script of its own it keeps nothing.
		{39, 3, 1, []int{2, 3, 4}, false},
	} {
		cfg := run.Config{Algo: "fairlock-3.8.1", Seed: c.seed, Preset: "net", Safety: 180 * sim.Second, Liveness: 7 * sim.Second, Procs: c.procs, Threads: c.threads, SkipFaults: c.skip}
		r, err := run.New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Execute()
		kept, lateQueued := 0, 0
		for _, op := range r.History.Ops {
			if op.QueueKept {
				kept++
				if op.ExecAt < 0 || op.KeptSince > op.QueuedAt {
					t.Errorf("seed %d: %s's call keeps a place without a script of its own, or before it was taken: %+v", c.seed, op.Owner, op)
				}
			}
			if op.QueuePos > 0 && op.Outcome == "error" && op.ExecVirtual > op.End {
				lateQueued++
			}
		}
		if c.keeps && kept == 0 {
			t.Errorf("seed %d: no call kept a place: the run no longer exercises it", c.seed)
		}
		if v, _ := Linearizable(r.History, clients.LockModel(cfg.Algo), nil, 10*time.Second); len(v) != 0 {
			t.Errorf("seed %d: %v", c.seed, v)
		}
		if v := FIFO(r.History, nil); len(v) != 0 {
			t.Errorf("seed %d: %v", c.seed, v)
		}
		t.Logf("seed %d: %d kept places, %d places taken by a late request", c.seed, kept, lateQueued)
	}
}

// lowerSearchMemory sets searchMemory for one test.
func lowerSearchMemory(t *testing.T, n int64) {
	old := searchMemory
	searchMemory = n
	t.Cleanup(func() { searchMemory = old })
}

// bigHistory is a run whose history porcupine's search cannot decide
// cheaply: 8 processes of 8 threads under every fault (at the full bound
// its search peaked at 3.8 GB before the bound).
func bigHistory(t *testing.T) (*run.Run, model.LockOptions) {
	t.Helper()
	r, err := run.New(run.Config{Algo: "rlock-3.16.8", Seed: 1, Preset: "all", Procs: 8, Threads: 8}, sim.Untraced)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	return r, clients.LockModel("rlock-3.16.8")
}

// Porcupine's search is bounded by what it keeps. A history whose search
// would keep more is undecided, "history too large", a failure as one
// undecided in time is (by design only when a mechanism explains the call
// the server's own order fails at), and the search stops at once. The
// bound is lowered here to 4 MiB so that this history passes it in a
// moment.
func TestLinearizableHistoryTooLarge(t *testing.T) {
	r, opt := bigHistory(t)
	lowerSearchMemory(t, 4<<20)
	n := len(LockOperations(r.History, opt.Fair))
	for _, faults := range [][]sim.FaultSpan{nil, r.World.FaultSpans()} {
		start := time.Now()
		v, l := Linearizable(r.History, opt, faults, time.Minute)
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("%s to stop", took)
		}
		want := fmt.Sprintf("undecided: history too large: porcupine's search of the history (%d operations) would keep more than 4 MiB", n)
		if len(v) != 1 || !strings.HasPrefix(v[0].Detail, want) || l.Result != "Unknown" {
			t.Fatalf("%v, %s", v, l.Result)
		}
		switch {
		case faults == nil && v[0].Class != Bug:
			t.Errorf("no fault, and yet %s", v[0])
		case v[0].Class != Bug && !strings.HasPrefix(v[0].Mech.Detail, "undecided; where the server's order fails: "):
			t.Errorf("mechanism %s", v[0].Mech)
		}
	}
}

// A history too long for porcupine's partial linearizations (n² words
// past a quarter of the bound) is still checked, without them: its
// violation names the operation the server's order cannot place, and it
// has no picture.
func TestLinearizableLongHistoryUndrawn(t *testing.T) {
	lowerSearchMemory(t, 4<<10) // 4 KiB: 11 operations at most are drawn
	if n := maxDrawn(); n != 11 {
		t.Fatalf("maxDrawn() = %d", n)
	}
	h := twoHolders()
	for i := 0; i < 10; i++ { // B asks again and again whether it holds the lock
		h.Ops = append(h.Ops, model.Op{Proc: "c2", Owner: "B", Lock: "L", Call: model.CallIsHeld, Start: ms(10 + 10*int64(i)), End: ms(15 + 10*int64(i)), Outcome: "false", ExecAt: -1, GaveUpAt: -1})
	}
	v, l := Linearizable(h, redissonModel, nil, 10*time.Second)
	if len(v) != 1 || v[0].Class != Bug || v[0].Detail != "no order of the calls explains what the clients saw: c2 B lock → acquired cannot be placed" || l.Drawable() {
		t.Fatalf("%v, drawable %v", v, l.Drawable())
	}
	if _, l := Linearizable(twoHolders(), redissonModel, nil, 10*time.Second); !l.Drawable() {
		t.Fatal("a history of two calls is not drawn")
	}
}

// The server's order, whose states double at each call whose reply was
// lost, gives up past the bound: it proves nothing either way and names
// no operation.
func TestServerOrderBounded(t *testing.T) {
	r, opt := bigHistory(t)
	ops := LockOperations(r.History, opt.Fair)
	nm := model.Lock(opt)
	if ok, stuck := serverOrder(nm, ops, 64); ok || stuck != nil {
		t.Fatalf("within 64 bytes: %v, %v", ok, stuck)
	}
	if ok, stuck := serverOrder(nm, ops, LinearizableMemory); ok || stuck == nil {
		t.Fatalf("within the bound: %v, %v", ok, stuck)
	}
}

// An unlock of an inner hold re-arms the hold it leaves with the lease its
// run carried: A held twice from 1000 (30 s); its unlock ran at 5000 with
// 60000 and was repeated later with 30000, a repeat that answered from the
// run's latch (4.7.0) and so is not the call's run. B's acquire at 40000,
// inside the 60 s the run re-armed, cannot be placed; at 70000, after it,
// it can. The model takes the run's lease (ExecLease), not the repeat's.
func TestLinearizableUnlockRearmsTheLeaseItsRunCarried(t *testing.T) {
	build := func(bAt int64) *model.History {
		h := twoHolders()
		inner := model.Op{Proc: "c1", Owner: "A", Lock: "L", Call: model.CallLock, Start: ms(3), End: ms(5), Outcome: "acquired", ExecAt: 1003, ExecVirtual: ms(4), GaveUpAt: -1, ScriptLease: 30000, Nested: true}
		unlock := model.Op{Proc: "c1", Owner: "A", Lock: "L", Call: model.CallUnlock, Start: ms(4000), End: ms(9000), Outcome: "released", ExecAt: 5000, ExecVirtual: ms(4001), GaveUpAt: -1,
			ScriptLease: 30000, EarlierLeases: []int64{60000}, ExecLease: 60000, Nested: true}
		h.Ops = []model.Op{h.Ops[0], inner, unlock, h.Ops[1]}
		h.Ops[3].Start, h.Ops[3].End, h.Ops[3].ExecAt, h.Ops[3].ExecVirtual = ms(bAt-1), ms(bAt+2), bAt, ms(bAt)
		return h
	}
	if v, _ := Linearizable(build(40000), redissonModel, nil, 10*time.Second); len(v) != 1 {
		t.Fatalf("B took the lock inside the 60 s A's unlock re-armed: %v", v)
	}
	if v, _ := Linearizable(build(70000), redissonModel, nil, 10*time.Second); len(v) != 0 {
		t.Fatalf("B took the lock after the 60 s A's unlock re-armed ran out: %v", v)
	}
}
