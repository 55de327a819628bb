package clients

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/scripts"
)

// Mutations are deliberate one-line mistakes in the client, for checking
// the checkers: each flag breaks one thing Redisson's Java client does.
// None is set outside the mutants catalog.
type Mutations struct {
	// WatchdogEveryLease renews every internalLockLeaseTime instead of a
	// third of it (RedissonLock.scheduleExpirationRenewal's `/ 3` dropped):
	// the renewal races the key's expiry.
	WatchdogEveryLease bool
	// UnlockKeepsRenewal: unlock never calls cancelExpirationRenewal, so a
	// released lock's watchdog keeps renewing the thread's later holds.
	UnlockKeepsRenewal bool
	// NoAcquireFailed: a fair waiter whose wait ran out returns without
	// acquireFailedAsync, leaving its entry in the queue.
	NoAcquireFailed bool
	// OwnerWithoutUUID: getLockName returns the thread id alone, so equal
	// thread ids in two processes are one owner.
	OwnerWithoutUUID bool
	// LeaseUnitIgnored sends an explicit lease in the caller's unit,
	// without unit.toMillis (a lease in seconds becomes milliseconds).
	LeaseUnitIgnored bool
	// NoWatchdog: a lock taken without a lease never schedules renewal.
	NoWatchdog bool
	// TimeoutAcquires: tryLock(wait) returns true when its wait runs out.
	TimeoutAcquires bool
	// UnlockNilIsSuccess: unlock takes the script's nil reply (not held)
	// for a release instead of IllegalMonitorStateException.
	UnlockNilIsSuccess bool
}

// ScriptEdit is a mutant script: the Redisson script ID with the first
// occurrence of Old in its text replaced by New.
type ScriptEdit struct {
	ID       string
	Old, New string
}

// Mutant is one entry of the catalog: a plausible one-line mistake in a
// script or in the client, and the algorithm it runs under.
type Mutant struct {
	Name string
	Algo string
	What string // the mistake, in one line
	// Script, when set, is the edit; its directory is
	// scripts/mutants/<Name> (scripts.LoadMutant).
	Script *ScriptEdit
	Client Mutations
}

// Mutants is the catalog. Every mutant must be caught by some check on the
// standard sweeps (simrun mutants).
var Mutants = []Mutant{
	{Name: "unlock-no-owner-check-3.8.1", Algo: "rlock-3.8.1", What: "unlock without the owner check: another's unlock decrements and deletes the lock",
		Script: &ScriptEdit{"3.8.1/RedissonLock.unlockInnerAsync", "if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil;end; ", ""}},
	{Name: "unlock-no-owner-check-3.16.8", Algo: "rlock-3.16.8", What: "unlock without the owner check: another's unlock decrements and deletes the lock",
		Script: &ScriptEdit{"3.16.8/RedissonLock.unlockInnerAsync", "if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil;end; ", ""}},
	{Name: "fair-unlock-no-owner-check-3.16.8", Algo: "fairlock-3.16.8", What: "fair unlock without the owner check",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.unlockInnerAsync", "if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil;end; ", ""}},
	{Name: "renew-no-hexists-3.8.1", Algo: "rlock-3.8.1", What: "renewal without hexists: a watchdog extends whoever holds the lock",
		Script: &ScriptEdit{"3.8.1/RedissonLock.renewExpirationAsync", "if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then redis.call('pexpire', KEYS[1], ARGV[1]); return 1; end; return 0;", "redis.call('pexpire', KEYS[1], ARGV[1]); return 1;"}},
	{Name: "renew-no-hexists-3.16.8", Algo: "rlock-3.16.8", What: "renewal without hexists: a watchdog extends whoever holds the lock",
		Script: &ScriptEdit{"3.16.8/RedissonBaseLock.renewExpirationAsync", "if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then redis.call('pexpire', KEYS[1], ARGV[1]); return 1; end; return 0;", "redis.call('pexpire', KEYS[1], ARGV[1]); return 1;"}},
	{Name: "stale-loop-lt-3.8.1", Algo: "fairlock-3.8.1", What: "the stale-waiter loop compares < instead of <=: a waiter whose timeout is now stays at the head",
		Script: &ScriptEdit{"3.8.1/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "if timeout <= tonumber(ARGV[4])", "if timeout < tonumber(ARGV[4])"}},
	{Name: "stale-loop-lt-3.16.8", Algo: "fairlock-3.16.8", What: "the stale-waiter loop compares < instead of <=: a waiter whose timeout is now stays at the head",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "if timeout <= tonumber(ARGV[4])", "if timeout < tonumber(ARGV[4])"}},
	{Name: "fair-ignores-head-3.8.1", Algo: "fairlock-3.8.1", What: "fair acquire ignores the queue head: any caller takes a free lock",
		Script: &ScriptEdit{"3.8.1/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "((redis.call('exists', KEYS[2]) == 0) or (redis.call('lindex', KEYS[2], 0) == ARGV[2]))", "true"}},
	{Name: "fair-ignores-head-3.16.8", Algo: "fairlock-3.16.8", What: "fair acquire ignores the queue head: any caller takes a free lock",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "((redis.call('exists', KEYS[2]) == 0) or (redis.call('lindex', KEYS[2], 0) == ARGV[2]))", "true"}},
	{Name: "enqueue-at-head-3.8.1", Algo: "fairlock-3.8.1", What: "a new waiter is pushed at the queue's head (lpush for rpush)",
		Script: &ScriptEdit{"3.8.1/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "redis.call('rpush', KEYS[2], ARGV[2])", "redis.call('lpush', KEYS[2], ARGV[2])"}},
	{Name: "enqueue-at-head-3.16.8", Algo: "fairlock-3.16.8", What: "a new waiter is pushed at the queue's head (lpush for rpush)",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "redis.call('rpush', KEYS[2], ARGV[2])", "redis.call('lpush', KEYS[2], ARGV[2])"}},
	{Name: "unlock-wrong-sign-3.8.1", Algo: "rlock-3.8.1", What: "unlock increments the hold count (hincrby +1 for -1): the lock is never released",
		Script: &ScriptEdit{"3.8.1/RedissonLock.unlockInnerAsync", "redis.call('hincrby', KEYS[1], ARGV[3], -1)", "redis.call('hincrby', KEYS[1], ARGV[3], 1)"}},
	{Name: "unlock-wrong-sign-3.16.8", Algo: "fairlock-3.16.8", What: "fair unlock increments the hold count (hincrby +1 for -1): the lock is never released",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.unlockInnerAsync", "redis.call('hincrby', KEYS[1], ARGV[3], -1)", "redis.call('hincrby', KEYS[1], ARGV[3], 1)"}},
	{Name: "acquire-no-pexpire-3.8.1", Algo: "rlock-3.8.1", What: "a fresh acquire sets no lease (pexpire dropped): a crashed holder's lock never expires",
		Script: &ScriptEdit{"3.8.1/RedissonLock.tryLockInnerAsync", "redis.call('hset', KEYS[1], ARGV[2], 1); redis.call('pexpire', KEYS[1], ARGV[1]); ", "redis.call('hset', KEYS[1], ARGV[2], 1); "}},
	{Name: "grant-keeps-head-3.16.8", Algo: "fairlock-3.16.8", What: "a fair grant does not pop the queue's head (lpop dropped)",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "then redis.call('lpop', KEYS[2]);redis.call('zrem', KEYS[3], ARGV[2]);", "then redis.call('zrem', KEYS[3], ARGV[2]);"}},
	{Name: "grant-keeps-timeout-3.8.1", Algo: "fairlock-3.8.1", What: "a fair grant leaves the winner's timeout (zrem dropped)",
		Script: &ScriptEdit{"3.8.1/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "redis.call('lpop', KEYS[2]); redis.call('zrem', KEYS[3], ARGV[2]); redis.call('hset'", "redis.call('lpop', KEYS[2]); redis.call('hset'"}},
	{Name: "acquire-returns-nil-3.16.8", Algo: "rlock-3.16.8", What: "a busy lock's acquire returns nil (success) instead of its pttl",
		Script: &ScriptEdit{"3.16.8/RedissonLock.tryLockInnerAsync", "return redis.call('pttl', KEYS[1]);", "return nil;"}},
	{Name: "acquire-failed-keeps-timeout-3.16.8", Algo: "fairlock-3.16.8", What: "acquireFailed leaves the waiter's timeout (zrem dropped)",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.acquireFailedAsync", "redis.call('zrem', KEYS[2], ARGV[1]);", ""}},
	{Name: "unlock-keeps-field-3.8.1", Algo: "fairlock-3.8.1", What: "the last fair unlock publishes but does not delete the lock (del dropped)",
		Script: &ScriptEdit{"3.8.1/RedissonFairLock.unlockInnerAsync", "redis.call('del', KEYS[1]); ", ""}},
	{Name: "enqueue-zadd-arity-3.8.1", Algo: "fairlock-3.8.1", What: "the enqueue's zadd loses its member: every acquire that must wait fails with a wrong-arity error",
		Script: &ScriptEdit{"3.8.1/RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "redis.call('zadd', KEYS[3], timeout, ARGV[2])", "redis.call('zadd', KEYS[3], timeout)"}},
	{Name: "unlock-hincrby-arity-3.16.8", Algo: "rlock-3.16.8", What: "unlock's hincrby loses its increment: every unlock of a held lock fails with a wrong-arity error",
		Script: &ScriptEdit{"3.16.8/RedissonLock.unlockInnerAsync", "redis.call('hincrby', KEYS[1], ARGV[3], -1)", "redis.call('hincrby', KEYS[1], ARGV[3])"}},
	{Name: "acquire-failed-zrem-arity-3.16.8", Algo: "fairlock-3.16.8", What: "acquireFailed's zrem loses its member: a waiter that gives up fails with a wrong-arity error",
		Script: &ScriptEdit{"3.16.8/RedissonFairLock.acquireFailedAsync", "redis.call('zrem', KEYS[2], ARGV[1])", "redis.call('zrem', KEYS[2])"}},
	{Name: "watchdog-every-lease", Algo: "rlock-3.16.8", What: "the watchdog renews every lease instead of every third of it", Client: Mutations{WatchdogEveryLease: true}},
	{Name: "unlock-keeps-renewal", Algo: "rlock-3.8.1", What: "unlock does not cancel the watchdog", Client: Mutations{UnlockKeepsRenewal: true}},
	{Name: "no-acquire-failed", Algo: "fairlock-3.16.8", What: "a fair waiter that gives up never calls acquireFailed", Client: Mutations{NoAcquireFailed: true}},
	{Name: "owner-without-uuid", Algo: "rlock-3.16.8", What: "the lock's owner field is the thread id alone, without the client's UUID", Client: Mutations{OwnerWithoutUUID: true}},
	{Name: "lease-unit-ignored", Algo: "rlock-3.8.1", What: "an explicit lease goes out unconverted (seconds taken for milliseconds)", Client: Mutations{LeaseUnitIgnored: true}},
	{Name: "no-watchdog", Algo: "fairlock-3.8.1", What: "lock() without a lease never starts the watchdog", Client: Mutations{NoWatchdog: true}},
	{Name: "timeout-acquires", Algo: "rlock-3.16.8", What: "tryLock(wait) returns true when its wait runs out", Client: Mutations{TimeoutAcquires: true}},
	{Name: "unlock-nil-is-success", Algo: "rlock-3.8.1", What: "unlock takes nil (not held) for a release instead of IllegalMonitorStateException", Client: Mutations{UnlockNilIsSuccess: true}},
}

// LookupMutant returns the catalog entry name.
func LookupMutant(name string) (Mutant, error) {
	var names []string
	for _, m := range Mutants {
		if m.Name == name {
			return m, nil
		}
		names = append(names, m.Name)
	}
	return Mutant{}, fmt.Errorf("unknown mutant %q (known: %s)", name, strings.Join(names, ", "))
}

// MutantSource returns the mutated text of m's script: the original with
// the edit applied once. It fails when the edit does not apply exactly
// once, which would make the mutant something other than its description.
func MutantSource(m Mutant) (string, error) {
	s, err := scripts.Lookup(m.Script.ID)
	if err != nil {
		return "", err
	}
	if n := strings.Count(s.Source, m.Script.Old); n != 1 {
		return "", fmt.Errorf("mutant %s: %q occurs %d times in %s, want once", m.Name, m.Script.Old, n, m.Script.ID)
	}
	return strings.Replace(s.Source, m.Script.Old, m.Script.New, 1), nil
}

// ApplyMutant puts mutant name into a Redisson client's options.
func ApplyMutant(o *Options, name, algo string) error {
	m, err := LookupMutant(name)
	if err != nil {
		return err
	}
	if m.Algo != algo {
		return fmt.Errorf("mutant %s runs under %s, not %s", name, m.Algo, algo)
	}
	o.Mutations = m.Client
	if m.Script == nil {
		return nil
	}
	own, err := scripts.LoadMutant(name)
	if err != nil {
		return err
	}
	o.Scripts, err = compileScripts(o.Version, own)
	return err
}
