package sim

import "strings"

// Latency is a one-way delay distribution: Base plus an exponential jitter
// of mean Jitter, plus, with probability SpikeProb, a uniform spike in
// [SpikeMin, SpikeMax] (a slow network, a full socket buffer).
type Latency struct {
	Base      Duration
	Jitter    Duration
	SpikeProb float64
	SpikeMin  Duration
	SpikeMax  Duration
}

// Draw samples one delay from r.
func (l Latency) Draw(r *Rand) Duration {
	d, _ := l.DrawSpike(r)
	return d
}

// DrawSpike samples one delay from r (the same draws as Draw) and also
// returns the spike's part of it, 0 when none was drawn.
func (l Latency) DrawSpike(r *Rand) (d, spike Duration) {
	d = l.Base
	if l.Jitter > 0 {
		d += r.Exp(l.Jitter)
	}
	if r.Chance(l.SpikeProb) {
		spike = r.Range(l.SpikeMin, l.SpikeMax)
		d += spike
	}
	if d < Microsecond {
		d = Microsecond
	}
	return d, spike
}

// NetConfig is the network between processes and store nodes.
type NetConfig struct {
	Request     Latency // one way, process ↔ store node (requests and replies)
	PubSub      Latency // store node → subscriber, on the pub/sub connection
	Replication Latency // master → replica lag per replicated script; acks come back after Request

	RequestLoss float64 // a request is lost: the command never runs
	ReplyLoss   float64 // a reply is lost: the command ran, the client never hears
	PubSubLoss  float64 // a pub/sub message is lost
}

// DefaultNet is a healthy local network: about half a millisecond each way,
// a few milliseconds of replication lag, nothing lost.
func DefaultNet() NetConfig {
	return NetConfig{
		Request:     Latency{Base: 150 * Microsecond, Jitter: 250 * Microsecond},
		PubSub:      Latency{Base: 150 * Microsecond, Jitter: 250 * Microsecond},
		Replication: Latency{Base: 500 * Microsecond, Jitter: 2 * Millisecond},
	}
}

// Request is what a process sends to the master: a command, a script
// (EVALSHA), or a batch run in order on one connection whose reply is the
// array of the items' replies. A WAIT in a batch (Redisson 3.16.8 puts one
// after each lock EVAL) holds the batch's reply until it returns.
type Request struct {
	Cmd    []string
	Script *Script
	Keys   []string // read only: a client may hand the same slice to every request
	Argv   []string
	Batch  []Request
	// Tag is an opaque label the client attaches (which call the request
	// belongs to); the simulator only hands it to World.OnExec.
	Tag string
	// Point names the request for faults at protocol points ("send:" +
	// Point).
	Point string
}

// Describe renders a request for traces and stories.
func (r Request) Describe() string {
	switch {
	case r.Script != nil:
		id := r.Script.ID
		if id == "" {
			id = r.Script.SHA1
		}
		return "EVALSHA " + id + " " + strings.Join(r.Keys, " ") + " | " + strings.Join(r.Argv, " ")
	case r.Batch != nil:
		parts := make([]string, len(r.Batch))
		for i, b := range r.Batch {
			parts[i] = b.Describe()
		}
		return "BATCH[" + strings.Join(parts, "; ") + "]"
	}
	return strings.Join(r.Cmd, " ")
}

// Send sends req to the current master and returns its ID; the reply comes
// back as an EvReply event, unless the request or its reply is lost (a
// crashed or partitioned peer, a lost packet, a failover), in which case
// nothing comes back and the program's own timeout must notice.
func (p *Proc) Send(req Request) ReqID {
	p.nextReq++
	id := p.nextReq
	w := p.w
	if p.state == procCrashed {
		return id
	}
	m := w.Master()
	p.interruptAtSend(req, id)
	if f, dropped := p.dropAtSend(req); dropped {
		p.Trace("drop").Int("req", int64(id)).Str("why", "lost at a protocol point").End()
		w.noteNet(NetEffect{Proc: p.Name, Tag: req.Tag, Kind: NetRequestLost, Why: "lost at a protocol point", Fault: f})
		return id
	}
	switch {
	case m == nil || !m.Up:
		p.Trace("drop").Int("req", int64(id)).Str("why", "no master").End()
		w.noteNet(NetEffect{Proc: p.Name, Tag: req.Tag, Kind: NetRequestLost, Why: "no master", Fault: w.activeFault(FaultMasterCrash, "")})
		return id
	case p.partitioned > 0:
		p.Trace("drop").Int("req", int64(id)).Str("why", "partitioned").End()
		w.noteNet(NetEffect{Proc: p.Name, Tag: req.Tag, Kind: NetRequestLost, Why: "partitioned", Fault: w.activeFault(FaultPartition, p.Name)})
		return id
	case w.Rand("net/loss").Chance(w.net.RequestLoss):
		p.Trace("drop").Int("req", int64(id)).Str("why", "request lost").End()
		w.noteNet(NetEffect{Proc: p.Name, Tag: req.Tag, Kind: NetRequestLost, Why: "request lost", Fault: w.activeFault(FaultLoss, "")})
		return id
	}
	inc := p.incarnation
	if w.stepped {
		w.hold(Held{Kind: HeldRequest, Proc: p, Req: id, Request: req, inc: inc, node: m})
		return id
	}
	at := w.now.Add(w.messageDelay(p.Name, req.Tag))
	pl := w.newPayload()
	pl.kind, pl.p, pl.inc, pl.node, pl.id, pl.req = plRequest, p, inc, m, id, req
	w.schedule(at, pl)
	return id
}

// reply sends r from node n back to process p, if the network lets it;
// tag is the request's (Request.Tag).
func (w *World) reply(n *Node, p *Proc, inc int, id ReqID, tag string, r Reply) {
	if p.incarnation != inc {
		return
	}
	if p.partitioned > 0 {
		w.trace.Event(w.now, n.Name, "drop").Str("to", p.Name).Int("req", int64(id)).Str("why", "partitioned").End()
		w.noteNet(NetEffect{Proc: p.Name, Tag: tag, Kind: NetReplyLost, Why: "partitioned", Fault: w.activeFault(FaultPartition, p.Name)})
		return
	}
	if w.Rand("net/loss").Chance(w.net.ReplyLoss) {
		w.trace.Event(w.now, n.Name, "drop").Str("to", p.Name).Int("req", int64(id)).Str("why", "reply lost").End()
		w.noteNet(NetEffect{Proc: p.Name, Tag: tag, Kind: NetReplyLost, Why: "reply lost", Fault: w.activeFault(FaultLoss, "")})
		return
	}
	if w.stepped {
		w.hold(Held{Kind: HeldReply, Proc: p, Req: id, Reply: r, inc: inc})
		return
	}
	at := w.now.Add(w.messageDelay(p.Name, tag))
	pl := w.newPayload()
	pl.kind, pl.p, pl.inc, pl.id, pl.reply, pl.reqTag = plReply, p, inc, id, r, tag
	w.schedule(at, pl)
	if w.exec.marked {
		w.register(n, p, inc, id, r)
	}
}

// Subscribe subscribes the process's pub/sub connection to channel. The
// subscription takes effect at the master one network delay later (messages
// published before that are missed) and EvSubscribed arrives one delay
// after that, as Redisson's subscribe future completes. A partitioned
// process keeps retrying every second, as Redisson reconnects.
func (p *Proc) Subscribe(channel string) {
	for _, c := range p.subs {
		if c == channel {
			return
		}
	}
	p.subs = append(p.subs, channel)
	p.trySubscribe(channel, p.incarnation)
}

func (p *Proc) trySubscribe(channel string, inc int) {
	w := p.w
	if p.incarnation != inc || !p.subscribed(channel) {
		return
	}
	if p.partitioned > 0 || w.Master() == nil {
		w.After(Second, func() { p.trySubscribe(channel, inc) })
		return
	}
	if w.stepped {
		w.subs[channel] = append(w.subs[channel], p)
		p.deliver(Event{Kind: EvSubscribed, Channel: channel})
		return
	}
	leg := NetEffect{Proc: p.Name, Tag: SubscribeTag, Channel: channel}
	w.After(w.delayOf(leg), func() {
		if p.incarnation != inc || !p.subscribed(channel) {
			return
		}
		w.subs[channel] = append(w.subs[channel], p)
		w.After(w.delayOf(leg), func() {
			if p.incarnation == inc && p.subscribed(channel) {
				p.deliver(Event{Kind: EvSubscribed, Channel: channel})
			}
		})
	})
}

func (p *Proc) subscribed(channel string) bool {
	for _, c := range p.subs {
		if c == channel {
			return true
		}
	}
	return false
}

// Unsubscribe ends the process's subscription to channel.
func (p *Proc) Unsubscribe(channel string) {
	for i, c := range p.subs {
		if c == channel {
			p.subs = append(p.subs[:i], p.subs[i+1:]...)
			p.w.unsubscribe(p, channel)
			return
		}
	}
}

func (w *World) unsubscribe(p *Proc, channel string) {
	list := w.subs[channel]
	for i, q := range list {
		if q == p {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(w.subs, channel)
	} else {
		w.subs[channel] = list
	}
}

// publish is every store's PUBLISH: it returns the number of subscribers
// (Redis counts every subscribed connection) and delivers the message to
// each after a pub/sub delay, unless it is lost.
func (w *World) publish(channel, message string) int64 {
	list := w.subs[channel]
	for _, p := range list {
		if p.pubsubCut > 0 || w.Rand("net/pubsub-loss").Chance(w.net.PubSubLoss) {
			w.trace.Event(w.now, p.Name, "drop").Str("channel", channel).Str("why", "pubsub message lost").End()
			f := w.activeFault(FaultPubSubLoss, p.Name)
			if f < 0 {
				f = w.activeFault(FaultPartition, p.Name)
			}
			w.noteNet(NetEffect{Proc: p.Name, Kind: NetPubSubLost, Why: "pubsub message lost", Fault: f})
			continue
		}
		inc := p.incarnation
		p := p
		if w.stepped {
			w.hold(Held{Kind: HeldPublish, Proc: p, Channel: channel, Message: message, inc: inc})
			continue
		}
		w.After(w.net.PubSub.Draw(w.Rand("net/pubsub")), func() {
			if p.incarnation == inc && p.subscribed(channel) {
				p.deliver(Event{Kind: EvMessage, Channel: channel, Message: message})
			}
		})
	}
	return int64(len(list))
}
