package lualib

import (
	"math"

	lua "github.com/yuin/gopher-lua"
)

// Roberto Ierusalimschy's struct library 0.2 as Redis vendors it
// (deps/lua/src/lua_struct.c, STRUCT_INT long): struct.pack, struct.unpack
// and struct.size, on x86-64 (little-endian native order, 8-byte maximum
// alignment, C casts as gcc compiles them).

const (
	structBig      = 0
	structLittle   = 1
	structMaxInt   = 32 // MAXINTSIZE
	structMaxAlign = 8  // MAXALIGN: max(offsetof(struct{char;double}, d), sizeof(int))
	// luaBufferSize is LUAL_BUFFERSIZE (BUFSIZ on glibc): a luaL_Buffer
	// pushes its contents onto the stack each time this many bytes fill it.
	luaBufferSize = 8192
	luaMinStack   = 20
)

type structHeader struct {
	endian int
	align  int
}

// structFormat walks a format string as a C string: it ends at a NUL byte.
type structFormat struct {
	s string
	i int
}

func (f *structFormat) more() bool { return f.i < len(f.s) }

// next is `opt = *fmt++`: the byte as C's (signed) char.
func (f *structFormat) next() int {
	c := int(int8(f.s[f.i]))
	f.i++
	return c
}

func isDigit(c int) bool { return c >= '0' && c <= '9' }

// getnum reads a decimal count, def when there is none.
func (f *structFormat) getnum(L *lua.LState, def int) int {
	if !f.more() || !isDigit(int(f.s[f.i])) {
		return def
	}
	a := 0
	for f.more() && isDigit(int(f.s[f.i])) {
		d := int(f.s[f.i]) - '0'
		if a > math.MaxInt32/10 || a*10 > math.MaxInt32-d {
			L.RaiseError("integral size overflow")
		}
		a = a*10 + d
		f.i++
	}
	return a
}

// optsize is the size of an option (0 for those that take no room).
func (f *structFormat) optsize(L *lua.LState, opt int) uint64 {
	switch opt {
	case 'B', 'b':
		return 1
	case 'H', 'h':
		return 2
	case 'L', 'l', 'T', 'd':
		return 8
	case 'f':
		return 4
	case 'x':
		return 1
	case 'c':
		return uint64(f.getnum(L, 1))
	case 'i', 'I':
		sz := f.getnum(L, 4)
		if sz > structMaxInt {
			L.RaiseError("integral size %d is larger than limit of %d", sz, structMaxInt)
		}
		return uint64(sz)
	}
	return 0
}

// gettoalign is how many padding bytes align an item of size at len.
func gettoalign(n uint64, h *structHeader, opt int, size uint64) uint64 {
	if size == 0 || opt == 'c' {
		return 0
	}
	if size > uint64(h.align) {
		size = uint64(h.align)
	}
	return (size - (n & (size - 1))) & (size - 1)
}

// controloptions handles ' ', '>', '<', '!n' and rejects anything else.
func (f *structFormat) controloptions(L *lua.LState, opt int, h *structHeader) {
	switch opt {
	case ' ':
	case '>':
		h.endian = structBig
	case '<':
		h.endian = structLittle
	case '!':
		a := f.getnum(L, structMaxAlign)
		if a <= 0 || a&(a-1) != 0 {
			L.RaiseError("alignment %d is not a power of 2", a)
		}
		h.align = a
	default:
		L.Lua51ArgError(1, "invalid format option '"+string([]byte{byte(opt)})+"'")
	}
}

func isLower(c int) bool { return c >= 'a' && c <= 'z' }

func isAlnum(c int) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z') }

// packStack is the Lua stack of b_pack above its arguments: the nil it
// pushes to separate them from the string buffer, then the pieces the
// luaL_Buffer has pushed. An argument index past the arguments reads it.
type packStack struct {
	L      *lua.LState
	nargs  int
	buf    []byte   // the luaL_Buffer's own block
	pieces []string // lvl strings pushed by luaL_prepbuffer
}

// arg is what index n of the stack holds (LNil for LUA_TNONE too).
func (p *packStack) arg(n int) lua.LValue {
	switch {
	case n <= p.nargs:
		return p.L.Get(n)
	case n == p.nargs+1:
		return lua.LNil
	case n-p.nargs-2 < len(p.pieces):
		return lua.LString(p.pieces[n-p.nargs-2])
	}
	return lua.LNil
}

func (p *packStack) typeName(n int) string {
	if n > p.nargs+1+len(p.pieces) {
		return "no value"
	}
	return p.arg(n).Type().String()
}

func (p *packStack) checkNumber(n int) float64 {
	f, ok := lua.Lua51ToNumber(p.arg(n))
	if !ok {
		p.L.Lua51ArgError(n, "number expected, got "+p.typeName(n))
	}
	return f
}

func (p *packStack) checkString(n int) string {
	switch v := p.arg(n).(type) {
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return v.String()
	}
	p.L.Lua51ArgError(n, "string expected, got "+p.typeName(n))
	return ""
}

// addByte is luaL_addchar: a full block is pushed as a string first
// (luaL_prepbuffer: emptybuffer then adjuststack).
func (p *packStack) addByte(c byte) {
	if len(p.buf) >= luaBufferSize {
		p.pieces = append(p.pieces, string(p.buf))
		p.buf = p.buf[:0]
		p.adjust()
	}
	p.buf = append(p.buf, c)
}

func (p *packStack) addString(s string) {
	for i := 0; i < len(s); i++ {
		p.addByte(s[i])
	}
}

// adjust is adjuststack: the top pieces are joined while they keep the
// stack short (LIMIT = LUA_MINSTACK/2 levels) or a lower piece is shorter
// than the ones above it.
func (p *packStack) adjust() {
	lvl := len(p.pieces)
	if lvl <= 1 {
		return
	}
	toget := 1
	toplen := len(p.pieces[lvl-1])
	for {
		l := len(p.pieces[lvl-1-toget])
		if lvl-toget+1 >= luaMinStack/2 || toplen > l {
			toplen += l
			toget++
		} else {
			break
		}
		if toget >= lvl {
			break
		}
	}
	joined := ""
	for _, s := range p.pieces[lvl-toget:] {
		joined += s
	}
	p.pieces = append(p.pieces[:lvl-toget], joined)
}

func (p *packStack) result() string {
	out := ""
	for _, s := range p.pieces {
		out += s
	}
	return out + string(p.buf)
}

// putinteger stores n in size bytes: negative numbers through a C long,
// others through an unsigned long (so 2^63..2^64 keep their bits).
func (p *packStack) putinteger(arg int, endian int, size int) {
	n := p.checkNumber(arg)
	var value uint64
	if n < 0 {
		value = uint64(lua.Lua51Integer(n))
	} else {
		value = cUint64(n)
	}
	var buf [structMaxInt]byte
	if endian == structLittle {
		for i := 0; i < size; i++ {
			buf[i] = byte(value)
			value >>= 8
		}
	} else {
		for i := size - 1; i >= 0; i-- {
			buf[i] = byte(value)
			value >>= 8
		}
	}
	p.addString(string(buf[:size]))
}

// structBytes puts the little-endian bytes of a float or double in the
// requested order (correctbytes).
func structBytes(le []byte, endian int) string {
	if endian == structBig {
		for i, j := 0, len(le)-1; i < j; i, j = i+1, j-1 {
			le[i], le[j] = le[j], le[i]
		}
	}
	return string(le)
}

func structPack(L *lua.LState) int {
	fs := &structFormat{s: cString(checkString(L, 1))}
	h := structHeader{endian: structLittle, align: 1}
	p := &packStack{L: L, nargs: L.GetTop()}
	arg := 2
	var totalsize uint64
	for fs.more() {
		opt := fs.next()
		size := fs.optsize(L, opt)
		toalign := gettoalign(totalsize, &h, opt, size)
		totalsize += toalign
		for ; toalign > 0; toalign-- {
			p.addByte(0)
		}
		switch opt {
		case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I':
			p.putinteger(arg, h.endian, int(size))
			arg++
		case 'x':
			p.addByte(0)
		case 'f':
			f := float32(p.checkNumber(arg))
			arg++
			b := math.Float32bits(f)
			p.addString(structBytes([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24)}, h.endian))
		case 'd':
			d := p.checkNumber(arg)
			arg++
			b := math.Float64bits(d)
			le := make([]byte, 8)
			for i := range le {
				le[i] = byte(b >> (8 * i))
			}
			p.addString(structBytes(le, h.endian))
		case 'c', 's':
			s := p.checkString(arg)
			arg++
			if size == 0 {
				size = uint64(len(s))
			}
			// the original checks the argument after the string's (arg++)
			argCheck(L, uint64(len(s)) >= size, arg, "string too short")
			p.addString(s[:size])
			if opt == 's' {
				p.addByte(0)
				size++
			}
		default:
			fs.controloptions(L, opt, &h)
		}
		totalsize += size
	}
	L.Push(lua.LString(p.result()))
	return 1
}

// getinteger reads size bytes as an integer; C keeps the low 64 bits and
// shifts the sign mask by size*8-1 modulo 64 (x86-64).
func getinteger(data string, endian int, signed bool, size int) float64 {
	var l uint64
	if endian == structBig {
		for i := 0; i < size; i++ {
			l = l<<8 | uint64(data[i])
		}
	} else {
		for i := size - 1; i >= 0; i-- {
			l = l<<8 | uint64(data[i])
		}
	}
	if !signed {
		return float64(l)
	}
	mask := ^uint64(0) << (uint(size*8-1) & 63)
	if l&mask != 0 {
		l |= mask
	}
	return float64(int64(l))
}

func structUnpack(L *lua.LState) int {
	fs := &structFormat{s: cString(checkString(L, 1))}
	data := checkString(L, 2)
	ld := uint64(len(data))
	pos := uint64(optInteger(L, 3, 1))
	argCheck(L, pos > 0, 3, "offset must be 1 or greater")
	pos--
	nargs := L.GetTop()
	h := structHeader{endian: structLittle, align: 1}
	var res []lua.LValue
	for fs.more() {
		opt := fs.next()
		size := fs.optsize(L, opt)
		pos += gettoalign(pos, &h, opt, size)
		argCheck(L, size <= ld && pos <= ld-size, 2, "data string too short")
		if !checkStack(nargs+len(res), 2) {
			L.RaiseError("stack overflow (too many results)")
		}
		switch opt {
		case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I':
			res = append(res, lua.LNumber(getinteger(data[pos:], h.endian, isLower(opt), int(size))))
		case 'x':
		case 'f':
			b := []byte(data[pos : pos+4])
			if h.endian == structBig {
				b[0], b[1], b[2], b[3] = b[3], b[2], b[1], b[0]
			}
			f := math.Float32frombits(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)
			res = append(res, lua.LNumber(f))
		case 'd':
			var u uint64
			for i := 0; i < 8; i++ {
				shift := 8 * i
				if h.endian == structBig {
					shift = 8 * (7 - i)
				}
				u |= uint64(data[pos+uint64(i)]) << shift
			}
			res = append(res, lua.LNumber(math.Float64frombits(u)))
		case 'c':
			if size == 0 {
				var prev float64
				ok := false
				if len(res) > 0 {
					prev, ok = lua.Lua51ToNumber(res[len(res)-1])
				}
				if !ok {
					L.RaiseError("format 'c0' needs a previous size")
				}
				size = cUint64(prev)
				res = res[:len(res)-1]
				argCheck(L, size <= ld && pos <= ld-size, 2, "data string too short")
			}
			res = append(res, lua.LString(data[pos:pos+size]))
		case 's':
			e := -1
			for i := pos; i < ld; i++ {
				if data[i] == 0 {
					e = int(i)
					break
				}
			}
			if e < 0 {
				L.RaiseError("unfinished string in data")
			}
			size = uint64(e) - pos + 1
			res = append(res, lua.LString(data[pos:pos+size-1]))
		default:
			fs.controloptions(L, opt, &h)
		}
		pos += size
	}
	for _, v := range res {
		L.Push(v)
	}
	L.Push(lua.LNumber(float64(int64(pos + 1))))
	return len(res) + 1
}

func structSize(L *lua.LState) int {
	fs := &structFormat{s: cString(checkString(L, 1))}
	h := structHeader{endian: structLittle, align: 1}
	var pos uint64
	for fs.more() {
		opt := fs.next()
		size := fs.optsize(L, opt)
		pos += gettoalign(pos, &h, opt, size)
		if opt == 's' {
			L.Lua51ArgError(1, "option 's' has no fixed size")
		} else if opt == 'c' && size == 0 {
			L.Lua51ArgError(1, "option 'c0' has no fixed size")
		}
		if !isAlnum(opt) {
			fs.controloptions(L, opt, &h)
		}
		pos += size
	}
	L.Push(lua.LNumber(float64(int64(pos))))
	return 1
}

func openStruct(L *lua.LState) *lua.LTable {
	t := L.NewTable()
	t.RawSetString("pack", L.NewFunction(structPack))
	t.RawSetString("unpack", L.NewFunction(structUnpack))
	t.RawSetString("size", L.NewFunction(structSize))
	return t
}
