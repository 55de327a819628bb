package flagx

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

func newSet() (*flag.FlagSet, *int) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var n int
	IntVar(fs, &n, "procs", 0, 0, 64, "client processes")
	fs.String("algo", "", "lock `algorithm`")
	fs.String("preset", "none", "fault preset")
	fs.Bool("json", false, "JSON lines")
	return fs, &n
}

func TestIntRange(t *testing.T) {
	for _, c := range []struct {
		arg  string
		want int
		err  string
	}{
		{"7", 7, ""}, {"0", 0, ""}, {"64", 64, ""},
		{"-1", 0, "must be from 0 to 64"}, {"65", 0, "must be from 0 to 64"},
		{"99999999999999999999", 0, "not an integer"}, {"two", 0, "not an integer"},
	} {
		fs, n := newSet()
		err := fs.Parse([]string{"--procs", c.arg})
		if c.err == "" {
			if err != nil || *n != c.want {
				t.Errorf("--procs %s: %v, %d", c.arg, err, *n)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "-procs") {
			t.Errorf("--procs %s: error %v, want one naming the flag and %q", c.arg, err, c.err)
		}
	}
}

func TestVisitedAndDefaults(t *testing.T) {
	fs, _ := newSet()
	if err := fs.Parse([]string{"--algo", "set-px", "--json"}); err != nil {
		t.Fatal(err)
	}
	v := Visited(fs)
	if !v["algo"] || !v["json"] || v["preset"] || v["procs"] {
		t.Fatalf("visited %v", v)
	}
	var b bytes.Buffer
	PrintDefaults(&b, fs)
	for _, want := range []string{"--algo algorithm\n    \tlock algorithm\n", "--preset string\n    \tfault preset (default none)", "--procs value\n    \tclient processes (0 to 64) (default 0)", "--json\n    \tJSON lines\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, b.String())
		}
	}
}

// Parse refuses a flag given twice, also across two calls (a command
// whose flags come before and after its operands), names every flag with
// two dashes, and takes --help=false as no request for help.
func TestParseStrict(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--algo", "a", "--algo", "b"}, "flag --algo given twice"},
		{[]string{"--json", "--json=false"}, "flag --json given twice"},
		{[]string{"--procs", "1", "-procs=2"}, "flag --procs given twice"},
		{[]string{"--nope"}, "flag provided but not defined: --nope"},
		{[]string{"--algo"}, "flag needs an argument: --algo"},
		{[]string{"--procs", "0x10"}, `invalid value "0x10" for flag --procs`},
		{[]string{"--json=maybe"}, `invalid value "maybe" for flag --json: "maybe" is not true or false`},
	} {
		fs, _ := newSet()
		err := Parse(fs, c.args)
		if err == nil || err.Error() != c.want && !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
	fs, n := newSet()
	if err := Parse(fs, []string{"--procs", "3", "x", "--algo", "a"}); err != nil || *n != 3 || fs.NArg() != 3 {
		t.Fatalf("first part: %v", err)
	}
	if err := Parse(fs, fs.Args()[1:]); err != nil {
		t.Fatalf("second part: %v", err)
	}
	if err := Parse(fs, []string{"--procs", "4"}); err == nil || err.Error() != "flag --procs given twice" {
		t.Fatalf("a flag of the first part again: %v", err)
	}
	var e *Error
	fs, _ = newSet()
	if err := Parse(fs, []string{"--procs", "99"}); !errors.As(err, &e) || e.Flag != "procs" || e.Why != "99 is out of range: must be from 0 to 64" {
		t.Fatalf("a refused value: %#v", err)
	}
	for _, c := range []struct {
		args []string
		help bool
	}{{[]string{"--help"}, true}, {[]string{"-h"}, true}, {[]string{"--help=false", "--algo", "x"}, false}, {[]string{"--help=true"}, true}, {[]string{"--help", "--nope"}, true}} {
		fs, _ := newSet()
		err := Parse(fs, c.args)
		if errors.Is(err, flag.ErrHelp) != c.help {
			t.Errorf("%q: %v, help %v", c.args, err, c.help)
		}
	}
	// The help flags and Refused ones are not listed; a wrapped flag is
	// listed as before.
	fs, _ = newSet()
	fs.Var(Refused("does not apply"), "seed", "")
	if err := Parse(fs, []string{"--seed", "3"}); err == nil || err.Error() != "--seed does not apply" {
		t.Fatalf("a refused flag: %v", err)
	}
	var b bytes.Buffer
	PrintDefaults(&b, fs)
	if strings.Contains(b.String(), "--seed") || strings.Contains(b.String(), "--help") || strings.Contains(b.String(), "--h\n") || !strings.Contains(b.String(), "--json\n") || !strings.Contains(b.String(), "--preset string\n") {
		t.Errorf("help:\n%s", b.String())
	}
}

// Integers are plain decimal: no base prefix, no underscore, no plus; a
// leading zero is not octal.
func TestDecimal(t *testing.T) {
	for s, want := range map[string]int64{"010": 10, "0": 0, "-7": -7, "9223372036854775807": 1<<63 - 1} {
		if v, err := ParseInt(s); err != nil || v != want {
			t.Errorf("%q: %d, %v", s, v, err)
		}
	}
	for _, s := range []string{"0x10", "0b11", "0o7", "1_0", "+3", " 1", "", "-", "1e3", "9223372036854775808"} {
		if _, err := ParseInt(s); err == nil {
			t.Errorf("%q was taken", s)
		}
	}
	if v, err := ParseUint("18446744073709551615"); err != nil || v != 1<<64-1 {
		t.Errorf("the largest seed: %d, %v", v, err)
	}
	for _, s := range []string{"-1", "0x10", "+1", "18446744073709551616"} {
		if _, err := ParseUint(s); err == nil {
			t.Errorf("%q was taken", s)
		}
	}
	var sh Shard
	for _, s := range []string{"+1/2", "1/+2", "01/2"} {
		err := sh.Set(s)
		if (err == nil) != (s == "01/2") {
			t.Errorf("shard %q: %v", s, err)
		}
	}
}
