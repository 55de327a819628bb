package sim

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// The hash commands (t_hash.c). A hash keeps its fields in the order
// they were added, which is the order a small hash's listpack gives
// HGETALL, HKEYS and HVALS.

// hashIndex is field's position among the hash's fields, -1 when it has
// none.
func (h *value) hashIndex(field string) int {
	for i := range h.hash {
		if h.hash[i].field == field {
			return i
		}
	}
	return -1
}

// cmdHSet ports hsetCommand (t_hash.c), HSET and HMSET alike but for the
// reply.
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

// cmdHSetNX ports hsetnxCommand (t_hash.c).
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

// cmdHGet ports hgetCommand (t_hash.c).
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

// cmdHMGet ports hmgetCommand (t_hash.c): a missing key reads as an empty
// hash.
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

// cmdHGetAll ports hgetallCommand (t_hash.c): genericHgetallCommand with
// both fields and values.
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

// cmdHKeysVals ports hkeysCommand (keys) or hvalsCommand (t_hash.c):
// genericHgetallCommand with the fields or the values.
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

// cmdHExists ports hexistsCommand (t_hash.c).
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

// cmdHStrLen ports hstrlenCommand (t_hash.c).
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

// cmdHLen ports hlenCommand (t_hash.c).
func cmdHLen(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeHash)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	return Int(int64(len(v.hash)))
}

// cmdHIncrBy ports hincrbyCommand (t_hash.c).
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

// cmdHIncrByFloat ports hincrbyfloatCommand (t_hash.c): the increment
// checked first, the hash made before its field is read; it replicates as
// HSET.
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

// cmdHDel ports hdelCommand (t_hash.c).
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
