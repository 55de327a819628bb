package lualib

import (
	"math"

	lua "github.com/yuin/gopher-lua"
)

// lua-cmsgpack 0.4.0 (deps/lua/src/lua_cmsgpack.c): MessagePack for Lua
// 5.1 numbers (doubles), with Redis's build on x86-64.

// mpMaxNesting is LUACMSGPACK_MAX_NESTING: a table nested deeper packs as
// nil, so a table that contains itself packs finitely.
const mpMaxNesting = 16

func mpAppendUint(buf []byte, tag byte, v uint64, n int) []byte {
	buf = append(buf, tag)
	for i := n - 1; i >= 0; i-- {
		buf = append(buf, byte(v>>(8*i)))
	}
	return buf
}

// mpEncodeBytes is mp_encode_bytes: fixraw, raw 8 (0xd9), 16, 32.
func mpEncodeBytes(buf []byte, s string) []byte {
	n := len(s)
	switch {
	case n < 32:
		buf = append(buf, 0xa0|byte(n))
	case n <= 0xff:
		buf = append(buf, 0xd9, byte(n))
	case n <= 0xffff:
		buf = mpAppendUint(buf, 0xda, uint64(n), 2)
	default:
		buf = mpAppendUint(buf, 0xdb, uint64(n), 4)
	}
	return append(buf, s...)
}

// mpEncodeDouble is mp_encode_double: a float when the double survives the
// round trip through float (NaN never does), else a double.
func mpEncodeDouble(buf []byte, d float64) []byte {
	f := float32(d)
	if float64(f) == d {
		return mpAppendUint(buf, 0xca, uint64(math.Float32bits(f)), 4)
	}
	return mpAppendUint(buf, 0xcb, math.Float64bits(d), 8)
}

// mpEncodeInt is mp_encode_int: the smallest of the fixnum, uint and int
// encodings.
func mpEncodeInt(buf []byte, n int64) []byte {
	if n >= 0 {
		switch {
		case n <= 127:
			return append(buf, byte(n))
		case n <= 0xff:
			return append(buf, 0xcc, byte(n))
		case n <= 0xffff:
			return mpAppendUint(buf, 0xcd, uint64(n), 2)
		case n <= 0xffffffff:
			return mpAppendUint(buf, 0xce, uint64(n), 4)
		}
		return mpAppendUint(buf, 0xcf, uint64(n), 8)
	}
	switch {
	case n >= -32:
		return append(buf, byte(int8(n)))
	case n >= -128:
		return append(buf, 0xd0, byte(n))
	case n >= -32768:
		return mpAppendUint(buf, 0xd1, uint64(n), 2)
	case n >= -2147483648:
		return mpAppendUint(buf, 0xd2, uint64(n), 4)
	}
	return mpAppendUint(buf, 0xd3, uint64(n), 8)
}

func mpEncodeHeader(buf []byte, n uint64, fix, tag16, tag32 byte) []byte {
	switch {
	case n <= 15:
		return append(buf, fix|byte(n&0xf))
	case n <= 65535:
		return mpAppendUint(buf, tag16, n, 2)
	}
	return mpAppendUint(buf, tag32, n&0xffffffff, 4)
}

// mpTableIsArray is table_is_an_array: only keys 1..N, N the key count.
func mpTableIsArray(tb *lua.LTable) bool {
	count, max := 0, 0
	for k, _ := tb.Next(lua.LNil); k != lua.LNil; k, _ = tb.Next(k) {
		n, ok := k.(lua.LNumber)
		if !ok || n <= 0 || float64(lua.Lua51Int(float64(n))) != float64(n) {
			return false
		}
		if int(n) > max {
			max = int(n)
		}
		count++
	}
	return max == count
}

// msgpack is the cmsgpack module of one Lua state: the history of the
// tables it unpacks, which its own pack and cjson.encode read back.
type msgpack struct{ hist *History }

// mpEncode is mp_encode_lua_type.
func (mp *msgpack) mpEncode(buf []byte, v lua.LValue, level int) []byte {
	switch x := v.(type) {
	case lua.LString:
		return mpEncodeBytes(buf, string(x))
	case lua.LBool:
		if x {
			return append(buf, 0xc3)
		}
		return append(buf, 0xc2)
	case lua.LNumber:
		// mp_encode_lua_number: an integer when (int64_t)n == n
		n := float64(x)
		if i := lua.Lua51Integer(n); !isInf(n) && float64(i) == n {
			return mpEncodeInt(buf, i)
		}
		return mpEncodeDouble(buf, n)
	case *lua.LTable:
		if level == mpMaxNesting {
			return append(buf, 0xc0)
		}
		if mpTableIsArray(x) {
			n := x.Len() // lua_objlen: the keys are exactly 1..n
			buf = mpEncodeHeader(buf, uint64(n), 0x90, 0xdc, 0xdd)
			for j := 1; j <= n; j++ {
				buf = mp.mpEncode(buf, x.RawGetInt(j), level+1)
			}
			return buf
		}
		keys := mp.hist.NextOrder(x)
		buf = mpEncodeHeader(buf, uint64(len(keys)), 0x80, 0xde, 0xdf)
		for _, k := range keys {
			buf = mp.mpEncode(buf, k, level+1)
			buf = mp.mpEncode(buf, x.RawGet(k), level+1)
		}
		return buf
	}
	return append(buf, 0xc0) // nil, functions, userdata, threads
}

// mpPack is mp_pack: every argument packed, concatenated.
func (mp *msgpack) mpPack(L *lua.LState) int {
	nargs := L.GetTop()
	if nargs == 0 {
		L.Lua51ArgError(0, "MessagePack pack needs input.")
	}
	if !checkStack(nargs, nargs) {
		L.Lua51ArgError(0, "Too many arguments for MessagePack pack.")
	}
	var buf []byte
	for i := 1; i <= nargs; i++ {
		buf = mp.mpEncode(buf, L.Get(i), 0)
	}
	L.Push(lua.LString(buf))
	return 1
}

const (
	mpErrNone   = iota
	mpErrEOF    // MP_CUR_ERROR_EOF: not enough data
	mpErrBadFmt // MP_CUR_ERROR_BADFMT
)

// mpCursor is mp_cur, plus the Lua stack slots in use, which the C code's
// luaL_checkstack calls see.
type mpCursor struct {
	L    *lua.LState
	hist *History
	s    string
	p    int
	left int
	err  int
}

func (c *mpCursor) need(n int) bool {
	if c.left < n {
		c.err = mpErrEOF
		return false
	}
	return true
}

func (c *mpCursor) consume(n int) { c.p += n; c.left -= n }

func (c *mpCursor) b(i int) uint64 { return uint64(c.s[c.p+i]) }

func (c *mpCursor) be(from, n int) uint64 {
	var v uint64
	for i := 0; i < n; i++ {
		v = v<<8 | c.b(from+i)
	}
	return v
}

// checkStack is luaL_checkstack(L, 1, msg) with used slots in use.
func (c *mpCursor) checkStack(used int, msg string) {
	if !checkStack(used, 1) {
		c.L.RaiseError("stack overflow (%s)", msg)
	}
}

// set is lua_settable on a new table: a nil or NaN key is an error (ltable.c
// luaH_set, raised from the C function, so without position); a nil value
// sets nothing.
func (c *mpCursor) set(t *lua.LTable, k, v lua.LValue) {
	switch kk := k.(type) {
	case *lua.LNilType:
		c.L.Lua51RunError("table index is nil")
	case lua.LNumber:
		if kk != kk {
			c.L.Lua51RunError("table index is NaN")
		}
	}
	c.hist.record(t, k, v == lua.LNil)
	if v != lua.LNil {
		t.RawSet(k, v)
	}
}

func (c *mpCursor) array(n uint64, used int) lua.LValue {
	t := c.L.NewTable()
	c.checkStack(used+1, "in function mp_decode_to_lua_array")
	for i := 1; n > 0; n, i = n-1, i+1 {
		v := c.decode(used + 2)
		if c.err != mpErrNone {
			return nil
		}
		c.set(t, lua.LNumber(i), v)
	}
	return t
}

func (c *mpCursor) hash(n uint64, used int) lua.LValue {
	t := c.L.NewTable()
	for ; n > 0; n-- {
		k := c.decode(used + 1)
		if c.err != mpErrNone {
			return nil
		}
		v := c.decode(used + 2)
		if c.err != mpErrNone {
			return nil
		}
		c.set(t, k, v)
	}
	return t
}

// decode is mp_decode_to_lua_type with used stack slots in use.
func (c *mpCursor) decode(used int) lua.LValue {
	if !c.need(1) {
		return nil
	}
	c.checkStack(used, "too many return values at once; use unpack_one or unpack_limit instead.")
	switch tag := c.s[c.p]; tag {
	case 0xcc:
		if !c.need(2) {
			return nil
		}
		v := c.b(1)
		c.consume(2)
		return lua.LNumber(v)
	case 0xd0:
		if !c.need(2) {
			return nil
		}
		v := int8(c.b(1))
		c.consume(2)
		return lua.LNumber(v)
	case 0xcd:
		if !c.need(3) {
			return nil
		}
		v := c.be(1, 2)
		c.consume(3)
		return lua.LNumber(v)
	case 0xd1:
		if !c.need(3) {
			return nil
		}
		v := int16(c.be(1, 2))
		c.consume(3)
		return lua.LNumber(v)
	case 0xce:
		if !c.need(5) {
			return nil
		}
		v := c.be(1, 4)
		c.consume(5)
		return lua.LNumber(v)
	case 0xd2:
		if !c.need(5) {
			return nil
		}
		v := int32(c.be(1, 4))
		c.consume(5)
		return lua.LNumber(v)
	case 0xcf, 0xd3:
		// lua_pushunsigned is lua_pushinteger on 64 bits: a uint64 above
		// 2^63 turns negative, like an int64
		if !c.need(9) {
			return nil
		}
		v := int64(c.be(1, 8))
		c.consume(9)
		return lua.LNumber(v)
	case 0xc0:
		c.consume(1)
		return lua.LNil
	case 0xc3:
		c.consume(1)
		return lua.LTrue
	case 0xc2:
		c.consume(1)
		return lua.LFalse
	case 0xca:
		if !c.need(5) {
			return nil
		}
		f := math.Float32frombits(uint32(c.be(1, 4)))
		c.consume(5)
		return lua.LNumber(f)
	case 0xcb:
		if !c.need(9) {
			return nil
		}
		d := math.Float64frombits(c.be(1, 8))
		c.consume(9)
		return lua.LNumber(d)
	case 0xd9:
		if !c.need(2) {
			return nil
		}
		l := int(c.b(1))
		if !c.need(2 + l) {
			return nil
		}
		s := c.s[c.p+2 : c.p+2+l]
		c.consume(2 + l)
		return lua.LString(s)
	case 0xda:
		if !c.need(3) {
			return nil
		}
		l := int(c.be(1, 2))
		if !c.need(3 + l) {
			return nil
		}
		s := c.s[c.p+3 : c.p+3+l]
		c.consume(3 + l)
		return lua.LString(s)
	case 0xdb:
		if !c.need(5) {
			return nil
		}
		l := int(c.be(1, 4))
		c.consume(5)
		if !c.need(l) {
			return nil
		}
		s := c.s[c.p : c.p+l]
		c.consume(l)
		return lua.LString(s)
	case 0xdc, 0xde:
		if !c.need(3) {
			return nil
		}
		l := c.be(1, 2)
		c.consume(3)
		if tag == 0xdc {
			return c.array(l, used)
		}
		return c.hash(l, used)
	case 0xdd, 0xdf:
		if !c.need(5) {
			return nil
		}
		l := c.be(1, 4)
		c.consume(5)
		if tag == 0xdd {
			return c.array(l, used)
		}
		return c.hash(l, used)
	default:
		switch {
		case tag&0x80 == 0: // positive fixnum
			c.consume(1)
			return lua.LNumber(tag)
		case tag&0xe0 == 0xe0: // negative fixnum
			c.consume(1)
			return lua.LNumber(int8(tag))
		case tag&0xe0 == 0xa0: // fix raw
			l := int(tag & 0x1f)
			if !c.need(1 + l) {
				return nil
			}
			s := c.s[c.p+1 : c.p+1+l]
			c.consume(1 + l)
			return lua.LString(s)
		case tag&0xf0 == 0x90: // fix array
			c.consume(1)
			return c.array(uint64(tag&0xf), used)
		case tag&0xf0 == 0x80: // fix map
			c.consume(1)
			return c.hash(uint64(tag&0xf), used)
		}
		c.err = mpErrBadFmt
		return nil
	}
}

// mpUnpackFull is mp_unpack_full: decode up to limit values from offset;
// with a limit or an offset, the offset to continue from (-1 at the end)
// comes first.
func (mp *msgpack) mpUnpackFull(L *lua.LState, limit, offset int64) int {
	s := checkString(L, 1)
	if offset < 0 || limit < 0 {
		L.RaiseError("Invalid request to unpack with offset of %d and limit of %d.", int32(offset), int32(len(s)))
	} else if uint64(offset) > uint64(len(s)) {
		L.RaiseError("Start offset %d greater than input length %d.", int32(offset), int32(len(s)))
	}
	decodeAll := limit == 0 && offset == 0
	if decodeAll {
		limit = math.MaxInt32
	}
	c := &mpCursor{L: L, hist: mp.hist, s: s, p: int(offset), left: len(s) - int(offset)}
	base := L.GetTop() // the arguments stay on the stack below the values
	var out []lua.LValue
	for cnt := int64(0); c.left > 0 && cnt < limit; cnt++ {
		v := c.decode(base + len(out))
		switch c.err {
		case mpErrEOF:
			L.RaiseError("Missing bytes in input.")
		case mpErrBadFmt:
			L.RaiseError("Bad data format in input.")
		}
		out = append(out, v)
	}
	if !decodeAll {
		c.checkStack(base+len(out), "in function mp_unpack_full")
		next := int64(len(s) - c.left)
		if c.left == 0 {
			next = -1
		}
		L.Push(lua.LNumber(next))
	}
	for _, v := range out {
		L.Push(v)
	}
	if !decodeAll {
		return len(out) + 1
	}
	return len(out)
}

func (mp *msgpack) mpUnpack(L *lua.LState) int { return mp.mpUnpackFull(L, 0, 0) }

func (mp *msgpack) mpUnpackOne(L *lua.LState) int {
	offset := optInteger(L, 2, 0)
	L.SetTop(1)
	return mp.mpUnpackFull(L, 1, offset)
}

func (mp *msgpack) mpUnpackLimit(L *lua.LState) int {
	limit := checkInteger(L, 2)
	offset := optInteger(L, 3, 0)
	L.SetTop(1)
	return mp.mpUnpackFull(L, limit, offset)
}

func openCmsgpack(L *lua.LState, hist *History) *lua.LTable {
	mp := &msgpack{hist: hist}
	t := L.NewTable()
	// the order of luaopen_create, which makes lua_next's order
	t.RawSetString("pack", L.NewFunction(mp.mpPack))
	t.RawSetString("unpack", L.NewFunction(mp.mpUnpack))
	t.RawSetString("unpack_one", L.NewFunction(mp.mpUnpackOne))
	t.RawSetString("unpack_limit", L.NewFunction(mp.mpUnpackLimit))
	t.RawSetString("_NAME", lua.LString("cmsgpack"))
	t.RawSetString("_VERSION", lua.LString("lua-cmsgpack 0.4.0"))
	t.RawSetString("_COPYRIGHT", lua.LString("Copyright (C) 2012, Salvatore Sanfilippo"))
	t.RawSetString("_DESCRIPTION", lua.LString("MessagePack C implementation for Lua"))
	return t
}
