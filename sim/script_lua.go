package sim

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The Lua side of scripting (script_lua.c): the redis table scripts see
// (luaRegisterRedisAPI, with eval.c scriptingInit) and Redis's own pcall,
// then the conversions between replies and Lua values
// (redisProtocolToLuaType, luaReplyToRedisReply).

// Replication flags of redis.set_repl (server.h PROPAGATE_*).
const (
	propagateAOF  = 1
	propagateRepl = 2
)

// redisTable builds the redis table with its fields set in Redis's order,
// which is the order lua_next visits them in.
func (e *Engine) redisTable() *lua.LTable {
	L := e.L
	t := L.NewTable()
	set := func(name string, v lua.LValue) { t.RawSetString(name, v) }
	fn := func(name string, f lua.LGFunction) { set(name, L.NewFunction(f)) }
	fn("call", e.redisCall)
	fn("pcall", e.redisPCall)
	fn("log", redisLog)
	for i, lvl := range []string{"LOG_DEBUG", "LOG_VERBOSE", "LOG_NOTICE", "LOG_WARNING"} {
		set(lvl, lua.LNumber(i))
	}
	set("REDIS_VERSION_NUM", lua.LNumber(0x07000f))
	set("REDIS_VERSION", lua.LString("7.0.15"))
	fn("setresp", e.redisSetResp)
	fn("sha1hex", redisSHA1Hex)
	fn("error_reply", redisErrorReply)
	fn("status_reply", redisStatusReply)
	fn("set_repl", e.redisSetRepl)
	set("REPL_NONE", lua.LNumber(0))
	set("REPL_AOF", lua.LNumber(propagateAOF))
	set("REPL_SLAVE", lua.LNumber(propagateRepl))
	set("REPL_REPLICA", lua.LNumber(propagateRepl))
	set("REPL_ALL", lua.LNumber(propagateAOF|propagateRepl))
	fn("acl_check_cmd", e.redisACLCheckCmd)
	// eval.c scriptingInit: no debugging session runs, so breakpoint is
	// false and debug does nothing; replicate_commands is deprecated.
	fn("breakpoint", func(L *lua.LState) int { L.Push(lua.LFalse); return 1 })
	fn("debug", func(*lua.LState) int { return 0 })
	fn("replicate_commands", func(L *lua.LState) int { L.Push(lua.LTrue); return 1 })
	return t
}

// errorTable is luaPushErrorBuff: the Lua form of an error reply, a table
// {err = "<CODE> <message>"}. A text "-CODE message" gives its code (the
// word after the '-'), any other text the code ERR; the message loses its
// leading and trailing CR and LF. C strings: the text ends at a NUL.
func errorTable(L *lua.LState, text string) *lua.LTable {
	text = lua.Lua51CString(text)
	code, msg := "ERR", text
	if strings.HasPrefix(text, "-") {
		if i := strings.IndexByte(text, ' '); i >= 0 {
			code, msg = text[1:i], text[i+1:]
		} else {
			msg = text[1:]
		}
	}
	msg = strings.Trim(msg, "\r\n")
	t := L.CreateTable(0, 1)
	t.RawSetString("err", lua.LString(code+" "+msg))
	return t
}

// raiseErrorTable raises errorTable(text), as luaPushError + luaError do:
// the error is a table, which Redis's pcall turns into its err text.
func raiseErrorTable(L *lua.LState, text string) {
	L.Error(errorTable(L, text), 0)
}

// commandError is the table redis.call raises and redis.pcall returns for
// a failed command: the error table plus ignore_error_stats_update.
func commandError(L *lua.LState, text string) *lua.LTable {
	t := errorTable(L, text)
	t.RawSetString("ignore_error_stats_update", lua.LTrue)
	return t
}

// redisCall implements redis.call: a command's error is raised.
func (e *Engine) redisCall(L *lua.LState) int {
	args, r := e.callFromScript(L)
	if r.Kind == KindError {
		L.Error(commandError(L, "-"+r.Str), 0)
		return 0
	}
	L.Push(e.replyToLua(L, args, r))
	return 1
}

// redisPCall implements redis.pcall: a command's error is returned.
func (e *Engine) redisPCall(L *lua.LState) int {
	args, r := e.callFromScript(L)
	if r.Kind == KindError {
		L.Push(commandError(L, "-"+r.Str))
		return 1
	}
	L.Push(e.replyToLua(L, args, r))
	return 1
}

// errLuaArgs and the others are the texts Redis 7.0's luaArgsToRedisArgv
// and scriptCall give a command they refuse (error replies carry them with
// a leading '-' code, these get ERR).
const (
	errNoArgs      = "Please specify at least one argument for this redis lib call"
	errLuaArgs     = "Lua redis lib command arguments must be strings or integers"
	errUnknownCmd  = "Unknown Redis command called from script"
	errScriptArity = "Wrong number of args calling Redis command from script"
	errNoScript    = "This Redis command is not allowed from script"
)

// scriptArgs converts the Lua arguments of a redis.* command function
// (luaArgsToRedisArgv): strings as they are, numbers with "%.17g"; the
// error is the text to report, "" when none.
func (e *Engine) scriptArgs(L *lua.LState) ([]string, string) {
	n := L.GetTop()
	if n == 0 {
		return nil, errNoArgs
	}
	args := e.argsBuf[:0]
	for i := 1; i <= n; i++ {
		switch v := L.Get(i).(type) {
		case lua.LString:
			args = append(args, string(v))
		case lua.LNumber:
			args = append(args, formatLuaArg(float64(v)))
		default:
			e.argsBuf = args
			return nil, errLuaArgs
		}
	}
	e.argsBuf = args
	return args, ""
}

// callFromScript runs the command with the checks Redis 7.0's scriptCall
// makes, and returns its arguments and reply.
func (e *Engine) callFromScript(L *lua.LState) ([]string, Reply) {
	args, bad := e.scriptArgs(L)
	if bad != "" {
		return nil, Err("ERR " + bad)
	}
	c := e.command(args[0])
	if c == nil {
		if redisKnowsCommand(args) {
			return args, unsimulatedCommand(args)
		}
		return args, Err("ERR " + errUnknownCmd)
	}
	if !arityOK(c, len(args)) {
		return args, Err("ERR " + errScriptArity)
	}
	if c.noScript {
		return args, Err("ERR " + errNoScript)
	}
	if (c.write || c.mayReplicate) && e.readOnly { // script.c scriptVerifyWriteCommandAllow
		return args, Err("ERR Write commands are not allowed from read-only scripts.")
	}
	if !e.noRepl {
		return args, c.fn(e.cur, args)
	}
	s := e.cur
	s.scriptNoRepl = true
	r := c.fn(s, args)
	s.scriptNoRepl = false
	if c.write {
		s.version++ // a write with no effect to hand out (Store.Version)
	}
	return args, r
}

// redisACLCheckCmd implements redis.acl_check_cmd: the default user may
// run any command, so it is true for a command Redis knows and an error
// for one it does not (lookupCommand: a command with subcommands needs a
// known subcommand when one is given).
func (e *Engine) redisACLCheckCmd(L *lua.LState) int {
	args, bad := e.scriptArgs(L)
	if bad != "" {
		raiseErrorTable(L, bad)
	}
	if !redisKnowsCommand(args) {
		raiseErrorTable(L, "Invalid command passed to redis.acl_check_cmd()")
	}
	L.Push(lua.LTrue)
	return 1
}

// redisSHA1Hex implements redis.sha1hex: the SHA1 of the argument as
// lua_tolstring gives it (a number's "%.14g" text; anything else is NULL,
// hashed as the empty string).
func redisSHA1Hex(L *lua.LState) int {
	if L.GetTop() != 1 {
		raiseErrorTable(L, "wrong number of arguments")
	}
	var s string
	switch v := L.Get(1).(type) {
	case lua.LString:
		s = string(v)
	case lua.LNumber:
		s = v.String()
	}
	sum := sha1.Sum([]byte(s))
	L.Push(lua.LString(hex.EncodeToString(sum[:])))
	return 1
}

// singleStringArg is the check of error_reply and status_reply: exactly
// one argument, a string (not a number). On failure they return, not
// raise, an error table.
func singleStringArg(L *lua.LState) (string, bool) {
	if L.GetTop() != 1 || L.Get(1).Type() != lua.LTString {
		L.Push(errorTable(L, "wrong number or type of arguments"))
		return "", false
	}
	return string(L.Get(1).(lua.LString)), true
}

// redisErrorReply implements redis.error_reply: the text with a '-' added
// when it has none, through luaPushErrorBuff (so "" and "-" become "ERR ",
// "x" becomes "ERR x", "-CODE msg" keeps its code).
func redisErrorReply(L *lua.LState) int {
	s, ok := singleStringArg(L)
	if !ok {
		return 1
	}
	if !strings.HasPrefix(s, "-") {
		s = "-" + lua.Lua51CString(s)
	}
	L.Push(errorTable(L, s))
	return 1
}

// redisStatusReply implements redis.status_reply: {ok = the string}, as
// it is (the reply conversion truncates and maps CR/LF later).
func redisStatusReply(L *lua.LState) int {
	s, ok := singleStringArg(L)
	if !ok {
		return 1
	}
	t := L.CreateTable(0, 1)
	t.RawSetString("ok", lua.LString(s))
	L.Push(t)
	return 1
}

// redisLog implements redis.log's checks (luaLogCommand); the message goes
// nowhere.
func redisLog(L *lua.LState) int {
	argc := L.GetTop()
	if argc < 2 {
		raiseErrorTable(L, "redis.log() requires two arguments or more.")
	}
	f, ok := lua.Lua51ToNumber(L.Get(1))
	if !ok {
		raiseErrorTable(L, "First argument must be a number (log level).")
	}
	if level := lua.Lua51Int(f); level < 0 || level > 3 {
		raiseErrorTable(L, "Invalid debug level.")
	}
	return 0
}

// redisSetResp implements redis.setresp: the protocol in which the rest
// of the script's redis.call replies arrive (luaSetResp: lua_tonumber, so
// "3" is 3 and a table is 0).
func (e *Engine) redisSetResp(L *lua.LState) int {
	if L.GetTop() != 1 {
		raiseErrorTable(L, "redis.setresp() requires one argument.")
	}
	f, _ := lua.Lua51ToNumber(L.Get(1))
	resp := lua.Lua51Int(f)
	if resp != 2 && resp != 3 {
		raiseErrorTable(L, "RESP version must be 2 or 3.")
	}
	e.resp = int(resp)
	return 0
}

// redisSetRepl implements redis.set_repl: without the REPL flag, the
// script's later writes do not reach the replicas (lazy-expiry deletions
// still do, as Redis propagates them on their own).
func (e *Engine) redisSetRepl(L *lua.LState) int {
	if L.GetTop() != 1 {
		raiseErrorTable(L, "redis.set_repl() requires two arguments.")
	}
	f, _ := lua.Lua51ToNumber(L.Get(-1))
	flags := lua.Lua51Int(f)
	if flags&^(propagateAOF|propagateRepl) != 0 {
		raiseErrorTable(L, "Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE.")
	}
	e.noRepl = flags&propagateRepl == 0
	return 0
}

// openRedisPcall replaces pcall with Redis's (script_lua.c luaRedisPcall):
// an error that is a table with an err field comes back as that field,
// so pcall(redis.call, ...) returns the error text as Redis 6 did.
func (e *Engine) openRedisPcall() {
	e.L.G.Global.RawSetString("pcall", e.L.NewFunction(func(L *lua.LState) int {
		if L.GetTop() == 0 {
			// luaRedisPcall calls the true it pushed as a placeholder
			L.Push(lua.LFalse)
			L.Push(lua.LString("attempt to call a boolean value"))
			return 2
		}
		// the base pcall runs in this frame, as lua_pcall does in
		// luaRedisPcall's: error(msg, 2) under pcall names the caller
		k := lua.Lua51PCall(L)
		first := L.GetTop() - k + 1
		if L.Get(first) == lua.LFalse {
			if t, ok := L.Get(first + 1).(*lua.LTable); ok {
				if es := L.GetField(t, "err"); es.Type() == lua.LTString || es.Type() == lua.LTNumber {
					L.Replace(first+1, es)
				}
			}
		}
		return k
	}))
}

// --- replies and Lua values

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
