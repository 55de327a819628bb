package sim

// What the network's faults did to single messages. A fault that is
// active somewhere in a run does not by itself touch a given call: a lost
// packet is one request or reply, a latency spike one delivery. The world
// reports each message a fault acted on (World.OnNet), with the request's
// tag, so a check can tell whether a fault struck the actors of a
// violation, and which of their messages.

// NetKind is what happened to one message.
type NetKind uint8

// The kinds of NetEffect.
const (
	// NetRequestLost: a request never ran (lost, partitioned, no master
	// to take it, dropped at a protocol point).
	NetRequestLost NetKind = iota + 1
	// NetReplyLost: the command ran, its reply never reached the process.
	NetReplyLost
	// NetPubSubLost: a pub/sub message never reached a subscriber.
	NetPubSubLost
	// NetDelayed: a request or reply was held up by a latency spike
	// (NetEffect.Delay is the spike's part of its delay).
	NetDelayed
)

var netKindNames = [...]string{"", "request-lost", "reply-lost", "pubsub-lost", "delayed"}

func (k NetKind) String() string { return netKindNames[k] }

// NetEffect is one message a fault acted on.
type NetEffect struct {
	At    Time
	Proc  string // the client process whose message it was
	Tag   string // the request's tag (Request.Tag); "" for pub/sub
	Kind  NetKind
	Why   string   // "request lost", "partitioned", "no master", ...
	Delay Duration // NetDelayed: the spike's part of the delay
	// Fault is the plan index of the fault that did it (-1: none known,
	// e.g. a request sent while no master was up with no fault active).
	Fault int
	// Channel is the channel of a SUBSCRIBE or of its confirmation (Tag
	// SubscribeTag): a fair lock's waiter channel serves one thread.
	Channel string
}

// SubscribeTag is the tag of a process's SUBSCRIBE and its confirmation
// in a NetEffect (a subscription serves every waiter of the process).
const SubscribeTag = "subscribe"

// noteNet hands e to the observer, if any, stamped with the time.
func (w *World) noteNet(e NetEffect) {
	if w.OnNet == nil {
		return
	}
	e.At = w.now
	w.OnNet(e)
}

// activeFault is the plan index of the first fault of kind active now
// (on target, when target is not ""), -1 when none is.
func (w *World) activeFault(kind FaultKind, target string) int {
	for _, a := range w.active {
		if a.span.Kind == kind && (target == "" || a.span.Target == target) {
			return a.span.Index
		}
	}
	return -1
}

// messageDelay draws a one-way delay between process proc and a store
// node for the request tagged tag (or its reply), reporting a latency
// spike to the observer.
func (w *World) messageDelay(proc, tag string) Duration {
	return w.delayOf(NetEffect{Proc: proc, Tag: tag})
}

// delayOf draws a one-way delay for the message e names (Proc, Tag,
// Channel), reporting a latency spike to the observer.
func (w *World) delayOf(e NetEffect) Duration {
	d, spike := w.net.Request.DrawSpike(w.latency)
	if spike > 0 {
		e.Kind, e.Why, e.Delay, e.Fault = NetDelayed, "latency spike", spike, w.activeFault(FaultSlowNet, "")
		w.noteNet(e)
	}
	return d
}
