package jsonl

import (
	"errors"
	"strings"
	"testing"
)

// ReadLines bounds a line, the bytes and the lines of its input, and
// names the file (and line) in every error.
func TestReadLinesLimits(t *testing.T) {
	read := func(in string, lim Limits) ([]string, error) {
		var got []string
		err := ReadLines("f.jsonl", strings.NewReader(in), lim, func(n int, b []byte) error {
			got = append(got, string(b))
			return nil
		})
		return got, err
	}
	if got, err := read("a\r\nb\n\nc", Limits{}); err != nil || strings.Join(got, "|") != "a|b||c" {
		t.Fatalf("%q, %v", got, err)
	}
	for _, c := range []struct {
		in   string
		lim  Limits
		want string
	}{
		{"abc\n" + strings.Repeat("x", 100) + "\n", Limits{MaxLine: 64}, "f.jsonl:2: a line longer than 64 bytes"},
		{strings.Repeat("ab\n", 100), Limits{MaxBytes: 100}, "f.jsonl: more than 100 bytes"},
		{strings.Repeat("\n", 100), Limits{MaxLines: 10}, "f.jsonl: more than 10 lines"},
		{strings.Repeat("\n", 1<<21), Limits{MaxBytes: 1 << 20}, "f.jsonl: more than 1 MiB"},
	} {
		if _, err := read(c.in, c.lim); err == nil || err.Error() != c.want {
			t.Errorf("%.20q: %v, want %q", c.in, err, c.want)
		}
	}
	if got, err := read(strings.Repeat("ab\n", 10), Limits{MaxBytes: 30}); err != nil || len(got) != 10 {
		t.Errorf("exactly at the bound: %d lines, %v", len(got), err)
	}
	stop := errors.New("stop")
	if err := ReadLines("f", strings.NewReader("a\nb\n"), Limits{}, func(n int, _ []byte) error { return stop }); err != stop {
		t.Errorf("fn's error: %v", err)
	}
}

// UniqueKeys finds a key given twice at any depth, and nothing else.
func TestUniqueKeys(t *testing.T) {
	for in, dup := range map[string]string{
		`{"t":1,"cmd":["a"],"reply":{"ok":"x"}}`: "",
		`[{"a":1},{"a":2}]`:                      "",
		`{"a":{"a":1},"b":[{"a":1,"b":2}]}`:      "",
		`{"t":1,"t":2}`:                          "t",
		`{"case":"a","case":"b"}`:                "case",
		`{"reply":{"ok":"a","ok":"b"}}`:          "ok",
		`{"x":[1,{"y":[{"z":1,"z":2}]}]}`:        "z",
		`{"a":{"b":1},"c":{"b":1},"a":0}`:        "a",
		`{"k":"v","K":"w"}`:                      "",
		`{"\u0074":1,"t":2}`:                     "t",
	} {
		err := UniqueKeys([]byte(in))
		var d *DuplicateKeyError
		switch {
		case dup == "" && err != nil:
			t.Errorf("%s: %v", in, err)
		case dup != "" && (!errors.As(err, &d) || d.Key != dup):
			t.Errorf("%s: %v, want %q given twice", in, err, dup)
		}
	}
	if err := UniqueKeys([]byte(`{"a":`)); err == nil {
		t.Error("a syntax error passed")
	}
}
