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
