package lualib

import (
	"math"

	lua "github.com/yuin/gopher-lua"
)

// LuaBitOp 1.0.2 (deps/lua/src/lua_bit.c): 32-bit operations on Lua
// numbers, results signed.

// bitArg is barg: the number (lua_tonumber, so numeric strings count)
// plus 2^52+2^51, whose low 32 bits are then the number rounded to an
// integer modulo 2^32; 0 from a value that is not a number is an error.
func bitArg(L *lua.LState, n int) uint32 {
	f, ok := lua.Lua51ToNumber(L.Get(n))
	b := uint32(math.Float64bits(f + 6755399441055744.0))
	if b == 0 && !ok {
		L.Lua51TypeError(n, "number")
	}
	return b
}

// bitRet is BRET: the 32 bits as a signed number.
func bitRet(L *lua.LState, b uint32) int {
	L.Push(lua.LNumber(int32(b)))
	return 1
}

func bitTobit(L *lua.LState) int { return bitRet(L, bitArg(L, 1)) }
func bitBnot(L *lua.LState) int  { return bitRet(L, ^bitArg(L, 1)) }

// bitOp is BIT_OP: the first argument, then the others from the last down.
func bitOp(op func(a, b uint32) uint32) lua.LGFunction {
	return func(L *lua.LState) int {
		b := bitArg(L, 1)
		for i := L.GetTop(); i > 1; i-- {
			b = op(b, bitArg(L, i))
		}
		return bitRet(L, b)
	}
}

// bitShift is BIT_SH: the shift count is taken modulo 32.
func bitShift(op func(b, n uint32) uint32) lua.LGFunction {
	return func(L *lua.LState) int {
		b := bitArg(L, 1)
		n := bitArg(L, 2) & 31
		return bitRet(L, op(b, n))
	}
}

func bitBswap(L *lua.LState) int {
	b := bitArg(L, 1)
	b = (b >> 24) | ((b >> 8) & 0xff00) | ((b & 0xff00) << 8) | (b << 24)
	return bitRet(L, b)
}

// bitTohex is bit_tohex: n digits (default 8, at most 8), upper case when
// n is negative.
func bitTohex(L *lua.LState) int {
	b := bitArg(L, 1)
	n := int32(8)
	if L.GetTop() >= 2 {
		n = int32(bitArg(L, 2))
	}
	digits := "0123456789abcdef"
	if n < 0 {
		n = -n
		digits = "0123456789ABCDEF"
	}
	if n > 8 {
		n = 8
	}
	if n < 0 { // -INT_MIN: C would push a string of (size_t)n bytes
		L.RaiseError("not enough memory")
	}
	buf := make([]byte, n)
	for i := int(n) - 1; i >= 0; i-- {
		buf[i] = digits[b&15]
		b >>= 4
	}
	L.Push(lua.LString(buf))
	return 1
}

func openBit(L *lua.LState) *lua.LTable {
	t := L.NewTable()
	for _, f := range []struct {
		name string
		fn   lua.LGFunction
	}{
		{"tobit", bitTobit},
		{"bnot", bitBnot},
		{"band", bitOp(func(a, b uint32) uint32 { return a & b })},
		{"bor", bitOp(func(a, b uint32) uint32 { return a | b })},
		{"bxor", bitOp(func(a, b uint32) uint32 { return a ^ b })},
		{"lshift", bitShift(func(b, n uint32) uint32 { return b << n })},
		{"rshift", bitShift(func(b, n uint32) uint32 { return b >> n })},
		{"arshift", bitShift(func(b, n uint32) uint32 { return uint32(int32(b) >> n) })},
		{"rol", bitShift(func(b, n uint32) uint32 { return b<<n | b>>((32-n)&31) })},
		{"ror", bitShift(func(b, n uint32) uint32 { return b<<((32-n)&31) | b>>n })},
		{"bswap", bitBswap},
		{"tohex", bitTohex},
	} {
		t.RawSetString(f.name, L.NewFunction(f.fn))
	}
	return t
}
