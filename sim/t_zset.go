package sim

import (
	"math"
	"sort"
	"strconv"
)

// The sorted set commands (t_zset.c) that add, score, rank, pop and
// remove members; the commands that read or remove a range are in
// t_zset_range.go. A sorted set is its members in (score, member) order,
// as Redis's skiplist orders them, with a member → score index beside
// them (zindex).

// zless is the sorted set's order: by score, then by member.
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

// cmdZAdd ports zaddGenericCommand (t_zset.c), ZADD with its NX, XX, GT,
// LT, CH and INCR options.
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

// cmdZIncrBy ports zincrbyCommand (t_zset.c): ZADD INCR.
func cmdZIncrBy(s *Store, a []string) Reply {
	return cmdZAdd(s, []string{"zadd", a[1], "INCR", a[2], a[3]})
}

// cmdZRem ports zremCommand (t_zset.c).
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

// cmdZScore ports zscoreCommand (t_zset.c).
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

// cmdZMScore ports zmscoreCommand (t_zset.c): a missing key answers nil
// for each member.
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

// cmdZCard ports zcardCommand (t_zset.c).
func cmdZCard(s *Store, a []string) Reply {
	v, wrong := s.lookupType(a[1], typeZSet)
	if wrong {
		return Err(errWrongType)
	}
	if v == nil {
		return Int(0)
	}
	return Int(int64(len(v.zset)))
}

// cmdZRank ports zrankGenericCommand(c, 0) (t_zset.c), ZRANK.
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

// cmdZRevRank ports zrankGenericCommand(c, 1) (t_zset.c), ZREVRANK.
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

// cmdZPop ports genericZpopCommand (t_zset.c) for ZPOPMIN (max: ZPOPMAX)
// key [count]: member, score pairs in one array; it replicates as the ZREM
// of what it took.
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
