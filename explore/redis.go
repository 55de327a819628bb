package explore

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/locksim/locksim/sim"
)

// Redis's side of a delivery: a request run on an interned keyspace with
// the scripts (or commands) package sim runs, memoized.

// scriptBudget stops a command that loops forever: the budget turns it
// into an error reply, which the search reports. It is the random runs'
// budget (and conform's), so a script stops at the same instruction
// whichever command ran it, and every message names the same number.
const scriptBudget = sim.DefaultInstructionBudget

// execKey is a script run in the memo's terms, packed small (it is hashed
// on every delivery): the command's arguments fit 32 bits, since leases
// and waits are bounded (Config.Validate) and times are relative.
type execKey struct {
	store                   uint32
	at, lease, wait         int32 // at: from base
	op, proc, thread, rsync uint8
	subs                    uint64 // every process's subscriptions: what PUBLISH reaches
	// 4.7.0's unlock: the request id's count (its other half is a hash of
	// the process's UUID here, so proc stands for it) and the latch lifetime.
	reqN  uint16
	latch int32
}

func newExecKey(store uint32, q msg, subs uint64) execKey {
	c := q.cmd
	k := execKey{store: store, at: int32(c.At - base), lease: int32(c.Lease), wait: int32(c.Wait),
		op: uint8(c.Op), proc: q.proc, thread: uint8(c.Thread), rsync: uint8(c.Sync), subs: subs, reqN: uint16(c.ReqN), latch: int32(c.Latch)}
	if int64(k.at) != c.At-base || int64(k.lease) != c.Lease || int64(k.wait) != c.Wait || int64(k.thread) != c.Thread || int(k.rsync) != c.Sync ||
		uint32(k.reqN) != c.ReqN || int64(k.latch) != c.Latch {
		panic(fmt.Sprintf("explore: command %+v does not fit the memo key", c))
	}
	return k
}

type execResult struct {
	store uint32
	reply uint32 // a batch's: its replies before the WAIT
	// wrote: the run's writes make an entry of the replication stream;
	// waitMs: the request is a batch ending in WAIT numreplicas waitMs.
	wrote  bool
	wait   bool
	waitMs int32
	pubs   uint64 // (process, channel) pairs an unlock message went to
	line   string
	fifo   string // how the script broke the fair queue's order, if it did
	limit  string // which of the simulation's limits stopped the script, if one did
}

// subs is every process's subscriptions, 16 channels per process.
func (m *machine) subs(s *state) uint64 {
	var b uint64
	for p := 0; p < m.procs; p++ {
		if !s.crashed(p) {
			b |= uint64(m.subMask(s.clients[p])) << (16 * p)
		}
	}
	return b
}

// exec runs request q at Redis on store id with subscriptions subs.
func (m *machine) exec(id uint32, q msg, subs uint64) execResult {
	k := newExecKey(id, q, subs)
	if r, ok := m.execL1[k]; ok {
		return r
	}
	if r, ok := m.shared.execMemo.get(k); ok {
		m.execL1[k] = r
		return r
	}
	s := m.store(id).Clone()
	s.SetEngine(m.engine)
	s.SetTime(base)
	var pubs uint64
	s.Publish = func(channel, message string) int64 {
		n := int64(0)
		for ci, ch := range m.channels {
			if ch != channel {
				continue
			}
			for p := 0; p < m.procs; p++ {
				if subs&(1<<(16*p+ci)) != 0 {
					n++
					if message == "0" { // LockPubSub.UNLOCK_MESSAGE
						pubs |= 1 << (16*p + ci)
					}
				}
			}
		}
		return n
	}
	req := m.clientCfg.Render(procName(int(q.proc)), q.cmd)
	var reply sim.Reply
	var waitMs int32
	var limit string
	wait := false
	if m.replica {
		s.StartEffects()
	}
	if items := req.Batch; items != nil {
		// a 3.16.8 or 4.7.0 lock command: its script, then WAIT, which the
		// search keeps at the master (deliver)
		last := items[len(items)-1]
		if !sim.IsWait(last) {
			panic("explore: a batch must end in WAIT")
		}
		t, _ := strconv.Atoi(last.Cmd[2])
		wait, waitMs = true, int32(t)
		var out []sim.Reply
		for _, it := range items[:len(items)-1] {
			out = append(out, s.Run(it))
			limit = m.limitHit(limit, s, it)
		}
		reply = sim.Array(out...)
	} else {
		reply = s.Run(req)
		limit = m.limitHit(limit, s, req)
	}
	wrote := false
	if m.replica {
		wrote = s.TakeEffects() != nil
		s.StopEffects()
	}
	s.Publish = nil
	r := execResult{store: m.intern(s), reply: m.internReply(reply), wrote: wrote, wait: wait, waitMs: waitMs, pubs: pubs, line: describeReq(req), limit: limit}
	r.fifo = m.fifoBroken(m.store(id), s, q.cmd, procName(int(q.proc)), scriptReply(req, reply))
	r = m.shared.execMemo.put(k, r)
	m.execL1[k] = r
	return r
}

// describeReq names a request for the story: the script (without its
// version) or the command, with its arguments; a batch by its first
// command (the script before the WAIT).
func describeReq(r sim.Request) string {
	if len(r.Batch) > 0 {
		return describeReq(r.Batch[0])
	}
	if r.Script != nil {
		_, name, _ := strings.Cut(r.Script.ID, "/")
		return name + " " + strings.Join(r.Argv, " ")
	}
	return strings.Join(r.Cmd, " ")
}

// kindScriptLimit is the finding of a script stopped by one of the
// simulation's own limits: no real Redis gives its reply, so the search
// ends there with an error rather than a verdict.
const kindScriptLimit = "script-limit"

// limitHit is prev, or, when none yet, why req's script was stopped by one
// of the simulation's limits, named by its file when a user's directory or
// a mutant gave it.
func (m *machine) limitHit(prev string, s *sim.Store, req sim.Request) string {
	why := s.LimitHit()
	if prev != "" || why == "" || req.Script == nil {
		return prev
	}
	id := req.Script.ID
	msg := "script " + id + ": " + why
	if f := m.clientCfg.Opts.Scripts.File(id); f != "" {
		msg = f + ": " + msg
	}
	return msg
}
