package explore

import (
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// worldJudge is the step judge fed by the world: what a stepped world
// following one of the search's paths (worldRun) shows of itself — the
// calls its hosts make and return, the scripts its master runs, the faults
// the path injects, the keyspace — kept as the threads' beliefs and handed
// to the same rules the search uses (checks.StepState and its siblings).
// ReplayBoth writes both drivers' verdicts into their logs after every
// step, so a path on which they judge differently fails the comparison
// the logs already have to pass.
type worldJudge struct {
	r *worldRun
	// holdsBefore is the holds of the thread whose renewal or acquire is
	// about to run (-1: none), for RearmedBy.
	holdsBefore int64
	beliefs     []checks.Belief
	calls       []clients.Call // each thread's latest call
	used        checks.PathFaults
	crashed     []bool
	// sent is every command the hosts sent, by the index its request's tag
	// carries; orphan: a renewal sent while its thread held nothing and
	// made no call (the search's msg.orphan).
	sent []sentCmd
	// before is the keyspace before the fair acquire about to run.
	before *sim.Store
	found  []checks.Violation // what the current step broke
}

type sentCmd struct {
	proc   int
	ref    clients.Ref
	cmd    clients.Cmd
	orphan bool
}

func newWorldJudge(r *worldRun) *worldJudge {
	j := &worldJudge{r: r, beliefs: make([]checks.Belief, r.m.threads), calls: make([]clients.Call, r.m.threads), crashed: make([]bool, r.m.procs)}
	for th := range j.beliefs {
		j.beliefs[th] = checks.NewBelief()
	}
	return j
}

// tag is the tag process p's host gives a request: its name and the
// index of the command in sent.
func (j *worldJudge) tag(p int, ref clients.Ref, cmd clients.Cmd) string {
	s := sentCmd{proc: p, ref: ref, cmd: cmd}
	if cmd.Op == clients.OpRenew {
		s.orphan = j.beliefs[j.r.m.threadOf(p, cmd.Thread)].RenewSent(ref.Attempt > 0, j.r.hosts[p].Client().Unlocking(cmd.Thread))
	}
	j.sent = append(j.sent, s)
	return procName(p) + "#" + strconv.Itoa(len(j.sent)-1)
}

// sentOf is the command a request's tag names (false: none, a request
// the hosts did not tag).
func (j *worldJudge) sentOf(tag string) (sentCmd, bool) {
	_, i, ok := strings.Cut(tag, "#")
	if !ok {
		return sentCmd{}, false
	}
	n, err := strconv.Atoi(i)
	if err != nil || n >= len(j.sent) {
		return sentCmd{}, false
	}
	return j.sent[n], true
}

// beforeExec keeps the keyspace before a fair acquire runs.
func (j *worldJudge) beforeExec(n *sim.Node, req sim.Request) {
	j.before, j.holdsBefore = nil, -1
	s, ok := j.sentOf(req.Tag)
	if ok && j.fairAcquire(s.cmd) {
		j.before = n.Store.Clone()
	}
	if ok && (s.cmd.Op == clients.OpRenew || acquireOp(s.cmd.Op)) {
		j.holdsBefore = j.view().StoreHolds(j.r.m.threadOf(s.proc, s.cmd.Thread))
	}
}

func (j *worldJudge) fairAcquire(cmd clients.Cmd) bool {
	return j.r.m.clientCfg.Opts.Fair && (cmd.Op == clients.OpAcquire || cmd.Op == clients.OpAcquireNoWait)
}

// exec judges a command the master ran, as the search's deliver does: a
// crashed process's hold re-armed, the fair queue's order, a renewal
// that kept an orphan alive.
func (j *worldJudge) exec(n *sim.Node, req sim.Request, reply sim.Reply) {
	s, ok := j.sentOf(req.Tag)
	if !ok {
		return
	}
	m := j.r.m
	th := m.threadOf(s.proc, s.cmd.Thread)
	v := j.view()
	if j.crashed[s.proc] && rearms(s.cmd.Op) && v.StoreHolds(th) > 0 {
		j.beliefs[th].Rearmed(s.cmd.Lease)
	}
	if before := j.holdsBefore; before >= 0 && !j.crashed[s.proc] {
		after := v.StoreHolds(th)
		if ownRearm(s.cmd.Op, before, after) {
			j.beliefs[th].RearmedBy(s.cmd.Op == clients.OpRenew, s.cmd.Lease, m.clientCfg.Opts.LockWatchdogTimeout)
		}
		if acquireOp(s.cmd.Op) && after > before {
			j.beliefs[th].AcquireRan(m.callLease(j.calls[th]), s.cmd.Lease, m.clientCfg.Opts.LockWatchdogTimeout)
		}
	}
	if j.before != nil && j.fairAcquire(s.cmd) {
		if d := checks.StepFairGrant(j.before, n.Store, lockName, clients.QueueName(lockName), clients.TimeoutName(lockName), m.owner(th), s.cmd.At, scriptReply(req, reply)); d != "" {
			j.found = append(j.found, checks.StepFifo(d, m.owner(th)))
		}
		j.before = nil
	}
	if s.orphan && !j.crashed[s.proc] {
		j.found = append(j.found, checks.StepOrphan(v, th, j.releasing(s))...)
	}
}

// releasing reports whether renewal s's thread is no longer renewed by
// the watchdog (the renewal is a stale one), or a release of it is still
// on its way: an unlock (or forceUnlock) request, an unlock's reply whose
// handler takes the renewal off (Options.UnlockReplyCancels), or a
// detached fenced acquire whose loop
// unlocks what it took (RedissonFencedLock.java:166-170).
func (j *worldJudge) releasing(s sentCmd) bool {
	host := j.r.hosts[s.proc]
	if c := host.Client(); !c.RenewsFor(s.cmd.Thread) || c.Unlocking(s.cmd.Thread) {
		// the watchdog stopped for it (a stale renewal extends the hold
		// once), or an interrupted unlock will take the renewal off
		return true
	}
	for _, h := range j.r.w.Held() {
		if !h.Live() || h.Proc != host.Proc() || (h.Kind != sim.HeldRequest && h.Kind != sim.HeldReply && h.Kind != sim.HeldWaitTimeout) {
			continue
		}
		ref, ok := host.RefOf(h.Req)
		if !ok {
			continue
		}
		if h.Kind == sim.HeldWaitTimeout {
			// an unlock that ran, its reply held behind a blocked WAIT: the
			// handle cancels the renewal whatever the WAIT counts
			if c, ok := j.lastSent(s.proc, ref); ok && c.cmd.Thread == s.cmd.Thread && c.cmd.Op == clients.OpUnlock && host.Client().Awaits(ref) {
				return true
			}
			continue
		}
		c, ok := j.lastSent(s.proc, ref)
		if !ok || c.cmd.Thread != s.cmd.Thread {
			continue
		}
		if h.Kind == sim.HeldRequest && (c.cmd.Op == clients.OpUnlock || c.cmd.Op == clients.OpForceUnlock) {
			return true
		}
		if r := h.Reply; h.Kind == sim.HeldReply && c.cmd.Op == clients.OpUnlock && host.Client().Awaits(ref) && j.r.m.clientCfg.Opts.UnlockReplyCancels(batchScript(c.cmd, r)) {
			// the unlock ran: its reply's handler takes the thread's
			// renewal off (not when nobody awaits it: 3.16.8's interrupted
			// unlock cancelled that handler, as the search drops the reply)
			return true
		}
		if detachedRef(ref) && c.cmd.Op == clients.OpAcquireToken {
			return true
		}
	}
	return false
}

// renewing reports whether a renewal of process p's thread tid is on its
// way in the world: its request, or a reply its client awaits.
func (j *worldJudge) renewing(p int, tid int64) bool {
	host := j.r.hosts[p]
	for _, h := range j.r.w.Held() {
		if !h.Live() || h.Proc != host.Proc() || (h.Kind != sim.HeldRequest && h.Kind != sim.HeldReply) {
			continue
		}
		ref, ok := host.RefOf(h.Req)
		if !ok || h.Kind == sim.HeldReply && !host.Client().Awaits(ref) {
			continue
		}
		if c, ok := j.lastSent(p, ref); ok && c.cmd.Op == clients.OpRenew && c.cmd.Thread == tid {
			return true
		}
	}
	return false
}

// lastSent is the latest command process p sent under ref.
func (j *worldJudge) lastSent(p int, ref clients.Ref) (sentCmd, bool) {
	for i := len(j.sent) - 1; i >= 0; i-- {
		if c := j.sent[i]; c.proc == p && c.ref == ref {
			return c, true
		}
	}
	return sentCmd{}, false
}

// call notes that thread th calls call.
func (j *worldJudge) call(th int, call clients.Call) {
	j.calls[th] = call
	j.beliefs[th].Call(call.Kind == clients.CallUnlock, call.Kind == clients.CallForceUnlock, call.Kind.Acquires())
}

// returned judges thread th's call returning res.
func (j *worldJudge) returned(th int, call clients.Call, res clients.Result) {
	m := j.r.m
	p, tid := m.where(th)
	j.beliefs[th].Return(call.Kind.Acquires() && res.OK && !res.Failed(), m.callLease(call), res.Failed(), j.renewing(p, tid))
	j.found = append(j.found, checks.StepReturned(j.view(), th, m.stepReturn(call, res))...)
}

// crash notes that process p crashed.
func (j *worldJudge) crash(p int) {
	j.used.Crash, j.crashed[p] = true, true
	m := j.r.m
	for th := p * m.perProc; th < (p+1)*m.perProc; th++ {
		j.beliefs[th].Crash(m.clientCfg.Opts.LockWatchdogTimeout, m.cfg.lease())
	}
}

// advance notes that d ms passed; had are the threads whose hold the
// store had before (kept).
func (j *worldJudge) advance(d int64, had uint8) {
	for th := range j.beliefs {
		j.beliefs[th].Advance(d)
	}
	v := j.view()
	for th := range j.beliefs {
		if had&(1<<th) != 0 && v.HoldGone(th) {
			p, tid := j.r.m.where(th)
			j.beliefs[th].Lapsed(j.r.hosts[p].Client().KeptPeriod(tid))
		}
	}
}

// kept is the threads (a bit each) that rely on their hold and
// whose hold the store has.
func (j *worldJudge) kept() uint8 { return keptHolds(j.view()) }

// verdicts is what the step broke, then what the state it left breaks,
// in the order the search reports them (stateFindings).
func (j *worldJudge) verdicts() []checks.Violation {
	v := j.view()
	for th := range j.beliefs {
		if b := &j.beliefs[th]; b.Unseen {
			b.See(!v.HoldGone(th))
		}
	}
	out := append(j.found, checks.StepState(v)...)
	j.found = nil
	m := j.r.m
	for _, h := range j.r.w.Held() {
		if !h.Live() || h.Kind != sim.HeldReply {
			continue
		}
		p := int(h.Proc.Name[0] - 'A')
		host := j.r.hosts[p]
		ref, ok := host.RefOf(h.Req)
		if !ok || !host.Client().Awaits(ref) {
			continue
		}
		c, _ := j.lastSent(p, ref)
		cmd := c.cmd
		r := batchScript(cmd, h.Reply)
		if r.Kind == sim.KindError {
			ref.Seq = host.Client().CanonSeq(ref)
			q := msg{kind: mReply, proc: uint8(p), ref: ref, cmd: cmd}
			out = append(out, bugOf("error", "reply", "Redis answered "+m.msgText(q)+" with an error: "+r.Str, "error-reply"))
			break
		}
	}
	return append(out, m.storeInvariants(j.keyspace())...)
}

// keyspace is the master's keyspace now, as the search holds it: without
// a replica, a key whose time passed is gone (the search drops it when
// time passes); with one, it stays until the background expiry deletes
// it, and reads find it expired.
func (j *worldJudge) keyspace() *sim.Store {
	n := j.r.w.Master()
	st := n.Store.Clone()
	st.SetTime(n.Clock.UnixMs(j.r.w.Now())) // what a read would see now
	if !j.r.m.replica {
		st.ActiveExpire()
	}
	return st
}

// view is the world's state as the step judge reads it.
func (j *worldJudge) view() checks.StepView { return &worldView{j: j, st: j.keyspace()} }

type worldView struct {
	j  *worldJudge
	st *sim.Store
}

func (v *worldView) Threads() int                { return v.j.r.m.threads }
func (v *worldView) Belief(th int) checks.Belief { return v.j.beliefs[th] }
func (v *worldView) ThreadName(th int) string    { return v.j.r.m.threadName(th) }
func (v *worldView) Faults() checks.PathFaults   { return v.j.used }
func (v *worldView) Replicated() bool            { return v.j.r.m.replica }

func (v *worldView) StoreHolds(th int) int64 { return v.j.r.m.holdsIn(v.st, th) }
func (v *worldView) HoldGone(th int) bool    { return v.j.r.m.holdGoneIn(v.st, th) }

// batchScript is what cmd's script answered, r being the reply to its
// request: a batch's first reply (the script, before its WAIT).
func batchScript(cmd clients.Cmd, r sim.Reply) sim.Reply {
	if cmd.Sync > 0 && r.Kind == sim.KindArray && len(r.Arr) > 0 {
		return r.Arr[0]
	}
	return r
}

// scriptReply is what a fair acquire's script answered: a batch's first
// reply (the script, before its WAIT).
func scriptReply(req sim.Request, reply sim.Reply) sim.Reply {
	if req.Batch != nil && reply.Kind == sim.KindArray && len(reply.Arr) > 0 {
		return reply.Arr[0]
	}
	return reply
}
