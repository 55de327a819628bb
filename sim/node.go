package sim

import (
	"strconv"
	"strings"
)

type role uint8

const (
	roleMaster role = iota
	roleReplica
)

// Node is one Redis server: its store, its clock, and its place in the
// replication topology.
type Node struct {
	w     *World
	index int
	Name  string
	Store *Store
	Clock Clock
	Up    bool

	role      role
	replicaOf int // for a replica: the master's index

	// Replication, as Redis 7.0 does it with effects replication: each
	// script's writes form one entry of the master's stream.
	offset    int64         // master: entries produced
	applied   int64         // replica: entries applied
	lastApply Time          // replica: entries apply in order
	epoch     int           // bumped on resync and failover; stale entries are dropped
	acked     map[int]int64 // master: replica index → acknowledged offset
	waits     []*pendingWait

	// Background expiry (expire.go): the phase of the server's cron, drawn
	// per start; cronGen counts the starts (a cycle of an earlier one does
	// not run); cronArmed, a cycle is scheduled.
	cronPhase Duration
	cronGen   int
	cronArmed bool

	// wrote says whether the command or script run last wrote (Wrote).
	wrote bool
}

// Wrote reports whether the command or script the node ran last wrote to
// its keyspace (its effects went to replication): an observer of a run
// (World.OnExec) asks it.
func (n *Node) Wrote() bool { return n.wrote }

// pendingWait is a WAIT numreplicas timeout blocked on the master.
type pendingWait struct {
	proc   *Proc
	inc    int
	id     ReqID
	tag    string // the request's tag (Request.Tag)
	target int64
	need   int64
	prefix []Reply // replies of the batch items before the WAIT
	batch  bool
	done   bool
	began  Time // when it began to wait
}

// IsMaster reports whether the node is the current master.
func (n *Node) IsMaster() bool { return n.role == roleMaster }

// Offset returns the master's replication offset, or a replica's applied offset.
func (n *Node) Offset() int64 {
	if n.role == roleMaster {
		return n.offset
	}
	return n.applied
}

// now sets the store's clock from the node's clock and returns it.
func (n *Node) syncClock() { n.syncClockAt(n.w.now) }

// syncClockAt sets the store's clock to the node's reading at t.
func (n *Node) syncClockAt(t Time) {
	n.Store.SetTime(n.Clock.UnixMs(t))
}

// execute runs a request that arrived from process p.
func (n *Node) execute(p *Proc, inc int, id ReqID, req Request) {
	w := n.w
	if !n.Up || n.role != roleMaster || w.master != n.index {
		w.trace.Event(w.now, n.Name, "drop").Str("from", p.Name).Int("req", int64(id)).Str("why", "node is not the master").End()
		f := w.activeFault(FaultMasterCrash, "")
		if f < 0 {
			f = w.activeFault(FaultRestart, "")
		}
		w.noteNet(NetEffect{Proc: p.Name, Tag: req.Tag, Kind: NetRequestLost, Why: "node is not the master", Fault: f})
		return
	}
	n.syncClock()
	w.exec = execution{p: p, inc: inc, id: id, node: n, req: req}
	defer func() { w.exec = execution{} }()
	if req.Batch != nil {
		var out []Reply
		for i, item := range req.Batch {
			if IsWait(item) {
				n.wait(p, inc, id, req.Tag, item, out, true)
				if i != len(req.Batch)-1 {
					panic("sim: WAIT must be the last item of a batch")
				}
				return
			}
			out = append(out, n.run(p, id, item))
		}
		w.reply(n, p, inc, id, req.Tag, Array(out...))
		return
	}
	if IsWait(req) {
		n.wait(p, inc, id, req.Tag, req, nil, false)
		return
	}
	w.reply(n, p, inc, id, req.Tag, n.run(p, id, req))
}

// IsWait reports whether r is WAIT numreplicas timeout, which a batch may
// have only last.
func IsWait(r Request) bool { return len(r.Cmd) == 3 && strings.EqualFold(r.Cmd[0], "wait") }

// run executes one command or script on the master, traces it, and
// replicates its write effects.
func (n *Node) run(p *Proc, id ReqID, req Request) Reply {
	w := n.w
	if w.BeforeExec != nil {
		w.BeforeExec(n, req)
	}
	r := n.Store.Run(req)
	if req.Script != nil {
		sid := req.Script.ID
		if sid == "" {
			sid = req.Script.SHA1
		}
		if why := n.Store.LimitHit(); why != "" {
			w.Fail(&ScriptLimitError{Script: sid, At: w.now, Reason: why})
		}
		w.trace.Event(w.now, n.Name, "exec").Str("from", p.Name).Int("req", int64(id)).Int("server_ms", n.Store.Now()).
			Str("script", sid).Strs("keys", req.Keys).Strs("argv", req.Argv).Reply("reply", r).End()
	} else {
		w.trace.Event(w.now, n.Name, "exec").Str("from", p.Name).Int("req", int64(id)).Int("server_ms", n.Store.Now()).
			Strs("cmd", req.Cmd).Reply("reply", r).End()
	}
	fx := n.Store.TakeEffects()
	n.wrote = fx != nil
	if fx != nil {
		n.replicate(fx)
	}
	if w.OnExec != nil {
		w.OnExec(n, req, r)
	}
	n.armCron()
	return r
}

// replicate ships one entry of write effects to every replica, each after
// its own lag, in stream order.
func (n *Node) replicate(fx [][]string) {
	w := n.w
	n.offset++
	off := n.offset
	for _, r := range w.nodes {
		if r == n || !r.Up || r.role != roleReplica || r.replicaOf != n.index {
			continue
		}
		r := r
		epoch := r.epoch
		master := n
		ack := func() {
			if master.Up && master.role == roleMaster && r.epoch == epoch {
				if off > master.acked[r.index] {
					if w.OnReplication != nil {
						w.OnReplication("ack", off-master.acked[r.index], nil, 0)
					}
					master.acked[r.index] = off
				}
				master.checkWaits()
			}
		}
		apply := func() {
			if !r.Up || r.epoch != epoch || r.role != roleReplica {
				return
			}
			r.syncClock()
			for _, c := range fx {
				r.Store.Do(c...)
			}
			r.applied = off
			if w.OnReplication != nil {
				w.OnReplication("apply", off, nil, 0)
			}
			if w.stepped {
				w.hold(Held{Kind: HeldAck, Offset: off, run: ack})
				return
			}
			w.After(w.requestDelay(), ack)
		}
		if w.stepped {
			w.hold(Held{Kind: HeldReplication, Offset: off, run: apply})
			continue
		}
		at := w.now.Add(w.net.Replication.Draw(w.Rand("net/replication")))
		if at < r.lastApply {
			at = r.lastApply
		}
		r.lastApply = at
		w.At(at, apply)
	}
}

// wait starts a WAIT numreplicas timeout (replication.c waitCommand): it
// returns at once if enough replicas acknowledged the current offset,
// otherwise when they do or when the timeout passes, with the count.
func (n *Node) wait(p *Proc, inc int, id ReqID, tag string, req Request, prefix []Reply, batch bool) {
	w := n.w
	need, ok1 := parseInt(req.Cmd[1])
	timeout, ok2 := parseInt(req.Cmd[2])
	if !ok1 || !ok2 || timeout < 0 {
		r := Err(errNotInteger)
		if ok1 && ok2 {
			r = Err("ERR timeout is negative")
		}
		n.finishWait(&pendingWait{proc: p, inc: inc, id: id, tag: tag, prefix: prefix, batch: batch, began: w.now}, r)
		return
	}
	pw := &pendingWait{proc: p, inc: inc, id: id, tag: tag, target: n.offset, need: need, prefix: prefix, batch: batch, began: w.now}
	if n.ackedCount(pw.target) >= need {
		n.finishWait(pw, Int(n.ackedCount(pw.target)))
		return
	}
	n.waits = append(n.waits, pw)
	if timeout > 0 {
		fire := func() {
			if !pw.done && n.Up && n.role == roleMaster {
				if w.OnReplication != nil {
					w.OnReplication("timeout", 0, p, id)
				}
				n.finishWait(pw, Int(n.ackedCount(pw.target)))
			}
		}
		if w.stepped {
			w.hold(Held{Kind: HeldWaitTimeout, Proc: p, Req: id, Due: w.now.Add(Duration(timeout) * Millisecond), run: fire, wait: pw})
			return
		}
		w.After(Duration(timeout)*Millisecond, fire)
	}
}

func (n *Node) ackedCount(target int64) int64 {
	var c int64
	for _, r := range n.w.nodes {
		if r != n && r.Up && r.role == roleReplica && r.replicaOf == n.index && n.acked[r.index] >= target {
			c++
		}
	}
	return c
}

func (n *Node) checkWaits() {
	keep := n.waits[:0]
	for _, pw := range n.waits {
		if pw.done {
			continue
		}
		if c := n.ackedCount(pw.target); c >= pw.need {
			n.finishWait(pw, Int(c))
			continue
		}
		keep = append(keep, pw)
	}
	n.waits = keep
}

func (n *Node) finishWait(pw *pendingWait, r Reply) {
	pw.done = true
	w := n.w
	w.trace.Event(w.now, n.Name, "exec").Str("from", pw.proc.Name).Int("req", int64(pw.id)).Int("server_ms", n.Clock.UnixMs(w.now)).
		Strs("cmd", []string{"WAIT", strconv.FormatInt(pw.need, 10)}).Reply("reply", r).End()
	if w.OnWaitDone != nil {
		w.OnWaitDone(n, pw.tag, w.now.Sub(pw.began))
	}
	if pw.batch {
		r = Array(append(pw.prefix, r)...)
	}
	w.reply(n, pw.proc, pw.inc, pw.id, pw.tag, r)
}

// --- topology faults

// CrashMaster takes the master down. After failoverAfter (sentinel's
// detection and election) the most up-to-date live replica is promoted with
// whatever it has received; if none exists, the world has no master until
// the old one restarts (empty: no persistence). The old master restarts
// after downFor (if > 0) as a replica of the new master, resynced, or as an
// empty master if there is none.
func (w *World) CrashMaster(downFor, failoverAfter Duration) {
	m := w.takeMasterDown()
	if m == nil {
		return
	}
	w.trace.Event(w.now, m.Name, "crash").Int("offset", m.offset).End()
	w.After(failoverAfter, func() { w.failover() })
	if downFor > 0 {
		w.After(downFor, func() { w.restartNode(m) })
	}
}

func (w *World) failover() {
	if w.master >= 0 {
		return
	}
	var best *Node
	for _, r := range w.nodes {
		if r.Up && r.role == roleReplica && (best == nil || r.applied > best.applied) {
			best = r
		}
	}
	if best == nil {
		w.trace.Event(w.now, "world", "failover").Str("result", "no replica to promote").End()
		return
	}
	w.promote(best)
}

func (w *World) promote(r *Node) {
	r.offset = r.applied
	w.becomeMaster(r)
	w.trace.Event(w.now, r.Name, "promoted").Int("applied", r.applied).End()
	w.resyncReplicas(r)
}

// becomeMaster makes n the master: it takes writes, expires keys on its own
// clock, and records effects for replicas.
func (w *World) becomeMaster(n *Node) {
	n.role = roleMaster
	n.epoch++
	n.acked = map[int]int64{}
	n.Store.replica = false
	n.Store.StartEffects()
	w.master = n.index
	n.armCron()
	if w.OnMaster != nil {
		w.OnMaster(n)
	}
}

// resyncReplicas points every live replica at master m with a full copy.
func (w *World) resyncReplicas(m *Node) {
	for _, o := range w.nodes {
		if o != m && o.Up && o.role == roleReplica {
			w.resync(o, m)
		}
	}
}

// resync makes n a replica of m with a full copy of m's data (Redis's full
// resynchronisation).
func (w *World) resync(n, m *Node) {
	n.role = roleReplica
	n.replicaOf = m.index
	n.epoch++
	eng, pub := n.Store.eng, n.Store.Publish
	n.Store = m.Store.Clone()
	n.Store.SetEngine(eng)
	n.Store.Publish = pub
	n.Store.replica = true
	n.applied = m.offset
	n.lastApply = w.now
	m.acked[n.index] = m.offset
	w.trace.Event(w.now, n.Name, "resync").Str("master", m.Name).Int("offset", m.offset).End()
}

// restartNode brings a crashed node back with an empty store (no
// persistence): as a replica of the current master if there is one,
// otherwise as the master.
func (w *World) restartNode(n *Node) {
	if n.Up {
		return
	}
	n.Up = true
	n.Store.Restart()
	w.drawCronPhase(n)
	n.offset, n.applied = 0, 0
	w.trace.Event(w.now, n.Name, "restart").End()
	if m := w.Master(); m != nil {
		w.resync(n, m)
		return
	}
	w.becomeMaster(n)
	w.resyncReplicas(n)
}

// RestartMaster restarts the master at once without persistence: every key
// is gone, and replicas that resync from it lose theirs too.
func (w *World) RestartMaster() {
	m := w.takeMasterDown()
	if m == nil {
		return
	}
	w.trace.Event(w.now, m.Name, "crash").Str("why", "restart without persistence").End()
	w.restartNode(m)
}

// takeMasterDown marks the master down (its blocked WAITs die with it) and
// leaves the world without one; it returns the old master, or nil.
func (w *World) takeMasterDown() *Node {
	m := w.Master()
	if m == nil {
		return nil
	}
	m.Up = false
	m.waits = nil
	w.master = -1
	return m
}
