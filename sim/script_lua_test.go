package sim

import (
	"strings"
	"testing"
)

// TestSetReplStopsReplication: after redis.set_repl(redis.REPL_NONE) a
// script's writes are not recorded for the replicas (Redis 7.0
// scriptSetRepl), but a key that expired under it still replicates its DEL
// (db.c propagateDeletion ignores the script's flags); the next script
// replicates again.
func TestSetReplStopsReplication(t *testing.T) {
	s := NewStore()
	s.SetTime(1000)
	s.Do("SET", "old", "v", "PX", "10")
	s.SetTime(2000)
	s.StartEffects()
	r := s.EvalSource("redis.set_repl(redis.REPL_NONE) redis.call('get', 'old') redis.call('set', 'a', '1') return 1", nil, nil)
	if r.Kind != KindInt {
		t.Fatalf("script: %s", r)
	}
	got := s.TakeEffects()
	if len(got) != 1 || got[0][0] != "DEL" || got[0][1] != "old" {
		t.Errorf("effects with REPL_NONE: %q, want only the expiry's DEL old", got)
	}
	s.EvalSource("redis.call('set', 'b', '1') redis.set_repl(redis.REPL_AOF) redis.call('set', 'c', '1') redis.set_repl(redis.REPL_ALL) return redis.call('set', 'd', '1')", nil, nil)
	var keys []string
	for _, e := range s.TakeEffects() {
		keys = append(keys, e[1])
	}
	if len(keys) != 2 || keys[0] != "b" || keys[1] != "d" {
		t.Errorf("replicated writes %q, want b and d (c ran with REPL_AOF only)", keys)
	}
}

// TestKeysAndArgvAreFreshPerScript: Redis gives every script new KEYS and
// ARGV tables (luaCreateArray); the engine refills the same two, so what
// one script does to them — more elements, other fields, a metatable —
// must not reach the next.
func TestKeysAndArgvAreFreshPerScript(t *testing.T) {
	s := NewStore()
	r := s.EvalSource("KEYS[3] = 'x'; KEYS.f = 1; ARGV[5] = 'y'; setmetatable(ARGV, {__index = function() return 'meta' end}); return #KEYS", []string{"a", "b"}, []string{"1"})
	if r.Kind != KindInt || r.Int != 3 {
		t.Fatalf("first script: %s, want 3", r)
	}
	r = s.EvalSource("return {#KEYS, #ARGV, tostring(KEYS.f), tostring(ARGV[9]), tostring(getmetatable(ARGV)), KEYS[1]}", []string{"k"}, nil)
	if got := r.String(); got != `[1,0,"nil","nil","nil","k"]` {
		t.Fatalf("second script sees %s, want fresh tables", got)
	}
}

// TestUnsimulatedCommands: a command Redis 7.0 refuses in scripts gets
// Redis's refusal even when the store does not implement it (after the
// arity check, as scriptCall orders them); one Redis would run says it is
// not simulated instead of claiming Redis does not know it; an unknown one
// is unknown.
func TestUnsimulatedCommands(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"return redis.call('subscribe', 'ch')", "ERR This Redis command is not allowed from script"},
		{"return redis.call('client', 'list')", "ERR This Redis command is not allowed from script"},
		{"return redis.call('client')", "ERR Wrong number of args calling Redis command from script"},
		{"return redis.call('client', 'nosuch')", "ERR Unknown Redis command called from script"},
		{"return redis.call('sadd', 's', 'a')", "ERR command 'sadd' is not simulated"},
		{"return redis.call('nosuchcommand')", "ERR Unknown Redis command called from script"},
	} {
		r := NewStore().EvalSource(c.src, nil, nil)
		if r.Kind != KindError || !strings.HasPrefix(r.Str, c.want) {
			t.Errorf("%s: %s, want %q...", c.src, r, c.want)
		}
	}
	if r := NewStore().Do("SADD", "s", "a"); r.Kind != KindError || !strings.HasPrefix(r.Str, "ERR command 'sadd' is not simulated") {
		t.Errorf("SADD from a client: %s", r)
	}
	if r := NewStore().Do("NOSUCH", "h"); r.Kind != KindError || !strings.HasPrefix(r.Str, "ERR unknown command 'NOSUCH'") {
		t.Errorf("an unknown command from a client: %s", r)
	}
}

// TestLibraryTablesAreDeterministic: a script that walks a library's
// table sees the same order in every engine (the libraries are built in
// Lua 5.1's order, never in Go's random map order), and one that prints a
// table sees the same address on every run.
func TestLibraryTablesAreDeterministic(t *testing.T) {
	src := "local t = {} for _, lib in ipairs({string, table, math, coroutine, redis, cjson, bit, struct, cmsgpack, _G, getmetatable('')}) do for k in pairs(lib) do t[#t+1] = k end end return t"
	first := NewStore().EvalSource(src, nil, nil).String()
	for i := 0; i < 8; i++ {
		if got := NewStore().EvalSource(src, nil, nil).String(); got != first {
			t.Fatalf("engine %d walks the libraries as\n%s\nthe first as\n%s", i, got, first)
		}
	}
	// tostring's addresses are made up in the order a script asks for them
	addrs := "local t = {} return {tostring(t), tostring({}), tostring(t), tostring(string.len)}"
	s := NewStore()
	want := `["table: 0x55d0c0a3e000","table: 0x55d0c0a3e040","table: 0x55d0c0a3e000","function: 0x55d0c0a3e080"]`
	for i := 0; i < 3; i++ {
		if got := s.EvalSource(addrs, nil, nil).String(); got != want {
			t.Fatalf("script %d: %s, want %s", i, got, want)
		}
	}
}
