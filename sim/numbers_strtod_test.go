package sim

import (
	"math"
	"testing"
)

// TestParseFloatString2d checks parseFloat against what Redis 7.0's
// string2d (glibc strtod, errno) answers for ZADD scores.
func TestParseFloatString2d(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"1700000000123", 1700000000123, true},
		{"-0", math.Copysign(0, -1), true},
		{"0x10", 16, true},
		{"0x.8", 0.5, true},
		{"0X1P4", 16, true},
		{"0x1p-3", 0.125, true},
		{"1e-400", 0, false},       // ERANGE, zero
		{"2e-324", 0, false},       // ERANGE, zero
		{"0x1p-1080", 0, false},    // ERANGE, zero
		{"3e-324", 5e-324, true},   // ERANGE, but subnormal
		{"0e-400", 0, true},        // zero, no ERANGE
		{"0x0p-2000", 0, true},     // zero, no ERANGE
		{"0.000e-999", 0, true},    // zero, no ERANGE
		{"1e400", 0, false},        // ERANGE, HUGE_VAL
		{"-0x1p2000", 0, false},    // ERANGE, -HUGE_VAL
		{"inf", math.Inf(1), true}, // no ERANGE
		{"-Infinity", math.Inf(-1), true},
		{"nan", 0, false},
		{"", 0, false},
		{" 1", 0, false},
		{"1 ", 0, false},
		{"1\x00", 0, false},
		{"1_0", 0, false},
		{"0x", 0, false},
	} {
		got, ok := parseFloat(c.in)
		if ok != c.ok || (ok && (got != c.want || math.Signbit(got) != math.Signbit(c.want))) {
			t.Errorf("parseFloat(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestParseScoreBoundZslParseRange checks the bare strtod of zslParseRange.
func TestParseScoreBoundZslParseRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		want scoreBound
		ok   bool
	}{
		{"", scoreBound{0, false}, true},
		{"(", scoreBound{0, true}, true},
		{" 1", scoreBound{1, false}, true},
		{"( 1", scoreBound{1, true}, true},
		{"\t1", scoreBound{1, false}, true},
		{"1e400", scoreBound{math.Inf(1), false}, true},
		{"0x10", scoreBound{16, false}, true},
		{"(1\x00x", scoreBound{1, true}, true}, // the C string ends at NUL
		{"1 ", scoreBound{}, false},
		{" ", scoreBound{}, false},
		{"nan", scoreBound{}, false},
		{"((1", scoreBound{}, false},
	} {
		got, ok := parseScoreBound(c.in)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("parseScoreBound(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestStoreCheckOrder pins orders of checks ported from Redis 7.0.15.
func TestStoreCheckOrder(t *testing.T) {
	s := NewStore()
	s.Do("set", "s", "v")
	s.Do("rpush", "l", "a", "a")
	s.Do("zadd", "z", "0", "a", "0", "b", "0", "c")
	for _, c := range []struct {
		args []string
		want Reply
	}{
		{[]string{"lset", "nokey", "abc", "x"}, Err("ERR no such key")},
		{[]string{"lset", "s", "abc", "x"}, Err(errWrongType)},
		{[]string{"lindex", "nokey", "abc"}, Nil},
		{[]string{"lindex", "s", "abc"}, Err(errWrongType)},
		{[]string{"zpopmin", "s", "0"}, Err(errWrongType)},
		{[]string{"lpop", "l", "1", "2"}, Err("ERR wrong number of arguments for 'lpop' command")},
		{[]string{"expire", "s", "abc", "NX", "XX"}, Err("ERR NX and XX, GT or LT options at the same time are not compatible")},
		{[]string{"pexpire", "s", "1.5", "BAD"}, Err("ERR Unsupported option BAD")},
		{[]string{"flushall", "sync", "async"}, Err(errSyntax)},
		{[]string{"zrange", "z", "0", "-1", "REV", "REV"}, Err(errSyntax)},
		{[]string{"zrange", "z", "a", "b", "LIMIT", "0", "-1"}, Err(errNotInteger)},
		{[]string{"zrange", "z", "[b", "+", "BYLEX"}, Array(Bulk("b"), Bulk("c"))},
		{[]string{"zrange", "z", "b", "+", "BYLEX"}, Err(errLexRange)},
		{[]string{"zlexcount", "z", "(a", "[c"}, Int(2)},
		{[]string{"copy", "s", "t", "DB", "x"}, Err(errNotInteger)},
		{[]string{"lrem", "l", "-9223372036854775808", "a"}, Int(2)},
		{[]string{"set", "k", "v", "EX", "abc", "EX", "20"}, OK},
		{[]string{"ttl", "k"}, Int(20)},
		{[]string{"set", "k", "v", "EX", "1", "PX", "20"}, Err(errSyntax)},
	} {
		if got := s.Do(c.args...); !got.Equal(c.want) {
			t.Errorf("%q = %v; want %v", c.args, got, c.want)
		}
	}
}
