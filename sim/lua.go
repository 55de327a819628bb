package sim

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// DefaultInstructionBudget is how many Lua VM instructions one script may
// run before the engine stops it. The Redisson scripts need a few hundred
// per queued waiter; a million leaves room for any real queue and still
// stops a runaway loop in milliseconds.
const DefaultInstructionBudget = 1_000_000

// chunkName is the name Redis 7.0 gives every EVAL body ("@user_script");
// Lua strips the '@' in positions, so errors read "user_script:1: ...".
const chunkName = "user_script"

// budgetMessage is the error the VM raises when a script runs out of its
// instruction budget (third_party/gopher-lua, SetInstructionBudget).
const budgetMessage = "script exceeded its instruction budget"

// Script is a compiled Lua script: its exact source, the SHA1 Redis uses
// for EVALSHA and error texts, and the compiled function prototype, which
// any engine can run.
type Script struct {
	ID     string // the registry ID, or "" for inline Lua
	Source string
	SHA1   string
	proto  *lua.FunctionProto
}

// CompileScript compiles src once. The error text is Redis's for a script
// that does not compile.
func CompileScript(id, src string) (*Script, error) {
	sum := sha1.Sum([]byte(src))
	chunk, err := parse.Parse(strings.NewReader(src), chunkName)
	if err != nil {
		return nil, fmt.Errorf("ERR Error compiling script (new function): %s:%v", chunkName, compileMessage(err))
	}
	if err := checkSyntaxDepth(chunk); err != nil {
		return nil, fmt.Errorf("ERR Error compiling script (new function): %v", err)
	}
	proto, err := lua.Compile(chunk, chunkName)
	if err != nil {
		return nil, fmt.Errorf("ERR Error compiling script (new function): %s:%v", chunkName, compileMessage(err))
	}
	// Redis runs a script body as `function f_<sha1>() <body> end`, a
	// function with no varargs (eval.c luaCreateFunction): there is no
	// implicit `arg` table, and `...` does not compile. gopher-lua compiles
	// a chunk as a vararg function, so undo that (which also spares an
	// `arg` table per call).
	if proto.IsVarArg&lua.VarArgNeedsArg == 0 {
		return nil, fmt.Errorf("ERR Error compiling script (new function): %s: cannot use '...' outside a vararg function", chunkName)
	}
	proto.IsVarArg = 0
	return &Script{ID: id, Source: src, SHA1: hex.EncodeToString(sum[:]), proto: proto}, nil
}

// compileMessage is gopher-lua's parse error on one line (it may end in
// or hold newlines).
func compileMessage(err error) string {
	return " " + strings.Join(strings.Fields(err.Error()), " ")
}

// Engine runs scripts against a store: one reused Lua state with Redis's
// sandbox, each script's function built once from its prototype.
type Engine struct {
	L      *lua.LState
	cur    *Store
	funcs  map[*lua.FunctionProto]*lua.LFunction
	inline map[string]*Script // inline Lua by source, compiled once
	budget int64

	handler *lua.LFunction
	// callErr is the text of the error redis.call raised last, so the
	// top level can tell it from a Lua runtime error (which gets "ERR ").
	callErr   string
	errLine   int
	argsBuf   []string
	budgetHit bool
}

// OpenScriptLibs opens in L the libraries Redis 7.0 gives scripts that
// gopher-lua has: base, table, string and math.
func OpenScriptLibs(L *lua.LState) {
	for _, lib := range []struct {
		name string
		fn   lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		L.Push(L.NewFunction(lib.fn))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
}

// NewEngine builds a Lua state with the libraries and globals Redis 7.0
// gives scripts.
func NewEngine() *Engine {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 256, RegistrySize: 1024 * 4, RegistryMaxSize: 1024 * 1024})
	OpenScriptLibs(L)
	e := &Engine{L: L, funcs: map[*lua.FunctionProto]*lua.LFunction{}, inline: map[string]*Script{}, budget: DefaultInstructionBudget}
	g := L.G.Global
	// Redis's sandbox has no file or module loading (eval.c luaLoadLibraries).
	for _, name := range []string{"dofile", "loadfile", "require", "module", "_printregs", "print", "collectgarbage", "newproxy"} {
		g.RawSetString(name, lua.LNil)
	}
	g.RawSetString("print", L.NewFunction(func(*lua.LState) int { return 0 }))
	redis := L.NewTable()
	redis.RawSetString("call", L.NewFunction(e.redisCall))
	redis.RawSetString("pcall", L.NewFunction(e.redisPCall))
	redis.RawSetString("error_reply", L.NewFunction(tableReply("err")))
	redis.RawSetString("status_reply", L.NewFunction(tableReply("ok")))
	redis.RawSetString("sha1hex", L.NewFunction(redisSHA1Hex))
	redis.RawSetString("log", L.NewFunction(func(*lua.LState) int { return 0 }))
	redis.RawSetString("setresp", L.NewFunction(redisSetResp))
	redis.RawSetString("set_repl", L.NewFunction(func(*lua.LState) int { return 0 }))
	redis.RawSetString("replicate_commands", L.NewFunction(func(L *lua.LState) int { L.Push(lua.LTrue); return 1 }))
	for i, lvl := range []string{"LOG_DEBUG", "LOG_VERBOSE", "LOG_NOTICE", "LOG_WARNING"} {
		redis.RawSetString(lvl, lua.LNumber(i))
	}
	for name, v := range map[string]int{"REPL_NONE": 0, "REPL_SLAVE": 1, "REPL_REPLICA": 1, "REPL_AOF": 2, "REPL_ALL": 3} {
		redis.RawSetString(name, lua.LNumber(v))
	}
	redis.RawSetString("REDIS_VERSION", lua.LString("7.0.15"))
	redis.RawSetString("REDIS_VERSION_NUM", lua.LNumber(0x07000f))
	g.RawSetString("redis", redis)
	e.protectGlobals()
	e.handler = L.NewFunction(e.errorHandler)
	return e
}

// protectGlobals ports Redis's globals protection (eval.c
// scriptingEnableGlobalsProtection): reading an undefined global or
// creating one is an error.
func (e *Engine) protectGlobals() {
	L := e.L
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("Script attempted to access nonexistent global variable '%s'", L.CheckAny(2).String())
		return 0
	}))
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("Script attempted to create global variable '%s'", L.CheckAny(2).String())
		return 0
	}))
	L.SetMetatable(L.G.Global, mt)
}

// SetInstructionBudget sets how many VM instructions one script may run.
func (e *Engine) SetInstructionBudget(n int64) { e.budget = n }

// engine returns the store's engine, creating it on first use.
func (s *Store) engine() *Engine {
	if s.eng == nil {
		s.eng = NewEngine()
	}
	return s.eng
}

// SetEngine makes the store run scripts on e (engines can be shared by
// stores used from one goroutine).
func (s *Store) SetEngine(e *Engine) { s.eng = e }

// Eval runs a compiled script with KEYS and ARGV at the store's clock, as
// Redis's EVALSHA does, and returns its reply. Writes done before an error
// stay done: Redis scripts do not roll back.
func (s *Store) Eval(sc *Script, keys, argv []string) Reply {
	return s.engine().eval(s, sc, keys, argv)
}

// EvalSource compiles (once per source text) and runs inline Lua, as EVAL does.
func (s *Store) EvalSource(src string, keys, argv []string) Reply {
	e := s.engine()
	sc := e.inline[src]
	if sc == nil {
		var err error
		sc, err = CompileScript("", src)
		if err != nil {
			return Err(err.Error())
		}
		e.inline[src] = sc
	}
	return e.eval(s, sc, keys, argv)
}

func (e *Engine) eval(s *Store, sc *Script, keys, argv []string) Reply {
	L := e.L
	fn := e.funcs[sc.proto]
	if fn == nil {
		fn = L.NewFunctionFromProto(sc.proto)
		e.funcs[sc.proto] = fn
	}
	e.cur = s
	e.callErr = ""
	e.budgetHit = false
	g := L.G.Global
	g.RawSetString("KEYS", stringTable(L, keys))
	g.RawSetString("ARGV", stringTable(L, argv))
	setInstructionBudget(L, e.budget)
	L.Push(fn)
	err := L.PCall(0, 1, e.handler)
	setInstructionBudget(L, -1)
	e.cur = nil
	if err != nil {
		return e.scriptError(sc, err)
	}
	ret := L.Get(-1)
	L.Pop(1)
	return luaToReply(ret)
}

func stringTable(L *lua.LState, ss []string) *lua.LTable {
	t := L.CreateTable(len(ss), 0)
	for i, s := range ss {
		t.RawSetInt(i+1, lua.LString(s))
	}
	return t
}

// errorHandler plays the part of Redis's __redis__err__handler: it notes
// the line of the innermost Lua function active when the error was raised
// (skipping a Go function such as redis.call or error), which Redis prints
// as "on @user_script:<line>.".
func (e *Engine) errorHandler(L *lua.LState) int {
	e.errLine = 0
	for level := 1; ; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		if _, err := L.GetInfo("Sl", dbg, lua.LNil); err != nil {
			break
		}
		if dbg.What != "G" && dbg.CurrentLine > 0 {
			e.errLine = dbg.CurrentLine
			break
		}
	}
	L.Push(L.Get(1))
	return 1
}

// scriptError formats an uncaught script error as Redis 7.0 replies it
// (script_lua.c luaCallFunction): the message, then
// " script: <sha1>, on @user_script:<line>.".
func (e *Engine) scriptError(sc *Script, err error) Reply {
	name := sc.SHA1
	if sc.ID != "" {
		name = sc.ID + " (" + sc.SHA1 + ")"
	}
	if L := e.L; L.BudgetExceeded() || strings.Contains(err.Error(), budgetMessage) {
		return Err(fmt.Sprintf("ERR script %s stopped: exceeded the instruction budget of %d", name, e.budget))
	}
	if L := e.L; L.StringBudgetExceeded() || strings.Contains(err.Error(), lua.StringBudgetExceededMessage) {
		return Err(fmt.Sprintf("ERR script %s stopped: built more than %d bytes of strings (the simulation's limit; Redis would run out of memory)", name, stringBudget))
	}
	var obj lua.LValue = lua.LString(err.Error())
	if ae, ok := err.(*lua.ApiError); ok {
		obj = ae.Object
	}
	suffix := " script: " + sc.SHA1 + ", on @" + chunkName + ":" + strconv.Itoa(max(e.errLine, 1)) + "."
	switch o := obj.(type) {
	case lua.LString:
		msg := string(o)
		if e.callErr != "" && msg == e.callErr {
			return Err(msg + suffix)
		}
		return Err("ERR " + msg + suffix)
	case *lua.LTable:
		if es, ok := o.RawGetString("err").(lua.LString); ok {
			return Err(string(es) + suffix)
		}
	}
	return Err("ERR " + luaToString(obj) + suffix)
}

func luaToString(v lua.LValue) string {
	switch v.(type) {
	case *lua.LTable, *lua.LFunction, *lua.LUserData:
		return v.Type().String()
	}
	return v.String()
}

// redisCall implements redis.call: run the command, raise its error.
func (e *Engine) redisCall(L *lua.LState) int {
	r := e.callFromScript(L)
	if r.Kind == KindError {
		// Redis 7.0 raises the error text itself (no position), which is
		// what pcall(redis.call, ...) catches.
		e.callErr = r.Str
		L.Error(lua.LString(r.Str), 0)
		return 0
	}
	L.Push(replyToLua(L, r))
	return 1
}

// redisPCall implements redis.pcall: an error comes back as {err=TEXT}.
func (e *Engine) redisPCall(L *lua.LState) int {
	L.Push(replyToLua(L, e.callFromScript(L)))
	return 1
}

// callFromScript converts the Lua arguments (numbers with "%.17g") and runs
// the command with the checks Redis 7.0's scriptCall makes.
func (e *Engine) callFromScript(L *lua.LState) Reply {
	n := L.GetTop()
	if n == 0 {
		return Err("ERR Please specify at least one argument for this redis lib call")
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
			return Err("ERR Lua redis lib command arguments must be strings or integers")
		}
	}
	e.argsBuf = args
	c := lookupCommand(args[0])
	if c == nil {
		return Err("ERR Unknown Redis command called from script")
	}
	if !arityOK(c, len(args)) {
		return Err("ERR Wrong number of args calling Redis command from script")
	}
	if c.noScript {
		return Err("ERR This Redis command is not allowed from script")
	}
	return c.fn(e.cur, args)
}

// replyToLua converts a reply as Redis 7.0 does for RESP2
// (script_lua.c redisProtocolToLuaType): nil → false, status → {ok=},
// error → {err=}, array → a table.
func replyToLua(L *lua.LState, r Reply) lua.LValue {
	switch r.Kind {
	case KindInt:
		return lua.LNumber(r.Int)
	case KindBulk:
		return lua.LString(r.Str)
	case KindStatus:
		t := L.CreateTable(0, 1)
		t.RawSetString("ok", lua.LString(r.Str))
		return t
	case KindError:
		t := L.CreateTable(0, 1)
		t.RawSetString("err", lua.LString(r.Str))
		return t
	case KindArray:
		t := L.CreateTable(len(r.Arr), 0)
		for i, e := range r.Arr {
			t.RawSetInt(i+1, replyToLua(L, e))
		}
		return t
	}
	return lua.LFalse
}

// replyStackBase is the Lua stack in use when Redis 7.0 converts a
// script's result: the error handler and the result itself.
const replyStackBase = 2

// replyStackLimit is LUAI_MAXCSTACK, which luaReplyToRedisReply's
// lua_checkstack(lua, 4) is checked against.
const replyStackLimit = 8000

// maxReplyElements bounds the reply of one script. Redis has no such bound:
// a table that holds itself twice (t[1] = t, t[2] = t) makes it build a
// reply of 2^7995 elements until memory runs out. The simulation stops at a
// million elements, with an error naming the limit.
const maxReplyElements = 1 << 20

// luaToReply converts a script's return value as Redis 7.0 replies it to a
// RESP2 client (script_lua.c luaReplyToRedisReply).
func luaToReply(v lua.LValue) Reply {
	c := replyConverter{}
	r := c.convert(v, replyStackBase)
	if c.elements > maxReplyElements {
		return Err(fmt.Sprintf("ERR script reply has more than %d elements (the simulation's limit; Redis would build it until out of memory)", maxReplyElements))
	}
	return r
}

// replyConverter counts the elements of the reply being built.
type replyConverter struct{ elements int }

// convert converts v, which sits on a Lua stack of used slots:
//   - a value nested so deep that lua_checkstack(lua, 4) fails is the error
//     "reached lua stack limit" in its place (a table that holds itself
//     ends this way, 7995 arrays deep);
//   - a string is a bulk string, a number an integer (truncated), true is
//     1, false and nil are nil, any other type (a function, a coroutine)
//     is nil;
//   - a table with a string err is an error (C string, CR and LF turned to
//     spaces, trailing ones dropped), with a string ok a status (C string,
//     CR and LF turned to spaces); with a number double a bulk string
//     ("%.17g"), with a string big_number a bulk string (CR and LF turned
//     to spaces), with verbatim_string = {format=, string=} the bulk string
//     (a RESP2 client gets these as bulk strings); with a table map a flat
//     array of its pairs, with a table set an array of its keys (both in
//     gopher-lua's iteration order, which is Lua 5.1's next order only for
//     one key); any other table an array of its elements up to the first
//     nil.
func (c *replyConverter) convert(v lua.LValue, used int) Reply {
	if c.elements++; c.elements > maxReplyElements {
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
		return Nil
	case *lua.LTable:
		if es, ok := x.RawGetString("err").(lua.LString); ok {
			return Err(crlfToSpaces(strings.TrimRight(cString(string(es)), "\r\n")))
		}
		if ok, isStr := x.RawGetString("ok").(lua.LString); isStr {
			return Status(crlfToSpaces(cString(string(ok))))
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
			arr := []Reply{}
			for k, val := m.Next(lua.LNil); k != lua.LNil; k, val = m.Next(k) {
				// Stack: table, map, key, value, and the key's copy.
				arr = append(arr, c.convert(k, used+4), c.convert(val, used+3))
			}
			return Array(arr...)
		}
		if set, ok := x.RawGetString("set").(*lua.LTable); ok {
			arr := []Reply{}
			for k, _ := set.Next(lua.LNil); k != lua.LNil; k, _ = set.Next(k) {
				// Stack: table, set, key, and the key's copy.
				arr = append(arr, c.convert(k, used+3))
			}
			return Array(arr...)
		}
		arr := []Reply{}
		for i := 1; ; i++ {
			e := x.RawGetInt(i)
			if e == lua.LNil {
				break
			}
			arr = append(arr, c.convert(e, used+1))
		}
		return Array(arr...)
	}
	return Nil
}

// cString is s as C sees it: up to its first NUL byte.
func cString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// crlfToSpaces is sdsmapchars(s, "\r\n", "  ", 2), byte by byte.
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

// tableReply builds redis.error_reply / redis.status_reply: a table whose
// one field (err or ok) holds the string argument.
func tableReply(field string) lua.LGFunction {
	return func(L *lua.LState) int {
		if L.GetTop() != 1 || L.Get(1).Type() != lua.LTString {
			L.RaiseError("wrong number or type of arguments")
		}
		t := L.CreateTable(0, 1)
		t.RawSetString(field, L.Get(1))
		L.Push(t)
		return 1
	}
}

func redisSHA1Hex(L *lua.LState) int {
	if L.GetTop() != 1 {
		L.RaiseError("wrong number of arguments")
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

func redisSetResp(L *lua.LState) int {
	if n := L.CheckInt(1); n != 2 && n != 3 {
		L.RaiseError("RESP version must be 2 or 3.")
	}
	return 0
}
