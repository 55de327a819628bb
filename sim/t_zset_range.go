package sim

import (
	"math"
	"strings"

	"github.com/yuin/gopher-lua/parse"
)

// The sorted set commands of t_zset.c that take a range: ZRANGE and the
// older commands zrangeGenericCommand serves (ZREVRANGE,
// Z[REV]RANGEBYSCORE, Z[REV]RANGEBYLEX), ZCOUNT, ZLEXCOUNT and
// ZREMRANGEBYSCORE, with the score and lex ranges they parse
// (zslParseRange, zslParseLexRange).

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

// cmdZRange ports zrangeCommand (t_zset.c): ZRANGE key min max
// [BYSCORE|BYLEX] [REV] [LIMIT offset count] [WITHSCORES].
func cmdZRange(s *Store, a []string) Reply { return zrangeGeneric(s, a, zrangeAuto, zrangeDirAuto) }

// cmdZRevRange ports zrevrangeCommand (t_zset.c): zrangeGenericCommand by
// rank, reversed.
func cmdZRevRange(s *Store, a []string) Reply {
	return zrangeGeneric(s, a, zrangeRank, zrangeReverse)
}

// cmdZRangeBy ports zrangebyscoreCommand (rev: zrevrangebyscoreCommand,
// max before min) (t_zset.c): zrangeGenericCommand with BYSCORE and the
// direction fixed.
func cmdZRangeBy(rev bool) func(s *Store, a []string) Reply {
	dir := zrangeForward
	if rev {
		dir = zrangeReverse
	}
	return func(s *Store, a []string) Reply { return zrangeGeneric(s, a, zrangeScore, dir) }
}

// cmdZRangeByLex ports zrangebylexCommand (rev: zrevrangebylexCommand,
// max before min) (t_zset.c): zrangeGenericCommand with BYLEX and the
// direction fixed.
func cmdZRangeByLex(rev bool) func(s *Store, a []string) Reply {
	dir := zrangeForward
	if rev {
		dir = zrangeReverse
	}
	return func(s *Store, a []string) Reply { return zrangeGeneric(s, a, zrangeLex, dir) }
}

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

// cmdZCount ports zcountCommand (t_zset.c): the range is parsed before the
// key is looked up.
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

// cmdZLexCount ports zlexcountCommand (t_zset.c): the range parsed before
// the key is looked up; the members from lexFirst on while they are <=
// max.
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

// cmdZRemRangeByScore ports zremrangeGenericCommand(ZRANGE_SCORE)
// (t_zset.c), ZREMRANGEBYSCORE.
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
