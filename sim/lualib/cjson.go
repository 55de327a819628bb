package lualib

import (
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// lua-cjson 2.1.0 as Redis 7.0 vendors it (deps/lua/src/lua_cjson.c,
// fpconv.c with the "." locale): cjson.encode, cjson.decode, cjson.null,
// cjson.new and the configuration functions.

// cjsonConfig is json_config_t: one per cjson module table. The global
// cjson's lives in the server's State, so a setting made by one script
// holds for the next ones until the scripting engine is reset, as in Redis.
type cjsonConfig struct {
	sparseConvert, sparseRatio, sparseSafe int
	encodeMaxDepth, decodeMaxDepth         int
	encodeInvalidNumbers                   int // 0 off, 1 on, 2 "null"
	decodeInvalidNumbers                   int
	encodeKeepBuffer                       int
	encodeNumberPrecision                  int
}

// defaultCJSONConfig is json_create_config's defaults.
var defaultCJSONConfig = cjsonConfig{
	sparseConvert: 0, sparseRatio: 2, sparseSafe: 10,
	encodeMaxDepth: 1000, decodeMaxDepth: 1000,
	encodeInvalidNumbers: 0, decodeInvalidNumbers: 1,
	encodeKeepBuffer: 1, encodeNumberPrecision: 14,
}

// cjsonArgInit is json_arg_init: at most args arguments, the missing ones nil.
func cjsonArgInit(L *lua.LState, args int) {
	argCheck(L, L.GetTop() <= args, args+1, "found too many arguments")
	for L.GetTop() < args {
		L.Push(lua.LNil)
	}
}

// cjsonIntegerOption is json_integer_option (whose range error always
// names argument 1).
func cjsonIntegerOption(L *lua.LState, idx int, setting *int, min, max int) {
	if L.Get(idx) != lua.LNil {
		value := int(int32(checkInteger(L, idx)))
		argCheck(L, min <= value && value <= max, 1, "expected integer between "+strconv.Itoa(min)+" and "+strconv.Itoa(max))
		*setting = value
	}
	L.Push(lua.LNumber(*setting))
}

var cjsonBoolOptions = []string{"off", "on"}

// cjsonEnumOption is json_enum_option with bool_true 1: a boolean, or one
// of the option names (luaL_checkoption); the result is a boolean for 0 and
// 1, else the option's name.
func cjsonEnumOption(L *lua.LState, idx int, setting *int, options []string) {
	if options == nil {
		options = cjsonBoolOptions
	}
	if v := L.Get(idx); v != lua.LNil {
		if b, ok := v.(lua.LBool); ok {
			*setting = 0
			if b {
				*setting = 1
			}
		} else {
			name := cString(checkString(L, idx))
			found := -1
			for i, o := range options {
				if o == name {
					found = i
					break
				}
			}
			if found < 0 {
				L.Lua51ArgError(idx, "invalid option '"+name+"'")
			}
			*setting = found
		}
	}
	if *setting == 0 || *setting == 1 {
		L.Push(lua.LBool(*setting == 1))
	} else {
		L.Push(lua.LString(options[*setting]))
	}
}

// cjson is one cjson module table's functions over its configuration.
type cjson struct {
	cfg  func() *cjsonConfig
	null *lua.LUserData
	hist *History
}

func (j *cjson) cfgEncodeSparseArray(L *lua.LState) int {
	c := j.cfg()
	cjsonArgInit(L, 3)
	cjsonEnumOption(L, 1, &c.sparseConvert, nil)
	cjsonIntegerOption(L, 2, &c.sparseRatio, 0, math.MaxInt32)
	cjsonIntegerOption(L, 3, &c.sparseSafe, 0, math.MaxInt32)
	return 3
}

func (j *cjson) intOption(field func(*cjsonConfig) *int, min, max int) lua.LGFunction {
	return func(L *lua.LState) int {
		c := j.cfg()
		cjsonArgInit(L, 1)
		cjsonIntegerOption(L, 1, field(c), min, max)
		return 1
	}
}

func (j *cjson) enumOption(field func(*cjsonConfig) *int, options []string) lua.LGFunction {
	return func(L *lua.LState) int {
		c := j.cfg()
		cjsonArgInit(L, 1)
		cjsonEnumOption(L, 1, field(c), options)
		return 1
	}
}

// cjsonEscapes is char2escape.
var cjsonEscapes = func() [256]string {
	var e [256]string
	for i := 0; i < 0x20; i++ {
		e[i] = "\\u00" + string("0123456789abcdef"[i>>4]) + string("0123456789abcdef"[i&15])
	}
	e['\b'], e['\t'], e['\n'], e['\f'], e['\r'] = "\\b", "\\t", "\\n", "\\f", "\\r"
	e['"'], e['\\'], e['/'] = "\\\"", "\\\\", "\\/"
	e[0x7f] = "\\u007f"
	return e
}()

func cjsonAppendString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if esc := cjsonEscapes[s[i]]; esc != "" {
			b.WriteString(esc)
		} else {
			b.WriteByte(s[i])
		}
	}
	b.WriteByte('"')
}

// formatG is C's printf("%.<prec>g") with glibc's spelling of infinities
// (NaN never reaches it).
func formatG(f float64, prec int) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', prec, 64)
}

// encoder is one cjson.encode call.
type encoder struct {
	L    *lua.LState
	cfg  *cjsonConfig
	hist *History
	b    strings.Builder
}

// exception is json_encode_exception.
func (e *encoder) exception(v lua.LValue, reason string) {
	e.L.RaiseError("Cannot serialise %s: %s", v.Type().String(), reason)
}

// number is json_append_number.
func (e *encoder) number(f float64) {
	switch e.cfg.encodeInvalidNumbers {
	case 0:
		if math.IsInf(f, 0) || f != f {
			e.exception(lua.LNumber(f), "must not be NaN or Inf")
		}
	case 1:
		if f != f {
			e.b.WriteString("nan")
			return
		}
	default:
		if math.IsInf(f, 0) || f != f {
			e.b.WriteString("null")
			return
		}
	}
	e.b.WriteString(formatG(f, e.cfg.encodeNumberPrecision))
}

// arrayLength is lua_array_length: the largest key when every key is a
// positive integer (the C code keeps it in an int), -1 for an object, an
// error or -1 for an excessively sparse array.
func (e *encoder) arrayLength(t *lua.LTable, keys []lua.LValue) int {
	max, items := int32(0), int32(0)
	for _, k := range keys {
		n, ok := k.(lua.LNumber)
		if !ok || n == 0 {
			return -1
		}
		f := float64(n)
		if math.Floor(f) != f || !(f >= 1) {
			return -1
		}
		if f > float64(max) {
			max = lua.Lua51Int(f)
		}
		items++
	}
	c := e.cfg
	if c.sparseRatio > 0 && max > items*int32(c.sparseRatio) && max > int32(c.sparseSafe) {
		if c.sparseConvert == 0 {
			e.exception(t, "excessively sparse array")
		}
		return -1
	}
	return int(max)
}

// value is json_append_data; used is the Lua stack slots the C code has
// in use, which lua_checkstack limits.
func (e *encoder) value(v lua.LValue, depth, used int) {
	switch x := v.(type) {
	case lua.LString:
		cjsonAppendString(&e.b, string(x))
	case lua.LNumber:
		e.number(float64(x))
	case lua.LBool:
		if x {
			e.b.WriteString("true")
		} else {
			e.b.WriteString("false")
		}
	case *lua.LTable:
		depth++
		if depth > e.cfg.encodeMaxDepth || !checkStack(used, 3) {
			e.L.RaiseError("Cannot serialise, excessive nesting (%d)", depth)
		}
		keys := e.hist.NextOrder(x)
		if n := e.arrayLength(x, keys); n > 0 {
			e.b.WriteByte('[')
			for i := 1; i <= n; i++ {
				if i > 1 {
					e.b.WriteByte(',')
				}
				e.value(x.RawGetInt(i), depth, used+1)
			}
			e.b.WriteByte(']')
			return
		}
		e.b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				e.b.WriteByte(',')
			}
			switch kk := k.(type) {
			case lua.LNumber:
				e.b.WriteByte('"')
				e.number(float64(kk))
				e.b.WriteString("\":")
			case lua.LString:
				cjsonAppendString(&e.b, string(kk))
				e.b.WriteByte(':')
			default:
				e.exception(k, "table key must be a number or string")
			}
			e.value(x.RawGet(k), depth, used+2)
		}
		e.b.WriteByte('}')
	case *lua.LNilType:
		e.b.WriteString("null")
	default:
		if ud, ok := v.(*lua.LUserData); ok && isNull(ud) {
			e.b.WriteString("null")
			return
		}
		e.exception(v, "type not supported")
	}
}

func (j *cjson) encode(L *lua.LState) int {
	c := j.cfg()
	argCheck(L, L.GetTop() == 1, 1, "expected 1 argument")
	e := &encoder{L: L, cfg: c, hist: j.hist}
	e.value(L.Get(1), 0, 1)
	L.Push(lua.LString(e.b.String()))
	return 1
}

// JSON tokens (json_token_type_t) and their names in error messages.
const (
	tObjBegin = iota
	tObjEnd
	tArrBegin
	tArrEnd
	tString
	tNumber
	tBoolean
	tNull
	tColon
	tComma
	tEnd
	tWhitespace
	tError
	tUnknown
)

var tokenNames = [...]string{"T_OBJ_BEGIN", "T_OBJ_END", "T_ARR_BEGIN", "T_ARR_END", "T_STRING", "T_NUMBER",
	"T_BOOLEAN", "T_NULL", "T_COLON", "T_COMMA", "T_END", "T_WHITESPACE", "T_ERROR", "T_UNKNOWN"}

// ch2token is json_create_config's table.
var ch2token = func() [256]int {
	var t [256]int
	for i := range t {
		t[i] = tError
	}
	t['{'], t['}'], t['['], t[']'], t[','], t[':'] = tObjBegin, tObjEnd, tArrBegin, tArrEnd, tComma, tColon
	t[0] = tEnd
	t[' '], t['\t'], t['\n'], t['\r'] = tWhitespace, tWhitespace, tWhitespace, tWhitespace
	for _, c := range "fiInNt\"+-0123456789" {
		t[c] = tUnknown
	}
	return t
}()

var escape2char = func() [256]byte {
	var e [256]byte
	e['"'], e['\\'], e['/'], e['b'], e['t'], e['n'], e['f'], e['r'], e['u'] = '"', '\\', '/', '\b', '\t', '\n', '\f', '\r', 'u'
	return e
}()

type token struct {
	typ   int
	index int // byte offset of the token (or of the error)
	str   string
	num   float64
	b     bool
	err   string
}

// parser is json_parse_t over the JSON text as C sees it: it ends at the
// first NUL byte.
type parser struct {
	L     *lua.LState
	cfg   *cjsonConfig
	null  *lua.LUserData
	data  string
	ptr   int
	depth int
}

// at is *(data + i): 0 past the end, like the C string's terminator.
func (p *parser) at(i int) byte {
	if i < len(p.data) {
		return p.data[i]
	}
	return 0
}

func (p *parser) setError(t *token, msg string) {
	t.typ = tError
	t.index = p.ptr
	t.err = msg
}

func hexDigit(c byte) int {
	if c >= '0' && c <= '9' {
		return int(c - '0')
	}
	c |= 0x20
	if c >= 'a' && c <= 'f' {
		return 10 + int(c-'a')
	}
	return -1
}

func (p *parser) hex4(i int) int {
	v := 0
	for k := 0; k < 4; k++ {
		d := hexDigit(p.at(i + k))
		if d < 0 {
			return -1
		}
		v = v<<4 | d
	}
	return v
}

// unicodeEscape is json_append_unicode_escape at ptr (the backslash).
func (p *parser) unicodeEscape(out *[]byte) bool {
	cp := p.hex4(p.ptr + 2)
	if cp < 0 {
		return false
	}
	escLen := 6
	if cp&0xF800 == 0xD800 {
		if cp&0x400 != 0 {
			return false
		}
		if p.at(p.ptr+6) != '\\' || p.at(p.ptr+7) != 'u' {
			return false
		}
		low := p.hex4(p.ptr + 8)
		if low < 0 || low&0xFC00 != 0xDC00 {
			return false
		}
		cp = ((cp&0x3FF)<<10 | low&0x3FF) + 0x10000
		escLen = 12
	}
	switch {
	case cp <= 0x7F:
		*out = append(*out, byte(cp))
	case cp <= 0x7FF:
		*out = append(*out, byte(cp>>6|0xC0), byte(cp&0x3F|0x80))
	case cp <= 0xFFFF:
		*out = append(*out, byte(cp>>12|0xE0), byte(cp>>6&0x3F|0x80), byte(cp&0x3F|0x80))
	default:
		*out = append(*out, byte(cp>>18|0xF0), byte(cp>>12&0x3F|0x80), byte(cp>>6&0x3F|0x80), byte(cp&0x3F|0x80))
	}
	p.ptr += escLen
	return true
}

func (p *parser) stringToken(t *token) {
	p.ptr++ // the opening quote
	var out []byte
	for {
		ch := p.at(p.ptr)
		if ch == '"' {
			break
		}
		if ch == 0 {
			p.setError(t, "unexpected end of string")
			return
		}
		if ch == '\\' {
			ch = escape2char[p.at(p.ptr+1)]
			if ch == 'u' {
				if p.unicodeEscape(&out) {
					continue
				}
				p.setError(t, "invalid unicode escape code")
				return
			}
			if ch == 0 {
				p.setError(t, "invalid escape code")
				return
			}
			p.ptr++
		}
		out = append(out, ch)
		p.ptr++
	}
	p.ptr++
	t.typ = tString
	t.str = string(out)
}

// isInvalidNumber is json_is_invalid_number: a leading '+', a hex prefix,
// a leading zero, inf or nan, which strict JSON rejects.
func (p *parser) isInvalidNumber() bool {
	i := p.ptr
	if p.at(i) == '+' {
		return true
	}
	if p.at(i) == '-' {
		i++
	}
	c := p.at(i)
	if c == '0' {
		c2 := p.at(i + 1)
		return c2|0x20 == 'x' || (c2 >= '0' && c2 <= '9')
	} else if int8(c) <= '9' { // a C char: bytes from 0x80 are negative
		return false
	}
	rest := p.data[min(i, len(p.data)):]
	return hasPrefixFold(rest, "inf") || hasPrefixFold(rest, "nan")
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func (p *parser) numberToken(t *token) {
	t.typ = tNumber
	v, n := lua.Lua51Strtod(p.data[p.ptr:])
	if n == 0 {
		p.setError(t, "invalid number")
		return
	}
	t.num = v
	p.ptr += n
}

// next is json_next_token.
func (p *parser) next(t *token) {
	var ch byte
	for {
		ch = p.at(p.ptr)
		t.typ = ch2token[ch]
		if t.typ != tWhitespace {
			break
		}
		p.ptr++
	}
	t.index = p.ptr
	switch t.typ {
	case tError:
		p.setError(t, "invalid token")
		return
	case tEnd:
		return
	case tUnknown:
	default:
		p.ptr++
		return
	}
	rest := p.data[p.ptr:]
	switch {
	case ch == '"':
		p.stringToken(t)
	case ch == '-' || (ch >= '0' && ch <= '9'):
		if p.cfg.decodeInvalidNumbers == 0 && p.isInvalidNumber() {
			p.setError(t, "invalid number")
			return
		}
		p.numberToken(t)
	case strings.HasPrefix(rest, "true"):
		t.typ, t.b = tBoolean, true
		p.ptr += 4
	case strings.HasPrefix(rest, "false"):
		t.typ, t.b = tBoolean, false
		p.ptr += 5
	case strings.HasPrefix(rest, "null"):
		t.typ = tNull
		p.ptr += 4
	case p.cfg.decodeInvalidNumbers != 0 && p.isInvalidNumber():
		p.numberToken(t)
	default:
		p.setError(t, "invalid token")
	}
}

// throw is json_throw_parse_error.
func (p *parser) throw(exp string, t *token) {
	found := tokenNames[t.typ]
	if t.typ == tError {
		found = t.err
	}
	p.L.RaiseError("Expected %s but found %s at character %d", exp, found, t.index+1)
}

// descend is json_decode_descend.
func (p *parser) descend(used, slots int) {
	p.depth++
	if p.depth <= p.cfg.decodeMaxDepth && checkStack(used, slots) {
		return
	}
	p.L.RaiseError("Found too many nested data structures (%d) at character %d", p.depth, p.ptr)
}

func (p *parser) object(used int) lua.LValue {
	p.descend(used, 3)
	t := p.L.NewTable()
	var tok token
	p.next(&tok)
	if tok.typ == tObjEnd {
		p.depth--
		return t
	}
	for {
		if tok.typ != tString {
			p.throw("object key string", &tok)
		}
		key := tok.str
		p.next(&tok)
		if tok.typ != tColon {
			p.throw("colon", &tok)
		}
		p.next(&tok)
		t.RawSetString(key, p.value(&tok, used+2))
		p.next(&tok)
		if tok.typ == tObjEnd {
			p.depth--
			return t
		}
		if tok.typ != tComma {
			p.throw("comma or object end", &tok)
		}
		p.next(&tok)
	}
}

func (p *parser) array(used int) lua.LValue {
	p.descend(used, 2)
	t := p.L.NewTable()
	var tok token
	p.next(&tok)
	if tok.typ == tArrEnd {
		p.depth--
		return t
	}
	for i := 1; ; i++ {
		t.RawSetInt(i, p.value(&tok, used+1))
		p.next(&tok)
		if tok.typ == tArrEnd {
			p.depth--
			return t
		}
		if tok.typ != tComma {
			p.throw("comma or array end", &tok)
		}
		p.next(&tok)
	}
}

// value is json_process_value with used Lua stack slots in use.
func (p *parser) value(t *token, used int) lua.LValue {
	switch t.typ {
	case tString:
		return lua.LString(t.str)
	case tNumber:
		return lua.LNumber(t.num)
	case tBoolean:
		return lua.LBool(t.b)
	case tObjBegin:
		return p.object(used)
	case tArrBegin:
		return p.array(used)
	case tNull:
		return p.null
	}
	p.throw("value", t)
	return nil
}

func (j *cjson) decode(L *lua.LState) int {
	c := j.cfg()
	argCheck(L, L.GetTop() == 1, 1, "expected 1 argument")
	data := checkString(L, 1)
	if len(data) >= 2 && (data[0] == 0 || data[1] == 0) {
		L.RaiseError("JSON parser does not support UTF-16 or UTF-32")
	}
	p := &parser{L: L, cfg: c, null: j.null, data: cString(data)}
	var tok token
	p.next(&tok)
	v := p.value(&tok, 1)
	p.next(&tok)
	if tok.typ != tEnd {
		p.throw("the end", &tok)
	}
	L.Push(v)
	return 1
}

// newCJSON is lua_cjson_new: a module table whose functions share cfg.
func newCJSON(L *lua.LState, cfg func() *cjsonConfig, null *lua.LUserData, hist *History) *lua.LTable {
	j := &cjson{cfg: cfg, null: null, hist: hist}
	t := L.NewTable()
	// luaL_setfuncs's order, which makes lua_next's order
	t.RawSetString("encode", L.NewFunction(j.encode))
	t.RawSetString("decode", L.NewFunction(j.decode))
	t.RawSetString("encode_sparse_array", L.NewFunction(j.cfgEncodeSparseArray))
	t.RawSetString("encode_max_depth", L.NewFunction(j.intOption(func(c *cjsonConfig) *int { return &c.encodeMaxDepth }, 1, math.MaxInt32)))
	t.RawSetString("decode_max_depth", L.NewFunction(j.intOption(func(c *cjsonConfig) *int { return &c.decodeMaxDepth }, 1, math.MaxInt32)))
	t.RawSetString("encode_number_precision", L.NewFunction(j.intOption(func(c *cjsonConfig) *int { return &c.encodeNumberPrecision }, 1, 14)))
	t.RawSetString("encode_keep_buffer", L.NewFunction(j.enumOption(func(c *cjsonConfig) *int { return &c.encodeKeepBuffer }, nil)))
	t.RawSetString("encode_invalid_numbers", L.NewFunction(j.enumOption(func(c *cjsonConfig) *int { return &c.encodeInvalidNumbers }, []string{"off", "on", "null"})))
	t.RawSetString("decode_invalid_numbers", L.NewFunction(j.enumOption(func(c *cjsonConfig) *int { return &c.decodeInvalidNumbers }, nil)))
	t.RawSetString("new", L.NewFunction(func(L *lua.LState) int {
		fresh := defaultCJSONConfig
		L.Push(newCJSON(L, func() *cjsonConfig { return &fresh }, null, hist))
		return 1
	}))
	t.RawSetString("null", null)
	t.RawSetString("_NAME", lua.LString("cjson"))
	t.RawSetString("_VERSION", lua.LString("2.1.0"))
	return t
}
