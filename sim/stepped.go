package sim

// A stepped world lets a driver decide every delivery: requests, replies,
// pub/sub messages and process timers wait, held, until the driver
// releases (or drops) them, and time moves only when the driver runs the
// world on. A path of the exhaustive search replays in it step by step
// through the world's own clients; subscriptions are active at once, as
// the search has them.

// HeldKind says what a held item is.
type HeldKind uint8

// The items a stepped world holds.
const (
	HeldRequest     HeldKind = iota + 1 // a request on its way to the master
	HeldReply                           // a reply on its way to its process
	HeldPublish                         // a pub/sub message on its way to a subscriber
	HeldTimer                           // a process timer, due at Due
	HeldReplication                     // a replication entry on its way to a replica (Offset: its offset)
	HeldAck                             // a replica's acknowledgement of Offset on its way to the master
	HeldWaitTimeout                     // a blocked WAIT's timeout (Proc, Req: whose), due at Due
)

// Held is one item waiting for the driver.
type Held struct {
	ID      uint64
	Kind    HeldKind
	Proc    *Proc
	Req     ReqID   // HeldRequest, HeldReply
	Request Request // HeldRequest
	Reply   Reply   // HeldReply
	Channel string  // HeldPublish
	Message string  // HeldPublish
	Timer   TimerID // HeldTimer
	Tag     any     // HeldTimer
	Due     Time    // HeldTimer, HeldWaitTimeout
	Offset  int64   // HeldReplication, HeldAck

	inc  int
	node *Node
	run  func()       // HeldReplication, HeldAck, HeldWaitTimeout: what release does
	wait *pendingWait // HeldWaitTimeout
}

// Stepped reports whether the world holds deliveries for a driver.
func (w *World) Stepped() bool { return w.stepped }

func (w *World) hold(h Held) {
	w.nextHeld++
	h.ID = w.nextHeld
	w.held = append(w.held, h)
}

// Held returns the items waiting, in the order they were made.
func (w *World) Held() []Held { return w.held }

func (w *World) takeHeld(id uint64) (Held, bool) {
	for i, h := range w.held {
		if h.ID == id {
			w.held = append(w.held[:i:i], w.held[i+1:]...)
			return h, true
		}
	}
	return Held{}, false
}

// Release delivers held item id now: a request runs on the master it was
// sent to, a reply, a message or a timer reaches its process (unless the
// process crashed since, or the timer was cancelled).
func (w *World) Release(id uint64) bool {
	h, ok := w.takeHeld(id)
	if !ok {
		return false
	}
	p := h.Proc
	switch h.Kind {
	case HeldRequest:
		h.node.execute(p, h.inc, h.Req, h.Request)
	case HeldReply:
		if p.incarnation == h.inc {
			p.deliver(Event{Kind: EvReply, Req: h.Req, Reply: h.Reply})
		}
	case HeldPublish:
		if p.incarnation == h.inc && p.subscribed(h.Channel) {
			p.deliver(Event{Kind: EvMessage, Channel: h.Channel, Message: h.Message})
		}
	case HeldTimer:
		if p.incarnation == h.inc && p.timers[h.Timer] {
			p.deliver(Event{Kind: EvTimer, Timer: h.Timer, Tag: h.Tag})
		}
	case HeldReplication, HeldAck, HeldWaitTimeout:
		h.run()
	}
	return true
}

// Drop loses held item id: it never arrives.
func (w *World) Drop(id uint64) bool {
	h, ok := w.takeHeld(id)
	if ok && h.Proc != nil {
		w.trace.Event(w.now, h.Proc.Name, "drop").Int("req", int64(h.Req)).Str("why", "dropped by the driver").End()
	}
	return ok
}

// Suspend stops the process (a stop-the-world pause) until the returned
// function resumes it; nil when it was not running.
func (p *Proc) Suspend() (resume func()) { return p.pause(0) }

// Live reports whether the item can still arrive: its process has not
// crashed since it was made and, for a timer, the timer is still set.
// A request still reaches the master after its process died; replication
// is the servers' own; a WAIT's timeout is live until the WAIT returns.
func (h Held) Live() bool {
	switch {
	case h.Kind == HeldReplication || h.Kind == HeldAck:
		return true
	case h.Kind == HeldWaitTimeout:
		return !h.wait.done
	case h.Kind == HeldRequest:
		return true
	case h.Proc.incarnation != h.inc:
		return false
	}
	return h.Kind != HeldTimer || h.Proc.timers[h.Timer]
}

// ReplicaAcked is the offset the master last heard its first replica
// acknowledge (0 without a replica): a driver matches acknowledgements by
// their offset relative to it.
func (w *World) ReplicaAcked() int64 {
	m := w.Master()
	if m == nil {
		return 0
	}
	for _, r := range w.nodes {
		if r != m && r.role == roleReplica && r.replicaOf == m.index {
			return m.acked[r.index]
		}
	}
	return 0
}
