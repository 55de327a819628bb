package scenario

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// TestScenarios runs every file under testdata; `go test
// ./scenario -rewrite` rewrites their expected output.
func TestScenarios(t *testing.T) {
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		e := New()
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			out, err := e.Do(d.Cmd, d.CmdArgs)
			if err != nil {
				d.Fatalf(t, "%v", err)
			}
			return out
		})
	})
}

// TestWalkthroughsMatchRealRedis replays seed 001's walk-through files and
// checks every script the conformance case ran on a real Redis 7.0 against
// the scripts the simulated clients sent at the same server millisecond
// (same ARGV, same reply), and every HGETALL / LRANGE / ZRANGE / PTTL the
// case read against the store right after that script.
func TestWalkthroughsMatchRealRedis(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "conformance", "seed-walkthroughs.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	steps, err := conformance.Parse("seed-walkthroughs.jsonl", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"3.8.1", "3.16.8"} {
		t.Run(v, func(t *testing.T) {
			var cs []conformance.Step
			in := false
			for _, st := range steps {
				if st.IsCase() {
					in = st.Case == "fair-walkthrough/"+v
					continue
				}
				if in {
					cs = append(cs, st)
				}
			}
			if len(cs) == 0 {
				t.Fatal("case not found")
			}
			e := New()
			var snaps []*sim.Store
			e.snapshot = func(_ traceLine, s *sim.Store) { snaps = append(snaps, s) }
			path := filepath.Join("testdata", "fairlock-"+v+"-walkthrough.txt")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			cmds, err := parseFile(path, src)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cmds {
				if _, err := e.Do(c.cmd, c.args); err != nil {
					t.Fatalf("%s:%d: %v", path, c.line, err)
				}
			}
			if len(snaps) != len(e.all) {
				t.Fatalf("%d snapshots for %d exec lines", len(snaps), len(e.all))
			}
			// The conformance case's owners are fake UUIDs, client N's ending in N.
			fake := func(s string) string {
				for i, c := range e.clients {
					s = strings.ReplaceAll(s, c.uuid, fmt.Sprintf("c1a0e1f2-0000-4000-8000-%012d", i+1))
				}
				return s
			}
			var mapReply func(r sim.Reply) sim.Reply
			mapReply = func(r sim.Reply) sim.Reply {
				switch r.Kind {
				case sim.KindBulk:
					r.Str = fake(r.Str)
				case sim.KindArray:
					arr := make([]sim.Reply, len(r.Arr))
					for i, x := range r.Arr {
						arr[i] = mapReply(x)
					}
					r.Arr = arr
				}
				return r
			}
			last := -1 // index in e.all of the exec matching the last script step
			for _, st := range cs {
				switch {
				case st.Script != "":
					last = -1
					for i, l := range e.all {
						if l.Script != st.Script || l.ServerMs != st.T || fake(strings.Join(l.Argv, " ")) != strings.Join(st.Argv, " ") {
							continue
						}
						if !l.Reply.Equal(st.Reply) {
							t.Errorf("line %d: %s at %d replied %s, real Redis %s", st.Line, st.Script, st.T, l.Reply.Text(), st.Reply.Text())
						}
						last = i
					}
					if last < 0 {
						t.Errorf("line %d: the clients never ran %s %v at server ms %d", st.Line, st.Script, st.Argv, st.T)
					}
				case st.Cmd != nil:
					if last < 0 {
						continue
					}
					s := snaps[last].Clone()
					s.SetTime(st.T)
					if got := mapReply(s.Do(st.Cmd...)); !got.Equal(st.Reply) {
						t.Errorf("line %d: %v after the script: got %s, real Redis %s", st.Line, st.Cmd, got.Text(), st.Reply.Text())
					}
				}
			}
		})
	}
}

// RunFile prints, for every shipped scenario, exactly the expected output
// the file holds.
func TestRunFileReproducesTestdata(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := parseFile(path, src)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := RunFile(path, &out); err != nil {
			t.Fatalf("RunFile(%s): %v", path, err)
		}
		got, err := parseFile("output", out.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d commands in the output, %d in the file", path, len(got), len(want))
		}
		for i := range want {
			if got[i].text != want[i].text || got[i].expected != want[i].expected {
				t.Fatalf("%s:%d: %s\ngot:\n%s\nwant:\n%s", path, want[i].line, want[i].text, got[i].expected, want[i].expected)
			}
		}
	}
}

// A malformed command stops RunFile with one line "file:line: what is
// wrong", never a panic.
func TestRunFileMalformed(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, body, want string
	}{
		{"unknown-command", "world algo=rlock-3.16.8\n----\n\nfrobnicate A\n----\n", ":4: unknown command \"frobnicate\""},
		{"bad-argument", "world algo=rlock-3.16.8\nlock A leese=30s\n", ":2: lock: unknown argument leese"},
		{"bad-duration", "world algo=rlock-3.16.8\n\nadvance 1x\n", ":3: advance: bad duration \"1x\""},
		{"bad-lease", "world algo=fairlock-3.8.1\nlock A lease=soon\n", ":2: lock: lease: bad duration \"soon\""},
		{"negative-advance", "world algo=set-px\nadvance -1s\n", ":2: advance: -1s is negative"},
		{"no-world", "# nothing yet\nlock A\n", ":2: lock: no world yet"},
		{"unknown-algo", "world algo=redlock\n", ":1: world: unknown algo \"redlock\""},
		{"missing-client", "world algo=set-px\ncrash B\n", ":2: crash: no client \"B\""},
		{"extra-positional", "world algo=set-px\nunlock A B\n", ":2: unlock: want 1 positional argument(s), got 2"},
		{"unparsable", "world algo=set-px\nlock A lease=(1s\n", ":2: cannot parse directive"},
		{"failover-without-replica", "world algo=set-px\nfailover\n", ":2: failover: the world has no replica"},
		{"bad-unit", "world algo=rlock-3.16.8\ntrylock A wait=10s unit=h\n", ":2: trylock: unit=h: want ms or s"},
		{"advance-beyond-a-day", "world algo=rlock-3.16.8\nadvance 25h\n", ":2: advance: 90000s is beyond 86400s"},
		{"lease-beyond-a-day", "world algo=rlock-3.16.8\nlock A lease=100000h\n", ":2: lock: lease: 360000000s is beyond 86400s"},
		{"watchdog-simple-lock", "world algo=set-px watchdog=3s\n", ":1: world: watchdog= is Redisson's"},
		{"watchdog-too-short", "world algo=rlock-3.8.1 watchdog=2ms\n", ":1: world: watchdog=2ms: want a whole number of ms, at least 3ms"},
		{"stop-redis-zero", "world algo=rlock-3.8.1\nstop-redis 0s\n", ":2: stop-redis: 0s: want a positive duration"},
		{"interrupt-extra", "world algo=rlock-3.8.1\ninterrupt A B\n", ":2: interrupt: want 1 positional argument(s), got 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".txt")
			if err := os.WriteFile(path, []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			err := RunFile(path, &out)
			if err == nil || !strings.HasPrefix(err.Error(), path+c.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("got error %q, want a line starting %q", err, path+c.want)
			}
		})
	}
}
