package parse

// The C helpers of Lua 5.1's lexer that the rest of the interpreter shares:
// luaO_chunkid, which names a chunk in every message, and luaO_str2d on top
// of glibc's strtod, which converts numerals and every string used as a
// number.

import (
	"math"
	"strconv"
	"strings"
)

// CString is s as C's string functions see it (a char * read to its
// terminator): up to its first NUL byte.
func CString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// idSize is LUA_IDSIZE: the buffer luaO_chunkid writes into for runtime
// errors; the lexer's messages use a buffer of maxSrc (llex.c MAXSRC).
const idSize, maxSrc = 60, 80

// ChunkID is luaO_chunkid(out, source, LUA_IDSIZE): how runtime messages
// name a chunk. "=name" is the name (at most 59 bytes), "@file" the file
// (its last 52 bytes after "..." when longer), and any other source
// [string "..."] with its text up to the first newline, cut at 43 bytes
// with "...".
func ChunkID(source string) string { return chunkID(source, idSize) }

// chunkID is luaO_chunkid with a buffer of bufflen bytes.
func chunkID(source string, bufflen int) string {
	switch {
	case strings.HasPrefix(source, "="):
		s := source[1:]
		if len(s) > bufflen-1 {
			s = s[:bufflen-1]
		}
		return CString(s)
	case strings.HasPrefix(source, "@"):
		s := CString(source[1:])
		if max := bufflen - len(" '...' ") - 1; len(s) > max {
			s = "..." + s[len(s)-max:]
		}
		return s
	}
	src := CString(source)
	n := strings.IndexAny(src, "\n\r")
	if n < 0 {
		n = len(src)
	}
	if max := bufflen - len(" [string \"...\"] ") - 1; n > max {
		n = max
	}
	if n < len(src) {
		return `[string "` + src[:n] + `..."]`
	}
	return `[string "` + src + `"]`
}

func IsSpace(c byte) bool {
	return c == ' ' || (c >= '\t' && c <= '\r') // C isspace in the "C" locale
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsXDigit is C's isxdigit.
func IsXDigit(c byte) bool {
	return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f')
}

func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if s[i]|0x20 != prefix[i] {
			return false
		}
	}
	return true
}

// Str2Number is luaO_str2d (lobject.c) on top of glibc's strtod: it is
// what Lua 5.1 uses to convert strings to numbers in arithmetic, tonumber
// and the lexer. Accepted: surrounding C whitespace, an optional sign,
// decimal numbers with an optional exponent, hexadecimal numbers (with an
// optional fraction and binary exponent), "inf", "infinity" and "nan[(...)]"
// in any case. Rejected, unlike Go's strconv: octal/binary prefixes ("010"
// is ten), underscores. The string ends at its first NUL byte, as in C.
func Str2Number(s string) (float64, bool) {
	if v, ok := shortDecimal(s); ok {
		return v, true
	}
	return str2NumberByStrtod(s)
}

// str2NumberByStrtod is luaO_str2d: strtod, then only whitespace after it.
func str2NumberByStrtod(s string) (float64, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			s = s[:i]
			break
		}
	}
	v, i := Strtod(s)
	if i == 0 {
		return 0, false // strtod: no conversion (endptr == s)
	}
	for i < len(s) && IsSpace(s[i]) {
		i++
	}
	if i != len(s) {
		return 0, false // invalid trailing characters
	}
	return v, true
}

// shortDecimal converts s when it is an optional '-' and 1 to 15 decimal
// digits, nothing else: the integers, timestamps and counts the scripts'
// ARGV and replies are made of. Such a value is below 2^53, so the double
// strtod rounds it to is the integer itself (and "-0" is -0.0, as strtod
// gives it).
func shortDecimal(s string) (float64, bool) {
	digits := s
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if len(digits) < len(s) {
		return -float64(n), true // -float64(0) is -0.0
	}
	return float64(n), true
}

// Strtod is glibc's strtod in the "C" locale on the longest prefix of
// s that it accepts (leading C whitespace, a sign, a decimal or hexadecimal
// number, "inf", "infinity", "nan[(...)]"): it returns the value and the
// number of bytes used, 0 when there is no number (endptr == nptr). Values
// out of range are +-inf or 0, as strtod returns them (errno is ignored).
// A NUL byte ends the input, as in C. lua-cjson decodes numbers with it
// (fpconv_strtod).
func Strtod(s string) (float64, int) {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			s = s[:i]
			break
		}
	}
	i := 0
	for i < len(s) && IsSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var v float64
	rest := s[i:]
	switch {
	case hasPrefixFold(rest, "infinity"):
		v, i = math.Inf(1), i+8
	case hasPrefixFold(rest, "inf"):
		v, i = math.Inf(1), i+3
	case hasPrefixFold(rest, "nan"):
		// glibc returns the quiet NaN 0x7ff8000000000000 (math.NaN has a
		// payload bit that LuaBitOp would see)
		v, i = math.Float64frombits(0x7ff8000000000000), i+3
		if i < len(s) && s[i] == '(' {
			j := i + 1
			for j < len(s) && (isDigit(s[j]) || (s[j]|0x20 >= 'a' && s[j]|0x20 <= 'z') || s[j] == '_') {
				j++
			}
			if j < len(s) && s[j] == ')' {
				i = j + 1
			}
		}
	case len(rest) > 2 && rest[0] == '0' && rest[1]|0x20 == 'x' &&
		(IsXDigit(rest[2]) || (rest[2] == '.' && len(rest) > 3 && IsXDigit(rest[3]))):
		j := 2
		for j < len(rest) && IsXDigit(rest[j]) {
			j++
		}
		if j < len(rest) && rest[j] == '.' {
			j++
			for j < len(rest) && IsXDigit(rest[j]) {
				j++
			}
		}
		mant, exp := rest[:j], "0"
		if j+1 < len(rest) && rest[j]|0x20 == 'p' {
			k := j + 1
			if rest[k] == '+' || rest[k] == '-' {
				k++
			}
			if k < len(rest) && isDigit(rest[k]) {
				for k < len(rest) && isDigit(rest[k]) {
					k++
				}
				exp = rest[j+1 : k]
				j = k
			}
		}
		f, err := strconv.ParseFloat(mant+"p"+exp, 64)
		if err != nil && !isRangeError(err) {
			return 0, 0
		}
		v, i = f, i+j
	default:
		j, digits := 0, 0
		for j < len(rest) && isDigit(rest[j]) {
			j, digits = j+1, digits+1
		}
		if j < len(rest) && rest[j] == '.' {
			j++
			for j < len(rest) && isDigit(rest[j]) {
				j, digits = j+1, digits+1
			}
		}
		if digits == 0 {
			return 0, 0 // no conversion
		}
		if j+1 < len(rest) && rest[j]|0x20 == 'e' {
			k := j + 1
			if rest[k] == '+' || rest[k] == '-' {
				k++
			}
			if k < len(rest) && isDigit(rest[k]) {
				for k < len(rest) && isDigit(rest[k]) {
					k++
				}
				j = k
			}
		}
		f, err := strconv.ParseFloat(rest[:j], 64)
		if err != nil && !isRangeError(err) {
			return 0, 0
		}
		v, i = f, i+j
	}
	if neg {
		v = -v
	}
	return v, i
}

// isRangeError: strtod returns +-HUGE_VAL or 0 on overflow/underflow and Lua
// ignores errno, so a value out of range is still a number.
func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
