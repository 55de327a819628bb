package model

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"unsafe"

	"github.com/anishathalye/porcupine"
)

// LockOpKind is what a lock operation does, as the models see it.
type LockOpKind string

// The operations of the lock models.
const (
	// Acquire takes the lock (or, reentrant, one more hold of it).
	Acquire LockOpKind = "acquire"
	// Enqueue is the first part of a fair acquire that had to wait: the
	// caller joins the queue (again, at the tail, after an eviction). Its
	// Acquire follows as a last operation.
	Enqueue LockOpKind = "enqueue"
	// Release gives one hold back.
	Release LockOpKind = "release"
	// Renew re-arms the holder's lease (Redisson's watchdog).
	Renew LockOpKind = "renew"
	// Leave is a fair waiter giving up its place (acquireFailed, after its
	// wait ran out).
	Leave LockOpKind = "leave"
	// ForceRelease drops the lock whoever holds it (forceUnlock): Released
	// when there was a hold to drop, NotReleased when the lock was free.
	ForceRelease LockOpKind = "force-release"
	// IsLocked, IsHeld and HoldCount only read: whether anyone holds the
	// lock, whether the caller does (Yes or No), and how many holds the
	// caller has (its count as the result: "0", "1", ...).
	IsLocked  LockOpKind = "is-locked"
	IsHeld    LockOpKind = "is-held"
	HoldCount LockOpKind = "hold-count"
)

// The results an operation can report. Unknown marks an operation whose
// outcome the client never learned (a lost reply, a timeout, a crash): it
// may have taken effect or not.
const (
	Acquired    = "acquired"
	NotAcquired = "not-acquired"
	Queued      = "queued"
	Released    = "released"
	NotHeld     = "not-held"
	Renewed     = "renewed"
	NotRenewed  = "not-renewed"
	Left        = "left"
	NotReleased = "not-released"
	Yes         = "true"
	No          = "false"
	Unknown     = ""
)

// LockInput is one operation's input. Time enters the models only here:
// At is the server's clock when the operation's script ran, so a lease
// armed at At for Lease ms is gone at any later operation whose At is past
// At+Lease (Redis expires a key when now > its deadline).
type LockInput struct {
	Kind  LockOpKind
	Lock  string // the lock's name: the models partition by it
	Owner string // UUID:threadId
	// At is the server's clock (Unix ms) when the deciding script ran, or
	// -1 when it never ran (the operation then can have had no effect).
	At int64
	// Epoch counts the master changes (failovers, restarts) before the
	// script ran: server times are compared only within one master's reign,
	// and a later master's scripts come after an earlier one's.
	Epoch int
	// Lease is the lease (ms) the operation arms when it takes or keeps
	// the lock; 0 when it arms none.
	Lease int64
	// Evictable marks a fair waiter (on its Enqueue) that the lock may drop
	// from the queue out of turn: Redisson's stale-waiter loop removes
	// waiters whose timeout passed, by design. The history marks waiters
	// the observer saw removed, and waiters that stopped waiting (crashed,
	// gave up, or never heard back); a waiter that kept waiting and was
	// never removed is not evictable, and nobody may overtake it.
	Evictable bool
	// Requeue marks an Enqueue that put the caller back at the tail after
	// it lost its place; a plain Enqueue by a caller still in the queue
	// (say, from an earlier call whose reply was lost) keeps its place.
	Requeue bool
}

// LockOutput is what the client heard: one of the results above.
type LockOutput struct {
	Result string
}

// LockOptions says which lock a model describes.
type LockOptions struct {
	// Reentrant: the owner may acquire again, and must release as often
	// (Redisson's locks); otherwise a second acquire by the holder fails.
	Reentrant bool
	// Fair: waiters queue, and the lock goes to the queue's head (FIFO).
	Fair bool
	// ReportsNotHeld: a release by a non-holder reports NotHeld (Redisson's
	// IllegalMonitorStateException). Otherwise the client cannot tell, and
	// any release reports Released (the simple locks of seed 003); it still
	// has no effect on someone else's lock.
	ReportsNotHeld bool
	// ReleaseFreeOK: a release when nobody holds the lock reports Released
	// (Redisson 3.8.1's unlockInnerAsync: `if exists == 0 then publish;
	// return 1`); a release of another's hold still reports NotHeld.
	ReleaseFreeOK bool
}

// lockState is one possible state of one lock. It is comparable, so the
// models use == for Equal.
type lockState struct {
	owner  string
	count  int
	expiry int64 // server ms after which the hold is gone; -1: never
	// queue is the fair lock's waiters in order, each "owner" or "owner*"
	// (evictable), joined by "\n".
	queue string
	// last is the latest server time of an operation placed so far: the
	// server runs scripts one at a time, so they take effect in the order
	// of their times (equal times, the same millisecond, in any order).
	last  int64
	epoch int
}

func (s lockState) waiters() []string {
	if s.queue == "" {
		return nil
	}
	return strings.Split(s.queue, "\n")
}

func withWaiters(s lockState, w []string) lockState {
	s.queue = strings.Join(w, "\n")
	return s
}

// without is w less its i-th waiter (a copy; w itself when i < 0).
func without(w []string, i int) []string {
	if i < 0 {
		return w
	}
	return append(append([]string{}, w[:i]...), w[i+1:]...)
}

func waiterOwner(w string) string { return strings.TrimSuffix(w, "*") }

// holder is who holds the lock at server time t ("" when nobody): a hold
// is gone once t passes its expiry. The state keeps an expired hold
// rather than erasing it, because porcupine may place next an operation
// whose script ran earlier (calls overlap), and for that one the hold was
// still there.
func (s lockState) holder(t int64) string {
	if s.owner != "" && s.expiry >= 0 && t >= 0 && t > s.expiry {
		return ""
	}
	return s.owner
}

func arm(at, lease int64) int64 {
	if lease <= 0 || at < 0 {
		return -1
	}
	return at + lease
}

// Lock returns the porcupine model of a lock with leases: reentrant or
// not, FIFO or not. It is nondeterministic in two designed ways only: an
// operation with an Unknown result took effect or did not, and a fair
// lock may drop evictable waiters from the head of its queue.
func Lock(opt LockOptions) porcupine.NondeterministicModel {
	return porcupine.NondeterministicModel{
		Partition: partitionByLock,
		Init:      func() []interface{} { return []interface{}{lockState{expiry: -1}} },
		Step: func(state, input, output interface{}) []interface{} {
			return step(opt, state.(lockState), input.(LockInput), output.(LockOutput).Result)
		},
		Equal:             func(a, b interface{}) bool { return a.(lockState) == b.(lockState) },
		Hash:              hashState,
		DescribeOperation: describeOp,
		DescribeState:     describeState,
	}
}

func partitionByLock(history []porcupine.Operation) [][]porcupine.Operation {
	var names []string
	parts := map[string][]porcupine.Operation{}
	for _, op := range history {
		name := op.Input.(LockInput).Lock
		if _, ok := parts[name]; !ok {
			names = append(names, name) // first-seen order: deterministic
		}
		parts[name] = append(parts[name], op)
	}
	out := make([][]porcupine.Operation, len(names))
	for i, n := range names {
		out[i] = parts[n]
	}
	return out
}

// StateSize is how many bytes a state of the lock models holds: the
// state itself and its queue, which the state alone refers to (the
// owners' names are the operations'). A checker that keeps states counts
// them with it.
func StateSize(state interface{}) int64 {
	s := state.(lockState)
	return int64(unsafe.Sizeof(s)) + int64(len(s.queue))
}

func hashState(state interface{}) uint64 {
	s := state.(lockState)
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%s\x00%d\x00%d", s.owner, s.count, s.expiry, s.queue, s.last, s.epoch)
	return h.Sum64()
}

func describeOp(input, output interface{}) string {
	in, out := input.(LockInput), output.(LockOutput)
	res := out.Result
	if res == Unknown {
		res = "?"
	}
	at := "never ran"
	if in.At >= 0 {
		at = fmt.Sprintf("ran at %d", in.At)
	}
	return fmt.Sprintf("%s %s → %s (%s)", in.Owner, in.Kind, res, at)
}

func describeState(state interface{}) string {
	s := state.(lockState)
	var b strings.Builder
	if s.owner == "" {
		b.WriteString("free")
	} else {
		fmt.Fprintf(&b, "%s×%d until %d", s.owner, s.count, s.expiry)
	}
	if s.queue != "" {
		fmt.Fprintf(&b, "; queue %s", strings.ReplaceAll(s.queue, "\n", ", "))
	}
	return b.String()
}

// step returns the states the lock can be in after the operation, none
// when the result is impossible from s.
func step(opt LockOptions, s lockState, in LockInput, result string) []interface{} {
	if result != Unknown {
		return apply(opt, s, in, result)
	}
	if in.At < 0 {
		return []interface{}{s} // its script never ran: no effect
	}
	// Its script ran, with one of the results the client never heard.
	var out []interface{}
	switch in.Kind {
	case IsLocked, IsHeld, HoldCount:
		return []interface{}{s} // a read whose answer was lost changes nothing
	}
	for _, r := range []string{Acquired, NotAcquired, Queued, Released, NotReleased, NotHeld, Renewed, NotRenewed, Left} {
		out = append(out, apply(opt, s, in, r)...)
	}
	return out
}

// apply is the sequential specification, after the fair lock drops as
// few evictable waiters from its head as the result needs. Fewer is
// enough: a state that kept an evictable waiter can still drop it at any
// later step, so it explains everything the state without it explains
// (and one branch per operation keeps porcupine's search small).
func apply(opt LockOptions, s lockState, in LockInput, result string) []interface{} {
	if in.At >= 0 {
		switch {
		case in.Epoch < s.epoch:
			return nil // an earlier master ran it
		case in.Epoch > s.epoch:
			s.epoch, s.last = in.Epoch, in.At
		case in.At < s.last:
			return nil // the server ran it before an operation already placed
		default:
			s.last = in.At
		}
	}
	for _, c := range evictions(s) {
		if next, ok := spec(opt, c, in, result); ok {
			return []interface{}{next}
		}
	}
	return nil
}

// evictions are s and the states with its first k waiters dropped, for
// each k such that all k are evictable (Redisson's stale-waiter loop only
// ever pops from the head), fewest first.
func evictions(s lockState) []lockState {
	out := []lockState{s}
	w := s.waiters()
	for k := 0; k < len(w) && strings.HasSuffix(w[k], "*"); k++ {
		out = append(out, withWaiters(s, w[k+1:]))
	}
	return out
}

// spec is the lock's sequential specification for one state.
func spec(opt LockOptions, s lockState, in LockInput, result string) (lockState, bool) {
	h := s.holder(in.At)
	held := h != ""
	mine := held && h == in.Owner
	w := s.waiters()
	pos := -1
	for i, x := range w {
		if waiterOwner(x) == in.Owner {
			pos = i
		}
	}
	// The fair lock goes to a caller only when nobody else is ahead.
	first := !opt.Fair || len(w) == 0 || pos == 0
	canTake := (!held && first) || (mine && opt.Reentrant)
	switch in.Kind {
	case Acquire:
		switch {
		case result == Acquired && canTake:
			if mine {
				s.count++
			} else {
				s.owner, s.count = in.Owner, 1 // over any expired hold
			}
			s.expiry = arm(in.At, in.Lease)
			return withWaiters(s, without(w, pos)), true
		case result == NotAcquired && !canTake:
			return s, true // a waiter keeps its place until it Leaves
		}
	case Leave:
		if result != Left {
			return s, false
		}
		return withWaiters(s, without(w, pos)), true
	case Enqueue:
		if result != Queued || canTake || !opt.Fair {
			return s, false
		}
		name := in.Owner
		if in.Evictable {
			name += "*"
		}
		if pos >= 0 && !in.Requeue {
			// Still queued (from an earlier call): Redisson keeps its
			// place, now held by this call.
			w = append([]string{}, w...)
			w[pos] = name
			return withWaiters(s, w), true
		}
		// Back at the tail: an old place was lost to eviction, which only
		// an evictable entry allows.
		if pos >= 0 && !strings.HasSuffix(w[pos], "*") {
			return s, false
		}
		return withWaiters(s, append(without(w, pos), name)), true
	case Release:
		switch {
		case mine && result == Released:
			s.count--
			if s.count == 0 {
				s.owner, s.count, s.expiry = "", 0, -1
			} else {
				s.expiry = arm(in.At, in.Lease)
			}
			return s, true
		case !held && opt.ReleaseFreeOK:
			return s, result == Released
		case !mine && opt.ReportsNotHeld && result == NotHeld:
			return s, true
		case !mine && !opt.ReportsNotHeld && result == Released:
			return s, true // the spec: no effect on another's lock
		}
	case Renew:
		switch {
		case mine && result == Renewed:
			s.expiry = arm(in.At, in.Lease)
			return s, true
		case !mine && result == NotRenewed:
			return s, true
		}
	case ForceRelease:
		switch {
		case held && result == Released:
			s.owner, s.count, s.expiry = "", 0, -1
			return s, true
		case !held && result == NotReleased:
			return s, true
		}
	case IsLocked:
		return s, result == yesNo(held)
	case IsHeld:
		return s, result == yesNo(mine)
	case HoldCount:
		n := 0
		if mine {
			n = s.count
		}
		return s, result == strconv.Itoa(n)
	}
	return s, false
}

func yesNo(b bool) string {
	if b {
		return Yes
	}
	return No
}
