package run

import (
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// What a run tells the world of its retry loops (sim/spin.go), and what
// it records of the script runs the world leaves out.

// spinScript470 is the script of 4.7.0's fair waiters' spin: lock() and
// tryLock(wait) run it on every attempt.
const spinScript470 = "4.7.0/RedissonFairLock.tryLockInnerAsync.EVAL_LONG"

// spinScriptOf is the script whose runs cfg's world may fast-forward: the
// embedded 4.7.0 fair acquire, whose answer markSpin knows; none for a
// user's scripts, a mutant, or a run made step by step.
func spinScriptOf(cfg Config, o *clients.Options) *sim.Script {
	if cfg.StepByStep || cfg.Scripts != "" || cfg.Mutant != "" || o.Scripts == nil || !o.Fair || o.Fenced {
		return nil
	}
	if sc := o.Scripts.FairAcquire; sc != nil && sc.ID == spinScript470 {
		return sc
	}
	return nil
}

// markSpin tells the world when the fair acquire just run answers the
// same to the same request later: it answered 0 and wrote nothing, the
// lock key is absent, and the queue and its timeout set have no TTL. Then
// its path was the stale-waiter loop stopping at a head whose timeout is
// above the time argument (it compares nothing else with it), the lock
// free but the head another waiter, the caller queued with a timeout: `if
// timeout ~= false then local ttl = redis.call('pttl', KEYS[1]); return
// math.max(0, ttl)` (R47:RedissonFairLock.java:202-205). On the same
// keyspace every run with a time argument below the head's timeout takes
// the same path: no other key is read, none expires, and pttl of an absent
// key is -2 whatever the time.
func (r *Run) markSpin(n *sim.Node, req sim.Request, reply sim.Reply, lockType string, queueTTL, timeoutsTTL int64) {
	member, timeout := r.queue.Head()
	markSpin(r.World, n, req, reply, lockType, queueTTL, timeoutsTTL, queueHead{member, timeout})
}

// queueHead is the fair queue's head and its timeout.
type queueHead struct {
	member  string
	timeout float64
}

func markSpin(w *sim.World, n *sim.Node, req sim.Request, reply sim.Reply, lockType string, queueTTL, timeoutsTTL int64, head queueHead) {
	if reply.Kind != sim.KindInt || reply.Int != 0 || n.Wrote() || lockType != "none" || queueTTL != -1 || timeoutsTTL != -1 {
		return
	}
	if head.member == "" || len(req.Argv) < 2 || head.member == req.Argv[1] {
		return
	}
	w.MarkSpin(head.timeout)
}

// MarkSpins is an observer (sim.World.OnExec) that lets a world driven
// without a Run — a measurement of the spin — fast-forward the spin of
// 4.7.0's fair waiters on lock, as a Run does for its own: it marks every
// read-only run of the embedded fair acquire that answered 0 (markSpin).
func MarkSpins(w *sim.World, lock string) func(n *sim.Node, req sim.Request, reply sim.Reply) {
	set, err := clients.LoadScripts("4.7.0", "")
	if err != nil {
		panic(err) // the embedded scripts always compile
	}
	queue, timeouts := clients.QueueName(lock), clients.TimeoutName(lock)
	return func(n *sim.Node, req sim.Request, reply sim.Reply) {
		if req.Script == nil || req.Script != set.FairAcquire {
			return
		}
		typ, _, _ := n.Store.PeekKey(lock)
		_, qttl, members := n.Store.PeekKey(queue)
		_, tttl, _ := n.Store.PeekKey(timeouts)
		var head queueHead
		if len(members) > 0 {
			if t, ok := n.Store.PeekZScore(timeouts, members[0]); ok {
				head = queueHead{members[0], t}
			}
		}
		markSpin(w, n, req, reply, typ, qttl, tttl, head)
	}
}

// elided records the runs a fast-forward left out of one loop: the call's
// last run is the last of them (noteExec), and the history keeps the count.
func (r *Run) elided(e sim.Elided) {
	h := r.History
	item, reply := e.Request, e.Reply
	if e.Batch {
		item = e.Request.Batch[0]
		if len(reply.Arr) > 0 {
			reply = reply.Arr[0]
		}
	}
	if kind, i := parseTag(item.Tag); kind == "op" && i < len(h.Ops) && !strings.Contains(item.Script.ID, "acquireFailed") {
		h.Ops[i].ExecAt, h.Ops[i].ExecVirtual, h.Ops[i].ExecEpoch = e.LastServerMs, e.To, r.epoch
		if reply.Kind == sim.KindInt && strings.Contains(item.Script.ID, "tryLockInnerAsync") {
			// the ttl the last of them answered, as the recorder notes it (the liveness bound)
			h.Ops[i].LastTTL, h.Ops[i].LastTTLAt = reply.Int, e.To
		}
	}
	h.Elided = append(h.Elided, model.ElidedRuns{Node: e.Node.Name, Proc: e.Proc.Name, Tag: item.Tag, Script: item.Script.ID, Runs: e.Runs, From: e.From, To: e.To})
}
