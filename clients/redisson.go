package clients

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
)

// unlockMessage is LockPubSub.UNLOCK_MESSAGE (0L).
const unlockMessage = "0"

// Unit is a java.util.concurrent.TimeUnit: Redisson converts waits with the
// caller's unit, and one of its bugs (#4743) comes from converting with the
// wrong one, so the simulation keeps units.
type Unit int64

// The units workloads use.
const (
	Milliseconds Unit = 1
	Seconds      Unit = 1000
)

func (u Unit) toMillis(n int64) int64 { return n * int64(u) }

// Options configures a simulated Redisson client (Config and the lock's
// constructor arguments).
type Options struct {
	Version string // "3.8.1" or "3.16.8"
	Fair    bool   // getFairLock instead of getLock

	LockWatchdogTimeout int64 // Config.lockWatchdogTimeout, ms (30000)
	ThreadWaitTime      int64 // RedissonFairLock threadWaitTime, ms (5000 in 3.8.1, 300000 default in 3.16.8)
	Timeout             int64 // Config.timeout, ms (3000)
	RetryAttempts       int   // Config.retryAttempts (3)
	RetryInterval       int64 // Config.retryInterval, ms (1500)

	// ResendOnTimeout: re-send a command whose reply timed out (3.16.8, since 3.10.0).
	ResendOnTimeout bool
	// SyncReplicas: wrap each lock EVAL in a batch with WAIT <replicas> 1000 (3.16.8, #2669).
	SyncReplicas bool

	Scripts *ScriptSet

	// Mutations break the client on purpose (the mutants catalog).
	Mutations Mutations
}

// DefaultOptions returns the defaults of a Redisson version.
func DefaultOptions(version string, fair bool) (Options, error) {
	o := Options{Version: version, Fair: fair, LockWatchdogTimeout: 30000, Timeout: 3000, RetryAttempts: 3, RetryInterval: 1500}
	switch version {
	case "3.8.1":
		o.ThreadWaitTime = 5000
	case "3.16.8":
		o.ThreadWaitTime = 300000
		o.ResendOnTimeout = true
		o.SyncReplicas = true
	default:
		return o, fmt.Errorf("unknown Redisson version %q (known: 3.8.1, 3.16.8)", version)
	}
	set, err := LoadScripts(version, "")
	if err != nil {
		return o, err
	}
	o.Scripts = set
	return o, nil
}

// ScriptSet is the compiled scripts of one Redisson version.
type ScriptSet struct {
	Acquire, Unlock, Renew, ForceUnlock                                            *sim.Script
	FairAcquire, FairAcquireNoWait, FairAcquireFailed, FairUnlock, FairForceUnlock *sim.Script
}

// LoadScripts compiles a version's scripts from the embedded registry, or,
// when dir is set, from a user's script directory (scripts.LoadDir layout),
// so a fork or a fix runs under every check.
func LoadScripts(version, dir string) (*ScriptSet, error) {
	key := version + "\x00" + dir
	if dir == "" {
		scriptCache.Lock()
		set := scriptCache.sets[key]
		scriptCache.Unlock()
		if set != nil {
			return set, nil
		}
	}
	set, err := loadScripts(version, dir)
	if err == nil && dir == "" {
		scriptCache.Lock()
		scriptCache.sets[key] = set
		scriptCache.Unlock()
	}
	return set, err
}

// scriptCache holds the compiled embedded scripts: compiled prototypes are
// immutable, so every run (and every worker) can share them.
var scriptCache = struct {
	sync.Mutex
	sets map[string]*ScriptSet
}{sets: map[string]*ScriptSet{}}

func loadScripts(version, dir string) (*ScriptSet, error) {
	var own map[string]*scripts.Script
	if dir != "" {
		var err error
		if own, err = scripts.LoadDir(dir); err != nil {
			return nil, err
		}
	}
	return compileScripts(version, own)
}

// compileScripts compiles a version's scripts, taking those in own (by ID)
// instead of the embedded ones.
func compileScripts(version string, own map[string]*scripts.Script) (*ScriptSet, error) {
	renewClass := "RedissonLock"
	if version == "3.16.8" {
		renewClass = "RedissonBaseLock"
	}
	get := func(name string) (*sim.Script, error) {
		id := version + "/" + name
		var s *scripts.Script
		if own != nil && own[id] != nil {
			s = own[id]
		} else {
			var err error
			if s, err = scripts.Lookup(id); err != nil {
				return nil, err
			}
		}
		c, err := sim.CompileScript(id, s.Source)
		if err != nil && s.File != "" {
			return nil, fmt.Errorf("%s: script %s: %v", s.File, id, err)
		}
		return c, err
	}
	set := &ScriptSet{}
	for _, x := range []struct {
		dst  **sim.Script
		name string
	}{
		{&set.Acquire, "RedissonLock.tryLockInnerAsync"},
		{&set.Unlock, "RedissonLock.unlockInnerAsync"},
		{&set.Renew, renewClass + ".renewExpirationAsync"},
		{&set.ForceUnlock, "RedissonLock.forceUnlockAsync"},
		{&set.FairAcquire, "RedissonFairLock.tryLockInnerAsync.EVAL_LONG"},
		{&set.FairAcquireNoWait, "RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN"},
		{&set.FairAcquireFailed, "RedissonFairLock.acquireFailedAsync"},
		{&set.FairUnlock, "RedissonFairLock.unlockInnerAsync"},
		{&set.FairForceUnlock, "RedissonFairLock.forceUnlockAsync"},
	} {
		s, err := get(x.name)
		if err != nil {
			return nil, err
		}
		*x.dst = s
	}
	return set, nil
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

// RLock is one Redisson lock object (RedissonLock or RedissonFairLock) as
// one thread of a client uses it.
type RLock struct {
	c        *Redisson
	Name     string
	ThreadID int64
	// internalLockLeaseTime is RedissonLock.internalLockLeaseTime: the
	// watchdog lease, replaced by an explicit lease once one is used.
	internalLockLeaseTime int64
	// Tag labels the scripts this lock object sends for the current call,
	// so that an observer can tell which call a script execution served.
	Tag string
	// lastTry is when the latest acquire script was sent (virtual time, for
	// the history: a lease starts when the successful one runs).
	lastTry sim.Time
}

func (l *RLock) fair() bool        { return l.c.opts.Fair }
func (l *RLock) v3168() bool       { return l.c.opts.Version == "3.16.8" }
func (l *RLock) lockName() string  { return l.c.lockName(l.ThreadID) }
func (l *RLock) entryName() string { return l.c.UUID + ":" + l.Name } // getEntryName

// ChannelName is the lock's pub/sub channel (RedissonLock.getChannelName).
func ChannelName(name string) string { return PrefixName("redisson_lock__channel", name) }

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

// Request is one lock command as Redisson builds it: a script with its
// KEYS and ARGV.
type Request struct {
	Script     *sim.Script
	Keys, Argv []string
}

// AcquireRequest is tryLockInnerAsync's command for lock name and owner
// at Unix ms now, for the lock's kind and version: waitTime and unit are
// the caller's (3.16.8 passes them to the fair script's wait argument);
// leaseMs is already converted; noWait picks tryLock()'s EVAL_NULL_BOOLEAN
// variant, which never enqueues.
func AcquireRequest(o *Options, name, owner string, now, waitTime int64, unit Unit, leaseMs int64, noWait bool) Request {
	lease := strconv.FormatInt(leaseMs, 10)
	if !o.Fair {
		// RedissonLock.tryLockInnerAsync: KEYS [name], ARGV [lease, lockName].
		return Request{o.Scripts.Acquire, []string{name}, []string{lease, owner}}
	}
	keys := []string{name, QueueName(name), TimeoutName(name)}
	nowS := strconv.FormatInt(now, 10)
	if o.Version != "3.16.8" {
		// 3.8.1 RedissonFairLock.tryLockInnerAsync: threadWaitTime is fixed at 5000.
		if noWait {
			return Request{o.Scripts.FairAcquireNoWait, keys, []string{lease, owner, nowS}}
		}
		return Request{o.Scripts.FairAcquire, keys, []string{lease, owner, strconv.FormatInt(now+o.ThreadWaitTime, 10), nowS}}
	}
	// 3.16.8 RedissonFairLock.tryLockInnerAsync: wait = threadWaitTime, or
	// unit.toMillis(waitTime) when a wait is given, with the unit passed in
	// (MILLISECONDS when leaseTime is -1: the #4743 unit bug).
	wait := o.ThreadWaitTime
	if waitTime != -1 {
		wait = unit.toMillis(waitTime)
	}
	if noWait {
		return Request{o.Scripts.FairAcquireNoWait, keys, []string{lease, owner, nowS, strconv.FormatInt(wait, 10)}}
	}
	return Request{o.Scripts.FairAcquire, keys, []string{lease, owner, strconv.FormatInt(wait, 10), nowS}}
}

// UnlockRequest is unlockInnerAsync's command: the fair script also gets
// the queue, the timeout set and now.
func UnlockRequest(o *Options, name, owner string, leaseMs, now int64) Request {
	lease := strconv.FormatInt(leaseMs, 10)
	if o.Fair {
		return Request{o.Scripts.FairUnlock, []string{name, QueueName(name), TimeoutName(name), ChannelName(name)},
			[]string{unlockMessage, lease, owner, strconv.FormatInt(now, 10)}}
	}
	return Request{o.Scripts.Unlock, []string{name, ChannelName(name)}, []string{unlockMessage, lease, owner}}
}

// RenewRequest is renewExpirationAsync's command.
func RenewRequest(o *Options, name, owner string, leaseMs int64) Request {
	return Request{o.Scripts.Renew, []string{name}, []string{strconv.FormatInt(leaseMs, 10), owner}}
}

// evalWrite sends a lock script: a plain EVALSHA in 3.8.1; in 3.16.8
// (RedissonBaseLock.evalWriteAsync) a batch with WAIT <available replicas>
// 1000 when there are replicas, failing with "Only X of Y slaves were
// synced" when WAIT counts fewer.
func (l *RLock) evalWrite(sc *sim.Script, keys, argv []string, cb func(sim.Reply, error)) {
	l.evalWriteTagged(l.Tag, sc, keys, argv, cb)
}

// evalWriteTagged is evalWrite with the request labelled tag (for the
// history's observer; Redis never sees it).
func (l *RLock) evalWriteTagged(tag string, sc *sim.Script, keys, argv []string, cb func(sim.Reply, error)) {
	req := sim.Request{Script: sc, Keys: keys, Argv: argv, Tag: tag}
	replicas := int64(l.c.p.World().AvailableReplicas())
	if !(l.c.opts.SyncReplicas && replicas > 0) {
		l.c.rt.exec(req, func(r sim.Reply, err error) {
			if err == nil && r.Kind == sim.KindError {
				err = &ReplyError{r.Str}
			}
			cb(r, err)
		})
		return
	}
	batch := sim.Request{Batch: []sim.Request{req, {Cmd: []string{"WAIT", strconv.FormatInt(replicas, 10), "1000"}}}}
	l.c.rt.exec(batch, func(r sim.Reply, err error) {
		if err != nil {
			cb(r, err)
			return
		}
		res := r.Arr[0]
		if res.Kind == sim.KindError {
			cb(res, &ReplyError{res.Str})
			return
		}
		if synced := r.Arr[1].Int; synced < replicas {
			cb(res, &SyncError{Synced: synced, Wanted: replicas})
			return
		}
		cb(res, nil)
	})
}

// ttlOf decodes an acquire script's EVAL_LONG reply: nil means acquired.
func ttlOf(r sim.Reply) (ttl int64, acquired bool) {
	if r.Kind == sim.KindNil {
		return 0, true
	}
	return r.Int, false
}

// tryLockInner is tryLockInnerAsync for the lock's kind and version
// (AcquireRequest at the process's System.currentTimeMillis()).
func (l *RLock) tryLockInner(waitTime int64, unit Unit, leaseMs int64, noWait bool, cb func(sim.Reply, error)) {
	l.lastTry = l.c.p.VirtualNow()
	r := AcquireRequest(l.c.opts, l.Name, l.lockName(), l.c.p.Now(), waitTime, unit, leaseMs, noWait)
	l.evalWrite(r.Script, r.Keys, r.Argv, cb)
}

// tryAcquire is RedissonLock.tryAcquire(waitTime, leaseTime, unit, threadId)
// leaseMillis is unit.toMillis(leaseTime), as tryAcquireAsync sends it.
func (l *RLock) leaseMillis(leaseTime int64, unit Unit) int64 {
	if l.c.opts.Mutations.LeaseUnitIgnored {
		return leaseTime
	}
	return unit.toMillis(leaseTime)
}

// → tryAcquireAsync: with leaseTime -1 the lease is the watchdog's and a
// successful acquire starts renewal; cb gets ttl (acquired == true when
// the script returned nil).
func (l *RLock) tryAcquire(waitTime, leaseTime int64, unit Unit, cb func(ttl int64, acquired bool, err error)) {
	if leaseTime != -1 {
		leaseMs := l.leaseMillis(leaseTime, unit)
		if !l.v3168() {
			l.internalLockLeaseTime = leaseMs // 3.8.1 sets it before sending
		}
		l.tryLockInner(waitTime, unit, leaseMs, false, func(r sim.Reply, err error) {
			if err != nil {
				cb(0, false, err)
				return
			}
			ttl, ok := ttlOf(r)
			if ok && l.v3168() {
				l.internalLockLeaseTime = leaseMs
			}
			cb(ttl, ok, nil)
		})
		return
	}
	watchdog := l.c.opts.LockWatchdogTimeout
	if !l.v3168() {
		l.internalLockLeaseTime = watchdog
	}
	// The lease goes out with MILLISECONDS as the unit, which is what the
	// 3.16.8 fair script then applies to waitTime too.
	l.tryLockInner(waitTime, Milliseconds, l.internalLockLeaseTime, false, func(r sim.Reply, err error) {
		if err != nil {
			cb(0, false, err) // onComplete: e != null → no renewal
			return
		}
		ttl, ok := ttlOf(r)
		if ok {
			l.c.scheduleExpirationRenewal(l)
		}
		cb(ttl, ok, nil)
	})
}

// subscribe is RedissonLock.subscribe / RedissonFairLock.subscribe: the
// non-fair lock's waiters of one process share an entry on the lock's
// channel; each fair waiter has its own channel (…:<lockName>).
func (l *RLock) subscribe(ready func(*lockEntry)) *lockEntry {
	channel := WaiterChannel(l.Name, l.lockName(), l.fair())
	if l.fair() {
		return l.c.rt.subscribe(l.entryName()+":"+strconv.FormatInt(l.ThreadID, 10), channel, ready)
	}
	return l.c.rt.subscribe(l.entryName(), channel, ready)
}

// Lock is lock(leaseTime, unit) (leaseTime -1: lock()), as
// RedissonLock.lock / lockInterruptibly do it: try; subscribe and wait for
// the subscription (syncSubscription, bounded by timeout + retryInterval ×
// retryAttempts); then loop: try, and wait on the entry's semaphore for ttl
// when ttl ≥ 0 or without a timeout when ttl < 0. It never calls
// acquireFailed. done gets nil when the lock is held.
func (l *RLock) Lock(leaseTime int64, unit Unit, done func(error)) {
	l.tryAcquire(-1, leaseTime, unit, func(ttl int64, ok bool, err error) {
		if err != nil || ok {
			done(err)
			return
		}
		// syncSubscription: bounded by timeout + retryInterval × retryAttempts.
		limit := l.c.opts.Timeout + l.c.opts.RetryInterval*int64(l.c.opts.RetryAttempts)
		l.subscribeWithin(limit, func(e *lockEntry) {
			var loop func()
			loop = func() {
				l.tryAcquire(-1, leaseTime, unit, func(ttl int64, ok bool, err error) {
					if err != nil || ok {
						e.unsubscribe()
						done(err)
						return
					}
					if ttl >= 0 {
						e.tryAcquire(ttl, func(bool) { loop() })
					} else {
						l.c.p.Trace("untimed-wait").Str("lock", l.Name).Int("ttl", ttl).End()
						if l.c.OnUntimedWait != nil {
							l.c.OnUntimedWait(l.ThreadID)
						}
						e.acquire(loop)
					}
				})
			}
			loop()
		}, func() { done(ErrSubscribeTimeout) })
	})
}

// subscribeWithin is subscribe with a bounded wait for the subscription
// (syncSubscription in lock(), subscribeFuture.await in tryLock): ready
// runs once it is active, or, when limitMs passes first, the entry is
// released and expired runs instead.
func (l *RLock) subscribeWithin(limitMs int64, ready func(*lockEntry), expired func()) {
	var timer sim.TimerID
	settled := false
	entry := l.subscribe(func(e *lockEntry) {
		if settled {
			return
		}
		settled = true
		l.c.p.Cancel(timer)
		ready(e)
	})
	if !settled {
		timer = l.c.rt.after(sim.Duration(limitMs)*sim.Millisecond, func() {
			if settled {
				return
			}
			settled = true
			entry.unsubscribe()
			expired()
		})
	}
}

// TryLockNoWait is tryLock(): one attempt (tryAcquireOnceAsync with the
// EVAL_NULL_BOOLEAN variant, which never enqueues a fair waiter); with
// leaseTime -1 success starts the watchdog.
func (l *RLock) TryLockNoWait(leaseTime int64, unit Unit, done func(bool, error)) {
	leaseMs := l.internalLockLeaseTime
	if leaseTime != -1 {
		leaseMs = l.leaseMillis(leaseTime, unit)
	} else if !l.v3168() {
		leaseMs = l.c.opts.LockWatchdogTimeout
	}
	if !l.v3168() {
		l.internalLockLeaseTime = leaseMs
	}
	l.tryLockInner(-1, Milliseconds, leaseMs, true, func(r sim.Reply, err error) {
		if err != nil {
			done(false, err)
			return
		}
		acquired := r.Kind == sim.KindNil // EVAL_NULL_BOOLEAN: nil → true
		if acquired {
			if leaseTime != -1 {
				l.internalLockLeaseTime = leaseMs
			} else {
				l.c.scheduleExpirationRenewal(l)
			}
		}
		done(acquired, nil)
	})
}

// TryLock is tryLock(waitTime, leaseTime, unit) as RedissonLock.tryLock
// does it: measured with the process's wall clock (System.currentTimeMillis,
// so clock steps count), waiting on the semaphore for min(ttl, remaining)
// when ttl ≥ 0 and the remaining time otherwise, and calling acquireFailed
// on every timeout exit. An exception leaves without acquireFailed.
func (l *RLock) TryLock(waitTime, leaseTime int64, unit Unit, done func(bool, error)) {
	p := l.c.p
	time := unit.toMillis(waitTime)
	current := p.Now()
	fail := func() {
		l.acquireFailed(waitTime, unit, func() { done(l.c.opts.Mutations.TimeoutAcquires, nil) })
	}
	l.tryAcquire(waitTime, leaseTime, unit, func(ttl int64, ok bool, err error) {
		if err != nil || ok {
			done(ok, err)
			return
		}
		time -= p.Now() - current
		if time <= 0 {
			fail()
			return
		}
		current = p.Now()
		// subscribeFuture.await(time): give up when the wait runs out first.
		l.subscribeWithin(time, func(e *lockEntry) {
			time -= p.Now() - current
			if time <= 0 {
				e.unsubscribe()
				fail()
				return
			}
			var loop func()
			loop = func() {
				currentTime := p.Now()
				l.tryAcquire(waitTime, leaseTime, unit, func(ttl int64, ok bool, err error) {
					if err != nil || ok {
						e.unsubscribe()
						done(ok, err)
						return
					}
					time -= p.Now() - currentTime
					if time <= 0 {
						e.unsubscribe()
						fail()
						return
					}
					currentTime = p.Now()
					wait := time
					if ttl >= 0 && ttl < time {
						wait = ttl
					}
					e.tryAcquire(wait, func(bool) {
						time -= p.Now() - currentTime
						if time <= 0 {
							e.unsubscribe()
							fail()
							return
						}
						loop()
					})
				})
			}
			loop()
		}, fail)
	})
}

// acquireFailed is RedissonLock.acquireFailed: nothing for the non-fair
// lock; RedissonFairLock.acquireFailedAsync runs its script with ARGV
// [lockName, wait] (3.8.1: threadWaitTime; 3.16.8: unit.toMillis(waitTime),
// or threadWaitTime when waitTime is -1). Its outcome does not change the
// caller's result.
func (l *RLock) acquireFailed(waitTime int64, unit Unit, then func()) {
	if !l.fair() || l.c.opts.Mutations.NoAcquireFailed {
		then()
		return
	}
	o := l.c.opts
	wait := o.ThreadWaitTime
	if l.v3168() && waitTime != -1 {
		wait = unit.toMillis(waitTime)
	}
	l.evalWrite(o.Scripts.FairAcquireFailed, []string{QueueName(l.Name), TimeoutName(l.Name)}, []string{l.lockName(), strconv.FormatInt(wait, 10)}, func(sim.Reply, error) { then() })
}

// ErrNotHeld is IllegalMonitorStateException from unlock.
var ErrNotHeld = fmt.Errorf("IllegalMonitorStateException: attempt to unlock lock, not locked by current thread")

// Unlock is unlock() (unlockAsync): the unlock script; a nil reply is
// IllegalMonitorStateException. 3.16.8 cancels this thread's renewal
// whatever the outcome; 3.8.1 cancels all renewal of the lock when the
// script returns 1 (fully released) or on an error.
func (l *RLock) Unlock(done func(error)) {
	o := l.c.opts
	req := UnlockRequest(o, l.Name, l.lockName(), l.internalLockLeaseTime, l.c.p.Now())
	l.evalWrite(req.Script, req.Keys, req.Argv, func(r sim.Reply, err error) {
		switch {
		case o.Mutations.UnlockKeepsRenewal:
		case l.v3168():
			l.c.cancelExpirationRenewal(l, true)
		case err != nil || (r.Kind == sim.KindInt && r.Int == 1):
			l.c.cancelExpirationRenewal(l, err != nil)
		}
		if err != nil {
			done(err)
			return
		}
		if r.Kind == sim.KindNil && !o.Mutations.UnlockNilIsSuccess {
			done(ErrNotHeld)
			return
		}
		done(nil)
	})
}

// ForceUnlock is forceUnlock(): delete the lock whoever holds it.
func (l *RLock) ForceUnlock(done func(bool, error)) {
	o := l.c.opts
	l.c.cancelExpirationRenewal(l, false)
	var req func(cb func(sim.Reply, error))
	if l.fair() {
		req = func(cb func(sim.Reply, error)) {
			l.evalWrite(o.Scripts.FairForceUnlock, []string{l.Name, QueueName(l.Name), TimeoutName(l.Name), ChannelName(l.Name)}, []string{unlockMessage, strconv.FormatInt(l.c.p.Now(), 10)}, cb)
		}
	} else {
		req = func(cb func(sim.Reply, error)) {
			l.evalWrite(o.Scripts.ForceUnlock, []string{l.Name, ChannelName(l.Name)}, []string{unlockMessage}, cb)
		}
	}
	req(func(r sim.Reply, err error) { done(r.Kind == sim.KindInt && r.Int == 1, err) })
}

// IsHeldByCurrentThread is isHeldByThread: HEXISTS name lockName.
func (l *RLock) IsHeldByCurrentThread(done func(bool, error)) {
	l.c.rt.exec(sim.Request{Cmd: []string{"HEXISTS", l.Name, l.lockName()}}, func(r sim.Reply, err error) {
		done(err == nil && r.Kind == sim.KindInt && r.Int == 1, err)
	})
}

// GetHoldCount is getHoldCount: HGET name lockName, 0 when absent.
func (l *RLock) GetHoldCount(done func(int64, error)) {
	l.c.rt.exec(sim.Request{Cmd: []string{"HGET", l.Name, l.lockName()}}, func(r sim.Reply, err error) {
		if err != nil || r.Kind != sim.KindBulk {
			done(0, err)
			return
		}
		n, _ := strconv.ParseInt(r.Str, 10, 64)
		done(n, nil)
	})
}
