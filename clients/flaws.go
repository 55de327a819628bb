package clients

// Flaw names a code path of Redisson's client, ported as it is, through
// which a known bug acts. The client notes each one it takes (NoteFlaw), so
// that a violation is excused as a known bug only when the run went
// through that bug's path before it (verdict's catalog), not because some
// known bug of the algorithm shares its property: a new bug with the same
// symptom, in a fork of the scripts or in a later version, is then still
// reported as unexpected.
type Flaw string

// The flaws. Each is noted where the port of its Java line runs.
const (
	// FlawResendAcquire: an acquire is re-sent after a response timeout,
	// though its first send may have run (RedisExecutor.scheduleResponseTimeout's
	// isResendAllowed, 3.10.0 on): it runs twice and leaves two holds
	// (#4822, #4871, #7367).
	FlawResendAcquire Flaw = "resend-acquire"
	// FlawResend: another lock command (unlock, forceUnlock, acquireFailed;
	// not a renewal) is re-sent so: an unlock may count down twice, a
	// forceUnlock's second run answers 0.
	FlawResend Flaw = "resend"
	// FlawSyncFailed: 3.16.8's lock command ran, then its batch's WAIT
	// counted fewer replicas than the client has and the call throws
	// IllegalStateException (RedissonBaseLock.evalWriteAsync, #3994): an
	// acquire it ran stays, a hold its caller does not count.
	FlawSyncFailed Flaw = "sync-failed"
	// FlawUntimedWait: a negative ttl makes lock() wait on its latch with no
	// timeout (3.16.8's fair lock, #5503).
	FlawUntimedWait Flaw = "untimed-wait"
	// FlawStaleSubscription: a subscriber meets the failed promise a timed
	// out subscription left in the entry map, and fails at once (#6047, #4700),
	// or, in 3.16.8, the promise its creator cancelled or failed when it gave
	// up waiting for the subscription (poisonEntry).
	FlawStaleSubscription Flaw = "stale-subscription"
	// FlawLeaseKept: an acquire without a lease (3.16.8, 4.7.0), or an
	// unlock of an inner hold (every version), sends the lease an earlier
	// call stored in the lock object's internalLockLeaseTime (3.8.1's
	// RedissonLock.java:280,501; 3.16.8's RedissonLock.java:160,182,356;
	// 4.7.0's RedissonLock.java:174-175,189-191,369), while the watchdog
	// renews at lockWatchdogTimeout/3; and 3.8.1's watchdog, which renews
	// with that field and schedules its next renewal a third of it later
	// (R8:RedissonLock.java:225-253, 268). In 4.7.0 the earlier call may be
	// another thread's unlock, which set the field back to the watchdog
	// timeout over the thread's own explicit lease (keptLease).
	FlawLeaseKept Flaw = "lease-kept"
	// FlawLeaseUnderWatchdog: an acquisition with an explicit lease while
	// the client's watchdog renews the lock (an outer hold without one):
	// the renewal extends the lock past the lease asked for.
	FlawLeaseUnderWatchdog Flaw = "lease-under-watchdog"
	// FlawRenewalCancelledForAll: 3.8.1 keeps one renewal per lock name in
	// the JVM, and unlockAsync that answered 1 calls
	// cancelExpirationRenewal(null) (R8:RedissonLock.unlockAsync,
	// scheduleExpirationRenewal): noted where that unlock removes a renewal
	// another thread started, and where a thread's new hold finds another
	// thread's entry and schedules none (its renewal is that entry's).
	FlawRenewalCancelledForAll Flaw = "renewal-cancelled-for-all"
	// FlawRenewalRemovesOther: 3.8.1's renewal listener removes the entry
	// of the lock name whatever it is (R8:RedissonLock.java:239,
	// expirationRenewalMap.remove(getEntryName())): noted where a renewal
	// that completes removes an entry another task made. That entry's
	// task runs on, and its thread's cancelExpirationRenewal(threadId)
	// (:271-276), which an unlock that failed calls (:513-516), finds no
	// entry to cancel: the task renews the hold for as long as it exists.
	FlawRenewalRemovesOther Flaw = "renewal-removes-other-entry"
	// FlawRenewalRevived: 3.8.1's renewal listener reschedules the
	// watchdog whenever its renewal answered 1, though the entry it
	// removes is already gone: an unlock that released the last hold
	// cancelled it while the renewal was on its way, and the renewal found
	// a hold the thread does not count (an acquire of an interrupted or
	// timed-out call that ran after the unlock). The watchdog renews that
	// hold for as long as the process lives (R8:RedissonLock.java:239-248).
	FlawRenewalRevived Flaw = "renewal-revived"
	// FlawPartialUnlockKeepsRenewal: 3.8.1's unlockAsync answered 0 (a hold
	// is left) and cancels nothing: when the hold left is one the thread
	// does not count, the watchdog renews it for ever (R8:RedissonLock.unlockAsync).
	FlawPartialUnlockKeepsRenewal Flaw = "partial-unlock-keeps-renewal"
	// FlawRenewalStopped: a renewal failed with an error and the watchdog
	// stopped for good while its lock is held (3.16.8: the entry is removed,
	// R16:RedissonBaseLock.java:149-152, #3994; 3.8.1: no new entry).
	FlawRenewalStopped Flaw = "renewal-stopped"
	// FlawInterruptSwallowed: 3.8.1's lock() catches lockInterruptibly's
	// InterruptedException and returns as if it held the lock
	// (RedissonLock.java:116-132 in 3.8.1).
	FlawInterruptSwallowed Flaw = "interrupt-swallowed"
	// FlawTimeoutSwallowed: 4.7.0's tryLock(wait) catches a
	// RedisResponseTimeoutException from a try in its loop and answers
	// false, though that acquire may have run (RedissonLock.java:274-280).
	FlawTimeoutSwallowed Flaw = "timeout-swallowed"
	// FlawDetachedHold: an interrupted call's acquire completed after the
	// call gave up, took the lock, and its thenApply kept the lease or
	// started the watchdog for a thread that was told it failed (#7272).
	FlawDetachedHold Flaw = "detached-hold"
	// FlawUnlockRenewalKept: 3.16.8's unlock() was interrupted while its
	// unlock was in flight: get() cancels unlockAsync's handle stage before
	// it runs (R16:CommandAsyncService.java:115-129, RedissonBaseLock.java:306-325),
	// so cancelExpirationRenewal(threadId) never does and the thread's
	// renewal count outlives the unlock that ran (#7272's "renewal can
	// outlive unlock()").
	FlawUnlockRenewalKept Flaw = "unlock-renewal-kept"
	// FlawZeroRenewalCancelsAll: 3.16.8's renewal, which renews its
	// entry's first thread, answered 0 (that thread's hold had gone, its
	// unlock run but not yet completed) while the entry held another
	// thread, and cancelExpirationRenewal(null) removed the entry for all
	// (R16:RedissonBaseLock.java:141-160): the other thread's hold has no
	// watchdog left.
	FlawZeroRenewalCancelsAll Flaw = "zero-renewal-cancels-all"
	// FlawRequeue: 4.7.0's handleNoSync undoes a granted acquire after a
	// WAIT that counted no replica and ServiceManager.execute repeats it
	// later (CommandAsyncService.java:1038-1066): a fair waiter loses its place.
	FlawRequeue Flaw = "requeue"
	// FlawFairWait: the fair lock's tryLockInnerAsync and
	// acquireFailedAsync send the caller's tryLock wait instead of
	// threadWaitTime (R16:RedissonFairLock.java:75-78, 104-107;
	// R47:RedissonFairLock.java:71-74, 101-104): a waiter's timeout is the
	// one ahead plus its own wait, and one leaving or granted takes its
	// wait off every timeout behind it, so a short wait moves the live
	// waiters' timeouts before their time and they are removed as stale.
	FlawFairWait Flaw = "fair-wait"
	// FlawUnlockRetryCancels: 4.7.0's unlockAsync runs unlockAsync0 again
	// after NoSyncedSlavesException (ServiceManager.execute,
	// ServiceManager.java:618-637), and every run's handle calls
	// cancelExpirationRenewal (RedissonBaseLock.java:161-164): one unlock()
	// takes two or more renewal counts off the thread, and a hold it still
	// has (a re-entry) loses its watchdog.
	FlawUnlockRetryCancels Flaw = "unlock-retry-cancels-renewal"
	// FlawFencedLeaseDropped: 4.7.0's lockAndGetToken(leaseTime, unit)
	// drops its arguments (RedissonFencedLock.java:76-79).
	FlawFencedLeaseDropped Flaw = "fenced-lease-dropped"
	// FlawFencedNoUndo: 4.7.0's fenced acquire failed with
	// NoSyncedSlavesException, with neither handleNoSync's undo nor a
	// repeat (RedissonFencedLock.java:85-102): the lock it took stays.
	FlawFencedNoUndo Flaw = "fenced-no-undo"
)

// Flaws are the code paths the client notes, for a catalogue to name.
var Flaws = []Flaw{
	FlawResendAcquire, FlawResend, FlawSyncFailed, FlawUntimedWait, FlawStaleSubscription,
	FlawLeaseKept, FlawLeaseUnderWatchdog, FlawRenewalCancelledForAll, FlawRenewalRemovesOther,
	FlawPartialUnlockKeepsRenewal, FlawRenewalStopped, FlawInterruptSwallowed, FlawTimeoutSwallowed,
	FlawDetachedHold, FlawUnlockRenewalKept, FlawZeroRenewalCancelsAll, FlawRequeue, FlawFairWait,
	FlawUnlockRetryCancels, FlawFencedLeaseDropped, FlawFencedNoUndo, FlawRenewalRevived,
}

// noteKeptLease notes FlawLeaseKept when an acquire of thread i without
// a lease sends lease, its lock object's internalLockLeaseTime, and it is
// another call's (keptLease).
func (c *Client) noteKeptLease(i int, lease int64) {
	if c.keptLease(i, lease) {
		c.flaw(FlawLeaseKept, c.threads[i].id)
	}
}

// keptLease says whether lease, the internalLockLeaseTime an acquire
// without a lease of thread i sends (3.16.8, 4.7.0), is a value another
// call left there: an explicit lease, not the watchdog timeout; or the
// watchdog timeout where the thread's own last write of the field left
// its explicit lease, which another thread's unlock set back since
// (R47:RedissonLock.java:326-332), so that a re-entry under that leased
// hold re-arms it for the watchdog's timeout.
func (c *Client) keptLease(i int, lease int64) bool {
	t := &c.threads[i]
	return lease != c.cf.Opts.LockWatchdogTimeout || t.ownLease != 0 && t.ownHandle == t.call.Handle && t.ownLease != lease
}

// setLease writes lease into lock object h's internalLockLeaseTime, a
// write of thread tid's call.
func (c *Client) setLease(tid int64, h int, lease int64) {
	c.handles[h].lease = lease
	for i := range c.threads {
		if t := &c.threads[i]; t.id == tid {
			t.ownLease, t.ownHandle = 0, 0
			if lease != c.cf.Opts.LockWatchdogTimeout {
				t.ownLease, t.ownHandle = lease, h
			}
		}
	}
}

// flaw notes that the client took f's path for thread tid.
func (c *Client) flaw(f Flaw, tid int64) {
	c.emit(Effect{Kind: EffNote, Note: NoteFlaw, Thread: tid, Text: string(f)})
}
