package sim

import "testing"

// TestSPublish: SPUBLISH, as a command and from a script, reaches no
// SUBSCRIBE subscriber (Redis 7.0 keeps shard channels apart) and returns
// 0, while PUBLISH on the same channel reaches the Publish hook.
func TestSPublish(t *testing.T) {
	s := NewStore()
	var got []string
	s.Publish = func(ch, msg string) int64 { got = append(got, ch+"="+msg); return 1 }

	if r := s.Do("SPUBLISH", "ch", "0"); r.Kind != KindInt || r.Int != 0 {
		t.Errorf("SPUBLISH: %v, want 0", r)
	}
	if r := s.EvalSource("return redis.call('spublish', KEYS[1], ARGV[1])", []string{"ch"}, []string{"0"}); r.Kind != KindInt || r.Int != 0 {
		t.Errorf("spublish from a script: %v, want 0", r)
	}
	if len(got) != 0 {
		t.Errorf("SPUBLISH reached the PUBLISH subscribers: %v", got)
	}
	if r := s.Do("PUBLISH", "ch", "0"); r.Int != 1 || len(got) != 1 {
		t.Errorf("PUBLISH: %v, delivered %v", r, got)
	}
	if r := s.Do("SPUBLISH", "ch"); r.Kind != KindError || r.Str != "ERR wrong number of arguments for 'spublish' command" {
		t.Errorf("SPUBLISH with one argument: %v", r)
	}
}

// TestMoreCommandsReplicate: what the extra write commands record for the
// replicas, run on a replica that had the master's keys, leaves it with
// the master's keys (values and expiries).
func TestMoreCommandsReplicate(t *testing.T) {
	setup := [][]string{
		{"SET", "s", "ab", "PX", "10000"}, {"SET", "t", "1.5", "PX", "20000"}, {"RPUSH", "l", "a", "b", "c", "d"},
		{"ZADD", "z", "1", "a", "2", "b", "3", "c"}, {"HSET", "h", "f", "v"},
	}
	for _, cmd := range [][]string{
		{"GETSET", "s", "new"}, {"APPEND", "s", "cd"}, {"APPEND", "n", "x"}, {"MSET", "s", "1", "u", "2"},
		{"ZREMRANGEBYSCORE", "z", "(1", "2"}, {"ZREMRANGEBYSCORE", "z", "-inf", "+inf"},
		{"LSET", "l", "-1", "z"}, {"LTRIM", "l", "1", "2"}, {"LTRIM", "l", "9", "10"},
		{"RENAME", "s", "t"}, {"RENAME", "h", "h2"},
		{"LINSERT", "l", "BEFORE", "c", "x"}, {"ZPOPMIN", "z", "2"}, {"ZPOPMAX", "z"}, {"COPY", "z", "z2"}, {"COPY", "s", "t", "REPLACE"},
		{"INCRBYFLOAT", "t", "0.5"}, {"INCRBYFLOAT", "n", "1e-3"}, {"HINCRBYFLOAT", "h", "g", "2.25"},
	} {
		master, replica := NewStore(), NewStore()
		for _, st := range []*Store{master, replica} {
			st.SetTime(1000)
			for _, c := range setup {
				st.Do(c...)
			}
		}
		master.StartEffects()
		if r := master.Do(cmd...); r.Kind == KindError {
			t.Fatalf("%q: %s", cmd, r)
		}
		for _, e := range master.TakeEffects() {
			if r := replica.Do(e...); r.Kind == KindError {
				t.Fatalf("%q: the replica refused %q: %s", cmd, e, r)
			}
		}
		if m, r := string(master.AppendCanonical(nil)), string(replica.AppendCanonical(nil)); m != r {
			t.Errorf("%q: the replica has\n%s\nthe master\n%s", cmd, r, m)
		}
	}
}
