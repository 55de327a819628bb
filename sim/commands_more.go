package sim

import (
	"math"
	"math/big"
	"strings"
)

// The commands below are not what Redisson's lock scripts send, but what a
// changed lock script, a script of another Redis-based lock or a user
// observing the store readily reaches for. Each ports its Redis 7.0.15
// function (t_hash.c, t_string.c, t_zset.c, t_list.c, db.c) and is held to
// a real Redis by internal/difftest's conformance file.
var moreCommands = []*command{
	{name: "hkeys", arity: 2, fn: cmdHKeysVals(true)},
	{name: "hvals", arity: 2, fn: cmdHKeysVals(false)},
	{name: "hmget", arity: -3, fn: cmdHMGet},
	{name: "hstrlen", arity: 3, fn: cmdHStrLen},
	{name: "mget", arity: -2, fn: cmdMGet},
	{name: "strlen", arity: 2, fn: cmdStrLen},
	{name: "getrange", arity: 4, fn: cmdGetRange},
	{name: "getset", arity: 3, write: true, fn: cmdGetSet},
	{name: "append", arity: 3, write: true, fn: cmdAppend},
	{name: "mset", arity: -3, write: true, fn: cmdMSet},
	{name: "zrevrank", arity: 3, fn: cmdZRevRank},
	{name: "zcount", arity: 4, fn: cmdZCount},
	{name: "zmscore", arity: -3, fn: cmdZMScore},
	{name: "zrangebyscore", arity: -4, fn: cmdZRangeBy(false)},
	{name: "zrevrangebyscore", arity: -4, fn: cmdZRangeBy(true)},
	{name: "zrevrange", arity: -4, fn: cmdZRevRange},
	{name: "zrangebylex", arity: -4, fn: cmdZRangeByLex(false)},
	{name: "zrevrangebylex", arity: -4, fn: cmdZRangeByLex(true)},
	{name: "zlexcount", arity: 4, fn: cmdZLexCount},
	{name: "zremrangebyscore", arity: 4, write: true, fn: cmdZRemRangeByScore},
	{name: "lset", arity: 4, write: true, fn: cmdLSet},
	{name: "ltrim", arity: 4, write: true, fn: cmdLTrim},
	{name: "rename", arity: 3, write: true, fn: cmdRename},
	{name: "expiretime", arity: 2, fn: cmdExpireTime},
	{name: "pexpiretime", arity: 2, fn: cmdExpireTime},
	{name: "linsert", arity: 5, write: true, fn: cmdLInsert},
	{name: "lpos", arity: -3, fn: cmdLPos},
	{name: "zpopmin", arity: -2, write: true, fn: cmdZPop(false)},
	{name: "zpopmax", arity: -2, write: true, fn: cmdZPop(true)},
	{name: "copy", arity: -3, write: true, fn: cmdCopy},
	{name: "incrbyfloat", arity: 3, write: true, fn: cmdIncrByFloat},
	{name: "hincrbyfloat", arity: 4, write: true, fn: cmdHIncrByFloat},
}

// cmdHKeysVals is hkeysCommand or hvalsCommand (genericHgetallCommand).
func cmdHKeysVals(keys bool) func(s *Store, a []string) Reply {
	return func(s *Store, a []string) Reply {
		v, wrong := s.lookupType(a[1], typeHash)
		if wrong {
			return Err(errWrongType)
		}
		if v == nil {
			return Array()
		}
		out := make([]Reply, 0, len(v.hash))
		for _, f := range v.hash {
			if keys {
				out = append(out, Bulk(f.field))
			} else {
				out = append(out, Bulk(f.val))
			}
		}
		return Array(out...)
	}
}

// cmdHMGet is hmgetCommand: a missing key reads as an empty hash.
func cmdHMGet(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	out := make([]Reply, 0, len(a)-2)
	for _, f := range a[2:] {
		if v != nil {
			if j := v.hashIndex(f); j >= 0 {
				out = append(out, Bulk(v.hash[j].val))
				continue
			}
		}
		out = append(out, Nil)
	}
	return Array(out...)
}

func cmdHStrLen(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v != nil {
		if j := v.hashIndex(a[2]); j >= 0 {
			return Int(int64(len(v.hash[j].val)))
		}
	}
	return Int(0)
}

// cmdMGet is mgetCommand: a key of another type reads as nil, no error.
func cmdMGet(s *Store, a []string) Reply {
	out := make([]Reply, 0, len(a)-1)
	for _, k := range a[1:] {
		if v, _ := s.lookupType(k, typeString); v != nil { // nil for another type too
			out = append(out, Bulk(v.str))
		} else {
			out = append(out, Nil)
		}
	}
	return Array(out...)
}

func cmdStrLen(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeString)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	return Int(int64(len(v.str)))
}

// cmdGetRange is getrangeCommand: the indexes are parsed before the key is
// looked up.
func cmdGetRange(s *Store, a []string) Reply {
	start, end, ok := parseIntPair(a[2], a[3])
	if !ok {
		return Err(errNotInteger)
	}
	v, wrong := s.lookupType(a[1], typeString)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Bulk("")
	}
	n := int64(len(v.str))
	if start < 0 && end < 0 && start > end {
		return Bulk("")
	}
	if start < 0 {
		start += n
	}
	if end < 0 {
		end += n
	}
	if start < 0 {
		start = 0
	}
	if end < 0 {
		end = 0
	}
	if end >= n {
		end = n - 1
	}
	if start > end || n == 0 {
		return Bulk("")
	}
	return Bulk(v.str[start : end+1])
}

// cmdGetSet is getsetCommand: the old value, then SET without a TTL (it
// replicates as SET).
func cmdGetSet(s *Store, a []string) Reply {
	old, wrong := s.lookupType(a[1], typeString)
	if wrong {
		return Err(errWrongType)
	}
	prev := Nil
	if old != nil {
		prev = Bulk(old.str)
	}
	s.setString(a[1], a[2], false, false, 0)
	return prev
}

// cmdAppend is appendCommand: the TTL stays.
func cmdAppend(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeString)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		v = s.create(a[1], typeString)
	}
	v.str += a[2]
	if s.recording {
		s.propagate("APPEND", a[1], a[2])
	}
	return Int(int64(len(v.str)))
}

// cmdMSet is msetCommand: every key set, its TTL gone.
func cmdMSet(s *Store, a []string) Reply {
	if len(a)%2 == 0 {
		return Err("ERR wrong number of arguments for '" + strings.ToLower(a[0]) + "' command")
	}
	for i := 1; i < len(a); i += 2 {
		s.setString(a[i], a[i+1], false, false, 0)
	}
	return OK
}

// cmdZRevRank is zrankGenericCommand(c, 1).
func cmdZRevRank(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Nil
	}
	if j := v.zindex(a[2]); j >= 0 {
		return Int(int64(len(v.zset) - 1 - j))
	}
	return Nil
}

// cmdZCount is zcountCommand: the range is parsed before the key is looked
// up.
func cmdZCount(s *Store, a []string) Reply {
	rng, ok := parseScoreRange(a[2], a[3])
	if !ok {
		return Err(errMinMax)
	}
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	var n int64
	if v != nil {
		for _, m := range v.zset {
			if rng.has(m.score) {
				n++
			}
		}
	}
	return Int(n)
}

// cmdZMScore is zmscoreCommand: a missing key answers nil for each member.
func cmdZMScore(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	out := make([]Reply, 0, len(a)-2)
	for _, m := range a[2:] {
		if v != nil {
			if f, ok := v.zscores[m]; ok {
				out = append(out, Bulk(formatScore(f)))
				continue
			}
		}
		out = append(out, Nil)
	}
	return Array(out...)
}

// cmdZRangeBy is ZRANGEBYSCORE (rev: ZREVRANGEBYSCORE, max before min):
// zrangeGenericCommand with BYSCORE and the direction fixed.
func cmdZRangeBy(rev bool) func(s *Store, a []string) Reply {
	dir := zrangeForward
	if rev {
		dir = zrangeReverse
	}
	return func(s *Store, a []string) Reply { return zrangeGeneric(s, a, zrangeScore, dir) }
}

// cmdZRangeByLex is ZRANGEBYLEX (rev: ZREVRANGEBYLEX, max before min):
// zrangeGenericCommand with BYLEX and the direction fixed.
func cmdZRangeByLex(rev bool) func(s *Store, a []string) Reply {
	dir := zrangeForward
	if rev {
		dir = zrangeReverse
	}
	return func(s *Store, a []string) Reply { return zrangeGeneric(s, a, zrangeLex, dir) }
}

// cmdZRevRange is zrangeGenericCommand by rank, reversed.
func cmdZRevRange(s *Store, a []string) Reply {
	return zrangeGeneric(s, a, zrangeRank, zrangeReverse)
}

// errLexRange is Redis's reply to a BYLEX range whose ends are not "-",
// "+" or a string after "(" or "[".
const errLexRange = "ERR min or max not valid string range item"

// lexBound is one end of a BYLEX range (t_zset.c zslParseLexRangeItem):
// inf -1 is "-" (shared.minstring), +1 is "+" (shared.maxstring), 0 the
// string s, exclusive after "(".
type lexBound struct {
	inf       int
	s         string
	exclusive bool
}

// lexRange is a BYLEX range, min and max.
type lexRange struct{ min, max lexBound }

// parseLexBound ports t_zset.c zslParseLexRangeItem: "-" and "+" alone
// (up to the end of the C string), or "(" or "[" and any bytes.
func parseLexBound(s string) (lexBound, bool) {
	if s == "" {
		return lexBound{}, false
	}
	switch s[0] {
	case '+', '-':
		if len(s) > 1 && s[1] != 0 {
			return lexBound{}, false
		}
		if s[0] == '+' {
			return lexBound{inf: 1, exclusive: true}, true
		}
		return lexBound{inf: -1, exclusive: true}, true
	case '(':
		return lexBound{s: s[1:], exclusive: true}, true
	case '[':
		return lexBound{s: s[1:]}, true
	}
	return lexBound{}, false
}

// parseLexRange is t_zset.c zslParseLexRange.
func parseLexRange(lo, hi string) (lexRange, bool) {
	min, ok := parseLexBound(lo)
	if !ok {
		return lexRange{}, false
	}
	max, ok := parseLexBound(hi)
	return lexRange{min, max}, ok
}

// cmpLex is t_zset.c sdscmplex: "-" below and "+" above every string
// (and each equal to itself), strings by sdscmp.
func cmpLex(a, b lexBound) int {
	switch {
	case a.inf != 0 && a.inf == b.inf:
		return 0
	case a.inf == -1 || b.inf == 1:
		return -1
	case a.inf == 1 || b.inf == -1:
		return 1
	}
	return strings.Compare(a.s, b.s)
}

// gteMin and lteMax are t_zset.c zslLexValueGteMin and zslLexValueLteMax.
func (r lexRange) gteMin(member string) bool {
	c := cmpLex(lexBound{s: member}, r.min)
	return c > 0 || (c == 0 && !r.min.exclusive)
}

func (r lexRange) lteMax(member string) bool {
	c := cmpLex(lexBound{s: member}, r.max)
	return c < 0 || (c == 0 && !r.max.exclusive)
}

// lexFirst is where a BYLEX walk starts, -1 for none (t_zset.c
// zzlFirstInLexRange, zzlLastInLexRange, after zzlIsInLexRange): the
// first member from the head that is >= min, if it is <= max (rev: the
// first from the tail <= max, if >= min). The walk over the members in
// their (score, member) order is the listpack's; with a skiplist and equal
// scores, as BYLEX wants them, it finds the same member.
func (v *value) lexFirst(r lexRange, rev bool) int {
	if c := cmpLex(r.min, r.max); c > 0 || (c == 0 && (r.min.exclusive || r.max.exclusive)) {
		return -1
	}
	n := len(v.zset)
	if n == 0 || !r.gteMin(v.zset[n-1].member) || !r.lteMax(v.zset[0].member) {
		return -1
	}
	if rev {
		for i := n - 1; i >= 0; i-- {
			if r.lteMax(v.zset[i].member) {
				if r.gteMin(v.zset[i].member) {
					return i
				}
				return -1
			}
		}
		return -1
	}
	for i := 0; i < n; i++ {
		if r.gteMin(v.zset[i].member) {
			if r.lteMax(v.zset[i].member) {
				return i
			}
			return -1
		}
	}
	return -1
}

// lexRangeSelect is t_zset.c genericZrangebylexCommand: from lexFirst,
// offset members skipped unchecked, then up to limit (negative: all)
// while they stay in range.
func (v *value) lexRangeSelect(r lexRange, rev bool, offset, limit int64) []zmember {
	i := v.lexFirst(r, rev)
	if i < 0 || offset < 0 || offset >= int64(len(v.zset)) {
		return nil
	}
	step := 1
	if rev {
		step = -1
	}
	i += step * int(offset)
	var sel []zmember
	for ; i >= 0 && i < len(v.zset) && limit != 0; i += step {
		m := v.zset[i]
		if (rev && !r.gteMin(m.member)) || (!rev && !r.lteMax(m.member)) {
			break
		}
		sel = append(sel, m)
		limit--
	}
	return sel
}

// cmdZLexCount is zlexcountCommand: the range parsed before the key is
// looked up; the members from lexFirst on while they are <= max.
func cmdZLexCount(s *Store, a []string) Reply {
	r, ok := parseLexRange(a[2], a[3])
	if !ok {
		return Err(errLexRange)
	}
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	var n int64
	if i := v.lexFirst(r, false); i >= 0 {
		for ; i < len(v.zset) && r.lteMax(v.zset[i].member); i++ {
			n++
		}
	}
	return Int(n)
}

// cmdZRemRangeByScore is zremrangeGenericCommand(ZRANGE_SCORE).
func cmdZRemRangeByScore(s *Store, a []string) Reply {
	rng, ok := parseScoreRange(a[2], a[3])
	if !ok {
		return Err(errMinMax)
	}
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	var n int64
	for j := 0; j < len(v.zset); {
		if rng.has(v.zset[j].score) {
			v.zremAt(j)
			n++
			continue
		}
		j++
	}
	s.removed(v, n, "ZREMRANGEBYSCORE", a)
	return Int(n)
}

// cmdLSet is t_list.c lsetCommand: the key and its type first, then the
// index.
func cmdLSet(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Err("ERR no such key")
	}
	idx, ok := parseInt(a[2])
	if !ok {
		return Err(errNotInteger)
	}
	i, ok := v.listIndex(idx)
	if !ok {
		return Err("ERR index out of range")
	}
	v.list[i] = a[3]
	if s.recording {
		s.propagate("LSET", a[1], a[2], a[3])
	}
	return OK
}

// cmdLTrim is ltrimCommand: a missing key is OK; an emptied list goes.
func cmdLTrim(s *Store, a []string) Reply {
	start, stop, ok := parseIntPair(a[2], a[3])
	if !ok {
		return Err(errNotInteger)
	}
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return OK
	}
	n := int64(len(v.list))
	lo, hi := rangeIndices(start, stop, n)
	removed := n - (hi - lo)
	v.list = append([]string(nil), v.list[lo:hi]...)
	s.removed(v, int64(removed), "LTRIM", a)
	return OK
}

// cmdRename is renameGenericCommand(c, 0): the value and its TTL move;
// the same name is OK when the key exists.
func cmdRename(s *Store, a []string) Reply {
	v := s.lookup(a[1])
	if v == nil {
		return Err("ERR no such key")
	}
	if a[1] == a[2] {
		return OK
	}
	s.lookup(a[2]) // an expired destination goes first, as lookupKeyWrite does
	delete(s.keys, a[1])
	s.keys[a[2]] = v
	if s.recording {
		s.propagate("RENAME", a[1], a[2])
	}
	return OK
}

// cmdExpireTime is expiretimeGenericCommand: -2 without the key, -1
// without a TTL, else the expiry in Unix ms or, for EXPIRETIME, seconds
// rounded to the nearest ((ms+500)/1000).
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

// cmdLInsert is linsertCommand: 0 without the key, -1 without the pivot,
// else the new length.
func cmdLInsert(s *Store, a []string) Reply {
	after := strings.EqualFold(a[2], "after")
	if !after && !strings.EqualFold(a[2], "before") {
		return Err(errSyntax)
	}
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	for i, e := range v.list {
		if e != a[3] {
			continue
		}
		if after {
			i++
		}
		v.list = append(v.list[:i], append([]string{a[4]}, v.list[i:]...)...)
		if s.recording {
			s.propagate("LINSERT", a[1], a[2], a[3], a[4])
		}
		return Int(int64(len(v.list)))
	}
	return Int(-1)
}

// positiveArg is getPositiveLongFromObjectOrReply with its message: a
// non-negative integer, or the error msg, which Redis gives for a value
// that is no integer as well.
func positiveArg(arg, msg string) (int64, Reply, bool) {
	n, ok := parseInt(arg)
	if !ok || n < 0 {
		return 0, Err("ERR " + msg), false
	}
	return n, Reply{}, true
}

// cmdLPos is lposCommand: RANK (negative from the tail, never 0), COUNT
// (an array of up to that many positions, 0 for all) and MAXLEN (how many
// elements to compare, 0 for all).
func cmdLPos(s *Store, a []string) Reply {
	rank, count, maxlen := int64(1), int64(-1), int64(0)
	for j := 3; j < len(a); j++ {
		more := j+1 < len(a)
		switch opt := strings.ToUpper(a[j]); {
		case opt == "RANK" && more:
			j++
			n, ok := parseInt(a[j])
			if !ok {
				return Err(errNotInteger)
			}
			if n == 0 {
				return Err("ERR RANK can't be zero: use 1 to start from the first match, 2 from the second ... or use negative to start from the end of the list")
			}
			rank = n
		case opt == "COUNT" && more:
			j++
			n, r, ok := positiveArg(a[j], "COUNT can't be negative")
			if !ok {
				return r
			}
			count = n
		case opt == "MAXLEN" && more:
			j++
			n, r, ok := positiveArg(a[j], "MAXLEN can't be negative")
			if !ok {
				return r
			}
			maxlen = n
		default:
			return Err(errSyntax)
		}
	}
	fromTail := rank < 0
	if fromTail {
		rank = -rank
	}
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		if count != -1 {
			return Array()
		}
		return Nil
	}
	n := int64(len(v.list))
	var found []Reply
	var matches int64
	for index := int64(0); index < n && (maxlen == 0 || index < maxlen); index++ {
		pos := index
		if fromTail {
			pos = n - index - 1
		}
		if v.list[pos] != a[2] {
			continue
		}
		if matches++; matches < rank {
			continue
		}
		found = append(found, Int(pos))
		if count == -1 || count != 0 && matches-rank+1 >= count {
			break
		}
	}
	if count != -1 {
		return Array(found...)
	}
	if len(found) == 0 {
		return Nil
	}
	return found[0]
}

// cmdZPop is ZPOPMIN (max: ZPOPMAX) key [count]: member, score pairs in one
// array (genericZpopCommand); it replicates as the ZREM of what it took.
func cmdZPop(max bool) func(s *Store, a []string) Reply {
	return func(s *Store, a []string) Reply {
		if len(a) > 3 {
			return Err(errSyntax)
		}
		count := int64(1)
		if len(a) == 3 {
			n, r, ok := positiveArg(a[2], "value is out of range, must be positive")
			if !ok {
				return r
			}
			count = n
		}
		// t_zset.c genericZpopCommand: the type, then the missing key,
		// then a count of 0.
		v, wrong := s.lookupType(a[1], typeZSet)
		if wrong {
			return Err(errWrongType)
		}
		if v == nil || count == 0 {
			return Array()
		}
		var out []Reply
		removed := []string{"ZREM", a[1]}
		for ; count > 0 && len(v.zset) > 0; count-- {
			j := 0
			if max {
				j = len(v.zset) - 1
			}
			m := v.zset[j]
			out = append(out, Bulk(m.member), Bulk(formatScore(m.score)))
			removed = append(removed, m.member)
			v.zremAt(j)
		}
		s.deleteIfEmpty(a[1], v)
		if s.recording {
			s.propagate(removed...)
		}
		return Array(out...)
	}
}

// cmdCopy is copyCommand in the store's one database: REPLACE, DB 0.
func cmdCopy(s *Store, a []string) Reply {
	replace, otherDB := false, false
	for j := 3; j < len(a); j++ {
		switch {
		case strcaseEq(a[j], "replace"):
			replace = true
		case strcaseEq(a[j], "db") && j+1 < len(a):
			j++
			// db.c copyCommand: getIntFromObjectOrReply, then selectDb
			// (16 databases)
			n, ok := parseInt(a[j])
			if !ok {
				return Err(errNotInteger)
			}
			if n < math.MinInt32 || n > math.MaxInt32 {
				return Err("ERR value is out of range, value must between -2147483648 and 2147483647")
			}
			if n < 0 || n >= 16 {
				return Err("ERR DB index is out of range")
			}
			otherDB = n != 0
		default:
			return Err(errSyntax)
		}
	}
	if !otherDB && a[1] == a[2] {
		return Err("ERR source and destination objects are the same")
	}
	v := s.lookup(a[1])
	if v == nil {
		return Int(0)
	}
	if otherDB {
		return Err("ERR command 'copy' to another database is not simulated (the store has one)")
	}
	if s.lookup(a[2]) != nil && !replace {
		return Int(0)
	}
	s.keys[a[2]] = v.clone()
	if s.recording {
		s.propagate("COPY", a[1], a[2], "REPLACE")
	}
	return Int(1)
}

// ldText is ld2string's LD_STR_HUMAN into Redis's 5 KiB buffer: a sum too
// long for it prints as nothing (ld2string returns 0).
func ldText(f *big.Float) string {
	t := formatLongDouble(f)
	if len(t)+1 > 5*1024 {
		return ""
	}
	return t
}

// cmdIncrByFloat is incrbyfloatCommand: the sum in long double
// (longdouble.go), the TTL kept; it replicates as SET key sum KEEPTTL.
func cmdIncrByFloat(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeString)
	if wrong {
		return Err(errWrongType)
	}
	value := new(big.Float)
	if v != nil {
		var ok bool
		if value, ok = parseLongDouble(v.str); !ok {
			return Err(errNotFloat)
		}
	}
	incr, ok := parseLongDouble(a[2])
	if !ok {
		return Err(errNotFloat)
	}
	sum, ok := addLongDouble(value, incr)
	if !ok {
		return Err("ERR increment would produce NaN or Infinity")
	}
	t := ldText(sum)
	s.setString(a[1], t, true, false, 0)
	return Bulk(t)
}

// cmdHIncrByFloat is hincrbyfloatCommand: the increment checked first, the
// hash made before its field is read; it replicates as HSET.
func cmdHIncrByFloat(s *Store, a []string) Reply {
	incr, ok := parseLongDouble(a[3])
	if !ok {
		return Err(errNotFloat)
	}
	if incr.IsInf() {
		return Err("ERR value is NaN or Infinity")
	}
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		v = s.create(a[1], typeHash)
	}
	value := new(big.Float)
	j := v.hashIndex(a[2])
	if j >= 0 {
		if value, ok = parseLongDouble(v.hash[j].val); !ok {
			s.deleteIfEmpty(a[1], v)
			return Err("ERR hash value is not a float")
		}
	}
	sum, ok := addLongDouble(value, incr)
	if !ok {
		s.deleteIfEmpty(a[1], v)
		return Err("ERR increment would produce NaN or Infinity")
	}
	t := ldText(sum)
	if j >= 0 {
		v.hash[j].val = t
	} else {
		v.hash = append(v.hash, hashField{a[2], t})
	}
	if s.recording {
		s.propagate("HSET", a[1], a[2], t)
	}
	return Bulk(t)
}
