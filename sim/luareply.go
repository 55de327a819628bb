package sim

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Conversions between replies and Lua values (script_lua.c
// redisProtocolToLuaType, luaReplyToRedisReply).

// replyToLua converts the reply of the command args as redis.call returns it.
// RESP2 (script_lua.c redisProtocolToLuaType): nil → false, status →
// {ok=}, error → {err=}, array → a table. After redis.setresp(3) a script
// sees the RESP3 replies: nil → nil, HGETALL a {map=...}, scores
// {double=...} (ZRANGE, ZREVRANGE, Z[REV]RANGEBYSCORE WITHSCORES and
// ZPOPMIN/ZPOPMAX with a count: {member, {double=score}} pairs).
func (e *Engine) replyToLua(L *lua.LState, args []string, r Reply) lua.LValue {
	if e.resp != 3 {
		return resp2ToLua(L, r)
	}
	name := strings.ToLower(args[0])
	if r.Kind == KindArray {
		switch name {
		case "zrange", "zrevrange", "zrangebyscore", "zrevrangebyscore":
			// t_zset.c zrangeResultEmitCBufferToClient: [member, score]
			// pairs WITHSCORES (a successful reply has no other
			// "withscores" among its arguments)
			for _, a := range args[4:] {
				if strcaseEq(a, "withscores") {
					return resp3Pairs(L, r)
				}
			}
		case "zpopmin", "zpopmax":
			// t_zset.c zpopMinMaxCommand: pairs with a count, else
			// member and score flat
			if len(args) == 3 {
				return resp3Pairs(L, r)
			}
			return resp3Flat(L, r)
		case "zmscore":
			// t_zset.c zmscoreCommand: a double or null per member
			t := L.CreateTable(len(r.Arr), 0)
			for i, e := range r.Arr {
				if e.Kind == KindBulk {
					t.RawSetInt(i+1, resp3Double(L, e.Str))
				}
			}
			return t
		}
	}
	return resp3ToLua(L, name, r)
}

// resp3Flat is ZPOPMIN/ZPOPMAX without a count in RESP3: member, score.
func resp3Flat(L *lua.LState, r Reply) lua.LValue {
	t := L.CreateTable(len(r.Arr), 0)
	for i := 0; i+1 < len(r.Arr); i += 2 {
		t.RawSetInt(i+1, lua.LString(r.Arr[i].Str))
		t.RawSetInt(i+2, resp3Double(L, r.Arr[i+1].Str))
	}
	return t
}

// resp3Pairs is ZRANGE ... WITHSCORES (and ZPOPMIN/ZPOPMAX key count) in
// RESP3: [member, score] pairs.
func resp3Pairs(L *lua.LState, r Reply) lua.LValue {
	t := L.CreateTable(len(r.Arr)/2, 0)
	for i := 0; i+1 < len(r.Arr); i += 2 {
		pair := L.CreateTable(2, 0)
		pair.RawSetInt(1, lua.LString(r.Arr[i].Str))
		pair.RawSetInt(2, resp3Double(L, r.Arr[i+1].Str))
		t.RawSetInt(i/2+1, pair)
	}
	return t
}

// smallInts are the Lua numbers -2 … 255 made once: most integer replies
// a lock script gets (EXISTS, HEXISTS, PEXPIRE, a hold count, PTTL's -2)
// are among them, and boxing a number costs an allocation.
var smallInts = func() (t [258]lua.LValue) {
	for i := range t {
		t[i] = lua.LNumber(i - 2)
	}
	return t
}()

func luaInt(n int64) lua.LValue {
	if n >= -2 && n < 256 {
		return smallInts[n+2]
	}
	return lua.LNumber(n)
}

func resp2ToLua(L *lua.LState, r Reply) lua.LValue {
	switch r.Kind {
	case KindInt:
		return luaInt(r.Int)
	case KindBulk:
		return lua.LString(r.Str)
	case KindStatus:
		t := L.CreateTable(0, 1)
		t.RawSetString("ok", lua.LString(r.Str))
		return t
	case KindError:
		return errorTable(L, "-"+r.Str)
	case KindArray:
		t := L.CreateTable(len(r.Arr), 0)
		for i, e := range r.Arr {
			t.RawSetInt(i+1, resp2ToLua(L, e))
		}
		return t
	}
	return lua.LFalse
}

// resp3Double is redisProtocolToLuaType_Double: {double = the number}.
func resp3Double(L *lua.LState, s string) lua.LValue {
	f, _ := lua.Lua51Strtod(s)
	t := L.CreateTable(0, 1)
	t.RawSetString("double", lua.LNumber(f))
	return t
}

// resp3ToLua converts the RESP2 reply of a command of the store into what
// its RESP3 reply converts to in Lua.
func resp3ToLua(L *lua.LState, name string, r Reply) lua.LValue {
	switch {
	case r.Kind == KindNil:
		return lua.LNil // RESP3 null
	case r.Kind == KindError:
		return resp2ToLua(L, r)
	case name == "hgetall" && r.Kind == KindArray:
		m := L.NewTable()
		for i := 0; i+1 < len(r.Arr); i += 2 {
			m.RawSet(resp3ToLua(L, "", r.Arr[i]), resp3ToLua(L, "", r.Arr[i+1]))
		}
		t := L.CreateTable(0, 1)
		t.RawSetString("map", m)
		return t
	case (name == "zscore" || name == "zincrby" || name == "zadd") && r.Kind == KindBulk:
		return resp3Double(L, r.Str) // ZADD ... INCR answers a score
	case r.Kind == KindArray:
		t := L.CreateTable(len(r.Arr), 0)
		for i, e := range r.Arr {
			if v := resp3ToLua(L, "", e); v != lua.LNil {
				t.RawSetInt(i+1, v)
			}
		}
		return t
	}
	return resp2ToLua(L, r)
}

// replyStackBase is the Lua stack in use when Redis converts a script's
// result (the error handler and the result itself).
const replyStackBase = 2

// replyStackLimit is LUAI_MAXCSTACK, which luaReplyToRedisReply's
// lua_checkstack(lua, 4) checks against.
const replyStackLimit = 8000

// maxReplyElements bounds the reply of one script. Redis has no such
// bound: a table that holds itself twice (t[1] = t, t[2] = t) makes it
// build a reply of 2^7995 elements until memory runs out. The simulation
// stops at a million elements, with an error naming the limit.
const maxReplyElements = 1 << 20

// luaToReply converts a script's return value as Redis 7.0 replies it to
// a RESP2 client (script_lua.c luaReplyToRedisReply). used is the Lua
// stack in use: a table nested so deep that 4 more slots do not fit
// becomes an error in its place.
//
//   - a string is a bulk string, a number an integer (truncated),
//   - true is 1; false is nil, or 0 after redis.setresp(3) (a RESP3
//     boolean, which a RESP2 client receives as an integer); nil is nil,
//   - a table with a string err is an error, with ok a status (C strings;
//     CR and LF become spaces, trailing ones dropped from errors), with a
//     number double a bulk string ("%.17g"), with a string big_number a
//     bulk string, with verbatim_string = {format=, string=} a bulk
//     string, with a table map a flat array of its pairs, with a table set
//     an array of its keys (both in lua_next's order), and any other table
//     an array of its elements up to the first nil.
func (e *Engine) luaToReply(v lua.LValue, used int) Reply {
	if e.replyElements++; e.replyElements > maxReplyElements {
		return Nil // the caller replaces the whole reply with an error
	}
	if used+4 > replyStackLimit {
		return Err("ERR reached lua stack limit")
	}
	switch x := v.(type) {
	case lua.LString:
		return Bulk(string(x))
	case lua.LNumber:
		return Int(luaNumberToInteger(float64(x)))
	case lua.LBool:
		if x {
			return Int(1)
		}
		if e.resp == 3 {
			return Int(0)
		}
		return Nil
	case *lua.LTable:
		if es, ok := x.RawGetString("err").(lua.LString); ok {
			msg := strings.TrimRight("-"+lua.Lua51CString(string(es)), "\r\n")
			return Err(crlfToSpaces(msg[1:]))
		}
		if ok, isStr := x.RawGetString("ok").(lua.LString); isStr {
			return Status(crlfToSpaces(lua.Lua51CString(string(ok))))
		}
		if d, ok := x.RawGetString("double").(lua.LNumber); ok {
			return Bulk(formatLuaArg(float64(d)))
		}
		if bn, ok := x.RawGetString("big_number").(lua.LString); ok {
			return Bulk(crlfToSpaces(string(bn)))
		}
		if vt, ok := x.RawGetString("verbatim_string").(*lua.LTable); ok {
			if _, ok := vt.RawGetString("format").(lua.LString); ok {
				if s, ok := vt.RawGetString("string").(lua.LString); ok {
					return Bulk(string(s))
				}
			}
		}
		if m, ok := x.RawGetString("map").(*lua.LTable); ok {
			keys := e.libs.NextOrder(m)
			arr := make([]Reply, 0, 2*len(keys))
			for _, k := range keys {
				// Stack: table, map, key, value, key copy.
				arr = append(arr, e.luaToReply(k, used+4), e.luaToReply(m.RawGet(k), used+3))
			}
			return Array(arr...)
		}
		if s, ok := x.RawGetString("set").(*lua.LTable); ok {
			keys := e.libs.NextOrder(s)
			arr := make([]Reply, 0, len(keys))
			for _, k := range keys {
				// Stack: table, set, key, key copy.
				arr = append(arr, e.luaToReply(k, used+3))
			}
			return Array(arr...)
		}
		arr := []Reply{}
		for i := 1; ; i++ {
			el := x.RawGetInt(i)
			if el == lua.LNil {
				break
			}
			arr = append(arr, e.luaToReply(el, used+1))
		}
		return Array(arr...)
	}
	return Nil
}

// crlfToSpaces is sdsmapchars(s, "\r\n", "  "), byte by byte.
func crlfToSpaces(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c == '\r' || c == '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}
