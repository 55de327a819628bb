package sim

import "fmt"

// event is one scheduled happening. Events run in (at, seq) order: time
// first, then the order in which they were scheduled, so equal times never
// depend on anything but the run itself.
type event struct {
	at  Time
	seq uint64
	fn  func()
	// The commonest events — a process timer, a request reaching the
	// master, a reply reaching its process — are not closures but a
	// payload from the world's free list, returned once run: fn is nil.
	pl *payload
}

// payload is what a timer, request or reply event carries.
type payload struct {
	kind   payloadKind
	p      *Proc
	inc    int // the process incarnation it is for
	timer  TimerID
	tag    any
	node   *Node
	id     ReqID
	req    Request
	reply  Reply
	reqTag string // plReply: the request's tag
}

type payloadKind uint8

const (
	plTimer   payloadKind = iota // p's timer falls due
	plRequest                    // req from p reaches node
	plReply                      // the reply to p's request id arrives
	plCron                       // a cycle of node's serverCron (expire.go); inc is its start
)

// newPayload takes a payload from the free list (or makes one).
func (w *World) newPayload() *payload {
	if n := len(w.free); n > 0 {
		pl := w.free[n-1]
		w.free = w.free[:n-1]
		return pl
	}
	return &payload{}
}

// run carries out a payload's event, then returns it to the free list.
func (w *World) run(pl *payload) {
	switch pl.kind {
	case plTimer:
		pl.p.fire(pl.inc, pl.timer, pl.tag)
	case plRequest:
		w.forget(pl.p, pl.id)
		pl.node.execute(pl.p, pl.inc, pl.id, pl.req)
	case plReply:
		w.forget(pl.p, pl.id)
		if pl.p.incarnation == pl.inc {
			pl.p.deliver(Event{Kind: EvReply, Req: pl.id, ReqTag: pl.reqTag, Reply: pl.reply})
		}
	case plCron:
		pl.node.cron(pl.inc)
	}
	*pl = payload{}
	w.free = append(w.free, pl)
}

// eventQueue is a binary min-heap of events by (at, seq), kept by value:
// no allocation per event and no interface boxing (container/heap's
// Push/Pop). Seqs are unique, so the order is total and any heap pops the
// same sequence.
type eventQueue []event

func before(a, b *event) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

// push and pop move a hole along the path instead of swapping: each level
// costs one event write, not two (events hold pointers, so a write is a
// write barrier while the collector runs).
func (q *eventQueue) push(e event) {
	*q = append(*q, e)
	h := *q
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !before(&e, &h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = e
}

func (q *eventQueue) pop() event {
	h := *q
	n := len(h) - 1
	top := h[0]
	last := h[n]
	h[n] = event{} // drop the closure for the collector
	h = h[:n]
	if n > 0 {
		h.down(0, last)
	}
	*q = h
	return top
}

// down moves the hole at i down the heap until e fits there (pop's
// walk; compact's heapify).
func (q eventQueue) down(i int, e event) {
	n := len(q)
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && before(&q[r], &q[l]) {
			m = r
		}
		if !before(&q[m], &e) {
			break
		}
		q[i] = q[m]
		i = m
	}
	q[i] = e
}

// noteCancel counts a cancelled timer and, once such no-op events make up
// half the queue, drops them. A client that waits for a reply under a
// response timeout cancels a timer per command: a fair 4.7.0 waiter
// spinning once per round trip left a third of all events dead, and a
// heap of tens of thousands.
func (w *World) noteCancel() {
	w.cancelled++
	if w.cancelled >= 256 && 2*w.cancelled >= len(w.queue) {
		w.compact()
	}
}

// compact drops the queue's timer events that would run as no-ops (a
// cancelled timer, or one of an earlier incarnation of its process) and
// rebuilds the heap. Seqs are unique, so the remaining events pop in the
// same order as before.
func (w *World) compact() {
	q := w.queue[:0]
	for _, e := range w.queue {
		if pl := e.pl; pl != nil && pl.kind == plTimer && (pl.p.incarnation != pl.inc || !pl.p.timers[pl.timer]) {
			*pl = payload{}
			w.free = append(w.free, pl)
			continue
		}
		q = append(q, e)
	}
	clear(w.queue[len(q):len(w.queue)]) // drop the closures for the collector
	w.queue = q
	for i := len(q)/2 - 1; i >= 0; i-- {
		q.down(i, q[i])
	}
	w.cancelled = 0
}

// World is a whole simulated system: store nodes (a master and replicas),
// client processes, the network between them, their clocks, and a fault
// schedule. It is single-threaded and step-driven: nothing happens except
// inside Step, one event at a time, in virtual time. The same seed and
// options give the same run, byte for byte, on any machine.
type World struct {
	seed  uint64
	now   Time
	seq   uint64
	queue eventQueue
	// cancelled counts the timers cancelled since the queue was last
	// compacted: each leaves an event that would run as a no-op.
	cancelled int
	steps     uint64
	// err stops the world: what its run cannot go on past (Fail).
	err error

	net    NetConfig
	nodes  []*Node
	master int // index into nodes of the current master, -1 while none

	procs []*Proc
	subs  map[string][]*Proc // channel → subscribed processes, in subscription order

	streams map[string]*Rand
	latency *Rand // the "net/latency" stream, which every message draws from
	trace   *Tracer

	// OnExec, when set, runs after every command or script a master
	// executes (an observer: it must not change the store).
	OnExec func(n *Node, req Request, reply Reply)
	// OnMaster, when set, hears a node become master (a failover's
	// promotion, a restart), before any command runs on it: an observer.
	OnMaster func(n *Node)
	// OnNet, when set, hears every message a fault acted on (netfx.go):
	// lost, or held up by a latency spike (an observer).
	OnNet func(NetEffect)
	// BeforeExec, when set, runs just before them (an observer too).
	BeforeExec func(n *Node, req Request)
	// OnActiveExpire, when set, hears every cycle of a master's background
	// expiry that deleted keys (expire.go), after it replicated their DELs.
	OnActiveExpire func(n *Node, keys []string)
	// OnReplication, when set, hears replication's own steps as they
	// happen: a replica applying an entry ("apply"), the master hearing an
	// acknowledgement that moves its acked offset on by n ("ack"), a WAIT
	// of process p's request id timing out ("timeout").
	OnReplication func(what string, n int64, p *Proc, id ReqID)
	// OnWaitDone, when set, hears a master answer a WAIT of the request
	// tagged tag (Request.Tag) that had waited for replicas'
	// acknowledgements, after it waited that long (0: answered at once).
	OnWaitDone func(n *Node, tag string, waited Duration)

	// stepped: deliveries and process timers wait for a driver (stepped.go).
	stepped  bool
	free     []*payload // payloads run, ready for reuse
	held     []Held
	nextHeld uint64

	// The fast-forward of retry loops (spin.go): ff turns it on; loops
	// are the registered ones by their request in flight, active those a
	// fast-forward holds now; declined is the sequence number of the
	// event it last declined to start from; exec is the request a master
	// is running; storeNode's clock is to be set as at storeAt, as the last
	// elided run left it; loss is the "net/loss" stream; freeDead is the
	// cancelled-timer room of loops the world forgot, for new ones.
	ff        bool
	loops     map[spinKey]*spinLoop
	freeDead  [][]deadTimer
	spinning  []*spinLoop
	spinNext  []spinNextEvent // the earliest event of each of spinning's loops
	declined  uint64
	exec      execution
	storeAt   Time
	storeNode *Node
	loss      *Rand
	// OnElided, when set, hears of the script runs a fast-forward left out
	// of one loop (spin.go), once it ends: an observer.
	OnElided func(Elided)

	// faultsOn is false in the liveness phase: no new fault starts.
	faultsOn bool
	faults   []Fault
	armed    []Fault // faults at protocol points, waiting for their point
	active   []*activeFault
	spans    []*FaultSpan
}

// Config is what a World is built from.
type Config struct {
	Seed     uint64
	Net      NetConfig
	Replicas int // replicas behind the master (0: a single node)
	// ServerClocks gives each store node's clock (index 0 is the first
	// master); missing entries are exact clocks.
	ServerClocks []Clock
	Trace        *Tracer // nil: no trace
	// Stepped holds every delivery and process timer for a driver to
	// release (stepped.go).
	Stepped bool
	// Coverage, when set, counts the statements the world's scripts run
	// (coverage.go).
	Coverage *Coverage
	// FastForward lets RunUntil fast-forward retry loops that make no
	// progress (spin.go): the same run, without the work of their
	// iterations. Off, the world takes every event one by one.
	FastForward bool
}

// NewWorld builds a world with its store nodes. Processes are added with
// AddProcess; faults with Schedule.
func NewWorld(cfg Config) *World {
	w := &World{
		seed:     cfg.Seed,
		net:      cfg.Net,
		master:   0,
		subs:     map[string][]*Proc{},
		streams:  map[string]*Rand{},
		trace:    cfg.Trace,
		faultsOn: true,
		stepped:  cfg.Stepped,
		ff:       cfg.FastForward && !cfg.Stepped,
	}
	if w.trace == nil {
		w.trace = NewTracer(nil)
	}
	w.latency = w.Rand("net/latency") // streams do not depend on creation order
	eng := NewEngine()
	if cfg.Coverage != nil {
		eng.CountTo(cfg.Coverage)
	}
	for i := 0; i <= cfg.Replicas; i++ {
		n := &Node{w: w, index: i, Name: fmt.Sprintf("redis-%d", i), Store: NewStore(), Up: true, acked: map[int]int64{}}
		n.Store.SetEngine(eng)
		if i < len(cfg.ServerClocks) {
			n.Clock = cfg.ServerClocks[i]
		}
		n.Store.Publish = w.publish
		if i > 0 {
			n.role = roleReplica
			n.replicaOf = 0
			n.Store.replica = true
		} else {
			n.Store.StartEffects()
		}
		w.nodes = append(w.nodes, n)
		w.drawCronPhase(n)
	}
	return w
}

// Seed returns the run's seed.
func (w *World) Seed() uint64 { return w.seed }

// Now returns the virtual time.
func (w *World) Now() Time { return w.now }

// Steps returns how many events have run.
func (w *World) Steps() uint64 { return w.steps }

// Rand returns the named random stream of this run, creating it on first use.
func (w *World) Rand(name string) *Rand {
	r := w.streams[name]
	if r == nil {
		r = NewRand(w.seed, name)
		w.streams[name] = r
	}
	return r
}

// requestDelay draws a one-way delay between a process and a store node.
func (w *World) requestDelay() Duration { return w.net.Request.Draw(w.latency) }

// Tracer returns the run's trace writer.
func (w *World) Tracer() *Tracer { return w.trace }

// At schedules fn at virtual time t (not before now).
func (w *World) At(t Time, fn func()) { w.enqueue(t, event{fn: fn}) }

// schedule queues the event pl carries at time at.
func (w *World) schedule(at Time, pl *payload) { w.enqueue(at, event{pl: pl}) }

// enqueue queues e at time at (the clock, if at is past), after every
// event already queued for that time.
func (w *World) enqueue(at Time, e event) {
	w.seq++
	e.at, e.seq = max(at, w.now), w.seq
	w.queue.push(e)
}

// After schedules fn d from now.
func (w *World) After(d Duration, fn func()) { w.At(w.now.Add(d), fn) }

// Fail stops the world for good: no event runs after the one that
// failed. The first error is kept.
func (w *World) Fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// Err is what stopped the world (Fail), or nil.
func (w *World) Err() error { return w.err }

// ScriptLimitError is a script stopped by one of the simulation's own
// limits: the run cannot go on as a real Redis would (it has no such
// limit), so it stops there.
type ScriptLimitError struct {
	Script string // its ID, or its SHA1
	At     Time
	Reason string
}

func (e *ScriptLimitError) Error() string {
	return fmt.Sprintf("script %s at t=%s: %s", e.Script, e.At, e.Reason)
}

// RunLimitError is a run stopped by the simulation's own bound on its
// size: what it keeps for its checks would not fit in memory, however
// legitimate the configuration that asked for it.
type RunLimitError struct {
	At     Time
	Reason string
}

func (e *RunLimitError) Error() string {
	return fmt.Sprintf("the run stopped at t=%s: %s", e.At, e.Reason)
}

// Step runs the next event. It returns false when nothing is scheduled or
// the world failed.
func (w *World) Step() bool {
	if len(w.queue) == 0 || w.err != nil {
		return false
	}
	e := w.queue.pop()
	w.now = e.at
	w.steps++
	if e.fn != nil {
		e.fn()
	} else {
		w.run(e.pl)
	}
	return true
}

// RunUntil runs events up to and including virtual time t, then sets the
// clock to t.
func (w *World) RunUntil(t Time) {
	for len(w.queue) > 0 && w.queue[0].at <= t && w.err == nil {
		if w.ff && w.spin(t) {
			continue
		}
		w.Step()
	}
	if t > w.now {
		w.now = t
	}
}

// Pending returns the number of scheduled events.
func (w *World) Pending() int { return len(w.queue) }

// Nodes returns the store nodes, index 0 first.
func (w *World) Nodes() []*Node { return w.nodes }

// Master returns the current master node, or nil while there is none (it
// crashed and no failover has completed yet).
func (w *World) Master() *Node {
	if w.master < 0 {
		return nil
	}
	return w.nodes[w.master]
}

// Procs returns the client processes in the order they were added.
func (w *World) Procs() []*Proc { return w.procs }

// EndFaults ends the safety phase: every active fault is healed now and no
// scheduled fault starts afterwards. The liveness phase follows.
func (w *World) EndFaults() {
	w.faultsOn = false
	w.armed = nil
	for len(w.active) > 0 {
		a := w.active[0]
		a.heal()
	}
	w.trace.Event(w.now, "world", "phase").Str("phase", "liveness").End()
}

// FaultsOn reports whether the run is still in its safety phase.
func (w *World) FaultsOn() bool { return w.faultsOn }

// MasterAvailable reports whether a master is up to take connections (a
// client's write to a dead master fails at once; to a partitioned one it
// goes into the socket and is lost).
func (w *World) MasterAvailable() bool {
	m := w.Master()
	return m != nil && m.Up
}

// AvailableReplicas counts the live replicas of the current master, as
// Redisson's MasterSlaveEntry.getAvailableSlaves reports them.
func (w *World) AvailableReplicas() int {
	if w.master < 0 {
		return 0
	}
	n := 0
	for _, r := range w.nodes {
		if r.Up && r.role == roleReplica && r.replicaOf == w.master {
			n++
		}
	}
	return n
}

// NextAt returns the virtual time of the next scheduled event, and false
// when nothing is scheduled. Drivers that step in fixed slices of time
// (scenario files run "everything due in this millisecond") use it.
func (w *World) NextAt() (Time, bool) {
	if len(w.queue) == 0 {
		return 0, false
	}
	return w.queue[0].at, true
}
