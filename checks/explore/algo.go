package explore

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

const (
	lockName = "myLock"
	// MaxDelay is how long a delayed request may stay in flight, measured
	// from when its arguments were made: two watchdog leases, long enough to
	// arrive after the command timed out, after every re-send, and after the
	// lease it asked for ran out.
	MaxDelay = 60000
	// base is the clock reading of every state: the search keeps time
	// relative (see sim.Store.Rebase), so "now" is always this instant.
	base = sim.Epoch
)

// op is a command (or script) a client sends.
type op uint8

const (
	opNone op = iota
	opAcquire
	opUnlock
	opRenew
	opSetNX
	opExpire
	opSetPX
	opGet
	opDel
	opCAD
)

var opNames = [...]string{"none", "acquire", "unlock", "renew", "setnx", "expire", "set", "get", "del", "compare-and-delete"}

func (o op) String() string { return opNames[o] }

// algo is one lock algorithm as the model needs it: its client's options
// (Redisson's defaults, or those clients.NewSimple gives a simple lock),
// and the commands package clients builds for it.
type algo struct {
	redisson bool
	fair     bool
	v3168    bool
	simple   clients.SimpleKind
	opts     clients.Options
}

func newAlgo(cfg Config) (*algo, error) {
	a := &algo{}
	kind, version, ok := strings.Cut(cfg.Algo, "-")
	if !ok || (kind != "rlock" && kind != "fairlock") {
		if cfg.Scripts != "" || cfg.Mutant != "" {
			return nil, fmt.Errorf("--scripts and --mutant apply to the Redisson algorithms, not %s", cfg.Algo)
		}
		a.simple = clients.SimpleKind(cfg.Algo)
		a.opts = *clients.NewSimple(a.simple).Options()
		return a, nil
	}
	opts, err := clients.DefaultOptions(version, kind == "fairlock")
	if err != nil {
		return nil, err
	}
	if cfg.Scripts != "" {
		if opts.Scripts, err = clients.LoadScripts(version, cfg.Scripts); err != nil {
			return nil, err
		}
	}
	if cfg.Mutant != "" {
		if err := clients.ApplyMutant(&opts, cfg.Mutant, cfg.Algo); err != nil {
			return nil, err
		}
		if m := opts.Mutations; m.NoAcquireFailed || m.LeaseUnitIgnored || m.TimeoutAcquires {
			return nil, fmt.Errorf("--mutant %s changes tryLock or explicit leases, which explore's lock() workload never uses", cfg.Mutant)
		}
	}
	a.redisson, a.fair, a.v3168, a.opts = true, opts.Fair, version == "3.16.8", opts
	return a, nil
}

// threadName is the client (and process) name of thread i: A, B, C, D.
func threadName(i int) string { return string(rune('A' + i)) }

// owner is thread i's lock name (RedissonLock.getLockName: UUID:threadId),
// with the client's name standing for its UUID; every client runs its
// lock() on thread 1.
func (a *algo) owner(i int) string {
	if a.opts.Mutations.OwnerWithoutUUID {
		return "1"
	}
	return threadName(i) + ":1"
}

// value is what a simple lock's key holds while thread i has it.
func (a *algo) value(i int) string { return clients.SimpleValue(a.simple, a.owner(i)) }

// channelOf is the channel thread i waits on.
func (a *algo) channelOf(i int) string { return clients.WaiterChannel(lockName, a.owner(i), a.fair) }

// stamped says which keys hold timestamps as sorted-set scores: the fair
// lock's timeout set.
func (a *algo) stamped(key string) bool { return a.fair && key == clients.TimeoutName(lockName) }

// lease is the lease lock() asks for: the watchdog's, or a simple lock's.
func (a *algo) lease() int64 {
	if a.redisson {
		return a.opts.LockWatchdogTimeout
	}
	return clients.SimpleLease
}

// renewEvery is the watchdog's period (internalLockLeaseTime / 3).
func (a *algo) renewEvery() int64 {
	if a.opts.Mutations.WatchdogEveryLease {
		return a.lease()
	}
	return a.lease() / 3
}

// exec runs thread i's command o, made at Unix ms now, on s, and returns
// the reply and the command line for the story.
func (a *algo) exec(s *sim.Store, o op, i int, now int64) (sim.Reply, string) {
	own := a.owner(i)
	eval := func(r clients.Request) (sim.Reply, string) {
		return s.Eval(r.Script, r.Keys, r.Argv), r.Script.ID + " " + strings.Join(r.Argv, " ")
	}
	do := func(args ...string) (sim.Reply, string) { return s.Do(args...), strings.Join(args, " ") }
	switch o {
	case opAcquire: // lock(): waitTime -1, the watchdog's lease
		return eval(clients.AcquireRequest(&a.opts, lockName, own, now, -1, clients.Milliseconds, a.lease(), false))
	case opUnlock:
		return eval(clients.UnlockRequest(&a.opts, lockName, own, a.lease(), now))
	case opRenew:
		return eval(clients.RenewRequest(&a.opts, lockName, own, a.lease()))
	case opSetNX:
		return do("SETNX", lockName, a.value(i))
	case opExpire:
		return do(clients.ExpireCommand(lockName, a.lease())...)
	case opSetPX:
		return do(clients.SetPXCommand(lockName, a.value(i), a.lease())...)
	case opGet:
		return do("GET", lockName)
	case opDel:
		return do("DEL", lockName)
	case opCAD:
		r := s.EvalSource(clients.CompareAndDelete, []string{lockName}, []string{a.value(i)})
		return r, "compare-and-delete " + a.value(i)
	}
	panic("explore: exec of " + o.String())
}

// acquireOp is the first command of an acquisition attempt.
func (a *algo) acquireOp() op {
	switch {
	case a.redisson:
		return opAcquire
	case a.simple == clients.SetNXExpire:
		return opSetNX
	}
	return opSetPX
}

// releaseOp is the first command of a release.
func (a *algo) releaseOp() op {
	switch {
	case a.redisson:
		return opUnlock
	case a.simple == clients.SetUUIDGetDel:
		return opGet
	case a.simple == clients.SetUUIDLua:
		return opCAD
	}
	return opDel
}
