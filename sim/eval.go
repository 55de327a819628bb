package sim

import (
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/locksim/locksim/sim/lualib"
)

// Scripts (eval.c): a script compiled as EVAL compiles it
// (luaCreateFunction, evalExtractShebangFlags), the engine that runs
// scripts with Redis's sandbox (scriptingInit), a run (evalGenericCommand)
// and the reply to an uncaught error (script_lua.c luaCallFunction). The
// redis table and the conversion of replies are in script_lua.go.

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
	// readOnly: a "#!lua flags=no-writes" script, whose write commands
	// Redis refuses (script.c scriptPrepareForRun: SCRIPT_READ_ONLY).
	readOnly bool
}

// CompileScript compiles src once. The error text is Redis's for a script
// that does not compile.
func CompileScript(id, src string) (*Script, error) {
	sum := sha1.Sum([]byte(src))
	flags, body, err := shebang(src)
	if err != nil {
		return nil, err
	}
	// Redis 7.0 loads the body itself as the chunk "@user_script"
	// (eval.c luaCreateFunction: luaL_loadbuffer), a vararg function
	// called with no arguments; a shebang line is left out but its line
	// feed kept, so lines count as the user wrote them.
	chunk, err := parse.Parse(strings.NewReader(body), "@"+chunkName)
	if err != nil {
		return nil, fmt.Errorf("ERR Error compiling script (new function): %v", err)
	}
	if err := checkSyntaxDepth(chunk); err != nil {
		return nil, fmt.Errorf("ERR Error compiling script (new function): %v", err)
	}
	proto, err := lua.Compile(chunk, "@"+chunkName) // luaO_chunkid shows it as user_script
	if err != nil {
		return nil, fmt.Errorf("ERR Error compiling script (new function): %s:%v", chunkName, compileMessage(err))
	}
	// lua_load's main function is vararg without Lua 5.0's `arg` table;
	// a body that never reads `...` runs as a plain function (no copy of
	// the arguments per call).
	if proto.IsVarArg&lua.VarArgNeedsArg == 0 { // the compiler clears it when `...` is read
		proto.IsVarArg = lua.VarArgIsVarArg
	} else {
		proto.IsVarArg = 0
	}
	return &Script{ID: id, Source: src, SHA1: hex.EncodeToString(sum[:]), proto: proto, readOnly: flags["no-writes"]}, nil
}

// scriptFlags are the flags a "#!lua" shebang may set (script.c
// scripts_flags_def); of them the simulated store acts on no-writes (it
// has no memory limit, cluster or stale replica to allow).
var scriptFlags = []string{"no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"}

// shebang is eval.c evalExtractShebangFlags: a script that starts with
// "#!" names its engine and flags on its first line, which Redis leaves
// out of the body it compiles (keeping the line feed). It returns the
// flags set and the body.
func shebang(src string) (map[string]bool, string, error) {
	if !strings.HasPrefix(src, "#!") {
		return nil, src, nil
	}
	end := strings.IndexByte(src, '\n')
	if end < 0 {
		return nil, "", errors.New("ERR Invalid script shebang")
	}
	parts, ok := splitArgs(src[:end])
	if !ok || len(parts) == 0 {
		return nil, "", errors.New("ERR Invalid engine in script shebang")
	}
	if parts[0] != "#!lua" {
		return nil, "", errors.New("ERR Unexpected engine in script shebang: " + parts[0])
	}
	flags := map[string]bool{}
	for _, p := range parts[1:] {
		list, ok := strings.CutPrefix(p, "flags=")
		if !ok {
			return nil, "", errors.New("ERR Unknown lua shebang option: " + p)
		}
		if list == "" {
			continue // sdssplitlen of "" is no element
		}
		for _, f := range strings.Split(list, ",") {
			if !slices.Contains(scriptFlags, f) {
				return nil, "", errors.New("ERR Unexpected flag in script shebang: " + f)
			}
			flags[f] = true
		}
	}
	return flags, src[end:], nil
}

// Function returns the script's body as a function of L, compiled as
// the engine runs it (no varargs): for a bare Lua state that measures
// what the script itself costs, without the store around it.
func (sc *Script) Function(L *lua.LState) *lua.LFunction { return L.NewFunctionFromProto(sc.proto) }

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
	// keys and argv are the KEYS and ARGV tables, refilled for every
	// script, each with the strings it was last given and their Lua values
	keys, argv boxed
	// cmds remembers the commands scripts named last (cachedCommand)
	cmds [16]cachedCmd

	handler *lua.LFunction
	// errSite is where the last uncaught error was raised, as Redis's
	// __redis__err__handler notes it (errSource, errLine); false when it
	// found no such level.
	errSite   bool
	errSource string
	errLine   int
	argsBuf   []string
	// limit is why the last script was stopped by one of the simulation's
	// own limits (a real Redis has none of them), "" when it was not.
	limit string
	// replyElements counts the elements of the reply being converted.
	replyElements int
	// cov is the statement count the engine feeds (CountTo), nil when off.
	cov *Coverage

	// resp is the protocol redis.call replies convert from for the running
	// script (redis.setresp; Redis resets it to 2 for every script).
	resp int
	// noRepl is set when redis.set_repl has turned off replication to
	// replicas for the rest of the running script.
	noRepl bool
	// readOnly is the running script's Script.readOnly.
	readOnly bool
	// idle is the libraries' state while no store runs a script.
	idle lualib.State
	libs *lualib.Libs
}

// OpenScriptLibs opens in L the libraries Redis 7.0 gives scripts that
// gopher-lua has: base (with coroutine, which Lua 5.1's luaopen_base
// opens), table, string and math.
func OpenScriptLibs(L *lua.LState) {
	for _, lib := range []struct {
		name string
		fn   lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.CoroutineLibName, lua.OpenCoroutine}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		L.Push(L.NewFunction(lib.fn))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
}

// NewEngine builds a Lua state with the libraries and globals Redis 7.0
// gives scripts (script_lua.c luaRegisterRedisAPI, eval.c scriptingInit):
// the Lua libraries, cjson, struct, cmsgpack and bit (package lualib), the
// redis table, Redis's pcall, then every table reachable from the globals
// made read-only and reads of undefined globals made errors.
func NewEngine() *Engine {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 256, RegistrySize: 1024 * 4, RegistryMaxSize: 1024 * 1024})
	OpenScriptLibs(L)
	e := &Engine{L: L, funcs: map[*lua.FunctionProto]*lua.LFunction{}, inline: map[string]*Script{}, budget: DefaultInstructionBudget, resp: 2}
	g := L.G.Global
	// Redis's sandbox has no file or module loading (eval.c
	// luaLoadLibraries), and Redis 7.0.15 answers that print, getfenv and
	// setfenv are nonexistent globals.
	for _, name := range []string{"dofile", "loadfile", "require", "module", "_printregs", "print", "getfenv", "setfenv", "newproxy"} {
		g.RawSetString(name, lua.LNil)
	}
	// Redis keeps collectgarbage; a script's call collects nothing here
	g.RawSetString("collectgarbage", L.NewFunction(lua.Lua51CollectGarbage))
	e.libs = lualib.Open(L, e.libState)
	// next and pairs visit keys in Lua 5.1's hash order, and # of a table
	// with holes finds luaH_getn's border, as Redis's Lua does
	L.SetLua51NextOrder(e.libs.NextOrder)
	L.SetLua51Border(e.libs.Border)
	e.openRedisPcall()
	g.RawSetString("redis", e.redisTable())
	// Redis's error handler is a global too (eval.c scriptingInit)
	e.handler = L.NewFunction(e.errorHandler)
	g.RawSetString("__redis__err__handler", e.handler)
	e.protectGlobals()
	return e
}

// libState is the libraries' state of the store whose script runs.
func (e *Engine) libState() *lualib.State {
	if e.cur != nil {
		return &e.cur.libs
	}
	return &e.idle
}

// protectGlobals ports Redis's globals protection (eval.c scriptingInit):
// the globals get a metatable whose __index raises on an undefined global
// (luaSetErrorMetatable), then every table reachable from them, metatables
// included, becomes read-only (luaSetTableProtectionRecursively), so
// creating a global or changing a library raises "Attempt to modify a
// readonly table".
func (e *Engine) protectGlobals() {
	L := e.L
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		// script_lua.c luaProtectedTableError
		k := L.Get(2)
		if _, ok := lua.Lua51ToNumber(k); !ok && k.Type() != lua.LTString {
			L.RaiseError("Second argument to luaProtectedTableError must be a string or number")
		}
		L.RaiseError("Script attempted to access nonexistent global variable '%s'", lua.LVAsString(k))
		return 0
	}))
	L.SetMetatable(L.G.Global, mt)
	protectRecursively(L, L.G.Global)
	// strings' metatable is read-only too (a script cannot change what
	// ("x"):upper() means)
	if smt, ok := L.GetMetatable(lua.LString("")).(*lua.LTable); ok {
		protectRecursively(L, smt)
	}
}

func protectRecursively(L *lua.LState, t *lua.LTable) {
	if t.IsReadOnly() {
		return
	}
	t.SetReadOnly(true)
	t.ForEach(func(_, v lua.LValue) {
		if vt, ok := v.(*lua.LTable); ok {
			protectRecursively(L, vt)
		}
	})
	if mt, ok := L.GetMetatable(t).(*lua.LTable); ok {
		protectRecursively(L, mt)
	}
}

// LimitHit is why the store's last script was stopped by one of the
// simulation's own limits (the instruction budget, the string budget, the
// reply's size), "" when it was not: the error reply it got is the
// simulation's, not one a real Redis would give.
func (s *Store) LimitHit() string {
	if s.eng == nil || s.eng.cur != nil {
		return ""
	}
	return s.eng.limit
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

// Run executes one request that is not a batch: its script (Eval) or its
// command (Do).
func (s *Store) Run(req Request) Reply {
	if req.Script != nil {
		return s.Eval(req.Script, req.Keys, req.Argv)
	}
	return s.Do(req.Cmd...)
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
	e.resp, e.noRepl, e.readOnly = 2, false, sc.readOnly
	if e.cov != nil {
		e.cov.last = e.cov.last[:0]
	}
	e.limit = ""
	// KEYS and ARGV are new tables for every script in Redis
	// (luaCreateArray); reset ones are the same to the script and cost no
	// allocation. The globals are read-only to scripts, so the two stay
	// bound to the same tables.
	if e.keys.t == nil {
		e.keys.t, e.argv.t = L.CreateTable(4, 0), L.CreateTable(8, 0)
		L.G.Global.RawSetString("KEYS", e.keys.t)
		L.G.Global.RawSetString("ARGV", e.argv.t)
	}
	e.keys.fill(keys)
	e.argv.fill(argv)
	setInstructionBudget(L, e.budget)
	L.Push(fn)
	e.errSite = false
	err := L.PCall(0, 1, e.handler)
	setInstructionBudget(L, -1)
	if err != nil {
		e.cur, e.noRepl = nil, false
		e.forget()
		return e.scriptError(sc, err)
	}
	ret := L.Get(-1)
	L.Pop(1)
	e.replyElements = 0
	r := e.luaToReply(ret, replyStackBase)
	if e.replyElements > maxReplyElements {
		e.limit = fmt.Sprintf("its reply has more than %d elements (the simulation's limit; Redis would build it until out of memory)", maxReplyElements)
		r = Err("ERR script reply has more than " + strconv.Itoa(maxReplyElements) + " elements (the simulation's limit; Redis would build it until out of memory)")
	}
	e.cur, e.noRepl = nil, false
	e.forget()
	return r
}

// forget drops what the libraries knew of the script's tables: a script
// cannot keep one past its end (the globals are read-only).
func (e *Engine) forget() {
	e.libs.Forget()
	e.L.Lua51ScriptEnded()
}

// boxed is a Lua table of strings refilled for every script, with the
// strings it held last and their boxed Lua values: a script's keys and
// most of its arguments are the same as the last one's, and boxing a
// string costs an allocation.
type boxed struct {
	t    *lua.LTable
	strs []string
	vals []lua.LValue
}

func (b *boxed) fill(ss []string) {
	b.t.Reset()
	for i, s := range ss {
		if i == len(b.strs) {
			b.strs, b.vals = append(b.strs, s), append(b.vals, lua.LString(s))
		} else if b.strs[i] != s {
			b.strs[i], b.vals[i] = s, lua.LString(s)
		}
		b.t.RawSetInt(i+1, b.vals[i])
	}
}

// cachedCmd is a command found by the name a script gave: a name made by
// a string constant of a compiled script is the same string (the same
// bytes at the same address) every time the script runs.
type cachedCmd struct {
	name *byte
	n    int
	cmd  *command
}

// command is lookupCommand with a direct-mapped cache keyed by the name's
// address and length: the entry holds the name's bytes, so they are not
// reused for another string while it is there.
func (e *Engine) command(name string) *command {
	p := unsafe.StringData(name)
	ce := &e.cmds[(uintptr(unsafe.Pointer(p))>>3)%uintptr(len(e.cmds))]
	if ce.name == p && ce.n == len(name) && p != nil {
		return ce.cmd
	}
	c := lookupCommand(name)
	if c != nil {
		*ce = cachedCmd{p, len(name), c}
	}
	return c
}

// errorHandler plays the part of Redis's __redis__err__handler (eval.c):
// debug.getinfo(2, 'nSl'), the function that raised the error, or the
// level below it when that one is a C function (redis.call, error), and
// notes its source and current line, which Redis prints as
// "on <source>:<line>." ("@user_script" for the script's own code, a
// loadstring chunk's name or text, "=[C]" and -1 for a C function).
func (e *Engine) errorHandler(L *lua.LState) int {
	src, what, line, ok := L.Lua51InfoSl(1) // getinfo(2) inside the Lua handler
	if ok && what == "C" {
		src, _, line, ok = L.Lua51InfoSl(2)
	}
	e.errSite, e.errSource, e.errLine = ok, src, line
	L.Push(L.Get(1))
	return 1
}

// scriptError formats an uncaught script error as Redis 7.0 replies it
// (script_lua.c luaCallFunction, with eval.c's __redis__err__handler): a
// table's err text (as a C string), or "ERR " and the value as tostring
// prints it, then " script: <sha1>, on <source>:<line>.".
func (e *Engine) scriptError(sc *Script, err error) Reply {
	name := sc.SHA1
	if sc.ID != "" {
		name = sc.ID + " (" + sc.SHA1 + ")"
	}
	if L := e.L; L.BudgetExceeded() || strings.Contains(err.Error(), budgetMessage) {
		e.limit = fmt.Sprintf("it ran past the simulation's instruction budget of %d (Redis would keep running it, busy, until SCRIPT KILL)", e.budget)
		return Err(fmt.Sprintf("ERR script %s stopped: exceeded the instruction budget of %d", name, e.budget))
	}
	if L := e.L; L.StringBudgetExceeded() || strings.Contains(err.Error(), lua.StringBudgetExceededMessage) {
		e.limit = fmt.Sprintf("it built more than %d bytes of strings (the simulation's limit; Redis would run out of memory)", stringBudget)
		return Err(fmt.Sprintf("ERR script %s stopped: built more than %d bytes of strings (the simulation's limit; Redis would run out of memory)", name, stringBudget))
	}
	var obj lua.LValue = lua.LString(err.Error())
	if ae, ok := err.(*lua.ApiError); ok {
		obj = ae.Object
	}
	suffix := ""
	if e.errSite { // luaCallFunction: " script: %s, on %s:%s." when the handler found both
		suffix = " script: " + sc.SHA1 + ", on " + lua.Lua51CString(e.errSource) + ":" + strconv.Itoa(e.errLine) + "."
	}
	if t, ok := obj.(*lua.LTable); ok {
		// luaExtractErrorInformation: lua_getfield(err), any string or number
		if es := e.L.GetField(t, "err"); es.Type() == lua.LTString || es.Type() == lua.LTNumber {
			return Err(crlfToSpaces(lua.Lua51CString(lua.LVAsString(es)) + suffix))
		}
	}
	// The reply is one line: newlines in the message or the source are
	// spaces, as a real Redis 7.0.15 answers them.
	return Err(crlfToSpaces("ERR " + lua.Lua51CString(luaToString(obj)) + suffix))
}

func luaToString(v lua.LValue) string {
	switch v.(type) {
	case *lua.LTable, *lua.LFunction:
		return v.Type().String()
	}
	return v.String()
}

// splitArgs is sds.c sdssplitargs: line split at blanks into arguments,
// "double quotes" with \xhh and \n \r \t \b \a escapes, 'single quotes'
// with \' only; false for an unbalanced quote or a closing quote followed
// by anything but a blank. A NUL byte ends the line, as in C.
func splitArgs(line string) ([]string, bool) {
	line = lua.Lua51CString(line)
	isSpace := parse.IsSpace // C's isspace
	at := func(i int) byte { // *(p+i), NUL past the end
		if i < len(line) {
			return line[i]
		}
		return 0
	}
	args := []string{}
	p := 0
	for {
		for p < len(line) && isSpace(line[p]) {
			p++
		}
		if p >= len(line) {
			return args, true
		}
		var cur []byte
		inq, insq := false, false
		for done := false; !done; {
			c := at(p)
			switch {
			case inq:
				switch {
				case c == '\\' && at(p+1) == 'x' && parse.IsXDigit(at(p+2)) && parse.IsXDigit(at(p+3)):
					v, _ := strconv.ParseUint(line[p+2:p+4], 16, 8)
					cur = append(cur, byte(v))
					p += 3
				case c == '\\' && at(p+1) != 0:
					p++
					e := line[p]
					switch e {
					case 'n':
						e = '\n'
					case 'r':
						e = '\r'
					case 't':
						e = '\t'
					case 'b':
						e = '\b'
					case 'a':
						e = '\a'
					}
					cur = append(cur, e)
				case c == '"':
					if at(p+1) != 0 && !isSpace(at(p+1)) {
						return nil, false
					}
					done = true
				case c == 0:
					return nil, false // unterminated quotes
				default:
					cur = append(cur, c)
				}
			case insq:
				switch {
				case c == '\\' && at(p+1) == '\'':
					p++
					cur = append(cur, '\'')
				case c == '\'':
					if at(p+1) != 0 && !isSpace(at(p+1)) {
						return nil, false
					}
					done = true
				case c == 0:
					return nil, false
				default:
					cur = append(cur, c)
				}
			default:
				switch c {
				case ' ', '\n', '\r', '\t', 0:
					done = true
				case '"':
					inq = true
				case '\'':
					insq = true
				default:
					cur = append(cur, c)
				}
			}
			if p < len(line) {
				p++
			}
		}
		args = append(args, string(cur))
	}
}
