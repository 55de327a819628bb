package clients

import (
	"fmt"
	"strings"
	"sync"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
)

// Unit is a java.util.concurrent.TimeUnit: Redisson converts waits with the
// caller's unit, and one of its bugs (#4743) comes from converting with the
// wrong one, so the simulation keeps units.
type Unit int64

// The units workloads use.
const (
	Milliseconds Unit = 1
	Seconds      Unit = 1000
)

// ToMillis is TimeUnit.toMillis: n of u in milliseconds.
func (u Unit) ToMillis(n int64) int64 { return n * int64(u) }

// Versions are the Redisson versions the client ports, oldest first:
// DefaultOptions knows each.
var Versions = []string{"3.8.1", "3.16.8", "4.7.0"}

// Era is the line of Redisson's lock code a version's classes come from:
// the client's switches beside the Java they port ask the era, and the
// Options flags below, never the version itself, so that a version of a
// known era is added in DefaultOptions alone.
type Era int

const (
	// Era38: RedissonLock with its own renewal map per lock name and
	// lock() swallowing an interrupt (3.8.1).
	Era38 Era = iota
	// Era3: RedissonBaseLock, the renewal entry per thread count, the
	// fair lock taking the caller's wait, resend on timeout (3.10 to 3.x:
	// 3.16.8).
	Era3
	// Era4: 4.x's rework: LockTask renewals, the unlock latch,
	// ServiceManager.execute retries, subscribeNoTimeout (4.7.0).
	Era4
)

// Options configures a simulated Redisson client (Config and the lock's
// constructor arguments).
type Options struct {
	Version string // one of Versions
	Era     Era    // the line of lock code the version's classes come from
	Fair    bool   // getFairLock instead of getLock
	// Fenced is getFencedLock (4.7.0's RedissonFencedLock): every
	// acquisition also increments the token counter, and the acquiring
	// calls are lockAndGetToken / tryLockAndGetToken.
	Fenced bool

	LockWatchdogTimeout int64 // Config.lockWatchdogTimeout, ms (30000)
	ThreadWaitTime      int64 // RedissonFairLock threadWaitTime, ms (5000 in 3.8.1, 300000 default in 3.16.8)
	Timeout             int64 // Config.timeout, ms (3000)
	RetryAttempts       int   // Config.retryAttempts (3)
	RetryInterval       int64 // Config.retryInterval, ms (1500)

	// ResendOnTimeout: re-send a command whose reply timed out (3.16.8, since 3.10.0).
	ResendOnTimeout bool
	// SyncReplicas: wrap each lock EVAL in a batch with WAIT <replicas> 1000 (3.16.8, #2669).
	SyncReplicas bool

	// What 4.7.0 changed (docs/redisson-4.7.0.md).
	//
	// JitterBase and JitterMax are Config.retryDelay's EqualJitterDelay
	// (1000, 2000 ms; BaseConfig.java:67); JitterMax 0 is a ConstantDelay of
	// RetryInterval (what setRetryInterval does, BaseConfig.java:329-333).
	JitterBase, JitterMax int64
	// NoRetryLocks: acquire and unlock go through syncedEvalNoRetry, never
	// re-sent after a reply timeout on a single server (CommandAsyncService.java:1073-1077).
	NoRetryLocks bool
	// Replicated: the client is configured for a master with replicas (not
	// useSingleServer), so every lock EVAL goes out in a batch whose
	// executor re-sends it (CommandBatchService.java:481-482); set from the
	// world's replicas, not from the version.
	Replicated bool
	// SubscriptionTimeout bounds lock()'s wait for its subscription
	// (pubSub.timeout, RedissonLock.java:112; BaseConfig.java:60, 7500 ms).
	SubscriptionTimeout int64
	// UnlockLatch: unlock carries a request id and a latch key that answers
	// a repeated unlock (RedissonBaseLock.java:155-245).
	UnlockLatch bool
	// LockTask: the renewal is one LockRenewalScheduler task per client
	// renewing chunks of locks with LockTask.buildChunk (renewal/*.java).
	LockTask bool

	Scripts *ScriptSet

	// Mutations break the client on purpose (the mutants catalog).
	Mutations Mutations
}

// DefaultOptions returns the defaults of a Redisson version, its scripts
// compiled.
func DefaultOptions(version string, fair bool) (Options, error) {
	o, err := DefaultSettings(version, fair)
	if err != nil {
		return o, err
	}
	set, err := LoadScripts(version, "")
	if err != nil {
		return o, err
	}
	o.Scripts = set
	return o, nil
}

// DefaultSettings is DefaultOptions without the scripts (Scripts nil):
// what validating a setting needs, without compiling a version's scripts.
func DefaultSettings(version string, fair bool) (Options, error) {
	o := Options{Version: version, Fair: fair, LockWatchdogTimeout: 30000, Timeout: 3000, RetryAttempts: 3, RetryInterval: 1500}
	switch version {
	case "3.8.1":
		o.Era = Era38
		o.ThreadWaitTime = 5000
	case "3.16.8":
		o.Era = Era3
		o.ThreadWaitTime = 300000
		o.ResendOnTimeout = true
		o.SyncReplicas = true
	case "4.7.0":
		o.Era = Era4
		o.ThreadWaitTime = 300000              // Config.fairLockWaitTimeout (Config.java:85)
		o.RetryAttempts = 4                    // BaseConfig.retryAttempts (BaseConfig.java:62)
		o.JitterBase, o.JitterMax = 1000, 2000 // EqualJitterDelay(1s, 2s) (BaseConfig.java:67)
		o.SubscriptionTimeout = 7500           // BaseConfig.subscriptionTimeout (BaseConfig.java:60)
		o.ResendOnTimeout, o.NoRetryLocks, o.SyncReplicas = true, true, true
		o.UnlockLatch, o.LockTask = true, true
	default:
		return o, fmt.Errorf("unknown Redisson version %q (known: %s)", version, strings.Join(Versions, ", "))
	}
	return o, nil
}

// ScriptSet is the compiled scripts of one Redisson version.
type ScriptSet struct {
	Acquire, Unlock, Renew, ForceUnlock                                            *sim.Script
	FairAcquire, FairAcquireNoWait, FairAcquireFailed, FairUnlock, FairForceUnlock *sim.Script
	// 4.7.0 only: RedissonFencedLock.tryLockInnerAsync, the overload the
	// inherited lock()/tryLock() paths call (nil or pttl) and the one
	// tryLockAndGetTokenAsync calls ({-1, token} or {pttl, -1}).
	FencedAcquire, FencedAcquireToken *sim.Script
	// files names the file of each script a user's directory or a mutant
	// gave, by ID.
	files map[string]string
}

// File is where the script id was read from when a user's directory or a
// mutant gave it, "" when it is embedded.
func (s *ScriptSet) File(id string) string {
	if s == nil {
		return ""
	}
	return s.files[id]
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
		// Two runs that start at once may both compile: the first stored
		// wins, so that every run of the process uses the same prototypes
		// (statement coverage is counted by prototype).
		scriptCache.Lock()
		if have := scriptCache.sets[key]; have != nil {
			set = have
		} else {
			scriptCache.sets[key] = set
		}
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

// LoadScriptTexts is LoadScripts from the texts a trace kept of a
// directory's scripts (run.Config.ScriptTexts), labelled dir.
func LoadScriptTexts(version, dir string, texts map[string]string) (*ScriptSet, error) {
	own, err := scripts.FromSources(dir, texts)
	if err != nil {
		return nil, err
	}
	return compileScripts(version, own)
}

// Texts are the sources of the scripts the set took from a user's
// directory (or a mutant), by ID.
func (s *ScriptSet) Texts() map[string]string {
	if s == nil || len(s.files) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, sc := range s.all() {
		if s.files[sc.ID] != "" {
			out[sc.ID] = sc.Source
		}
	}
	return out
}

// all is every script of the set.
func (s *ScriptSet) all() []*sim.Script {
	var out []*sim.Script
	for _, sc := range []*sim.Script{s.Acquire, s.Unlock, s.Renew, s.ForceUnlock, s.FairAcquire, s.FairAcquireNoWait, s.FairAcquireFailed, s.FairUnlock, s.FairForceUnlock, s.FencedAcquire, s.FencedAcquireToken} {
		if sc != nil {
			out = append(out, sc)
		}
	}
	return out
}

// compileScripts compiles a version's scripts, taking those in own (by ID)
// instead of the embedded ones.
func compileScripts(version string, own map[string]*scripts.Script) (*ScriptSet, error) {
	set := &ScriptSet{files: map[string]string{}}
	renew := "RedissonLock.renewExpirationAsync"
	switch version {
	case "3.16.8":
		renew = "RedissonBaseLock.renewExpirationAsync"
	case "4.7.0":
		renew = "LockTask.buildChunk" // renewal/LockTask.java:45-103
	}
	get := func(name string) (*sim.Script, error) {
		id := version + "/" + name
		s, err := scripts.Pick(own, id)
		if err != nil {
			return nil, err
		}
		c, err := sim.CompileScript(id, s.Source)
		if err != nil && s.File != "" {
			return nil, fmt.Errorf("%s: script %s: %v", s.File, id, err)
		}
		if own[id] != nil && s.File != "" {
			set.files[id] = s.File
		}
		return c, err
	}
	for _, x := range []struct {
		dst  **sim.Script
		name string
	}{
		{&set.Acquire, "RedissonLock.tryLockInnerAsync"},
		{&set.Unlock, "RedissonLock.unlockInnerAsync"},
		{&set.Renew, renew},
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
	if version == "4.7.0" {
		for _, x := range []struct {
			dst  **sim.Script
			name string
		}{
			{&set.FencedAcquire, "RedissonFencedLock.tryLockInnerAsync"},
			{&set.FencedAcquireToken, "RedissonFencedLock.tryLockInnerAsync.EVAL_LONG_LIST"},
		} {
			s, err := get(x.name)
			if err != nil {
				return nil, err
			}
			*x.dst = s
		}
	}
	return set, nil
}

// SimpleKind names one of seed 003's simple locks.
type SimpleKind string

// The simple locks, in the order seed 003 evolves them.
const (
	SetNXExpire   SimpleKind = "setnx-expire"    // SETNX then EXPIRE: two commands; DEL to release
	SetPX         SimpleKind = "set-px"          // SET k 1 NX PX: atomic; DEL to release, whoever holds it
	SetUUIDGetDel SimpleKind = "set-uuid-getdel" // SET k uuid NX PX; GET then DEL if it is ours: not atomic
	SetUUIDLua    SimpleKind = "set-uuid-lua"    // SET k uuid NX PX; compare-and-delete in one script
)

// SimplePoll is how often a simple lock's blocking acquire polls.
const SimplePoll = 100 * sim.Millisecond

// SimpleLease is seed 003's lease, which a simple lock gets when the
// caller gives none.
const SimpleLease = 30000

// Config is what a client program is: its algorithm, its settings and the
// lock it uses. It never changes while the client runs, so every copy of a
// client value shares it.
type Config struct {
	Algo   string
	Simple SimpleKind // "" for Redisson
	// Opts are Redisson's settings; the simple locks use the command
	// executor's (Timeout, RetryAttempts, RetryInterval) and nothing else.
	Opts Options
	Lock string

	// fairKeys are the fair scripts' KEYS for lock fairKeysOf, made once
	// (a waiter renders them on every attempt): requests only read them.
	fairKeysOf string
	fairKeys   []string
}

// NewConfig returns the configuration of algo's client for lock name, with
// the version's defaults.
func NewConfig(algo, lock string) (*Config, error) {
	if err := CheckAlgo(algo); err != nil {
		return nil, err
	}
	cf := &Config{Algo: algo, Lock: lock, fairKeysOf: lock, fairKeys: []string{lock, QueueName(lock), TimeoutName(lock)}}
	version, fair, redisson := RedissonAlgo(algo)
	if !redisson {
		cf.Simple = SimpleKind(algo)
		// Seed 003's programs use a client with the default executor: 3 s
		// timeout, no re-send after a reply timeout.
		cf.Opts = Options{Timeout: 3000, RetryAttempts: 3, RetryInterval: 1500}
		return cf, nil
	}
	o, err := DefaultOptions(version, fair)
	if err != nil {
		return nil, err
	}
	o.Fenced = strings.HasPrefix(algo, "fencedlock-")
	cf.Opts = o
	return cf, nil
}

// RedissonAlgo splits "rlock-V", "fencedlock-V" and "fairlock-V" into the
// version and whether the lock is fair; redisson is false for the simple
// locks.
func RedissonAlgo(algo string) (version string, fair, redisson bool) {
	switch {
	case strings.HasPrefix(algo, "rlock-"):
		return strings.TrimPrefix(algo, "rlock-"), false, true
	case strings.HasPrefix(algo, "fencedlock-"):
		return strings.TrimPrefix(algo, "fencedlock-"), false, true
	case strings.HasPrefix(algo, "fairlock-"):
		return strings.TrimPrefix(algo, "fairlock-"), true, true
	}
	return "", false, false
}

// since3168 reports whether the client behaves as 3.16.8 where 3.8.1 did
// otherwise: Era3 and Era4 (which keeps those paths; its own changes are
// the Options fields above and v470).
func (cf *Config) since3168() bool { return cf.Opts.Era >= Era3 }

// AttemptStoresLease says whether each acquire attempt writes the lock
// object's internalLockLeaseTime as it is sent: 3.8.1's
// tryLockInnerAsync does (R8:RedissonLock.java:279-280); from 3.16.8 only
// a grant with a lease does (R16:RedissonLock.java:182).
func (cf *Config) AttemptStoresLease() bool { return !cf.since3168() }

// Settings is what the checks read of the client's settings
// (model.Settings): the fair lock's threadWaitTime, 0 for the others.
func (cf *Config) Settings() model.Settings {
	var threadWait int64
	if cf.Opts.Fair {
		threadWait = cf.Opts.ThreadWaitTime
	}
	st := model.Settings{Redisson: cf.Simple == "", Fair: cf.Opts.Fair, Watchdog: cf.Opts.LockWatchdogTimeout, Timeout: cf.Opts.Timeout, ThreadWaitTime: threadWait,
		RenewalStopsOnFailure: cf.Simple == "" && !cf.Opts.LockTask, UnlockCancelsRenewal: cf.Simple == "" && cf.since3168(),
		RenewalPerThread: cf.Simple == "" && !cf.since3168(),
		UnlockLatch:      cf.Simple == "" && cf.Opts.UnlockLatch, FairQueueBudget: cf.Simple == "" && cf.Opts.Fair && cf.since3168()}
	if st.UnlockLatch {
		// the latch's lifetime (latchTTL) at its longest; a repeat of the
		// unlock comes after the WAIT's slavesSyncTimeout and a retryDelay:
		// calcDelay(1) for ServiceManager.execute's (ServiceManager.java:633),
		// calcDelay(0) for RedisExecutor's re-send (execTimer)
		o := &cf.Opts
		_, hi := o.retryDelayRange(o.RetryAttempts)
		lo0, _ := o.retryDelayRange(0)
		lo1, _ := o.retryDelayRange(1)
		st.UnlockLatchMax = max((o.Timeout+hi)*int64(o.RetryAttempts), 1)
		st.UnlockRepeatMin = slavesSyncTimeout + min(lo0, lo1)
	}
	return st
}

// slavesSyncTimeout is Config.slavesSyncTimeout (1000 ms, 4.7.0
// Config.java:89): the WAIT's timeout of a synced lock command.
const slavesSyncTimeout = 1000

// v470 reports whether the client is of 4.7.0's line of lock code (Era4).
func (cf *Config) v470() bool { return cf.Opts.Era >= Era4 }

// FairSpin reports whether o's fair waiters spin on a free lock whose head
// is another thread: 4.7.0's fair acquire answers 0 there (its EVAL_LONG's
// math.max(0, pttl), RedissonFairLock.java:173-175, 202-205) and lock()
// asks again at once (RedissonLock.java:121-131).
func (o *Options) FairSpin() bool { return o.Era >= Era4 && o.Fair && !o.Fenced }

// FixedThreadWait reports whether o's fair lock has threadWaitTime fixed
// (3.8.1's 5000 ms), so that no setting changes it.
func (o *Options) FixedThreadWait() bool { return o.Era == Era38 }

// UnlockReplyCancels reports whether an unlock's reply, whatever the
// script answered, takes one renewal count off its thread: 3.16.8 and
// 4.7.0 call cancelExpirationRenewal(threadId) on every completion
// (R16:RedissonBaseLock.java:306-310, R47:RedissonBaseLock.java:161-164);
// 3.8.1 only when the script released the last hold (R8:RedissonLock.unlockAsync).
func (o *Options) UnlockReplyCancels(r sim.Reply) bool {
	return o.Era >= Era3 || r.Kind == sim.KindInt && r.Int == 1
}

// getCancels reports whether an interrupted get() cancels the future its
// command's callback hangs on, so that the callback never runs: 3.16.8's
// does (R16:CommandAsyncService.java:115-129); 3.8.1's cancels nothing and
// 4.7.0's cancels ServiceManager.execute's own future (detached.go).
func (cf *Config) getCancels() bool { return cf.since3168() && !cf.v470() }

// All returns the scripts a client of the lock kind sends: the fair lock's
// five, the non-fair lock's four (renewal is the same script for both), or
// the fenced lock's four (its token acquire instead of RedissonLock's).
func (s *ScriptSet) All(fair, fenced bool) []*sim.Script {
	if fenced {
		// The workload acquires with lockAndGetToken / tryLockAndGetToken;
		// FencedAcquire (the inherited lock()/tryLock() overload) is checked
		// by the conformance cases and the real-Redis differential test.
		return []*sim.Script{s.FencedAcquireToken, s.Unlock, s.ForceUnlock, s.Renew}
	}
	if fair {
		return []*sim.Script{s.FairAcquire, s.FairAcquireNoWait, s.FairAcquireFailed, s.FairUnlock, s.FairForceUnlock, s.Renew}
	}
	return []*sim.Script{s.Acquire, s.Unlock, s.ForceUnlock, s.Renew}
}

// ScriptsUsed are the IDs of the scripts algo's runs use (ScriptSet.All's
// for its version and kind); nil for a simple lock, which runs no script
// of Redisson's.
func ScriptsUsed(algo string) ([]string, error) {
	version, fair, redisson := RedissonAlgo(algo)
	if !redisson {
		return nil, nil
	}
	set, err := LoadScripts(version, "")
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, s := range set.All(fair, strings.HasPrefix(algo, "fencedlock-")) {
		ids = append(ids, s.ID)
	}
	return ids, nil
}
