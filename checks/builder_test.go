package checks

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// The checks name a violation's mechanism from what the store did, so
// their tests build histories as a run records them: calls, sections and
// a sample of the master's lock after every command.

// at is x seconds of virtual time.
func at(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }

// serverMs is the master's clock at virtual time t (an exact clock).
func serverMs(t sim.Time) int64 { return 1_700_000_000_000 + int64(t)/int64(sim.Millisecond) }

// hist builds a history.
type hist struct {
	h    model.History
	node string
	ep   int
}

func newHist() *hist {
	return &hist{h: model.History{Settings: model.Settings{Redisson: true, Watchdog: 30000, Timeout: 3000}}, node: "redis-0"}
}

// proc is the process of owner "A" → "cA".
func proc(owner string) string { return "c" + owner }

// call records a call of owner from start to end (-1: open) with its
// outcome, and returns its index.
func (b *hist) call(owner string, k model.CallKind, start, end float64, outcome string) int {
	e := at(end)
	if end < 0 {
		e = -1
	}
	b.h.Ops = append(b.h.Ops, model.Op{Proc: proc(owner), Owner: owner, Lock: "L", Call: k, Lease: -1, Wait: -1,
		Start: at(start), End: e, Outcome: outcome, ExecAt: -1, GaveUpAt: -1})
	return len(b.h.Ops) - 1
}

// reenter records a call of owner made while its thread held the lock
// (a re-entry, a query, an unlock of an inner hold), as call does.
func (b *hist) reenter(owner string, k model.CallKind, start, end float64, outcome string) int {
	i := b.call(owner, k, start, end, outcome)
	b.h.Ops[i].Nested = true
	return i
}

// queued records that call i first appeared in the fair queue at place
// pos at x.
func (b *hist) queued(i, pos int, x float64) *hist {
	b.h.Ops[i].QueuePos, b.h.Ops[i].QueuedAt = pos, at(x)
	return b
}

// lease sets call i's lease (explicit, as the caller asked) and the lease
// its script armed.
func (b *hist) lease(i int, ms int64) *hist {
	b.h.Ops[i].Lease, b.h.Ops[i].ScriptLease = ms, ms
	return b
}

// ran records that call i's command ran on the master at x, leaving the
// lock held by holders with ttl ms (-2: absent).
func (b *hist) ran(i int, x float64, ttl int64, holders ...string) *hist {
	op := &b.h.Ops[i]
	op.ExecAt, op.ExecVirtual, op.ExecEpoch = serverMs(at(x)), at(x), b.ep
	if op.ScriptLease == 0 && op.Call.Acquires() {
		op.ScriptLease = b.watchdog()
	}
	b.sample(x, "op/"+strconv.Itoa(i), scriptOf(op.Call), ttl, holders...)
	return b
}

func scriptOf(k model.CallKind) string {
	switch k {
	case model.CallUnlock:
		return "RedissonLock.unlockInnerAsync"
	case model.CallForceUnlock:
		return "RedissonLock.forceUnlockAsync"
	case model.CallRenew:
		return "RedissonBaseLock.renewExpirationAsync"
	}
	return "RedissonLock.tryLockInnerAsync"
}

// renew records a renewal of owner sent at start, run at x (-1: never)
// and done at end, that re-armed ttl.
func (b *hist) renew(owner string, start, x, end float64, outcome string, holders ...string) int {
	b.h.Renewals = append(b.h.Renewals, model.Op{Proc: proc(owner), Thread: -1, Owner: owner, Lock: "L", Call: model.CallRenew,
		Start: at(start), End: at(end), Outcome: outcome, ExecAt: -1, ScriptLease: b.watchdog()})
	i := len(b.h.Renewals) - 1
	if x >= 0 {
		op := &b.h.Renewals[i]
		op.ExecAt, op.ExecVirtual = serverMs(at(x)), at(x)
		b.sample(x, "renew/"+strconv.Itoa(i), scriptOf(model.CallRenew), b.watchdog(), holders...)
	}
	return i
}

// chain records a watchdog task's renewals of owner, sent at starts, each
// re-arming lease ms and run and done within milliseconds; the first task
// timer was set at scheduled, each later one when the renewal before
// completed (Op.Scheduled). It returns the last renewal.
func (b *hist) chain(owner string, lease int64, scheduled sim.Time, starts ...float64) model.Op {
	for _, start := range starts {
		i := b.renew(owner, start, start+0.001, start+0.002, "renewed", owner)
		b.h.Renewals[i].ScriptLease, b.h.Renewals[i].Scheduled = lease, scheduled
		b.h.Store[len(b.h.Store)-1].TTL = lease
		scheduled = b.h.Renewals[i].End
	}
	return b.h.Renewals[len(b.h.Renewals)-1]
}

// version names the scripts recorded so far as version v's ("4.7.0/...").
func (b *hist) version(v string) *hist {
	for i := range b.h.Store {
		b.h.Store[i].Script = v + "/" + b.h.Store[i].Script
	}
	return b
}

// watchdog is the history's lockWatchdogTimeout (ms), what a renewal and
// an acquire without a lease arm.
func (b *hist) watchdog() int64 { return cmp.Or(b.h.Settings.Watchdog, 30000) }

// sample records the master's lock after a command at x (the samples
// stay in time order, as a run records them).
func (b *hist) sample(x float64, tag, script string, ttl int64, holders ...string) *hist {
	b.h.Store = append(b.h.Store, model.StoreSample{At: at(x), Node: b.node, ServerMs: serverMs(at(x)), Epoch: b.ep,
		Script: script, Tag: tag, Lock: "L", Holders: holders, TTL: ttl})
	slices.SortStableFunc(b.h.Store, func(p, q model.StoreSample) int { return cmp.Compare(p.At, q.At) })
	return b
}

// failover makes node the master at x, holding what it received.
func (b *hist) failover(x float64, node string, ttl int64, holders ...string) *hist {
	b.node, b.ep = node, b.ep+1
	return b.sample(x, "", becameMaster, ttl, holders...)
}

// section records owner's critical section from the return of call i to
// end (-1: open), taken with lease ms (-1: the watchdog's).
func (b *hist) section(i int, lease int64, end float64) *hist {
	op := b.h.Ops[i]
	e := at(end)
	if end < 0 {
		e = -1
	}
	b.h.Sections = append(b.h.Sections, model.Section{Proc: op.Proc, Owner: op.Owner, Lock: "L", Lease: lease, OuterLease: lease,
		Called: op.Start, Granted: op.Start, Start: op.End, End: e, StoreHolds: 1})
	return b
}

// net records a message of call tag that fault f acted on.
func (b *hist) net(x float64, owner, tag string, k sim.NetKind, delay sim.Duration, f int) *hist {
	b.h.Net = append(b.h.Net, model.NetEvent{At: at(x), Proc: proc(owner), Owner: owner, Tag: tag, Kind: k, Delay: delay, Fault: f})
	return b
}

// fault is a fault span from x for d seconds (d 0: instantaneous) with
// plan index i.
func fault(i int, k sim.FaultKind, target string, x, d float64) sim.FaultSpan {
	f := sim.FaultSpan{Fault: sim.Fault{At: at(x), Kind: k, Target: target, For: sim.Duration(d * float64(sim.Second)), Index: i}, Start: at(x), End: at(x + d)}
	return f
}
