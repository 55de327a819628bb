package flagx

import (
	"bytes"
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
