package sim

import (
	"strings"
	"testing"
)

// scriptedProgram is a test program: Start and each event run the given
// functions, and every event is recorded.
type scriptedProgram struct {
	start  func(p *Proc)
	events []Event
	at     []Time
}

func (s *scriptedProgram) Start(p *Proc) {
	if s.start != nil {
		s.start(p)
	}
}

func (s *scriptedProgram) Handle(p *Proc, ev Event) {
	s.events = append(s.events, ev)
	s.at = append(s.at, p.VirtualNow())
}

// A lock taken on the master vanishes when a replica that has not yet
// received it is promoted: Redis replication is asynchronous (seed 003,
// last section).
func TestFailoverToLaggingReplicaLosesLock(t *testing.T) {
	net := DefaultNet()
	net.Replication = Latency{Base: 10 * Second} // the replica lags far behind
	w := NewWorld(Config{Seed: 1, Net: net, Replicas: 1})
	prog := &scriptedProgram{start: func(p *Proc) {
		p.Send(Request{Cmd: []string{"SET", "myLock", "owner-A", "NX", "PX", "30000"}})
	}}
	w.AddProcess("c1", Clock{}, prog)
	w.RunUntil(Time(100 * Millisecond))
	if len(prog.events) != 1 || prog.events[0].Reply.Kind != KindStatus {
		t.Fatalf("the client should hold the lock on the master, got %+v", prog.events)
	}
	if got := w.Master().Store.Do("GET", "myLock"); got.Str != "owner-A" {
		t.Fatalf("master has %v, want owner-A", got)
	}
	w.CrashMaster(0, 2*Second)
	w.RunUntil(Time(3 * Second))
	m := w.Master()
	if m == nil || m.Name != "redis-1" {
		t.Fatalf("redis-1 should have been promoted, master is %v", m)
	}
	if got := m.Store.Do("EXISTS", "myLock"); got.Int != 0 {
		t.Fatalf("the promoted replica still has the lock (%v): it should have lost the unreplicated write", got)
	}
	// A second client now takes the same lock: two owners believe they hold it.
	prog2 := &scriptedProgram{start: func(p *Proc) {
		p.Send(Request{Cmd: []string{"SET", "myLock", "owner-B", "NX", "PX", "30000"}})
	}}
	w.AddProcess("c2", Clock{}, prog2)
	w.RunUntil(Time(4 * Second))
	if len(prog2.events) != 1 || prog2.events[0].Reply.Kind != KindStatus {
		t.Fatalf("c2 should get the lock on the new master, got %+v", prog2.events)
	}
	// The replica applies the write when it is up to date; the lag kept it out.
	w.RunUntil(Time(20 * Second))
	if got := m.Store.Do("GET", "myLock"); got.Str != "owner-B" {
		t.Fatalf("new master has %v, want owner-B", got)
	}
}

// With a replica that keeps up, the same write survives the failover.
func TestFailoverToUpToDateReplicaKeepsLock(t *testing.T) {
	net := DefaultNet()
	net.Replication = Latency{Base: Millisecond}
	w := NewWorld(Config{Seed: 1, Net: net, Replicas: 1})
	w.AddProcess("c1", Clock{}, &scriptedProgram{start: func(p *Proc) {
		p.Send(Request{Cmd: []string{"SET", "myLock", "owner-A", "PX", "30000"}})
	}})
	w.RunUntil(Time(100 * Millisecond))
	w.CrashMaster(0, Second)
	w.RunUntil(Time(2 * Second))
	if got := w.Master().Store.Do("PTTL", "myLock"); got.Int <= 0 || got.Int > 30000 {
		t.Fatalf("replicated lock should keep its absolute expiry, PTTL %v", got)
	}
}

// A paused process's timers fire late and its replies wait: everything
// that fell due during the pause is delivered at the resume, in the order
// it arrived.
func TestPauseDelaysTimersAndQueuesReplies(t *testing.T) {
	w := NewWorld(Config{Seed: 3, Net: DefaultNet()})
	var timer TimerID
	var req ReqID
	prog := &scriptedProgram{start: func(p *Proc) {
		req = p.Send(Request{Cmd: []string{"PING"}})
		timer = p.After(Second, "tick")
	}}
	p := w.AddProcess("c1", Clock{}, prog)
	w.At(Time(100*Microsecond), func() { p.Pause(5 * Second) })
	w.RunUntil(Time(4 * Second))
	if len(prog.events) != 0 {
		t.Fatalf("a paused process got events: %+v", prog.events)
	}
	w.RunUntil(Time(6 * Second))
	if len(prog.events) != 2 {
		t.Fatalf("want the reply and the timer after the pause, got %+v", prog.events)
	}
	if prog.events[0].Kind != EvReply || prog.events[0].Req != req || prog.events[0].Reply.Str != "PONG" {
		t.Fatalf("first event should be the queued reply, got %+v", prog.events[0])
	}
	if prog.events[1].Kind != EvTimer || prog.events[1].Timer != timer {
		t.Fatalf("second event should be the late timer, got %+v", prog.events[1])
	}
	for i, at := range prog.at {
		if at != Time(5*Second+100*Microsecond) {
			t.Fatalf("event %d delivered at %s, want at the resume (5.000s)", i, at)
		}
	}
}

// A timer that fell due during a pause can still be cancelled before the
// process resumes (a reply queued ahead of it cancels its timeout).
func TestTimerCancelledWhileQueuedDoesNotFire(t *testing.T) {
	w := NewWorld(Config{Seed: 3, Net: DefaultNet()})
	prog := &scriptedProgram{}
	p := w.AddProcess("c1", Clock{}, prog)
	var id TimerID
	w.At(0, func() { id = p.After(Second, nil) })
	w.At(Time(100*Millisecond), func() { p.Pause(5 * Second) })
	w.At(Time(2*Second), func() {
		if !p.Cancel(id) {
			t.Errorf("a timer queued during the pause should still be cancellable")
		}
	})
	w.RunUntil(Time(10 * Second))
	if len(prog.events) != 0 {
		t.Fatalf("cancelled timer fired: %+v", prog.events)
	}
}

// A crash ends the incarnation: in-flight replies and timers are dropped,
// and a restart begins a new incarnation.
func TestCrashDropsInFlightAndRestarts(t *testing.T) {
	w := NewWorld(Config{Seed: 5, Net: DefaultNet()})
	starts := 0
	prog := &scriptedProgram{start: func(p *Proc) {
		starts++
		p.Send(Request{Cmd: []string{"INCR", "n"}})
		p.After(Second, nil)
	}}
	p := w.AddProcess("c1", Clock{}, prog)
	w.At(Time(10*Microsecond), func() { p.Crash(2 * Second) })
	w.RunUntil(Time(5 * Second))
	if starts != 2 || p.Incarnation() != 1 {
		t.Fatalf("starts=%d incarnation=%d, want 2 and 1", starts, p.Incarnation())
	}
	// Only the second incarnation's reply and timer arrive.
	if len(prog.events) != 2 || prog.events[0].Reply.Int != 2 {
		t.Fatalf("events %+v: want the second INCR's reply (2, the first still ran) and its timer", prog.events)
	}
}

// A partition loses requests and replies; pub/sub messages to the
// partitioned process are lost too.
func TestPartitionLosesRequestsAndMessages(t *testing.T) {
	w := NewWorld(Config{Seed: 9, Net: DefaultNet()})
	prog := &scriptedProgram{start: func(p *Proc) { p.Subscribe("ch") }}
	p := w.AddProcess("c1", Clock{}, prog)
	pub := &scriptedProgram{}
	q := w.AddProcess("c2", Clock{}, pub)
	w.RunUntil(Time(10 * Millisecond))
	if len(prog.events) != 1 || prog.events[0].Kind != EvSubscribed {
		t.Fatalf("want a subscription confirmation, got %+v", prog.events)
	}
	w.Schedule(Fault{At: Time(20 * Millisecond), Kind: FaultPartition, Target: "c1", For: Second})
	w.At(Time(30*Millisecond), func() {
		p.Send(Request{Cmd: []string{"PING"}})
		q.Send(Request{Cmd: []string{"PUBLISH", "ch", "0"}})
	})
	w.RunUntil(Time(500 * Millisecond))
	if len(prog.events) != 1 {
		t.Fatalf("partitioned process got %+v", prog.events[1:])
	}
	if len(pub.events) != 1 || pub.events[0].Reply.Int != 1 {
		t.Fatalf("PUBLISH should count the partitioned subscriber (its connection is still open): %+v", pub.events)
	}
	w.At(Time(2*Second), func() { q.Send(Request{Cmd: []string{"PUBLISH", "ch", "0"}}) })
	w.RunUntil(Time(3 * Second))
	if n := len(prog.events); n != 2 || prog.events[1].Kind != EvMessage {
		t.Fatalf("after the heal the message should arrive, got %+v", prog.events)
	}
}

// WAIT returns once enough replicas acknowledged, or at its timeout with
// the count; OnWaitDone hears how long it waited, on the request's tag.
func TestWaitCountsAcknowledgements(t *testing.T) {
	for _, tc := range []struct {
		lag     Duration
		want    int64
		by      Time
		minWait Duration // the replica's lag, and the ack's trip back
		maxWait Duration
	}{
		{Millisecond, 1, Time(100 * Millisecond), Millisecond, 5 * Millisecond},
		{300 * Millisecond, 1, Time(400 * Millisecond), 300 * Millisecond, 305 * Millisecond},
		{5 * Second, 0, Time(1100 * Millisecond), Second, Second},
	} {
		net := DefaultNet()
		net.Replication = Latency{Base: tc.lag}
		w := NewWorld(Config{Seed: 2, Net: net, Replicas: 1})
		var waited []Duration
		w.OnWaitDone = func(_ *Node, tag string, d Duration) {
			if tag != "renew/7" {
				t.Fatalf("lag %s: the WAIT's tag is %q", tc.lag, tag)
			}
			waited = append(waited, d)
		}
		prog := &scriptedProgram{start: func(p *Proc) {
			p.Send(Request{Tag: "renew/7", Batch: []Request{{Cmd: []string{"SET", "k", "v"}}, {Cmd: []string{"WAIT", "1", "1000"}}}})
		}}
		w.AddProcess("c1", Clock{}, prog)
		w.RunUntil(tc.by)
		if len(prog.events) != 1 {
			t.Fatalf("lag %s: no reply by %s", tc.lag, tc.by)
		}
		r := prog.events[0].Reply
		if len(r.Arr) != 2 || r.Arr[0].Kind != KindStatus || r.Arr[1].Int != tc.want {
			t.Fatalf("lag %s: batch reply %v, want [OK, %d]", tc.lag, r, tc.want)
		}
		if len(waited) != 1 || waited[0] < tc.minWait || waited[0] > tc.maxWait {
			t.Fatalf("lag %s: the WAIT waited %v, want one wait in [%s, %s]", tc.lag, waited, tc.minWait, tc.maxWait)
		}
	}
}

// Store TTLs follow the server's clock; a client reads its own, with its
// offset, drift and steps.
func TestClocks(t *testing.T) {
	c := Clock{Offset: -2 * Second, DriftPPM: 1000}
	if got, want := c.UnixMs(Time(10*Second)), Epoch+8010; got != want {
		t.Fatalf("clock reads %d, want %d", got, want)
	}
	c.Step(-30 * Second)
	if got, want := c.UnixMs(Time(10*Second)), Epoch-21990; got != want {
		t.Fatalf("after a step back: %d, want %d", got, want)
	}
	w := NewWorld(Config{Seed: 1, Net: DefaultNet(), ServerClocks: []Clock{{Offset: 5 * Second}}})
	w.AddProcess("c1", Clock{}, &scriptedProgram{start: func(p *Proc) { p.Send(Request{Cmd: []string{"TIME"}}) }})
	w.RunUntil(Time(Second))
	if got := w.Master().Store.Now(); got < Epoch+5000 || got > Epoch+5010 {
		t.Fatalf("the store should run on the server clock (+5s), reads %d", got-Epoch)
	}
}

// Named streams are independent: drawing from one, or creating another,
// never shifts the values a stream gives.
func TestRandStreamsIndependent(t *testing.T) {
	a := NewRand(42, "net/latency")
	want := []uint64{a.Uint64(), a.Uint64(), a.Uint64()}
	w := NewWorld(Config{Seed: 42})
	w.Rand("faults/crash").Uint64()
	w.Rand("something-new").Uint64()
	r := w.Rand("net/latency")
	for i, v := range want {
		if got := r.Uint64(); got != v {
			t.Fatalf("draw %d: %d, want %d", i, got, v)
		}
	}
	if NewRand(1, "x").Uint64() == NewRand(2, "x").Uint64() {
		t.Fatalf("different seeds gave the same first draw")
	}
	for i := 0; i < 1000; i++ {
		if v := a.Int63n(7); v < 0 || v >= 7 {
			t.Fatalf("Int63n out of range: %d", v)
		}
	}
}

func TestPlanForRejectsUnknownPreset(t *testing.T) {
	_, err := PlanFor(1, "chaos", []string{"c1"}, Minute, nil)
	if err == nil || !strings.Contains(err.Error(), `unknown preset "chaos"`) {
		t.Fatalf("err = %v", err)
	}
	for _, p := range Presets {
		a, err := PlanFor(7, p, []string{"c1", "c2"}, Minute, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := PlanFor(7, p, []string{"c1", "c2"}, Minute, nil)
		if strings.Join(a.Describe(), "\n") != strings.Join(b.Describe(), "\n") {
			t.Fatalf("preset %s: the same seed drew different plans", p)
		}
		if p == "none" && len(a.Faults) != 0 {
			t.Fatalf("preset none has faults: %v", a.Faults)
		}
	}
}

func TestNextAt(t *testing.T) {
	w := NewWorld(Config{Seed: 1})
	if _, ok := w.NextAt(); ok {
		t.Fatalf("empty world has a next event")
	}
	w.At(5, func() {})
	w.At(3, func() {})
	if at, ok := w.NextAt(); !ok || at != 3 {
		t.Fatalf("NextAt = %v %v, want 3", at, ok)
	}
}

// TestEventQueueOrder pushes events in a scrambled order, popping some on
// the way, and checks that every pop is the least (at, seq) still queued.
func TestEventQueueOrder(t *testing.T) {
	r := NewRand(7, "test/queue")
	var q eventQueue
	var left []event
	popCheck := func() {
		e := q.pop()
		least := 0
		for i := range left {
			if before(&left[i], &left[least]) {
				least = i
			}
		}
		if e.at != left[least].at || e.seq != left[least].seq {
			t.Fatalf("popped (%d, %d), want (%d, %d)", e.at, e.seq, left[least].at, left[least].seq)
		}
		left = append(left[:least], left[least+1:]...)
	}
	for seq := uint64(0); seq < 3000; seq++ {
		e := event{at: Time(r.Intn(50)), seq: seq}
		q.push(e)
		left = append(left, e)
		if r.Intn(3) == 0 {
			popCheck()
		}
	}
	for len(left) > 0 {
		popCheck()
	}
	if len(q) != 0 {
		t.Fatalf("%d events left in the queue", len(q))
	}
}
