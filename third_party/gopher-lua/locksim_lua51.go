package lua

// locksim: this whole file is a locksim addition to the gopher-lua fork.
// It holds the helpers that make the fork behave like the Lua 5.1.5 that is
// embedded in Redis 7.0: number formatting (LUAI_NUMFMT "%.14g"), runtime
// error messages built like ldebug.c (luaG_typeerror, getobjname, symbexec,
// luaG_ordererror, luaG_concaterror, luaG_aritherror) and a deterministic
// instruction budget. See PATCHES.md for the list of hooks into the rest of
// the package.

import (
	"github.com/yuin/gopher-lua/parse"
	"math"
	"strconv"
)

/* number -> string {{{ */

// lua51NumberString formats f exactly as C's printf("%.14g", f) does with
// glibc, which is what Lua 5.1 uses for every number to string conversion
// (luaconf.h LUAI_NUMFMT, lua_number2str).
//
// locksim: Go's strconv 'g' format with precision 14 follows the same rules
// as C's %g (exponent form when exp < -4 || exp >= precision, trailing zeros
// removed, at least two exponent digits); only the non-finite values are
// spelled differently, glibc printing "inf", "-inf", "nan" and "-nan" (the
// sign of a NaN is its sign bit: 0/0 on x86-64 yields a negative NaN).
func lua51NumberString(f float64) string {
	// fast path: integers with at most 14 digits are printed as integers.
	if f > -1e14 && f < 1e14 {
		if i := int64(f); float64(i) == f && (i != 0 || !math.Signbit(f)) {
			return strconv.FormatInt(i, 10)
		}
	}
	switch {
	case f != f:
		if math.Signbit(f) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', 14, 64)
}

/* }}} */

/* ldebug.c getobjname / symbexec {{{ */

// lua51LocalName is luaF_getlocalname (lfunc.c): the name of the
// local_number-th local variable active at instruction pc.
//
// gopher-lua records StartPc as the index of the first instruction after the
// declaration (like Lua 5.1's startpc) but EndPc as the index of the last
// instruction of the scope (Lua 5.1's endpc is one past it), hence "<=".
func lua51LocalName(p *FunctionProto, localNumber, pc int) (string, bool) {
	for i := 0; i < len(p.DbgLocals) && p.DbgLocals[i].StartPc <= pc; i++ {
		if pc <= p.DbgLocals[i].EndPc {
			localNumber--
			if localNumber == 0 {
				return p.DbgLocals[i].Name, true
			}
		}
	}
	return "", false
}

// lua51SymbExec is the tracing part of Lua 5.1's symbexec (ldebug.c): it
// returns the instruction that last changed register reg before lastpc,
// or the final instruction (a neutral RETURN) when none did. gopher-lua's
// compiler emits valid code, so the checks of the original are omitted.
func lua51SymbExec(p *FunctionProto, lastpc, reg int) uint32 {
	code := p.Code
	last := len(code) - 1
	for pc := 0; pc < lastpc && pc < len(code); pc++ {
		i := code[pc]
		op := opGetOpCode(i)
		if op > opCodeMax {
			break
		}
		a := opGetArgA(i)
		if opProps[op].SetRegA && a == reg {
			last = pc
		}
		switch op {
		case OP_LOADNIL:
			if a <= reg && reg <= opGetArgB(i) {
				last = pc
			}
		case OP_SELF:
			if reg == a+1 {
				last = pc
			}
		case OP_TFORLOOP:
			if reg >= a+2 {
				last = pc
			}
		case OP_FORLOOP, OP_FORPREP, OP_JMP:
			b := opGetArgSbx(i)
			dest := pc + 1 + b
			// forward jump that does not skip lastpc: follow it.
			if pc < dest && dest <= lastpc {
				pc += b
			}
		case OP_CALL, OP_TAILCALL:
			if reg >= a {
				last = pc
			}
		case OP_SETLIST:
			if opGetArgC(i) == 0 {
				pc++ // skip the extra word holding the real C
			}
		case OP_CLOSURE:
			bx := opGetArgBx(i)
			if bx < len(p.FunctionPrototypes) {
				// the MOVE/GETUPVAL pseudo instructions are not executed
				pc += int(p.FunctionPrototypes[bx].NumUpvalues)
			}
		}
	}
	if last < 0 {
		return opInvalidInstruction
	}
	return code[last]
}

// lua51KName is kname (ldebug.c).
func lua51KName(p *FunctionProto, c int) string {
	if opIsK(c) {
		if idx := opIndexK(c); idx < len(p.Constants) {
			if s, ok := p.Constants[idx].(LString); ok {
				return string(s)
			}
		}
	}
	return "?"
}

// lua51GetObjName is getobjname (ldebug.c): it tells what register reg
// (relative to the frame's base) holds at instruction pc: a local, global,
// field, upvalue or method, with its name; kind is "" when unknown.
func lua51GetObjName(p *FunctionProto, pc, reg int) (kind, name string) {
	for depth := 0; depth < 256; depth++ { // MOVE chains strictly descend
		if n, ok := lua51LocalName(p, reg+1, pc); ok {
			return "local", n
		}
		i := lua51SymbExec(p, pc, reg)
		if i == opInvalidInstruction {
			return "", ""
		}
		switch opGetOpCode(i) {
		case OP_GETGLOBAL:
			if bx := opGetArgBx(i); bx < len(p.Constants) {
				if s, ok := p.Constants[bx].(LString); ok {
					return "global", string(s)
				}
			}
			return "", ""
		case OP_MOVE, OP_MOVEN:
			a, b := opGetArgA(i), opGetArgB(i)
			if b < a {
				reg = b // get name for 'b'
				continue
			}
			return "", ""
		case OP_GETTABLE, OP_GETTABLEKS:
			return "field", lua51KName(p, opGetArgC(i))
		case OP_GETUPVAL:
			b := opGetArgB(i)
			if b < len(p.DbgUpvalues) {
				return "upvalue", p.DbgUpvalues[b]
			}
			return "upvalue", "?"
		case OP_SELF:
			return "method", lua51KName(p, opGetArgC(i))
		}
		return "", ""
	}
	return "", ""
}

// lua51CurrentInst returns the running Lua function's current instruction.
func lua51CurrentInst(L *LState) (*callFrame, uint32, bool) {
	cf := L.currentFrame
	if cf == nil || cf.Fn == nil || cf.Fn.IsG || cf.Fn.Proto == nil {
		return nil, 0, false
	}
	if cf.Pc < 1 || cf.Pc > len(cf.Fn.Proto.Code) {
		return nil, 0, false
	}
	return cf, cf.Fn.Proto.Code[cf.Pc-1], true
}

// lua51VarInfo names the value held in absolute register absreg of the
// running Lua function (the isinstack + getobjname part of luaG_typeerror).
func lua51VarInfo(L *LState, absreg int) (kind, name string) {
	if absreg < 0 {
		return "", ""
	}
	cf, _, ok := lua51CurrentInst(L)
	if !ok {
		return "", ""
	}
	rel := absreg - cf.LocalBase
	if rel < 0 || rel >= opMaxArgsA+1 {
		return "", ""
	}
	return lua51GetObjName(cf.Fn.Proto, cf.Pc-1, rel)
}

// lua51RKReg maps an RK operand of the current instruction to an absolute
// register, or -1 when it is a constant (constants are not "in the stack").
func lua51RKReg(cf *callFrame, rk int) int {
	if opIsK(rk) {
		return -1
	}
	return cf.LocalBase + rk
}

/* }}} */

/* ldebug.c error functions {{{ */

// lua51RunError is luaG_runerror: the "chunk:line:" prefix is added only when
// the running function is a Lua function (ldebug.c addinfo).
func lua51RunError(L *LState, msg string) {
	if cf := L.currentFrame; cf != nil && cf.Fn != nil && !cf.Fn.IsG {
		L.raiseError(1, "%s", msg)
	} else {
		L.raiseError(0, "%s", msg)
	}
}

// lua51TypeError is luaG_typeerror. absreg is the absolute register holding
// v in the running Lua function, or -1 when v is not in the stack.
func lua51TypeError(L *LState, v LValue, absreg int, op string) {
	t := v.Type().String()
	if kind, name := lua51VarInfo(L, absreg); kind != "" {
		lua51RunError(L, "attempt to "+op+" "+kind+" '"+name+"' (a "+t+" value)")
	} else {
		lua51RunError(L, "attempt to "+op+" a "+t+" value")
	}
}

// lua51ToNumberOK tells whether luaV_tonumber would succeed on v.
func lua51ToNumberOK(v LValue) bool {
	switch lv := v.(type) {
	case LNumber:
		return true
	case LString:
		_, err := parseNumber(string(lv))
		return err == nil
	}
	return false
}

// lua51ArithError is luaG_aritherror for the running arithmetic instruction:
// the first operand is blamed unless it converts to a number.
func lua51ArithError(L *LState, lhs, rhs LValue) {
	breg, creg := -1, -1
	if cf, inst, ok := lua51CurrentInst(L); ok {
		switch opGetOpCode(inst) {
		case OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_POW:
			breg = lua51RKReg(cf, opGetArgB(inst))
			creg = lua51RKReg(cf, opGetArgC(inst))
		case OP_UNM:
			breg = cf.LocalBase + opGetArgB(inst)
			creg = breg
		}
	}
	if !lua51ToNumberOK(lhs) {
		lua51TypeError(L, lhs, breg, "perform arithmetic on")
	}
	lua51TypeError(L, rhs, creg, "perform arithmetic on")
}

// lua51OrderError is luaG_ordererror. Like the original it compares the third
// letter of the type names, so "string" and "thread" count as the same type.
func lua51OrderError(L *LState, lhs, rhs LValue) {
	t1 := lhs.Type().String()
	t2 := rhs.Type().String()
	if t1[2] == t2[2] {
		lua51RunError(L, "attempt to compare two "+t1+" values")
	} else {
		lua51RunError(L, "attempt to compare "+t1+" with "+t2)
	}
}

// lua51ConcatError is luaG_concaterror for operands in absolute registers
// lreg and lreg+1 (when the running instruction is a CONCAT).
func lua51ConcatError(L *LState, lhs, rhs LValue, lreg int) {
	if _, inst, ok := lua51CurrentInst(L); !ok || opGetOpCode(inst) != OP_CONCAT {
		lreg = -1
	}
	v, reg := lhs, lreg
	if LVCanConvToString(lhs) {
		v = rhs
		if reg >= 0 {
			reg++
		}
	}
	lua51TypeError(L, v, reg, "concatenate")
}

// lua51IndexError reports indexing a value that is not a table and has no
// __index/__newindex metamethod. first is true when obj is the value the
// running instruction indexes (not a value reached through __index chains).
func lua51IndexError(L *LState, obj LValue, first bool) {
	reg := -1
	if cf, inst, ok := lua51CurrentInst(L); ok && first {
		r := -1
		switch opGetOpCode(inst) {
		case OP_GETTABLE, OP_GETTABLEKS, OP_SELF:
			r = cf.LocalBase + opGetArgB(inst)
		case OP_SETTABLE, OP_SETTABLEKS:
			r = cf.LocalBase + opGetArgA(inst)
		}
		if r >= 0 && r < L.reg.Top() && L.reg.Get(r) == obj {
			reg = r
		}
	}
	lua51TypeError(L, obj, reg, "index")
}

// lua51CallError reports calling fn, a value with no __call metamethod,
// placed at absolute register funcreg.
func lua51CallError(L *LState, fn LValue, funcreg int) {
	reg := -1
	if cf, inst, ok := lua51CurrentInst(L); ok {
		switch opGetOpCode(inst) {
		case OP_CALL, OP_TAILCALL:
			if cf.LocalBase+opGetArgA(inst) == funcreg {
				reg = funcreg
			}
		}
	}
	lua51TypeError(L, fn, reg, "call")
}

/* }}} */

/* instruction budget {{{ */

// BudgetExceededMessage is the error raised when a script runs out of its
// instruction budget.
const BudgetExceededMessage = "script exceeded its instruction budget"

// SetInstructionBudget limits the number of VM instructions that Lua code run
// by this state (and every coroutine sharing its globals) may execute from
// now on. n <= 0 means unlimited, the default. Once the budget is exhausted
// every further instruction raises BudgetExceededMessage again, and pcall,
// xpcall and coroutine.resume re-raise it instead of returning it, so a
// script cannot catch it; call SetInstructionBudget again to reset it.
func (ls *LState) SetInstructionBudget(n int64) {
	if n <= 0 {
		ls.G.budgetOn = false
		ls.G.budgetLeft = 0
		return
	}
	ls.G.budgetOn = true
	ls.G.budgetLeft = n
}

// InstructionsLeft returns how many instructions remain in the budget (a
// negative number once it has been exceeded), or -1 when unlimited.
func (ls *LState) InstructionsLeft() int64 {
	if !ls.G.budgetOn {
		return -1
	}
	return ls.G.budgetLeft
}

// BudgetExceeded tells whether the instruction budget has been exhausted.
func (ls *LState) BudgetExceeded() bool {
	return ls.G.budgetOn && ls.G.budgetLeft < 0
}

// lua51BudgetError raises the (uncatchable) budget error, without position.
func lua51BudgetError(L *LState) {
	L.raiseError(0, "%s", BudgetExceededMessage)
}

// lua51ReraiseIfBudgetExceeded is called by pcall, xpcall and
// coroutine.resume after they caught an error.
func lua51ReraiseIfBudgetExceeded(L *LState) {
	if L.G.budgetOn && L.G.budgetLeft < 0 {
		lua51BudgetError(L)
	}
	if L.G.memOn && L.G.memLeft < 0 {
		L.raiseError(0, "%s", StringBudgetExceededMessage)
	}
}

/* }}} */

/* lvm.c OP_FORPREP {{{ */

var lua51ForPrepMessages = [3]string{
	"'for' initial value must be a number",
	"'for' limit must be a number",
	"'for' step must be a number",
}

// lua51ForPrep converts the three numeric for control values in place like
// lvm.c OP_FORPREP (tonumber: numeric strings are accepted) and raises
// Lua 5.1's messages, checking the initial value, the limit, then the step.
func lua51ForPrep(L *LState, ra int) {
	for k := 0; k < 3; k++ {
		switch v := L.reg.Get(ra + k).(type) {
		case LNumber:
			continue
		case LString:
			if n, err := parseNumber(string(v)); err == nil {
				L.reg.Set(ra+k, n)
				continue
			}
		}
		lua51RunError(L, lua51ForPrepMessages[k])
	}
}

/* }}} */

/* lauxlib.c luaL_where {{{ */

// lua51Level is lua_getstack's walk down the frames: the frame at level
// (0: the running function), counting the frames that tail calls replaced
// (TailCall); tail is true when level falls among those, Lua's "(tail
// call)" pseudo-level. GetStack and lua51Where share it.
func (ls *LState) lua51Level(level int) (frame *callFrame, tail bool) {
	frame = ls.currentFrame
	for ; level > 0 && frame != nil; frame = frame.Parent {
		level--
		if !frame.Fn.IsG {
			level -= frame.TailCall
		}
	}
	return frame, level < 0
}

// Lua51InfoSl is debug.getinfo(level, "Sl") as Lua 5.1 answers it, in
// gopher-lua's GetStack numbering (0: the running function): the source
// ("=[C]" for a Go function, "=(tail call)" for the pseudo-level a tail
// call leaves, ldebug.c funcinfo), what ("C", "tail", "main" or "Lua") and
// the current line (-1 where there is none); ok is false past the bottom.
func (ls *LState) Lua51InfoSl(level int) (source, what string, line int, ok bool) {
	frame, tail := ls.lua51Level(level)
	switch {
	case tail:
		return "=(tail call)", "tail", -1, true
	case frame == nil || frame.Fn == nil:
		return "", "", 0, false
	case frame.Fn.IsG:
		return "=[C]", "C", -1, true
	}
	p := frame.Fn.Proto
	what, line = "Lua", -1
	if p == nil {
		return "", what, line, true
	}
	if p.LineDefined == 0 {
		what = "main"
	}
	if frame.Pc > 0 && frame.Pc <= len(p.DbgSourcePositions) {
		line = p.DbgSourcePositions[frame.Pc-1]
	}
	return p.SourceName, what, line, true
}

// lua51Where is luaL_where(L, level) with gopher-lua's GetStack numbering
// (level 0 is the running function): "chunk:line:" for a Lua function
// with a current line (Lua51InfoSl), "" for a Go function or when there
// is no such level.
//
// A level inside the frames a tail call replaced is lua_getstack's "(tail
// call)" pseudo-level, which has no line (""); GetStack answers the
// bottom frame for it instead.
func lua51Where(L *LState, level int) string {
	src, _, line, ok := L.Lua51InfoSl(level)
	if !ok || line <= 0 { // lauxlib.c luaL_where: ar.currentline > 0
		return ""
	}
	return lua51ChunkID(src) + ":" + strconv.Itoa(line) + ":"
}

// lua51Prefixed is s after luaL_where(L, 1): the position of the running
// Go function's caller, when that is Lua code.
func lua51Prefixed(L *LState, s string) LString {
	if w := lua51Where(L, 1); w != "" {
		return LString(w + " " + s)
	}
	return LString(s)
}

/* }}} */

// lua51CheckStack is lua_checkstack(L, n) for the running Go function,
// whose arguments are on its stack.
func lua51CheckStack(L *LState, n int) bool { return Lua51CheckStack(L.GetTop(), n) }

// fieldCacheEntry is what a GETGLOBAL or GETTABLEKS instruction last found:
// the raw value of key in tb while tb's string keys were at version ver.
type fieldCacheEntry struct {
	tb  *LTable
	ver uint64
	key string
	val LValue
}

// getFieldStringCached is getFieldString for the instruction cf is running
// (GETGLOBAL, GETTABLEKS), remembering per instruction a raw value found
// in a table: a Redis script reads redis.call, KEYS and ARGV through the
// same instructions on every run, each a map lookup by string. A lookup
// that found nothing raw (a metatable's __index, an error) is not cached;
// any change to the table's string keys invalidates the entry.
func (ls *LState) getFieldStringCached(cf *callFrame, obj LValue, key string) LValue {
	tb, ok := obj.(*LTable)
	if !ok {
		return ls.getFieldString(obj, key)
	}
	fn := cf.Fn // a Lua function: only its instructions come here
	pc := cf.Pc - 1
	if fn.fieldCache != nil {
		if e := &fn.fieldCache[pc]; e.tb == tb && e.ver == tb.strver && e.key == key {
			return e.val
		}
	}
	v := tb.RawGetString(key)
	if v == LNil {
		return ls.getFieldString(obj, key)
	}
	if fn.fieldCache == nil {
		fn.fieldCache = make([]fieldCacheEntry, len(fn.Proto.Code))
	}
	fn.fieldCache[pc] = fieldCacheEntry{tb: tb, ver: tb.strver, key: key, val: v}
	return v
}

/* lobject.c luaO_chunkid, luaO_str2d {{{ */

// The lexer's C helpers live in parse, which converts numerals and names
// chunks in its messages; the library calls them under their C names.

func lua51ChunkID(source string) string        { return parse.ChunkID(source) }
func lua51Str2Number(s string) (float64, bool) { return parse.Str2Number(s) }
func lua51IsSpace(c byte) bool                 { return parse.IsSpace(c) }
func lua51IsDigit(c byte) bool                 { return c >= '0' && c <= '9' }

// Lua51Strtod is glibc's strtod in the "C" locale (parse.Strtod); lua-cjson
// decodes numbers with it (fpconv_strtod).
func Lua51Strtod(s string) (float64, int) { return parse.Strtod(s) }

/* }}} */

// lua51CCalls is what L->nCcalls would be at this point: 0 outside any
// call (a host loading a chunk), else 1 for Redis's lua_pcall into the
// script plus one for every C function further down the stack, each of
// which called back into Lua through luaD_call (pcall, xpcall, sort's
// comparator, gsub's function). The function running now is the one
// loading (loadstring), not counted.
func (ls *LState) lua51CCalls() int {
	sp := ls.stack.Sp()
	if sp == 0 {
		return 0
	}
	n := 1
	for i := 0; i < sp-1; i++ {
		if fn := ls.stack.At(i).Fn; fn != nil && fn.IsG {
			n++
		}
	}
	return n
}
