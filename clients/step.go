package clients

import (
	"strconv"

	"github.com/locksim/locksim/sim"
)

// A client is a value driven by events (Client.Step): a call of one of
// its threads, a reply, a timer, a published message. Each step returns
// effects — send a command, set or cancel a timer, subscribe, return to a
// caller — that a driver carries out: Host in the simulated world, the
// explorer in its search. Nothing in a client reads a clock or a random
// stream of its own: time comes with every event.

// EventKind says what an Event carries.
type EventKind uint8

// The events a client steps on.
const (
	EvCall        EventKind = iota + 1 // a thread calls the lock API (Thread, Call)
	EvReply                            // a command's reply arrived (Ref, Reply)
	EvWriteFailed                      // a command could not be written: no master to connect to (Ref)
	EvTimer                            // a timer fell due (Timer)
	EvMessage                          // a pub/sub message arrived (Channel, Message)
	EvSubscribed                       // a subscription became active (Channel)
	EvInterrupt                        // Thread.interrupt() on a thread (Thread)
)

// Event is one input to a client.
type Event struct {
	Kind EventKind
	// Now is the driver's monotonic time (Java's System.nanoTime: timers
	// and timed waits run on it). Wall is the process's wall clock, Unix
	// ms (System.currentTimeMillis: the fair lock's arguments and
	// tryLock's elapsed time use it, so clock steps count).
	Now  sim.Time
	Wall int64
	// Replicas is Redisson's count of the master's available replicas
	// (MasterSlaveEntry.getAvailableSlaves), for 3.16.8's WAIT.
	Replicas int
	// Random says the driver drew Draw, 64 uniform random bits, for this
	// step (Host: from the process's "redisson" stream, for 4.7.0's
	// clients only). Java draws from ThreadLocalRandom (EqualJitterDelay)
	// and ServiceManager's random (request ids); without a draw (explore)
	// a client takes a documented fixed choice instead (Client.jitter).
	Random bool
	Draw   uint64

	Thread  int64 // EvCall, EvInterrupt: the Java thread id
	Call    Call  // EvCall
	Ref     Ref   // EvReply, EvWriteFailed
	Reply   sim.Reply
	Timer   TimerKey // EvTimer
	Channel string   // EvMessage, EvSubscribed
	Message string   // EvMessage
}

// CallKind is a lock API call.
type CallKind uint8

// The calls a thread can make.
const (
	CallNone        CallKind = iota
	CallLock                 // lock() / lock(lease, unit) / lockInterruptibly
	CallTryLock              // tryLock(): one attempt, never waits
	CallTryLockWait          // tryLock(wait, [lease,] unit)
	CallUnlock               // unlock()
	CallForceUnlock          // forceUnlock()
	CallIsLocked             // isLocked()
	CallIsHeld               // isHeldByCurrentThread()
	CallHoldCount            // getHoldCount()
	CallDelete               // delete()
	CallRemainTTL            // remainTimeToLive()
)

var callNames = [...]string{"", "lock", "tryLock()", "tryLock(wait)", "unlock", "forceUnlock", "isLocked", "isHeldByCurrentThread", "getHoldCount", "delete", "remainTimeToLive"}

func (k CallKind) String() string {
	if int(k) < len(callNames) {
		return callNames[k]
	}
	return "call" + strconv.Itoa(int(k))
}

// Acquires reports whether the call takes the lock when it succeeds.
func (k CallKind) Acquires() bool {
	return k == CallLock || k == CallTryLock || k == CallTryLockWait
}

// Call is one call with its arguments. Wait and Lease are in Unit; -1
// means not given (lock() has no wait, a lease of -1 is the watchdog's).
type Call struct {
	Kind          CallKind
	Wait, Lease   int64
	Unit          Unit
	Interruptibly bool // lockInterruptibly: an interrupt ends the wait with InterruptedException
	// Handle is the lock object the thread calls through (getLock(name)
	// returns a new one each time; a program may keep one and reuse it, or
	// share it between threads). Fresh makes it a new object first.
	Handle int
	Fresh  bool
	// NewTask: the call is the first of a new task on a pool thread, whose
	// interrupt status ThreadPoolExecutor.runWorker clears before the task
	// runs (a status left by an interrupt of the previous task is gone).
	NewTask bool
}

// ErrKind classifies a call's failure the way Java's exceptions do.
type ErrKind uint8

// The failures a call can end with.
const (
	ErrNone        ErrKind = iota
	ErrTimeout             // RedisTimeoutException / RedisResponseTimeoutException: no reply in time
	ErrWrite               // RedisConnectionException: the command could not be written (no master)
	ErrReply               // RedisException: Redis answered with an error
	ErrSync                // IllegalStateException: WAIT counted fewer replicas than asked (#3994); 4.7.0: NoSyncedSlavesException, it counted none
	ErrNotHeld             // IllegalMonitorStateException from unlock
	ErrSubscribe           // the subscription failed or timed out
	ErrInterrupted         // InterruptedException
	ErrUnsupported         // the call does not exist for this lock
)

var errKindNames = [...]string{"", "timeout", "write", "reply", "sync", "not-held", "subscribe", "interrupted", "unsupported"}

func (k ErrKind) String() string { return errKindNames[k] }

// Result is what a call returned: OK (acquired, released, forced, locked,
// held), a value (getHoldCount), or an exception.
type Result struct {
	OK    bool
	Value int64
	Err   ErrKind
	Text  string // the exception's message
}

// Error renders the exception, or "".
func (r Result) Error() string {
	if r.Err == ErrNone {
		return ""
	}
	return r.Text
}

// Failed reports whether the call threw.
func (r Result) Failed() bool { return r.Err != ErrNone }

// OwnerKind says who a command is for.
type OwnerKind uint8

// Commands are sent for a thread's call or for a watchdog renewal task;
// a command nobody waits for (4.7.0's DEL of an unlock latch) has no owner.
const (
	OwnThread OwnerKind = iota + 1
	OwnTask
	OwnNone
	// OwnDetached: a 4.7.0 acquire whose caller's get() was interrupted; its
	// own callbacks still run when it completes (detached.go).
	OwnDetached
)

// Ref names one sending of a command: its owner (a thread's slot or a
// renewal task's slot), the owner's command number, and the attempt. A
// reply counts only when it answers the owner's current command and attempt.
type Ref struct {
	Owner   OwnerKind
	Slot    int32
	Seq     uint32
	Attempt uint8
}

// TimerKind says what a timer is for.
type TimerKind uint8

// A client's timers.
const (
	TimerExec         TimerKind = iota + 1 // a thread's command: response timeout, re-send or write retry
	TimerTaskExec                          // a renewal's command: the same
	TimerWait                              // a thread's timed wait: the latch, the subscription, a simple lock's poll
	TimerUnpark                            // a woken thread runs (the latch's permit may be gone by then)
	TimerWatchdog                          // a renewal task falls due
	TimerSubscribe                         // 3.16.8: the subscription's own timeout
	TimerDetachedExec                      // a detached acquire's command (detached.go): the same as TimerExec
	TimerListener                          // the timeout of a fenced waiter's listener its interrupted call left queued (redissonfencedlock.go)
)

var timerNames = [...]string{"", "exec", "renew.exec", "wait", "unpark", "watchdog", "subscribe", "detached.exec", "listener"}

func (k TimerKind) String() string { return timerNames[k] }

// TimerKey names a pending timer: its kind and the slot of its owner
// (a thread, a task, or for TimerSubscribe the pub/sub entry's key).
type TimerKey struct {
	Kind TimerKind
	Slot int64
}

// EffectKind says what an Effect asks of the driver.
type EffectKind uint8

// The effects of a step.
const (
	EffSend        EffectKind = iota + 1 // send Cmd as Ref
	EffSetTimer                          // (re)arm Timer to fall due at At
	EffCancelTimer                       // Timer no longer falls due
	EffSubscribe                         // subscribe the process to Channel
	EffUnsubscribe                       // unsubscribe it
	EffReturn                            // Thread's call returns Result
	EffNote                              // something worth a trace line or an observer's attention
)

// NoteKind says what a note tells.
type NoteKind uint8

// The notes.
const (
	NoteUntimedWait    NoteKind = iota + 1 // lock() waits on its latch with no timeout (a negative ttl, #5503); Value: ttl
	NoteResend                             // a command is re-sent after a response timeout; Ref
	NoteRenewSent                          // a watchdog renewal goes out; Slot: task, Thread: owner, Value: lease
	NoteRenewDone                          // its outcome; Slot: task, OK: renewed, Text and Value (ErrKind): its exception
	NoteSubscribeFail                      // a subscription failed (Text)
	NoteWait                               // a thread blocks on its latch; OK: timed, for Value ms
	NoteDetached                           // an interrupted call's acquire went on without it; Thread, Text: what its completion did
	NoteFlaw                               // the client took a known flaw's path (flaws.go); Thread, Text: the Flaw
	NoteRenewScheduled                     // a watchdog task's timer is set (the renewal it sends tells when); Slot: task
	NoteSyncShort                          // a renewal's WAIT counted fewer replicas than asked; Slot: task
	NoteUnlockRepeat                       // 4.7.0: an unlock's run failed on its WAIT and its handle cancelled a renewal count; the call repeats it; Thread
)

// Effect is one thing a step asks the driver to do.
type Effect struct {
	Kind    EffectKind
	Ref     Ref      // EffSend
	Cmd     Cmd      // EffSend
	Timer   TimerKey // EffSetTimer, EffCancelTimer
	At      sim.Time // EffSetTimer
	Channel string   // EffSubscribe, EffUnsubscribe
	Thread  int64    // EffReturn, EffNote
	Call    CallKind // EffReturn
	Result  Result   // EffReturn
	Note    NoteKind // EffNote
	Slot    int32    // EffNote
	Value   int64    // EffNote
	OK      bool     // EffNote
	Text    string   // EffNote
}
