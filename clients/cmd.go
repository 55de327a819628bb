package clients

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/locksim/locksim/sim"
)

// Op is the command a client sends, by what it does.
type Op uint8

// The commands.
const (
	OpNone          Op = iota
	OpAcquire          // tryLockInnerAsync with EVAL_LONG (lock, tryLock(wait))
	OpAcquireNoWait    // tryLockInnerAsync with EVAL_NULL_BOOLEAN (tryLock())
	OpAcquireFailed    // RedissonFairLock.acquireFailedAsync
	OpUnlock           // unlockInnerAsync
	OpForceUnlock      // forceUnlockAsync
	OpRenew            // renewExpirationAsync
	OpExists           // isLocked: EXISTS name
	OpHExists          // isHeldByThread: HEXISTS name lockName
	OpHGet             // getHoldCount: HGET name lockName
	OpDelete           // the fair lock's delete: DEL name queue timeouts
	OpSetNX            // setnx-expire: SETNX name 1
	OpExpire           // setnx-expire: EXPIRE name seconds
	OpSetPX            // SET name value NX PX lease
	OpGet              // set-uuid-getdel: GET name
	OpDel              // DEL name
	OpCAD              // set-uuid-lua: compare-and-delete
	OpDelLatch         // 4.7.0: DEL of an unlock's latch after its reply (RedissonBaseLock.java:235-245)
	OpAcquireToken     // 4.7.0: RedissonFencedLock.tryLockInnerAsync with EVAL_LONG_LIST (lockAndGetToken, tryLockAndGetToken)
	OpPTTL             // remainTimeToLive: PTTL name
)

var opNames = [...]string{"", "acquire", "acquire-nowait", "acquire-failed", "unlock", "force-unlock", "renew",
	"exists", "hexists", "hget", "delete", "setnx", "expire", "set-px", "get", "del", "cad", "del-latch", "acquire-token", "pttl"}

func (o Op) String() string { return opNames[o] }

// ParseOp is the inverse of Op.String.
func ParseOp(s string) (Op, bool) {
	for i, n := range opNames {
		if i > 0 && n == s {
			return Op(i), true
		}
	}
	return OpNone, false
}

// Cmd is one command as a client builds it, before it is rendered into a
// script call: what it does, for which thread, and the arguments that
// vary. It is a small comparable value, so a driver can keep it in a
// message, memoize what Redis does with it, and move its time (At) when
// it moves the clock.
type Cmd struct {
	Op     Op
	Thread int64 // the thread whose lock name (owner field) the command carries
	Lease  int64 // ms: the lease a script sets (pexpire) or a simple lock's PX/EXPIRE
	Wait   int64 // ms: the fair lock's wait argument (3.16.8), acquireFailed's decrement
	At     int64 // the wall clock (Unix ms) the command's "now" argument was read at
	// Sync is the number of replicas a 3.16.8 lock command's batch WAITs
	// for (0: a plain command).
	Sync int
	// 4.7.0's unlock: the request id (ServiceManager.generateId, 32 hex
	// digits: ReqN, the client's count of unlock ids, then ReqR, drawn bits)
	// and the latch lifetime in ms (RedissonBaseLock.java:222-231).
	ReqN  uint32
	ReqR  uint64
	Latch int64
}

// RequestID renders an unlock's request id: 32 lower-case hex digits as
// ServiceManager.generateId makes them (ServiceManager.java:675-687). Java's
// are 16 random bytes; here the first half counts the client's unlock ids,
// so ids never repeat even where the driver draws nothing (explore).
func (c Cmd) RequestID() string { return fmt.Sprintf("%016x%016x", c.ReqN, c.ReqR) }

// LatchName is RedissonBaseLock.getUnlockLatchName (RedissonBaseLock.java:212-214).
func LatchName(name, requestID string) string {
	return PrefixName("redisson_unlock_latch", name) + ":" + requestID
}

// publishCommand is PublishSubscribeService.getPublishCommand: "publish"
// (SPUBLISH only for a cluster with sharded pub/sub, PublishSubscribeService.java:1189-1194).
const publishCommand = "publish"

// unlockMessage is LockPubSub.UNLOCK_MESSAGE (0L).
const unlockMessage = "0"

// CompareAndDelete is seed 003's (and seed 000's) atomic release script.
const CompareAndDelete = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

var compareAndDeleteScript = mustCompile("simple/compare-and-delete", CompareAndDelete)

func mustCompile(id, src string) *sim.Script {
	s, err := sim.CompileScript(id, src)
	if err != nil {
		panic(err)
	}
	return s
}

// PrefixName is RedissonObject.prefixName: the name of a lock's queue,
// timeout set or channel ("prefix:{name}", or "prefix:name" when name
// already has a hash tag).
func PrefixName(prefix, name string) string {
	if strings.Contains(name, "{") {
		return prefix + ":" + name
	}
	return prefix + ":{" + name + "}"
}

// ChannelName is the lock's pub/sub channel (RedissonLock.getChannelName).
func ChannelName(name string) string { return PrefixName("redisson_lock__channel", name) }

// TokenName is the fenced lock's token counter (RedissonFencedLock's
// tokenName: prefixName("redisson_lock_token", name)).
func TokenName(name string) string { return PrefixName("redisson_lock_token", name) }

// QueueName is the fair lock's waiter queue (RedissonFairLock.threadsQueueName).
func QueueName(name string) string { return PrefixName("redisson_lock_queue", name) }

// TimeoutName is the fair lock's timeout set (RedissonFairLock.timeoutSetName).
func TimeoutName(name string) string { return PrefixName("redisson_lock_timeout", name) }

// WaiterChannel is the channel a waiter for lock name listens on: the
// lock's channel, or for the fair lock its own (RedissonFairLock.getChannelName
// + ":" + lockName), which the fair unlock publishes to.
func WaiterChannel(name, owner string, fair bool) string {
	if fair {
		return ChannelName(name) + ":" + owner
	}
	return ChannelName(name)
}

// SimpleValue is what a simple lock's key holds while owner has it: the
// owner for the UUID locks, "1" for the others.
func SimpleValue(kind SimpleKind, owner string) string {
	if kind == SetUUIDGetDel || kind == SetUUIDLua {
		return owner
	}
	return "1"
}

// ExpireSeconds is setnx-expire's EXPIRE argument: whole seconds, rounded up.
func ExpireSeconds(leaseMs int64) int64 { return (leaseMs + 999) / 1000 }

// OwnerName is RedissonBaseLock.getLockName(threadId): UUID:threadId, the
// field a lock hash keeps per owner (the simple locks name holders the same).
func (cf *Config) OwnerName(uuid string, tid int64) string {
	if cf.Opts.Mutations.OwnerWithoutUUID {
		return strconv.FormatInt(tid, 10)
	}
	return uuid + ":" + strconv.FormatInt(tid, 10)
}

// Render turns cmd, sent by the client with this UUID, into the request
// Redis receives: the script (or command) with its KEYS and ARGV exactly
// as Redisson (or seed 003's code) builds them, wrapped in 3.16.8's batch
// with WAIT when cmd.Sync > 0.
func (cf *Config) Render(uuid string, cmd Cmd) sim.Request {
	req := cf.render(uuid, cmd)
	if cmd.Sync > 0 {
		// RedissonBaseLock.evalWriteAsync: BatchOptions.syncSlaves(availableSlaves, 1, SECONDS).
		return sim.Request{Batch: []sim.Request{req, {Cmd: []string{"WAIT", strconv.Itoa(cmd.Sync), "1000"}}}}
	}
	return req
}

func (cf *Config) render(uuid string, cmd Cmd) sim.Request {
	o, name := &cf.Opts, cf.Lock
	owner := cf.OwnerName(uuid, cmd.Thread)
	ms := func(v int64) string { return strconv.FormatInt(v, 10) }
	fairKeys := func() []string {
		if name == cf.fairKeysOf {
			return cf.fairKeys
		}
		return []string{name, QueueName(name), TimeoutName(name)}
	}
	switch cmd.Op {
	case OpAcquireToken:
		// RedissonFencedLock.tryLockInnerAsync(leaseTime, unit, threadId):
		// KEYS [name, tokenName], ARGV [lease, lockName] (RedissonFencedLock.java:104-116).
		return sim.Request{Script: o.Scripts.FencedAcquireToken, Keys: []string{name, TokenName(name)}, Argv: []string{ms(cmd.Lease), owner}}
	case OpAcquire, OpAcquireNoWait:
		lease := ms(cmd.Lease)
		if o.Fenced {
			// The overload RedissonLock's inherited paths call (RedissonFencedLock.java:281-293).
			return sim.Request{Script: o.Scripts.FencedAcquire, Keys: []string{name, TokenName(name)}, Argv: []string{lease, owner}}
		}
		if !o.Fair {
			// RedissonLock.tryLockInnerAsync: KEYS [name], ARGV [lease, lockName].
			sc := o.Scripts.Acquire
			return sim.Request{Script: sc, Keys: []string{name}, Argv: []string{lease, owner}}
		}
		now := ms(cmd.At)
		if o.Era == Era38 {
			// 3.8.1 RedissonFairLock.tryLockInnerAsync: ARGV [lease, lockName, now] or
			// [lease, lockName, now + threadWaitTime, now].
			if cmd.Op == OpAcquireNoWait {
				return sim.Request{Script: o.Scripts.FairAcquireNoWait, Keys: fairKeys(), Argv: []string{lease, owner, now}}
			}
			return sim.Request{Script: o.Scripts.FairAcquire, Keys: fairKeys(), Argv: []string{lease, owner, ms(cmd.At + o.ThreadWaitTime), now}}
		}
		// 3.16.8 RedissonFairLock.tryLockInnerAsync: EVAL_NULL_BOOLEAN takes
		// [lease, lockName, now, wait], EVAL_LONG [lease, lockName, wait, now].
		if cmd.Op == OpAcquireNoWait {
			return sim.Request{Script: o.Scripts.FairAcquireNoWait, Keys: fairKeys(), Argv: []string{lease, owner, now, ms(cmd.Wait)}}
		}
		return sim.Request{Script: o.Scripts.FairAcquire, Keys: fairKeys(), Argv: []string{lease, owner, ms(cmd.Wait), now}}
	case OpAcquireFailed:
		// RedissonFairLock.acquireFailedAsync: KEYS [queue, timeouts], ARGV [lockName, wait].
		return sim.Request{Script: o.Scripts.FairAcquireFailed, Keys: []string{QueueName(name), TimeoutName(name)}, Argv: []string{owner, ms(cmd.Wait)}}
	case OpUnlock:
		if o.UnlockLatch {
			return cf.renderUnlock470(owner, cmd)
		}
		if o.Fair {
			// RedissonFairLock.unlockInnerAsync: ARGV [0, lease, lockName, now].
			return sim.Request{Script: o.Scripts.FairUnlock, Keys: []string{name, QueueName(name), TimeoutName(name), ChannelName(name)},
				Argv: []string{unlockMessage, ms(cmd.Lease), owner, ms(cmd.At)}}
		}
		return sim.Request{Script: o.Scripts.Unlock, Keys: []string{name, ChannelName(name)}, Argv: []string{unlockMessage, ms(cmd.Lease), owner}}
	case OpForceUnlock:
		if o.Era >= Era4 {
			return cf.renderForceUnlock470(cmd)
		}
		if o.Fair {
			// RedissonFairLock.forceUnlockAsync: ARGV [0, now].
			return sim.Request{Script: o.Scripts.FairForceUnlock, Keys: []string{name, QueueName(name), TimeoutName(name), ChannelName(name)},
				Argv: []string{unlockMessage, ms(cmd.At)}}
		}
		return sim.Request{Script: o.Scripts.ForceUnlock, Keys: []string{name, ChannelName(name)}, Argv: []string{unlockMessage}}
	case OpRenew:
		// 3.x renewExpirationAsync: KEYS [name], ARGV [lease, lockName]; 4.7.0's
		// LockTask.buildChunk with one lock: KEYS [name], ARGV [lease, lockName of
		// the entry's first thread] (LockTask.java:45-95).
		return sim.Request{Script: o.Scripts.Renew, Keys: []string{name}, Argv: []string{ms(cmd.Lease), owner}}
	case OpDelLatch:
		return sim.Request{Cmd: []string{"DEL", LatchName(name, cmd.RequestID())}}
	case OpPTTL:
		return sim.Request{Cmd: []string{"PTTL", name}}
	case OpExists:
		return sim.Request{Cmd: []string{"EXISTS", name}}
	case OpHExists:
		return sim.Request{Cmd: []string{"HEXISTS", name, owner}}
	case OpHGet:
		return sim.Request{Cmd: []string{"HGET", name, owner}}
	case OpDelete:
		if o.Fenced {
			// RedissonFencedLock.deleteAsync: DEL name tokenName (RedissonFencedLock.java:295-298).
			return sim.Request{Cmd: []string{"DEL", name, TokenName(name)}}
		}
		return sim.Request{Cmd: append([]string{"DEL"}, fairKeys()...)}
	case OpSetNX:
		return sim.Request{Cmd: []string{"SETNX", name, SimpleValue(cf.Simple, owner)}}
	case OpExpire:
		return sim.Request{Cmd: []string{"EXPIRE", name, ms(ExpireSeconds(cmd.Lease))}}
	case OpSetPX:
		return sim.Request{Cmd: []string{"SET", name, SimpleValue(cf.Simple, owner), "NX", "PX", ms(cmd.Lease)}}
	case OpGet:
		return sim.Request{Cmd: []string{"GET", name}}
	case OpDel:
		return sim.Request{Cmd: []string{"DEL", name}}
	case OpCAD:
		return sim.Request{Script: compareAndDeleteScript, Keys: []string{name}, Argv: []string{SimpleValue(cf.Simple, owner)}}
	}
	panic("clients: render of " + cmd.Op.String())
}

// UnlockLease is the lease (ms) an unlockInnerAsync request re-arms a hold
// it leaves with, its ARGV[2] in every version (render); ok is false for
// a request that is not one.
func UnlockLease(req sim.Request) (lease int64, ok bool) {
	if req.Script == nil || !strings.Contains(req.Script.ID, "unlockInnerAsync") || len(req.Argv) < 2 {
		return 0, false
	}
	l, err := strconv.ParseInt(req.Argv[1], 10, 64)
	return l, err == nil
}

// renderUnlock470 is 4.7.0's unlockInnerAsync: RedissonLock's KEYS [name,
// channel, latch], ARGV [0, lease, lockName, publish, latch ttl]
// (RedissonLock.java:347-371); RedissonFairLock's KEYS [name, queue,
// timeouts, channel, latch], ARGV [0, lease, lockName, now, publish, latch
// ttl] (RedissonFairLock.java:234-285).
func (cf *Config) renderUnlock470(owner string, cmd Cmd) sim.Request {
	o, name := &cf.Opts, cf.Lock
	ms := func(v int64) string { return strconv.FormatInt(v, 10) }
	latch := LatchName(name, cmd.RequestID())
	if o.Fair {
		return sim.Request{Script: o.Scripts.FairUnlock, Keys: []string{name, QueueName(name), TimeoutName(name), ChannelName(name), latch},
			Argv: []string{unlockMessage, ms(cmd.Lease), owner, ms(cmd.At), publishCommand, ms(cmd.Latch)}}
	}
	return sim.Request{Script: o.Scripts.Unlock, Keys: []string{name, ChannelName(name), latch},
		Argv: []string{unlockMessage, ms(cmd.Lease), owner, publishCommand, ms(cmd.Latch)}}
}

// renderForceUnlock470 is 4.7.0's forceUnlockAsync: RedissonLock's ARGV [0,
// publish] (RedissonLock.java:334-345), RedissonFairLock's [0, now, publish]
// (RedissonFairLock.java:319-350).
func (cf *Config) renderForceUnlock470(cmd Cmd) sim.Request {
	o, name := &cf.Opts, cf.Lock
	if o.Fair {
		return sim.Request{Script: o.Scripts.FairForceUnlock, Keys: []string{name, QueueName(name), TimeoutName(name), ChannelName(name)},
			Argv: []string{unlockMessage, strconv.FormatInt(cmd.At, 10), publishCommand}}
	}
	return sim.Request{Script: o.Scripts.ForceUnlock, Keys: []string{name, ChannelName(name)}, Argv: []string{unlockMessage, publishCommand}}
}
