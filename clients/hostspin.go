package clients

import "github.com/locksim/locksim/sim"

// Host as a sim.Spinner: the world fast-forwards a thread's retry loop
// (spin.go, sim/spin.go) through these two calls, and the host keeps its
// books as its steps would have: the request and timer it knows the
// command by, the draws, the notes, what its observers hear.

// SpinPlan is sim.Spinner.SpinPlan.
func (h *Host) SpinPlan(id sim.ReqID, r sim.Reply, wall int64) (sim.SpinPlan, bool) {
	if h.OnEvent != nil || h.busy || h.c == nil {
		return sim.SpinPlan{}, false
	}
	ref, ok := h.reqs[id]
	if !ok || ref.Owner != OwnThread {
		return sim.SpinPlan{}, false
	}
	pl, ok := h.c.spinPlan(ref, r, h.p.World().AvailableReplicas())
	if !ok {
		return sim.SpinPlan{}, false
	}
	k := execTimer(OwnThread, pl.slot)
	tid, ok := h.timers[k]
	if !ok {
		return sim.SpinPlan{}, false
	}
	plan := sim.SpinPlan{
		Deadline: pl.deadline, Timer: tid, Timeout: sim.Duration(pl.timeout) * sim.Millisecond, TimerTag: k,
		ReplyPoint: h.Point(sim.Event{Kind: sim.EvReply, Req: id, Reply: r}), SendPoint: OpAcquire.String(),
	}
	if h.cf.v470() && !h.Fixed {
		plan.Rand = h.p.Rand("redisson") // step draws one value per event
	}
	if len(pl.flaws) > 0 {
		tid := h.c.threads[pl.slot].id
		flaws := pl.flaws
		plan.Iterate = func() {
			for _, f := range flaws {
				h.effect(Effect{Kind: EffNote, Note: NoteFlaw, Thread: tid, Text: string(f)})
			}
		}
	}
	if h.spins == nil {
		h.spins = map[int]spinPlan{}
	}
	h.spins[pl.slot] = pl
	return plan, true
}

// SpinCommit is sim.Spinner.SpinCommit: the client moves over the replies
// the world handled, the host forgets the first one's request and knows
// the command by the last, under the last timer; OnSend hears of the last
// send, whose request it returns.
func (h *Host) SpinCommit(sc sim.SpinCommit) sim.Request {
	ref := h.reqs[sc.First]
	pl := h.spins[int(ref.Slot)]
	delete(h.spins, int(ref.Slot))
	delete(h.reqs, sc.First)
	delete(h.ops, sc.First)
	h.c.spinApply(pl, sc.N, sc.At, sc.Wall, sc.Draw, h.cf.v470() && !h.Fixed, h.p.World().AvailableReplicas())
	e := &h.c.threads[pl.slot].exec
	now := Ref{Owner: OwnThread, Slot: int32(pl.slot), Seq: e.seq}
	h.reqs[sc.Req], h.ops[sc.Req] = now, e.cmd.Op
	h.timers[execTimer(OwnThread, pl.slot)] = sc.Timer
	if h.OnSend != nil {
		h.OnSend(now, e.cmd, sc.At)
	}
	req := h.cf.Render(h.c.uuid, e.cmd)
	req.Point = e.cmd.Op.String()
	if h.Tag != nil {
		req.Tag = h.Tag(now, e.cmd)
		for i := range req.Batch {
			req.Batch[i].Tag = req.Tag
		}
	}
	return req
}
