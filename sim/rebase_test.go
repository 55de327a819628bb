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
