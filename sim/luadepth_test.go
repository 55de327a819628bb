package sim

import (
	"strings"
	"testing"
)

// A script nested beyond the compiler's depth is a compile error, not a
// stack overflow of the process; a long but shallower one still runs.
// Blocks nested past Lua's 200 levels are Lua's own error.
func TestSyntaxDepthLimit(t *testing.T) {
	deep := "local a = 1 return a" + strings.Repeat("+a", 2*maxSyntaxDepth)
	if _, err := CompileScript("deep", deep); err == nil || !strings.Contains(err.Error(), "user_script:1: the script nests more than 10000 levels deep") {
		t.Fatalf("deep chain: %v", err)
	}
	blocks := strings.Repeat("do ", 2*maxSyntaxDepth) + strings.Repeat("end ", 2*maxSyntaxDepth)
	if _, err := CompileScript("blocks", blocks); err == nil || !strings.Contains(err.Error(), "user_script:1: chunk has too many syntax levels") {
		t.Fatalf("deep blocks: %v", err)
	}
	long := "local a = 1 return a" + strings.Repeat("+a", maxSyntaxDepth/2)
	sc, err := CompileScript("long", long)
	if err != nil {
		t.Fatal(err)
	}
	if r := NewStore().Eval(sc, nil, nil); !r.Equal(Int(maxSyntaxDepth/2 + 1)) {
		t.Fatalf("long chain: %s", r)
	}
}

// The pattern matcher draws from the instruction budget, so a pattern that
// backtracks exponentially (Redis would hang in its C matcher, where no
// hook runs) ends as a budget error, and one that would recurse past what
// a process stack holds ends as an error too; both within a second.
func TestPatternMatchingIsBounded(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"return string.find(string.rep('a', 5000), string.rep('a?', 5000) .. string.rep('a', 5000))", "instruction budget"},
		{"return string.gsub(string.rep('a', 30), string.rep('a?', 30) .. string.rep('a', 30) .. 'b', '')", "instruction budget"},
		{"return string.match(string.rep('a', 200000), string.rep('a?', 200000))", "pattern too complex"},
		{"local n = 0 for w in string.gmatch(string.rep('ab', 1000), string.rep('a?', 30) .. 'x') do n = n + 1 end return n", ""},
	} {
		sc, err := CompileScript("pattern", c.src)
		if err != nil {
			t.Fatal(err)
		}
		r := NewStore().Eval(sc, nil, nil)
		switch {
		case c.want == "" && r.Kind == KindError:
			t.Errorf("%s: %s", c.src, r)
		case c.want != "" && (r.Kind != KindError || !strings.Contains(r.Str, c.want)):
			t.Errorf("%s: %s, want an error with %q", c.src, r, c.want)
		}
	}
}

// A script stopped by one of the simulation's own limits says so
// (LimitHit, which a world turns into the end of its run); one stopped by
// an error Redis gives too, or a normal one, does not.
func TestLimitHit(t *testing.T) {
	s := NewStore()
	for _, c := range []struct{ src, want string }{
		{"while true do end", "instruction budget"},
		{"return 1", ""},
		{"return string.rep('x', 1e9)", "bytes of strings"},
		{"local function f() f() end f()", ""}, // Lua's stack overflow: Redis's error too
		{"error('boom')", ""},
	} {
		s.EvalSource(c.src, nil, nil)
		if got := s.LimitHit(); c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: LimitHit %q, want %q", c.src, got, c.want)
		}
	}
}
