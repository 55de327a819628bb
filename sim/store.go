package sim

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"slices"
	"sort"

	"github.com/locksim/locksim/sim/lualib"
)

// valueType is the Redis type of a key's value.
type valueType uint8

const (
	typeString valueType = iota + 1
	typeHash
	typeList
	typeZSet
)

func (t valueType) name() string {
	switch t {
	case typeString:
		return "string"
	case typeHash:
		return "hash"
	case typeList:
		return "list"
	case typeZSet:
		return "zset"
	}
	return "none"
}

// hashField is one field of a hash. Hashes keep insertion order, as Redis's
// listpack encoding of small hashes does (HGETALL replies in that order).
type hashField struct{ field, val string }

// zmember is one member of a sorted set.
type zmember struct {
	member string
	score  float64
}

// value is what a key holds. Only the field of its type is used.
type value struct {
	typ      valueType
	str      string
	hash     []hashField
	list     []string
	zset     []zmember          // ordered by (score, member), as Redis orders them
	zscores  map[string]float64 // member → score, to find a member without a scan
	hasTTL   bool
	expireAt int64 // Unix ms; the key is gone once now > expireAt
}

func (v *value) clone() *value {
	c := *v
	switch v.typ {
	case typeHash:
		c.hash = append([]hashField(nil), v.hash...)
	case typeList:
		c.list = append([]string(nil), v.list...)
	case typeZSet:
		c.zset = append([]zmember(nil), v.zset...)
		c.zscores = make(map[string]float64, len(v.zscores))
		for m, sc := range v.zscores {
			c.zscores[m] = sc
		}
	}
	return &c
}

// Store is an in-memory Redis 7.0 keyspace with a clock set by its caller. It
// answers the command subset the lock scripts and the simple locks use, with
// Redis's replies, errors and expiry rule, and runs Lua scripts (Eval) through
// a shared script engine. A Store is not safe for concurrent use.
type Store struct {
	now  int64 // server clock, Unix ms, set by SetTime
	keys map[string]*value

	// Publish, when set, delivers a PUBLISH and returns the number of
	// receivers. With no Publish hook PUBLISH reaches nobody and returns 0.
	Publish func(channel, message string) int64

	// recording and effects hold the write effects of commands for
	// replication, when recording is on (see StartEffects).
	recording bool
	effects   [][]string

	// replica is set on a replica's store: a replica never expires keys on
	// its own clock but waits for the master's DEL (Redis 7.0 db.c
	// expireIfNeeded), so applying the master's effects never diverges.
	replica bool

	eng *Engine

	// libs is what the Lua libraries keep between scripts (the global
	// cjson's settings), reset with the scripting engine (ResetScripts).
	// It is not part of Hash: the keyspace is.
	libs lualib.State
	// scriptNoRepl is set while a script that called redis.set_repl
	// without REPL_REPLICA runs a command: its writes do not replicate.
	scriptNoRepl bool

	// version counts the changes to the keyspace that a master makes
	// (Version).
	version uint64
}

// NewStore returns an empty store whose clock reads 0.
func NewStore() *Store {
	return &Store{keys: make(map[string]*value)}
}

// SetTime sets the server clock (Unix ms). Expiry follows this clock.
func (s *Store) SetTime(ms int64) { s.now = ms }

// Now returns the server clock (Unix ms).
func (s *Store) Now() int64 { return s.now }

// Len returns the number of keys, counting keys whose TTL has passed but
// that nothing has touched yet.
func (s *Store) Len() int { return len(s.keys) }

// FlushAll empties the store, as a restart without persistence does.
func (s *Store) FlushAll() {
	s.keys = make(map[string]*value)
	s.version++
}

// Version changes whenever the keyspace of a store that records its
// effects (StartEffects) may have changed: a command or script whose
// writes TakeEffects hands out, a cycle of the background expiry that
// deleted keys, a flush. Two equal versions of one master's store hold the
// same keyspace: a read-only run seen once answers the same on it (the
// fast-forward of retry loops, spin.go, relies on it). A script that turns
// replication off (redis.set_repl) writes without effects: such scripts
// are never taken for read-only runs.
func (s *Store) Version() uint64 { return s.version }

// Restart empties the store and starts its scripting state over, as a
// restart without persistence does: a new process, whose math.random
// starts again from rand.c's initial state.
func (s *Store) Restart() {
	s.FlushAll()
	s.libs.Restart()
}

// ResetScripts returns the scripting state to a fresh server's, as SCRIPT
// FLUSH or a restart does: the libraries' settings go back to their
// defaults (compiled scripts live in the engine and need no reset).
func (s *Store) ResetScripts() { s.libs.Reset() }

// Clone returns a deep copy of the keyspace and clock. The copy shares the
// script engine (a Store and its clones must be used from one goroutine) and
// has no Publish hook and no effect recording.
func (s *Store) Clone() *Store {
	c := &Store{now: s.now, keys: make(map[string]*value, len(s.keys)), eng: s.eng, libs: s.libs.Clone()}
	for k, v := range s.keys {
		c.keys[k] = v.clone()
	}
	return c
}

// SortedKeys returns the live keys (TTL not passed at the current clock), sorted.
func (s *Store) SortedKeys() []string {
	ks := make([]string, 0, len(s.keys))
	for k, v := range s.keys {
		if !s.expired(v) {
			ks = append(ks, k)
		}
	}
	sort.Strings(ks)
	return ks
}

// Hash returns a stable 64-bit hash of the live keyspace: every key, type,
// value and expiry time, independent of map order and of keys whose TTL has
// passed but that were not yet removed. The clock itself is not hashed.
func (s *Store) Hash() uint64 {
	h := fnv.New64a()
	h.Write(s.AppendCanonical(nil))
	return h.Sum64()
}

// AppendCanonical appends to dst an encoding of the live keyspace that two
// stores share exactly when they hold the same keys, types, values and
// expiry times (what Hash hashes): a search can use it as an exact key.
func (s *Store) AppendCanonical(dst []byte) []byte {
	return s.appendCanonical(dst, s.SortedKeys())
}

// AppendCanonicalWithExpired is AppendCanonical over every key, those
// whose TTL has passed but that nothing has touched yet too: where their
// lazy deletion will be replicated (RebaseKeepingExpired), such a key is
// part of the state.
func (s *Store) AppendCanonicalWithExpired(dst []byte) []byte {
	ks := make([]string, 0, len(s.keys))
	for k := range s.keys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return s.appendCanonical(dst, ks)
}

func (s *Store) appendCanonical(dst []byte, keys []string) []byte {
	put := func(str string) {
		dst = binary.LittleEndian.AppendUint64(dst, uint64(len(str)))
		dst = append(dst, str...)
	}
	putInt := func(n int64) { dst = binary.LittleEndian.AppendUint64(dst, uint64(n)) }
	for _, k := range keys {
		v := s.keys[k]
		put(k)
		putInt(int64(v.typ))
		if v.hasTTL {
			putInt(v.expireAt)
		} else {
			putInt(-1)
		}
		switch v.typ {
		case typeString:
			put(v.str)
		case typeHash:
			putInt(int64(len(v.hash)))
			for _, f := range v.hash {
				put(f.field)
				put(f.val)
			}
		case typeList:
			putInt(int64(len(v.list)))
			for _, e := range v.list {
				put(e)
			}
		case typeZSet:
			putInt(int64(len(v.zset)))
			for _, m := range v.zset {
				put(m.member)
				putInt(int64(math.Float64bits(m.score)))
			}
		}
	}
	return dst
}

// expired applies Redis's rule: a key is expired only when now > its expiry
// time; at exactly the expiry millisecond it still exists with PTTL 0.
func (s *Store) expired(v *value) bool {
	return v.hasTTL && s.now > v.expireAt && !s.replica
}

// lookup returns the live value of key, removing it first if its TTL has
// passed (Redis's lazy expiry, which also propagates a DEL to replicas).
func (s *Store) lookup(key string) *value {
	v := s.keys[key]
	if v == nil {
		return nil
	}
	if s.expired(v) {
		delete(s.keys, key)
		if s.recording {
			// not propagate: Redis replicates an expiry even when a
			// script turned replication off (db.c propagateDeletion)
			s.effects = append(s.effects, []string{"DEL", key})
		}
		return nil
	}
	return v
}

// lookupType returns key's value if it has type t, nil if the key is
// absent, and wrongType=true if it holds another type.
func (s *Store) lookupType(key string, t valueType) (v *value, wrongType bool) {
	v = s.lookup(key)
	if v != nil && v.typ != t {
		return nil, true
	}
	return v, false
}

// create makes a new value of type t at key (the key must be absent).
func (s *Store) create(key string, t valueType) *value {
	v := &value{typ: t}
	s.keys[key] = v
	return v
}

// removed ends a command that removed n elements of v, the aggregate at
// a[1]: v goes when empty, and the command (name and a's arguments) is
// replicated when it removed any, as HDEL, LREM, LTRIM, ZREM and
// ZREMRANGEBYSCORE are.
func (s *Store) removed(v *value, n int64, name string, a []string) {
	s.deleteIfEmpty(a[1], v)
	if n > 0 && s.recording {
		s.propagate(append([]string{name}, a[1:]...)...)
	}
}

// deleteIfEmpty removes an aggregate that has become empty, as Redis does.
func (s *Store) deleteIfEmpty(key string, v *value) {
	empty := false
	switch v.typ {
	case typeHash:
		empty = len(v.hash) == 0
	case typeList:
		empty = len(v.list) == 0
	case typeZSet:
		empty = len(v.zset) == 0
	}
	if empty {
		delete(s.keys, key)
	}
}

// StartEffects turns on recording of write effects (for replication) and
// discards any recorded so far.
func (s *Store) StartEffects() {
	s.recording = true
	s.effects = s.effects[:0]
}

// TakeEffects returns the write effects recorded since StartEffects or the
// last TakeEffects, in execution order, each a command that replays the
// write on a replica whatever its clock (relative expiries become
// PEXPIREAT), and clears the record.
func (s *Store) TakeEffects() [][]string {
	if len(s.effects) == 0 {
		return nil
	}
	out := s.effects
	s.effects = nil
	s.version++
	return out
}

// StopEffects turns recording off.
func (s *Store) StopEffects() {
	s.recording = false
	s.effects = nil
}

// propagate records a write effect. Callers test s.recording first so the
// hot path builds no argument slice when nothing replicates.
func (s *Store) propagate(args ...string) {
	if s.scriptNoRepl {
		return // redis.set_repl turned replication off for this script
	}
	s.effects = append(s.effects, args)
}

// PeekHashField reads a hash field without touching the store: no lazy
// expiry, no effects. Checks use it as an observer that must not change
// the run; a key whose TTL has passed reads as absent.
func (s *Store) PeekHashField(key, field string) (string, bool) {
	v := s.keys[key]
	if v == nil || v.typ != typeHash || s.expired(v) {
		return "", false
	}
	if j := v.hashIndex(field); j >= 0 {
		return v.hash[j].val, true
	}
	return "", false
}

// PeekZScore is a member's score in a sorted set, without touching the
// store (false when the key or the member is absent).
func (s *Store) PeekZScore(key, member string) (float64, bool) {
	v := s.keys[key]
	if v == nil || v.typ != typeZSet || s.expired(v) {
		return 0, false
	}
	for _, m := range v.zset {
		if m.member == member {
			return m.score, true
		}
	}
	return 0, false
}

// PeekKey describes a key without touching the store (no lazy expiry, no
// effects): its type ("none" when absent or past its TTL), its TTL in ms
// (-1 none), and its members — hash fields, list elements, sorted-set
// members in order, or a string's value.
func (s *Store) PeekKey(key string) (typ string, ttl int64, members []string) {
	return s.PeekKeyReusing(key, nil)
}

// membersAre reports whether PeekKey would list exactly ms for v.
func (v *value) membersAre(ms []string) bool {
	switch v.typ {
	case typeString:
		return len(ms) == 1 && ms[0] == v.str
	case typeHash:
		return slices.EqualFunc(v.hash, ms, func(f hashField, m string) bool { return f.field == m })
	case typeList:
		return slices.Equal(v.list, ms)
	case typeZSet:
		return slices.EqualFunc(v.zset, ms, func(z zmember, m string) bool { return z.member == m })
	}
	return false
}

// PeekKeyReusing is PeekKey returning prev itself, not a copy, when the
// key's members are prev's, in order: an observer that samples after every
// script keeps one slice for as long as the members stay the same, and
// allocates nothing for them.
func (s *Store) PeekKeyReusing(key string, prev []string) (typ string, ttl int64, members []string) {
	return s.PeekKeyAt(key, s.now, prev)
}

// PeekKeyAt is PeekKeyReusing as a command at server time now (Unix ms)
// would find the key, whatever the store's clock last read: an observer
// of a node that has just become master, before any command set it.
func (s *Store) PeekKeyAt(key string, now int64, prev []string) (typ string, ttl int64, members []string) {
	v := s.keys[key]
	if v == nil || v.hasTTL && now > v.expireAt && !s.replica {
		return "none", -2, nil
	}
	ttl = -1
	if v.hasTTL {
		ttl = max(v.expireAt-now, 0)
	}
	if prev != nil && v.membersAre(prev) {
		return v.typ.name(), ttl, prev
	}
	switch v.typ {
	case typeString:
		members = []string{v.str}
	case typeHash:
		for _, f := range v.hash {
			members = append(members, f.field)
		}
	case typeList:
		members = append(members, v.list...)
	case typeZSet:
		for _, m := range v.zset {
			members = append(members, m.member)
		}
	}
	return v.typ.name(), ttl, members
}
