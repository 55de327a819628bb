package explore

import (
	"strconv"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// The search judges with the checks' step judge (checks.StepState and
// its siblings), as the world does when it follows one of the search's
// paths (ReplayBoth): this file only shows it a state.

// stateView is a state as the step judge reads it (checks.StepView).
type stateView struct {
	m *machine
	s *state
}

// view is s as the step judge reads it. The view is the worker's own,
// reused: one state is judged at a time.
func (m *machine) view(s *state) checks.StepView {
	m.judging = stateView{m: m, s: s}
	return &m.judging
}

func (v *stateView) Threads() int                { return v.m.threads }
func (v *stateView) Belief(th int) checks.Belief { return v.s.threads[th].Belief }
func (v *stateView) ThreadName(th int) string    { return v.m.threadName(th) }
func (v *stateView) StoreHolds(th int) int64     { return v.m.holds(v.s, th) }
func (v *stateView) HoldGone(th int) bool        { return v.m.holdGone(v.s, th) }
func (v *stateView) Replicated() bool            { return v.m.replica }
func (v *stateView) Faults() checks.PathFaults   { return pathFaults(&v.s.used) }
func pathFaults(u *Faults) (f checks.PathFaults) { // the kinds the path used
	f.Crash, f.Pause, f.Drop, f.Delay = u[FaultCrash] > 0, u[FaultPause] > 0, u[FaultDrop] > 0, u[FaultDelay] > 0
	f.Restart, f.Interrupt = u[FaultRestart] > 0, u[FaultInterrupt] > 0
	return f
}

// keptPeriod reports whether th's watchdog in s is scheduled from its
// lock object's kept lease (clients.Client.KeptPeriod).
func (m *machine) keptPeriod(s *state, th int) bool {
	p, tid := m.where(th)
	return m.client(s.clients[p]).KeptPeriod(tid)
}

// holdsKept is the threads (a bit each) that rely on their hold
// (checks.Belief.Relying) and whose hold the store has.
func (m *machine) holdsKept(s *state) uint8 { return keptHolds(m.view(s)) }

// keptHolds is, of the threads v shows, those (a bit each) that rely on
// their hold and whose hold the store has: both drivers' (the search's
// state, the world's) before time passes.
func keptHolds(v checks.StepView) uint8 {
	var had uint8
	for th := 0; th < v.Threads(); th++ {
		if v.Belief(th).Relying() && !v.HoldGone(th) {
			had |= 1 << th
		}
	}
	return had
}

// renewing reports whether a renewal of process p's thread tid is on its
// way: its request, or its reply.
func (m *machine) renewing(n *state, p int, tid int64) bool {
	for _, q := range n.msgs {
		if int(q.proc) == p && q.cmd.Op == clients.OpRenew && q.cmd.Thread == tid && (q.kind == mRequest || q.kind == mReply) {
			return true
		}
	}
	return false
}

// stepReturn is call's return r as the step judge reads it.
func (m *machine) stepReturn(call clients.Call, r clients.Result) checks.StepReturn {
	out := checks.StepReturn{Call: callText(call), Acquires: call.Kind.Acquires(), Unlock: call.Kind == clients.CallUnlock, OK: r.OK, Threw: r.Failed(), Text: r.Text}
	switch {
	case !r.Failed():
	case model.Interrupted(r.Text):
		out.ErrKind = "interrupted"
	case r.Err == clients.ErrSync:
		out.ErrKind = "sync"
	case r.Err == clients.ErrReply:
		out.ErrKind = "reply"
	case r.Err == clients.ErrUnsupported:
		out.ErrKind = "unsupported"
	case r.Err == clients.ErrInterrupted:
		out.ErrKind = "interrupted"
	case r.Err == clients.ErrNotHeld:
		out.ErrKind = "not-held"
	}
	return out
}

// stateFindings is what state s itself breaks: the step judge's state
// rules, an error reply in flight, the store's invariants.
func (m *machine) stateFindings(s *state) []checks.Violation {
	out := checks.StepState(m.view(s))
	for _, q := range s.msgs {
		if q.kind != mReply {
			continue
		}
		r := m.scriptReplyOf(q)
		if r.Kind == sim.KindError {
			out = append(out, bugOf("error", "reply", "Redis answered "+m.msgText(q)+" with an error: "+r.Str, "error-reply"))
			break
		}
	}
	return append(out, m.storeFindings(s.store)...)
}

// bugOf is a violation nothing explains, with the cause it is named by.
func bugOf(property, kind, detail, cause string) checks.Violation {
	return checks.Violation{Property: property, Kind: kind, Detail: detail, Class: checks.Bug, Mech: checks.Mechanism{Name: cause, Detail: detail}}
}

// storeInvariants is what keyspace st breaks of the store's invariants.
func (m *machine) storeInvariants(st *sim.Store) []checks.Violation {
	q, t := "", ""
	if m.clientCfg.Opts.Fair {
		q, t = clients.QueueName(lockName), clients.TimeoutName(lockName)
	}
	return checks.StepStore(st, lockName, q, t)
}

// fifoBroken checks a fair acquire script against the queue's order
// (checks.StepFairGrant).
func (m *machine) fifoBroken(before, after *sim.Store, cmd clients.Cmd, proc string, reply sim.Reply) string {
	if !m.clientCfg.Opts.Fair || (cmd.Op != clients.OpAcquire && cmd.Op != clients.OpAcquireNoWait) {
		return ""
	}
	return checks.StepFairGrant(before, after, lockName, clients.QueueName(lockName), clients.TimeoutName(lockName), m.clientCfg.OwnerName(proc, cmd.Thread), cmd.At, reply)
}

// judgeOrphan judges renewal q, sent while its thread held nothing and
// made no call, which ran at Redis (checks.StepOrphan): the driver tells
// whether a release of the thread's is still on its way.
func (m *machine) judgeOrphan(n *state, q msg) {
	th := m.threadOf(int(q.proc), q.cmd.Thread)
	releasing := false
	for _, r := range n.msgs {
		if r.proc != q.proc || r.cmd.Thread != q.cmd.Thread {
			continue
		}
		if r.kind == mRequest && (r.cmd.Op == clients.OpUnlock || r.cmd.Op == clients.OpForceUnlock) {
			releasing = true // an interrupted unlock: it will end the hold
		}
		if (r.kind == mReply || r.kind == mWait) && r.cmd.Op == clients.OpUnlock && m.clientCfg.Opts.UnlockReplyCancels(m.scriptReplyOf(r)) {
			// the unlock ran: when its reply comes, its handler takes the
			// thread's renewal off (a watchdog that renews on all the same
			// renews again later, and that renewal is judged then)
			releasing = true
		}
		if (r.kind == mRequest || r.kind == mReply) && r.detached() && r.cmd.Op == clients.OpAcquireToken {
			// The fenced loop of an interrupted call: what its acquire took
			// it unlocks when the reply comes (RedissonFencedLock.java:166-170).
			releasing = true
		}
	}
	if c := m.client(n.clients[q.proc]); !c.RenewsFor(q.cmd.Thread) || c.Unlocking(q.cmd.Thread) {
		// the watchdog stopped for it (a stale renewal extends the hold
		// once), or an interrupted unlock, its command lost or not yet
		// answered, will take the renewal off when it completes
		releasing = true
	}
	m.found = append(m.found, checks.StepOrphan(m.view(n), th, releasing)...)
}

// scriptReplyOf is the reply of message q's script: a batch's first, before
// its WAIT.
func (m *machine) scriptReplyOf(q msg) sim.Reply { return batchScript(q.cmd, m.reply(q.reply)) }

// callLease is the lease (ms) an acquisition takes (clients.Config.CallLease).
func (m *machine) callLease(c clients.Call) int64 { return m.clientCfg.CallLease(c) }

// owner is thread th's lock name in the store.
func (m *machine) owner(th int) string { return m.owners[th] }

// holds is the hold count the store keeps for thread th (-1 for a lock
// without counts), read without touching the store.
func (m *machine) holds(s *state, th int) int64 { return m.holdsIn(m.store(s.store), th) }

// holdsIn is the hold count keyspace st keeps for thread th (-1 for a
// lock without counts), read without touching it: the search's keyspace
// or the world's (worldView).
func (m *machine) holdsIn(st *sim.Store, th int) int64 {
	if m.clientCfg.Simple != "" {
		return -1
	}
	v, ok := st.PeekHashField(lockName, m.owner(th))
	if !ok {
		return 0
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	return n
}

// holdGone reports whether the store no longer has thread th's hold: a
// simple lock's key is gone or holds another's value; a Redisson lock
// counts no hold of th's.
func (m *machine) holdGone(s *state, th int) bool { return m.holdGoneIn(m.store(s.store), th) }

// holdGoneIn is holdGone of keyspace st.
func (m *machine) holdGoneIn(st *sim.Store, th int) bool {
	if m.clientCfg.Simple == "" {
		return m.holdsIn(st, th) == 0
	}
	typ, _, vals := st.PeekKey(lockName)
	return typ != "string" || len(vals) != 1 || vals[0] != clients.SimpleValue(m.clientCfg.Simple, m.owner(th))
}
