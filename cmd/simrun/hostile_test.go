package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/locksim/locksim/scripts"
)

// wantUsage runs args and requires exit 2 with one line on stderr holding
// every string of want, and nothing on stdout.
func wantUsage(t *testing.T, args []string, want ...string) {
	t.Helper()
	code, out, errs := runArgs(args...)
	if code != exitUsage || strings.Count(errs, "\n") != 1 {
		t.Errorf("%q: exit %d, stderr %q (want exit 2 and one line)", args, code, errs)
		return
	}
	for _, w := range want {
		if !strings.Contains(errs, w) {
			t.Errorf("%q: stderr %q lacks %q", args, errs, w)
		}
	}
	if out != "" {
		t.Errorf("%q: printed %q before refusing", args, out)
	}
}

// Every flag has a range, every flag that an algorithm would ignore is an
// error, and seed ranges that overflow or cannot finish are refused, all
// before any work, on one line naming the flag.
func TestFlagsAreChecked(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"run", "--algo", "set-px", "--scripts", "/no/such/dir"}, []string{"--scripts does not apply to set-px"}},
		{[]string{"run", "--algo", "setnx-expire", "--mutant", "no-such-mutant"}, []string{"--mutant does not apply to setnx-expire"}},
		{[]string{"sweep", "--algo", "set-uuid-lua", "--lock-watchdog-timeout", "9s"}, []string{"--lock-watchdog-timeout does not apply"}},
		{[]string{"sweep", "--algo", "set-uuid-getdel", "--retry-attempts", "2"}, []string{"--retry-attempts does not apply"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--thread-wait-time", "1s"}, []string{"--thread-wait-time does not apply to rlock-3.16.8"}},
		{[]string{"explore", "--algo", "set-px", "--ops", "lock", "--acquires", "2"}, []string{"--acquires counts", "with --ops"}},
		{[]string{"explore", "--report", "--per-proc", "2"}, []string{"--per-proc does not apply to --report"}},
		{[]string{"explore", "--algo", "set-px", "--save-by-design", "/dev/null"}, []string{"--save-by-design", "not a directory"}},
		{[]string{"explore", "--algo", "rlock-3.8.1", "--max-memory", "4X"}, []string{"--max-memory", "not a size"}},
		{[]string{"--out", "/dev/null/report.txt"}, []string{"--out", "not a directory"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--procs", "-1"}, []string{"--procs", "from 0 to 64"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--threads", "-3"}, []string{"--threads", "from 0 to 32"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--threads", "1000000"}, []string{"--threads", "out of range"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--safety", "1000h"}, []string{"--safety", "out of range"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--liveness", "0s"}, []string{"--liveness", "out of range"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--timeout", "-1s"}, []string{"--timeout", "out of range"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--procs", "99999999999999999999"}, []string{"--procs", "not an integer"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--skip-faults", "1,x"}, []string{"--skip-faults"}},
		{[]string{"run", "--algo", "rlock-3.16.8", "--skip-faults", "1,1"}, []string{"--skip-faults", "distinct"}},
		{[]string{"sweep", "--algo", "rlock-3.16.8", "--skip-faults", "-1"}, []string{"--skip-faults"}},
		{[]string{"sweep", "--algo", "rlock-3.16.8", "--seed", "4"}, []string{"--seed does not apply"}},
		{[]string{"sweep", "--algo", "rlock-3.16.8", "--workers", "-2"}, []string{"--workers", "out of range"}},
		{[]string{"sweep", "--algo", "set-px", "--seeds", "0-18446744073709551615"}, []string{"--seeds", "18446744073709551616 seeds"}},
		{[]string{"sweep", "--algo", "set-px", "--seeds", "1-10000000000"}, []string{"--seeds", "more than 1000000000"}},
		{[]string{"--seeds", "1-18446744073709551615"}, []string{"--seeds"}},
		{[]string{"compare", "rlock-3.8.1", "rlock-3.16.8", "--seeds", "5-18446744073709551615"}, []string{"--seeds"}},
		{[]string{"bugzoo", "--seeds", "18446744073709551610-18446744073709551615"}, []string{"bugzoo", "ten times the range"}},
		{[]string{"bugzoo", "--seeds", "1-999999999"}, []string{"bugzoo", "ten times the range"}},
		{[]string{"mutants", "--seeds", "0-18446744073709551615"}, []string{"--seeds"}},
		{[]string{"sweep", "--algo", "set-px", "--seeds", "1-1", "--shard", "2/3"}, []string{"holds no seed"}},
		{[]string{"compare", "rlock-3.8.1", "set-px", "--scripts-b", "x"}, []string{"--scripts-b does not apply to set-px"}},
		{[]string{"compare", "rlock-3.8.1", "rlock-3.16.8", "--presets", ""}, []string{"--presets", "unknown preset"}},
		{[]string{"compare", "rlock-3.8.1", "rlock-3.16.8", "--presets", "net,net"}, []string{"--presets", "twice"}},
		{[]string{"mutants", "--only", ""}, []string{"--only"}},
		{[]string{"explore", "--algo", "set-px", "--mutant", "x"}, []string{"--mutant does not apply to set-px"}},
		{[]string{"explore", "--algo", "rlock-3.8.1", "--acquires", "0"}, []string{"--acquires", "out of range"}},
		{[]string{"explore", "--algo", "rlock-3.8.1", "--max-states", "-1"}, []string{"--max-states", "out of range"}},
		{[]string{"explore", "--report", "--algo", "rlock-3.8.1"}, []string{"--algo does not apply to --report"}},
		{[]string{"explore", "--algo", "rlock-3.8.1", "--budget", "5"}, []string{"--budget goes with --report"}},
		{[]string{"help", "frobnicate"}, []string{"unknown subcommand"}},
	} {
		wantUsage(t, c.args, c.want...)
	}
}

// A seed range ending at the largest seed ends: the loop over it never
// wraps around.
func TestLargestSeedEnds(t *testing.T) {
	code, out, errs := runArgs("sweep", "--algo", "rlock-3.8.1", "--seeds", "18446744073709551614-18446744073709551615", "--safety", "10s", "--liveness", "5s", "--json")
	if code != exitOK && code != exitViolated || !strings.Contains(out, `"runs":2`) {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
}

// Malformed files of every kind end in exit 2 with one line naming the
// file and line.
func TestMalformedFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	long := write("long.jsonl", "{\"case\":\""+strings.Repeat("x", 70<<20)+"\"}\n")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"conform", write("empty.jsonl", "")}, []string{"empty.jsonl: no step to check"}},
		{[]string{"conform", write("cases.jsonl", "{\"case\":\"a\"}\n{\"case\":\"b\"}\n")}, []string{"cases.jsonl: no step to check"}},
		{[]string{"conform", write("binary.jsonl", "\x00\x01\x02\xff\n")}, []string{"binary.jsonl:1:"}},
		{[]string{"conform", write("deep.jsonl", "{\"case\":\"x\"}\n{\"t\":1,\"cmd\":[\"PING\"],\"reply\":"+strings.Repeat("[", 20000)+strings.Repeat("]", 20000)+"}\n")}, []string{"deep.jsonl:2:"}},
		{[]string{"conform", long}, []string{"long.jsonl:1:"}},
		{[]string{"conform", "--emit", write("emit.jsonl", "{\"t\":1,\"cmd\":[\"PING\"],\"reply\":null}\n")}, []string{"emit.jsonl:1:", "before the first"}},
		{[]string{"replay", write("trace.jsonl", "{\"kind\":\"run\",\"config\":{\"algo\":\"rlock-3.8.1\",\"seed\":\"x\",\"preset\":\"none\"}}\n")}, []string{"trace.jsonl:1:", "bad run header"}},
		{[]string{"replay", write("old.jsonl", "{\"kind\":\"option\",\"text\":\"algo rlock-3.8.1 seed 1 preset none\"}\n")}, []string{"old.jsonl:1:", "no run header"}},
		{[]string{"replay", write("unknown.jsonl", "{\"kind\":\"run\",\"config\":{\"algo\":\"rlock-3.8.1\",\"preset\":\"none\",\"turbo\":true}}\n")}, []string{"unknown.jsonl:1:", "unknown field"}},
		{[]string{"replay", write("notjson.jsonl", "hello\n")}, []string{"notjson.jsonl:1:", "not a trace line"}},
		{[]string{"replay", long}, []string{"long.jsonl:1:"}},
		{[]string{"scenario", write("empty.txt", "# nothing\n\n")}, []string{"empty.txt: no command"}},
		{[]string{"scenario", write("bad.txt", "world algo=set-px\n----\nx\n\nfrobnicate\n----\n")}, []string{"bad.txt:5:", "frobnicate"}},
	} {
		wantUsage(t, c.args, c.want...)
	}
}

// A saved trace damaged after it was written (a line garbled, cut short,
// lines out of order, the end line lost) is refused as bad input, on one
// line naming the file and line, before anything runs; only a trace whose
// every line looks right but comes out differently is a divergence.
func TestDamagedTraces(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.jsonl")
	if code, _, errs := runArgs("run", "--algo", "rlock-3.16.8", "--seed", "2", "--preset", "crash", "--trace", saved); code > exitViolated {
		t.Fatalf("run --trace: exit %d, %s", code, errs)
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) < 10 {
		t.Fatalf("a trace of %d lines", len(lines))
	}
	damaged := func(name string, edit func(ls []string) []string) string {
		p := filepath.Join(dir, name)
		ls := edit(slices.Clone(lines))
		if err := os.WriteFile(p, []byte(strings.Join(ls, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	n := len(lines)
	for _, c := range []struct {
		path string
		want []string
	}{
		{damaged("garbled.jsonl", func(ls []string) []string { ls[5] = "{\"t\":1.5,\"node\":\n"; return ls }), []string{"garbled.jsonl:6: not a trace line"}},
		{damaged("nokind.jsonl", func(ls []string) []string { ls[5] = "{\"t\":0,\"node\":\"c1\"}\n"; return ls }), []string{"nokind.jsonl:6: not a trace line", "kind"}},
		{damaged("short.jsonl", func(ls []string) []string { return ls[:n/2] }), []string{fmt.Sprintf("short.jsonl:%d:", n/2), "without the run's end line"}},
		{damaged("header.jsonl", func(ls []string) []string { return ls[:1] }), []string{"header.jsonl:1:", "header only"}},
		{damaged("order.jsonl", func(ls []string) []string {
			ls[n-2], ls[n/2] = ls[n/2], ls[n-2]
			return ls
		}), []string{"order.jsonl:", "before the previous line's"}},
		{damaged("twoends.jsonl", func(ls []string) []string { return append(ls, "\n"+ls[n-1]) }), []string{fmt.Sprintf("twoends.jsonl:%d:", n), "end line comes before"}},
	} {
		wantUsage(t, []string{"replay", c.path}, c.want...)
	}
	// Every line well formed, one of them not what this build writes: a
	// divergence, told on one line with both lines (cut short), and bad
	// input as well: the file is what does not replay.
	edited := damaged("edited.jsonl", func(ls []string) []string {
		ls[n-1] = strings.Replace(ls[n-1], "\"kind\":\"end\"", "\"kind\":\"end\",\"x\":1", 1)
		return ls
	})
	wantUsage(t, []string{"replay", edited}, fmt.Sprintf("edited.jsonl:%d: the replay diverges from the file (edited, or another build or non-determinism): saved {", n), "; now {")
	for _, c := range []struct {
		name string
		edit func(ls []string) []string
		line int
	}{
		{"deleted.jsonl", func(ls []string) []string { return slices.Delete(ls, n/2, n/2+1) }, n/2 + 1},
		{"swapped.jsonl", func(ls []string) []string { ls[n/2], ls[n/2+1] = ls[n/2+1], ls[n/2]; return ls }, 0},
		{"seed.jsonl", func(ls []string) []string { ls[0] = strings.Replace(ls[0], `"seed":2`, `"seed":3`, 1); return ls }, 2},
		{"spaces.jsonl", func(ls []string) []string { ls[n/2] = strings.TrimSuffix(ls[n/2], "\n") + "  \n"; return ls }, n/2 + 1},
		{"long.jsonl", func(ls []string) []string {
			ls[n-1] = strings.Replace(ls[n-1], "\"kind\":\"end\"", "\"kind\":\"end\",\"x\":\""+strings.Repeat("x", 5000)+"\"", 1)
			return ls
		}, n},
	} {
		code, _, errs := runArgs("replay", damaged(c.name, c.edit))
		if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.name+":") || !strings.Contains(errs, "replay diverges") && !strings.Contains(errs, "before the previous line") {
			t.Errorf("replay of %s: exit %d, stderr %q (want exit 2 and one line)", c.name, code, errs)
			continue
		}
		if c.line != 0 && !strings.Contains(errs, fmt.Sprintf("%s:%d: the replay diverges", c.name, c.line)) {
			t.Errorf("replay of %s: %q, want the divergence at line %d", c.name, errs, c.line)
		}
		if len(errs) > 600 {
			t.Errorf("replay of %s: a message of %d bytes: the lines should be cut short", c.name, len(errs))
		}
	}
	// The same process running twice is no file: non-determinism there is
	// the harness's failure (exit 3), and none is found here.
	if code, out, errs := runArgs("run", "--algo", "rlock-3.16.8", "--seed", "2", "--preset", "crash", "--safety", "10s", "--liveness", "5s", "--check-determinism", "--no-shrink"); code > exitViolated || !strings.Contains(out, "determinism: two runs gave the same trace") {
		t.Errorf("--check-determinism: exit %d\n%s%s", code, out, errs)
	}
}

// scriptDir copies the embedded scripts of version into a new directory
// at path, with the named script replaced by src.
func scriptDir(t *testing.T, path, version, name, src string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(path, version), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, version, name+".lua"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A script of the user's that does not compile is named, by file and
// script ID, on one line; conform takes a directory holding only some
// scripts, as run does.
func TestUserScripts(t *testing.T) {
	dir := scriptDir(t, filepath.Join(t.TempDir(), "bad"), "3.16.8", "RedissonLock.tryLockInnerAsync", "if then\nreturn 1\n")
	file := filepath.Join(dir, "3.16.8", "RedissonLock.tryLockInnerAsync.lua")
	wantUsage(t, []string{"run", "--algo", "rlock-3.16.8", "--scripts", dir}, file, "script 3.16.8/RedissonLock.tryLockInnerAsync", "Error compiling script")

	// A subset: one unchanged script of the walk-throughs' version.
	src, err := scripts.Lookup("3.16.8/RedissonLock.unlockInnerAsync")
	if err != nil {
		t.Fatal(err)
	}
	subset := scriptDir(t, filepath.Join(t.TempDir(), "subset"), "3.16.8", "RedissonLock.unlockInnerAsync", src.Source)
	code, out, errs := runArgs("conform", "--scripts", subset, "../../testdata/conformance/seed-walkthroughs.jsonl")
	if code != exitOK || !strings.Contains(out, " 0 mismatches") {
		t.Fatalf("conform with a subset: exit %d\n%s%s", code, out, errs)
	}
	wantUsage(t, []string{"conform", "--scripts", dir, "../../testdata/conformance/seed-walkthroughs.jsonl"}, file, "script 3.16.8/RedissonLock.tryLockInnerAsync")
}

// A script that returns a table holding itself, a string, or asks for a
// hundred million results, through run --scripts: the run goes on with the
// replies Redis would give (Redisson's client sees a reply it does not
// expect), and never crashes. One that never ends, or builds more than any
// Redis could hold, has no reply a real Redis would give: the run stops at
// once with exit 2, naming the script's file (and a conform step with such
// a script names its line).
func TestHostileScriptsRun(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"local t = {} t[1] = t return t", "return unpack({}, 1, 1e8)", "return 'not a number'"} {
		dir := scriptDir(t, t.TempDir(), "3.16.8", "RedissonLock.tryLockInnerAsync", src)
		code, out, errs := runArgs("run", "--algo", "rlock-3.16.8", "--scripts", dir, "--safety", "2s", "--liveness", "1s", "--procs", "1", "--threads", "1", "--no-shrink")
		if code != exitOK && code != exitViolated {
			t.Fatalf("%s: exit %d\n%s%s", src, code, out, errs)
		}
	}
	for src, why := range map[string]string{
		"while true do end":                            "it ran past the simulation's instruction budget",
		"return string.rep('x', 1e9)":                  "it built more than 67108864 bytes of strings",
		"local function f() return f() end return f()": "it ran past the simulation's instruction budget",
		// a reply of 2^7995 arrays, each holding the table twice
		"local t = {} t[1] = t t[2] = t return t": "its reply has more than 1048576 elements",
	} {
		dir := scriptDir(t, t.TempDir(), "3.16.8", "RedissonLock.tryLockInnerAsync", src)
		file := filepath.Join(dir, "3.16.8", "RedissonLock.tryLockInnerAsync.lua")
		for _, cmd := range [][]string{
			{"run", "--algo", "rlock-3.16.8", "--scripts", dir, "--safety", "2s", "--liveness", "1s"},
			{"sweep", "--algo", "rlock-3.16.8", "--scripts", dir, "--seeds", "1-2", "--preset", "none"},
		} {
			code, out, errs := runArgs(cmd...)
			if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, file+": script 3.16.8/RedissonLock.tryLockInnerAsync at t=") || !strings.Contains(errs, why) {
				t.Errorf("%s %s: exit %d\n%s%s", cmd[0], src, code, out, errs)
			}
		}
	}
	conf := filepath.Join(t.TempDir(), "loop.jsonl")
	if err := os.WriteFile(conf, []byte("{\"case\":\"loop\"}\n{\"t\":1,\"eval\":\"while true do end\",\"keys\":[],\"argv\":[],\"reply\":null}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runArgs("conform", conf); code != exitUsage || !strings.Contains(errs, conf+":2: the step's script stopped: it ran past") {
		t.Errorf("conform: exit %d\n%s%s", code, out, errs)
	}
}

// Every trace run writes, replay reads back, whatever the path of the
// scripts it names: spaces, quotes, a backslash, non-ASCII.
func TestTraceWithAnyScriptsPath(t *testing.T) {
	src, err := scripts.Lookup("3.8.1/RedissonLock.unlockInnerAsync")
	if err != nil {
		t.Fatal(err)
	}
	dir := scriptDir(t, filepath.Join(t.TempDir(), `my "scripts" dir \ é`), "3.8.1", "RedissonLock.unlockInnerAsync", src.Source)
	trace := filepath.Join(t.TempDir(), "a trace.jsonl")
	code, out, errs := runArgs("run", "--algo", "rlock-3.8.1", "--seed", "2", "--scripts", dir, "--safety", "20s", "--liveness", "5s", "--trace", trace)
	if code != exitOK && code != exitViolated {
		t.Fatalf("run: exit %d\n%s%s", code, out, errs)
	}
	code2, out2, errs2 := runArgs("replay", trace)
	if code2 != code || !strings.Contains(out2, "lines came out the same") {
		t.Fatalf("replay: exit %d (run %d)\n%s%s", code2, code, out2, errs2)
	}
	data, _ := os.ReadFile(trace)
	if !bytes.Contains(data, []byte(`my \\\"scripts\\\" dir`)) {
		t.Fatalf("the trace header does not quote the path:\n%.400s", data)
	}
}
