package parse

import (
	"math"
	"strconv"
	"testing"
)

// TestShortDecimal: the integer fast path of Str2Number gives what
// strtod gives, sign of zero and all, and leaves every other string to it.
func TestShortDecimal(t *testing.T) {
	viaStrtod := str2NumberByStrtod
	ins := []string{"0", "-0", "00", "-000", "7", "-7", "0123", "1700000000000", "-1700000000000",
		"999999999999999", "-999999999999999", "1234567890123456", "9007199254740993", "",
		"-", "+5", " 5", "5 ", "1.0", "1e3", "0x10", "5\x00", "١"}
	for x := uint64(1); x < 1<<62; x = x*7 + 3 {
		ins = append(ins, strconv.FormatUint(x, 10), "-"+strconv.FormatUint(x, 10))
	}
	for _, in := range ins {
		want, wantOK := viaStrtod(in)
		got, ok := Str2Number(in)
		if ok != wantOK || (ok && (math.Float64bits(got) != math.Float64bits(want))) {
			t.Errorf("Str2Number(%q) = %v, %v; strtod gives %v, %v", in, got, ok, want, wantOK)
		}
		if v, fast := shortDecimal(in); fast && math.Float64bits(v) != math.Float64bits(want) {
			t.Errorf("shortDecimal(%q) = %v, strtod %v", in, v, want)
		}
	}
	if v, ok := shortDecimal("-0"); !ok || !math.Signbit(v) {
		t.Errorf("shortDecimal(-0) = %v, %v; want -0", v, ok)
	}
}
