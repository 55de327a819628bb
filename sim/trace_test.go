package sim

import (
	"bytes"
	"testing"
)

// A tracer made with Untraced builds nothing — no bytes, no hash, no hook —
// but still counts the events; the same events on an ordinary tracer give
// JSON lines.
func TestUntracedBuildsNothing(t *testing.T) {
	var buf bytes.Buffer
	full, off := NewTracer(&buf), NewTracer(Untraced)
	empty := NewTracer(nil).Sum()
	hooked := 0
	off.Hook = func([]byte) { hooked++ }
	for _, tr := range []*Tracer{full, off} {
		tr.Event(1500, "c1", "call").Str("op", "lock").Int("n", 2).Bool("ok", true).Strs("keys", []string{"a"}).Reply("reply", Int(1)).Dur("d", 2500).End()
		tr.Event(2000, "redis-0", "end").End()
		if err := tr.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if full.Lines() != 2 || off.Lines() != 2 {
		t.Fatalf("lines %d and %d", full.Lines(), off.Lines())
	}
	if off.Sum() != empty || hooked != 0 {
		t.Fatalf("the untraced tracer hashed or hooked: %x, %d", off.Sum(), hooked)
	}
	want := `{"t":1.500,"node":"c1","kind":"call","op":"lock","n":2,"ok":true,"keys":["a"],"reply":1,"d":2.500}` + "\n" + `{"t":2.000,"node":"redis-0","kind":"end"}` + "\n"
	if buf.String() != want || full.Sum() == empty {
		t.Fatalf("full trace:\n%s", buf.String())
	}
}
