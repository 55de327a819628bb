package sim

import (
	"math"
	"strconv"
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

// parseFloat parses s as Redis's string2d / getDoubleFromObject does
// (strtod on the whole string): no leading space, no NaN; "inf", "+inf" and
// "-inf" are allowed.
func parseFloat(s string) (float64, bool) {
	if len(s) == 0 || isSpace(s[0]) {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '_' { // Go accepts digit separators; strtod does not
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		// strtod accepts out-of-range values as ±HUGE_VAL with ERANGE,
		// which Redis rejects, except for explicit infinities handled above.
		return 0, false
	}
	if math.IsNaN(f) {
		return 0, false
	}
	return f, true
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
