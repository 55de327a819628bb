package explore

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// The client constants the model uses: Redisson's defaults (Config and
// RedissonLock), and seed 003's simple locks as package clients runs them.
const (
	lockName       = "myLock"
	watchdogLease  = 30000 // Config.lockWatchdogTimeout: lock() leases for this
	commandTimeout = 3000  // Config.timeout: response timeout of one command
	retryInterval  = 1500  // Config.retryInterval: 3.16.8's pause before a re-send
	retryAttempts  = 3     // Config.retryAttempts: re-sends after a timeout (3.16.8)
	simpleLease    = 30000 // seed 003's lease
	simplePoll     = 100   // clients.simpleRetry: a simple lock's poll interval
	// MaxDelay is how long a delayed request may stay in flight, measured
	// from when its arguments were made: two leases, long enough to arrive
	// after the command timed out, after every re-send, and after the lease
	// it asked for ran out.
	MaxDelay = 2 * watchdogLease
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

// algo is one lock algorithm as the model needs it: how its commands are
// built and where its pub/sub messages go.
type algo struct {
	name     string
	redisson bool
	fair     bool
	v3168    bool
	simple   clients.SimpleKind
	scripts  *clients.ScriptSet
	muts     clients.Mutations
	resend   bool  // 3.16.8 re-sends a command whose reply timed out
	wait     int64 // RedissonFairLock threadWaitTime

	queue, timeout, channel string
}

func newAlgo(cfg Config) (*algo, error) {
	a := &algo{name: cfg.Algo}
	a.queue = clients.PrefixName("redisson_lock_queue", lockName)
	a.timeout = clients.PrefixName("redisson_lock_timeout", lockName)
	a.channel = clients.PrefixName("redisson_lock__channel", lockName)
	kind, version, ok := strings.Cut(cfg.Algo, "-")
	if !ok || (kind != "rlock" && kind != "fairlock") {
		if cfg.Scripts != "" || cfg.Mutant != "" {
			return nil, fmt.Errorf("--scripts and --mutant apply to the Redisson algorithms, not %s", cfg.Algo)
		}
		a.simple = clients.SimpleKind(cfg.Algo)
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
	a.redisson, a.fair, a.v3168 = true, opts.Fair, version == "3.16.8"
	a.scripts, a.muts, a.resend, a.wait = opts.Scripts, opts.Mutations, opts.ResendOnTimeout, opts.ThreadWaitTime
	return a, nil
}

// threadName is the client (and process) name of thread i: A, B, C, D.
func threadName(i int) string { return string(rune('A' + i)) }

// owner is thread i's lock name (RedissonLock.getLockName: UUID:threadId),
// with the client's name standing for its UUID; every client runs its
// lock() on thread 1.
func (a *algo) owner(i int) string {
	if a.muts.OwnerWithoutUUID {
		return "1"
	}
	return threadName(i) + ":1"
}

// value is what a simple lock's key holds while thread i has it.
func (a *algo) value(i int) string {
	if a.simple == clients.SetUUIDGetDel || a.simple == clients.SetUUIDLua {
		return a.owner(i)
	}
	return "1"
}

// channelOf is the channel thread i waits on: the lock's channel, or for
// the fair lock its own (RedissonFairLock.getChannelName + ":" + lockName).
func (a *algo) channelOf(i int) string {
	if a.fair {
		return a.channel + ":" + a.owner(i)
	}
	return a.channel
}

// stamped says which keys hold timestamps as sorted-set scores: the fair
// lock's timeout set.
func (a *algo) stamped(key string) bool { return a.fair && key == a.timeout }

// renewEvery is the watchdog's period (internalLockLeaseTime / 3).
func (a *algo) renewEvery() int64 {
	if a.muts.WatchdogEveryLease {
		return watchdogLease
	}
	return watchdogLease / 3
}

// exec runs thread i's command o, made at Unix ms now, on s, and returns
// the reply and the command line for the story.
func (a *algo) exec(s *sim.Store, o op, i int, now int64) (sim.Reply, string) {
	lease := strconv.FormatInt(watchdogLease, 10)
	nowS := strconv.FormatInt(now, 10)
	own := a.owner(i)
	eval := func(sc *sim.Script, keys, argv []string) (sim.Reply, string) {
		return s.Eval(sc, keys, argv), sc.ID + " " + strings.Join(argv, " ")
	}
	do := func(args ...string) (sim.Reply, string) { return s.Do(args...), strings.Join(args, " ") }
	sc := a.scripts
	switch o {
	case opAcquire:
		switch {
		case !a.fair:
			// RedissonLock.tryLockInnerAsync: KEYS [name], ARGV [lease, lockName].
			return eval(sc.Acquire, []string{lockName}, []string{lease, own})
		case !a.v3168:
			// 3.8.1 RedissonFairLock.tryLockInnerAsync: ARGV [lease, lockName, now+threadWaitTime, now].
			return eval(sc.FairAcquire, []string{lockName, a.queue, a.timeout}, []string{lease, own, strconv.FormatInt(now+a.wait, 10), nowS})
		default:
			// 3.16.8: ARGV [lease, lockName, threadWaitTime, now] (lock(): waitTime -1).
			return eval(sc.FairAcquire, []string{lockName, a.queue, a.timeout}, []string{lease, own, strconv.FormatInt(a.wait, 10), nowS})
		}
	case opUnlock:
		if a.fair {
			return eval(sc.FairUnlock, []string{lockName, a.queue, a.timeout, a.channel}, []string{"0", lease, own, nowS})
		}
		return eval(sc.Unlock, []string{lockName, a.channel}, []string{"0", lease, own})
	case opRenew:
		return eval(sc.Renew, []string{lockName}, []string{lease, own})
	case opSetNX:
		return do("SETNX", lockName, a.value(i))
	case opExpire:
		return do("EXPIRE", lockName, strconv.FormatInt(simpleLease/1000, 10))
	case opSetPX:
		return do("SET", lockName, a.value(i), "NX", "PX", strconv.FormatInt(simpleLease, 10))
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
