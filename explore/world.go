package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// worldRun replays a path of the search through the world's own clients:
// a stepped sim.World (every delivery and timer held for a driver) with
// one clients.Host per process, on the same configuration, where each
// step of the path releases the same message or timer, makes the same
// call, lets the same time pass or injects the same fault. Its log (every
// script run and every call's return) must equal the explorer's: then a
// counterexample holds for the clients the random runs use, and the two
// drivers of the one client — Host and the explorer — agree.
type worldRun struct {
	m      *machine
	w      *sim.World
	hosts  []*clients.Host
	resume []func()
	lines  []string
	judge  *worldJudge
}

func newWorldRun(m *machine) *worldRun {
	r := &worldRun{m: m, resume: make([]func(), m.procs)}
	r.judge = newWorldJudge(r)
	r.w = sim.NewWorld(sim.Config{Seed: 1, Stepped: true, Replicas: m.cfg.Replicas})
	r.w.BeforeExec = r.judge.beforeExec
	r.w.OnExec = func(n *sim.Node, req sim.Request, reply sim.Reply) {
		proc, _, _ := strings.Cut(req.Tag, "#")
		r.lines = append(r.lines, execLine(proc, describeReq(req), reply))
		r.judge.exec(n, req, reply)
	}
	for p := 0; p < m.procs; p++ {
		h := clients.NewHost(m.clientCfg)
		h.UUID = procName(p)
		h.Fixed = true // as the explorer's clients, which draw nothing
		h.Tag = func(ref clients.Ref, cmd clients.Cmd) string { return r.judge.tag(p, ref, cmd) }
		r.hosts = append(r.hosts, h)
		r.w.AddProcess(procName(p), sim.Clock{}, h)
	}
	r.w.RunUntil(0) // every process starts
	return r
}

// execLine and returnLine are the log's words, the same on both sides.
func execLine(proc, req string, reply sim.Reply) string {
	return fmt.Sprintf("%s runs %s → %s", proc, req, reply.Text())
}

func returnLine(thread string, call clients.Call, r clients.Result) string {
	return fmt.Sprintf("%s: %s → %s", thread, callText(call), resultText(call.Kind, r))
}

// do carries out action a, taken from the explorer's state s, in the world.
func (r *worldRun) do(s *state, a action) error {
	m := r.m
	switch a.kind {
	case aCall:
		th := int(a.who)
		p, tid := m.where(th)
		stp := m.program[s.threads[th].next]
		call := stp.call
		call.Fresh = stp.fresh
		name := m.threadName(th)
		r.judge.call(th, call)
		r.hosts[p].Call(tid, call, func(res clients.Result) {
			r.lines = append(r.lines, returnLine(name, call, res))
			r.judge.returned(th, call, res)
		})
	case aDeliver, aDrop:
		id, err := r.find(s, s.msgs[a.mi])
		if err != nil {
			return err
		}
		if a.kind == aDrop {
			r.judge.used.Drop = true
			r.w.Drop(id)
		} else {
			r.w.Release(id)
		}
	case aFire:
		p := int(a.who)
		tid, ok := r.hosts[p].TimerID(a.timer)
		if !ok {
			return fmt.Errorf("process %s has no timer %v in the world", procName(p), a.timer)
		}
		for _, h := range r.w.Held() {
			if h.Kind == sim.HeldTimer && h.Proc == r.hosts[p].Proc() && h.Timer == tid {
				r.w.Release(h.ID)
				return nil
			}
		}
		return fmt.Errorf("process %s's timer %v is not held in the world", procName(p), a.timer)
	case aAdvance:
		// the requests of waiters that spin arrive after the time passed,
		// and their replies: each asks again (spin.go)
		spins := m.spinning(s)
		ids := make([]uint64, len(spins))
		for i, q := range spins {
			id, err := r.find(s, q)
			if err != nil {
				return err
			}
			ids[i] = id
		}
		had := r.judge.kept()
		r.w.RunUntil(r.w.Now().Add(sim.Duration(a.delta) * sim.Millisecond))
		r.judge.advance(a.delta, had)
		for i, id := range ids {
			if err := r.respin(spins[i], id); err != nil {
				return err
			}
		}
	case aCrash:
		r.judge.crash(int(a.who))
		r.hosts[a.who].Proc().Crash(0)
	case aPause:
		r.judge.used.Pause = true
		r.resume[a.who] = r.hosts[a.who].Proc().Suspend()
	case aResume:
		if f := r.resume[a.who]; f != nil {
			f()
			r.resume[a.who] = nil
		}
	case aDelay:
		// the message stays held while time passes, as it does anyway
		r.judge.used.Delay = true
	case aRestart:
		r.judge.used.Restart = true
		r.w.RestartMaster()
	case aInterrupt:
		r.judge.used.Interrupt = true
		p, tid := r.m.where(int(a.who))
		r.hosts[p].Interrupt(tid)
	case aExpire:
		if keys := r.w.ActiveExpireCycle(); len(keys) == 0 {
			return fmt.Errorf("the world's master has no expired key to delete")
		}
	}
	return nil
}

// respin releases the held request id of a spinning waiter (the
// explorer's q), then its reply.
func (r *worldRun) respin(q msg, id uint64) error {
	var req sim.ReqID
	for _, h := range r.w.Held() {
		if h.ID == id {
			req = h.Req
		}
	}
	r.w.Release(id)
	proc := r.hosts[q.proc].Proc()
	for _, h := range r.w.Held() {
		if h.Live() && h.Kind == sim.HeldReply && h.Proc == proc && h.Req == req {
			r.w.Release(h.ID)
			return nil
		}
	}
	return fmt.Errorf("the reply to %s's spinning acquire is not held in the world (held: %s)", procName(int(q.proc)), r.heldText())
}

// find returns the held world item that stands for the explorer's message q.
func (r *worldRun) find(s *state, q msg) (uint64, error) {
	m := r.m
	switch q.kind {
	case mRepl, mAck:
		// entries apply in order: the explorer's first is the world's oldest
		for _, h := range r.w.Held() {
			if h.Kind == sim.HeldReplication && q.kind == mRepl || h.Kind == sim.HeldAck && h.Offset-r.w.ReplicaAcked() == int64(q.offset) {
				return h.ID, nil
			}
		}
		return 0, fmt.Errorf("%s is not held in the world (held: %s)", m.msgText(q), r.heldText())
	}
	host := r.hosts[q.proc]
	nowMs := int64(r.w.Now()) / int64(sim.Millisecond)
	for _, h := range r.w.Held() {
		if h.Proc != host.Proc() || !h.Live() {
			continue
		}
		switch q.kind {
		case mPublish:
			if h.Kind == sim.HeldPublish && h.Channel == m.channels[q.ch] {
				return h.ID, nil
			}
		case mRequest, mReply, mWait:
			want := sim.HeldRequest
			switch q.kind {
			case mReply:
				want = sim.HeldReply
			case mWait:
				want = sim.HeldWaitTimeout
			}
			if h.Kind != want {
				continue
			}
			ref, ok := host.RefOf(h.Req)
			if !ok || ref.Owner != q.ref.Owner || ref.Slot != q.ref.Slot || ref.Attempt != q.ref.Attempt {
				continue
			}
			c := host.Client()
			if c.CanonSeq(ref) != q.ref.Seq {
				continue
			}
			switch q.kind {
			case mReply:
				if c.Awaits(ref) && h.Reply.String() == m.reply(q.reply).String() {
					return h.ID, nil
				}
				continue
			case mWait:
				return h.ID, nil
			}
			// The explorer's request times are relative to its now (base).
			cmd := q.cmd
			cmd.At += nowMs
			if describeReq(h.Request) == describeReq(m.clientCfg.Render(procName(int(q.proc)), cmd)) {
				return h.ID, nil
			}
		}
	}
	return 0, fmt.Errorf("%s %+v is not held in the world (held: %s)", m.msgText(q), q.ref, r.heldText())
}

func (r *worldRun) heldText() string {
	var parts []string
	for _, h := range r.w.Held() {
		switch {
		case !h.Live():
		case h.Proc == nil:
			parts = append(parts, fmt.Sprintf("replication %d", h.Kind))
		case h.Kind == sim.HeldRequest || h.Kind == sim.HeldReply:
			// the reference, as the explorer numbers it
			for _, host := range r.hosts {
				if ref, ok := host.RefOf(h.Req); ok && host.Proc() == h.Proc {
					ref.Seq = host.Client().CanonSeq(ref)
					parts = append(parts, fmt.Sprintf("%s %d %+v", h.Proc.Name, h.Kind, ref))
				}
			}
		default:
			parts = append(parts, fmt.Sprintf("%s %d", h.Proc.Name, h.Kind))
		}
	}
	return strings.Join(parts, ", ")
}

// ReplayBoth runs the scenario commands of a path (as a saved
// counterexample lists them) in the explorer and, through the world's
// clients, in a stepped world, and returns both logs: script runs, call
// returns and, after every step, the step judge's verdicts ("check: …"),
// each driver's from what it holds (the search's state; what the world
// showed worldJudge). A command the explorer does not allow is an error.
func ReplayBoth(cfg Config, commands []string) (explorer, world []string, err error) {
	m, err := newMachine(cfg)
	if err != nil {
		return nil, nil, err
	}
	var at int64 // ms since the start: the explorer's times are relative to now
	m.logExec = func(p int, cmd clients.Cmd, reply sim.Reply) {
		cmd.At += at
		explorer = append(explorer, execLine(procName(p), describeReq(m.clientCfg.Render(procName(p), cmd)), reply))
	}
	m.logReturn = func(th int, call clients.Call, res clients.Result) {
		explorer = append(explorer, returnLine(m.threadName(th), call, res))
	}
	r := newWorldRun(m)
	s := m.initial()
	for _, c := range commands {
		c = strings.Join(strings.Fields(c), " ")
		var found *action
		for _, a := range m.actions(&s, nil) {
			if m.command(&s, a) == c {
				found = &a
				break
			}
		}
		if found == nil {
			return explorer, r.lines, fmt.Errorf("%q is not a step the explorer allows here", c)
		}
		if err := r.do(&s, *found); err != nil {
			return explorer, r.lines, fmt.Errorf("%s: %v", c, err)
		}
		if found.kind == aAdvance {
			at += found.delta
		}
		s = m.apply(&s, *found, nil)
		for _, f := range append(slices.Clone(m.found), m.stateFindings(&s)...) {
			explorer = append(explorer, "check: "+findingText(f))
		}
		for _, f := range r.judge.verdicts() {
			r.lines = append(r.lines, "check: "+findingText(f))
		}
	}
	return explorer, r.lines, nil
}
