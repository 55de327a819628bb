package sim

import "slices"

// Rebase returns a copy of the store as it is d ms later, expressed on the
// same clock reading: every expiry time, and every score of the sorted sets
// stamped says hold Unix-ms timestamps, moves back by d, and keys whose TTL
// has then passed are gone (as Redis's lazy expiry would remove them on
// their next access). Scripts that only compare timestamps with each other
// and with the currentTime they are passed (as Redisson's lock scripts do)
// cannot tell the copy from the original run d ms later, which lets an
// exhaustive search treat states that differ only by a shift in time as one.
// A stamped score that would fall below floor is raised to floor: a
// search bounds how far in the past a timestamp can be told apart.
func (s *Store) Rebase(d int64, stamped func(key string) bool, floor float64) *Store {
	return s.rebase(d, stamped, floor, false)
}

// RebaseKeepingExpired is Rebase for a master with replicas: a key whose
// TTL has passed stays, expired but not yet deleted, until a command
// touches it or the background expiry deletes it (expire.go). Either
// deletes it and replicates the DEL (db.c expireIfNeeded →
// deleteExpiredKeyAndPropagate), an entry a WAIT then waits for; Rebase
// would lose it. No command can tell how long ago an expired key
// expired, but the background expiry comes within ExpireCyclePeriod of
// it: an expiry further back than that reads as one millisecond further
// back, so that the copies stay finitely many.
func (s *Store) RebaseKeepingExpired(d int64, stamped func(key string) bool, floor float64) *Store {
	return s.rebase(d, stamped, floor, true)
}

func (s *Store) rebase(d int64, stamped func(key string) bool, floor float64, keepExpired bool) *Store {
	c := &Store{now: s.now, keys: make(map[string]*value, len(s.keys)), eng: s.eng, libs: s.libs.Clone()}
	for k, v := range s.keys {
		if s.expired(v) && !keepExpired {
			continue
		}
		nv := v.clone()
		if nv.hasTTL {
			nv.expireAt -= d
			if c.now > nv.expireAt {
				if !keepExpired {
					continue
				}
				nv.expireAt = max(nv.expireAt, c.now-ExpireCyclePeriod.Ms()-1)
			}
		}
		if nv.typ == typeZSet && stamped != nil && stamped(k) {
			for i := range nv.zset {
				nv.zset[i].score = max(nv.zset[i].score-float64(d), floor)
				nv.zscores[nv.zset[i].member] = nv.zset[i].score
			}
			// Members raised to the floor now tie: Redis orders ties by member.
			sortZSet(nv.zset)
		}
		c.keys[k] = nv
	}
	return c
}

// TimePoints returns, in key order, the times (Unix ms) at which the
// store changes on its own or a script's comparison can flip: each live
// key's expiry time, and every score of the sorted sets stamped says hold
// timestamps.
func (s *Store) TimePoints(stamped func(key string) bool) (expiries, stamps []int64) {
	for _, k := range s.SortedKeys() {
		v := s.keys[k]
		if v.hasTTL && !s.expired(v) {
			expiries = append(expiries, v.expireAt)
		}
		if v.typ == typeZSet && stamped != nil && stamped(k) {
			for _, m := range v.zset {
				stamps = append(stamps, int64(m.score))
			}
		}
	}
	return expiries, stamps
}

// Rename returns a copy of the store with every name in it passed through
// f: key names, string values, hash fields, list elements and sorted-set
// members (hash values and scores are numbers, and stay). Hashes and
// lists keep their order; sorted sets are sorted again, as Redis orders
// ties by member. When f is a bijection that the scripts cannot tell
// apart from the names it replaces (as the owner names of interchangeable
// threads are to Redisson's scripts), the copy is the store the renamed
// execution would have made: a search uses this to treat states that
// differ only by which thread is which as one.
func (s *Store) Rename(f func(string) string) *Store {
	c := &Store{now: s.now, keys: make(map[string]*value, len(s.keys)), eng: s.eng, libs: s.libs.Clone()}
	for k, v := range s.keys {
		nv := v.clone()
		switch nv.typ {
		case typeString:
			nv.str = f(nv.str)
		case typeHash:
			for i := range nv.hash {
				nv.hash[i].field = f(nv.hash[i].field)
			}
		case typeList:
			for i := range nv.list {
				nv.list[i] = f(nv.list[i])
			}
		case typeZSet:
			clear(nv.zscores)
			for i := range nv.zset {
				nv.zset[i].member = f(nv.zset[i].member)
				nv.zscores[nv.zset[i].member] = nv.zset[i].score
			}
			sortZSet(nv.zset)
		}
		c.keys[f(k)] = nv
	}
	return c
}

// sortZSet puts a sorted set's members back in Redis's order (score, then
// member) after their scores or names changed.
func sortZSet(z []zmember) {
	slices.SortFunc(z, func(a, b zmember) int {
		if zless(a, b) {
			return -1
		}
		if zless(b, a) {
			return 1
		}
		return 0
	})
}
