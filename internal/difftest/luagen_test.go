package difftest

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"pgregory.net/rapid"
)

// Lua probes of the libraries Redis 7.0 loads into scripts (cjson,
// cmsgpack, bit, struct) and of the redis table's reply helpers. A probe is
// an EVAL body; its reply (a bulk string with the library's exact bytes,
// an error with its exact text, ...) is compared byte for byte between a
// real Redis and the simulated store. Probes are ASCII: bytes outside
// printable ASCII are written as Lua escapes ("\255").

// luaString writes s as a Lua string literal, escaping every byte outside
// printable ASCII (and the quote and backslash) as a three-digit decimal.
func luaString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "\\%03d", c)
	}
	b.WriteByte('"')
	return b.String()
}

// luaNumber writes f as Lua source: the shortest round-tripping form, and
// expressions for what Lua has no literal for.
func luaNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "(0/0)"
	case math.IsInf(f, 1):
		return "(1/0)"
	case math.IsInf(f, -1):
		return "(-1/0)"
	case f == 0 && math.Signbit(f):
		return "(-0)"
	case f < 0:
		return "(" + strconv.FormatFloat(f, 'g', -1, 64) + ")"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// specialNumbers are numbers at the edges of what the libraries convert:
// NaN, the infinities, -0, the ends of the integer and float encodings,
// 2^53 and its neighbours, 2^63, the 32-bit wrap of LuaBitOp.
var specialNumbers = []float64{
	math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 1.0 / 3,
	31, 32, 127, 128, 255, 256, -32, -33, -128, -129, 32767, 32768, 65535, 65536, -32768, -32769,
	2147483647, 2147483648, -2147483648, -2147483649, 4294967295, 4294967296,
	1 << 53, 1<<53 + 2, -(1 << 53), 1 << 62, 1 << 63, -(1 << 63), 1 << 64, 1e15, 1e16, 1e20, 1e300, -1e300,
	math.MaxFloat64, math.SmallestNonzeroFloat64, 1e-7, 123456789012345678, 6755399441055744, 3.4028234663852886e38,
}

// drawNumber draws a number: a special one, a small or wide integer, or any
// float (rapid's Float64 favours simple values).
func drawNumber(t *rapid.T, label string) float64 {
	switch pick(t, label+"Kind", []int{40, 25, 15, 20}) {
	case 0:
		return specialNumbers[uniform(t, label+"Special", len(specialNumbers))]
	case 1:
		return float64(rapid.IntRange(-300, 300).Draw(t, label+"Small"))
	case 2:
		return float64(rapid.Int64().Draw(t, label+"Wide"))
	}
	return rapid.Float64().Draw(t, label+"Float")
}

// byteClasses are the bytes strings are made of: letters, JSON and Lua
// specials, control bytes, NUL, bytes of UTF-8 sequences and bytes that
// are never UTF-8.
var byteClasses = []string{
	"abcxyzAZ019 ",
	"\"\\/{}[],:-+.eE",
	"\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f",
	"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80",
	"\x80\xbf\xc0\xfe\xff",
}

func drawBytes(t *rapid.T, label string, maxLen int) string {
	n := rapid.IntRange(0, maxLen).Draw(t, label+"Len")
	b := make([]byte, n)
	for i := range b {
		class := byteClasses[pick(t, label+"Class", []int{50, 15, 12, 12, 11})]
		b[i] = class[uniform(t, label+"Byte", len(class))]
	}
	return string(b)
}

// drawKey draws a table key: a string (sometimes one that looks like a
// number) or a number.
func drawKey(t *rapid.T) string {
	switch pick(t, "keyKind", []int{60, 10, 30}) {
	case 0:
		return luaString(drawBytes(t, "key", 6))
	case 1:
		return luaString(strconv.Itoa(rapid.IntRange(0, 20).Draw(t, "numericKey")))
	}
	f := drawNumber(t, "numKey")
	if math.IsNaN(f) {
		f = 7 // NaN is no table key
	}
	return luaNumber(f)
}

// drawValue draws the Lua source of a value, tables nested at most depth
// levels. Tables are built as the simulated store can order them exactly
// (see sim/lualib.NextOrder): constructors with their positive integer keys
// after the other keyed fields and in ascending order, or a function
// filling an empty table, integer keys first.
func drawValue(t *rapid.T, depth int) string { return drawValueOpt(t, depth, false, false) }

// drawValueOpt is drawValue, without nil when noNil, and without nil and
// cjson.null when noNull. A keyed field or a msgpack map entry set to nil
// still takes a node in Lua 5.1's table (luaH_set, then a nil value),
// which NextOrder cannot know, so table fields are never nil.
func drawValueOpt(t *rapid.T, depth int, noNull, noNil bool) string {
	weights := []int{4, 6, 30, 25, 4, 0, 0, 0, 0}
	if noNull || noNil {
		weights[0] = 0
	}
	if noNull {
		weights[4] = 0
	}
	if depth > 0 {
		weights[5], weights[6], weights[7], weights[8] = 12, 10, 6, 4
	}
	switch pick(t, "valueKind", weights) {
	case 0:
		return "nil"
	case 1:
		return []string{"true", "false"}[uniform(t, "bool", 2)]
	case 2:
		return luaNumber(drawNumber(t, "num"))
	case 3:
		return luaString(drawBytes(t, "str", 12))
	case 4:
		return "cjson.null"
	case 5: // a list, sometimes with holes
		n := rapid.IntRange(0, 6).Draw(t, "listLen")
		parts := make([]string, n)
		for i := range parts {
			parts[i] = drawValueOpt(t, depth-1, noNull, noNull)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case 6: // a record: keyed fields, positive integer keys last, ascending
		n := rapid.IntRange(0, 6).Draw(t, "recLen")
		var named []string
		var numbered []indexField
		for i := 0; i < n; i++ {
			k := drawKey(t)
			field := "[" + k + "] = " + drawValueOpt(t, depth-1, noNull, true)
			if f, err := strconv.ParseFloat(strings.Trim(k, "()"), 64); err == nil && f >= 1 && f < 1<<26 && f == math.Trunc(f) {
				numbered = append(numbered, indexField{f, field})
			} else {
				named = append(named, field)
			}
		}
		sort.SliceStable(numbered, func(i, j int) bool { return numbered[i].index < numbered[j].index })
		for _, f := range numbered {
			named = append(named, f.field)
		}
		list := ""
		if uniform(t, "recList", 4) == 0 {
			list = drawValueOpt(t, 0, noNull, true) + ", "
		}
		return "{" + list + strings.Join(named, ", ") + "}"
	case 7: // filled key by key: integer keys, then string keys
		var b strings.Builder
		b.WriteString("(function() local t = {} ")
		n := rapid.IntRange(0, 5).Draw(t, "arrLen")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "t[%d] = %s ", i, drawValueOpt(t, depth-1, noNull, true))
		}
		m := rapid.IntRange(0, 6).Draw(t, "mapLen")
		for i := 0; i < m; i++ {
			fmt.Fprintf(&b, "t[%s] = %s ", luaString(drawBytes(t, "fkey", 5)), drawValueOpt(t, depth-1, noNull, true))
		}
		b.WriteString("return t end)()")
		return b.String()
	}
	// sparse: integer keys with gaps, ascending
	n := rapid.IntRange(1, 4).Draw(t, "sparseLen")
	keys := make([]int, n)
	for i := range keys {
		keys[i] = rapid.IntRange(1, 40).Draw(t, "sparseKey")
	}
	sort.Ints(keys)
	parts := make([]string, n)
	for i, k := range keys {
		parts[i] = fmt.Sprintf("[%d] = %s", k, drawValueOpt(t, depth-1, noNull, true))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// indexField is a constructor field with a key that Lua 5.1 could keep in
// a table's array part.
type indexField struct {
	index float64
	field string
}

func drawValues(t *rapid.T, max int, noNull bool) string {
	n := rapid.IntRange(1, max).Draw(t, "nvalues")
	parts := make([]string, n)
	for i := range parts {
		parts[i] = drawValueOpt(t, 2, noNull, noNull)
	}
	return strings.Join(parts, ", ")
}

// jsonTokens are pieces random JSON texts are made of, valid or not.
var jsonTokens = []string{
	"{", "}", "[", "]", ",", ":", " ", "\n", "\"a\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"\\ud800\"", "\"\\x\"",
	"\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"", "1", "-0", "1.5e3", "1e", "-", "+1", "01", "0x1F", "nan", "-inf", "Infinity",
	"true", "false", "null", "tru", "nul", "1e400", "123456789012345678901234567890", "\x00", "\xff", "\"\xc3\xa9\"",
}

func drawJSONText(t *rapid.T) string {
	if uniform(t, "jsonFromValue", 3) == 0 {
		return "" // the caller encodes a drawn value instead
	}
	n := rapid.IntRange(0, 12).Draw(t, "jsonLen")
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(jsonTokens[uniform(t, "jsonToken", len(jsonTokens))])
	}
	return b.String()
}

// cjsonConfigCalls are settings a probe may apply to a private cjson
// (cjson.new()), within and outside their ranges.
var cjsonConfigCalls = []string{
	"j.encode_sparse_array(true)", "j.encode_sparse_array(false, 0)", "j.encode_sparse_array(nil, 1, 2)",
	"j.encode_sparse_array(true, 3, 0)", "j.encode_max_depth(2)", "j.decode_max_depth(2)",
	"j.encode_number_precision(1)", "j.encode_number_precision(6)", "j.encode_invalid_numbers(true)",
	"j.encode_invalid_numbers('null')", "j.encode_invalid_numbers('off')", "j.decode_invalid_numbers(false)",
	"j.encode_keep_buffer(false)", "j.encode_number_precision(15)", "j.encode_max_depth(0)",
	"j.encode_invalid_numbers('maybe')", "j.decode_invalid_numbers({})",
}

var bitFunctions = []string{"tobit", "bnot", "band", "bor", "bxor", "lshift", "rshift", "arshift", "rol", "ror", "bswap", "tohex"}

// structOptions are pieces of struct formats: every option, counts,
// alignment, endianness, and bytes that are no option.
var structOptions = []string{
	"b", "B", "h", "H", "l", "L", "T", "i", "I", "i1", "i3", "I7", "i8", "i9", "I16", "i33", "f", "d", "x", "s",
	"c0", "c1", "c3", ">", "<", "!", "!2", "!4", "!8", "!3", " ", "z", "0", "@",
}

func drawStructFormat(t *rapid.T) string {
	n := rapid.IntRange(0, 5).Draw(t, "fmtLen")
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(structOptions[uniform(t, "fmtOpt", len(structOptions))])
	}
	return b.String()
}

// drawStructArg draws an argument for struct.pack: mostly numbers, some
// strings, a few of the wrong type.
func drawStructArg(t *rapid.T) string {
	switch pick(t, "structArg", []int{60, 30, 10}) {
	case 0:
		return luaNumber(drawNumber(t, "structNum"))
	case 1:
		return luaString(drawBytes(t, "structStr", 6))
	}
	return []string{"nil", "{}", "true", "'12'"}[uniform(t, "structBad", 4)]
}

// drawBitArg draws an argument for a bit function.
func drawBitArg(t *rapid.T) string {
	switch pick(t, "bitArg", []int{85, 15}) {
	case 0:
		return luaNumber(drawNumber(t, "bitNum"))
	}
	return []string{"'0x10'", "' 12 '", "'x'", "nil", "{}", "true"}[uniform(t, "bitBad", 6)]
}

// LuaProbeGen draws one probe: a script exercising one library or reply
// helper with drawn values.
func LuaProbeGen() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		switch pick(t, "probe", []int{14, 6, 8, 4, 8, 8, 4, 10, 8, 4, 6, 4, 6, 5}) {
		case 0:
			return "return cjson.encode(" + drawValue(t, 3) + ")"
		case 1:
			return "return cjson.encode(cjson.decode(cjson.encode(" + drawValue(t, 3) + ")))"
		case 2:
			text := drawJSONText(t)
			if text == "" {
				return "return cjson.encode(cjson.decode(cjson.encode(" + drawValue(t, 2) + ")))"
			}
			return "return cjson.encode({cjson.decode(" + luaString(text) + ")})"
		case 3:
			calls := make([]string, rapid.IntRange(1, 3).Draw(t, "ncfg"))
			for i := range calls {
				calls[i] = cjsonConfigCalls[uniform(t, "cfg", len(cjsonConfigCalls))]
			}
			op := "j.encode(" + drawValue(t, 3) + ")"
			if uniform(t, "cfgDecode", 3) == 0 {
				op = "j.encode(j.decode(" + luaString(drawJSONText(t)+"[[1]]") + "))"
			}
			return "local j = cjson.new() " + strings.Join(calls, " ") + " return " + op
		case 4:
			return "return cmsgpack.pack(" + drawValues(t, 3, false) + ")"
		case 5:
			return "return cjson.encode({cmsgpack.unpack(cmsgpack.pack(" + drawValues(t, 3, true) + "))})"
		case 6:
			data := drawBytes(t, "mp", 10)
			switch uniform(t, "unpackKind", 3) {
			case 0:
				return "return cjson.encode({cmsgpack.unpack(" + luaString(data) + ")})"
			case 1:
				return fmt.Sprintf("return cjson.encode({cmsgpack.unpack_one(%s, %d)})", luaString(data), rapid.IntRange(-1, 12).Draw(t, "offset"))
			}
			return fmt.Sprintf("return cjson.encode({cmsgpack.unpack_limit(%s, %d, %d)})", luaString(data),
				rapid.IntRange(-1, 4).Draw(t, "limit"), rapid.IntRange(-1, 12).Draw(t, "offset"))
		case 7:
			fn := bitFunctions[uniform(t, "bitFn", len(bitFunctions))]
			args := make([]string, rapid.IntRange(0, 3).Draw(t, "bitArgs"))
			for i := range args {
				args[i] = drawBitArg(t)
			}
			if fn == "tohex" && len(args) > 1 {
				args[1] = strconv.Itoa(rapid.IntRange(-10, 10).Draw(t, "hexDigits")) // not INT_MIN, which C cannot allocate
			}
			return "return bit." + fn + "(" + strings.Join(args, ", ") + ")"
		case 8:
			args := []string{luaString(drawStructFormat(t))}
			for i := rapid.IntRange(0, 4).Draw(t, "packArgs"); i > 0; i-- {
				args = append(args, drawStructArg(t))
			}
			return "return struct.pack(" + strings.Join(args, ", ") + ")"
		case 9:
			f := luaString(drawStructFormat(t))
			args := make([]string, rapid.IntRange(0, 4).Draw(t, "rtArgs"))
			for i := range args {
				args[i] = drawStructArg(t)
			}
			return "return {struct.unpack(" + f + ", struct.pack(" + strings.Join(append([]string{f}, args...), ", ") + "))}"
		case 10:
			call := "struct.unpack(" + luaString(drawStructFormat(t)) + ", " + luaString(drawBytes(t, "structData", 12))
			if uniform(t, "unpackPos", 3) == 0 {
				call += ", " + strconv.Itoa(rapid.IntRange(-1, 14).Draw(t, "pos"))
			}
			return "return {" + call + ")}"
		case 11:
			return "return struct.size(" + luaString(drawStructFormat(t)) + ")"
		case 12:
			helper := []string{"redis.error_reply", "redis.status_reply", "redis.sha1hex"}[uniform(t, "helper", 3)]
			arg := luaString(drawBytes(t, "helperArg", 10))
			if uniform(t, "helperBad", 5) == 0 {
				arg = drawValue(t, 1)
			}
			return "return " + helper + "(" + arg + ")"
		}
		// a reply table Redis converts specially
		field := []string{"err", "ok", "double", "big_number", "map", "set"}[uniform(t, "replyField", 6)]
		v := luaString(drawBytes(t, "replyText", 10))
		switch field {
		case "double":
			v = luaNumber(drawNumber(t, "double"))
		case "map", "set":
			v = drawValue(t, 2)
			if !strings.HasPrefix(v, "{") && !strings.HasPrefix(v, "(function") {
				v = "{" + v + "}"
			}
		}
		prefix := ""
		if uniform(t, "resp3", 3) == 0 {
			prefix = "redis.setresp(3) "
		}
		return prefix + "return {" + field + " = " + v + "}"
	})
}
