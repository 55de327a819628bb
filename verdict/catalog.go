package verdict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Flaw is one catalogued flaw: a behaviour of an algorithm's real code
// that breaks a property with no fault to blame, known upstream or found
// here. A violation whose checks left it unexplained (checks.MechNone) is
// the flaw's when its algorithm has the flaw, its property is one the flaw
// breaks, the cause the checks established is one the flaw makes, and the
// run took the flaw's code path (a clients.Flaw the client notes where its
// port of the Java line runs) on one of the processes the cause names,
// in the cause's window. A flaw with no path is the algorithm's design
// itself (seed 003's simple locks, a script's own arithmetic).
type Flaw struct {
	Name  string
	Algos []string
	// Props are the properties (or property/kind) it breaks.
	Props []string
	// Causes are the causes (checks.Mechanism.Name of an unexplained
	// violation) it makes.
	Causes []string
	// Paths are the code paths through which it acts, one of which the run
	// must have taken; none for a flaw of the design or the scripts.
	Paths []clients.Flaw
	// What says what it does, Ref where it is known from (the upstream
	// issue and the release that fixed it), Java the lines it ports.
	What, Ref, Java string
}

// The algorithms, by family, that the catalogue's entries list.
var (
	rlocks381  = []string{"rlock-3.8.1", "fairlock-3.8.1"}
	rlocks3168 = []string{"rlock-3.16.8", "fairlock-3.16.8"}
	rlocks470  = []string{"rlock-4.7.0", "fairlock-4.7.0", "fencedlock-4.7.0"}
	redissons  = slices.Concat(rlocks381, rlocks3168, rlocks470)
)

// lockLoss are the properties through which a lock lost under a live
// holder shows: the overlap, the hold gone before its time, the unlock
// that finds nothing, and porcupine's general view of the same.
//
// A re-entrant acquire that returns while the store has lost the holds
// the thread had (the explorer checks every acquire's return) shows the
// same loss as holds: the cause, not the property, names the mechanism.
var lockLoss = []string{"mutex", "expiry", "error/not-held", "linearizable", "holds"}

// Catalogue is every flaw the gate knows, in the order the reports list
// them.
var Catalogue = []Flaw{
	// seed 003's simple locks: the algorithm is the flaw.
	{Name: "delete-without-owner-check", Algos: []string{"setnx-expire", "set-px"},
		Props: lockLoss, Causes: []string{"deleted-by-other", "unlinearizable"},
		What: "unlock is a plain DEL: a holder slower than its lease deletes the next holder's lock",
		Ref:  "seed 003 (SETNX/SET NX PX, then DEL)"},
	{Name: "get-then-delete", Algos: []string{"set-uuid-getdel"},
		Props: lockLoss, Causes: []string{"deleted-by-other", "unlinearizable"},
		What: "GET, compare, DEL are three commands: the lock expires between GET and DEL, and the DEL removes the next holder's lock",
		Ref:  "seed 003 (GET, compare, DEL)"},
	{Name: "expire-after-setnx", Algos: []string{"setnx-expire"},
		Props: []string{"liveness", "linearizable", "expiry"}, Causes: []string{"no-ttl", "unlinearizable"},
		What: "SETNX and EXPIRE are two commands: a crash or a lost EXPIRE between them leaves a lock with no TTL, held for ever",
		Ref:  "seed 003 (SETNX then EXPIRE)"},

	// Every Redisson version but 3.16.8: the root of the orphan renewals
	// below it, listed first.
	{Name: "detached-hold", Algos: slices.Concat(rlocks381, rlocks470), Paths: []clients.Flaw{clients.FlawDetachedHold},
		Props: slices.Concat(lockLoss, []string{"orphan", "holds"}), Causes: []string{"orphan-renewal", "kept-lease", "acquired-uncounted", "extra-hold", "outlived", "unlinearizable", "deleted-by-own"},
		What: "an interrupted call's acquire completes after the call gave up, takes the lock, and its thenApply keeps the lease or starts the watchdog for a thread that was told it failed: renewed for ever with no holder",
		Ref:  "#7272, #2714, #4368", Java: "R8:CommandAsyncService.get; 4.7.0 RedissonLock.tryAcquireAsync thenApply"},

	// Redisson 3.8.1.
	{Name: "renewal-cancelled-for-all", Algos: rlocks381, Paths: []clients.Flaw{clients.FlawRenewalCancelledForAll},
		Props: lockLoss, Causes: []string{"no-renewal", "lease-under-watchdog", "unlinearizable"},
		What: "the JVM keeps one renewal per lock name: unlockAsync's cancelExpirationRenewal(null) cancels another thread's, and a thread whose hold rides on another thread's entry schedules none, so its lock expires under it",
		Ref:  "#1966 family; replaced in 3.10.5 (deaca654c)", Java: "R8:RedissonLock.unlockAsync, scheduleExpirationRenewal"},
	{Name: "renewal-removes-other-entry", Algos: rlocks381, Paths: []clients.Flaw{clients.FlawRenewalRemovesOther},
		Props: []string{"orphan"}, Causes: []string{"orphan-renewal"},
		What: "a renewal's listener removes the lock name's entry whatever task made it: another thread's entry is gone while its task runs on, so that thread's unlock, failing, cancels nothing, and the task renews a lock nobody will unlock for as long as the process lives",
		Ref:  "found here; it defeats #1602's fix (a failed unlock cancels the renewal), which finds no entry to cancel",
		Java: "R8:RedissonLock.java:239 (scheduleExpirationRenewal's listener: expirationRenewalMap.remove(getEntryName())), :271-276 (cancelExpirationRenewal(threadId)), :513-516 (unlockAsync on failure)"},
	{Name: "partial-unlock-keeps-renewal", Algos: rlocks381, Paths: []clients.Flaw{clients.FlawPartialUnlockKeepsRenewal},
		Props: []string{"orphan"}, Causes: []string{"orphan-renewal"},
		What: "unlockAsync cancels the renewal only when the script answered 1: a hold the thread does not count turns its last unlock into a partial one, and the watchdog renews that hold for ever",
		Java: "R8:RedissonLock.unlockAsync"},
	{Name: "lock-returns-after-interrupt", Algos: rlocks381, Paths: []clients.Flaw{clients.FlawInterruptSwallowed},
		Props: slices.Concat(lockLoss, []string{"holds", "fifo"}), Causes: []string{"no-hold", "not-in-store", "not-held", "unlinearizable", "two-holders", "overtaken"},
		What: "lock() calls lockInterruptibly and swallows its InterruptedException: a thread interrupted while it waits returns from lock() without the lock, and its queue entry stays behind for its next call (a fair waiter's place from a call that is over)",
		Ref:  "#1593, fixed in 3.10.6 (c67c333fa)", Java: "R8:RedissonLock.java:116-132"},
	{Name: "score-drift", Algos: []string{"fairlock-3.8.1"},
		Props: []string{"evicted", "fifo"}, Causes: []string{"evicted-live"},
		What: "every retry of a waiter that is not the head refreshes its timeout to the head's plus 5 s, so the queue's timeouts drift and a live waiter's score passes while it waits",
		Ref:  "#2099, #1104; fixed in 3.11.1 (#2100)", Java: "R8:RedissonFairLock.tryLockInnerAsync"},

	// Redisson 3.8.1 and 3.16.8.
	{Name: "renewal-stopped", Algos: slices.Concat(rlocks381, rlocks3168), Paths: []clients.Flaw{clients.FlawRenewalStopped},
		Props: lockLoss, Causes: []string{"no-renewal", "renewal-sync-failed", "lease-under-watchdog", "unlinearizable"},
		What: "a renewal that fails stops the watchdog for good while the lock is held (3.16.8 after a WAIT that counted fewer replicas): the lock expires under its live holder",
		Ref:  "#3994, #775", Java: "R16:RedissonBaseLock.java:149-152; R8:RedissonLock.java:239-247"},

	// Redisson 3.16.8.
	{Name: "sync-failed", Algos: rlocks3168, Paths: []clients.Flaw{clients.FlawSyncFailed},
		Props: slices.Concat(lockLoss, []string{"holds"}), Causes: []string{"sync-failed", "acquired-uncounted", "extra-hold", "outlived", "unlinearizable", "deleted-by-own"},
		What: "a lock command ran, then its batch's WAIT counted fewer replicas than the client has and the call throws: an acquire it ran stays, a hold its caller does not count",
		Ref:  "#3994", Java: "R16:RedissonBaseLock.evalWriteAsync (RedissonBaseLock.java:227)"},
	{Name: "untimed-wait", Algos: []string{"fairlock-3.16.8"}, Paths: []clients.Flaw{clients.FlawUntimedWait},
		Props: []string{"liveness"}, Causes: []string{"untimed-wait", "stalled"},
		What: "the fair acquire answers a negative ttl (timeout - wait - now), and lock() then waits on its latch with no timeout",
		Ref:  "#5503; fixed in 3.32.0 (f08dfd894, with #4705)", Java: "R16:RedissonLock.lock (acquireUninterruptibly)"},
	{Name: "zero-renewal-cancels-all", Algos: rlocks3168, Paths: []clients.Flaw{clients.FlawZeroRenewalCancelsAll},
		Props: lockLoss, Causes: []string{"no-renewal", "renewed-short"},
		What: "the JVM's renewal renews its entry's first thread; when that thread's unlock has run but not yet completed, the renewal answers 0 and cancelExpirationRenewal(null) removes the entry for every thread, so another thread of the JVM that took the lock in the meantime loses its watchdog and the lock expires under it (no fault needed; likelier the shorter lockWatchdogTimeout is against the unlock's round trip)",
		Ref:  "no upstream issue found; the same cancel as #7272's \"renewal can outlive unlock()\"; 4.7.0's LockTask cancels only the renewed thread's count", Java: "R16:RedissonBaseLock.java:141-160 (renewExpiration: getFirstThreadId; cancelExpirationRenewal(null) when the script answers 0)"},
	{Name: "unlock-renewal-kept", Algos: rlocks3168, Paths: []clients.Flaw{clients.FlawUnlockRenewalKept},
		Props: slices.Concat([]string{"orphan"}, lockLoss), Causes: []string{"orphan-renewal", "no-renewal"},
		What: "an interrupted unlock() cancels unlockAsync's handle stage before it runs, so the thread's renewal count outlives the unlock that ran; the JVM's renewal renews its entry's first thread, that one, whose 0 reply cancels the entry for every thread, and another thread's hold loses its watchdog",
		Ref:  "#7272 (\"renewal can outlive unlock()\")", Java: "R16:CommandAsyncService.java:115-129, RedissonBaseLock.java:306-325, 141-160 (renewExpiration: getFirstThreadId, cancelExpirationRenewal(null) on false)"},

	// Redisson 3.16.8 and 4.7.0.
	{Name: "fair-wait", Algos: []string{"fairlock-3.16.8", "fairlock-4.7.0"}, Paths: []clients.Flaw{clients.FlawFairWait},
		Props: []string{"evicted", "fifo", "linearizable", "liveness"}, Causes: []string{"evicted-live", "overtaken", "unlinearizable", "untimed-wait", "stalled"},
		What: "a tryLock(wait) puts its own wait into the fair queue's arithmetic in place of threadWaitTime: a waiter's timeout is the one ahead's plus its wait, and a waiter leaving (acquireFailed) or granted takes its wait off every timeout behind it, so the live waiters behind a short wait are removed as stale while they wait",
		Ref:  "reported in #3254, #6427", Java: "R16:RedissonFairLock.java:75-78, 104-107; R47:RedissonFairLock.java:71-74, 101-104"},
	{Name: "resend-acquire", Algos: slices.Concat(rlocks3168, rlocks470), Paths: []clients.Flaw{clients.FlawResendAcquire},
		// release: the search's step judge sees the extra hold again when the
		// thread's one unlock leaves the store counting it (explore)
		Props: slices.Concat(lockLoss, []string{"holds", "release"}), Causes: []string{"acquire-ran-twice", "extra-hold", "outlived", "rearmed-by-unlock", "unlinearizable", "deleted-by-own", "not-held", "release-left-hold"},
		What: "an acquire is re-sent after a response timeout though its first send ran: it runs twice and leaves two holds, which one unlock does not release",
		Ref:  "#4822, #4871, #7367", Java: "RedisExecutor.scheduleResponseTimeout (isResendAllowed)"},
	{Name: "resend", Algos: slices.Concat(rlocks3168, rlocks470), Paths: []clients.Flaw{clients.FlawResend},
		Props: lockLoss, Causes: []string{"deleted-by-own", "unlinearizable", "not-held", "unlock-ran-twice"},
		What: "an unlock or forceUnlock is re-sent after a response timeout though its first send ran: an unlock counts down twice, a forceUnlock's second run answers 0",
		Java: "RedisExecutor.scheduleResponseTimeout; 4.7.0: ServiceManager.execute, RedissonLock.java:334-345"},
	{Name: "lease-kept", Algos: redissons, Paths: []clients.Flaw{clients.FlawLeaseKept},
		Props: slices.Concat(lockLoss, []string{"holds"}), Causes: []string{"kept-lease", "renewed-short"},
		What: "a lock object keeps the last explicit lease any of its threads asked in internalLockLeaseTime; a later lock() without one (3.16.8, 4.7.0) or an unlock of an inner hold (every version) sends it, while the watchdog first renews a third of lockWatchdogTimeout later: a short lease runs out under the holder",
		Ref:  "#4818, the acquire fixed in 3.19.2 (8a54ce8f6); a residue in 4.7.0 after #5623 (94d73b870); the unlock's in every version", Java: "R8:RedissonLock.java:280,501; R16:RedissonLock.java:160,182,356; 4.7.0 RedissonLock.java:174-175,189-191,369"},
	{Name: "stale-subscription", Algos: slices.Concat(rlocks3168, rlocks470), Paths: []clients.Flaw{clients.FlawStaleSubscription},
		Props: []string{"error/subscribe"}, Causes: []string{"failed-subscribe"},
		What: "a subscription whose creator gave up (or that timed out) leaves its failed promise in the entry map, and every later subscriber on that entry fails at once",
		Ref:  "#4210, #4700, #6047", Java: "pubsub/PublishSubscribe.java:94"},

	// Every Redisson version.
	{Name: "lease-under-watchdog", Algos: redissons, Paths: []clients.Flaw{clients.FlawLeaseUnderWatchdog},
		Props: lockLoss, Causes: []string{"lease-under-watchdog", "renewed-past-lease"},
		What: "a re-entry with an explicit lease under a watchdog hold re-arms the lock for that lease; the outer hold's renewal then extends it past that lease, or comes too late and the lock expires under the outer holder",
		Java: "RedissonLock.tryAcquireAsync: pexpire with the re-entry's lease; scheduleExpirationRenewal"},

	{Name: "stale-renewal", Algos: redissons,
		Props: lockLoss, Causes: []string{"stale-renewal", "unlinearizable"},
		What: "a renewal already sent when its hold ends (by an unlock, a crash) is not cancelled: it lands after the thread took the lock again, or after its process died, and re-arms the hold for lockWatchdogTimeout, past the lease the new hold was taken with (or short of it, and the lock expires under its holder)",
		Java: "R8:RedissonLock.scheduleExpirationRenewal, R16:RedissonBaseLock.renewExpiration (a TimerTask that has fired runs on); 4.7.0 RenewalTask (a pending tick is not cancelled)"},

	// Redisson 4.7.0.
	{Name: "timeout-swallowed", Algos: rlocks470, Paths: []clients.Flaw{clients.FlawTimeoutSwallowed},
		Props: []string{"holds", "linearizable", "expiry", "mutex", "error/not-held"}, Causes: []string{"acquired-uncounted", "extra-hold", "unlinearizable", "outlived"},
		What: "tryLock(wait) catches a RedisResponseTimeoutException from a try in its loop and answers false, though that acquire may have run: the caller holds a lock it was told it did not get",
		Java: "4.7.0 RedissonLock.java:274-280"},
	{Name: "unlock-retry-cancels-renewal", Algos: rlocks470, Paths: []clients.Flaw{clients.FlawUnlockRetryCancels},
		Props: slices.Concat(lockLoss, []string{"error/not-held"}), Causes: []string{"no-renewal"},
		What: "an unlock whose WAIT counted no replica runs again (ServiceManager.execute), and each run cancels one renewal count of the thread: one unlock() of a re-entered lock takes two counts, the hold it leaves loses its watchdog and expires under the thread lockWatchdogTimeout later",
		Ref:  "the versions report's \"4.7.0 repeated unlock\" (scenario/testdata/explore-fairlock-4.7.0-replica-repeated-unlock.txt)",
		Java: "4.7.0 RedissonBaseLock.java:155-165 (unlockAsync0's handle), ServiceManager.java:618-637"},
	{Name: "requeue", Algos: []string{"rlock-4.7.0", "fairlock-4.7.0"}, Paths: []clients.Flaw{clients.FlawRequeue},
		Props: slices.Concat(lockLoss, []string{"fifo", "evicted", "holds"}), Causes: []string{"overtaken", "evicted-live", "unlinearizable", "sync-failed", "acquired-uncounted", "extra-hold", "acquire-undone", "acquire-ran-twice"},
		What: "after a WAIT that counted no replica, handleNoSync undoes a grant with an unlock and ServiceManager.execute retries the acquire later: the call's grant is taken back unseen, a fair waiter loses its place to a later one, and when an attempt re-entered a hold the thread did not count, the last undo leaves that hold behind the call's exception",
		Java: "4.7.0 CommandAsyncService.java:1038-1066, ServiceManager.java:611-645"},
	{Name: "fenced-lease-dropped", Algos: []string{"fencedlock-4.7.0"}, Paths: []clients.Flaw{clients.FlawFencedLeaseDropped},
		Props: lockLoss, Causes: []string{"renewed-past-lease", "outlived", "unlinearizable", "lease-dropped", "kept-lease"},
		What: "lockAndGetToken(leaseTime, unit) drops its arguments and takes the lock with the watchdog, which renews it past the lease asked for",
		Java: "4.7.0 RedissonFencedLock.java:76-79"},
	{Name: "fenced-no-undo", Algos: []string{"fencedlock-4.7.0"}, Paths: []clients.Flaw{clients.FlawFencedNoUndo},
		Props: slices.Concat(lockLoss, []string{"holds"}), Causes: []string{"sync-failed", "acquired-uncounted", "extra-hold", "outlived", "no-renewal", "kept-lease", "unlinearizable"},
		What: "the fenced acquire is neither undone nor repeated after a WAIT that counted no replica: the call throws while the lock it took stays, unrenewed",
		Java: "4.7.0 RedissonFencedLock.java:85-102"},
}

// flawsOf are the catalogue's flaws of algo.
func flawsOf(algo string) []*Flaw {
	var out []*Flaw
	for i := range Catalogue {
		if slices.Contains(Catalogue[i].Algos, algo) {
			out = append(out, &Catalogue[i])
		}
	}
	return out
}

// FlawNamed is the catalogue's flaw called name, nil when none is.
func FlawNamed(name string) *Flaw {
	for i := range Catalogue {
		if Catalogue[i].Name == name {
			return &Catalogue[i]
		}
	}
	return nil
}

// breaks reports whether f breaks v's property (or property/kind).
func (f *Flaw) breaks(v checks.Violation) bool {
	return slices.Contains(f.Props, v.Property) || v.Kind != "" && slices.Contains(f.Props, v.Property+"/"+v.Kind)
}

// Resolve is v's mechanism in a run of algo with history h: v's own when
// the checks found one (a fault, a lease, a contract action); else the
// catalogued flaw of algo that breaks v's property, makes the cause the
// checks established, and whose code path the run took on one of the
// cause's processes in its window; else v's cause unchanged (a bug).
func Resolve(algo string, v checks.Violation, h *model.History) checks.Mechanism {
	m := v.Mech
	if m.Kind != checks.MechNone {
		return m
	}
	for _, f := range flawsOf(algo) {
		if !f.breaks(v) || !slices.Contains(f.Causes, m.Name) {
			continue
		}
		if len(f.Paths) == 0 {
			return f.mechanism(m.Detail, "")
		}
		if took, ok := tookPath(h, f.Paths, m.Procs, m.From, m.To); ok {
			return f.mechanism(m.Detail, took)
		}
	}
	return m
}

// mechanism is f explaining what the checks established (detail), through
// the path it took (took, "" for a flaw of the design).
func (f *Flaw) mechanism(detail, took string) checks.Mechanism {
	d := detail
	if took != "" {
		d += "; " + took
	}
	return checks.Mechanism{Kind: checks.MechFlaw, Name: f.Name, Detail: d, Ref: f.Reference()}
}

// Reference is where f is known from: its upstream reference, else the Java it
// ports.
func (f *Flaw) Reference() string {
	if f.Ref == "" {
		return f.Java
	}
	return f.Ref
}

// tookPath finds the last time one of paths was taken by a thread of one
// of procs (any process when procs is empty) in [from, to], the nearest
// to what it explains; it says which and where.
func tookPath(h *model.History, paths []clients.Flaw, procs []string, from, to sim.Time) (string, bool) {
	for i := len(h.Flaws) - 1; i >= 0; i-- {
		fl := &h.Flaws[i]
		if fl.At > to {
			continue
		}
		if fl.At < from {
			break
		}
		if slices.Contains(paths, clients.Flaw(fl.Flaw)) && (len(procs) == 0 || slices.Contains(procs, fl.Proc)) {
			return fmt.Sprintf("path %s taken by %s at t=%s", fl.Flaw, fl.Owner, fl.At), true
		}
	}
	return "", false
}

// linWindow is how far from the call porcupine cannot place the
// mechanism of a linearizability failure may have acted: porcupine pins
// the failure on the first call no order explains, and what made the
// history unexplainable (an acquire that ran twice, a lost write) may
// show itself on either side of it — a re-send comes a response timeout
// or more after the run it repeats.
const linWindow = 30 * sim.Second

// generalView explains a linearizability failure that the checks left
// unexplained: porcupine sees, from the clients' side, what the specific
// checks tell apart. It takes the mechanism of the run's other violation
// nearest to the call porcupine cannot place (within linWindow of its
// span, one involving that call's owner first); else any catalogued flaw
// of algo that breaks linearizability whose path any thread took by
// linWindow after that call returned.
func generalView(algo string, lin checks.Violation, others []checks.Violation, h *model.History) checks.Mechanism {
	from, to := lin.At.Add(-linWindow), lin.Mech.To.Add(linWindow)
	dist := func(o *checks.Violation) sim.Duration {
		switch {
		case o.At < lin.At:
			return lin.At.Sub(o.At)
		case o.At > lin.Mech.To:
			return o.At.Sub(lin.Mech.To)
		}
		return 0
	}
	var best *checks.Violation
	better := func(o *checks.Violation) bool {
		if best == nil {
			return true
		}
		mine := len(lin.Actors) > 0 && slices.Contains(o.Actors, lin.Actors[0])
		bestMine := len(lin.Actors) > 0 && slices.Contains(best.Actors, lin.Actors[0])
		if mine != bestMine {
			return mine
		}
		return dist(o) < dist(best)
	}
	for i := range others {
		o := &others[i]
		if o.Property == "linearizable" || o.Property == "fenced" || o.Mech.Kind == checks.MechNone || o.At < from || o.At > to {
			continue
		}
		if better(o) {
			best = o
		}
	}
	if best != nil {
		m := best.Mech
		m.Detail = fmt.Sprintf("the %s violation at t=%s seen from the clients' side: %s", best.Property, best.At, m.Detail)
		return m
	}
	for _, f := range flawsOf(algo) {
		if !slices.Contains(f.Props, "linearizable") {
			continue
		}
		if len(f.Paths) == 0 {
			return f.mechanism(lin.Mech.Detail, "")
		}
		if took, ok := tookPath(h, f.Paths, nil, 0, to); ok {
			return f.mechanism(lin.Mech.Detail, took)
		}
	}
	return lin.Mech
}

// Known reports whether v is a catalogued flaw of its algorithm.
func Known(v checks.Violation) bool { return v.Class == checks.Known }

// Took reports whether v's mechanism is the catalogued flaw taken through
// path.
func Took(v checks.Violation, path clients.Flaw) bool {
	if v.Mech.Kind != checks.MechFlaw {
		return false
	}
	f := FlawNamed(v.Mech.Name)
	return f != nil && (slices.Contains(f.Paths, path) || strings.Contains(v.Mech.Detail, "path "+string(path)+" "))
}
