package sim

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/parse"
)

// Keys' expiry (expire.c): a master's background expiry, then the
// commands that set, read and clear a TTL.

// Redis's background expiry. Besides deleting an expired key when a
// command touches it (Store.lookup), a master deletes expired keys on its
// own: serverCron runs every 1000/hz ms (hz 10, server.c) and calls
// databasesCron → activeExpireCycle(ACTIVE_EXPIRE_CYCLE_SLOW) on a master
// only (Redis 7.0 server.c databasesCron; a replica waits for the master's
// DEL). A cycle samples up to 20 keys with a TTL per loop
// (ACTIVE_EXPIRE_CYCLE_KEYS_PER_LOOP, expire.c:107, 232-234), deletes the
// expired ones (activeExpireCycleTryExpire → deleteExpiredKeyAndPropagate,
// db.c:1563-1576), and replicates their DELs together at its end
// (propagatePendingCommands, expire.c:311-317): one entry of the
// replication stream, which a later WAIT waits for.
//
// The world's approximation: every master runs a cycle every
// ExpireCyclePeriod of virtual time from a phase drawn when it starts (the
// "redis/cron" stream), and a cycle deletes every expired key. With the
// handful of keys a lock keeps, a loop samples every key with a TTL (the
// cursor walks up to 20 buckets per key it wants), so that is what
// Redis does; the time limit (25% of a period) is never reached. Not
// modelled: the fast cycle beforeSleep runs between commands, which
// starts only when the estimated share of expired keys passed 10%
// (expire.c:142-156), a running average each cycle that expires nothing
// brings down by 5%; the period measured from the end of the previous
// cron rather than its start; a node's clock drift (the period is
// virtual time, a key's expiry its node's clock). Cycles run only while
// the master holds a key with a TTL, which changes nothing but the
// number of events. A stepped world runs no cycle by itself: its driver
// calls ActiveExpireCycle.

// ExpireCyclePeriod is serverCron's period at Redis's default hz 10.
const ExpireCyclePeriod = 100 * Millisecond

// drawCronPhase gives node n the phase of its serverCron: a new draw per
// start of the server process.
func (w *World) drawCronPhase(n *Node) {
	n.cronPhase = Duration(w.Rand("redis/cron").Int63n(int64(ExpireCyclePeriod)))
	n.cronGen++
	n.cronArmed = false
}

// armCron schedules n's next expire cycle, if it is an up master with a
// key that has a TTL and none is scheduled: at the first instant after
// now on its phase.
func (n *Node) armCron() {
	w := n.w
	if n.cronArmed || w.stepped || !n.Up || n.role != roleMaster || w.master != n.index || !n.Store.HasTTL() {
		return
	}
	at := Time(n.cronPhase)
	if w.now >= at {
		at += Time((Duration(w.now-at)/ExpireCyclePeriod + 1) * ExpireCyclePeriod)
	}
	n.cronArmed = true
	pl := w.newPayload()
	pl.kind, pl.node, pl.inc = plCron, n, n.cronGen
	w.schedule(at, pl)
}

// cron is a cycle of n's serverCron scheduled by its start gen: the
// background expiry, then the next cycle.
func (n *Node) cron(gen int) {
	if n.cronGen != gen {
		return
	}
	n.cronArmed = false
	if !n.Up || n.role != roleMaster || n.w.master != n.index {
		return
	}
	n.activeExpire()
	n.armCron()
}

// cronIdle reports whether the cycle of start gen, run now at virtual
// time at, would only schedule the next one: it deletes no key, so the
// keyspace and the replication stream stay as they are.
func (n *Node) cronIdle(gen int, at Time) bool {
	if n.cronGen != gen || !n.Up || n.role != roleMaster || n.w.master != n.index {
		return true
	}
	return !n.Store.ExpiredAt(n.Clock.UnixMs(at))
}

// activeExpire runs one expire cycle on master n now: every expired key
// goes, and their DELs make one replication entry.
func (n *Node) activeExpire() []string {
	w := n.w
	n.syncClock()
	keys := n.Store.ActiveExpire()
	if len(keys) == 0 {
		return nil
	}
	w.trace.Event(w.now, n.Name, "expire").Int("server_ms", n.Store.Now()).Strs("keys", keys).End()
	fx := make([][]string, len(keys))
	for i, k := range keys {
		fx[i] = []string{"DEL", k}
	}
	n.replicate(fx)
	if w.OnActiveExpire != nil {
		w.OnActiveExpire(n, keys)
	}
	return keys
}

// ActiveExpireCycle runs one expire cycle on the master now, as its
// serverCron would, and returns the keys it deleted: how a driver of a
// stepped world lets background expiry happen where its path says.
func (w *World) ActiveExpireCycle() []string {
	m := w.Master()
	if m == nil || !m.Up {
		return nil
	}
	return m.activeExpire()
}

// HasTTL reports whether some key has a TTL, expired or not.
func (s *Store) HasTTL() bool {
	for _, v := range s.keys {
		if v.hasTTL {
			return true
		}
	}
	return false
}

// ActiveExpire deletes every key whose TTL has passed, as a cycle of
// Redis's background expiry does on a master, and returns them sorted. It
// records no effects: the caller replicates the DELs (a replica's store
// expires nothing).
func (s *Store) ActiveExpire() []string {
	var keys []string
	for k, v := range s.keys {
		if s.expired(v) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		delete(s.keys, k)
	}
	if len(keys) > 0 {
		s.version++
	}
	return keys
}

// ExpiredAt reports whether a key's TTL has passed at server time ms
// (Unix ms): a cycle of the background expiry run then would delete it.
func (s *Store) ExpiredAt(ms int64) bool {
	for _, v := range s.keys {
		if v.hasTTL && ms > v.expireAt && !s.replica {
			return true
		}
	}
	return false
}

// OldestExpired is the expiry time (Unix ms) of the key that expired
// first among those whose TTL has passed and that are not yet deleted;
// false when there is none.
func (s *Store) OldestExpired() (int64, bool) {
	oldest, ok := int64(0), false
	for _, v := range s.keys {
		if s.expired(v) && (!ok || v.expireAt < oldest) {
			oldest, ok = v.expireAt, true
		}
	}
	return oldest, ok
}

// absoluteExpiry converts an expire argument in unit (EX, PX, EXAT, PXAT) to
// Unix ms, failing on overflow as Redis does: SET's options, SETEX and
// PSETEX (t_string.c) and the EXPIRE family read their times with it.
func absoluteExpiry(now, n int64, unit string) (int64, bool) {
	switch unit {
	case "EX", "EXAT":
		if n > math.MaxInt64/1000 || n < math.MinInt64/1000 {
			return 0, false
		}
		n *= 1000
	}
	switch unit {
	case "EX", "PX":
		if (n > 0 && now > math.MaxInt64-n) || (n < 0 && now < math.MinInt64-n) {
			return 0, false
		}
		n += now
	}
	return n, true
}

// cmdExpire ports expireGenericCommand (expire.c), EXPIRE, PEXPIRE,
// EXPIREAT and PEXPIREAT, with Redis 7.0's NX, XX, GT and LT options.
func cmdExpire(s *Store, a []string) Reply {
	name := strings.ToLower(a[0])
	// expire.c expireGenericCommand: the options
	// (parseExtendedExpireArgumentsOrReply), then the number.
	var nx, xx, gt, lt bool
	for _, o := range a[3:] {
		switch {
		case strcaseEq(o, "nx"):
			nx = true
		case strcaseEq(o, "xx"):
			xx = true
		case strcaseEq(o, "gt"):
			gt = true
		case strcaseEq(o, "lt"):
			lt = true
		default:
			// addReplyErrorFormat: the C string, CR and LF as spaces
			return Err("ERR Unsupported option " + crlfToSpaces(parse.CString(o)))
		}
	}
	if nx && (xx || gt || lt) {
		return Err("ERR NX and XX, GT or LT options at the same time are not compatible")
	}
	if gt && lt {
		return Err("ERR GT and LT options at the same time are not compatible")
	}
	n, ok := parseInt(a[2])
	if !ok {
		return Err(errNotInteger)
	}
	var unit string
	switch name {
	case "expire":
		unit = "EX"
	case "pexpire":
		unit = "PX"
	case "expireat":
		unit = "EXAT"
	default:
		unit = "PXAT"
	}
	at, ok := absoluteExpiry(s.now, n, unit)
	if !ok {
		return Err("ERR invalid expire time in '" + name + "' command")
	}
	v := s.lookup(a[1])
	if v == nil {
		return Int(0)
	}
	switch {
	case nx && v.hasTTL, xx && !v.hasTTL:
		return Int(0)
	case gt && (!v.hasTTL || at <= v.expireAt):
		return Int(0)
	case lt && v.hasTTL && at >= v.expireAt:
		return Int(0)
	}
	// An expiry in the past deletes the key at once (checkAlreadyExpired).
	if at <= s.now {
		delete(s.keys, a[1])
		if s.recording {
			s.propagate("DEL", a[1])
		}
		return Int(1)
	}
	v.hasTTL, v.expireAt = true, at
	if s.recording {
		s.propagate("PEXPIREAT", a[1], strconv.FormatInt(at, 10))
	}
	return Int(1)
}

// cmdPersist ports persistCommand (expire.c).
func cmdPersist(s *Store, a []string) Reply {
	v := s.lookup(a[1])
	if v == nil || !v.hasTTL {
		return Int(0)
	}
	v.hasTTL, v.expireAt = false, 0
	if s.recording {
		s.propagate("PERSIST", a[1])
	}
	return Int(1)
}

// cmdTTL ports ttlGenericCommand (expire.c), TTL and PTTL: -2 absent, -1
// no TTL; TTL rounds milliseconds to the nearest second.
func cmdTTL(s *Store, a []string) Reply {
	v := s.lookup(a[1])
	if v == nil {
		return Int(-2)
	}
	if !v.hasTTL {
		return Int(-1)
	}
	ttl := v.expireAt - s.now
	if ttl < 0 {
		ttl = 0
	}
	if a[0] == "pttl" || strings.EqualFold(a[0], "pttl") {
		return Int(ttl)
	}
	return Int((ttl + 500) / 1000)
}

// cmdExpireTime ports expiretimeGenericCommand (expire.c), EXPIRETIME and
// PEXPIRETIME: -2 without the key, -1 without a TTL, else the expiry in
// Unix ms or, for EXPIRETIME, seconds rounded to the nearest
// ((ms+500)/1000).
func cmdExpireTime(s *Store, a []string) Reply {
	v := s.lookup(a[1])
	switch {
	case v == nil:
		return Int(-2)
	case !v.hasTTL:
		return Int(-1)
	case strings.EqualFold(a[0], "pexpiretime"):
		return Int(v.expireAt)
	}
	return Int((v.expireAt + 500) / 1000)
}
