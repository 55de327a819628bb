package queuebook

import (
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Book is the fair queue's bookkeeping that the checks FIFO, Evicted,
// Liveness and Store read, kept as the store changes: a run's recorder feeds it
// the keyspace before and after every script (BeforeExec, Observe), and
// it writes what it establishes into the history — each waiting call's
// first place in the queue, its evictions and re-queues (model.Op), and
// a head its script's stale-waiter loop should have removed
// (model.StoreSample.StaleHead). It is the judge's bookkeeping, fed on
// each step as a state checker is, beside the checks that read it.
type Book struct {
	timeouts string              // the fair lock's timeout set
	joined   map[string]sim.Time // when each waiter last joined the queue
	head     queueHead           // the queue's head after the last script
	// latchBefore: the script about to run answers from its latch key,
	// before its stale-waiter loop (BeforeExec).
	latchBefore bool
}

// New keeps the books of the fair queue whose timeout set is timeouts.
func New(timeouts string) *Book {
	return &Book{timeouts: timeouts, joined: map[string]sim.Time{}}
}

// queueHead is the fair queue's head and its timeout.
type queueHead struct {
	member  string
	timeout float64
}

// Head is the queue's head after the last script and its timeout (""
// when the queue was empty, or its head had no timeout: the store check's
// finding).
func (b *Book) Head() (member string, timeout float64) { return b.head.member, b.head.timeout }

// staleLoops gives, for the fair scripts that run the stale-waiter loop,
// the ARGV index (1-based) of the current time the loop compares timeouts
// with, and the KEYS index of a latch key whose presence answers the call
// before the loop, when the request has that key (0: none). 4.7.0's unlock
// answers a repeated request so (RedissonFairLock.unlockInnerAsync: "local
// val = redis.call('get', KEYS[5]); if val ~= false then return
// tonumber(val)"); 3.x's unlock sends no fifth key.
var staleLoops = map[string]staleLoop{
	"RedissonFairLock.tryLockInnerAsync.EVAL_LONG":         {now: 4},
	"RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN": {now: 3},
	"RedissonFairLock.unlockInnerAsync":                    {now: 4, latch: 5},
}

// staleLoop is where a fair script's stale-waiter loop reads its time,
// and the latch that may answer before it (staleLoops).
type staleLoop struct{ now, latch int }

// staleLoopOf is req's entry in staleLoops (false: none).
func staleLoopOf(req sim.Request) (staleLoop, bool) {
	if req.Script == nil {
		return staleLoop{}, false
	}
	_, name, _ := strings.Cut(req.Script.ID, "/")
	l, ok := staleLoops[name]
	return l, ok
}

// staleLoopMissed reports whether req, a script that begins with the
// stale-waiter loop, should have removed a head whose timeout is timeout:
// it is at or before the script's current time. The caller passes only a
// head that was the head before the script too (so the loop looked at it
// first) with its timeout unchanged: a waiter that became head when a
// grant popped the one before it, or whose timeout the script changed
// after the loop (3.16.8's zincrby on a grant, 3.8.1's zadd on a retry),
// is not the loop's business.
func staleLoopMissed(req sim.Request, timeout float64) bool {
	l, ok := staleLoopOf(req)
	if !ok || l.now > len(req.Argv) {
		return false
	}
	now, err := strconv.ParseFloat(req.Argv[l.now-1], 64)
	return err == nil && timeout <= now
}

// BeforeExec notes, before a script with a latch guard runs (staleLoops),
// whether its latch key is there already in st: then the script answers
// at its first line, before the stale-waiter loop, and a stale head it
// leaves is not the loop's miss. It only reads.
func (b *Book) BeforeExec(st *sim.Store, req sim.Request) {
	b.latchBefore = false
	if l, ok := staleLoopOf(req); ok && l.latch > 0 && l.latch <= len(req.Keys) {
		typ, _, _ := st.PeekKey(req.Keys[l.latch-1])
		b.latchBefore = typ != "none"
	}
}

// Observe books what req, which the master st ran, did to the queue:
// prev is the sample before (nil: none yet), cur the sample after, which
// it may mark with a stale head; h's calls get their places, evictions
// and re-queues; open finds the acquire call an owner has open now.
func (b *Book) Observe(st *sim.Store, prev, cur *model.StoreSample, req sim.Request, h *model.History, open func(owner string) *model.Op) {
	head := queueHead{}
	if len(cur.Queue) > 0 {
		if t, ok := st.PeekZScore(b.timeouts, cur.Queue[0]); ok {
			head = queueHead{cur.Queue[0], t} // (a head without a timeout is the store check's finding)
		}
	}
	if prev != nil {
		b.noteQueue(prev, cur, req, h, open)
		if prev.Node == cur.Node && head.member != "" && head == b.head && !b.latchBefore && staleLoopMissed(req, head.timeout) {
			cur.StaleHead = head.member
		}
	}
	b.head = head
}

// MasterChanged books a new master (a failover's promotion, a restart)
// whose keyspace st holds queue at server time now (ms): its head is the
// one the next script's stale-waiter loop looks at first.
func (b *Book) MasterChanged(st *sim.Store, queue []string) {
	b.head = queueHead{}
	if len(queue) > 0 {
		if t, ok := st.PeekZScore(b.timeouts, queue[0]); ok {
			b.head = queueHead{queue[0], t}
		}
	}
}

// noteQueue records, for the calls waiting now, their first place in the
// fair queue, and marks as evicted a waiter that lost its place while it
// still waited: one that vanished from the queue without taking the lock or
// giving up itself (another caller's stale loop removed it), or one queued
// again behind waiters that were behind it (its own retry's stale loop
// removed it and the same script queued it at the tail).
func (b *Book) noteQueue(prev, cur *model.StoreSample, req sim.Request, h *model.History, open func(owner string) *model.Op) {
	var ran *model.Op // the call whose request this was
	if kind, k := model.TagOf(req.Tag); kind == "op" && k < len(h.Ops) {
		ran = &h.Ops[k]
	}
	if len(cur.Queue) == len(prev.Queue) && (len(cur.Queue) == 0 || &cur.Queue[0] == &prev.Queue[0]) && (ran == nil || ran.QueuePos != 0) {
		// The sample kept the previous one's list (the recorder reuses it):
		// nobody joined, moved or left, and no call of this script's still
		// to place.
		return
	}
	for i, member := range cur.Queue {
		kept := slices.Contains(prev.Queue, member)
		if kept && (ran == nil || ran.QueuePos != 0) {
			// A place kept, and no call of this script's still to place:
			// nothing below applies (a waiter asking again, the common case).
			continue
		}
		op := open(member)
		if !kept {
			b.joined[member] = cur.At
		}
		if op == nil && !kept && ran != nil && ran.Owner == member {
			// A late request of a call that already ended (it timed out
			// before its script ran) queued the caller: the place is that
			// call's, and a later call of the same thread keeps it.
			op = ran
		}
		switch {
		case op == nil:
		case op.QueuePos == 0 && kept && op != ran:
			// A place left by an earlier call: this call holds it only
			// once a script of its own runs (and re-arms its timeout).
		case op.QueuePos == 0:
			op.QueuePos, op.QueuedAt, op.QueuedServerMs, op.QueuedEpoch = i+1, cur.At, cur.ServerMs, cur.Epoch
			op.QueueKept = kept
			op.KeptSince = b.joined[member]
		case !kept:
			// back in the queue after it vanished from it
			op.Requeued = append(op.Requeued, model.Requeue{At: cur.At, ServerMs: cur.ServerMs, Epoch: cur.Epoch})
		}
	}
	if prev.Node != cur.Node {
		return // a failover or a restart, not an eviction
	}
	if slices.Equal(prev.Queue, cur.Queue) {
		return // nobody moved or left (a waiter asking again, the common case)
	}
	// A waiter still queued but now behind someone who was behind it was
	// removed as stale and queued again at the tail (by its own retry's
	// stale loop, in one script): it lost its place while waiting.
	for i, member := range prev.Queue {
		j := slices.Index(cur.Queue, member)
		if j < 0 {
			continue
		}
		for _, later := range prev.Queue[i+1:] {
			if k := slices.Index(cur.Queue, later); k >= 0 && k < j {
				if op := open(member); op != nil {
					evict(op, cur.At)
					op.Requeued = append(op.Requeued, model.Requeue{At: cur.At, ServerMs: cur.ServerMs, Epoch: cur.Epoch})
				}
				break
			}
		}
	}
	for _, member := range prev.Queue {
		if slices.Contains(cur.Queue, member) || slices.Contains(cur.Holders, member) {
			continue
		}
		if req.Script != nil && strings.Contains(req.Script.ID, "acquireFailed") && len(req.Argv) > 0 && req.Argv[0] == member {
			continue // it gave up itself
		}
		if op := open(member); op != nil {
			evict(op, cur.At)
		}
	}
}

// evict marks a waiter's call evicted at t (the first time).
func evict(op *model.Op, t sim.Time) {
	if !op.Evicted {
		op.Evicted, op.EvictedAt = true, t
	}
}
