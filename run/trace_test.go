package run_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// traceOf runs cfg and returns the trace it wrote.
func traceOf(t *testing.T, cfg run.Config) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	r, err := run.New(cfg, &buf)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	if err := r.World.Tracer().Flush(); err != nil {
		t.Fatal(err)
	}
	return &buf
}

// A trace a run wrote reads back as its lines and the run's configuration.
func TestReadTrace(t *testing.T) {
	cfg := run.Config{Algo: "set-px", Seed: 3, Preset: "net", Safety: 5 * sim.Second, Liveness: 5 * sim.Second}
	buf := traceOf(t, cfg)
	lines, got, err := run.ReadTrace("t.jsonl", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, cfg) {
		t.Fatalf("config %+v, want %+v", got, cfg)
	}
	if want := bytes.Count(buf.Bytes(), []byte("\n")); len(lines) != want || len(lines) < 2 {
		t.Fatalf("%d lines, want %d", len(lines), want)
	}
	for in, want := range map[string]string{
		"":                          "t.jsonl: empty trace",
		"{\n":                       "t.jsonl:1: not a trace line: unexpected end of JSON input",
		`{"kind":"acquire"}` + "\n": "t.jsonl:1: no run header (the first line simrun run --trace writes)",
		`{"kind":"run","config":{"algo":"set-px"}}`: "t.jsonl:1: ",
	} {
		_, _, err := run.ReadTrace("t.jsonl", []byte(in))
		if err == nil || len(err.Error()) < len(want) || err.Error()[:len(want)] != want {
			t.Errorf("ReadTrace(%q): %v, want %q…", in, err, want)
		}
	}
}

func TestDiffTrace(t *testing.T) {
	l := func(ss ...string) [][]byte {
		var out [][]byte
		for _, s := range ss {
			out = append(out, []byte(s))
		}
		return out
	}
	for _, c := range []struct {
		saved, got [][]byte
		line       int
		want, have string
	}{
		{l("a", "b"), l("a", "b"), 0, "", ""},
		{l("a", "b"), l("a", "c"), 2, "b", "c"},
		{l("a", "b"), l("a"), 2, "b", ""},
		{l("a"), l("a", "c"), 2, "", "c"},
	} {
		line, want, have := run.DiffTrace(c.saved, c.got)
		if line != c.line || want != c.want || have != c.have {
			t.Errorf("DiffTrace(%q, %q) = %d %q %q", c.saved, c.got, line, want, have)
		}
	}
}

// A saved line with a kind no code writes is a damaged file (bad input,
// named by its line), not a replay that diverges; and sim.TraceKinds holds
// exactly the kinds the sources write: every literal kind given to
// Tracer.Event or Proc.Trace in sim, clients and run, no more.
func TestTraceKinds(t *testing.T) {
	buf := traceOf(t, run.Config{Algo: "set-px", Seed: 3, Preset: "net", Safety: 5 * sim.Second, Liveness: 5 * sim.Second})
	edited := bytes.Replace(buf.Bytes(), []byte(`"kind":"exec"`), []byte(`"kind":"exek"`), 1)
	if _, _, err := run.ReadTrace("t.jsonl", edited); err == nil || !strings.Contains(err.Error(), `not a trace line: "exek" is no kind of event the tracer writes`) {
		t.Errorf("an edited kind: %v", err)
	}

	literal := regexp.MustCompile(`\.(?:Event\([^,]+,[^,]+,\s*|Trace\()"([a-z-]+)"`)
	anyCall := regexp.MustCompile(`\.(?:Event|Trace)\(`)
	written := map[string]bool{}
	for _, dir := range []string{".", "../clients", "../sim"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(src), "\n") {
				calls := len(anyCall.FindAllString(line, -1))
				ms := literal.FindAllStringSubmatch(line, -1)
				for _, m := range ms {
					written[m[1]] = true
				}
				// Proc.Trace passes its own parameter on: the one call
				// whose kind is not a literal
				if calls != len(ms) && !strings.Contains(line, "p.w.trace.Event(p.w.now, p.Name, kind)") && !strings.Contains(line, "func ") {
					t.Errorf("%s:%d: an event whose kind is not a literal string: %s", f, i+1, strings.TrimSpace(line))
				}
			}
		}
	}
	for k := range written {
		if !sim.TraceKinds[k] {
			t.Errorf("the sources write kind %q, which sim.TraceKinds lacks", k)
		}
	}
	for k := range sim.TraceKinds {
		if !written[k] {
			t.Errorf("sim.TraceKinds has %q, which no source writes", k)
		}
	}
}
