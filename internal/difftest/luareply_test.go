package difftest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/internal/realredis"
	"github.com/locksim/locksim/sim"
)

// luaReplyFile holds what a real Redis 7.0 replied to luaReplyProbes;
// `simrun conform` (TestConformShippedCases) holds the simulated store to
// it, TestLuaRepliesMatchRealRedis holds the file to a real Redis.
var luaReplyFile = filepath.Join("..", "..", "testdata", "conformance", "lua-replies-visible.jsonl")

// luaReplyProbes are script results that Redis 7.0 converts in a way of its
// own (script_lua.c luaReplyToRedisReply): tables that hold themselves,
// nesting at the Lua stack's limit, the RESP3-shaped tables a RESP2 client
// still gets, C strings, and values with no reply type.
var luaReplyProbes = []struct{ name, src string }{
	{"self/array", "local t = {} t[1] = t return t"},
	{"self/after-an-element", "local t = {} t[1] = 1 t[2] = t return t"},
	{"self/through-a-map", "local t = {} t.map = {a = t} return t"},
	{"self/through-a-set-key", "local t = {} t.set = {} t.set[t] = true return t"},
	{"self/field-only", "local t = {} t.x = t return t"},
	{"self/err-field", "local t = {} t[1] = t t.err = 'boom' return t"},
	{"depth/7994", nested(7994)},
	{"depth/7995", nested(7995)},
	{"double/fraction", "return {double = 0.1}"},
	{"double/whole", "return {double = 3}"},
	{"double/large", "return {double = 1e30}"},
	{"double/2^63", "return {double = 2^63}"},
	{"double/inf", "return {double = 1/0}"},
	{"double/-inf", "return {double = -1/0}"},
	{"double/nan", "return {double = 0/0}"},
	{"double/not-a-number", "return {double = 'x'}"},
	{"big_number/string", "return {big_number = '123'}"},
	{"big_number/crlf", "return {big_number = '1\\r\\n2'}"},
	{"big_number/number", "return {big_number = 5}"},
	{"verbatim/whole", "return {verbatim_string = {format = 'txt', string = 'a\\r\\nb'}}"},
	{"verbatim/no-string", "return {verbatim_string = {format = 'txt'}}"},
	{"map/one-key", "return {map = {a = {1, 2}}}"},
	{"map/number-key", "return {map = {[1] = 2}}"},
	{"map/empty", "return {map = {}}"},
	{"map/not-a-table", "return {map = 5}"},
	{"set/one-key", "return {set = {a = true}}"},
	{"precedence/err-over-ok", "return {err = 'x', ok = 'y'}"},
	{"precedence/ok-over-double", "return {ok = 'y', double = 1}"},
	{"precedence/map-over-array", "return {1, map = {a = 1}}"},
	{"err/trailing-crlf", "return {err = 'boom\\r\\n'}"},
	{"err/leading-crlf", "return {err = '\\r\\nx'}"},
	{"err/nul", "return {err = 'a\\0b'}"},
	{"err/not-a-string", "return {err = 3}"},
	{"ok/trailing-crlf", "return {ok = 'x\\r\\n'}"},
	{"ok/nul", "return {ok = 'a\\0b'}"},
	{"values/function", "return function() end"},
	{"values/function-in-array", "local t = {} t[1] = function() end t[2] = 2 return t"},
	{"values/mixed", "return {1.9, -1.9, true, false}"},
	{"values/array-ends-at-nil", "return {1, nil, 3}"},
	// lua_checkstack's bound (LUAI_MAXCSTACK) on what a C function pushes
	{"cstack/unpack-7997", "return #({unpack({}, 1, 7997)})"},
	{"cstack/unpack-7998", "return unpack({}, 1, 7998)"},
	{"cstack/unpack-1e8", "return unpack({}, 1, 1e8)"},
	{"cstack/unpack-numeric-strings", "return {unpack({1, 2, 3}, '2', 2^32 + 3)}"},
	{"cstack/byte-7997", "return select('#', string.byte(string.rep('x', 7997), 1, -1))"},
	{"cstack/byte-7998", "return string.byte(string.rep('x', 7998), 1, -1)"},
}

// nested is a script returning n arrays nested in one another.
func nested(n int) string {
	return fmt.Sprintf("local t = {} local c = t for i = 1, %d do local n = {} c[1] = n c = n end return t", n)
}

// TestLuaRepliesMatchRealRedis runs every probe on a real Redis 7.0 and
// requires the reply the conformance file records. With
// LOCKSIM_RECORD_LUA_REPLIES=1 it writes the file from the real replies
// instead.
func TestLuaRepliesMatchRealRedis(t *testing.T) {
	srv := realredis.Start(t)
	conn, err := DialRESP(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.Timeout = 30 * time.Second
	var steps []conformance.Step
	var replies []sim.Reply
	for i, p := range luaReplyProbes {
		r, err := conn.Do("EVAL", p.src, "0")
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		steps = append(steps, conformance.Step{Line: 2 * i, Case: "lua-reply/" + p.name},
			conformance.Step{Line: 2*i + 1, T: realredis.DefaultStartMs, Eval: p.src, Keys: []string{}, Argv: []string{}})
		replies = append(replies, r)
	}
	var b bytes.Buffer
	if err := conformance.Emit(&b, steps, replies); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("LOCKSIM_RECORD_LUA_REPLIES") == "1" {
		if err := os.WriteFile(luaReplyFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", luaReplyFile)
		return
	}
	want, err := os.ReadFile(luaReplyFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		got := strings.Split(b.String(), "\n")
		for i, l := range strings.Split(string(want), "\n") {
			if i >= len(got) || got[i] != l {
				t.Fatalf("%s:%d: the real Redis replies differently now:\n  file: %.300s\n  real: %.300s", luaReplyFile, i+1, l, got[min(i, len(got)-1)])
			}
		}
		t.Fatalf("%s: the real Redis gave more lines than the file", luaReplyFile)
	}
}

// The simulated store gives every recorded reply (the same check `simrun
// conform` makes, here with the probe's name on a mismatch).
func TestLuaRepliesMatchFile(t *testing.T) {
	res, err := CheckFile(luaReplyFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Mismatches {
		t.Errorf("%.600s", m.String())
	}
	if res.Steps != len(luaReplyProbes) {
		t.Fatalf("%d steps in %s, %d probes", res.Steps, luaReplyFile, len(luaReplyProbes))
	}
}

// A table holding itself twice makes Redis build an exponential reply
// until it runs out of memory; the simulated store stops at its limit, at
// once, with an error.
func TestLuaReplyLimit(t *testing.T) {
	s := sim.NewStore()
	r := s.EvalSource("local t = {} t[1] = t t[2] = t return t", nil, nil)
	if !r.IsError() || !strings.Contains(r.Str, "more than 1048576 elements") {
		t.Fatalf("reply %.200s", r.String())
	}
	// A runaway loop ends with the instruction budget's error, a runaway
	// string with the string budget's, and the store runs scripts after.
	r = s.EvalSource("while true do end", nil, nil)
	if !r.IsError() || !strings.Contains(r.Str, "exceeded the instruction budget") {
		t.Fatalf("loop: %s", r.String())
	}
	for _, src := range []string{`return string.rep("x", 1e11)`, `local s = "x" for i = 1, 40 do s = s .. s end return #s`, `return pcall(string.rep, "x", 1e11)`} {
		if r := s.EvalSource(src, nil, nil); !r.IsError() || !strings.Contains(r.Str, "bytes of strings") {
			t.Fatalf("%s: %s", src, r.String())
		}
	}
	if r := s.EvalSource(`return #string.rep("x", 1000)`, nil, nil); !r.Equal(sim.Int(1000)) {
		t.Fatalf("after the budget: %s", r.String())
	}
}
