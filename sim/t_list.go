package sim

import (
	"strconv"
	"strings"
)

// The list commands (t_list.c).

// cmdPush ports pushGenericCommand (t_list.c) for LPUSH and RPUSH.
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

// cmdPop ports popGenericCommand (t_list.c) for LPOP and RPOP key [count].
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

// cmdLLen ports llenCommand (t_list.c).
func cmdLLen(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeList)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	return Int(int64(len(v.list)))
}

// cmdLIndex ports lindexCommand (t_list.c): the key and its type first,
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

// cmdLSet ports lsetCommand (t_list.c): the key and its type first, then
// the index.
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

// cmdLInsert ports linsertCommand (t_list.c): 0 without the key, -1
// without the pivot, else the new length.
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

// cmdLRange ports lrangeCommand (t_list.c).
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

// cmdLTrim ports ltrimCommand (t_list.c): a missing key is OK; an emptied
// list goes.
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

// cmdLRem ports lremCommand (t_list.c): count > 0 from the head, < 0 from
// the tail, 0 all.
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

// cmdLPos ports lposCommand (t_list.c): RANK (negative from the tail,
// never 0), COUNT (an array of up to that many positions, 0 for all) and
// MAXLEN (how many elements to compare, 0 for all).
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
