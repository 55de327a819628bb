package difftest

import (
	"strconv"

	"github.com/locksim/locksim/clients"
)

// Walkthroughs470 are hand-written step lists for what Redisson 4.7.0's
// lock scripts added or changed (docs/redisson-4.7.0.md): the unlock
// latch, the renewal of several locks in one call, the fencing token, the
// fair lock's new stale loop and already-queued reply, and their error
// paths. Only the steps are written here; Record takes the replies from a
// real Redis (testdata/conformance/walkthroughs-4.7.0.jsonl).
func Walkthroughs470() []Case {
	const (
		v  = "4.7.0/"
		t0 = int64(1_750_000_000_000)
	)
	A, B, C, D, E := OwnerID(1, 101), OwnerID(1, 102), OwnerID(2, 201), OwnerID(2, 202), OwnerID(3, 301)
	name, other, third := "myLock", "{orders}:lock", "inventory"
	ch := clients.ChannelName(name)
	q, to := clients.QueueName(name), clients.TimeoutName(name)
	tok := TokenName(name)
	latch := func(req int) string { return UnlockLatchName(name, RequestID(req)) }
	i := func(n int64) string { return strconv.FormatInt(n, 10) }

	acquire := func(w *walk, owner string, lease int64) *walk {
		return w.script(v+"RedissonLock.tryLockInnerAsync", []string{name}, i(lease), owner)
	}
	unlock := func(w *walk, owner string, lease int64, req int, ttl, pub string) *walk {
		return w.script(v+"RedissonLock.unlockInnerAsync", []string{name, ch, latch(req)}, "0", i(lease), owner, pub, ttl)
	}
	renew := func(w *walk, lease int64, pairs ...string) *walk {
		keys, argv := []string{}, []string{i(lease)}
		for k := 0; k+1 < len(pairs); k += 2 {
			keys, argv = append(keys, pairs[k]), append(argv, pairs[k+1])
		}
		return w.script(v+"LockTask.buildChunk", keys, argv...)
	}
	fairKeys := []string{name, q, to}
	fairLong := func(w *walk, owner string, lease, wait, skew int64) *walk {
		return w.script(v+"RedissonFairLock.tryLockInnerAsync.EVAL_LONG", fairKeys, i(lease), owner, i(wait), i(w.t+skew))
	}
	fairTry := func(w *walk, owner string, lease, wait int64) *walk {
		return w.script(v+"RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN", fairKeys, i(lease), owner, i(w.t), i(wait))
	}
	fairFailed := func(w *walk, owner string, wait int64) *walk {
		return w.script(v+"RedissonFairLock.acquireFailedAsync", []string{q, to}, owner, i(wait))
	}
	fairUnlock := func(w *walk, owner string, lease int64, req int, ttl string) *walk {
		return w.script(v+"RedissonFairLock.unlockInnerAsync", []string{name, q, to, ch, latch(req)}, "0", i(lease), owner, i(w.t), "publish", ttl)
	}
	fairState := func(w *walk) *walk {
		return w.cmd("HGETALL", name).cmd("PTTL", name).cmd("LRANGE", q, "0", "-1").cmd("ZRANGE", to, "0", "-1", "WITHSCORES")
	}
	fenced := func(w *walk, owner string, lease int64) *walk {
		return w.script(v+"RedissonFencedLock.tryLockInnerAsync.EVAL_LONG_LIST", []string{name, tok}, i(lease), owner)
	}
	fencedRLock := func(w *walk, owner string, lease int64) *walk {
		return w.script(v+"RedissonFencedLock.tryLockInnerAsync", []string{name, tok}, i(lease), owner)
	}

	var cases []Case

	// The unlock latch: a repeated request id answers what the first call
	// did, without touching the lock again; a new request id does not.
	w := newWalk("walk470/rlock/unlock-latch", t0)
	acquire(w, A, 30000)
	acquire(w, A, 30000).cmd("HGET", name, A)
	acquire(w.after(100), B, 30000)
	unlock(w.after(100), A, 30000, 1, "18000", "publish").cmd("GET", latch(1)).cmd("PTTL", latch(1)).cmd("HGET", name, A).cmd("PTTL", name)
	unlock(w.after(50), A, 30000, 1, "18000", "publish").cmd("HGET", name, A)
	w.after(50).cmd("DEL", latch(1))
	unlock(w.after(100), A, 30000, 2, "18000", "publish").cmd("EXISTS", name).cmd("GET", latch(2))
	unlock(w.after(100), A, 30000, 2, "18000", "publish")
	unlock(w.after(100), A, 30000, 3, "18000", "publish").cmd("EXISTS", latch(3))
	w.after(18000-200).cmd("PTTL", latch(2)) // latch 2 was set at t0+400 with PX 18000
	unlock(w, A, 30000, 2, "18000", "publish")
	unlock(w.after(1), A, 30000, 2, "18000", "publish").cmd("EXISTS", latch(2))
	cases = append(cases, w.c)

	// A re-sent unlock after the lock changed hands: the latch answers 1
	// again and the new holder keeps its lock (3.16.8 answered nil).
	w = newWalk("walk470/rlock/unlock-resent-after-handover", t0)
	acquire(w, A, 30000)
	unlock(w.after(10), A, 30000, 1, "17000", "publish")
	acquire(w.after(5), B, 30000)
	unlock(w.after(3000), A, 30000, 1, "17000", "publish").cmd("HGETALL", name).cmd("PTTL", name)
	w.after(10).cmd("DEL", latch(1))
	unlock(w.after(10), B, 30000, 4, "17000", "spublish").cmd("EXISTS", name)
	cases = append(cases, w.c)

	// The latch's error paths: a latch that is not a number answers nil; a
	// latch of another type raises WRONGTYPE before anything changes; a
	// latch lifetime of 0 or Long.MAX_VALUE makes SET ... PX fail after the
	// hold count changed (a script error does not roll back).
	w = newWalk("walk470/rlock/unlock-latch-errors", t0)
	acquire(w, A, 30000)
	acquire(w, A, 30000)
	w.cmd("SET", latch(1), "x")
	unlock(w.after(10), A, 30000, 1, "18000", "publish").cmd("HGET", name, A)
	w.cmd("HSET", latch(2), "f", "1")
	unlock(w.after(10), A, 30000, 2, "18000", "publish").cmd("HGET", name, A)
	unlock(w.after(10), A, 30000, 3, "9223372036854775807", "publish").cmd("HGET", name, A).cmd("EXISTS", latch(3))
	unlock(w.after(10), A, 30000, 4, "0", "publish").cmd("EXISTS", name).cmd("EXISTS", latch(4))
	acquire(w.after(10), A, 30000)
	unlock(w.after(10), A, 30000, 5, "-5", "publish").cmd("EXISTS", name)
	acquire(w.after(10), A, 30000)
	unlock(w.after(10), A, 30000, 6, "1", "nopublish").cmd("EXISTS", name).cmd("EXISTS", latch(6))
	cases = append(cases, w.c)

	// forceUnlock with the publish command as an argument.
	w = newWalk("walk470/rlock/force-unlock", t0)
	acquire(w, A, 30000)
	w.after(10).script(v+"RedissonLock.forceUnlockAsync", []string{name, ch}, "0", "publish")
	w.after(10).script(v+"RedissonLock.forceUnlockAsync", []string{name, ch}, "0", "publish")
	acquire(w.after(10), B, 5000)
	w.after(10).script(v+"RedissonLock.forceUnlockAsync", []string{name, ch}, "0", "spublish").cmd("EXISTS", name)
	cases = append(cases, w.c)

	// The renewal of several locks in one call: 1 for each lock its owner
	// still holds (PEXPIRE applied), 0 for the others; a lock at its exact
	// expiry millisecond still counts; a key of another type is an error.
	w = newWalk("walk470/renewal/chunk", t0)
	acquire(w, A, 30000)
	w.script(v+"RedissonLock.tryLockInnerAsync", []string{other}, "30000", B)
	renew(w.after(10000), 30000, name, A, other, A, third, A).cmd("PTTL", name).cmd("PTTL", other)
	renew(w.after(10000), 30000, name, A, other, B).cmd("PTTL", name).cmd("PTTL", other)
	renew(w.after(10000), 30000, other, B, name, A)
	renew(w.after(29990), 30000, name, A)
	w.after(10).cmd("PTTL", other)
	renew(w, 30000, other, B, name, A).cmd("PTTL", other)
	renew(w.after(1), 30000, other, B).cmd("EXISTS", other)
	renew(w.after(1000), 30000, name, B, name, A)
	w.cmd("SET", third, "x")
	renew(w, 30000, name, A, third, A).cmd("PTTL", name)
	renew(w, 30000)
	cases = append(cases, w.c)

	// Fencing tokens: every acquisition (re-entry included) increments the
	// token; a waiter gets {pttl, -1}; the RLock methods increment it too;
	// a lock key without a TTL reads as {-1, -1}; a token that is not a
	// number fails INCR before anything else changes.
	w = newWalk("walk470/fenced/tokens", t0)
	fenced(w, A, 30000)
	fenced(w.after(10), A, 30000)
	fenced(w.after(10), B, 30000)
	fencedRLock(w.after(10), B, 30000)
	fencedRLock(w.after(10), A, 30000).cmd("GET", tok).cmd("HGET", name, A)
	for k := 1; k <= 3; k++ {
		unlock(w.after(10), A, 30000, k, "18000", "publish")
	}
	fenced(w.after(10), B, 30000).cmd("GET", tok)
	w.after(10).cmd("PERSIST", name)
	fenced(w.after(10), C, 30000)
	fencedRLock(w, C, 30000)
	w.cmd("DEL", name).cmd("SET", tok, "x")
	fenced(w.after(10), C, 30000).cmd("EXISTS", name)
	fencedRLock(w, C, 30000).cmd("EXISTS", name)
	w.cmd("SET", tok, "9223372036854775807")
	fenced(w.after(10), C, 30000).cmd("EXISTS", name)
	cases = append(cases, w.c)

	// Token expiry boundary: a fenced lock acquired with a lease, taken by
	// another at the millisecond after it ends, the token moving on.
	w = newWalk("walk470/fenced/lease-boundary", t0)
	fenced(w, A, 2000)
	fenced(w.after(2000), B, 2000)
	fenced(w.after(1), B, 2000).cmd("GET", tok).cmd("HGETALL", name)
	cases = append(cases, w.c)

	// The fair lock's queue: waiters get the tail's deadline; a waiter
	// already queued gets max(0, pttl) and no score refresh; unlock hands
	// over to the head and the remaining scores move back by the wait.
	w = newWalk("walk470/fair/queue", t0)
	fairLong(w, A, 30000, 300000, 0)
	fairLong(w.after(100), B, 30000, 300000, 0)
	fairLong(w.after(100), C, 30000, 300000, 0)
	fairLong(w.after(100), D, 30000, 20000, 700)
	fairState(w)
	fairLong(w.after(5000), B, 30000, 300000, 0)
	fairTry(w, E, 30000, 300000)
	fairUnlock(w.after(100), A, 30000, 1, "18000")
	fairState(w)
	fairLong(w.after(100), C, 30000, 300000, 0)
	fairLong(w, B, 30000, 300000, 0)
	fairState(w)
	fairLong(w.after(100), C, 30000, 300000, 0)
	fairUnlock(w.after(100), B, 30000, 2, "18000")
	fairUnlock(w.after(10), B, 30000, 2, "18000")
	fairLong(w.after(10), D, 30000, 20000, 700)
	fairState(w)
	fairFailed(w.after(10), C, 300000)
	fairState(w)
	fairLong(w.after(10), D, 30000, 20000, 700)
	fairUnlock(w.after(10), D, 30000, 3, "18000")
	fairUnlock(w.after(10), D, 30000, 4, "18000")
	fairState(w)
	cases = append(cases, w.c)

	// The stale loop: a head whose deadline passed is dropped by the next
	// call; a head with no score (its timeout-set entry lost) is no longer
	// an error but stays, and nobody else can take the free lock.
	w = newWalk("walk470/fair/stale-heads", t0)
	fairLong(w, A, 30000, 5000, 0)
	fairLong(w.after(10), B, 30000, 5000, 0)
	fairLong(w.after(10), C, 30000, 5000, 0)
	fairState(w)
	fairUnlock(w.after(10), A, 30000, 1, "18000")
	fairState(w)
	fairLong(w.after(40000), C, 30000, 5000, 0)
	fairState(w)
	fairTry(w.after(10), B, 30000, 5000)
	fairState(w)
	fairUnlock(w.after(10), C, 30000, 2, "18000")
	fairLong(w.after(10), D, 30000, 5000, 0)
	fairLong(w.after(10), E, 30000, 5000, 0)
	fairUnlock(w.after(10), D, 30000, 3, "18000")
	w.cmd("ZREM", to, E)
	fairState(w)
	fairLong(w.after(100000), A, 30000, 5000, 0)
	fairTry(w, A, 30000, 5000)
	fairLong(w, E, 30000, 5000, 0)
	fairState(w)
	w.after(10).script(v+"RedissonFairLock.forceUnlockAsync", []string{name, q, to, ch}, "0", i(w.t), "publish")
	fairState(w)
	cases = append(cases, w.c)

	// forceUnlock and unlock of a lock that is gone, with waiters.
	w = newWalk("walk470/fair/force-and-absent", t0)
	fairLong(w, A, 2000, 300000, 0)
	fairLong(w.after(10), B, 30000, 300000, 0)
	fairUnlock(w.after(5000), C, 30000, 1, "18000").cmd("GET", latch(1))
	fairUnlock(w.after(10), A, 30000, 2, "18000")
	w.after(10).script(v+"RedissonFairLock.forceUnlockAsync", []string{name, q, to, ch}, "0", i(w.t), "spublish")
	fairLong(w.after(10), B, 30000, 300000, 0)
	w.after(10).script(v+"RedissonFairLock.forceUnlockAsync", []string{name, q, to, ch}, "0", i(w.t), "spublish")
	fairState(w)
	cases = append(cases, w.c)
	return cases
}
