package lualib

import (
	"math"

	lua "github.com/yuin/gopher-lua"
)

// The argument checks of Lua 5.1's lauxlib.c, which the C libraries call;
// their errors are worded and numbered as luaL_argerror words them.

// checkStack is lua_checkstack for a C function using used slots.
func checkStack(used, size int) bool { return lua.Lua51CheckStack(used, size) }

// checkInteger is luaL_checkinteger: luaL_checknumber cast to a C long.
func checkInteger(L *lua.LState, n int) int64 { return L.Lua51CheckInteger(n) }

// optInteger is luaL_optinteger: def when the argument is none or nil.
func optInteger(L *lua.LState, n int, def int64) int64 { return L.Lua51OptInteger(n, def) }

// checkString is luaL_checklstring: a string, or a number converted with
// "%.14g".
func checkString(L *lua.LState, n int) string {
	switch v := L.Get(n).(type) {
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return v.String()
	}
	L.Lua51TypeError(n, "string")
	return ""
}

// argCheck is luaL_argcheck.
func argCheck(L *lua.LState, cond bool, n int, msg string) {
	if !cond {
		L.Lua51ArgError(n, msg)
	}
}

// cString is what C code sees of a Lua string through lua_tostring and a
// char *: the bytes up to the first NUL.
func cString(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return s[:i]
		}
	}
	return s
}

// cUint64 is the C cast (unsigned long)d as gcc compiles it on x86-64:
// unless d >= 2^63 (NaN is not), a signed conversion (cvttsd2si); at or
// above 2^63 the same on d-2^63 with the top bit flipped back. Out of range
// and NaN give what those instructions give.
func cUint64(d float64) uint64 {
	if d >= 9223372036854775808.0 {
		return uint64(lua.Lua51Integer(d-9223372036854775808.0)) ^ (1 << 63)
	}
	return uint64(lua.Lua51Integer(d))
}

// isInf is C's isinf.
func isInf(d float64) bool { return math.IsInf(d, 0) }
