package explore

import (
	"cmp"
	"encoding/binary"
	"slices"
)

// pc is where a thread is in its workload: K times lock(), hold, unlock().
type pc uint8

const (
	pcIdle    pc = iota // between calls: the next lock() may start at any time
	pcAcquire           // in lock(): an acquire command is outstanding
	pcWait              // in lock(): waiting for an unlock message or the ttl (a simple lock: its poll interval)
	pcHeld              // lock() returned: the thread believes it holds the lock
	pcUnlock            // in unlock(): a release command is outstanding
	pcDone              // every call made
	pcCrashed           // the process crashed
)

var pcNames = [...]string{"idle", "in lock()", "waiting in lock()", "holds", "in unlock()", "done", "crashed"}

// call is one command being executed by Redisson's command executor
// (RedisExecutor): sent and awaiting its reply until due, or, after a
// response timeout in 3.16.8, waiting until due to be re-sent with the same
// arguments.
type call struct {
	op      op
	attempt uint8 // re-sends so far; a reply counts only for the latest
	retry   bool  // between a response timeout and its re-send
	gen     uint8 // a renewal's watchdog entry (3.16.8 drops only its own entry on error)
	argAt   int64 // when the arguments (currentTime) were made, relative to now
	due     int64 // the response timeout, or the re-send when retry; relative
}

// thread is one client process with one thread running the workload.
// Every time is relative to the state's now (see sim.Store.Rebase).
type thread struct {
	pc      pc
	calls   uint8 // lock() calls begun
	paused  bool
	sub     bool  // subscribed to its lock channel (RedissonLockEntry exists)
	permits uint8 // the entry's semaphore permits
	timed   bool  // pcWait with a deadline (Semaphore.tryAcquire(ttl)) rather than acquire()
	wait    int64 // pcWait's deadline when timed
	main    call

	// The watchdog (an ExpirationEntry): whether the entry exists, its
	// generation, whether its timer is armed and when it fires, and the
	// renewal in flight.
	wdEntry bool
	wdGen   uint8
	wdArmed bool
	wdAt    int64
	renew   call
}

type msgKind uint8

const (
	mRequest msgKind = iota // a command on its way to Redis
	mReply                  // Redis's reply on its way back
	mPublish                // an unlock message on its way to a subscriber
)

// msg is one message in flight. Requests carry what makes their
// arguments (the op and when its currentTime was read); replies carry the
// reply (interned) and which attempt of which call they answer.
type msg struct {
	kind    msgKind
	th      uint8
	wd      bool // the watchdog's renewal rather than the thread's call
	op      op
	attempt uint8
	gen     uint8
	delayed bool
	argAt   int64
	reply   uint32
}

func cmpMsg(a, b msg) int {
	return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.th, b.th), cmpBool(a.wd, b.wd),
		cmp.Compare(a.op, b.op), cmp.Compare(a.attempt, b.attempt), cmp.Compare(a.gen, b.gen),
		cmpBool(a.delayed, b.delayed), cmp.Compare(a.argAt, b.argAt), cmp.Compare(a.reply, b.reply))
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// state is one state of the bounded system: Redis's keyspace (interned),
// the faults used so far, every thread, and the messages in flight (a
// multiset, kept sorted).
type state struct {
	store uint32
	used  Faults
	th    [MaxThreads]thread
	msgs  []msg
}

func (s *state) clone() state {
	c := *s
	c.msgs = slices.Clone(s.msgs)
	return c
}

// appendKey appends s's exact encoding: equal encodings, equal states.
func (s *state) appendKey(dst []byte, n int) []byte {
	dst = binary.AppendUvarint(dst, uint64(s.store))
	dst = append(dst, s.used[:]...)
	flag := func(b bool) byte {
		if b {
			return 1
		}
		return 0
	}
	putCall := func(c *call) {
		dst = append(dst, byte(c.op), c.attempt, flag(c.retry), c.gen)
		if c.op != opNone {
			dst = binary.AppendVarint(dst, c.argAt)
			dst = binary.AppendVarint(dst, c.due)
		}
	}
	for i := 0; i < n; i++ {
		t := &s.th[i]
		dst = append(dst, byte(t.pc), t.calls, flag(t.paused), flag(t.sub), t.permits, flag(t.timed),
			flag(t.wdEntry), t.wdGen, flag(t.wdArmed))
		if t.timed {
			dst = binary.AppendVarint(dst, t.wait)
		}
		if t.wdArmed {
			dst = binary.AppendVarint(dst, t.wdAt)
		}
		putCall(&t.main)
		putCall(&t.renew)
	}
	dst = binary.AppendUvarint(dst, uint64(len(s.msgs)))
	for _, m := range s.msgs {
		dst = append(dst, byte(m.kind), m.th, flag(m.wd), byte(m.op), m.attempt, m.gen, flag(m.delayed))
		dst = binary.AppendVarint(dst, m.argAt)
		dst = binary.AppendUvarint(dst, uint64(m.reply))
	}
	return dst
}
