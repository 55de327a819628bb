package sim

import "testing"

// A restart is a new process: the keys are gone and math.random starts
// over from rand.c's initial state, where SCRIPT FLUSH would have let it
// go on.
func TestRestartStartsMathRandomOver(t *testing.T) {
	s := NewStore()
	draw := func() Reply { return s.EvalSource("return math.random(1000)", nil, nil) }
	first, second := draw(), draw()
	if !first.Equal(Int(397)) || !second.Equal(Int(841)) {
		t.Fatalf("a fresh server draws %s, %s; want 397, 841", first, second)
	}
	s.ResetScripts()
	if r := draw(); !r.Equal(Int(354)) {
		t.Fatalf("after SCRIPT FLUSH: %s, want the sequence to go on (354)", r)
	}
	s.Do("SET", "k", "v")
	s.Restart()
	if r := draw(); !r.Equal(Int(397)) || s.Len() != 0 {
		t.Fatalf("after a restart: %s with %d keys, want 397 and none", r, s.Len())
	}
}
