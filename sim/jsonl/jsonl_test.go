package jsonl

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestAppendStringIsAppend: the fast string encoder writes what
// encoding/json (through Append) writes, for every byte value, invalid
// UTF-8, the line separators and random mixes of them.
func TestAppendStringIsAppend(t *testing.T) {
	cases := []string{"", "plain", `q"uote`, `back\slash`, "\u2028\u2029", "<>&", "\xff\xfe", "é€😀", "a\x00b\x1fc\x7f"}
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{'x', byte(c), 'y'}))
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "\"", "\\", "\n", "\x01", "\xe2\x80\xa8", "\xff", "é", "😀", "\xe2\x80", "<"}
	for i := 0; i < 2000; i++ {
		var b bytes.Buffer
		for n := rnd.IntN(12); n > 0; n-- {
			b.WriteString(alphabet[rnd.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		var want, got bytes.Buffer
		if err := Append(&want, s); err != nil {
			t.Fatal(err)
		}
		AppendString(&got, s)
		if got.String() != want.String() {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got.String(), want.String())
		}
	}
	for _, ss := range [][]string{nil, {}, {"a"}, {"a", "b\n", "\xff"}} {
		var want, got bytes.Buffer
		v := ss
		if v == nil {
			v = []string{}
		}
		if err := Append(&want, v); err != nil {
			t.Fatal(err)
		}
		AppendStrings(&got, ss)
		if got.String() != want.String() {
			t.Fatalf("AppendStrings(%q) = %s, want %s", ss, got.String(), want.String())
		}
	}
}
