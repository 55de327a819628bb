package sim

import (
	"math/big"
	"regexp"
	"strings"
)

// INCRBYFLOAT and HINCRBYFLOAT compute in C's long double, the x87 80-bit
// format of x86-64 (a 64-bit significand, exponents to ±16383): Redis
// parses both numbers with strtold, adds them and prints the sum with
// "%.17Lf" less its trailing zeros (util.c string2ld, ld2string with
// LD_STR_HUMAN). A float64 would print other digits (0.1 + 0.2 is
// "0.30000000000000004" there, "0.3" here), so the sums run in a big.Float
// of 64 bits, rounded to nearest even as the x87 rounds.

// longDoublePrec is the x87 extended format's significand.
const longDoublePrec = 64

// longDoubleMaxExp bounds the binary exponents of finite long doubles
// (LDBL_MAX < 2^16384); longDoubleMinExp is below the smallest subnormal
// (2^-16445), where strtold underflows to zero.
const (
	longDoubleMaxExp = 16384
	longDoubleMinExp = -16445
)

// strtoldSyntax is what strtold reads in full: a decimal or hexadecimal
// float, or inf, infinity or nan, signed.
var strtoldSyntax = regexp.MustCompile(`^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?|(?i:inf|infinity))$`)

// parseLongDouble is string2ld: the whole string one long double, not NaN,
// neither overflowing nor underflowing to zero; no space in front; at most
// MAX_LONG_DOUBLE_CHARS (5 KiB) long.
func parseLongDouble(s string) (*big.Float, bool) {
	if s == "" || len(s) >= 5*1024 || !strtoldSyntax.MatchString(s) {
		return nil, false
	}
	f := new(big.Float).SetPrec(longDoublePrec).SetMode(big.ToNearestEven)
	t := strings.ToLower(strings.TrimLeft(s, "+-"))
	if t == "inf" || t == "infinity" {
		return f.SetInf(strings.HasPrefix(s, "-")), true
	}
	if _, _, err := f.Parse(s, 0); err != nil {
		return nil, false
	}
	if f.Sign() != 0 && (f.MantExp(nil) > longDoubleMaxExp || f.MantExp(nil) < longDoubleMinExp) {
		return nil, false // strtold's ERANGE: HUGE_VALL or zero
	}
	return f, true
}

// addLongDouble is value += incr in long double; ok is false when the sum
// is NaN or infinite (an infinite operand, or an overflow).
func addLongDouble(value, incr *big.Float) (*big.Float, bool) {
	if value.IsInf() || incr.IsInf() {
		return nil, false
	}
	sum := new(big.Float).SetPrec(longDoublePrec).SetMode(big.ToNearestEven).Add(value, incr)
	if sum.Sign() != 0 && sum.MantExp(nil) > longDoubleMaxExp {
		return nil, false
	}
	return sum, true
}

// formatLongDouble is ld2string's LD_STR_HUMAN: "%.17Lf" (exact decimal,
// ties to even, as glibc prints), then no trailing zeros, no trailing
// point, and "-0" as "0".
func formatLongDouble(f *big.Float) string {
	s := f.Text('f', 17)
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
