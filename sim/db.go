package sim

import "math"

// The keyspace commands (db.c). The lookups they share, and the expiry of
// a key a command touches, are the store's (store.go).

// cmdExists ports existsCommand (db.c): how many of the keys exist,
// a key given twice counted twice.
func cmdExists(s *Store, a []string) Reply {
	var n int64
	for _, k := range a[1:] {
		if s.lookup(k) != nil {
			n++
		}
	}
	return Int(n)
}

// cmdDel ports delGenericCommand (db.c), DEL and UNLINK alike (the store
// frees nothing lazily).
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

// cmdType ports typeCommand (db.c).
func cmdType(s *Store, a []string) Reply {
	v := s.lookup(a[1])
	if v == nil {
		return Status("none")
	}
	return Status(v.typ.name())
}

// cmdDBSize ports dbsizeCommand (db.c).
func cmdDBSize(s *Store, a []string) Reply {
	return Int(int64(len(s.SortedKeys())))
}

// cmdFlushAll ports flushallCommand (db.c).
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

// cmdRename ports renameGenericCommand(c, 0) (db.c): the value and its TTL
// move; the same name is OK when the key exists.
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

// cmdCopy ports copyCommand (db.c) in the store's one database: REPLACE,
// DB 0.
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
