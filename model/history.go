package model

import (
	"strings"

	"github.com/locksim/locksim/sim"
)

// CallKind is which lock API call a workload thread makes.
type CallKind string

// The calls a workload mixes.
const (
	CallLock        CallKind = "lock"          // lock() or lock(lease)
	CallTryLock     CallKind = "tryLock()"     // tryLock(): one attempt
	CallTryLockWait CallKind = "tryLock(wait)" // tryLock(wait, lease, unit)
	CallUnlock      CallKind = "unlock"
	CallRenew       CallKind = "renew" // the watchdog's renewal (Op in History.Renewals)
	CallForceUnlock CallKind = "forceUnlock"
	CallIsLocked    CallKind = "isLocked"
	CallIsHeld      CallKind = "isHeldByCurrentThread"
	CallHoldCount   CallKind = "getHoldCount"
)

// Acquires reports whether the call takes the lock when it succeeds.
func (k CallKind) Acquires() bool {
	return k == CallLock || k == CallTryLock || k == CallTryLockWait
}

// Releases reports whether the call gives the lock back.
func (k CallKind) Releases() bool { return k == CallUnlock || k == CallForceUnlock }

// Op is one call in the client-observed history: what a thread asked,
// when (virtual time) it called and heard back, and what it heard.
type Op struct {
	Proc   string
	Thread int64
	Owner  string // the owner field the lock stores (UUID:threadId), or the value
	Lock   string
	Call   CallKind
	Wait   int64
	Lease  int64 // ms; -1: the watchdog's
	Start  sim.Time
	End    sim.Time // -1 while open (the process crashed before it returned)
	// Outcome is "acquired", "not-acquired", "released", "not-released"
	// (a forceUnlock that found nothing), "true"/"false" (isLocked,
	// isHeldByCurrentThread), the count (getHoldCount), "error", or ""
	// while open.
	Outcome string
	Err     string
	// ErrKind classifies an error as the Java exception does: timeout,
	// write, reply, sync, not-held, subscribe, interrupted, unsupported.
	ErrKind string
	// Value is getHoldCount's answer, or the fencing token an acquisition
	// of the fenced lock returned.
	Value int64
	// Nested is set for a call made while the thread held the lock (a
	// re-entrant acquisition, a query, an unlock of an inner hold).
	Nested bool
	// Untimed is set when the call waited with no timeout at all
	// (Redisson's lock() after a negative ttl, #5503).
	Untimed bool
	// LastTTL is the ttl (ms) the call's last acquire script answered, and
	// LastTTLAt when it ran; -1 (and 0) when none answered one. A waiter
	// sleeps up to that ttl before it tries again, unless woken.
	LastTTL   int64
	LastTTLAt sim.Time
	// QueuePos is the caller's 1-based place in the fair lock's queue when
	// it first appeared there during this call (0: never queued).
	QueuePos int
	// QueuedAt is when the caller first appeared in the fair queue during
	// this call (valid when QueuePos > 0).
	QueuedAt sim.Time
	// Evicted is set when the caller, still waiting, was removed from the
	// fair queue by another caller's stale-waiter loop.
	Evicted bool
	// EvictedAt is when the caller was first seen evicted (valid when
	// Evicted).
	EvictedAt sim.Time
	// LastTry is when the call's last acquire attempt was sent (the
	// client's own view: the attempt whose reply decided the call).
	LastTry sim.Time
	// Sends are, where each acquire attempt writes the lock object's
	// internalLockLeaseTime as it is sent (3.8.1,
	// R8:RedissonLock.java:279-280; clients.Config.AttemptStoresLease),
	// when each of the call's acquire commands was sent: every attempt,
	// and each re-send of one. nil for the other versions, where no
	// check reads them (and 4.7.0's fair waiters spin an attempt per
	// round trip).
	Sends []sim.Time
	// Requeued lists the times the caller, evicted while it waited, joined
	// the queue again (at its tail).
	Requeued []Requeue
	// QueuedServerMs is the master's clock (Unix ms) when the caller first
	// appeared in the fair queue (valid when QueuePos > 0).
	QueuedServerMs int64
	QueuedEpoch    int
	// QueueKept is set when the caller was already in the queue when its
	// call first ran (a place left by an earlier call whose reply it never
	// heard), and kept that place.
	QueueKept bool
	// KeptSince is, for a kept place, when the earlier call took it.
	KeptSince sim.Time
	// ExecAt is the master's clock (Unix ms) when the call's deciding
	// script or command last ran (its last acquire attempt, its release,
	// its renewal), as an observer saw it; -1 when none ever ran (the
	// request was lost or never sent). Lease expiry enters the porcupine
	// models through it.
	ExecAt int64
	// ExecVirtual is the virtual time of that last run (valid when
	// ExecAt >= 0): nothing the call sent acts on the store after it. An
	// unlock's repeat that answered from its latch (4.7.0) acted on
	// nothing: the run before it stays.
	ExecVirtual sim.Time
	// ExecEpoch counts the master changes seen before that run.
	ExecEpoch int
	// GaveUpAt is the master's clock (Unix ms) when the fair lock's
	// acquireFailed ran for this call (a waiter leaving the queue after its
	// wait ran out), at virtual time GaveUpVirtual; -1 when it never ran.
	GaveUpAt      int64
	GaveUpVirtual sim.Time
	GaveUpEpoch   int
	// FairWait is the wait (ms) the call's last fair acquire or
	// acquireFailed sent (3.16.8, 4.7.0: threadWaitTime, or the tryLock's
	// own wait, RedissonFairLock.java:71-74 at 4.7.0): the fair queue's
	// timeouts count it for the caller's place, and its grant or leaving
	// takes it off every timeout behind. -1 when none was sent.
	FairWait int64
	// ScriptLease is the lease (ms) the call's script gives the lock when it
	// runs: the explicit lease or the watchdog's for an acquire, the
	// internalLockLeaseTime an unlock or a renewal re-arms; 0 when none.
	// It is the last command's (EarlierLeases).
	ScriptLease int64
	// ExecLease is, for an unlock, the lease its run at ExecAt carried,
	// which a repeat sent later may not (0: not known).
	ExecLease int64
	// Scheduled is, for a renewal, when the watchdog task that sent it
	// had its timer set: the return of the acquire that started the
	// watchdog, or the completion of the renewal that rescheduled it; -1
	// when not known.
	Scheduled sim.Time
	// SyncShort is, for a renewal, that its WAIT counted fewer replicas
	// than asked and so waited out its timeout (a replica's lag), whether
	// the renewal then failed (ErrKind "sync") or not (4.7.0 fails only
	// when none was counted).
	SyncShort bool
	// SyncWaited is, for a renewal, how long the WAIT its batch ended with
	// waited on the master for its replicas' acknowledgements (a replica's
	// lag), whether they came in time or the WAIT's timeout ran out; 0
	// when it answered at once.
	SyncWaited sim.Duration
	// EarlierLeases are the other leases (ms) earlier commands of an
	// acquisition or unlock carried, where a later one carried another
	// (ScriptLease is the last command's): lock()'s loop reads its lock
	// object's internalLockLeaseTime anew at every attempt, which another
	// call may set in between (R16:RedissonLock.tryAcquireAsync), and so
	// does each attempt of 4.7.0's retried unlock. nil when every command
	// carried the same lease.
	EarlierLeases []int64
	// FailedRuns are, for an unlock, when each of its runs that failed
	// on its WAIT (NoSyncedSlavesException) came back, before 4.7.0's
	// ServiceManager.execute ran it again (ServiceManager.java:618-637):
	// each run's handle cancels one renewal count of the thread, failed
	// or not (R47:RedissonBaseLock.java:161-164), the last run's at End.
	// nil when its first run decided the call.
	FailedRuns []sim.Time
}

// Requeue is a waiter joining the fair queue again: when (virtual time)
// and the master's clock then.
type Requeue struct {
	At       sim.Time
	ServerMs int64
	Epoch    int
}

// Section is a critical section: from "lock returned" to "unlock sent" or
// the process's crash.
type Section struct {
	Proc   string
	Thread int64
	Owner  string
	Lock   string
	Lease  int64 // ms the lock was taken for; -1: the watchdog's
	// OuterLease is the lease (ms) of the acquisition that began the
	// section, -1 for the watchdog's: Lease is a later re-entry's when one
	// re-armed the lock.
	OuterLease int64
	Called     sim.Time // when the acquiring call started
	// Granted is when the successful acquire attempt was sent: its script
	// ran, and the lease began, at or after this (a call that waited was
	// granted long after it was made).
	Granted sim.Time
	// Rearmed is when the holder last re-armed the lease itself, with a
	// re-entrant acquisition inside the section (Lease is then that
	// acquisition's lease); 0 when it never did.
	Rearmed sim.Time
	Start   sim.Time
	End     sim.Time // -1: still open at the end of the run
	Ended   string   // "unlock", "crash", or "" while open
	// StoreHolds is the hold count the master's lock hash had for Owner
	// when the section began (read by an observer, not the client); -1
	// where the algorithm keeps no count, NoMaster when no node was master
	// then (a failover under way: nothing to read).
	StoreHolds int64
}

// NoMaster is Section.StoreHolds when no node was master as the section
// began.
const NoMaster = -2

// Write is one write a critical section makes to the protected resource
// (the thing the lock guards): on entering and just before releasing.
type Write struct {
	Proc   string
	Thread int64
	Owner  string
	Lock   string
	At     sim.Time
	// Token is the fencing token the writer presented: the one its latest
	// acquisition returned (RFencedLock's lockAndGetToken), or -1 where the
	// lock issues none (the fencing check then assigns its own).
	Token int64
}

// StoreSample is the lock's state on the master right after a script ran
// there, read by an observer that does not touch the store.
type StoreSample struct {
	At       sim.Time
	Node     string
	ServerMs int64  // the master's clock (Unix ms)
	Epoch    int    // master changes seen before this sample
	Script   string // the script's ID
	// Tag names the call whose request ran the script: "op/N" (Ops[N]),
	// "renew/N" (Renewals[N]), "unlock/N" (Unlocks[N]), "" for none.
	Tag  string
	Lock string // the lock key
	// Holders are the fields of the lock hash (owners); for a simple
	// lock's string key, the owner whose acquire set it.
	Holders  []string
	TTL      int64    // the lock key's PTTL then (-1 none, -2 absent)
	Queue    []string // the fair lock's queue, in order
	Timeouts []string // members of the fair lock's timeout set
	// StaleHead is set when a fair script whose stale-waiter loop should
	// have removed the queue's head left it there: the head was queued
	// before the script, its timeout unchanged by it, and at or before the
	// script's current time (RedissonFairLock: `if timeout <= currentTime
	// then zrem; lpop`).
	StaleHead string
}

// End is the state at the end of a run.
type End struct {
	At sim.Time
	// LivenessFrom is when the liveness phase began (faults healed).
	LivenessFrom sim.Time
	// LockType and LockTTL describe the lock key on the master at the end
	// ("none" / -2 when absent, TTL -1 when it has none).
	LockType string
	LockTTL  int64
	// Alive says, per process, whether it was running (not crashed, not
	// paused) at the end.
	Alive map[string]bool
	// LiveOwners are the owners (UUID:threadId) of the threads of the
	// processes' current incarnations that are running at the end.
	LiveOwners map[string]bool
	// Replicas is how many replicas the master had (their replication is
	// asynchronous).
	Replicas int
	// WaitBound is how long the algorithm may, by its own design, leave a
	// free lock untaken while live callers wait: the longest lease a
	// sleeping waiter's ttl can come from, plus a margin for the network.
	// A fair lock adds ThreadWait for each member of its queue that is no
	// live waiter (a dead or abandoned entry keeps its place until its
	// timeout passes).
	WaitBound  sim.Duration
	ThreadWait sim.Duration
}

// Settings are the client settings a run's checks need, in ms.
type Settings struct {
	Redisson bool
	Fair     bool
	// Watchdog is Config.lockWatchdogTimeout: the lease a renewal arms,
	// renewed every Watchdog/3.
	Watchdog int64
	// Timeout is Config.timeout, the response timeout of a command.
	Timeout int64
	// ThreadWaitTime is the fair lock's threadWaitTime (0 for others).
	ThreadWaitTime int64
	// RenewalStopsOnFailure: a renewal that fails stops the watchdog for
	// good (3.8.1 schedules no next one, 3.16.8 removes its entry); 4.7.0's
	// renewal task logs the failure and goes on.
	RenewalStopsOnFailure bool
	// UnlockCancelsRenewal: every unlock takes its thread's count off the
	// watchdog, so an inner unlock stops a watchdog only a re-entry
	// started (3.16.8, 4.7.0); 3.8.1 cancels only when the lock is
	// released (R8:RedissonLock.unlockAsync: opStatus true).
	UnlockCancelsRenewal bool
	// RenewalPerThread: each watchdog task renews the one thread whose
	// acquire started it, and only its own completion schedules the next
	// (3.8.1's scheduleExpirationRenewal(threadId), R8:RedissonLock.java:225-253);
	// 3.16.8's entry and 4.7.0's task renew every thread of the client that
	// holds the lock, the entry's first (R16:RedissonBaseLock.java:141-163,
	// R47:LockTask.java:57-102).
	RenewalPerThread bool
	// FairQueueBudget: the fair queue's timeouts count the lock's ttl when
	// the first waiter queued plus each waiter's wait (threadWaitTime for a
	// lock()) per place, and a grant takes the granted caller's wait off
	// every timeout behind it; the new holder's hold is counted nowhere
	// (3.16.8, 4.7.0: R16:RedissonFairLock.java:187, 216-223;
	// R47:RedissonFairLock.java:184, 215-222). 3.8.1's arithmetic differs
	// (every retry refreshes a timeout: its score drift).
	FairQueueBudget bool
	// UnlockLatch: an unlock's script keeps its answer under the call's
	// request id for a while, so a repeat of the same unlock answers from
	// it instead of counting down again (4.7.0, RedissonLock.java:347-371).
	UnlockLatch bool
	// UnlockLatchMax is the longest an unlock's latch lives, ms:
	// (timeout + retryDelay.calcDelay(retryAttempts)) × retryAttempts at
	// its longest delay (RedissonBaseLock.java:222-231); 0 without a latch.
	UnlockLatchMax int64
	// UnlockRepeatMin is the least time after its first run that the same
	// unlock runs again, ms: a repeat follows a WAIT that counted no replica,
	// which answers after slavesSyncTimeout (1000 ms, Config.java:89), and
	// retryDelay.calcDelay(1) at its shortest (ServiceManager.java:618-637);
	// RedisExecutor's re-send of the synced batch waits the same and more.
	// Above UnlockLatchMax every repeat finds the latch gone.
	UnlockRepeatMin int64
}

// History is what a run's clients observed, in event order.
type History struct {
	Settings Settings
	Ops      []Op
	// Renewals are the watchdog's renewal calls (Call CallRenew, Thread
	// -1), kept apart from the workload's calls.
	Renewals []Op
	// Unlocks are the unlocks a client sends on its own for a thread whose
	// call is over (Call CallUnlock, Outcome ""): the fenced lock's unlock
	// of a lock that an interrupted call's acquire took afterwards
	// (`if (!result.complete(...)) unlockAsync(threadId)`).
	Unlocks  []Op
	Sections []Section
	Writes   []Write
	// Store has one sample per command or script the master ran, in time
	// order (the checks search them by time); the runs a fast-forward left
	// out are in Elided instead.
	Store []StoreSample
	// Elided are the script runs of retry loops that the world's
	// fast-forward left out (sim/spin.go), in the order the loops ended:
	// each run wrote nothing and answered as the sampled run before it,
	// so its sample would be that one's with another time.
	Elided []ElidedRuns
	End    End
	// NegativeTTLs counts acquire replies below zero (3.16.8's #5503).
	NegativeTTLs int
	// Flaws are the known flaws' code paths the clients took, in time
	// order (clients.Flaw): what a known bug needs to have acted.
	Flaws FlawLog
	// Net are the messages of the clients' calls that a fault acted on
	// (lost, or held up by a latency spike), in time order.
	Net []NetEvent
	// Interrupts are the threads a fault interrupted, in time order.
	Interrupts []Interruption
}

// ElidedRuns are the runs of one script, by one call, that a fast-forward
// left out.
type ElidedRuns struct {
	Node, Proc string
	Tag        string // the call's, as StoreSample.Tag
	Script     string
	Runs       int
	From, To   sim.Time // the first and the last
}

// NetEvent is one message a fault acted on (sim.NetEffect), tied to the
// call it served.
type NetEvent struct {
	At   sim.Time
	Proc string
	// Owner is the owner whose call or renewal the message served; "" for
	// a pub/sub message (it serves every waiter of Proc), save a SUBSCRIBE
	// (Tag sim.SubscribeTag) to a fair lock's waiter channel, which serves
	// that channel's owner alone.
	Owner string
	// Tag names that call, as StoreSample.Tag does.
	Tag   string
	Kind  sim.NetKind
	Why   string
	Delay sim.Duration // sim.NetDelayed: the spike's part of the delay
	Fault int          // the fault's plan index, -1 when none is known
}

// Interruption is a thread a fault interrupted (Thread.interrupt()).
type Interruption struct {
	At    sim.Time
	Proc  string
	Owner string
	Fault int
}

// TagOf reads a call's tag ("op/N", "renew/N", "unlock/N") into its kind
// and index ("", -1 when it names none).
func TagOf(tag string) (kind string, i int) {
	k, idx, ok := strings.Cut(tag, "/")
	if !ok {
		return "", -1
	}
	n := 0
	for _, c := range []byte(idx) {
		if c < '0' || c > '9' || n > 1<<40 {
			return "", -1
		}
		n = n*10 + int(c-'0')
	}
	if idx == "" {
		return "", -1
	}
	return k, n
}

// CallOf is the call a tag names: the op, renewal or client's own unlock
// (nil when it names none in h).
func (h *History) CallOf(tag string) *Op {
	kind, i := TagOf(tag)
	switch {
	case i < 0:
	case kind == "op" && i < len(h.Ops):
		return &h.Ops[i]
	case kind == "renew" && i < len(h.Renewals):
		return &h.Renewals[i]
	case kind == "unlock" && i < len(h.Unlocks):
		return &h.Unlocks[i]
	}
	return nil
}

// FlawAt is one flaw's path taken: by which process's thread, and when.
type FlawAt struct {
	At    sim.Time
	Proc  string
	Owner string
	Flaw  string
}

// LeaseFrom is when the section's lease (Lease) was last armed: the grant,
// or the holder's later re-entrant acquisition.
func (s Section) LeaseFrom() sim.Time {
	if s.Rearmed > 0 {
		return s.Rearmed
	}
	return s.Granted
}

// PlaceTakenAt is when the caller took the place in the fair queue it
// waited in: for a place kept from an earlier call, when that call took it.
func (o Op) PlaceTakenAt() sim.Time {
	if o.QueueKept {
		return o.KeptSince
	}
	return o.QueuedAt
}

// InterruptedGet381 is the exception 3.8.1's get() throws when its wait
// is interrupted: it stops waiting and throws convertException of a future
// not yet done, whose cause is null (R8:CommandAsyncService.get).
const InterruptedGet381 = "RedisException: Unexpected exception while processing command"

// Interrupted reports whether an exception's text is Java's answer to
// Thread.interrupt(): an InterruptedException, bare or wrapped by get(),
// or 3.8.1's get() giving up on its future.
func Interrupted(err string) bool {
	return strings.Contains(err, "InterruptedException") || err == InterruptedGet381
}
