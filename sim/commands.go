package sim

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/parse"
)

// command is one entry of the command table. arity follows Redis's
// convention: n > 0 means exactly n arguments (the name included), n < 0
// means at least -n.
type command struct {
	name  string
	arity int
	write bool
	// mayReplicate marks the commands a read-only script may not call
	// although they write nothing (CMD_MAY_REPLICATE: PUBLISH, SPUBLISH).
	mayReplicate bool
	// noScript marks commands Redis refuses inside scripts.
	noScript bool
	fn       func(s *Store, args []string) Reply
}

var commandTable map[string]*command

// upperCommands holds the same commands by their upper-case names, as the
// simple locks' clients send them (no lower-casing on every command).
var upperCommands map[string]*command

func init() {
	cmds := []*command{
		{name: "ping", arity: -1, fn: cmdPing},
		{name: "echo", arity: 2, fn: func(s *Store, a []string) Reply { return Bulk(a[1]) }},
		{name: "time", arity: 1, fn: cmdTime},
		{name: "exists", arity: -2, fn: cmdExists},
		{name: "del", arity: -2, write: true, fn: cmdDel},
		{name: "unlink", arity: -2, write: true, fn: cmdDel},
		{name: "type", arity: 2, fn: cmdType},
		{name: "dbsize", arity: 1, fn: cmdDBSize},
		{name: "flushall", arity: -1, write: true, fn: cmdFlushAll},
		{name: "get", arity: 2, fn: cmdGet},
		{name: "getdel", arity: 2, write: true, fn: cmdGetDel},
		{name: "set", arity: -3, write: true, fn: cmdSet},
		{name: "setnx", arity: 3, write: true, fn: cmdSetNX},
		{name: "setex", arity: 4, write: true, fn: cmdSetEx},
		{name: "psetex", arity: 4, write: true, fn: cmdSetEx},
		{name: "incr", arity: 2, write: true, fn: cmdIncr},
		{name: "decr", arity: 2, write: true, fn: cmdIncr},
		{name: "incrby", arity: 3, write: true, fn: cmdIncr},
		{name: "decrby", arity: 3, write: true, fn: cmdIncr},
		{name: "expire", arity: -3, write: true, fn: cmdExpire},
		{name: "pexpire", arity: -3, write: true, fn: cmdExpire},
		{name: "expireat", arity: -3, write: true, fn: cmdExpire},
		{name: "pexpireat", arity: -3, write: true, fn: cmdExpire},
		{name: "persist", arity: 2, write: true, fn: cmdPersist},
		{name: "ttl", arity: 2, fn: cmdTTL},
		{name: "pttl", arity: 2, fn: cmdTTL},
		{name: "hset", arity: -4, write: true, fn: cmdHSet},
		{name: "hmset", arity: -4, write: true, fn: cmdHSet},
		{name: "hsetnx", arity: 4, write: true, fn: cmdHSetNX},
		{name: "hget", arity: 3, fn: cmdHGet},
		{name: "hgetall", arity: 2, fn: cmdHGetAll},
		{name: "hexists", arity: 3, fn: cmdHExists},
		{name: "hlen", arity: 2, fn: cmdLen(typeHash)},
		{name: "hincrby", arity: 4, write: true, fn: cmdHIncrBy},
		{name: "hdel", arity: -3, write: true, fn: cmdHDel},
		{name: "lindex", arity: 3, fn: cmdLIndex},
		{name: "lpop", arity: -2, write: true, fn: cmdPop},
		{name: "rpop", arity: -2, write: true, fn: cmdPop},
		{name: "rpush", arity: -3, write: true, fn: cmdPush},
		{name: "lpush", arity: -3, write: true, fn: cmdPush},
		{name: "lrange", arity: 4, fn: cmdLRange},
		{name: "llen", arity: 2, fn: cmdLen(typeList)},
		{name: "lrem", arity: 4, write: true, fn: cmdLRem},
		{name: "zadd", arity: -4, write: true, fn: cmdZAdd},
		{name: "zscore", arity: 3, fn: cmdZScore},
		{name: "zrem", arity: -3, write: true, fn: cmdZRem},
		{name: "zrange", arity: -4, fn: cmdZRange},
		{name: "zincrby", arity: 4, write: true, fn: cmdZIncrBy},
		{name: "zcard", arity: 2, fn: cmdLen(typeZSet)},
		{name: "zrank", arity: 3, fn: cmdZRank},
		{name: "publish", arity: 3, mayReplicate: true, fn: cmdPublish},
		{name: "spublish", arity: 3, mayReplicate: true, fn: cmdSPublish},
		// WAIT is answered by the topology, which knows the replicas; a
		// bare store has none.
		{name: "wait", arity: 3, noScript: true, fn: cmdWait},
	}
	cmds = append(cmds, moreCommands...)
	commandTable = make(map[string]*command, len(cmds))
	upperCommands = make(map[string]*command, len(cmds))
	for _, c := range cmds {
		commandTable[c.name] = c
		upperCommands[strings.ToUpper(c.name)] = c
	}
}

// strcaseEq is strcasecmp(arg, lower) == 0 in the "C" locale, as Redis
// matches an option: arg read up to its first NUL byte, only ASCII
// letters folded (strings.EqualFold also folds 'ſ' to 's' and the Kelvin
// sign to 'k'). lower is the option in lower case.
func strcaseEq(arg, lower string) bool {
	if len(arg) < len(lower) || (len(arg) > len(lower) && arg[len(lower)] != 0) {
		return false
	}
	for i := 0; i < len(lower); i++ {
		c := arg[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// lookupCommand finds a command by name, case-insensitively, without
// allocating when the name is all lower case (as scripts write it) or all
// upper case (as the simple locks send it).
func lookupCommand(name string) *command {
	if c := commandTable[name]; c != nil {
		return c
	}
	if c := upperCommands[name]; c != nil {
		return c
	}
	return commandTable[strings.ToLower(name)]
}

// Do runs one command at the store's clock and returns Redis's reply.
func (s *Store) Do(args ...string) Reply {
	if len(args) == 0 {
		return Err("ERR unknown command '', with args beginning with: ")
	}
	c := lookupCommand(args[0])
	if c == nil && redisKnowsCommand(args) {
		// a real Redis would run it: say the store lacks it instead of
		// answering as Redis does for a command it does not know
		return errNotSimulated(args[0])
	}
	if c == nil {
		// Redis 7.0 server.c processCommand.
		var b strings.Builder
		for _, a := range args[1:] {
			if b.Len() >= 128 {
				break
			}
			b.WriteString("'")
			b.WriteString(a)
			b.WriteString("' ")
		}
		return Err("ERR unknown command '" + args[0] + "', with args beginning with: " + b.String())
	}
	if !arityOK(c, len(args)) {
		return Err("ERR wrong number of arguments for '" + c.name + "' command")
	}
	return c.fn(s, args)
}

func arityOK(c *command, n int) bool { return arityFits(c.arity, n) }

// arityFits is Redis's arity rule: exactly arity arguments (the name
// included) when it is positive, at least -arity when it is negative.
func arityFits(arity, n int) bool {
	return (arity > 0 && n == arity) || (arity < 0 && n >= -arity)
}

func cmdPing(s *Store, a []string) Reply {
	switch len(a) {
	case 1:
		return Status("PONG")
	case 2:
		return Bulk(a[1])
	}
	return Err("ERR wrong number of arguments for 'ping' command")
}

func cmdTime(s *Store, a []string) Reply {
	return Array(Bulk(strconv.FormatInt(s.now/1000, 10)), Bulk(strconv.FormatInt((s.now%1000)*1000, 10)))
}

func cmdExists(s *Store, a []string) Reply {
	var n int64
	for _, k := range a[1:] {
		if s.lookup(k) != nil {
			n++
		}
	}
	return Int(n)
}

func cmdDel(s *Store, a []string) Reply {
	var n int64
	for _, k := range a[1:] {
		if s.lookup(k) != nil {
			delete(s.keys, k)
			n++
			if s.recording {
				s.propagate("DEL", k)
			}
		}
	}
	return Int(n)
}

func cmdType(s *Store, a []string) Reply {
	v := s.lookup(a[1])
	if v == nil {
		return Status("none")
	}
	return Status(v.typ.name())
}

func cmdDBSize(s *Store, a []string) Reply {
	return Int(int64(len(s.SortedKeys())))
}

func cmdFlushAll(s *Store, a []string) Reply {
	// db.c getFlushCommandFlags: nothing, or one SYNC or ASYNC.
	if len(a) > 2 || (len(a) == 2 && !strcaseEq(a[1], "sync") && !strcaseEq(a[1], "async")) {
		return Err(errSyntax)
	}
	s.FlushAll()
	if s.recording {
		s.propagate("FLUSHALL")
	}
	return OK
}

// cmdLen is HLEN, LLEN and ZCARD: the size of an aggregate of type t, 0
// for an absent key.
func cmdLen(t valueType) func(s *Store, a []string) Reply {
	return func(s *Store, a []string) Reply {
		v, wrong := s.lookupType(a[1], t)
		if wrong {
			return Err(errWrongType)
		}
		if v == nil {
			return Int(0)
		}
		switch t {
		case typeHash:
			return Int(int64(len(v.hash)))
		case typeList:
			return Int(int64(len(v.list)))
		}
		return Int(int64(len(v.zset)))
	}
}

// --- strings

func cmdGet(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeString)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Nil
	}
	return Bulk(v.str)
}

func cmdGetDel(s *Store, a []string) Reply {
	r := cmdGet(s, a)
	if r.Kind == KindBulk {
		delete(s.keys, a[1])
		if s.recording {
			s.propagate("DEL", a[1])
		}
	}
	return r
}

// setString stores a string value, with an absolute expiry when hasTTL, and
// records the effect as SET plus PEXPIREAT.
func (s *Store) setString(key, val string, keepTTL, hasTTL bool, at int64) {
	old := s.lookup(key)
	v := &value{typ: typeString, str: val}
	if keepTTL && old != nil {
		v.hasTTL, v.expireAt = old.hasTTL, old.expireAt
	}
	if hasTTL {
		v.hasTTL, v.expireAt = true, at
	}
	s.keys[key] = v
	if s.recording {
		if v.hasTTL {
			s.propagate("SET", key, val, "PXAT", strconv.FormatInt(v.expireAt, 10))
		} else {
			s.propagate("SET", key, val)
		}
	}
}

// cmdSet ports Redis 7.0 t_string.c setCommand / parseExtendedStringArgumentsOrReply.
func cmdSet(s *Store, a []string) Reply {
	var nx, xx, get, keepTTL, hasTTL bool
	var unit string
	var expireArg string
	for i := 3; i < len(a); i++ {
		o := a[i]
		switch {
		case strcaseEq(o, "nx") && !xx:
			nx = true
		case strcaseEq(o, "xx") && !nx:
			xx = true
		case strcaseEq(o, "get"):
			get = true
		case strcaseEq(o, "keepttl") && !hasTTL:
			keepTTL = true
		default:
			// t_string.c parseExtendedStringArgumentsOrReply: EX, PX,
			// EXAT or PXAT with a value; the same one again replaces the
			// earlier value, which is never parsed
			u := ""
			switch {
			case strcaseEq(o, "ex"):
				u = "EX"
			case strcaseEq(o, "px"):
				u = "PX"
			case strcaseEq(o, "exat"):
				u = "EXAT"
			case strcaseEq(o, "pxat"):
				u = "PXAT"
			}
			if u == "" || keepTTL || (hasTTL && unit != u) || i+1 >= len(a) {
				return Err(errSyntax)
			}
			hasTTL, unit, expireArg = true, u, a[i+1]
			i++
		}
	}
	var at int64
	if hasTTL {
		n, ok := parseInt(expireArg)
		if !ok {
			return Err(errNotInteger)
		}
		if n <= 0 {
			return Err("ERR invalid expire time in 'set' command")
		}
		var ok2 bool
		at, ok2 = absoluteExpiry(s.now, n, unit)
		if !ok2 {
			return Err("ERR invalid expire time in 'set' command")
		}
	}
	old, wrong := s.lookupType(a[1], typeString)
	if get && wrong {
		return Err(errWrongType)
	}
	exists := s.lookup(a[1]) != nil
	var prev Reply = Nil
	if get && old != nil {
		prev = Bulk(old.str)
	}
	if (nx && exists) || (xx && !exists) {
		if get {
			return prev
		}
		return Nil
	}
	s.setString(a[1], a[2], keepTTL, hasTTL, at)
	if get {
		return prev
	}
	return OK
}

// absoluteExpiry converts an expire argument in unit (EX, PX, EXAT, PXAT) to
// Unix ms, failing on overflow as Redis does.
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

func cmdSetNX(s *Store, a []string) Reply {
	if s.lookup(a[1]) != nil {
		return Int(0)
	}
	s.setString(a[1], a[2], false, false, 0)
	return Int(1)
}

func cmdSetEx(s *Store, a []string) Reply {
	n, ok := parseInt(a[2])
	if !ok {
		return Err(errNotInteger)
	}
	name := strings.ToLower(a[0])
	unit := "EX"
	if name == "psetex" {
		unit = "PX"
	}
	if n <= 0 {
		return Err("ERR invalid expire time in '" + name + "' command")
	}
	at, ok := absoluteExpiry(s.now, n, unit)
	if !ok {
		return Err("ERR invalid expire time in '" + name + "' command")
	}
	s.setString(a[1], a[3], false, true, at)
	return OK
}

// cmdIncr ports t_string.c incrDecrCommand.
func cmdIncr(s *Store, a []string) Reply {
	name := strings.ToLower(a[0])
	var by int64 = 1
	switch name {
	case "decr":
		by = -1
	case "incrby", "decrby":
		n, ok := parseInt(a[2])
		if !ok {
			return Err(errNotInteger)
		}
		by = n
		if name == "decrby" {
			if n == math.MinInt64 {
				return Err("ERR decrement would overflow")
			}
			by = -n
		}
	}
	v, wrong := s.lookupType(a[1], typeString)
	if wrong {
		return Err(errWrongType)
	}
	var cur int64
	if v != nil {
		n, ok := parseInt(v.str)
		if !ok {
			return Err(errNotInteger)
		}
		cur = n
	}
	if (by < 0 && cur < 0 && by < math.MinInt64-cur) || (by > 0 && cur > 0 && by > math.MaxInt64-cur) {
		return Err(errOverflow)
	}
	cur += by
	str := strconv.FormatInt(cur, 10)
	if v == nil {
		v = s.create(a[1], typeString)
	}
	v.str = str
	if s.recording {
		s.propagate("SET", a[1], str, "KEEPTTL")
	}
	return Int(cur)
}

// --- expiry

// cmdExpire ports expire.c expireGenericCommand, with Redis 7.0's NX, XX,
// GT and LT options.
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

// cmdTTL ports expire.c ttlGenericCommand: -2 absent, -1 no TTL; TTL
// rounds milliseconds to the nearest second.
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

// --- hashes

func (h *value) hashIndex(field string) int {
	for i := range h.hash {
		if h.hash[i].field == field {
			return i
		}
	}
	return -1
}

func cmdHSet(s *Store, a []string) Reply {
	if len(a)%2 != 0 {
		return Err("ERR wrong number of arguments for '" + strings.ToLower(a[0]) + "' command")
	}
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		v = s.create(a[1], typeHash)
	}
	var added int64
	for i := 2; i < len(a); i += 2 {
		if j := v.hashIndex(a[i]); j >= 0 {
			v.hash[j].val = a[i+1]
		} else {
			v.hash = append(v.hash, hashField{a[i], a[i+1]})
			added++
		}
	}
	if s.recording {
		s.propagate(append([]string{"HSET"}, a[1:]...)...)
	}
	if strings.EqualFold(a[0], "hmset") {
		return OK
	}
	return Int(added)
}

func cmdHSetNX(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v != nil && v.hashIndex(a[2]) >= 0 {
		return Int(0)
	}
	return cmdHSet(s, []string{"hset", a[1], a[2], a[3]})
}

func cmdHGet(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Nil
	}
	if j := v.hashIndex(a[2]); j >= 0 {
		return Bulk(v.hash[j].val)
	}
	return Nil
}

func cmdHGetAll(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Array()
	}
	out := make([]Reply, 0, 2*len(v.hash))
	for _, f := range v.hash {
		out = append(out, Bulk(f.field), Bulk(f.val))
	}
	return Array(out...)
}

func cmdHExists(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v != nil && v.hashIndex(a[2]) >= 0 {
		return Int(1)
	}
	return Int(0)
}

// cmdHIncrBy ports t_hash.c hincrbyCommand.
func cmdHIncrBy(s *Store, a []string) Reply {
	by, ok := parseInt(a[3])
	if !ok {
		return Err(errNotInteger)
	}
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	var cur int64
	j := -1
	if v != nil {
		if j = v.hashIndex(a[2]); j >= 0 {
			n, ok := parseInt(v.hash[j].val)
			if !ok {
				return Err(errHashNotInt)
			}
			cur = n
		}
	}
	if (by < 0 && cur < 0 && by < math.MinInt64-cur) || (by > 0 && cur > 0 && by > math.MaxInt64-cur) {
		return Err(errOverflow)
	}
	cur += by
	str := strconv.FormatInt(cur, 10)
	if v == nil {
		v = s.create(a[1], typeHash)
	}
	if j >= 0 {
		v.hash[j].val = str
	} else {
		v.hash = append(v.hash, hashField{a[2], str})
	}
	if s.recording {
		s.propagate("HSET", a[1], a[2], str)
	}
	return Int(cur)
}

func cmdHDel(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	var n int64
	for _, f := range a[2:] {
		if j := v.hashIndex(f); j >= 0 {
			v.hash = append(v.hash[:j], v.hash[j+1:]...)
			n++
		}
	}
	s.removed(v, n, "HDEL", a)
	return Int(n)
}

// --- lists

// cmdLIndex ports t_list.c lindexCommand: the key and its type first,
// then the index.
func cmdLIndex(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Nil
	}
	idx, ok := parseInt(a[2])
	if !ok {
		return Err(errNotInteger)
	}
	if i, ok := v.listIndex(idx); ok {
		return Bulk(v.list[i])
	}
	return Nil
}

// listIndex is the position of index idx (negative: from the end), false
// when the list has none.
func (v *value) listIndex(idx int64) (int64, bool) {
	if idx < 0 {
		idx += int64(len(v.list))
	}
	return idx, idx >= 0 && idx < int64(len(v.list))
}

// cmdPop ports t_list.c popGenericCommand (LPOP/RPOP key [count]).
func cmdPop(s *Store, a []string) Reply {
	left := strings.EqualFold(a[0], "lpop")
	if len(a) > 3 { // t_list.c popGenericCommand: addReplyErrorArity
		if left {
			return Err("ERR wrong number of arguments for 'lpop' command")
		}
		return Err("ERR wrong number of arguments for 'rpop' command")
	}
	count, withCount := int64(1), len(a) == 3
	if withCount {
		n, ok := parseInt(a[2])
		if !ok || n < 0 {
			return Err("ERR value is out of range, must be positive")
		}
		count = n
	}
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Nil
	}
	if withCount && count == 0 {
		return Array()
	}
	if count > int64(len(v.list)) {
		count = int64(len(v.list))
	}
	out := make([]Reply, 0, count)
	for i := int64(0); i < count; i++ {
		var e string
		if left {
			e, v.list = v.list[0], v.list[1:]
		} else {
			e, v.list = v.list[len(v.list)-1], v.list[:len(v.list)-1]
		}
		out = append(out, Bulk(e))
	}
	s.deleteIfEmpty(a[1], v)
	if s.recording {
		s.propagate(strings.ToUpper(a[0]), a[1], strconv.FormatInt(count, 10))
	}
	if !withCount {
		return out[0]
	}
	return Array(out...)
}

func cmdPush(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		v = s.create(a[1], typeList)
	}
	if strings.EqualFold(a[0], "rpush") {
		v.list = append(v.list, a[2:]...)
	} else {
		for _, e := range a[2:] {
			v.list = append([]string{e}, v.list...)
		}
	}
	if s.recording {
		s.propagate(append([]string{strings.ToUpper(a[0])}, a[1:]...)...)
	}
	return Int(int64(len(v.list)))
}

// parseIntPair reads two integer arguments (a range's start and stop).
func parseIntPair(x, y string) (int64, int64, bool) {
	a, ok1 := parseInt(x)
	b, ok2 := parseInt(y)
	return a, b, ok1 && ok2
}

// rangeIndices turns Redis's inclusive start/stop (negatives from the end)
// into a half-open slice range over n elements.
func rangeIndices(start, stop, n int64) (int64, int64) {
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	if start < 0 {
		start = 0
	}
	if start > stop || start >= n {
		return 0, 0
	}
	if stop >= n {
		stop = n - 1
	}
	return start, stop + 1
}

func cmdLRange(s *Store, a []string) Reply {
	start, stop, ok := parseIntPair(a[2], a[3])
	if !ok {
		return Err(errNotInteger)
	}
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Array()
	}
	lo, hi := rangeIndices(start, stop, int64(len(v.list)))
	out := make([]Reply, 0, hi-lo)
	for _, e := range v.list[lo:hi] {
		out = append(out, Bulk(e))
	}
	return Array(out...)
}

// cmdLRem ports t_list.c lremCommand: count > 0 from the head, < 0 from the
// tail, 0 all.
func cmdLRem(s *Store, a []string) Reply {
	count, ok := parseInt(a[2])
	if !ok {
		return Err(errNotInteger)
	}
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	var removed int64
	// t_list.c lremCommand: toremove = -toremove, which leaves
	// LONG_MIN negative, so "removed == toremove" never stops it.
	toremove := count
	if toremove < 0 {
		toremove = -toremove
	}
	keep := make([]string, 0, len(v.list))
	if count >= 0 {
		for _, e := range v.list {
			if e == a[3] && (toremove == 0 || removed != toremove) {
				removed++
				continue
			}
			keep = append(keep, e)
		}
	} else {
		for i := len(v.list) - 1; i >= 0; i-- {
			e := v.list[i]
			if e == a[3] && removed != toremove {
				removed++
				continue
			}
			keep = append(keep, e)
		}
		for i, j := 0, len(keep)-1; i < j; i, j = i+1, j-1 {
			keep[i], keep[j] = keep[j], keep[i]
		}
	}
	v.list = keep
	s.removed(v, removed, "LREM", a)
	return Int(removed)
}

// --- sorted sets

func zless(a, b zmember) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return a.member < b.member
}

// zindex finds member's position: its score from the member index, then a
// binary search on (score, member) — Redis keeps a dict beside its skiplist
// for the same reason.
func (v *value) zindex(member string) int {
	score, ok := v.zscores[member]
	if !ok {
		return -1
	}
	m := zmember{member, score}
	i := sort.Search(len(v.zset), func(i int) bool { return !zless(v.zset[i], m) })
	if i < len(v.zset) && v.zset[i].member == member {
		return i
	}
	panic("sim: sorted set index out of step with its members")
}

// zput puts member at score, keeping the order; it reports whether the
// member was new.
func (v *value) zput(member string, score float64) bool {
	isNew := true
	if j := v.zindex(member); j >= 0 {
		if v.zset[j].score == score {
			return false
		}
		v.zset = append(v.zset[:j], v.zset[j+1:]...)
		isNew = false
	}
	m := zmember{member, score}
	i := sort.Search(len(v.zset), func(i int) bool { return zless(m, v.zset[i]) })
	v.zset = append(v.zset, zmember{})
	copy(v.zset[i+1:], v.zset[i:])
	v.zset[i] = m
	if v.zscores == nil {
		v.zscores = map[string]float64{}
	}
	v.zscores[member] = score
	return isNew
}

// zremAt removes the member at position j.
func (v *value) zremAt(j int) {
	delete(v.zscores, v.zset[j].member)
	v.zset = append(v.zset[:j], v.zset[j+1:]...)
}

// cmdZAdd ports t_zset.c zaddGenericCommand.
func cmdZAdd(s *Store, a []string) Reply {
	var nx, xx, gt, lt, ch, incr bool
	i := 2
	for ; i < len(a); i++ { // zaddGenericCommand: strcasecmp
		switch o := a[i]; {
		case strcaseEq(o, "nx"):
			nx = true
		case strcaseEq(o, "xx"):
			xx = true
		case strcaseEq(o, "gt"):
			gt = true
		case strcaseEq(o, "lt"):
			lt = true
		case strcaseEq(o, "ch"):
			ch = true
		case strcaseEq(o, "incr"):
			incr = true
		default:
			goto scores
		}
	}
scores:
	rest := a[i:]
	if len(rest) == 0 || len(rest)%2 != 0 {
		return Err(errSyntax)
	}
	if nx && xx {
		return Err("ERR XX and NX options at the same time are not compatible")
	}
	if (gt && nx) || (lt && nx) || (gt && lt) {
		return Err("ERR GT, LT, and/or NX options at the same time are not compatible")
	}
	if incr && len(rest) > 2 {
		return Err("ERR INCR option supports a single increment-element pair")
	}
	scores := make([]float64, len(rest)/2)
	for j := range scores {
		f, ok := parseFloat(rest[2*j])
		if !ok {
			return Err(errNotFloat)
		}
		scores[j] = f
	}
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		if xx {
			if incr {
				return Nil
			}
			return Int(0)
		}
		v = s.create(a[1], typeZSet)
	}
	var added, changed int64
	var last Reply = Nil
	for j, score := range scores {
		member := rest[2*j+1]
		cur := v.zindex(member)
		if cur >= 0 {
			if nx {
				continue
			}
			old := v.zset[cur].score
			if incr {
				score += old
				if math.IsNaN(score) {
					s.deleteIfEmpty(a[1], v)
					return Err(errNaNScore)
				}
			}
			if (gt && score <= old) || (lt && score >= old) {
				continue
			}
			last = Bulk(formatScore(score))
			if score != old {
				v.zput(member, score)
				changed++
				if s.recording {
					s.propagate("ZADD", a[1], formatScoreExact(score), member)
				}
			}
		} else {
			if xx {
				continue
			}
			v.zput(member, score)
			added++
			last = Bulk(formatScore(score))
			if s.recording {
				s.propagate("ZADD", a[1], formatScoreExact(score), member)
			}
		}
	}
	s.deleteIfEmpty(a[1], v)
	if incr {
		return last
	}
	if ch {
		return Int(added + changed)
	}
	return Int(added)
}

// formatScoreExact renders a score so a replica parses back the same
// double (17 significant digits round-trip).
func formatScoreExact(f float64) string {
	if math.IsInf(f, 0) {
		return formatScore(f)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func cmdZScore(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Nil
	}
	if j := v.zindex(a[2]); j >= 0 {
		return Bulk(formatScore(v.zset[j].score))
	}
	return Nil
}

func cmdZRem(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	var n int64
	for _, m := range a[2:] {
		if j := v.zindex(m); j >= 0 {
			v.zremAt(j)
			n++
		}
	}
	s.removed(v, n, "ZREM", a)
	return Int(n)
}

// cmdZIncrBy ports t_zset.c zincrbyCommand (ZADD INCR).
func cmdZIncrBy(s *Store, a []string) Reply {
	return cmdZAdd(s, []string{"zadd", a[1], "INCR", a[2], a[3]})
}

func cmdZRank(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Nil
	}
	if j := v.zindex(a[2]); j >= 0 {
		return Int(int64(j))
	}
	return Nil
}

// scoreBound is one end of a BYSCORE range.
type scoreBound struct {
	val       float64
	exclusive bool
}

// parseScoreBound is one end of t_zset.c zslParseRange: a bare strtod
// after an optional "(", which only has to end the C string and not be
// NaN: "" is 0, "(" an exclusive 0, leading spaces, hexadecimal floats and
// overflows (±inf) pass.
func parseScoreBound(s string) (scoreBound, bool) {
	b := scoreBound{}
	if len(s) > 0 && s[0] == '(' {
		b.exclusive = true
		s = s[1:]
	}
	f, n := parse.Strtod(s)
	if (n < len(s) && s[n] != 0) || math.IsNaN(f) {
		return b, false
	}
	b.val = f
	return b, true
}

// scoreRange is a BYSCORE range, min and max.
type scoreRange struct{ min, max scoreBound }

// errMinMax is Redis's reply to a range whose ends are not scores.
const errMinMax = "ERR min or max is not a float"

// parseScoreRange reads the ends lo and hi (zslParseRange).
func parseScoreRange(lo, hi string) (scoreRange, bool) {
	min, ok1 := parseScoreBound(lo)
	max, ok2 := parseScoreBound(hi)
	return scoreRange{min, max}, ok1 && ok2
}

// has tells whether f lies in the range.
func (r scoreRange) has(f float64) bool { return r.min.belowOrAt(f) && r.max.aboveOrAt(f) }

func (b scoreBound) belowOrAt(f float64) bool { // f >= min
	if b.exclusive {
		return f > b.val
	}
	return f >= b.val
}

func (b scoreBound) aboveOrAt(f float64) bool { // f <= max
	if b.exclusive {
		return f < b.val
	}
	return f <= b.val
}

// zrangeType and zrangeDir are zrangeGenericCommand's rangetype and
// direction: ZRANGE leaves both to its options, the older commands fix
// them (and then refuse the options that would set them).
type zrangeType int

const (
	zrangeAuto zrangeType = iota
	zrangeRank
	zrangeScore
	zrangeLex
)

type zrangeDir int

const (
	zrangeDirAuto zrangeDir = iota
	zrangeForward
	zrangeReverse
)

// cmdZRange is ZRANGE key min max [BYSCORE|BYLEX] [REV] [LIMIT offset
// count] [WITHSCORES].
func cmdZRange(s *Store, a []string) Reply { return zrangeGeneric(s, a, zrangeAuto, zrangeDirAuto) }

// zrangeGeneric ports t_zset.c zrangeGenericCommand for a client (ZRANGE,
// ZREVRANGE, Z[REV]RANGEBYSCORE, Z[REV]RANGEBYLEX): the options, then the
// range, then the key. The reply is RESP2's flat array; replyToLua pairs
// members with scores for RESP3.
func zrangeGeneric(s *Store, a []string, rangetype zrangeType, direction zrangeDir) Reply {
	var withScores bool
	var offset, limit int64 = 0, -1
	// t_zset.c zrangeGenericCommand: each option once, LIMIT's numbers
	// parsed where they stand; REV, BYSCORE and BYLEX only while still open.
	for j := 4; j < len(a); j++ {
		left := len(a) - j - 1
		switch o := a[j]; {
		case strcaseEq(o, "withscores"):
			withScores = true
		case strcaseEq(o, "limit") && left >= 2:
			off, ok := parseInt(a[j+1])
			if !ok {
				return Err(errNotInteger)
			}
			cnt, ok := parseInt(a[j+2])
			if !ok {
				return Err(errNotInteger)
			}
			offset, limit = off, cnt
			j += 2
		case direction == zrangeDirAuto && strcaseEq(o, "rev"):
			direction = zrangeReverse
		case rangetype == zrangeAuto && strcaseEq(o, "bylex"):
			rangetype = zrangeLex
		case rangetype == zrangeAuto && strcaseEq(o, "byscore"):
			rangetype = zrangeScore
		default:
			return Err(errSyntax)
		}
	}
	if direction == zrangeDirAuto {
		direction = zrangeForward
	}
	if rangetype == zrangeAuto {
		rangetype = zrangeRank
	}
	rev := direction == zrangeReverse
	// t_zset.c zrangeGenericCommand: a LIMIT of count -1 is no limit, so
	// only another count is refused by rank.
	if limit != -1 && rangetype == zrangeRank {
		return Err("ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX")
	}
	if withScores && rangetype == zrangeLex {
		return Err("ERR syntax error, WITHSCORES not supported in combination with BYLEX")
	}
	minArg, maxArg := a[2], a[3]
	if rev && rangetype != zrangeRank {
		minArg, maxArg = maxArg, minArg // the range is given as max, min
	}
	var start, stop int64
	var rng scoreRange
	var lex lexRange
	switch rangetype {
	case zrangeRank:
		var ok bool
		if start, ok = parseInt(minArg); !ok {
			return Err(errNotInteger)
		}
		if stop, ok = parseInt(maxArg); !ok {
			return Err(errNotInteger)
		}
	case zrangeScore:
		var ok bool
		if rng, ok = parseScoreRange(minArg, maxArg); !ok {
			return Err(errMinMax)
		}
	case zrangeLex:
		var ok bool
		if lex, ok = parseLexRange(minArg, maxArg); !ok {
			return Err(errLexRange)
		}
	}
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Array()
	}
	var sel []zmember
	switch rangetype {
	case zrangeRank:
		all := v.zset
		if rev {
			all = append([]zmember(nil), all...)
			reverseZ(all)
		}
		lo, hi := rangeIndices(start, stop, int64(len(all)))
		sel = all[lo:hi]
	case zrangeScore:
		for _, m := range v.zset {
			if rng.has(m.score) {
				sel = append(sel, m)
			}
		}
		if rev {
			reverseZ(sel)
		}
		sel = offsetLimit(sel, offset, limit)
	case zrangeLex:
		sel = v.lexRangeSelect(lex, rev, offset, limit)
	}
	n := len(sel)
	if withScores {
		n *= 2
	}
	out := make([]Reply, 0, n)
	for _, m := range sel {
		out = append(out, Bulk(m.member))
		if withScores {
			out = append(out, Bulk(formatScore(m.score)))
		}
	}
	return Array(out...)
}

// offsetLimit is LIMIT offset count on the members in range: a negative
// offset skips past the end (t_zset.c genericZrangebyscoreCommand's
// "while (ln && offset--)"), a negative count takes all.
func offsetLimit(sel []zmember, offset, limit int64) []zmember {
	if offset < 0 || offset >= int64(len(sel)) {
		return nil
	}
	sel = sel[offset:]
	if limit >= 0 && limit < int64(len(sel)) {
		sel = sel[:limit]
	}
	return sel
}

func reverseZ(z []zmember) {
	for i, j := 0, len(z)-1; i < j; i, j = i+1, j-1 {
		z[i], z[j] = z[j], z[i]
	}
}

func cmdPublish(s *Store, a []string) Reply {
	if s.Publish == nil {
		return Int(0)
	}
	return Int(s.Publish(a[1], a[2]))
}

// cmdSPublish ports pubsub.c spublishCommand for a store that has no
// SSUBSCRIBE: shard channels are apart from SUBSCRIBE's channels (Redis 7.0
// server.pubsubshard_channels), so a SPUBLISH reaches no one and returns 0.
// Redisson 4.x sends it instead of PUBLISH where the cluster shards pub/sub.
func cmdSPublish(s *Store, a []string) Reply { return Int(0) }

func cmdWait(s *Store, a []string) Reply {
	if _, ok := parseInt(a[1]); !ok {
		return Err(errNotInteger)
	}
	if n, ok := parseInt(a[2]); !ok || n < 0 {
		if !ok {
			return Err(errNotInteger)
		}
		return Err("ERR timeout is negative")
	}
	return Int(0)
}
