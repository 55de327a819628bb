package sim

import (
	"math"
	"strconv"

	"github.com/yuin/gopher-lua/parse"
)

// Redis's error texts for bad numbers (Redis 7.0 server.c shared objects).
const (
	errNotInteger = "ERR value is not an integer or out of range"
	errNotFloat   = "ERR value is not a valid float"
	errOverflow   = "ERR increment or decrement would overflow"
	errHashNotInt = "ERR hash value is not an integer"
	errSyntax     = "ERR syntax error"
	errWrongType  = "WRONGTYPE Operation against a key holding the wrong kind of value"
	errNaNScore   = "ERR resulting score is not a number (NaN)"
)

// parseInt parses s as Redis's string2ll does: an optional '-', then "0" or
// a digit string without leading zeros, within int64; no spaces, no '+'.
func parseInt(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 20 {
		return 0, false
	}
	if s == "0" {
		return 0, true
	}
	i := 0
	if s[0] == '-' {
		i = 1
		if len(s) == 1 {
			return 0, false
		}
	}
	if s[i] < '1' || s[i] > '9' {
		return 0, false
	}
	for j := i + 1; j < len(s); j++ {
		if s[j] < '0' || s[j] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// parseFloat parses s as Redis's string2d does (util.c string2d, behind
// object.c getDoubleFromObject): glibc's strtod on the whole string, which
// must not be empty nor start with a space; hexadecimal floats and "inf"
// are numbers, NaN is not, and neither is a value strtod reports ERANGE
// for with ±HUGE_VAL or zero (an overflow, or an underflow to zero).
func parseFloat(s string) (float64, bool) {
	if f, ok := shortDecimal(s); ok {
		return f, true
	}
	if len(s) == 0 || isSpace(s[0]) {
		return 0, false
	}
	f, n := parse.Strtod(s)
	if n != len(s) || math.IsNaN(f) || strtodOutOfRange(s, n, f) {
		return 0, false
	}
	return f, true
}

// shortDecimal reads s when it is an optional '-' and 1 to 15 decimal
// digits, nothing else (the scores lock scripts write: timestamps): below
// 2^53, so the integer is the double strtod gives ("-0" is -0.0).
func shortDecimal(s string) (float64, bool) {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 15 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(d); i++ {
		c := d[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if len(d) < len(s) {
		return -float64(n), true
	}
	return float64(n), true
}

// strtodOutOfRange tells whether glibc's strtod, having read s[:n] as f,
// sets errno to ERANGE with ±HUGE_VAL or zero (parse.Strtod gives the
// value, not errno): f is infinite but not spelled "inf", or f is zero
// but the mantissa has a digit that is not 0. A subnormal result also
// sets ERANGE, but Redis takes it.
func strtodOutOfRange(s string, n int, f float64) bool {
	if f != 0 && !math.IsInf(f, 0) {
		return false
	}
	i := 0
	for i < n && isSpace(s[i]) {
		i++
	}
	if i < n && (s[i] == '+' || s[i] == '-') {
		i++
	}
	num := s[i:n]
	if math.IsInf(f, 0) {
		return num != "" && num[0]|0x20 != 'i'
	}
	if len(num) > 2 && num[0] == '0' && num[1]|0x20 == 'x' {
		for j := 2; j < len(num) && num[j]|0x20 != 'p'; j++ {
			if num[j] != '0' && num[j] != '.' {
				return true
			}
		}
		return false
	}
	for j := 0; j < len(num) && num[j]|0x20 != 'e'; j++ {
		if num[j] >= '1' && num[j] <= '9' {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// formatScore renders a sorted-set score as Redis 7.0 replies it: "%.17g",
// with "inf"/"-inf", and a negative zero shown as "0".
func formatScore(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case f == 0:
		return "0"
	case f == math.Trunc(f) && math.Abs(f) < 1e17:
		// %.17g prints an integer below 10^17 as its digits; the
		// millisecond timestamps of the fair lock's scores all take this path.
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', 17, 64)
}

// formatLuaArg renders a Lua number passed to redis.call: Redis 7.0
// converts it with "%.17g" (script_lua.c luaArgsToRedisArgv).
func formatLuaArg(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan"
		}
		return "nan"
	case f == math.Trunc(f) && math.Abs(f) < 1e15:
		if f == 0 && math.Signbit(f) {
			return "-0"
		}
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', 17, 64)
}

// luaNumberToInteger converts a Lua number reply to a Redis integer as C's
// (long long) cast does on x86-64: truncation toward zero, and the
// "integer indefinite" value for NaN and anything out of range.
func luaNumberToInteger(f float64) int64 {
	if math.IsNaN(f) || f >= 9.223372036854775807e18 || f < -9.223372036854775808e18 {
		return math.MinInt64
	}
	return int64(f)
}

// parseIntPair reads two integer arguments (a range's start and stop).
func parseIntPair(x, y string) (int64, int64, bool) {
	a, ok1 := parseInt(x)
	b, ok2 := parseInt(y)
	return a, b, ok1 && ok2
}

// positiveArg is getPositiveLongFromObjectOrReply (object.c) with its
// message: a non-negative integer, or the error msg, which Redis gives for
// a value that is no integer as well.
func positiveArg(arg, msg string) (int64, Reply, bool) {
	n, ok := parseInt(arg)
	if !ok || n < 0 {
		return 0, Err("ERR " + msg), false
	}
	return n, Reply{}, true
}
