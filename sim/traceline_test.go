package sim

import (
	"bytes"
	"testing"
)

// What the tracer writes, DecodeTraceLine reads back: the time exactly (a
// float would turn 1.001 ms into 1000 µs), the exec fields, the reply, and
// every other field by name; TraceLineTime reads the same time from the
// prefix alone.
func TestTraceLinesReadBack(t *testing.T) {
	var lines [][]byte
	tr := NewTracer(nil)
	tr.Hook = func(b []byte) { lines = append(lines, bytes.Clone(b)) }
	tr.Event(Time(1001), "redis-0", "exec").Str("from", "c1").Int("req", 7).Int("server_ms", 1704067200001).
		Str("script", "3.16.8/RedissonLock.tryLockInnerAsync").Strs("keys", []string{"myLock"}).
		Strs("argv", []string{"30000", "u:1"}).Reply("reply", Int(-2)).End()
	tr.Event(Time(45733999), "c2", "call").Int("thread", 51).Str("call", "lock").Int("lease", -1).End()
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	l, err := DecodeTraceLine(lines[0])
	if err != nil {
		t.Fatal(err)
	}
	if l.At != 1001 || l.Node != "redis-0" || l.Kind != "exec" || l.From != "c1" || l.Req != 7 || l.ServerMs != 1704067200001 ||
		l.Script != "3.16.8/RedissonLock.tryLockInnerAsync" || len(l.Keys) != 1 || len(l.Argv) != 2 || l.Argv[1] != "u:1" ||
		!l.HasReply || l.Reply.Kind != KindInt || l.Reply.Int != -2 {
		t.Fatalf("exec line read back as %+v from %s", l, lines[0])
	}
	c, err := DecodeTraceLine(lines[1])
	if err != nil || c.At != 45733999 || c.Int("thread") != 51 || c.Str("call") != "lock" || c.Int("lease") != -1 || c.HasReply || c.Has("reply") {
		t.Fatalf("call line read back as %+v (%v) from %s", c, err, lines[1])
	}
	for i, b := range lines {
		if at, ok := TraceLineTime(b); !ok || at != []Time{1001, 45733999}[i] {
			t.Errorf("TraceLineTime(%s) = %v, %v", b, at, ok)
		}
	}
	for _, bad := range []string{``, `{}`, `[1]`, `{"node":"c1"}`, `{"t":"x"}`, `{"t":1.5`} {
		if _, err := DecodeTraceLine([]byte(bad)); err == nil {
			t.Errorf("DecodeTraceLine(%q): no error", bad)
		}
		if _, ok := TraceLineTime([]byte(bad)); ok {
			t.Errorf("TraceLineTime(%q) read a time", bad)
		}
	}
}
