package sim

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// The string commands (t_string.c).

// cmdGet ports getCommand (t_string.c).
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

// cmdGetDel ports getdelCommand (t_string.c): GET, then the key deleted
// when it held a string.
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

// setString stores a string value, with an absolute expiry when hasTTL
// (or the old one when keepTTL), and records the effect as SET, with PXAT
// when the value has a TTL.
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

// cmdSet ports setCommand (t_string.c) and its
// parseExtendedStringArgumentsOrReply.
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

// cmdSetNX ports setnxCommand (t_string.c).
func cmdSetNX(s *Store, a []string) Reply {
	if s.lookup(a[1]) != nil {
		return Int(0)
	}
	s.setString(a[1], a[2], false, false, 0)
	return Int(1)
}

// cmdSetEx ports setexCommand and psetexCommand (t_string.c), which call
// setGenericCommand with EX or PX.
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

// cmdGetSet ports getsetCommand (t_string.c): the old value, then SET
// without a TTL (it replicates as SET).
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

// cmdMSet ports msetGenericCommand (t_string.c) for MSET: every key set,
// its TTL gone.
func cmdMSet(s *Store, a []string) Reply {
	if len(a)%2 == 0 {
		return Err("ERR wrong number of arguments for '" + strings.ToLower(a[0]) + "' command")
	}
	for i := 1; i < len(a); i += 2 {
		s.setString(a[i], a[i+1], false, false, 0)
	}
	return OK
}

// cmdMGet ports mgetCommand (t_string.c): a key of another type reads as
// nil, no error.
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

// cmdStrLen ports strlenCommand (t_string.c).
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

// cmdGetRange ports getrangeCommand (t_string.c): the indexes are parsed
// before the key is looked up.
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

// cmdAppend ports appendCommand (t_string.c): the TTL stays.
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

// cmdIncr ports incrDecrCommand (t_string.c): INCR, DECR, INCRBY and
// DECRBY.
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

// ldText is ld2string's LD_STR_HUMAN into Redis's 5 KiB buffer: a sum too
// long for it prints as nothing (ld2string returns 0).
func ldText(f *big.Float) string {
	t := formatLongDouble(f)
	if len(t)+1 > 5*1024 {
		return ""
	}
	return t
}

// cmdIncrByFloat ports incrbyfloatCommand (t_string.c): the sum in long
// double (longdouble.go), the TTL kept; it replicates as SET key sum
// KEEPTTL.
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
