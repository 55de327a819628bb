package sim

import "strings"

// Faults at protocol points (FoundationDB's BUGGIFY idea). A fault drawn at
// a uniformly random time almost never lands in a window of one round
// trip, yet that is where the classic lock flaws live: between SETNX and
// its EXPIRE, between GET and DEL, between an acquire's reply and the
// watchdog's start. So a fault can instead be armed at a time and strike
// the first time its target reaches a named point of its protocol: when
// something arrives (a reply, a timer, a message) and before the program
// acts on it, or when it sends a request.
//
// The program names its points (PointNamer). A name is a path of words
// separated by ':' ("reply:setnx:ok"); a fault's point matches that name
// and every name it is a prefix of ("reply:setnx" matches a SETNX reply of
// either value).

// PointNamer is implemented by programs whose protocol points faults can
// strike.
type PointNamer interface {
	// Point names the point the process is at when ev arrives ("" none).
	Point(ev Event) string
}

// pointMatches reports whether a fault's point p covers the point name.
func pointMatches(p, name string) bool {
	return name == p || strings.HasPrefix(name, p+":")
}

// PointSpec is one point of a program's protocol, as a plan draws faults
// for it: a crash or a pause can strike wherever something arrives; a
// loss (Drop) only where a message does (a reply, a pub/sub message, a
// request being sent).
type PointSpec struct {
	Name string
	Drop bool // a message can be lost here
	Stop bool // a crash or a pause can strike here
	// Interrupt says where a Thread.interrupt() can strike the point's
	// thread, each kind drawn by the interrupt preset from a stream of its
	// own: InterruptSent just after it sent an acquire, InterruptUnlock
	// just after it sent an unlock, InterruptWait as its timed wait in a
	// call ends, InterruptSubscription as the subscription it waits for
	// becomes active; "" not here.
	Interrupt string
}

// The kinds of PointSpec.Interrupt.
const (
	InterruptSent         = "sent"
	InterruptWait         = "wait"
	InterruptSubscription = "subscription"
	InterruptUnlock       = "unlock"
)

// strikeAt looks for an armed fault of process p at the point name (of the
// given kinds, or any when none is given); when one matches it is disarmed
// and returned.
func (w *World) strikeAt(p *Proc, name string, kinds ...FaultKind) (Fault, bool) {
	if name == "" {
		return Fault{}, false
	}
	for i, f := range w.armed {
		if len(kinds) > 0 && f.Kind != kinds[0] {
			continue
		}
		if f.Target == p.Name && pointMatches(f.Point, name) {
			w.armed = append(w.armed[:i:i], w.armed[i+1:]...)
			return f, true
		}
	}
	return Fault{}, false
}

// atPoint runs the fault, if any, armed for the point ev is at: a crash
// before the process handles ev (which is lost with it), a pause before it
// (ev waits, first in line, until the process resumes), or the loss of ev.
// It reports whether ev was taken.
func (p *Proc) atPoint(ev Event) bool {
	w := p.w
	if len(w.armed) == 0 {
		return false
	}
	pn, ok := p.prog.(PointNamer)
	if !ok {
		return false
	}
	name := pn.Point(ev)
	f, ok := w.strikeAt(p, name)
	if !ok {
		return false
	}
	f.Point = name
	switch f.Kind {
	case FaultPause:
		w.inject(f)
		if p.state == procPaused {
			p.pending = append([]Event{ev}, p.pending...)
			return true
		}
		return false
	case FaultDrop:
		w.inject(f)
		w.trace.Event(w.now, p.Name, "drop").Str("at", name).Str("why", "lost at a protocol point").End()
		switch ev.Kind {
		case EvReply:
			w.noteNet(NetEffect{Proc: p.Name, Tag: ev.ReqTag, Kind: NetReplyLost, Why: "lost at a protocol point", Fault: f.Index})
		case EvMessage:
			w.noteNet(NetEffect{Proc: p.Name, Kind: NetPubSubLost, Why: "lost at a protocol point", Fault: f.Index})
		}
		return true
	case FaultTimerDelay:
		// the timer thread stalls as ev, one of its timers, falls due: it
		// fires when the stall ends (the worst moment for a renewal)
		w.inject(f)
		return ev.Kind == EvTimer && p.timerStall > 0 && p.stallTimer(ev.Timer, ev.Tag)
	case FaultInterrupt:
		// the thread is interrupted in its wait, then its event comes
		w.inject(f)
		p.prog.Handle(p, Event{Kind: EvTimer, Tag: Interrupt{Of: ev, Fault: f.Index}})
		return false
	default:
		w.inject(f)
		return true
	}
}

// dropAtSend loses a request at its point, "send:" and the program's name
// for it (Request.Point), when a drop is armed there.
// It returns the fault's plan index.
func (p *Proc) dropAtSend(req Request) (int, bool) {
	if len(p.w.armed) == 0 || req.Point == "" {
		return -1, false
	}
	f, ok := p.w.strikeAt(p, "send:"+req.Point, FaultDrop)
	if !ok {
		return -1, false
	}
	f.Point = "send:" + req.Point
	p.w.inject(f)
	return f.Index, true
}

// interruptAtSend interrupts the sender of request id, when an interrupt
// is armed at its point: the program hears it as a timer tagged Interrupt,
// at once, after the step that sent it.
func (p *Proc) interruptAtSend(req Request, id ReqID) {
	if len(p.w.armed) == 0 || req.Point == "" {
		return
	}
	f, ok := p.w.strikeAt(p, "send:"+req.Point, FaultInterrupt)
	if !ok {
		return
	}
	f.Point = "send:" + req.Point
	p.w.inject(f)
	p.After(0, Interrupt{Req: id, Fault: f.Index})
}

// drawPointFault draws one fault of kind at one of the points that allow
// it (for the target drawn from procs), armed at a time in the safety
// phase; false when no point allows the kind.
func drawPointFault(r *Rand, kind FaultKind, points []PointSpec, procs []string, safety Duration) (Fault, bool) {
	var ok []PointSpec
	for _, pt := range points {
		if kind == FaultDrop && pt.Drop || kind != FaultDrop && pt.Stop {
			ok = append(ok, pt)
		}
	}
	if len(ok) == 0 || len(procs) == 0 {
		return Fault{}, false
	}
	f := Fault{At: Time(r.Int63n(int64(safety))), Kind: kind, Target: procs[r.Intn(len(procs))], Point: ok[r.Intn(len(ok))].Name}
	switch kind {
	case FaultCrash:
		f.For = r.Range(Second, 30*Second) // the process restarts after this
	case FaultPause:
		f.For = drawPause(r)
	}
	return f, true
}
