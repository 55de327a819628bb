package run

import (
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// The recorder: what the store and the network did, as the checks read it
// (model.History's samples, executions and network events).

// observe samples the lock's state after every script the master runs, for
// the store-side invariants. It only reads.
func (r *Run) observe(n *sim.Node, req sim.Request, reply sim.Reply) {
	lock := r.Workload.Lock
	h := r.History
	// The previous sample: its lists are reused while the members stay the
	// same (samples are only read, and a waiter retrying in a tight loop,
	// 4.7.0's fair lock answering 0, makes a sample per attempt).
	var prev *model.StoreSample
	var prevQueue, prevTimeouts []string
	if k := len(h.Store); k > 0 {
		prev = &h.Store[k-1]
		prevQueue, prevTimeouts = prev.Queue, prev.Timeouts
		if prev.Node != n.Name {
			r.epoch++ // another master: a failover, or a restart
		}
	}
	smp := model.StoreSample{At: r.World.Now(), Node: n.Name, Lock: lock, ServerMs: n.Store.Now(), Epoch: r.epoch, Tag: req.Tag}
	r.noteExec(n, req, reply, smp.ServerMs)
	if req.Script != nil {
		smp.Script = req.Script.ID
	} else if len(req.Cmd) > 0 {
		smp.Script = req.Cmd[0] // the command's name: a poll makes one sample, so no join
	}
	typ, ttl, m := n.Store.PeekKeyReusing(lock, r.lockMembers)
	r.lockMembers = m
	switch typ {
	case "hash":
		smp.Holders = m
	case "string":
		smp.Holders = r.stringHolder(prev, req, reply) // a simple lock: held while the key exists
	default:
		r.stringHolders = nil
	}
	smp.TTL = ttl
	if r.queueName == "" {
		r.queueName, r.timeoutName = clients.QueueName(lock), clients.TimeoutName(lock)
	}
	_, queueTTL, queue := n.Store.PeekKeyReusing(r.queueName, prevQueue)
	_, timeoutsTTL, timeouts := n.Store.PeekKeyReusing(r.timeoutName, prevTimeouts)
	smp.Queue, smp.Timeouts = queue, timeouts
	if req.Script != nil && reply.Kind == sim.KindInt && reply.Int < 0 && strings.Contains(req.Script.ID, "tryLockInnerAsync") {
		h.NegativeTTLs++
	}
	if req.Script != nil && reply.Kind == sim.KindInt && strings.Contains(req.Script.ID, "tryLockInnerAsync") {
		// the ttl a waiter will sleep on (the liveness check's bound)
		if kind, i := parseTag(req.Tag); kind == "op" && i < len(h.Ops) {
			h.Ops[i].LastTTL, h.Ops[i].LastTTLAt = reply.Int, r.World.Now()
		}
	}
	r.queue.Observe(n.Store, prev, &smp, req, h, r.openOp)
	if req.Script != nil && req.Script == r.spinScript {
		r.markSpin(n, req, reply, typ, queueTTL, timeoutsTTL)
	}
	if h.Store == nil {
		h.Store = sampleBufs.get() // an earlier run's, recycled, or nil
	}
	if len(h.Store) == cap(h.Store) {
		// Double, where append would grow a large slice by a quarter:
		// a run takes tens of thousands of samples of 168 bytes each.
		grown := make([]model.StoreSample, len(h.Store), max(2*cap(h.Store), 256))
		copy(grown, h.Store)
		h.Store = grown
	}
	h.Store = append(h.Store, smp)
	if len(h.Store) == maxStoreSamples {
		r.World.Fail(&sim.RunLimitError{At: smp.At, Reason: fmt.Sprintf(
			"more than %d commands ran at the store, and the checks keep what each did (%d MB of samples alone): shorten --safety and --liveness, or run fewer --procs or --threads, or a longer --lock-watchdog-timeout",
			maxStoreSamples, maxStoreSamples*int(unsafe.Sizeof(smp))>>20)})
	}
}

// MaxStoreSamples bounds the commands one run may send. The costliest run
// the project documents, fairlock-4.7.0's waiters spinning behind a
// crashed head for Redisson's default 5 minutes (seed 3, preset crash),
// sends about 1.5 million; a run past this bound stops with a
// RunLimitError rather than exhaust the machine's memory (one that reached
// 16 million took 9.6 GB).
const MaxStoreSamples = 4_000_000

// maxStoreSamples is MaxStoreSamples, lowered by tests.
var maxStoreSamples = MaxStoreSamples

// sampleBufs holds the store-sample buffers of runs recycled after their
// checks (Recycle): a batch's next run fills one instead of growing its
// own from nothing, which copied every sample at every doubling. What a
// run records does not depend on which buffer it got. (A sync.Pool would
// lose them at every garbage collection, and a batch collects often.)
var sampleBufs freeBufs

type freeBufs struct {
	mu   sync.Mutex
	bufs [][]model.StoreSample
}

func (f *freeBufs) get() []model.StoreSample {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.bufs); n > 0 {
		b := f.bufs[n-1]
		f.bufs = f.bufs[:n-1]
		return b
	}
	return nil
}

func (f *freeBufs) put(b []model.StoreSample) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.bufs) < 16 { // a batch has a few workers; more would only hold memory
		f.bufs = append(f.bufs, b)
	}
}

// Recycle hands the run's store samples back for a later run once nothing
// will read its history again (a batch's check has returned): the history
// is left without them.
func (r *Run) Recycle() {
	buf := r.History.Store
	r.History.Store = nil
	if cap(buf) == 0 {
		return
	}
	clear(buf) // drop what the samples point to
	sampleBufs.put(buf[:0])
}

// stringHolder is the holder a sample of a simple lock's string key
// shows: the owner whose SETNX or SET NX set it, which stays its holder
// until the key is gone (the value is no owner's name for setnx-expire
// and set-px). The slice is shared by the samples while it stays.
func (r *Run) stringHolder(prev *model.StoreSample, req sim.Request, reply sim.Reply) []string {
	set := len(req.Cmd) > 0 && (req.Cmd[0] == "SETNX" && reply.Kind == sim.KindInt && reply.Int == 1 ||
		req.Cmd[0] == "SET" && reply.Kind == sim.KindStatus)
	if !set && r.stringHolders != nil && prev != nil && len(prev.Holders) > 0 {
		return r.stringHolders
	}
	owner := "(unknown)"
	if op := r.History.CallOf(req.Tag); op != nil && set {
		owner = op.Owner
	}
	r.stringHolders = []string{owner}
	return r.stringHolders
}

// masterChanged samples a node that has just become master (a failover's
// promotion, a restart without persistence) as the first command on it
// will find the lock: what the change kept and what it lost. It only reads.
func (r *Run) masterChanged(n *sim.Node) {
	h := r.History
	if len(h.Store) == 0 {
		return // nothing ran yet: nothing to lose
	}
	r.epoch++
	lock := r.Workload.Lock
	now := n.Clock.UnixMs(r.World.Now())
	smp := model.StoreSample{At: r.World.Now(), Node: n.Name, Lock: lock, ServerMs: now, Epoch: r.epoch, Script: "(became master)"}
	typ, ttl, m := n.Store.PeekKeyAt(lock, now, nil)
	switch typ {
	case "hash":
		smp.Holders = m
	case "string":
		if r.stringHolders == nil {
			r.stringHolders = []string{"(unknown)"}
		}
		smp.Holders = r.stringHolders
	default:
		r.stringHolders = nil
	}
	smp.TTL = ttl
	if r.queueName == "" {
		r.queueName, r.timeoutName = clients.QueueName(lock), clients.TimeoutName(lock)
	}
	_, _, smp.Queue = n.Store.PeekKeyAt(r.queueName, now, nil)
	_, _, smp.Timeouts = n.Store.PeekKeyAt(r.timeoutName, now, nil)
	r.queue.MasterChanged(n.Store, smp.Queue)
	h.Store = append(h.Store, smp)
}

// noteNet records a message of a call that a fault acted on.
func (r *Run) noteNet(e sim.NetEffect) {
	ev := model.NetEvent{At: e.At, Proc: e.Proc, Tag: e.Tag, Kind: e.Kind, Why: e.Why, Delay: e.Delay, Fault: e.Fault}
	if op := r.History.CallOf(e.Tag); op != nil {
		ev.Owner = op.Owner
	}
	// a SUBSCRIBE to a fair lock's waiter channel serves its owner alone
	// (clients.WaiterChannel)
	if owner, ok := strings.CutPrefix(e.Channel, clients.ChannelName(r.Workload.Lock)+":"); ok && e.Tag == sim.SubscribeTag {
		ev.Owner = owner
	}
	r.History.Net = append(r.History.Net, ev)
}

// noteExec records, on the call a request's tag names, the master's clock
// when its script or command ran. A fair waiter's acquireFailed is not the
// call's decision (its last attempt was): it is recorded apart.
func (r *Run) noteExec(n *sim.Node, req sim.Request, reply sim.Reply, serverMs int64) {
	h := r.History
	kind, i := parseTag(req.Tag)
	switch {
	case kind == "op" && i < len(h.Ops):
		unlock := req.Script != nil && strings.Contains(req.Script.ID, "unlockInnerAsync")
		switch {
		case unlock && h.Ops[i].Call.Acquires():
			// 4.7.0's handleNoSync undoing the call's acquire: not its decision.
		case req.Script != nil && strings.Contains(req.Script.ID, "acquireFailed"):
			h.Ops[i].GaveUpAt, h.Ops[i].GaveUpVirtual, h.Ops[i].GaveUpEpoch = serverMs, r.World.Now(), r.epoch
		default:
			r.ran(&h.Ops[i], unlock, n, req, reply, serverMs)
		}
	case kind == "renew" && i < len(h.Renewals):
		r.ran(&h.Renewals[i], false, n, req, reply, serverMs)
	case kind == "unlock" && i < len(h.Unlocks):
		r.ran(&h.Unlocks[i], true, n, req, reply, serverMs)
	}
}

// ran records a run of call op's request on the master: the call's last
// run that acted (Op.ExecAt), and for an unlock the lease it carried
// (Op.ExecLease). An unlock's repeat that answered from its latch (4.7.0,
// RedissonLock.java:347-352) wrote nothing: the run before it stays the
// call's (a run that found no hold answers nil, not an integer).
func (r *Run) ran(op *model.Op, unlock bool, n *sim.Node, req sim.Request, reply sim.Reply, serverMs int64) {
	if unlock && op.ExecAt >= 0 && !n.Wrote() && reply.Kind == sim.KindInt {
		return
	}
	op.ExecAt, op.ExecVirtual, op.ExecEpoch = serverMs, r.World.Now(), r.epoch
	if !unlock {
		return
	}
	if l, ok := clients.UnlockLease(req); ok {
		op.ExecLease = l
	}
}

// noteWait records how long a renewal's WAIT waited on the master for
// its replicas' acknowledgements (model.Op.SyncWaited).
func (r *Run) noteWait(_ *sim.Node, tag string, waited sim.Duration) {
	if kind, i := parseTag(tag); kind == "renew" && i < len(r.History.Renewals) {
		r.History.Renewals[i].SyncWaited = waited
	}
}

// beforeExec lets the queue's books note, before a script with a latch
// guard runs, whether its latch key is there already (queuebook.Book).
func (r *Run) beforeExec(n *sim.Node, req sim.Request) { r.queue.BeforeExec(n.Store, req) }

// parseTag splits a request's tag, "op/N", "renew/N" or "unlock/N", into its kind and
// index ("", -1 when the request serves no recorded call).
func parseTag(tag string) (string, int) { return model.TagOf(tag) }

// openOp returns the acquire call owner has open now, if any.
func (r *Run) openOp(owner string) *model.Op {
	for _, prog := range r.progs {
		for _, t := range prog.threads {
			if t.op >= 0 && t.owner == owner {
				op := &r.History.Ops[t.op]
				if op.Outcome == "" && op.Call.Acquires() {
					return op
				}
			}
		}
	}
	return nil
}
