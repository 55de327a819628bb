package clients

import (
	"strings"

	"fmt"

	"github.com/locksim/locksim/sim"
)

// Host runs a client value as a process of the simulated world: it turns
// the world's events into client events and carries out the client's
// effects through the process (send, timers, subscriptions). A restart
// makes a new client with a new UUID. Callers make calls with Call and
// hear the result through a callback, as a blocked Java thread would.
type Host struct {
	cf *Config
	p  *sim.Proc
	c  *Client

	reqs map[sim.ReqID]Ref
	ops  map[sim.ReqID]Op // what each request was, for its reply's protocol point
	// spins are the plans of the threads' loops the world fast-forwards
	// now, by slot (spin.go).
	spins  map[int]spinPlan
	timers map[TimerKey]sim.TimerID
	done   map[int64]func(Result)
	queue  []Event
	busy   bool

	// OnStart runs at every (re)start, after the client is made; a
	// workload starts its threads here.
	OnStart func(h *Host)
	// Tag, when set, labels each request (for the observer): it gets the
	// command's owner thread (or, for a renewal, -1 and the task slot).
	Tag func(ref Ref, cmd Cmd) string
	// OnNote, when set, is told of every note (renewals, untimed waits).
	OnNote func(e Effect)
	// OnSend, when set, is told of every command as it is sent, and when.
	OnSend func(ref Ref, cmd Cmd, at sim.Time)
	// OnInterrupt, when set, is told of every thread a fault interrupts,
	// with the fault's plan index.
	OnInterrupt func(tid int64, fault int)
	// OnEvent, when set, is told of every event the client steps on.
	OnEvent func(ev Event)
	// UUID, when set, is the client's id instead of one drawn from the
	// process's stream (a driver replaying another's run names clients so).
	UUID string
	// Fixed makes a 4.7.0 client take its fixed choices instead of random
	// draws (Event.Random false), as it does in explore: a driver replaying
	// an exploration in the world sets it.
	Fixed bool
}

// NewHost returns a program running cf's client.
func NewHost(cf *Config) *Host { return &Host{cf: cf} }

// Client returns the current incarnation's client (nil before the start).
func (h *Host) Client() *Client { return h.c }

// Proc returns the process the client runs in.
func (h *Host) Proc() *sim.Proc { return h.p }

// Config returns what the client is.
func (h *Host) Config() *Config { return h.cf }

// Start is sim.Program.Start: a new incarnation has a new UUID and empty
// state, as a restarted JVM does.
func (h *Host) Start(p *sim.Proc) {
	h.p = p
	uuid := h.UUID
	if uuid == "" {
		uuid = NewUUID(p)
	}
	h.c = NewClient(h.cf, uuid)
	h.reqs, h.ops, h.timers, h.done, h.queue, h.busy = map[sim.ReqID]Ref{}, map[sim.ReqID]Op{}, map[TimerKey]sim.TimerID{}, map[int64]func(Result){}, nil, false
	h.spins = nil
	tr := p.Trace("client-start").Str("uuid", h.c.uuid)
	if h.cf.Simple != "" {
		tr.Str("lock", string(h.cf.Simple)).End()
	} else {
		tr.Str("redisson", h.cf.Opts.Version).Bool("fair", h.cf.Opts.Fair).End()
	}
	if h.OnStart != nil {
		h.OnStart(h)
	}
}

// NewUUID draws a version-4 UUID from the process's "uuid" stream.
func NewUUID(p *sim.Proc) string {
	r := p.Rand("uuid")
	a, b := r.Uint64(), r.Uint64()
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xfff, 0x8000|(b>>48)&0x3fff, b&0xffffffffffff)
}

// hostTimer is the tag of a host timer (a thread's sleep) as opposed to a
// client's.
type hostTimer func()

// Handle is sim.Program.Handle.
func (h *Host) Handle(p *sim.Proc, ev sim.Event) {
	switch ev.Kind {
	case sim.EvTimer:
		switch tag := ev.Tag.(type) {
		case hostTimer:
			tag()
		case TimerKey:
			if id, ok := h.timers[tag]; ok && id == ev.Timer {
				delete(h.timers, tag)
				h.step(Event{Kind: EvTimer, Timer: tag})
			}
		case sim.Interrupt:
			// A FaultInterrupt: the thread that sent the request, the one
			// whose wait the event ends, or the first one waiting for the
			// subscription the event makes active.
			tid, ok := int64(0), false
			if ref, sent := h.reqs[tag.Req]; sent && ref.Owner == OwnThread {
				tid, ok = h.c.slotThread(ref.Slot)
			} else if k, timer := tag.Of.Tag.(TimerKey); tag.Req == 0 && timer && k.Kind == TimerWait {
				tid, ok = h.c.slotThread(int32(k.Slot))
			} else if tag.Req == 0 && tag.Of.Kind == sim.EvSubscribed {
				tid, ok = h.c.subscribeWaiter(tag.Of.Channel)
			}
			if ok {
				h.p.Trace("interrupt").Int("thread", tid).End()
				if h.OnInterrupt != nil {
					h.OnInterrupt(tid, tag.Fault)
				}
				h.Interrupt(tid)
			}
		}
	case sim.EvReply:
		if ref, ok := h.reqs[ev.Req]; ok {
			delete(h.reqs, ev.Req)
			delete(h.ops, ev.Req)
			h.step(Event{Kind: EvReply, Ref: ref, Reply: ev.Reply})
		}
	case sim.EvMessage:
		h.step(Event{Kind: EvMessage, Channel: ev.Channel, Message: ev.Message})
	case sim.EvSubscribed:
		h.step(Event{Kind: EvSubscribed, Channel: ev.Channel})
	}
}

// TimerID returns the process timer that stands for the client's timer k.
func (h *Host) TimerID(k TimerKey) (sim.TimerID, bool) {
	id, ok := h.timers[k]
	return id, ok
}

// RefOf returns the client's reference of request id.
func (h *Host) RefOf(id sim.ReqID) (Ref, bool) {
	r, ok := h.reqs[id]
	return r, ok
}

// Point is sim.PointNamer: the protocol point ev arrives at. A reply is
// "reply:<op>", with ":ok" when it grants an acquisition; a timer is
// "fire:<kind>" (the command executor's "fire:timeout:<op>", "fire:resend"
// or "fire:retry"); a pub/sub message is "message".
func (h *Host) Point(ev sim.Event) string {
	switch ev.Kind {
	case sim.EvReply:
		op, ok := h.ops[ev.Req]
		if !ok {
			return ""
		}
		name := "reply:" + op.String()
		r := ev.Reply
		if r.Kind == sim.KindArray && len(r.Arr) == 2 {
			r = r.Arr[0] // 3.16.8's batch: the script's reply
		}
		switch {
		case op == OpAcquireToken && tokenGranted(ev.Reply),
			(op == OpAcquire || op == OpAcquireNoWait) && r.Kind == sim.KindNil,
			op == OpSetNX && r.Kind == sim.KindInt && r.Int == 1,
			op == OpSetPX && r.Kind == sim.KindStatus:
			name += ":ok"
		}
		return name
	case sim.EvTimer:
		k, ok := ev.Tag.(TimerKey)
		if !ok {
			return ""
		}
		switch k.Kind {
		case TimerExec, TimerTaskExec, TimerDetachedExec:
			own := OwnThread
			switch k.Kind {
			case TimerTaskExec:
				own = OwnTask
			case TimerDetachedExec:
				own = OwnDetached
			}
			phase := h.c.ExecPhase(own, int(k.Slot))
			if phase == "timeout" {
				if e := h.c.execOf(own, int(k.Slot)); e != nil {
					return "fire:timeout:" + e.cmd.Op.String()
				}
			}
			return "fire:" + phase
		}
		return "fire:" + k.Kind.String()
	case sim.EvMessage:
		return "message"
	case sim.EvSubscribed:
		return "subscribed"
	}
	return ""
}

// Points lists the protocol points of algo's client where faults can
// strike (sim.PointSpec): the windows between a reply and the client's
// next command, the watchdog's firing, a wake-up, a lost reply's timeout
// before its re-send, and the messages that can be lost.
func Points(algo string) []sim.PointSpec {
	stop := func(n string) sim.PointSpec { return sim.PointSpec{Name: n, Stop: true} }
	// a Redisson thread's timed wait ending: it is in lock() or tryLock(wait)
	wait := sim.PointSpec{Name: "fire:wait", Stop: true, Interrupt: sim.InterruptWait}
	// a subscription becoming active, which threads in lock(), tryLock(wait)
	// or the fenced lock's loop wait for (subscribe(threadId)'s future):
	// only an interrupt strikes there (crashes and pauses have their points
	// at the messages and replies around it)
	subscribed := sim.PointSpec{Name: "subscribed", Interrupt: sim.InterruptSubscription}
	both := func(n string) sim.PointSpec { return sim.PointSpec{Name: n, Stop: true, Drop: true} }
	send := func(op Op) sim.PointSpec { return sim.PointSpec{Name: "send:" + op.String(), Drop: true} }
	// an acquire just sent: its caller's blocking get() can be interrupted
	sent := func(op Op) sim.PointSpec {
		pt := send(op)
		pt.Interrupt = sim.InterruptSent
		return pt
	}
	// an unlock just sent: unlock() is get(unlockAsync()), which an
	// interrupt ends while the unlock goes on
	sentUnlock := send(OpUnlock)
	sentUnlock.Interrupt = sim.InterruptUnlock
	switch SimpleKind(algo) {
	case SetNXExpire:
		return []sim.PointSpec{both("reply:setnx:ok"), send(OpExpire), both("reply:expire"), both("reply:del"), stop("fire:wait")}
	case SetPX:
		return []sim.PointSpec{both("reply:set-px:ok"), send(OpDel), both("reply:del"), stop("fire:wait")}
	case SetUUIDGetDel:
		return []sim.PointSpec{both("reply:set-px:ok"), both("reply:get"), send(OpDel), both("reply:del"), stop("fire:wait")}
	case SetUUIDLua:
		return []sim.PointSpec{both("reply:set-px:ok"), send(OpCAD), both("reply:cad"), stop("fire:wait")}
	}
	acquire := OpAcquire
	if strings.HasPrefix(algo, "fencedlock-") {
		acquire = OpAcquireToken
	}
	pts := []sim.PointSpec{
		both("reply:" + acquire.String() + ":ok"), both("reply:" + acquire.String()), sent(acquire),
		both("reply:unlock"), sentUnlock,
		stop("fire:watchdog"), both("reply:renew"), send(OpRenew),
		both("message"), wait, stop("fire:timeout:acquire"), subscribed,
	}
	if _, fair, _ := RedissonAlgo(algo); fair {
		pts = append(pts, both("reply:acquire-failed"))
	}
	return pts
}

// After runs fn after d of virtual time in this process (a thread's
// sleep); it does not fire after a crash.
func (h *Host) After(d sim.Duration, fn func()) sim.TimerID { return h.p.After(d, hostTimer(fn)) }

// Call makes thread tid call the lock API; done hears the result (never,
// if the process crashes first).
func (h *Host) Call(tid int64, call Call, done func(Result)) {
	h.done[tid] = done
	h.step(Event{Kind: EvCall, Thread: tid, Call: call})
}

// tokenGranted reports whether a fenced acquire's reply ({-1, token}, or
// a batch [{-1, token}, synced]) granted the lock.
func tokenGranted(r sim.Reply) bool {
	if r.Kind == sim.KindArray && len(r.Arr) == 2 && r.Arr[0].Kind == sim.KindArray {
		r = r.Arr[0]
	}
	ttl, _, ok := tokenReply(r)
	return ok && ttl == -1
}

// Interrupt interrupts thread tid.
func (h *Host) Interrupt(tid int64) { h.step(Event{Kind: EvInterrupt, Thread: tid}) }

// step feeds one event to the client and carries out its effects; events
// raised while doing so (a write that fails, a call made by a callback)
// wait their turn, so effects are carried out in the order they were made.
func (h *Host) step(ev Event) {
	h.queue = append(h.queue, ev)
	if h.busy {
		return
	}
	h.busy = true
	taken := 0
	defer func() {
		// keep what was not taken (a crash stops the loop), at the front
		// of the same array: the queue does not reallocate per event
		h.queue = h.queue[:copy(h.queue, h.queue[min(taken, len(h.queue)):])]
		h.busy = false
	}()
	for taken < len(h.queue) {
		ev := h.queue[taken]
		taken++
		ev.Now, ev.Wall = h.p.VirtualNow(), h.p.Now()
		// An approximation: Redisson counts the slaves it has not frozen
		// (R16:connection/balancer/LoadBalancerManager.java:86-89), which lags
		// a replica's death or return by its failure detection; this is the
		// world's true live count (docs/redisson-facts.md §2).
		ev.Replicas = h.p.World().AvailableReplicas()
		if h.cf.v470() && !h.Fixed {
			// 4.7.0 draws (retry delays, request ids): from the process's
			// own stream, so the other versions' draws stay as they were.
			ev.Random, ev.Draw = true, h.p.Rand("redisson").Uint64()
		}
		inc := h.p.Incarnation()
		if h.OnEvent != nil {
			h.OnEvent(ev)
		}
		for _, e := range h.c.Step(ev) {
			if h.p.Incarnation() != inc || !h.p.Alive() {
				return // a callback crashed the process
			}
			h.effect(e)
		}
	}
}

func (h *Host) effect(e Effect) {
	p := h.p
	switch e.Kind {
	case EffSend:
		if h.OnSend != nil {
			h.OnSend(e.Ref, e.Cmd, p.VirtualNow())
		}
		req := h.cf.Render(h.c.uuid, e.Cmd)
		req.Point = e.Cmd.Op.String()
		if h.Tag != nil {
			req.Tag = h.Tag(e.Ref, e.Cmd)
			for i := range req.Batch {
				req.Batch[i].Tag = req.Tag // the observer sees each command of a batch
			}
		}
		if !p.World().MasterAvailable() {
			// The connection to the master fails at once.
			p.Trace("write-failed").Str("cmd", e.Cmd.Op.String()).Int("attempt", int64(e.Ref.Attempt)).End()
			h.queue = append(h.queue, Event{Kind: EvWriteFailed, Ref: e.Ref})
			return
		}
		id := p.Send(req)
		h.reqs[id], h.ops[id] = e.Ref, e.Cmd.Op
	case EffSetTimer:
		if id, ok := h.timers[e.Timer]; ok {
			p.Cancel(id)
		}
		h.timers[e.Timer] = p.After(sim.Duration(e.At-p.VirtualNow()), e.Timer)
	case EffCancelTimer:
		if id, ok := h.timers[e.Timer]; ok {
			p.Cancel(id)
			delete(h.timers, e.Timer)
		}
	case EffSubscribe:
		p.Subscribe(e.Channel)
	case EffUnsubscribe:
		p.Unsubscribe(e.Channel)
	case EffReturn:
		if done := h.done[e.Thread]; done != nil {
			delete(h.done, e.Thread)
			done(e.Result)
		}
	case EffNote:
		switch e.Note {
		case NoteUntimedWait:
			p.Trace("untimed-wait").Str("lock", h.cf.Lock).Int("thread", e.Thread).Int("ttl", e.Value).End()
		case NoteResend:
			p.Trace("resend").Str("lock", h.cf.Lock).Int("thread", e.Thread).Int("attempt", e.Value).End()
		case NoteRenewDone:
			if e.Text != "" {
				p.Trace("renew-error").Str("lock", h.cf.Lock).Str("error", e.Text).End()
			}
		case NoteSubscribeFail:
			p.Trace("subscribe-failed").Str("lock", h.cf.Lock).Str("error", e.Text).End()
		case NoteDetached:
			p.Trace("detached").Str("lock", h.cf.Lock).Int("thread", e.Thread).Str("what", e.Text).End()
		}
		if h.OnNote != nil {
			h.OnNote(e)
		}
	}
}
