package parse

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse: whatever the bytes, the parser returns statements or an
// *Error naming the chunk and a line; it never panics otherwise, never
// recurses past Lua 5.1's 200 levels, and what it accepts it accepts again
// the same way.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"return 1", "x = = 1", "local function f(a, ...) return ... end", "return [==[a]]b]==]",
		"--[[ c ]] return {1, 2; x = 3, [4] = 5}", "if a then elseif b then else end", "return 'a\\300'",
		"for i = 1, 2 do break end", "repeat local x until x", "return f{1}'s'[1]:m()", "return 0x1p4 .. 3..2",
		strings.Repeat("(", 300) + "1", "return " + strings.Repeat("-", 300) + "1", "a.b:c\n(1)", "\x00\xff[=[",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		chunk, err := Parse(strings.NewReader(src), "@user_script")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !strings.HasPrefix(e.Msg, "user_script:") || e.Line < 1 {
				t.Fatalf("%q: %v", src, err)
			}
			return
		}
		again, err := Parse(strings.NewReader(src), "@user_script")
		if err != nil || len(again) != len(chunk) || Dump(again) != Dump(chunk) {
			t.Fatalf("%q parsed differently the second time: %v", src, err)
		}
	})
}

// The nesting limit counts from where the interpreter is: a script body
// loaded by Redis starts at 0, loadstring in a script at 1.
func TestParseAtCountsLevels(t *testing.T) {
	src := "return " + strings.Repeat("(", 198) + "1" + strings.Repeat(")", 198) // 200 levels
	if _, err := ParseAt(strings.NewReader(src), "@user_script", 0); err != nil {
		t.Fatalf("at 0: %v", err)
	}
	_, err := ParseAt(strings.NewReader(src), "@user_script", 1)
	if err == nil || err.Error() != "user_script:1: chunk has too many syntax levels" {
		t.Fatalf("at 1: %v", err)
	}
}
