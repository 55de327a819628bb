package sim

import "testing"

func TestRebase(t *testing.T) {
	s := NewStore()
	s.SetTime(1000)
	s.Do("SET", "short", "x", "PX", "100")
	s.Do("SET", "long", "x", "PX", "5000")
	s.Do("SET", "forever", "x")
	s.Do("ZADD", "stamps", "900", "b", "1500", "a", "2000", "c")
	s.Do("ZADD", "plain", "7", "m")
	stamped := func(k string) bool { return k == "stamps" }

	r := s.Rebase(200, stamped, 0)
	if got := r.Do("EXISTS", "short"); got.Int != 0 {
		t.Errorf("a key whose TTL passed survived the rebase")
	}
	if got := r.Do("PTTL", "long"); got.Int != 4800 {
		t.Errorf("PTTL long after 200 ms = %d, want 4800", got.Int)
	}
	if got := r.Do("ZSCORE", "stamps", "a"); got.Str != "1300" {
		t.Errorf("stamped score moved to %s, want 1300", got.Str)
	}
	if got := r.Do("ZSCORE", "plain", "m"); got.Str != "7" {
		t.Errorf("a sorted set that is not stamped moved: %s", got.Str)
	}
	if got := s.Do("PTTL", "short"); got.Int != 100 {
		t.Errorf("the original changed: PTTL short = %d", got.Int)
	}

	// Raising scores to the floor makes ties, ordered by member as Redis does.
	f := s.Rebase(1000, stamped, 600)
	got := f.Do("ZRANGE", "stamps", "0", "-1", "WITHSCORES")
	if want := Array(Bulk("a"), Bulk("600"), Bulk("b"), Bulk("600"), Bulk("c"), Bulk("1000")); !got.Equal(want) {
		t.Errorf("after the floor: %s, want %s", got, want)
	}
	if got := f.Do("ZREM", "stamps", "b"); got.Int != 1 {
		t.Errorf("ZREM after rebase: %s", got)
	}

	exp, st := s.TimePoints(stamped)
	if len(exp) != 2 || exp[0] != 6000 || exp[1] != 1100 {
		t.Errorf("expiries %v, want [6000 1100] (key order: long, short)", exp)
	}
	if len(st) != 3 || st[0] != 900 {
		t.Errorf("stamps %v", st)
	}
}

func TestRename(t *testing.T) {
	s := NewStore()
	s.SetTime(1000)
	s.Do("HSET", "lock", "A:1", "2")
	s.Do("PEXPIRE", "lock", "500")
	s.Do("RPUSH", "queue", "A:2", "B:1")
	s.Do("ZADD", "timeouts", "7", "A:2", "7", "B:1")
	s.Do("SET", "A:2", "A:1")
	swap := map[string]string{"A:1": "A:2", "A:2": "A:1"}
	f := func(x string) string {
		if y, ok := swap[x]; ok {
			return y
		}
		return x
	}
	r := s.Rename(f)
	for _, c := range []struct {
		cmd  []string
		want Reply
	}{
		{[]string{"HGET", "lock", "A:2"}, Bulk("2")},
		{[]string{"PTTL", "lock"}, Int(500)},
		{[]string{"LRANGE", "queue", "0", "-1"}, Array(Bulk("A:1"), Bulk("B:1"))},
		// a tie is ordered by member again: A:1 now comes first
		{[]string{"ZRANGE", "timeouts", "0", "-1"}, Array(Bulk("A:1"), Bulk("B:1"))},
		{[]string{"ZSCORE", "timeouts", "A:1"}, Bulk("7")},
		{[]string{"GET", "A:1"}, Bulk("A:2")},
		{[]string{"EXISTS", "A:2"}, Int(0)},
	} {
		if got := r.Do(c.cmd...); !got.Equal(c.want) {
			t.Errorf("%v after the rename: %s, want %s", c.cmd, got, c.want)
		}
	}
	if back := r.Rename(f); string(back.AppendCanonical(nil)) != string(s.AppendCanonical(nil)) {
		t.Error("renaming twice by a swap does not give the store back")
	}
	if got := s.Do("HGET", "lock", "A:1"); !got.Equal(Bulk("2")) {
		t.Errorf("the original changed: %s", got)
	}
}

// TestRebaseKeepingExpired: with replicas a key whose TTL passed stays,
// expired, until a command touches it or the background expiry deletes
// it, which deletes it and records the DEL for the replicas; two such
// stores are one state whatever the TTL once was, as long as it passed
// more than a cron period ago (the background expiry's deadline tells
// the others apart), and differ from the store without the key.
func TestRebaseKeepingExpired(t *testing.T) {
	s := NewStore()
	s.SetTime(1000)
	s.Do("SET", "short", "x", "PX", "100")
	s.Do("SET", "shorter", "x", "PX", "50")
	r := s.RebaseKeepingExpired(300, nil, 0)
	if got := r.Len(); got != 2 {
		t.Fatalf("%d keys after the rebase, want both expired keys kept", got)
	}
	if r.Hash() != NewStore().Hash() {
		t.Errorf("the live keyspace is not empty")
	}
	again := s.RebaseKeepingExpired(900, nil, 0)
	if string(r.AppendCanonicalWithExpired(nil)) != string(again.AppendCanonicalWithExpired(nil)) {
		t.Errorf("keys expired for 200 ms and for 800 ms encode differently")
	}
	if a, b := s.RebaseKeepingExpired(150, nil, 0), s.RebaseKeepingExpired(160, nil, 0); string(a.AppendCanonicalWithExpired(nil)) == string(b.AppendCanonicalWithExpired(nil)) {
		t.Errorf("keys expired for 50 ms and for 60 ms encode alike")
	}
	if at, ok := r.OldestExpired(); !ok || at != r.Now()-ExpireCyclePeriod.Ms()-1 {
		t.Errorf("OldestExpired %d %v, want a cron period and 1 ms before now", at, ok)
	}
	if string(r.AppendCanonicalWithExpired(nil)) == string(NewStore().AppendCanonicalWithExpired(nil)) {
		t.Errorf("an expired key left no trace in the encoding")
	}
	r.StartEffects()
	if got := r.Do("EXISTS", "short"); got.Int != 0 {
		t.Fatalf("EXISTS of an expired key = %d", got.Int)
	}
	fx := r.TakeEffects()
	if len(fx) != 1 || fx[0][0] != "DEL" || fx[0][1] != "short" {
		t.Errorf("touching the expired key replicated %q, want DEL short", fx)
	}
	if got := s.Rebase(200, nil, 0).Len(); got != 0 {
		t.Errorf("Rebase kept %d expired keys, want none", got)
	}
}

// TestPeekKeyReusing: the previous slice comes back while the members
// are the same, in order; a copy when they are not.
func TestPeekKeyReusing(t *testing.T) {
	s := NewStore()
	s.Do("RPUSH", "q", "a", "b")
	s.Do("HSET", "h", "f", "1")
	_, _, q := s.PeekKey("q")
	if _, _, again := s.PeekKeyReusing("q", q); &again[0] != &q[0] {
		t.Errorf("an unchanged list came back as a copy")
	}
	s.Do("RPUSH", "q", "c")
	if _, _, grown := s.PeekKeyReusing("q", q); len(grown) != 3 || &grown[0] == &q[0] {
		t.Errorf("a grown list came back as %v (the old slice: %t)", grown, &grown[0] == &q[0])
	}
	if _, _, other := s.PeekKeyReusing("h", []string{"g"}); len(other) != 1 || other[0] != "f" {
		t.Errorf("hash fields %v, want [f]", other)
	}
	if typ, ttl, none := s.PeekKeyReusing("missing", q); typ != "none" || ttl != -2 || none != nil {
		t.Errorf("a missing key: %s %d %v", typ, ttl, none)
	}
}
