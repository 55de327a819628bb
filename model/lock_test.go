package model

import (
	"math"
	"testing"

	"github.com/anishathalye/porcupine"
)

// op builds one operation: owner, kind, call/return times (µs), the
// server time its script ran (ms), its lease and its result.
func op(client int, owner string, kind LockOpKind, call, ret, at, lease int64, result string) porcupine.Operation {
	return porcupine.Operation{
		ClientId: client, Call: call, Return: ret,
		Input:  LockInput{Kind: kind, Lock: "L", Owner: owner, At: at, Lease: lease},
		Output: LockOutput{Result: result},
	}
}

func check(t *testing.T, opt LockOptions, want bool, ops ...porcupine.Operation) {
	t.Helper()
	m := Lock(opt)
	if got := porcupine.CheckOperations(m.ToModel(), ops); got != want {
		t.Fatalf("linearizable = %v, want %v", got, want)
	}
}

var redisson = LockOptions{Reentrant: true, ReportsNotHeld: true}

func TestTwoHoldersAreNotLinearizable(t *testing.T) {
	check(t, redisson, false,
		op(0, "A", Acquire, 0, 10, 1, 30000, Acquired),
		op(1, "B", Acquire, 20, 30, 25, 30000, Acquired))
}

// Lease expiry enters through At: B may take the lock once the server's
// clock is past A's deadline (Redis expires a key when now > deadline),
// not one millisecond before.
func TestLeaseExpiryIsDecidedByServerTime(t *testing.T) {
	check(t, redisson, true,
		op(0, "A", Acquire, 0, 10, 1000, 5000, Acquired),
		op(1, "B", Acquire, 20, 30, 6001, 5000, Acquired))
	check(t, redisson, false,
		op(0, "A", Acquire, 0, 10, 1000, 5000, Acquired),
		op(1, "B", Acquire, 20, 30, 6000, 5000, Acquired))
	// A's release after expiry is IllegalMonitorStateException.
	check(t, redisson, true,
		op(0, "A", Acquire, 0, 10, 1000, 5000, Acquired),
		op(0, "A", Release, 20, 30, 6001, 0, NotHeld))
}

func TestRenewalKeepsTheHold(t *testing.T) {
	check(t, redisson, true,
		op(0, "A", Acquire, 0, 10, 1000, 30000, Acquired),
		op(2, "A", Renew, 11, 12, 11000, 30000, Renewed),
		op(1, "B", Acquire, 40, 50, 35000, 30000, NotAcquired))
	check(t, redisson, false,
		op(0, "A", Acquire, 0, 10, 1000, 30000, Acquired),
		op(1, "B", Acquire, 40, 50, 35000, 30000, NotAcquired),
		op(2, "A", Renew, 60, 70, 36000, 30000, Renewed))
}

func TestReentrantHoldsMustAllBeReleased(t *testing.T) {
	check(t, redisson, true,
		op(0, "A", Acquire, 0, 10, 1, 30000, Acquired),
		op(0, "A", Acquire, 20, 30, 2, 30000, Acquired),
		op(0, "A", Release, 40, 50, 3, 30000, Released),
		op(1, "B", Acquire, 60, 70, 4, 30000, NotAcquired))
	check(t, LockOptions{}, false, // not reentrant: a second acquire fails
		op(0, "A", Acquire, 0, 10, 1, 30000, Acquired),
		op(0, "A", Acquire, 20, 30, 2, 30000, Acquired))
}

// A lost reply is an open operation: the client never learned its result.
// Whether it acted depends on whether its script ran (At): if it never ran
// it had no effect; if it ran, it had the effect the lock's state gave it,
// whichever that was.
func TestUnknownResultActsOnlyIfItsScriptRan(t *testing.T) {
	ran := op(0, "A", Acquire, 0, math.MaxInt64, 1, 30000, Unknown)
	check(t, redisson, true, ran, op(1, "B", Acquire, 20, 30, 25, 30000, NotAcquired))
	check(t, redisson, false, ran, op(1, "B", Acquire, 20, 30, 25, 30000, Acquired))
	lost := op(0, "A", Acquire, 0, math.MaxInt64, -1, 30000, Unknown)
	check(t, redisson, true, lost, op(1, "B", Acquire, 20, 30, 25, 30000, Acquired))
	check(t, redisson, false, lost, op(1, "B", Acquire, 20, 30, 25, 30000, NotAcquired))
	// Ran while B held the lock: it failed, and B's release still works.
	late := op(0, "A", Acquire, 0, math.MaxInt64, 26, 30000, Unknown)
	check(t, redisson, true, op(1, "B", Acquire, 20, 30, 25, 30000, Acquired), late,
		op(1, "B", Release, 40, 50, 45, 30000, Released))
}

// The server runs scripts one at a time: operations take effect in the
// order of their server times, whatever the clients' spans allow.
func TestServerOrderBindsTheLinearization(t *testing.T) {
	check(t, redisson, false,
		op(0, "A", Acquire, 0, 100, 10, 30000, Acquired),
		op(1, "B", Acquire, 0, 100, 5, 30000, Acquired))
	check(t, redisson, true,
		op(0, "A", Acquire, 0, 100, 10, 30000, NotAcquired),
		op(1, "B", Acquire, 0, 100, 5, 30000, Acquired))
}

// The simple locks cannot tell a release of another's lock, and the spec
// gives it no effect: set-px's DEL of someone else's lock shows up as a
// third client taking a lock the spec says is held.
func TestReleaseOfAnothersLockHasNoEffect(t *testing.T) {
	simple := LockOptions{}
	check(t, simple, false,
		op(0, "A", Acquire, 0, 10, 1000, 5000, Acquired),
		op(1, "B", Acquire, 20, 30, 7000, 5000, Acquired),
		op(0, "A", Release, 40, 50, 8000, 0, Released),
		op(2, "C", Acquire, 60, 70, 9000, 5000, Acquired))
}

var fair = LockOptions{Reentrant: true, Fair: true, ReportsNotHeld: true, ReleaseFreeOK: true}

func enqueue(client int, owner string, call, ret, at int64, evictable bool) porcupine.Operation {
	o := op(client, owner, Enqueue, call, ret, at, 0, Queued)
	in := o.Input.(LockInput)
	in.Evictable = evictable
	o.Input = in
	return o
}

// FIFO: a waiter that kept waiting is not overtaken; one the lock evicted
// (by design, its timeout passed) may be.
func TestFairLockServesTheQueueInOrder(t *testing.T) {
	base := []porcupine.Operation{
		op(0, "H", Acquire, 0, 10, 1, 30000, Acquired),
		enqueue(1, "A", 20, 30, 25, false),
		enqueue(2, "B", 40, 50, 45, false),
		op(0, "H", Release, 60, 70, 65, 30000, Released),
	}
	inOrder := append(append([]porcupine.Operation{}, base...),
		op(1, "A", Acquire, 31, 90, 80, 30000, Acquired),
		op(1, "A", Release, 100, 110, 105, 30000, Released),
		op(2, "B", Acquire, 51, 130, 120, 30000, Acquired))
	check(t, fair, true, inOrder...)
	overtaken := append(append([]porcupine.Operation{}, base...),
		op(2, "B", Acquire, 51, 90, 80, 30000, Acquired),
		op(2, "B", Release, 100, 110, 105, 30000, Released),
		op(1, "A", Acquire, 31, 130, 120, 30000, Acquired))
	check(t, fair, false, overtaken...)
	base[1] = enqueue(1, "A", 20, 30, 25, true)
	evicted := append(append([]porcupine.Operation{}, base...),
		op(2, "B", Acquire, 51, 90, 80, 30000, Acquired))
	check(t, fair, true, evicted...)
}

func TestFairWaiterKeepsItsPlaceUntilItLeaves(t *testing.T) {
	check(t, fair, false,
		op(0, "H", Acquire, 0, 10, 1, 30000, Acquired),
		enqueue(1, "A", 20, 30, 25, false),
		op(0, "H", Release, 60, 70, 65, 30000, Released),
		op(2, "B", Acquire, 80, 90, 85, 30000, Acquired))
	check(t, fair, true,
		op(0, "H", Acquire, 0, 10, 1, 30000, Acquired),
		enqueue(1, "A", 20, 30, 25, false),
		op(1, "A", Leave, 40, 50, 45, 0, Left),
		op(0, "H", Release, 60, 70, 65, 30000, Released),
		op(2, "B", Acquire, 80, 90, 85, 30000, Acquired))
}

func TestPartitionsByLockName(t *testing.T) {
	a := op(0, "A", Acquire, 0, 10, 1, 30000, Acquired)
	b := op(1, "B", Acquire, 20, 30, 2, 30000, Acquired)
	in := b.Input.(LockInput)
	in.Lock = "other"
	b.Input = in
	check(t, redisson, true, a, b)
	if parts := partitionByLock([]porcupine.Operation{a, b, a}); len(parts) != 2 || len(parts[0]) != 2 {
		t.Fatalf("partitions: %d", len(parts))
	}
}

func TestHashAgreesWithEqual(t *testing.T) {
	a := lockState{owner: "A", count: 1, expiry: 5, queue: "B\nC*"}
	b := a
	if hashState(a) != hashState(b) {
		t.Fatal("equal states hash differently")
	}
	b.queue = "C*\nB"
	if a == b || hashState(a) == hashState(b) {
		t.Fatal("different queues collide")
	}
}

// The queries read the lock at the server time they ran: isLocked whether
// anyone holds it (a lease past its deadline does not), isHeldByCurrentThread
// whether the caller does, getHoldCount the caller's count.
func TestQueriesReadTheLock(t *testing.T) {
	check(t, redisson, true,
		op(0, "A", Acquire, 0, 10, 1000, 5000, Acquired),
		op(0, "A", Acquire, 11, 12, 1001, 5000, Acquired),
		op(0, "A", HoldCount, 13, 14, 1002, 0, "2"),
		op(0, "A", IsHeld, 15, 16, 1003, 0, Yes),
		op(1, "B", IsHeld, 15, 16, 1003, 0, No),
		op(1, "B", HoldCount, 17, 18, 1004, 0, "0"),
		op(1, "B", IsLocked, 19, 20, 1005, 0, Yes),
		op(1, "B", IsLocked, 21, 22, 6002, 0, No)) // past A's deadline
	check(t, redisson, false,
		op(0, "A", Acquire, 0, 10, 1000, 5000, Acquired),
		op(1, "B", IsLocked, 19, 20, 1005, 0, No))
	check(t, redisson, false,
		op(0, "A", Acquire, 0, 10, 1000, 5000, Acquired),
		op(0, "A", HoldCount, 13, 14, 1002, 0, "2"))
}

// forceUnlock drops whoever holds the lock and says whether there was one.
func TestForceReleaseDropsAnyHolder(t *testing.T) {
	check(t, redisson, true,
		op(0, "A", Acquire, 0, 10, 1000, 30000, Acquired),
		op(1, "B", ForceRelease, 20, 30, 2000, 0, Released),
		op(1, "B", Acquire, 40, 50, 3000, 30000, Acquired),
		op(2, "C", ForceRelease, 60, 70, 4000, 0, Released),
		op(2, "C", ForceRelease, 80, 90, 5000, 0, NotReleased))
	check(t, redisson, false,
		op(1, "B", ForceRelease, 20, 30, 2000, 0, Released))
}
