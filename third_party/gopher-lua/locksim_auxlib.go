package lua

// locksim: this whole file is a locksim addition to the gopher-lua fork. It
// gives Go libraries what the C libraries Redis 7.0 loads into its Lua 5.1
// (lua-cjson, lua-cmsgpack, LuaBitOp, struct) get from lauxlib.c and
// lapi.c: argument errors worded and numbered exactly like luaL_argerror,
// lua_tonumber's conversion, read-only tables (Redis's
// lua_enablereadonlytable) and the sizes a table constructor gave a table,
// so that a library can reproduce the order of Lua 5.1's lua_next.

import "math"

// Lua51ToNumber is lua_tonumber together with lua_isnumber (lapi.c): a
// number, or a string that luaO_str2d converts. ok is false otherwise.
func Lua51ToNumber(v LValue) (f float64, ok bool) {
	switch lv := v.(type) {
	case LNumber:
		return float64(lv), true
	case LString:
		return lua51Str2Number(string(lv))
	}
	return 0, false
}

// Lua51TypeName is luaL_typename: the type of argument n of the running Go
// function, "no value" when there is no such argument (LUA_TNONE).
func (ls *LState) Lua51TypeName(n int) string {
	if n > ls.GetTop() || n < 1 {
		return "no value"
	}
	return ls.Get(n).Type().String()
}

// lua51FuncName is getfuncname (ldebug.c) for the running Go function: the
// name its caller used for it, found from the caller's CALL, TAILCALL or
// TFORLOOP instruction; "" when the caller is not a Lua function (pcall,
// a Go API call) or the callee has no name (an expression).
func (ls *LState) lua51FuncName() (namewhat, name string) {
	cf := ls.currentFrame
	if cf == nil || cf.Parent == nil {
		return "", ""
	}
	p := cf.Parent
	if p.Fn == nil || p.Fn.IsG || p.Fn.Proto == nil || p.Pc < 1 || p.Pc > len(p.Fn.Proto.Code) {
		return "", ""
	}
	inst := p.Fn.Proto.Code[p.Pc-1]
	switch opGetOpCode(inst) {
	case OP_CALL, OP_TAILCALL, OP_TFORLOOP:
		return lua51GetObjName(p.Fn.Proto, p.Pc-1, opGetArgA(inst))
	}
	return "", ""
}

// Lua51ArgError is luaL_argerror (lauxlib.c): it raises
// "bad argument #<narg> to '<name>' (<extramsg>)" with the position of the
// calling Lua function. The name is the one the caller used ("?" when
// unknown); for a method call the argument count leaves out self, and a bad
// self reads "calling '<name>' on bad self (<extramsg>)".
func (ls *LState) Lua51ArgError(narg int, extramsg string) {
	namewhat, name := ls.lua51FuncName()
	if namewhat == "method" {
		narg--
		if narg == 0 {
			ls.RaiseError("calling '%s' on bad self (%s)", name, extramsg)
		}
	}
	if namewhat == "" {
		name = "?"
	}
	ls.RaiseError("bad argument #%d to '%s' (%s)", narg, name, extramsg)
}

// Lua51TypeError is luaL_typerror: "<tname> expected, got <type>" for
// argument narg.
func (ls *LState) Lua51TypeError(narg int, tname string) {
	ls.Lua51ArgError(narg, tname+" expected, got "+ls.Lua51TypeName(narg))
}

// Lua51RunError is luaG_runerror: msg with the "chunk:line:" prefix only
// when the running function is a Lua function, so a Go function raising it
// gives no position.
func (ls *LState) Lua51RunError(msg string) { lua51RunError(ls, msg) }

// ReadOnlyMessage is the error Redis's Lua raises on any change to a
// read-only table.
const ReadOnlyMessage = "Attempt to modify a readonly table"

// SetReadOnly makes the table read-only or writable again: assignments
// (with or without __newindex), rawset, setmetatable, table.insert and
// table.remove on it raise ReadOnlyMessage. Redis 7.0 makes every table
// reachable from the globals read-only (lapi.c lua_enablereadonlytable,
// eval.c scriptingInit). The Go API (RawSet, SetMetatable) is not checked:
// the host writes KEYS and ARGV as Redis does, protection off.
func (tb *LTable) SetReadOnly(on bool) { tb.readonly = on }

// IsReadOnly tells whether the table is read-only.
func (tb *LTable) IsReadOnly() bool { return tb.readonly }

// lua51CheckWritable raises ReadOnlyMessage when tb is read-only (lvm.c
// luaV_settable, lapi.c lua_rawset/lua_rawseti/lua_setmetatable).
func lua51CheckWritable(ls *LState, tb *LTable) {
	if tb.readonly {
		lua51RunError(ls, ReadOnlyMessage)
	}
}

// lua51FB2Int is luaO_fb2int (lobject.c): the size a "floating point byte"
// of OP_NEWTABLE stands for.
func lua51FB2Int(x int) int {
	e := (x >> 3) & 31
	if e == 0 {
		return x
	}
	return ((x & 7) + 8) << (e - 1)
}

// Lua51ConstructorSizes returns the sizes Lua 5.1 gives the array and hash
// parts of a table made by a table constructor (OP_NEWTABLE B and C:
// the number of list items and of keyed fields, rounded up as
// luaO_int2fb/luaO_fb2int do); ok is false for a table made any other way
// (by Go code, which Lua 5.1 does with lua_newtable: both sizes 0).
func (tb *LTable) Lua51ConstructorSizes() (narray, nhash int, ok bool) {
	if tb.ctorSizes == 0 {
		return 0, 0, false
	}
	b := int(tb.ctorSizes>>9) & 0x1ff
	c := int(tb.ctorSizes) & 0x1ff
	return lua51FB2Int(b), lua51FB2Int(c), true
}

// lua51CtorSizes packs OP_NEWTABLE's B and C for Lua51ConstructorSizes.
func lua51CtorSizes(b, c int) uint32 { return 1<<18 | uint32(b)<<9 | uint32(c) }

// lua51ArrayKey is an integer key of the array part and how many keys of
// the other parts had been set (tb.keys) when it was first set.
type lua51ArrayKey struct{ key, after int32 }

func (tb *LTable) lua51NoteArrayKey(key int) {
	tb.arrayOrder = append(tb.arrayOrder, lua51ArrayKey{int32(key), int32(len(tb.keys))})
}

// Lua51SetOrder calls f with the keys of a table made with sizes (a
// constructor, or SetLua51Sizes) in the order each was first set, keys
// without a value left out, and reports true; for another table it calls
// nothing and reports false. gopher-lua keeps integer keys in an array part
// that forgets when they were set, where Lua 5.1 may keep them in its hash
// part, whose layout that order shapes ({[3]=1, [1]=2} walks 3 first).
func (tb *LTable) Lua51SetOrder(f func(k LValue)) bool {
	if tb.ctorSizes == 0 {
		return false
	}
	ai := 0
	var seen []bool // emitted already: a key set again after it was nil keeps its first place
	emitArray := func(upTo int) {
		for ; ai < len(tb.arrayOrder) && int(tb.arrayOrder[ai].after) <= upTo; ai++ {
			k := int(tb.arrayOrder[ai].key)
			if k > len(tb.array) || tb.array[k-1] == LNil {
				continue
			}
			if seen == nil {
				seen = make([]bool, len(tb.array))
			}
			if !seen[k-1] {
				seen[k-1] = true
				f(LNumber(k))
			}
		}
	}
	for i, k := range tb.keys {
		emitArray(i)
		if tb.RawGetH(k) != LNil {
			f(k)
		}
	}
	emitArray(len(tb.keys))
	// Keys that reached the array part some other way (Append, Insert from
	// Go) were not noted: they come last, ascending, rather than not at all.
	for i, v := range tb.array {
		if v != LNil && (seen == nil || !seen[i]) {
			f(LNumber(i + 1))
		}
	}
	return true
}

// SetLua51Sizes records the sizes a C library gave a table it made with
// lua_createtable (or luaL_register), for Lua51ConstructorSizes. They are
// stored as OP_NEWTABLE stores them (luaO_int2fb), so an array size of 16
// or more may read back rounded up.
func (tb *LTable) SetLua51Sizes(narray, nhash int) {
	tb.ctorSizes = lua51CtorSizes(int2Fb(narray), int2Fb(nhash))
}

// Lua51Int is the C cast (int)d of x86-64 (cvttsd2si, 32 bits): the value
// truncated toward zero, and INT_MIN when it does not fit or is NaN. Lua
// 5.1 converts numbers to C ints this way (luaconf.h lua_number2int).
func Lua51Int(d float64) int32 {
	if d != d || d >= 2147483648 || d <= -2147483649 {
		return math.MinInt32
	}
	return int32(d)
}

// Lua51Integer is the C cast (long)d of x86-64 (cvttsd2si, 64 bits): the
// value truncated toward zero, and LONG_MIN when it does not fit or is
// NaN (luaconf.h lua_number2integer).
func Lua51Integer(d float64) int64 {
	if d != d || d >= 9223372036854775808 || d < -9223372036854775808 {
		return math.MinInt64
	}
	return int64(d)
}

// Lua51MaxCStack is LUAI_MAXCSTACK (luaconf.h): how many stack slots a C
// function may use; lua_checkstack fails beyond it.
const Lua51MaxCStack = 8000

// Lua51CheckStack is lua_checkstack for a C function using used slots:
// false when size more would pass LUAI_MAXCSTACK (lapi.c).
func Lua51CheckStack(used, size int) bool {
	return size <= Lua51MaxCStack && used+size <= Lua51MaxCStack
}

// Lua51CheckInteger is luaL_checkinteger: luaL_checknumber cast to a C
// long (numeric strings converted as lua_tonumber does).
func (ls *LState) Lua51CheckInteger(n int) int64 {
	f, ok := Lua51ToNumber(ls.Get(n))
	if !ok {
		ls.Lua51TypeError(n, "number")
	}
	return Lua51Integer(f)
}

// Lua51OptInteger is luaL_optinteger: def when the argument is none or nil.
func (ls *LState) Lua51OptInteger(n int, def int64) int64 {
	if ls.Get(n) == LNil {
		return def
	}
	return ls.Lua51CheckInteger(n)
}
