package difftest

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"pgregory.net/rapid"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// Versions are the Redisson versions the generator draws from.
var Versions = []string{"3.8.1", "3.16.8", "4.7.0"}

// LockNames are the lock names a sequence uses (the first always, the
// second sometimes, the third only in 4.7.0 sequences, whose renewal sends
// several locks in one call). The second contains a hash tag, so its queue,
// timeout set, token and latch keys are named by prefixName's "p:n" branch.
var LockNames = []string{"myLock", "{orders}:lock", "inventory"}

// TokenName is the fenced lock's token counter (RedissonFencedLock.tokenName,
// 4.7.0).
func TokenName(lock string) string { return clients.PrefixName("redisson_lock_token", lock) }

// UnlockLatchName is the key where a 4.7.0 unlock with request id reqID
// leaves its answer (RedissonBaseLock.getUnlockLatchName).
func UnlockLatchName(lock, reqID string) string {
	return clients.PrefixName("redisson_unlock_latch", lock) + ":" + reqID
}

// RequestID is the n-th unlock request id of a sequence: 32 lower-case hex
// digits, as ServiceManager.generateId makes them, drawn here by splitmix64
// from n so that a sequence stays a pure function of its draws.
func RequestID(n int) string {
	mix := func(z uint64) uint64 {
		z += 0x9e3779b97f4a7c15
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	a := mix(uint64(n))
	return fmt.Sprintf("%016x%016x", a, mix(a))
}

// SimpleKey is the key of the simple locks (SET NX PX, SETNX + EXPIRE, the
// compare-and-delete Lua).
const SimpleKey = "simpleLock"

// CompareAndDelete is the simple lock's release: delete the key only if it
// still holds the caller's value.
const CompareAndDelete = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

// Owner is one lock owner, a Java thread of a Redisson client.
type Owner struct {
	ID   string // getLockName(threadId): "<client UUID>:<threadId>"
	Skew int64  // the client's wall clock minus the server's, ms: the fair scripts' now argument is t+Skew
	Wait int64  // 3.16.8, 4.7.0: the waitTime (ms) this owner's tryLock passes as the fair scripts' wait
}

// Sequence is one generated test case: steps of one Redisson version with
// ARGV built as that version's Java builds them. Replies are not set.
type Sequence struct {
	Version string
	Locks   []string
	Owners  []Owner
	Lossy   bool // the sequence may DEL or ZREM the queue or timeout set mid-way
	Steps   []conformance.Step
	// Boundary counts the steps whose time was aimed at a key's expiry or a
	// waiter's deadline (exactly on it or 1 ms beside it).
	Boundary int
}

// CaseName names the sequence as a conformance case, e.g.
// "found-s42/3.16.8/1lock-3owner".
func (s *Sequence) CaseName(prefix string) string {
	lossy := ""
	if s.Lossy {
		lossy = "-lossy"
	}
	return fmt.Sprintf("%s/%s/%dlock-%downer%s", prefix, s.Version, len(s.Locks), len(s.Owners), lossy)
}

// GoString keeps rapid's log of a drawn sequence short.
func (s *Sequence) GoString() string {
	return fmt.Sprintf("Sequence{%s, %d locks, %d owners, %d steps}", s.Version, len(s.Locks), len(s.Owners), len(s.Steps))
}

// String lists the steps, one a line.
func (s *Sequence) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "version %s, locks %q, lossy %v\n", s.Version, s.Locks, s.Lossy)
	for _, o := range s.Owners {
		fmt.Fprintf(&b, "  owner %s skew %+d ms wait %d ms\n", o.ID, o.Skew, o.Wait)
	}
	for i := range s.Steps {
		fmt.Fprintf(&b, "  %2d %s\n", i, StepString(&s.Steps[i]))
	}
	return b.String()
}

// StepString renders a step on one line (without its reply).
func StepString(st *conformance.Step) string {
	switch {
	case st.Cmd != nil:
		return fmt.Sprintf("t=%d cmd %q", st.T, st.Cmd)
	case st.Script != "":
		return fmt.Sprintf("t=%d script %s keys %q argv %q", st.T, st.Script, st.Keys, st.Argv)
	default:
		return fmt.Sprintf("t=%d eval %q keys %q argv %q", st.T, st.Eval, st.Keys, st.Argv)
	}
}

// OwnerID is the owner string of thread threadID of client n (1-based):
// "c1a0e1f2-0000-4000-8000-00000000000N:<threadId>".
func OwnerID(client int, threadID int) string {
	return fmt.Sprintf("c1a0e1f2-0000-4000-8000-%012d:%d", client, threadID)
}

// step kinds, with their weights in a drawn choice.
const (
	kRLockAcquire = iota
	kRLockUnlock
	kRenew
	kRLockForce
	kFairLong
	kFairNullBool
	kFairFailed
	kFairUnlock
	kFairForce
	kInspect
	kSimple
	kSabotage
	numKinds
)

var kindWeights = [numKinds]int{
	kRLockAcquire: 11, kRLockUnlock: 6, kRenew: 4, kRLockForce: 1,
	kFairLong: 16, kFairNullBool: 6, kFairFailed: 4, kFairUnlock: 8, kFairForce: 1,
	kInspect: 20, kSimple: 8, kSabotage: 5,
}

// Choice is the raw, state-independent draws of one step. A Materializer
// interprets it against the state so far, so rapid can delete or simplify
// any one step and the rest still makes sense.
type Choice struct {
	Present  bool // false drops the step: the shrinker's way to delete one step
	Kind     int
	Sub      int   // sub-choice of inspect, simple and sabotage steps
	Owner    int   // an owner index, modulo the number of owners
	Lock     int   // a lock index, modulo the number of locks
	Boundary bool  // aim the time at an expiry or deadline
	Target   int   // which boundary, modulo their number
	Offset   int   // -1, 0 or +1 ms beside it
	Advance  int64 // otherwise: ms to advance the clock
	Lease    int64 // lease for acquires, SET PX, EXPIRE
	Flags    int   // small variations (see Materializer.add)
}

// uniform draws an integer in [0, n) with (nearly) equal chances. rapid's
// integer generators favour small values on purpose; its Bool is a fair
// coin, so a few coins give a fair choice that still shrinks towards 0.
func uniform(t *rapid.T, label string, n int) int {
	if n <= 1 {
		return 0
	}
	v := 0
	for i := bits.Len(uint(n-1)) + 3; i > 0; i-- {
		v <<= 1
		if rapid.Bool().Draw(t, label) {
			v |= 1
		}
	}
	return v % n
}

// GoString keeps rapid's log of a drawn step short.
func (c Choice) GoString() string {
	if !c.Present {
		return "Choice{dropped}"
	}
	return fmt.Sprintf("Choice{kind %d sub %d owner %d lock %d boundary %v target %d offset %+d advance %d lease %d flags %d}",
		c.Kind, c.Sub, c.Owner, c.Lock, c.Boundary, c.Target, c.Offset, c.Advance, c.Lease, c.Flags)
}

// pick draws an index with chances proportional to weights.
func pick(t *rapid.T, label string, weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := uniform(t, label, total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

func drawChoice(t *rapid.T, lossy bool) Choice {
	w := kindWeights
	if !lossy {
		w[kSabotage] = 0
	}
	var c Choice
	// Three coins, absent only when all come up 0: 7 steps in 8 are
	// present, and the shrinker, which lowers draws towards 0, can delete
	// any single step without moving the draws of the others.
	for i := 0; i < 3; i++ {
		if rapid.Bool().Draw(t, "present") {
			c.Present = true
		}
	}
	c.Kind = pick(t, "kind", w[:])
	c.Sub = uniform(t, "sub", 120)
	c.Owner = uniform(t, "owner", 60)
	c.Lock = uniform(t, "lock", 6) // modulo 1, 2 or 3 locks
	c.Boundary = uniform(t, "boundary", 100) < 47
	if c.Boundary {
		c.Target = uniform(t, "target", 64)
		c.Offset = uniform(t, "offset", 3) - 1
	} else {
		switch pick(t, "advance", []int{15, 20, 30, 28, 7}) {
		case 0:
		case 1:
			c.Advance = rapid.Int64Range(1, 10).Draw(t, "ms")
		case 2:
			c.Advance = rapid.Int64Range(11, 1000).Draw(t, "ms")
		case 3:
			c.Advance = rapid.Int64Range(1001, 40000).Draw(t, "ms")
		default:
			c.Advance = rapid.Int64Range(40001, 400000).Draw(t, "ms")
		}
	}
	switch pick(t, "lease", []int{40, 30, 30}) {
	case 0:
		c.Lease = 30000
	case 1:
		c.Lease = rapid.Int64Range(1, 3000).Draw(t, "leaseMs")
	default:
		c.Lease = rapid.Int64Range(3001, 60000).Draw(t, "leaseMs")
	}
	c.Flags = uniform(t, "flags", 100)
	return c
}

func drawWait(t *rapid.T) int64 {
	switch pick(t, "wait", []int{35, 45, 5, 15}) {
	case 0:
		return 300000 // threadWaitTime, waitTime -1
	case 1:
		return rapid.Int64Range(1, 20000).Draw(t, "waitMs")
	case 2:
		return 10 // tryLock(10, SECONDS) with leaseTime -1 (#4743)
	default:
		return rapid.Int64Range(20001, 120000).Draw(t, "waitMs")
	}
}

// StartMin and StartMax bound a sequence's first server time (Unix ms).
const (
	StartMin int64 = 1_700_000_000_000
	StartMax int64 = 1_800_000_000_000
)

// Header is what a sequence draws before its steps.
type Header struct {
	Version string
	Locks   []string
	Owners  []Owner
	Lossy   bool
	Start   int64 // the first step's earliest server time (Unix ms)
	Steps   int   // how many step choices follow (about 1 in 8 is dropped)
}

// GoString keeps rapid's log of a drawn header short.
func (h Header) GoString() string {
	return fmt.Sprintf("Header{%s, locks %q, %d owners, lossy %v, start %d, %d step choices}", h.Version, h.Locks, len(h.Owners), h.Lossy, h.Start, h.Steps)
}

// HeaderGen draws a sequence's header: one Redisson version, one lock name
// (sometimes two; in 4.7.0 sometimes three), 2–5 owners of one or two
// clients, each with a clock skew of up to ±2 s and (3.16.8, 4.7.0) a wait
// time, and up to maxSteps steps.
func HeaderGen(maxSteps int) *rapid.Generator[Header] {
	return rapid.Custom(func(t *rapid.T) Header {
		var h Header
		h.Version = Versions[uniform(t, "version", len(Versions))]
		h.Locks = LockNames[:1]
		if uniform(t, "twoLocks", 100) >= 80 {
			h.Locks = LockNames[:2]
		}
		if h.Version == "4.7.0" && uniform(t, "threeLocks", 100) >= 70 {
			h.Locks = LockNames[:3]
		}
		nOwners := 2 + uniform(t, "owners", 4)
		nClients := 1
		if uniform(t, "twoClients", 2) == 1 {
			nClients = 2
		}
		h.Owners = make([]Owner, nOwners)
		for i := range h.Owners {
			h.Owners[i] = Owner{
				ID:   OwnerID(1+i%nClients, 101+i),
				Skew: rapid.Int64Range(-2000, 2000).Draw(t, "skew"),
				Wait: drawWait(t),
			}
		}
		h.Lossy = uniform(t, "lossy", 100) >= 80
		h.Start = rapid.Int64Range(StartMin, StartMax).Draw(t, "start")
		h.Steps = 1 + uniform(t, "steps", maxSteps+maxSteps/7)
		return h
	})
}

// StepGen draws the raw choices of one step; a Materializer turns them
// into a step. Drawing steps one at a time lets a test stop drawing at the
// first failing step, which keeps rapid's shrinking short.
func StepGen(lossy bool) *rapid.Generator[Choice] {
	return rapid.Custom(func(t *rapid.T) Choice { return drawChoice(t, lossy) })
}

// Gen returns a rapid generator of whole sequences of at most maxSteps
// steps. It draws exactly what HeaderGen then h.Steps × StepGen draw, so a
// test drawing step by step sees the same sequence for the same seed.
func Gen(maxSteps int) *rapid.Generator[*Sequence] {
	return rapid.Custom(func(t *rapid.T) *Sequence {
		h := HeaderGen(maxSteps).Draw(t, "header")
		m := NewMaterializer(h)
		step := StepGen(h.Lossy)
		for i := 0; i < h.Steps; i++ {
			m.Add(step.Draw(t, "step"))
		}
		return m.Sequence()
	})
}

// NewMaterializer starts a sequence with the given header. It keeps a
// shadow simulated store to know the expiries and deadlines to aim at;
// the steps it makes are a pure function of the header and the choices.
func NewMaterializer(h Header) *Materializer {
	g := &Materializer{
		seq:    &Sequence{Version: h.Version, Locks: h.Locks, Owners: h.Owners, Lossy: h.Lossy},
		shadow: sim.NewStore(),
		now:    h.Start,
		lease:  make([]int64, len(h.Owners)),
		req:    make([]string, len(h.Owners)),
	}
	for i := range g.lease {
		g.lease[i] = 30000
	}
	return g
}

// Sequence returns the sequence built so far.
func (g *Materializer) Sequence() *Sequence { return g.seq }

// Add turns a choice into the next step and returns it, or returns nil
// for a choice that drops its step.
func (g *Materializer) Add(c Choice) *conformance.Step {
	if !c.Present {
		return nil
	}
	g.add(c)
	return &g.seq.Steps[len(g.seq.Steps)-1]
}

// Materializer builds a sequence step by step from drawn choices.
type Materializer struct {
	seq    *Sequence
	shadow *sim.Store
	now    int64
	lease  []int64  // each owner's internalLockLeaseTime (its last lease)
	req    []string // 4.7.0: each owner's last unlock request id ("" before its first)
	nreq   int      // request ids made so far
	last   struct { // 4.7.0: the last unlock, to send again
		owner     int
		lock, req string
	}
}

func (g *Materializer) id(name string) string {
	v := g.seq.Version
	if name == "renew" {
		switch v {
		case "3.8.1":
			return v + "/RedissonLock.renewExpirationAsync"
		case "4.7.0":
			return v + "/LockTask.buildChunk"
		}
		return v + "/RedissonBaseLock.renewExpirationAsync"
	}
	return v + "/" + name
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// boundaries lists the server times at which a key's TTL runs out and, for
// a fair step by an owner with the given skew, at which a waiter's
// deadline equals the step's now argument. Sorted, deduplicated.
func (g *Materializer) boundaries(fair bool, skew int64) []int64 {
	g.shadow.SetTime(g.now)
	var out []int64
	for _, k := range g.shadow.SortedKeys() {
		if r := g.shadow.Do("PTTL", k); r.Kind == sim.KindInt && r.Int >= 0 {
			out = append(out, g.now+r.Int)
		}
	}
	if fair {
		for _, l := range g.seq.Locks {
			r := g.shadow.Do("ZRANGE", clients.TimeoutName(l), "0", "-1", "WITHSCORES")
			for i := 1; i < len(r.Arr); i += 2 {
				f, err := strconv.ParseFloat(r.Arr[i].Str, 64)
				if err != nil || f != f || f > 1e15 || f < -1e15 {
					continue
				}
				out = append(out, int64(f)-skew)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	uniq := out[:0]
	for i, x := range out {
		if x+1 >= g.now && (i == 0 || x != out[i-1]) {
			uniq = append(uniq, x)
		}
	}
	return uniq
}

func (g *Materializer) add(c Choice) {
	seq := g.seq
	oi := c.Owner % len(seq.Owners)
	lock := seq.Locks[c.Lock%len(seq.Locks)]
	fair := c.Kind >= kFairLong && c.Kind <= kFairForce
	unlock470 := seq.Version == "4.7.0" && (c.Kind == kRLockUnlock || c.Kind == kFairUnlock)
	switch {
	case unlock470 && c.Flags < 35 && g.last.req != "":
		// The same unlock sent again (ServiceManager.execute's retry, or a
		// reply lost and the call repeated): same owner, lock and request id.
		oi, lock = g.last.owner, g.last.lock
	case unlock470 && c.Flags < 60:
		// Mostly, the thread that holds the lock unlocks it.
		g.shadow.SetTime(g.now)
		if h := g.shadow.Do("HGETALL", lock); h.Kind == sim.KindArray && len(h.Arr) >= 2 {
			for i := range seq.Owners {
				if seq.Owners[i].ID == h.Arr[0].Str {
					oi = i
				}
			}
		}
	}
	o := seq.Owners[oi]

	// Time.
	next := g.now + c.Advance
	if c.Boundary {
		if bs := g.boundaries(fair, o.Skew); len(bs) > 0 {
			b := bs[c.Target%len(bs)] + int64(c.Offset)
			if b >= g.now {
				next = b
				seq.Boundary++
			} else {
				next = g.now
			}
		}
	}
	g.now = next
	t := g.now
	now := t + o.Skew // the client's clock, for the fair scripts

	name, queue, timeouts, channel := lock, clients.QueueName(lock), clients.TimeoutName(lock), clients.ChannelName(lock)
	st := conformance.Step{T: t}
	script := func(id string, keys []string, argv ...string) {
		st.Script, st.Keys, st.Argv = g.id(id), keys, argv
	}
	lease := c.Lease
	v381 := seq.Version == "3.8.1"
	v470 := seq.Version == "4.7.0"
	wait := o.Wait
	if v381 {
		wait = 5000 // threadWaitTime, fixed in 3.8.1
	}
	// 4.7.0 passes the publish command (SPUBLISH where the cluster shards
	// pub/sub) and, to unlock, a request id's latch key and its lifetime.
	publish := "publish"
	if c.Sub%10 == 0 {
		publish = "spublish"
	}
	latch := func() (key, ttl string) {
		if g.req[oi] == "" || c.Flags >= 35 { // else: the same unlock call sent again
			g.nreq++
			g.req[oi] = RequestID(g.nreq)
		}
		g.last.owner, g.last.lock, g.last.req = oi, lock, g.req[oi]
		// (timeout + retryDelay) * retryAttempts: 16000..20000 ms with
		// the defaults; sometimes the drawn lease, to reach its expiry.
		t := 16000 + int64(c.Sub*37%4001)
		if c.Sub%3 == 0 {
			t = lease
		}
		return UnlockLatchName(lock, g.req[oi]), itoa(t)
	}

	switch {
	case v470 && c.Kind == kRLockAcquire:
		g.lease[oi] = lease
		switch {
		case c.Flags < 60:
			script("RedissonLock.tryLockInnerAsync", []string{name}, itoa(lease), o.ID)
		case c.Flags < 80:
			script("RedissonFencedLock.tryLockInnerAsync", []string{name, TokenName(lock)}, itoa(lease), o.ID)
		default:
			script("RedissonFencedLock.tryLockInnerAsync.EVAL_LONG_LIST", []string{name, TokenName(lock)}, itoa(lease), o.ID)
		}
	case v470 && c.Kind == kRLockUnlock:
		key, ttl := latch()
		script("RedissonLock.unlockInnerAsync", []string{name, channel, key}, "0", itoa(g.lease[oi]), o.ID, publish, ttl)
	case v470 && c.Kind == kRenew:
		g.renewChunk(&st, c, oi)
	case v470 && c.Kind == kRLockForce:
		script("RedissonLock.forceUnlockAsync", []string{name, channel}, "0", publish)
	case v470 && c.Kind == kFairUnlock:
		key, ttl := latch()
		script("RedissonFairLock.unlockInnerAsync", []string{name, queue, timeouts, channel, key}, "0", itoa(g.lease[oi]), o.ID, itoa(now), publish, ttl)
	case v470 && c.Kind == kFairForce:
		script("RedissonFairLock.forceUnlockAsync", []string{name, queue, timeouts, channel}, "0", itoa(now), publish)
	case v470 && c.Kind == kInspect && c.Sub%16 >= 13:
		// The keys 4.7.0 adds: the token, an unlock's latch, and the DEL
		// of the latch that follows a successful unlock.
		req := g.req[oi]
		if req == "" {
			req = RequestID(0)
		}
		switch c.Sub % 16 {
		case 13:
			st.Cmd = []string{"GET", TokenName(lock)}
		case 14:
			st.Cmd = []string{"GET", UnlockLatchName(lock, req)}
		default:
			st.Cmd = []string{"DEL", UnlockLatchName(lock, req)}
		}
	case v470 && c.Kind == kSabotage && c.Sub%20 >= 14:
		// A token or latch that is not a number: INCR fails inside the
		// fenced acquire; tonumber gives nil to a repeated unlock.
		if c.Sub%20 < 17 {
			st.Cmd = []string{"SET", TokenName(lock), "x"}
		} else {
			key, _ := latch()
			st.Cmd = []string{"SET", key, "x"}
		}

	case c.Kind == kRLockAcquire:
		g.lease[oi] = lease
		script("RedissonLock.tryLockInnerAsync", []string{name}, itoa(lease), o.ID)
	case c.Kind == kRLockUnlock:
		script("RedissonLock.unlockInnerAsync", []string{name, channel}, "0", itoa(g.lease[oi]), o.ID)
	case c.Kind == kRenew:
		script("renew", []string{name}, itoa(g.lease[oi]), o.ID)
	case c.Kind == kRLockForce:
		script("RedissonLock.forceUnlockAsync", []string{name, channel}, "0")
	case c.Kind == kFairLong:
		g.lease[oi] = lease
		if v381 {
			script("RedissonFairLock.tryLockInnerAsync.EVAL_LONG", []string{name, queue, timeouts}, itoa(lease), o.ID, itoa(now+5000), itoa(now))
		} else {
			script("RedissonFairLock.tryLockInnerAsync.EVAL_LONG", []string{name, queue, timeouts}, itoa(lease), o.ID, itoa(wait), itoa(now))
		}
	case c.Kind == kFairNullBool:
		g.lease[oi] = lease
		if v381 {
			script("RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN", []string{name, queue, timeouts}, itoa(lease), o.ID, itoa(now))
		} else {
			script("RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN", []string{name, queue, timeouts}, itoa(lease), o.ID, itoa(now), itoa(wait))
		}
	case c.Kind == kFairFailed:
		w := wait
		if !v381 && c.Flags < 25 {
			w = 300000 // the async tryLock path passes threadWaitTime whatever the wait was
		}
		script("RedissonFairLock.acquireFailedAsync", []string{queue, timeouts}, o.ID, itoa(w))
	case c.Kind == kFairUnlock:
		script("RedissonFairLock.unlockInnerAsync", []string{name, queue, timeouts, channel}, "0", itoa(g.lease[oi]), o.ID, itoa(now))
	case c.Kind == kFairForce:
		script("RedissonFairLock.forceUnlockAsync", []string{name, queue, timeouts, channel}, "0", itoa(now))
	case c.Kind == kInspect:
		keys := []string{name, queue, timeouts, SimpleKey}
		k := keys[c.Flags%len(keys)]
		switch c.Sub % 8 {
		case 0:
			st.Cmd = []string{"HGETALL", name}
		case 1:
			st.Cmd = []string{"PTTL", k}
		case 2:
			st.Cmd = []string{"LRANGE", queue, "0", "-1"}
		case 3:
			st.Cmd = []string{"ZRANGE", timeouts, "0", "-1", "WITHSCORES"}
		case 4:
			st.Cmd = []string{"EXISTS", k}
		case 5:
			st.Cmd = []string{"TYPE", k}
		case 6:
			st.Cmd = []string{"ZCARD", timeouts}
		default:
			st.Cmd = []string{"HGET", name, o.ID}
		}
	case c.Kind == kSimple:
		key := SimpleKey
		switch {
		case c.Flags < 4:
			key = name // a simple-lock command on a Redisson lock's key: WRONGTYPE paths
		case v470 && c.Flags < 24:
			key = TokenName(lock) // a token that is not a number: the fenced INCR fails
		}
		switch c.Sub % 6 {
		case 0:
			st.Cmd = []string{"SET", key, o.ID, "NX", "PX", itoa(lease)}
		case 1:
			st.Cmd = []string{"SETNX", key, o.ID}
		case 2:
			st.Cmd = []string{"EXPIRE", key, itoa(1 + lease/2000)}
		case 3:
			st.Cmd = []string{"GET", key}
		case 4:
			st.Cmd = []string{"DEL", key}
		default:
			st.Eval, st.Keys, st.Argv = CompareAndDelete, []string{key}, []string{o.ID}
		}
	case c.Kind == kSabotage:
		switch sub := c.Sub % 20; {
		case sub < 7:
			st.Cmd = []string{"DEL", timeouts}
		case sub < 16:
			// A waiter's score: the queue head's when there is a queue.
			member := o.ID
			g.shadow.SetTime(t)
			if q := g.shadow.Do("LRANGE", queue, "0", "-1"); len(q.Arr) > 0 {
				member = q.Arr[c.Flags%len(q.Arr)].Str
				if c.Flags < 60 {
					member = q.Arr[0].Str
				}
			}
			st.Cmd = []string{"ZREM", timeouts, member}
		default:
			st.Cmd = []string{"DEL", queue}
		}
	}
	g.shadow.SetTime(t)
	_, _ = conformance.Run(g.shadow, Resolve, &st)
	seq.Steps = append(seq.Steps, st)
}

// renewChunk makes a 4.7.0 renewal step (LockTask.buildChunk): one call
// renewing N of the sequence's locks, KEYS[i] with owner ARGV[i+1]. The
// owner is usually whoever holds that lock in the shadow store (the thread
// of this client that Java's LockEntry would name), else the step's owner;
// the lease is lockWatchdogTimeout (30000), sometimes the drawn one so
// that the lock's expiry is reached.
func (g *Materializer) renewChunk(st *conformance.Step, c Choice, oi int) {
	locks := g.seq.Locks
	n := 1 + c.Sub%len(locks)
	lease := int64(30000)
	if c.Flags%5 == 0 {
		lease = c.Lease
	}
	st.Script = g.id("renew")
	st.Keys = make([]string, 0, n)
	st.Argv = append(make([]string, 0, n+1), itoa(lease))
	g.shadow.SetTime(st.T)
	for i := 0; i < n; i++ {
		lock := locks[(c.Lock+i)%len(locks)]
		owner := g.seq.Owners[oi].ID
		if h := g.shadow.Do("HGETALL", lock); c.Flags < 70 && h.Kind == sim.KindArray && len(h.Arr) >= 2 {
			owner = h.Arr[0].Str
		}
		st.Keys = append(st.Keys, lock)
		st.Argv = append(st.Argv, owner)
	}
}
