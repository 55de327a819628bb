package sim

import "math"

// Fast-forward of retry loops that make no progress.
//
// Some clients retry at once when the answer says "not yet": Redisson
// 4.7.0's fair lock answers a queued waiter max(0, pttl) = 0 while the lock
// is free but the queue's head has not taken it, and lock() asks again at
// once, one script per round trip, for up to fairLockWaitTimeout (5 min)
// behind a dead head. Every such iteration runs a script that writes
// nothing and answers as the one before. The world can skip the work of
// those iterations and keep everything else exactly as the step-by-step
// run has it: it still draws every random value the iterations draw (the
// network's delays and losses, the program's own stream), in the same
// order, so the iterations take the same virtual time; it counts their
// events, request ids, timers and event sequence numbers, keeps the
// cancelled response timers in the queue as they would be (and compacts
// it when the step-by-step run would); and it leaves out only the script
// runs (their answer is known), their trace lines (one line per loop says
// how many ran: kind "elided") and what an observer would record of each
// (World.OnElided hears of them instead).
//
// A loop is registered when the master answers a request that an
// observer marked (MarkSpin: this read-only run answers the same to the
// same request, made again by the same process, while its time argument
// stays below a bound) and the run wrote nothing. From then on, whenever
// the next event in the queue is that loop's reply or request, the world
// fast-forwards: it takes every event in (time, sequence) order and elides
// it while it is an iteration of a loop whose answer cannot change (the
// program says so of its reply through Spinner.SpinPlan; the master's
// keyspace is the one the marked run read, the time argument is below the
// bound, the same replicas acknowledged the same offset for a WAIT, no
// fault is armed at the loop's points, no message of it is lost). Events
// of nobody's loop that do nothing (a cancelled timer falling due, a cycle
// of the background expiry that deletes no key) run as they are. Anything
// else — another process's event, a fault, a timer that fires, a loss, the
// loop's own end — stops the fast-forward before it, with the loops'
// events put back in the queue where the step-by-step run has them, and
// the world goes on one event at a time. World.StepByStep (Config) turns
// the fast-forward off; a differential test compares both.

// SpinPlan is what a program says it does with a reply that makes it
// retry at once (Spinner.SpinPlan).
type SpinPlan struct {
	// Deadline is the reading of the process's clock (Unix ms) from which
	// such a reply no longer makes it retry (a tryLock's wait has run
	// out); math.MaxInt64 for none.
	Deadline int64
	// Timer is the process timer the request answered runs under now (its
	// response timeout, which handling the reply cancels); Timeout is how
	// long the one set with each new request runs, TimerTag its tag
	// (Proc.After's).
	Timer    TimerID
	Timeout  Duration
	TimerTag any
	// Rand, when not nil, is the stream the program draws one value from
	// for every event it handles.
	Rand *Rand
	// Iterate, when not nil, runs at every elided reply, at its virtual
	// time, after the draw: what the program notes each time.
	Iterate func()
	// ReplyPoint and SendPoint name the protocol points the reply arrives
	// at and the request leaves from (points.go): a fault armed at either
	// for the process stops the fast-forward.
	ReplyPoint, SendPoint string
}

// Spinner is a Program whose retry loops the world may fast-forward.
type Spinner interface {
	// SpinPlan is asked when the reply r to request id is about to reach
	// the process, whose clock reads wall: whether handling it would do
	// nothing but drop the request's response timer, send the same
	// request again at once (its time argument read from the clock) and
	// set the timer again, and that every such reply would do the same
	// until the clock reads the plan's Deadline, whatever time it is.
	SpinPlan(id ReqID, r Reply, wall int64) (SpinPlan, bool)
	// SpinCommit applies the replies the world handled as SpinPlan said
	// to the program's state, and returns the request it sent last.
	SpinCommit(c SpinCommit) Request
}

// SpinCommit is what the elided replies of one loop left behind.
type SpinCommit struct {
	N     int     // how many replies were handled
	First ReqID   // the request the first of them answered
	Req   ReqID   // the request sent last
	Timer TimerID // the response timer set last
	At    Time    // when the last reply was handled and its request sent
	Wall  int64   // the process's clock then
	Draw  uint64  // the value drawn last from the plan's Rand
}

// Elided is what World.OnElided hears of the script runs a loop skipped.
type Elided struct {
	Proc    *Proc   // whose loop it was
	Node    *Node   // the master that would have run them
	Request Request // the run they repeat (its time argument aside)
	Reply   Reply   // what each answered
	Batch   bool    // each was a batch ending in WAIT (its count is in Reply)
	Runs    int     // how many ran
	// From and To are when the first and the last ran, FirstReq and
	// LastReq their requests, FirstServerMs and LastServerMs the master's
	// clock then.
	From, To                    Time
	FirstReq, LastReq           ReqID
	FirstServerMs, LastServerMs int64
}

// MarkSpin is told by an observer of the master (OnExec), about the
// request it has just run, that the same request made again by the same
// process answers the same and writes nothing as long as the keyspace
// stays as it is and the request's time argument — the process's clock
// when it sends it — stays below below. If the run wrote nothing and its
// reply leaves at once, the world registers the loop (spin.go).
func (w *World) MarkSpin(below float64) {
	if !w.ff || w.stepped || w.exec.p == nil || w.exec.node.wrote {
		return
	}
	w.exec.marked, w.exec.below = true, below
	w.exec.version = w.exec.node.Store.Version()
	w.exec.hits = nil
	if cov := w.exec.node.Store.eng.cov; cov != nil {
		w.exec.hits = cov.Last()
	}
}

// execution is the request a master is running now (execute), and the
// mark its observer gave it.
type execution struct {
	p       *Proc
	inc     int
	id      ReqID
	node    *Node
	req     Request
	marked  bool
	below   float64
	version uint64
	hits    []Hit
}

type spinKey struct {
	p  *Proc
	id ReqID
}

// spinLoop is one registered loop: the run it repeats and, while the
// world fast-forwards it, where it is.
type spinLoop struct {
	p       *Proc
	inc     int
	node    *Node
	store   *Store
	version uint64
	req     Request // the run it repeats (its time argument aside)
	reply   Reply
	below   float64
	batch   bool
	waited  int64 // a batch's WAIT count
	// replyOK, requestOK: replyHolds, requestHolds found it so during
	// this fast-forward
	replyOK, requestOK bool
	hits               []Hit

	id       ReqID // the request in flight (its request or its reply)
	sendWall int64 // the process's clock when that request was sent (known once the loop sent one elided)
	sent     bool

	// while fast-forwarding
	active  bool
	index   int        // its place in World.spinning
	next    *spinEvent // its earliest event (ev, timer or deadEv), nil for none
	planned bool
	plan    SpinPlan
	ev      spinEvent // the loop's event in flight
	timer   spinEvent // its live response timer (kind plTimer), when the world holds it
	// dead are its cancelled response timers, in the order they fall
	// due (each was set one timeout after its request, and the requests
	// go out in order), from dead[deadAt] on; deadEv stands for the
	// first of them as the loop's next event.
	dead    []deadTimer
	deadAt  int
	deadEv  spinEvent
	first   ReqID // the request whose reply the window handled first
	replies int
	lastAt  Time
	lastW   int64
	draw    uint64
	runs    int
	from    Time
	to      Time
	reqFrom ReqID
	reqTo   ReqID
}

// spinEvent is an event a fast-forward holds outside the queue.
type spinEvent struct {
	on   bool        // false: no event
	kind payloadKind // plRequest, plReply or plTimer
	at   Time
	seq  uint64
	pl   *payload // the queue's own payload when it came from there
	tid  TimerID
}

// deadTimer is a cancelled response timer a fast-forward holds: when it
// falls due and which timer it was.
type deadTimer struct {
	at  Time
	seq uint64
	tid TimerID
}

// set makes e an event the fast-forward made itself, field by field (a
// composite literal here stalls the loop's hottest store).
func (e *spinEvent) set(kind payloadKind, at Time, seq uint64, tid TimerID) {
	e.on, e.kind, e.at, e.seq, e.pl, e.tid = true, kind, at, seq, nil, tid
}

func (e *spinEvent) before(o *spinEvent) bool {
	if e.at != o.at {
		return e.at < o.at
	}
	return e.seq < o.seq
}

// register makes the run just answered a loop the world may fast-forward
// (reply calls it for the reply it sends at once).
func (w *World) register(n *Node, p *Proc, inc int, id ReqID, r Reply) {
	x := &w.exec
	if !x.marked || x.p != p || x.id != id || n.Store.Version() != x.version {
		return
	}
	if x.req.Batch != nil && (r.Kind != KindArray || len(r.Arr) == 0) {
		return
	}
	// A loop holds thousands of cancelled response timers at once (one
	// per round trip within a timeout): a new loop takes a forgotten
	// one's room for them rather than growing its own from nothing.
	var dead []deadTimer
	if k := len(w.freeDead); k > 0 {
		dead, w.freeDead = w.freeDead[k-1], w.freeDead[:k-1]
	}
	l := &spinLoop{p: p, inc: inc, node: n, store: n.Store, version: x.version, req: x.req, reply: r, below: x.below, hits: x.hits, id: id, dead: dead}
	if x.req.Batch != nil {
		l.batch, l.waited = true, r.Arr[len(r.Arr)-1].Int
	}
	if w.loops == nil {
		w.loops = map[spinKey]*spinLoop{}
	}
	w.loops[spinKey{p, id}] = l
}

// forget drops the loop of p's request id: the world runs its event
// itself.
func (w *World) forget(p *Proc, id ReqID) {
	if len(w.loops) == 0 {
		return
	}
	k := spinKey{p, id}
	if l := w.loops[k]; l != nil {
		delete(w.loops, k)
		if !l.active && cap(l.dead) > 0 {
			w.freeDead = append(w.freeDead, l.dead[:0])
		}
	}
}

// spin fast-forwards from the queue's next event when it is a registered
// loop's, up to virtual time limit, and reports whether it took any event.
func (w *World) spin(limit Time) bool {
	if len(w.loops) == 0 || len(w.queue) == 0 {
		return false
	}
	top := &w.queue[0]
	pl := top.pl
	if pl == nil || (pl.kind != plRequest && pl.kind != plReply) || top.seq == w.declined || w.loops[spinKey{pl.p, pl.id}] == nil {
		return false
	}
	seq := top.seq
	if w.fastForward(limit) == 0 {
		w.declined = seq
		return false
	}
	return true
}

// fastForward takes events while they are elidable iterations or do
// nothing, then puts the loops' events back; it returns how many it took.
func (w *World) fastForward(limit Time) int {
	took := 0
	for w.err == nil {
		l, ev := w.nextSpinEvent()
		if ev == nil {
			// the queue's next event comes first
			if len(w.queue) == 0 || w.queue[0].at > limit {
				break
			}
			e := &w.queue[0]
			if pl := e.pl; pl != nil && (pl.kind == plRequest || pl.kind == plReply) {
				if j := w.loops[spinKey{pl.p, pl.id}]; j != nil && !j.active {
					w.join(j)
					continue
				}
			}
			if !w.idle(e) {
				break
			}
			w.flushStoreTime()
			w.Step()
			took++
			continue
		}
		if ev.at > limit {
			break
		}
		switch {
		case ev == &l.ev && ev.kind == plReply:
			if !w.spinReply(l) {
				goto stop
			}
		case ev == &l.ev:
			if !w.spinRequest(l) {
				goto stop
			}
		case ev == &l.timer:
			goto stop // it would fire
		default: // a cancelled timer falls due: a step that only moves the clock
			w.now = ev.at
			w.steps++
			l.deadAt++
		}
		w.renext(l)
		took++
	}
stop:
	w.settle()
	return took
}

// nextSpinEvent is the earliest event the fast-forward holds, when it
// comes before the queue's next one (nil otherwise).
func (w *World) nextSpinEvent() (*spinLoop, *spinEvent) {
	if len(w.spinNext) == 0 {
		return nil, nil
	}
	best := &w.spinNext[0]
	if best.at == spinNone {
		return nil, nil
	}
	if len(w.queue) > 0 {
		q := &w.queue[0]
		if q.at < best.at || q.at == best.at && q.seq < best.seq {
			return nil, nil
		}
	}
	l := w.spinning[best.i]
	return l, l.next
}

// spinNextEvent is when the earliest event of w.spinning[i] falls due
// (spinNone: it has none). World.spinNext keeps one per loop, sorted on
// (at, seq): the loop that just took an event moves from the front to
// its new place, one short shift, with a single hard-to-predict branch
// where a heap would take several (a dozen waiters may spin at once,
// and this runs at every event).
type spinNextEvent struct {
	at  Time
	seq uint64
	i   int
}

const spinNone = Time(math.MaxInt64)

func (n *spinNextEvent) before(o *spinNextEvent) bool {
	return n.at < o.at || n.at == o.at && n.seq < o.seq
}

// renext finds loop l's earliest event again, after it changed, and
// moves its entry to its place in w.spinNext.
func (w *World) renext(l *spinLoop) {
	var best *spinEvent
	if e := &l.ev; e.on {
		best = e
	}
	if e := &l.timer; e.on && (best == nil || e.before(best)) {
		best = e
	}
	if l.deadAt < len(l.dead) {
		d := &l.dead[l.deadAt]
		if l.deadEv.at, l.deadEv.seq = d.at, d.seq; best == nil || l.deadEv.before(best) {
			best = &l.deadEv
		}
	}
	l.next = best
	e := spinNextEvent{at: spinNone, seq: math.MaxUint64, i: l.index}
	if best != nil {
		e.at, e.seq = best.at, best.seq
	}
	h := w.spinNext
	p := 0
	for h[p].i != l.index {
		p++
	}
	for p+1 < len(h) && h[p+1].before(&e) {
		h[p] = h[p+1]
		p++
	}
	for p > 0 && e.before(&h[p-1]) {
		h[p] = h[p-1]
		p--
	}
	h[p] = e
}

// join takes loop l's event, the queue's next, into the fast-forward.
func (w *World) join(l *spinLoop) {
	e := w.queue.pop()
	l.active, l.planned = true, false
	l.ev = spinEvent{on: true, kind: e.pl.kind, at: e.at, seq: e.seq, pl: e.pl}
	l.timer = spinEvent{}
	l.dead, l.deadAt = l.dead[:0], 0
	l.first, l.replies, l.runs = l.id, 0, 0
	l.replyOK, l.requestOK = false, false
	l.index = len(w.spinning)
	w.spinNext = append(w.spinNext, spinNextEvent{at: spinNone, seq: math.MaxUint64, i: l.index})
	w.spinning = append(w.spinning, l)
	w.renext(l)
}

// idle reports whether the queue's event e does nothing the fast-forward
// must stop for: a cancelled timer, or a cycle of the background expiry
// that deletes no key (it only schedules the next).
func (w *World) idle(e *event) bool {
	pl := e.pl
	switch {
	case pl == nil:
		return false
	case pl.kind == plTimer:
		return pl.p.incarnation != pl.inc || !pl.p.timers[pl.timer]
	case pl.kind == plCron:
		return pl.node.cronIdle(pl.inc, e.at)
	}
	return false
}

// armedFor reports whether a fault is armed for p at one of the plan's
// points: at its reply (any kind) or at its send (a loss or an interrupt).
func (w *World) armedFor(p *Proc, plan *SpinPlan) bool {
	for _, f := range w.armed {
		if f.Target != p.Name {
			continue
		}
		if pointMatches(f.Point, plan.ReplyPoint) || (f.Kind == FaultDrop || f.Kind == FaultInterrupt) && pointMatches(f.Point, "send:"+plan.SendPoint) {
			return true
		}
	}
	return false
}

// spinReply handles loop l's reply as the program would, if it is an
// iteration: the program retries at once. It reports false, changing
// nothing, when it is not.
func (w *World) spinReply(l *spinLoop) bool {
	p := l.p
	at := l.ev.at
	if !w.replyHolds(l) {
		return false
	}
	wall := p.Clock.UnixMs(at)
	if !l.planned {
		sp, ok := p.prog.(Spinner)
		if !ok {
			return false
		}
		plan, ok := sp.SpinPlan(l.id, l.reply, wall)
		if !ok || w.armedFor(p, &plan) {
			return false
		}
		l.plan, l.planned = plan, true
	}
	if wall >= l.plan.Deadline {
		return false
	}
	if !w.stepUnlessLost(w.net.RequestLoss, at) {
		return false // the step-by-step run loses the request
	}
	// Now as Host and Proc.Send do it: the draw for the step, the
	// program's notes, the cancelled timer, the request, the new timer.
	if l.plan.Rand != nil {
		l.draw = l.plan.Rand.Uint64()
	}
	l.ev = spinEvent{}
	w.cancelSpinTimer(l)
	if l.plan.Iterate != nil {
		l.plan.Iterate()
	}
	p.nextReq++
	d := w.messageDelay(p.Name, l.req.Tag)
	w.seq++
	l.ev.set(plRequest, at.Add(d), w.seq, 0)
	p.nextTimer++
	w.seq++
	l.timer.set(plTimer, at.Add(l.plan.Timeout), w.seq, p.nextTimer)
	l.id, l.sendWall, l.sent = p.nextReq, wall, true
	l.replies++
	l.lastAt, l.lastW = at, wall
	return true
}

// replyHolds and requestHolds report whether what loop l's replies and
// requests rely on, besides the time, still holds: its process runs the
// incarnation that started it, unpartitioned (and, for a reply, is not
// paused), and its master is the master and up; a request also needs the
// master's keyspace to be the one the marked run read and, for a batch,
// its WAIT to count what it counted. None of it can change while the
// world fast-forwards (a crash, a pause, a partition, a failover, a write
// or a replica's ack is an event that stops it), so each is checked at
// the loop's first reply or request of a fast-forward and remembered.
func (w *World) replyHolds(l *spinLoop) bool {
	if !l.replyOK {
		l.replyOK = w.loopLive(l) && l.p.state == procRunning
	}
	return l.replyOK
}

func (w *World) requestHolds(l *spinLoop) bool {
	if !l.requestOK {
		n := l.node
		l.requestOK = w.loopLive(l) && n.Store == l.store && n.Store.Version() == l.version &&
			(!l.batch || n.ackedCount(n.offset) == l.waited)
	}
	return l.requestOK
}

// loopLive is what both need: l's process and master as the loop began.
func (w *World) loopLive(l *spinLoop) bool {
	return l.p.incarnation == l.inc && l.p.partitioned == 0 && w.Master() == l.node && l.node.Up
}

// stepUnlessLost takes a step of the loop at time at, drawing from the
// loss stream whether the message it carries is lost with probability
// prob, as the step-by-step run draws it; false, changing nothing, when it
// is lost (the step-by-step run then loses it).
func (w *World) stepUnlessLost(prob float64, at Time) bool {
	if prob > 0 {
		after := *w.lossRand()
		if after.Chance(prob) {
			return false
		}
		*w.lossRand() = after
	}
	w.now = at
	w.steps++
	return true
}

// cancelSpinTimer drops loop l's response timer as Proc.Cancel does: its
// event stays queued, a no-op, until it falls due or the queue is
// compacted (noteCancel), counting every event the fast-forward holds.
func (w *World) cancelSpinTimer(l *spinLoop) {
	t := &l.timer
	if !t.on {
		// the first reply's: the queue holds it (a real send set it)
		delete(l.p.timers, l.plan.Timer)
	} else {
		if l.deadAt > 0 && l.deadAt >= len(l.dead)/2 {
			// reuse the room of those that fell due
			l.dead = l.dead[:copy(l.dead, l.dead[l.deadAt:])]
			l.deadAt = 0
		}
		l.dead = append(l.dead, deadTimer{at: t.at, seq: t.seq, tid: t.tid})
		t.on = false
	}
	w.cancelled++
	if w.cancelled >= 256 && 2*w.cancelled >= w.heldLen() {
		w.compact()
		for _, a := range w.spinning {
			a.dead, a.deadAt = a.dead[:0], 0
			w.renext(a)
		}
	}
}

// heldLen is the queue's length as the step-by-step run has it: the
// queue and every event the fast-forward holds.
func (w *World) heldLen() int {
	n := len(w.queue)
	for _, l := range w.spinning {
		n += len(l.dead) - l.deadAt
		if l.ev.on {
			n++
		}
		if l.timer.on {
			n++
		}
	}
	return n
}

// spinRequest runs loop l's request at the master as the marked run ran,
// if it is an iteration: the keyspace is the one that run read, the time
// argument below its bound, a WAIT counts what it counted. It reports
// false, changing nothing, when it is not.
func (w *World) spinRequest(l *spinLoop) bool {
	n := l.node
	at := l.ev.at
	if !l.sent || !(float64(l.sendWall) < l.below) || !w.requestHolds(l) {
		return false
	}
	if !w.stepUnlessLost(w.net.ReplyLoss, at) {
		return false // the step-by-step run loses the reply
	}
	// The run itself is elided: its reply is the marked run's. The
	// master's cron needs no arming: the keyspace is the one after the
	// marked run, whose armCron ran.
	w.storeAt, w.storeNode = at, n
	d := w.messageDelay(l.p.Name, l.req.Tag)
	w.seq++
	l.ev.set(plReply, at.Add(d), w.seq, 0)
	if l.runs == 0 {
		l.from, l.reqFrom = at, l.id
	}
	l.runs++
	l.to, l.reqTo = at, l.id
	return true
}

// flushStoreTime sets the master's clock as the last elided run left it
// (node.syncClock), before anything else reads it.
func (w *World) flushStoreTime() {
	if w.storeNode != nil {
		w.storeNode.syncClockAt(w.storeAt)
		w.storeNode = nil
	}
}

// lossRand is the stream every lost request and reply is drawn from.
func (w *World) lossRand() *Rand {
	if w.loss == nil {
		w.loss = w.Rand("net/loss")
	}
	return w.loss
}

// settle ends a fast-forward: each loop's program takes in the replies it
// handled, its events go back to the queue where the step-by-step run has
// them, and its elided runs are traced and told.
func (w *World) settle() {
	w.flushStoreTime()
	lines := w.spinning[:0:0]
	for _, l := range w.spinning {
		p := l.p
		var req Request
		if l.replies > 0 {
			req = l.p.prog.(Spinner).SpinCommit(SpinCommit{N: l.replies, First: l.first, Req: l.id, Timer: l.timer.tid, At: l.lastAt, Wall: l.lastW, Draw: l.draw})
		}
		switch {
		case l.ev.pl != nil:
			w.queue.push(event{at: l.ev.at, seq: l.ev.seq, pl: l.ev.pl})
		case l.ev.on && l.ev.kind == plRequest:
			pl := w.newPayload()
			pl.kind, pl.p, pl.inc, pl.node, pl.id, pl.req = plRequest, p, l.inc, l.node, l.id, req
			w.queue.push(event{at: l.ev.at, seq: l.ev.seq, pl: pl})
		case l.ev.on && l.ev.kind == plReply:
			pl := w.newPayload()
			pl.kind, pl.p, pl.inc, pl.id, pl.reply, pl.reqTag = plReply, p, l.inc, l.id, l.reply, l.req.Tag
			w.queue.push(event{at: l.ev.at, seq: l.ev.seq, pl: pl})
		}
		if l.timer.on {
			p.timers[l.timer.tid] = true
			w.pushTimer(l, l.timer.at, l.timer.seq, l.timer.tid)
		}
		for _, d := range l.dead[l.deadAt:] {
			w.pushTimer(l, d.at, d.seq, d.tid)
		}
		if l.runs > 0 {
			lines = append(lines, l)
		}
		delete(w.loops, spinKey{p, l.first})
		l.active = false
		l.ev, l.timer, l.dead, l.deadAt = spinEvent{}, spinEvent{}, l.dead[:0], 0
		w.loops[spinKey{p, l.id}] = l
	}
	// one line per loop, in the order of their last runs
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j].to < lines[j-1].to; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	for _, l := range lines {
		w.elided(l)
	}
	w.spinning = w.spinning[:0]
	w.spinNext = w.spinNext[:0]
}

// pushTimer puts a response timer of loop l back in the queue.
func (w *World) pushTimer(l *spinLoop, at Time, seq uint64, tid TimerID) {
	pl := w.newPayload()
	pl.kind, pl.p, pl.inc, pl.timer, pl.tag = plTimer, l.p, l.inc, tid, l.plan.TimerTag
	w.queue.push(event{at: at, seq: seq, pl: pl})
}

// elided traces the runs loop l skipped in one line and tells the
// observer.
func (w *World) elided(l *spinLoop) {
	sid := ""
	item := l.req
	if l.batch {
		item = l.req.Batch[0]
	}
	if item.Script != nil {
		sid = item.Script.ID
		if sid == "" {
			sid = item.Script.SHA1
		}
	}
	w.trace.Event(l.to, l.node.Name, "elided").Str("from", l.p.Name).Int("runs", int64(l.runs)).
		Int("req_from", int64(l.reqFrom)).Int("req_to", int64(l.reqTo)).Dur("from_t", Duration(l.from)).
		Str("script", sid).Strs("keys", item.Keys).Strs("argv", item.Argv).Reply("reply", l.reply).End()
	if cov := l.node.Store.eng.cov; cov != nil && l.hits != nil {
		cov.Add(l.hits, uint64(l.runs))
	}
	if w.OnElided != nil {
		w.OnElided(Elided{Runs: l.runs, From: l.from, To: l.to, FirstReq: l.reqFrom, LastReq: l.reqTo,
			FirstServerMs: l.node.Clock.UnixMs(l.from), LastServerMs: l.node.Clock.UnixMs(l.to),
			Batch: l.batch, Request: l.req, Reply: l.reply, Proc: l.p, Node: l.node})
	}
}
