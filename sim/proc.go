package sim

import "strconv"

// Program is a client program run by a process: Redisson's client logic, a
// simple lock, a workload. The world calls it with events; it acts through
// the *Proc it is given (send requests, set timers, subscribe). It must take
// every decision from its inputs and the world's named random streams.
type Program interface {
	// Start runs when the process starts, and again after each crash and
	// restart (with a new incarnation: a new client UUID in Redisson).
	Start(p *Proc)
	// Handle runs for each event addressed to the process.
	Handle(p *Proc, ev Event)
}

// CrashObserver is implemented by programs that must close what a dead
// incarnation left open (its critical sections end at the crash).
type CrashObserver interface {
	Crashed(p *Proc)
}

// EventKind says what an Event carries.
type EventKind uint8

// The events a process receives.
const (
	EvTimer      EventKind = iota + 1 // a timer set with After fired
	EvReply                           // the reply to a request arrived
	EvMessage                         // a pub/sub message arrived
	EvSubscribed                      // a subscription became active
)

// Event is one input to a Program.
type Event struct {
	Kind    EventKind
	Timer   TimerID // EvTimer
	Tag     any     // EvTimer: the tag given to After
	Req     ReqID   // EvReply
	ReqTag  string  // EvReply: the request's tag (Request.Tag)
	Reply   Reply   // EvReply
	Channel string  // EvMessage, EvSubscribed
	Message string  // EvMessage
}

// TimerID names a timer of one process; ReqID names a request.
type (
	TimerID uint64
	ReqID   uint64
)

type procState uint8

const (
	procRunning procState = iota
	procPaused
	procCrashed
)

// Proc is one client process (a JVM running Redisson, or a simple-lock
// program): its own clock, its incarnation, and its connections.
type Proc struct {
	w     *World
	index int
	Name  string
	Clock Clock
	prog  Program

	state       procState
	incarnation int
	// pending holds events that arrived while the process was paused; they
	// are delivered, in arrival order, when it resumes.
	pending []Event

	nextTimer TimerID
	timers    map[TimerID]bool // live timers
	nextReq   ReqID
	subs      []string // channels subscribed, in subscription order

	partitioned int // >0 while cut off from the store nodes
	pubsubCut   int // >0 while its pub/sub connection drops messages

	// timerStall is >0 while its timer thread is stalled (timerdelay.go);
	// stalled holds the timer-thread timers that fell due meanwhile.
	timerStall int
	stalled    []Event

	// rands are this incarnation's streams by short name (Rand), so
	// that a draw does not build the stream's full name every time.
	rands map[string]*Rand
}

// AddProcess adds a client process running prog, started at time 0.
func (w *World) AddProcess(name string, clock Clock, prog Program) *Proc {
	p := &Proc{w: w, index: len(w.procs), Name: name, Clock: clock, prog: prog, timers: map[TimerID]bool{}}
	w.procs = append(w.procs, p)
	w.At(0, func() { p.prog.Start(p) })
	return p
}

// World returns the process's world.
func (p *Proc) World() *World { return p.w }

// Index returns the process's position among the world's processes.
func (p *Proc) Index() int { return p.index }

// Incarnation counts the process's restarts (0 before the first crash).
func (p *Proc) Incarnation() int { return p.incarnation }

// Alive reports whether the process is running or paused (not crashed).
func (p *Proc) Alive() bool { return p.state != procCrashed }

// Paused reports whether the process is in a stop-the-world pause.
func (p *Proc) Paused() bool { return p.state == procPaused }

// Now returns the process's own wall clock in Unix ms (what Java's
// System.currentTimeMillis() returns on that machine).
func (p *Proc) Now() int64 { return p.Clock.UnixMs(p.w.now) }

// VirtualNow returns the world's virtual time (for traces and checks, never
// for the program's decisions).
func (p *Proc) VirtualNow() Time { return p.w.now }

// Rand returns the process's named random stream (per process and incarnation).
func (p *Proc) Rand(name string) *Rand {
	if r := p.rands[name]; r != nil {
		return r
	}
	if p.rands == nil {
		p.rands = map[string]*Rand{}
	}
	r := p.w.Rand(p.Name + "/" + strconv.Itoa(p.incarnation) + "/" + name)
	p.rands[name] = r
	return r
}

// Trace starts a trace line at this process.
func (p *Proc) Trace(kind string) Line { return p.w.trace.Event(p.w.now, p.Name, kind) }

// After sets a timer that fires d from now (late, if the process is paused
// then). Timers are measured on the virtual clock: a Java timer waits a
// duration, whatever the wall clock says.
func (p *Proc) After(d Duration, tag any) TimerID {
	p.nextTimer++
	id := p.nextTimer
	p.timers[id] = true
	inc := p.incarnation
	if p.w.stepped {
		p.w.hold(Held{Kind: HeldTimer, Proc: p, Timer: id, Tag: tag, Due: p.w.now.Add(d), inc: inc})
		return id
	}
	pl := p.w.newPayload()
	pl.kind, pl.p, pl.inc, pl.timer, pl.tag = plTimer, p, inc, id, tag
	p.w.schedule(p.w.now.Add(d), pl)
	return id
}

// fire delivers timer id of incarnation inc, unless the process restarted
// since or the timer was cancelled.
func (p *Proc) fire(inc int, id TimerID, tag any) {
	if p.incarnation != inc || !p.timers[id] {
		return
	}
	if p.timerStall > 0 && p.stallTimer(id, tag) {
		return // its timer thread is stalled (timerdelay.go)
	}
	p.deliver(Event{Kind: EvTimer, Timer: id, Tag: tag})
}

// Cancel stops a timer; it reports whether the timer was still pending. A
// timer that fell due during a pause can still be cancelled until the
// process resumes and it is delivered.
func (p *Proc) Cancel(id TimerID) bool {
	if !p.timers[id] {
		return false
	}
	delete(p.timers, id)
	if !p.w.stepped {
		p.w.noteCancel() // its event stays queued, a no-op, until compacted
		return true
	}
	for i, h := range p.w.held {
		if h.Kind == HeldTimer && h.Proc == p && h.Timer == id {
			p.w.held = append(p.w.held[:i:i], p.w.held[i+1:]...)
			break
		}
	}
	return true
}

// deliver hands an event to the program now, or queues it during a pause.
func (p *Proc) deliver(ev Event) {
	switch p.state {
	case procCrashed:
		return
	case procPaused:
		p.pending = append(p.pending, ev)
		return
	}
	p.handle(ev)
}

// handle gives one event to the program; a timer counts as fired only
// now, so a Cancel before this point stops it.
func (p *Proc) handle(ev Event) {
	if ev.Kind == EvTimer && !p.timers[ev.Timer] {
		return
	}
	if ev.Kind == EvMessage && !p.subscribed(ev.Channel) {
		// queued in a pause past its unsubscribe: Redisson drops the lock
		// entry before UNSUBSCRIBE (PublishSubscribe.unsubscribe), so the
		// message only releases the latch of an entry nobody waits on
		return
	}
	if p.atPoint(ev) {
		return // a fault at this point took it (points.go)
	}
	if ev.Kind == EvTimer {
		delete(p.timers, ev.Timer)
	}
	p.prog.Handle(p, ev)
}

// Pause stops the world for the process for d (a GC pause): timers and
// replies that fall due wait until it resumes.
func (p *Proc) Pause(d Duration) {
	if resume := p.pause(d); resume != nil {
		p.w.After(d, resume)
	}
}

// pause stops the process and returns the function that resumes it (nil if
// it was not running).
func (p *Proc) pause(d Duration) (resume func()) {
	if p.state != procRunning {
		return nil
	}
	p.state = procPaused
	inc := p.incarnation
	p.Trace("pause").Dur("for_ms", d).End()
	return func() {
		if p.incarnation == inc && p.state == procPaused {
			p.resume()
		}
	}
}

func (p *Proc) resume() {
	p.state = procRunning
	p.Trace("resume").Int("queued", int64(len(p.pending))).End()
	for len(p.pending) > 0 && p.state == procRunning {
		ev := p.pending[0]
		p.pending = p.pending[1:]
		p.handle(ev)
	}
}

// Crash kills the process: no unlock, no more renewals, its requests in
// flight are lost to it and its subscriptions end. If restartAfter > 0 it
// restarts then as a new incarnation.
func (p *Proc) Crash(restartAfter Duration) {
	if p.state == procCrashed {
		return
	}
	p.state = procCrashed
	p.incarnation++
	p.rands = nil // the new incarnation's streams are others
	p.pending = nil
	p.timerStall, p.stalled = 0, nil
	p.timers = map[TimerID]bool{}
	for _, ch := range p.subs {
		p.w.unsubscribe(p, ch)
	}
	p.subs = nil
	p.Trace("crash").End()
	if co, ok := p.prog.(CrashObserver); ok {
		co.Crashed(p)
	}
	if restartAfter > 0 {
		inc := p.incarnation
		p.w.After(restartAfter, func() {
			if p.incarnation == inc && p.state == procCrashed {
				p.Restart()
			}
		})
	}
}

// Restart starts a crashed process again as a new incarnation.
func (p *Proc) Restart() {
	if p.state != procCrashed {
		return
	}
	p.state = procRunning
	p.Trace("restart").Int("incarnation", int64(p.incarnation)).End()
	p.prog.Start(p)
}
