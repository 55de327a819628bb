package flagx

import (
	"strings"
	"testing"
)

// Item 15 of issue 34: values are echoed quoted, look-alikes escaped,
// and cut at MaxEcho bytes with their length.
func TestQuote(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	for _, c := range []struct{ in, quote, echo string }{
		{"1-5", `"1-5"`, "1-5"},
		{"1\u22125", `"1\u22125"`, `"1\u22125"`},          // minus sign
		{"1\u20115", `"1\u20115"`, `"1\u20115"`},          // non-breaking hyphen
		{"1\u00a05", `"1\u00a05"`, `"1\u00a05"`},          // no-break space
		{"\uff11-5", `"\uff11-5"`, `"\uff11-5"`},          // fullwidth digit one
		{"a\u200bb", `"a\u200bb"`, `"a\u200bb"`},          // zero-width space
		{"\U0001F600", `"\U0001f600"`, `"\U0001f600"`},    // outside the BMP
		{"café/é", `"café/é"`, `"café/é"`},                // letters stay readable
		{"e\u0301", "\"e\u0301\"", "\"e\u0301\""},         // a combining mark
		{"a\x1b[31mb", `"a\x1b[31mb"`, `"a\x1b[31mb"`},    // a terminal escape
		{"\xff", `"\xff"`, `"\xff"`},                      // not UTF-8
		{`say "hi"\`, `"say \"hi\"\\"`, `"say \"hi\"\\"`}, // quotes and backslashes
		{"it's", `"it's"`, `"it's"`},
		{"a b", `"a b"`, `"a b"`},
		{"", `""`, `""`},
		{long, `"` + long[:MaxEcho] + `"… (102400 bytes)`, `"` + long[:MaxEcho] + `"… (102400 bytes)`},
		// a cut never splits a character
		{strings.Repeat("x", MaxEcho-1) + "éé", `"` + strings.Repeat("x", MaxEcho-1) + `"… (203 bytes)`, `"` + strings.Repeat("x", MaxEcho-1) + `"… (203 bytes)`},
	} {
		if got := Quote(c.in); got != c.quote {
			t.Errorf("Quote(%.40q) = %.300s, want %.300s", c.in, got, c.quote)
		}
		if got := Echo(c.in); got != c.echo {
			t.Errorf("Echo(%.40q) = %.300s, want %.300s", c.in, got, c.echo)
		}
		if NeedsQuote(c.in) != (c.in == long || strings.ContainsAny(c.in, "\u2212\u2011\u00a0\uff11\u200b\U0001F600\x1b") || strings.IndexByte(c.in, 0xff) >= 0 || strings.HasSuffix(c.in, "éé")) {
			t.Errorf("NeedsQuote(%.40q) = %v", c.in, NeedsQuote(c.in))
		}
	}
}

// Every message of the flag layer that echoes what was typed quotes it.
func TestParseErrorsQuote(t *testing.T) {
	long := strings.Repeat("9", 100<<10)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--procs", "1\u22125"}, `invalid value "1\u22125" for flag --procs: "1\u22125" is not an integer (plain decimal digits)`},
		{[]string{"--procs", long}, `invalid value "` + long[:MaxEcho] + `"… (102400 bytes) for flag --procs: "` + long[:MaxEcho] + `"… (102400 bytes) is not an integer in range`},
		{[]string{"--procs", "0" + long[:300]}, `invalid value "0` + long[:MaxEcho-1] + `"… (301 bytes) for flag --procs`},
		{[]string{"--procs", "65"}, "invalid value \"65\" for flag --procs: 65 is out of range: must be from 0 to 64"},
		{[]string{"--json=\u200b"}, `invalid value "\u200b" for flag --json: "\u200b" is not true or false`},
		{[]string{"--pro\u2011cs", "1"}, `flag provided but not defined: --"pro\u2011cs"`},
		{[]string{"--nope"}, `flag provided but not defined: --nope`},
		{[]string{"--" + long}, `flag provided but not defined: --"` + long[:MaxEcho] + `"… (102400 bytes)`},
		{[]string{"-=x\x1b"}, `bad flag syntax: "-=x\x1b"`},
	} {
		fs, _ := newSet()
		err := Parse(fs, c.args)
		if err == nil || err.Error() != c.want && !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%.60q: %.500v\nwant %.500s", c.args, err, c.want)
		}
	}
	var r SeedRange
	if err := r.Set("1\u22125"); err == nil || err.Error() != `bad seed range "1\u22125" (want LO-HI with LO <= HI, e.g. 1-100)` {
		t.Errorf("seeds: %v", err)
	}
	var s Shard
	if err := s.Set("1\u22152"); err == nil || err.Error() != `bad shard "1\u22152" (want i/n with 1 <= i <= n, e.g. 2/4)` {
		t.Errorf("shard: %v", err)
	}
}
