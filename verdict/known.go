package verdict

import "github.com/locksim/locksim/checks"

// knownBugs are the bug-class findings each algorithm is known to show
// without any fault it does not claim to survive; the gate reports them
// but does not fail on them. An entry is a property, or a property and
// the kind of its violations ("error/not-held").
//
//   - seed 003's simple locks: setnx-expire's crash between SETNX and
//     EXPIRE leaves a lock that never expires (liveness); set-px and
//     set-uuid-getdel delete another holder's lock (mutex; linearizable sees
//     it from the clients' side).
//   - Redisson 3.8.1: unlockAsync calls cancelExpirationRenewal(null) when
//     the unlock completes, cancelling whatever renewal the lock has in the
//     JVM; when another thread of the same JVM took the lock between the
//     unlock's execution and its reply, its watchdog is gone and its lock
//     expires under it (mutex, expiry, and its unlock's
//     IllegalMonitorStateException: error/not-held). It cancels the renewal
//     only when the unlock script answered 1, so a hold the thread does not
//     count (an acquire whose reply was lost, or whose caller was
//     interrupted, still ran) turns its last unlock into a partial one and
//     leaves the watchdog renewing that hold for ever (orphan: rlock-3.8.1
//     seed 4, preset interrupt; preset net).
//   - Redisson 3.8.1's lock() and lock(lease) call lockInterruptibly and
//     catch its InterruptedException (RedissonLock.java:116-132 in 3.8.1):
//     a thread interrupted in its timed wait returns from lock() as if it
//     held the lock, which another thread holds or nobody does; its unlock
//     then throws (linearizable: rlock-3.8.1 seed 4, fairlock-3.8.1 seed 4,
//     preset interrupt; mutex, error/not-held). The fair lock inherits it.
//   - Redisson 3.16.8: the watchdog stops for good after a WAIT that
//     counted fewer replicas (#3994), so the lock expires under a live
//     holder when a replica lags; an acquire re-sent after a lost reply runs
//     twice and leaves two holds (#4822, #4871, #7367: holds, linearizable,
//     expiry — the unlock that drops it to one re-arms internalLockLeaseTime);
//     the fair lock's negative ttls make lock() wait with no timeout (#5503,
//     liveness). A lock object that once took an explicit lease keeps it in
//     RedissonLock.internalLockLeaseTime (RedissonLock.java:160,182): a later
//     lock() without a lease sends that lease while the watchdog renews every
//     lockWatchdogTimeout/3, so a lease under 10 s runs out under its holder
//     (mutex, expiry, error/not-held). A subscription that timed out stays in
//     the entry map with its failed promise, so every later subscriber on
//     that entry fails at once (#6047, #4700: error/subscribe).
//   - Redisson 4.7.0 keeps that internalLockLeaseTime: an acquire with a
//     lease stores it in the lock object (RedissonLock.java:174-175,
//     198-199) and a later lock() without one sends it (RedissonLock.java:189-191)
//     while its renewal first comes at the LockTask's next tick, up to
//     lockWatchdogTimeout/3 later; only an unlock that answers true or null
//     resets it (RedissonLock.java:326-332). A thread sharing the object, or
//     one re-entering with a short lease, so loses its lock under it and
//     its later forceUnlock() deletes the next holder's (rlock-4.7.0 seed 4,
//     preset none: a lock() sends 7412 ms, the chunk answers [0] after it
//     ran out: mutex, expiry, error/not-held). As in the other versions, a
//     re-entry with a lease under a watchdog hold is renewed past that lease
//     by the outer hold's renewal (seed 18: expiry). Under faults: tryLock(wait)
//     catches a RedisResponseTimeoutException from a try in its loop and
//     returns false (RedissonLock.java:274-280) although that acquire may
//     have run, so the caller holds a lock it was told it did not get and
//     its next acquire re-enters it (holds: rlock-4.7.0 seed 27, fairlock-4.7.0
//     seed 18, preset net; the fair one's lock() then cannot be placed:
//     linearizable, fairlock-4.7.0 seed 5, preset net). With replicas a WAIT
//     that counted none makes handleNoSync undo a fair grant with an unlock
//     and ServiceManager.execute retry it later (CommandAsyncService.java:1038-1066,
//     ServiceManager.java:611-645): the waiter lost its place and a later one
//     overtakes it (fifo: fairlock-4.7.0 seed 6, preset failover).
//     forceUnlock goes through syncedEvalWithRetry and has no latch
//     (RedissonLock.java:334-345): re-sent after a lost reply, its second
//     run answers 0, so it returns false although its first run deleted the
//     lock another thread then took (linearizable: rlock-4.7.0 seed 8,
//     preset net). An interrupt while an acquire is in flight (get() cancels
//     ServiceManager.execute's future, not the script's) lets the acquire's
//     thenApply start the watchdog for a thread that was told it failed:
//     the lock is renewed for ever with no holder (#7272; orphan: rlock-4.7.0
//     seed 9, preset interrupt; fairlock-4.7.0 seed 6).
//   - Redisson 4.7.0's fenced lock is an RLock (unlock, forceUnlock, the
//     watchdog and internalLockLeaseTime are RedissonLock's), so it shows
//     the same. Its own: lockAndGetToken(leaseTime, unit) drops its
//     arguments and calls lockAndGetTokenAsync() (RedissonFencedLock.java:76-79),
//     so a lock asked for a lease is taken with the watchdog and never
//     expires under a live holder (expiry: fencedlock-4.7.0 seed 1, preset
//     none); tryLockAndGetToken() waits with no limit
//     (RedissonFencedLock.java:121-127: waitTime -1 means Long.MAX_VALUE),
//     which no check flags; and its acquire is neither undone nor repeated
//     after a WAIT that counted no replica (no handleNoSync, no
//     ServiceManager.execute: RedissonFencedLock.java:85-102), so the call
//     throws while the lock it took stays, unrenewed.
var knownBugs = map[string][]string{
	"setnx-expire":     {"mutex", "liveness", "linearizable"},
	"set-px":           {"mutex", "linearizable"},
	"set-uuid-getdel":  {"mutex", "linearizable"},
	"rlock-3.8.1":      {"mutex", "expiry", "error/not-held", "orphan", "linearizable"},
	"fairlock-3.8.1":   {"mutex", "expiry", "error/not-held", "orphan", "linearizable"},
	"rlock-3.16.8":     {"mutex", "holds", "linearizable", "expiry", "error/not-held", "error/subscribe"},
	"fairlock-3.16.8":  {"mutex", "holds", "liveness", "linearizable", "expiry", "error/not-held", "error/subscribe"},
	"rlock-4.7.0":      {"mutex", "holds", "linearizable", "expiry", "error/not-held", "orphan"},
	"fairlock-4.7.0":   {"mutex", "holds", "linearizable", "fifo", "expiry", "error/not-held", "orphan"},
	"fencedlock-4.7.0": {"mutex", "holds", "linearizable", "expiry", "error/not-held"},
}

// Known reports whether v is one of algo's known bugs.
func Known(algo string, v checks.Violation) bool {
	for _, p := range knownBugs[algo] {
		if p == v.Property || p == v.Property+"/"+v.Kind {
			return true
		}
	}
	return false
}

// KnownBugs returns algo's catalog entries.
func KnownBugs(algo string) []string { return knownBugs[algo] }
