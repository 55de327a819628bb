package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/locksim/locksim/scripts"
)

// badCase is one command line that the rule for bad input covers: the
// exit code, a string stderr must hold, and stderr exactly one line.
type badCase struct {
	name   string
	args   []string
	code   int
	want   string
	stdout io.Writer // nil: a buffer
	after  func(t *testing.T)
}

// runBad runs each case in this process and checks it.
func runBad(t *testing.T, cases []badCase) {
	t.Helper()
	for _, c := range cases {
		var out bytes.Buffer
		var errb bytes.Buffer
		var w io.Writer = &out
		if c.stdout != nil {
			w = c.stdout
		}
		args := c.args
		if len(args) > 0 && args[0] == "run" && !slices.Contains(args, "--viz-dir") {
			args = append(args[:len(args):len(args)], "--viz-dir", "")
		}
		start := time.Now()
		code := simrun(args, w, &errb)
		errs := errb.String()
		if code != c.code || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") || !strings.Contains(errs, c.want) {
			t.Errorf("%s: %q: exit %d, stderr %q; want exit %d and one line holding %q", c.name, c.args, code, errs, c.code, c.want)
		}
		if took := time.Since(start); took > time.Minute {
			t.Errorf("%s: took %s", c.name, took)
		}
		if c.after != nil {
			c.after(t)
		}
	}
}

// baseTrace writes the probes' base trace (rlock-3.16.8, seed 2, preset
// crash: four faults) into dir and returns its lines, each with its
// newline.
func baseTrace(t *testing.T, dir string) []string {
	t.Helper()
	f := filepath.Join(dir, "base.jsonl")
	if code, _, errs := runArgs("run", "--algo", "rlock-3.16.8", "--seed", "2", "--preset", "crash", "--safety", "10s", "--liveness", "5s", "--trace", f, "--no-shrink", "--no-confirm"); code > exitViolated {
		t.Fatalf("run --trace: exit %d, %s", code, errs)
	}
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
}

// Item 1: the values of a trace's run header pass the checks the run
// flags get, and one outside them is "FILE:1: bad run header: FIELD:
// WHY", exit 2, before anything runs (a hang or a panic otherwise).
func TestBadRunHeader(t *testing.T) {
	dir := t.TempDir()
	lines := baseTrace(t, dir)
	header := func(name, old, new string) string {
		if !strings.Contains(lines[0], old) {
			t.Fatalf("the header %q lacks %q", lines[0], old)
		}
		ls := append([]string(nil), lines...)
		ls[0] = strings.Replace(ls[0], old, new, 1)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(ls, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var cases []badCase
	for _, c := range []struct{ name, old, new, want string }{
		{"safety-negative", `"safety":"10s"`, `"safety":"-10s"`, "safety: -10s is out of range"},
		{"safety-huge", `"safety":"10s"`, `"safety":"9999h"`, "safety: 9999h is out of range"},
		{"safety-zero", `"safety":"10s"`, `"safety":"0s"`, "safety: 0s is out of range"},
		{"procs-huge", `"seed":2`, `"seed":2,"threads":100000,"procs":10000`, "procs: 10000 is out of range"},
		{"threads-huge", `"seed":2`, `"seed":2,"threads":100000`, "threads: 100000 is out of range"},
		{"procs-negative", `"seed":2`, `"seed":2,"procs":-1`, "procs: -1 is out of range"},
		{"threads-negative", `"seed":2`, `"seed":2,"threads":-1`, "threads: -1 is out of range"},
		{"skip-twice", `"seed":2`, `"seed":2,"skip_faults":[1,1]`, "skip_faults: want distinct fault indices"},
		{"skip-negative", `"seed":2`, `"seed":2,"skip_faults":[-1]`, "skip_faults: want distinct fault indices"},
		{"skip-past-plan", `"seed":2`, `"seed":2,"skip_faults":[99]`, "skip_faults: fault 99 is not in the plan: seed 2 of preset crash draws 4 faults"},
		{"watchdog", `"seed":2`, `"seed":2,"client":{"lock_watchdog_timeout_ms":1}`, "client.lock_watchdog_timeout_ms: 1ms is out of range"},
		{"attempts", `"seed":2`, `"seed":2,"client":{"retry_attempts":1000000}`, "client.retry_attempts: 1000000 is out of range"},
		{"wait-not-fair", `"seed":2`, `"seed":2,"client":{"thread_wait_time_ms":1000}`, "client.thread_wait_time_ms: does not apply to rlock-3.16.8"},
		{"algo", `"algo":"rlock-3.16.8"`, `"algo":"nope"`, `algo: unknown algorithm "nope"`},
		{"mutant", `"seed":2`, `"seed":2,"mutant":"unlock-no-owner-check-3.8.1"`, "mutant: unlock-no-owner-check-3.8.1 runs under rlock-3.8.1, not rlock-3.16.8"},
		{"seed-twice", `"seed":2`, `"seed":2,"seed":3`, "seed: given twice"},
	} {
		p := header(c.name+".jsonl", c.old, c.new)
		cases = append(cases, badCase{name: c.name, args: []string{"replay", p}, code: exitUsage, want: c.name + ".jsonl:1: bad run header: " + c.want})
	}
	runBad(t, cases)
}

// Items 2 to 13: one case each (items 3 and 4 need a process of their
// own: TestOutputToOwnDescriptors, TestReadOnlyOutput).
func TestBadInputOneLine(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	write := func(name, body string) string {
		if err := os.MkdirAll(filepath.Dir(path(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path(name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return path(name)
	}
	lines := baseTrace(t, dir)
	n := len(lines)
	deleted := write("deleted.jsonl", strings.Join(append(append([]string(nil), lines[:n/2]...), lines[n/2+1:]...), ""))

	// Script directories: a loop no Redis finishes, a link to /dev/zero,
	// a named pipe, a file past the size bound, another version's script,
	// another lock's script.
	loop := scriptDir(t, path("loop"), "3.16.8", "RedissonLock.tryLockInnerAsync", "while true do end")
	zero := path("zero")
	os.MkdirAll(filepath.Join(zero, "3.16.8"), 0o755)
	if err := os.Symlink("/dev/zero", filepath.Join(zero, "3.16.8", "RedissonLock.tryLockInnerAsync.lua")); err != nil {
		t.Fatal(err)
	}
	fifo := path("fifo")
	os.MkdirAll(filepath.Join(fifo, "3.16.8"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(fifo, "3.16.8", "RedissonLock.tryLockInnerAsync.lua"), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := scriptDir(t, path("huge"), "3.16.8", "RedissonLock.tryLockInnerAsync", "return 1")
	if err := os.Truncate(filepath.Join(huge, "3.16.8", "RedissonLock.tryLockInnerAsync.lua"), scripts.MaxScriptSize+1); err != nil {
		t.Fatal(err)
	}
	src, err := scripts.Lookup("3.8.1/RedissonLock.unlockInnerAsync")
	if err != nil {
		t.Fatal(err)
	}
	other := scriptDir(t, path("v381"), "3.8.1", "RedissonLock.unlockInnerAsync", src.Source)
	fsrc, err := scripts.Lookup("3.16.8/RedissonFairLock.unlockInnerAsync")
	if err != nil {
		t.Fatal(err)
	}
	fair := scriptDir(t, path("fair"), "3.16.8", "RedissonFairLock.unlockInnerAsync", fsrc.Source)

	conform := func(name, step string) string {
		return write(name, "{\"case\":\"x\"}\n"+step+"\n")
	}
	probes := "../../testdata/conformance/lua-probes-visible.jsonl"
	keep := write("keep.txt", "keep\n")

	runBad(t, []badCase{
		// 2: a trace edited after it was written does not replay: one line, exit 2.
		{name: "diverges", args: []string{"replay", deleted}, code: exitUsage,
			want: fmt.Sprintf("deleted.jsonl:%d: the replay diverges from the file (edited, or another build or non-determinism): saved {", n/2+1)},

		// 3: a descriptor that is not open, or not for writing.
		{name: "fd-closed", args: append(append([]string(nil), quickRun...), "--trace", "/dev/fd/999"), code: exitUsage, want: "--trace: cannot write /dev/fd/999: bad file descriptor"},
		{name: "fd-closed-conform", args: []string{"conform", "--emit", probes, "--out", "/proc/self/fd/999"}, code: exitUsage, want: "--out: cannot write /proc/self/fd/999"},

		// 5: unbounded reads.
		{name: "replay-dev-zero", args: []string{"replay", "/dev/zero"}, code: exitUsage, want: "/dev/zero:1: a line longer than 64 MiB"},
		{name: "conform-dev-zero", args: []string{"conform", "/dev/zero"}, code: exitUsage, want: "/dev/zero:1: a line longer than 64 MiB"},
		{name: "scenario-dev-zero", args: []string{"scenario", "/dev/zero"}, code: exitUsage, want: "/dev/zero: not a regular file"},
		{name: "script-dev-zero", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", zero}, code: exitUsage, want: filepath.Join(zero, "3.16.8", "RedissonLock.tryLockInnerAsync.lua") + ": not a regular file"},
		{name: "script-huge", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", huge}, code: exitUsage, want: "RedissonLock.tryLockInnerAsync.lua: larger than 64 MiB"},

		// 6: a named pipe among the scripts, for run and conform.
		{name: "script-fifo", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", fifo}, code: exitUsage, want: filepath.Join(fifo, "3.16.8", "RedissonLock.tryLockInnerAsync.lua") + ": not a regular file"},
		{name: "script-fifo-conform", args: []string{"conform", "--scripts", fifo, probes}, code: exitUsage, want: "RedissonLock.tryLockInnerAsync.lua: not a regular file"},

		// 7: malformed conformance lines.
		{name: "conform-t-twice", args: []string{"conform", conform("t2.jsonl", `{"t":1,"t":2,"cmd":["PING"],"reply":{"ok":"PONG"}}`)}, code: exitUsage, want: `t2.jsonl:2: key "t" given twice`},
		{name: "conform-case-twice", args: []string{"conform", write("case2.jsonl", "{\"case\":\"a\",\"case\":\"b\"}\n{\"t\":1,\"cmd\":[\"PING\"],\"reply\":{\"ok\":\"PONG\"}}\n")}, code: exitUsage, want: `case2.jsonl:1: key "case" given twice`},
		{name: "conform-reply-key-twice", args: []string{"conform", conform("r2.jsonl", `{"t":1,"cmd":["PING"],"reply":{"ok":"PONG","ok":"x"}}`)}, code: exitUsage, want: `r2.jsonl:2: key "ok" given twice`},
		{name: "conform-keys-null", args: []string{"conform", conform("null.jsonl", `{"t":1,"eval":"return 1","keys":null,"argv":[],"reply":1}`)}, code: exitUsage, want: `null.jsonl:2: "keys" must be an array of strings`},
		{name: "conform-eval-null", args: []string{"conform", conform("enull.jsonl", `{"t":1,"eval":null,"keys":[],"argv":[],"reply":1}`)}, code: exitUsage, want: `enull.jsonl:2: "eval" must be a string`},
		{name: "conform-t-negative", args: []string{"conform", conform("neg.jsonl", `{"t":-1,"cmd":["PING"],"reply":{"ok":"PONG"}}`)}, code: exitUsage, want: `neg.jsonl:2: "t" must be an integer number of ms from 0`},

		// 8: stdout that cannot be written: one line, exit 3.
		{name: "emit-stdout-full", args: []string{"conform", "--emit", probes}, stdout: failWriter{}, code: exitWrite, want: "simrun conform: write to standard output: no space left on device"},

		// 9: a failed run leaves no directory it made for its output.
		{name: "no-dir-left", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", loop, "--safety", "2s", "--liveness", "1s", "--trace", path("newdir/x/t.jsonl")}, code: exitUsage, want: "instruction budget",
			after: func(t *testing.T) {
				if _, err := os.Stat(path("newdir")); err == nil {
					t.Errorf("no-dir-left: the failed run left %s behind", path("newdir"))
				}
			}},

		// 10: a flag given twice, an item of a list given twice.
		{name: "algo-twice", args: []string{"run", "--algo", "set-px", "--algo", "rlock-3.8.1"}, code: exitUsage, want: "run: flag --algo given twice"},
		{name: "seed-twice", args: []string{"run", "--algo", "set-px", "--seed", "1", "--seed", "2"}, code: exitUsage, want: "run: flag --seed given twice"},
		{name: "trace-twice", args: []string{"run", "--algo", "set-px", "--trace", path("a.jsonl"), "--trace", path("b.jsonl")}, code: exitUsage, want: "run: flag --trace given twice"},
		{name: "seeds-twice", args: []string{"sweep", "--algo", "set-px", "--seeds", "1-2", "--seeds", "3-4"}, code: exitUsage, want: "sweep: flag --seeds given twice"},
		{name: "seeds-twice-main", args: []string{"--seeds", "1-2", "--seeds", "3-4"}, code: exitUsage, want: "flag --seeds given twice"},
		{name: "seeds-twice-compare", args: []string{"compare", "--seeds", "1-2", "rlock-3.8.1", "--seeds", "3-4", "rlock-3.16.8"}, code: exitUsage, want: "compare: flag --seeds given twice"},
		{name: "bool-twice", args: []string{"run", "--algo", "set-px", "--no-shrink", "--no-shrink=false"}, code: exitUsage, want: "run: flag --no-shrink given twice"},
		{name: "faults-kind-twice", args: []string{"explore", "--algo", "rlock-3.8.1", "--faults", "crash:1,crash:2"}, code: exitUsage, want: "--faults: crash given twice"},
		{name: "only-twice", args: []string{"mutants", "--only", "no-watchdog,no-watchdog"}, code: exitUsage, want: "--only: no-watchdog given twice"},

		// 11: contradictory or irrelevant inputs.
		{name: "mutant-and-scripts", args: []string{"run", "--algo", "rlock-3.16.8", "--mutant", "unlock-no-owner-check-3.16.8", "--scripts", fair}, code: exitUsage, want: "--scripts does not go with --mutant"},
		{name: "mutant-and-scripts-explore", args: []string{"explore", "--algo", "rlock-3.16.8", "--mutant", "unlock-no-owner-check-3.16.8", "--scripts", fair}, code: exitUsage, want: "--scripts does not go with --mutant"},
		{name: "scripts-other-version", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", other}, code: exitUsage, want: other + ": no script of rlock-3.16.8 (3.16.8)"},
		{name: "scripts-other-lock", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", fair}, code: exitUsage, want: fair + ": no script of rlock-3.16.8 (3.16.8)"},
		{name: "scripts-sweep", args: []string{"sweep", "--algo", "fairlock-3.16.8", "--scripts", other}, code: exitUsage, want: other + ": no script of fairlock-3.16.8 (3.16.8)"},
		{name: "scripts-compare", args: []string{"compare", "rlock-3.8.1", "rlock-3.16.8", "--scripts-b", other}, code: exitUsage, want: "--scripts-b: " + other + ": no script of rlock-3.16.8 (3.16.8)"},
		{name: "setting-simple-explore", args: []string{"explore", "--algo", "set-px", "--timeout", "1s"}, code: exitUsage, want: "explore: --timeout does not apply to set-px"},
		{name: "thread-wait-381-explore", args: []string{"explore", "--algo", "fairlock-3.8.1", "--thread-wait-time", "10s"}, code: exitUsage, want: "explore: --thread-wait-time does not apply to fairlock-3.8.1"},
		{name: "setting-report-explore", args: []string{"explore", "--report", "--lock-watchdog-timeout", "5s"}, code: exitUsage, want: "explore: --lock-watchdog-timeout does not apply to --report"},
		{name: "scripts-explore", args: []string{"explore", "--algo", "rlock-3.16.8", "--scripts", other}, code: exitUsage, want: other + ": no script of rlock-3.16.8 (3.16.8)"},
		{name: "skip-past-plan", args: []string{"run", "--algo", "rlock-3.16.8", "--seed", "2", "--preset", "crash", "--skip-faults", "99"}, code: exitUsage, want: "--skip-faults: fault 99 is not in the plan: seed 2 of preset crash draws 4 faults"},
		{name: "skip-no-plan", args: []string{"run", "--algo", "rlock-3.16.8", "--preset", "none", "--skip-faults", "0"}, code: exitUsage, want: "--skip-faults: fault 0 is not in the plan: seed 1 of preset none draws no fault"},
		{name: "skip-no-plan-sweep", args: []string{"sweep", "--algo", "rlock-3.16.8", "--preset", "none", "--skip-faults", "0"}, code: exitUsage, want: "--skip-faults: preset none draws no fault"},
		{name: "algos-empty", args: []string{"--algos", ""}, code: exitUsage, want: `--algos: unknown algorithm ""`},
		{name: "same-output", args: []string{"--out", path("a.txt"), "--coverage", path("./a.txt")}, code: exitUsage, want: "--out and --coverage name the same file"},

		// 12: integers are plain decimal.
		{name: "threads-binary", args: []string{"run", "--algo", "set-px", "--threads", "0b11"}, code: exitUsage, want: `invalid value "0b11" for flag --threads`},
		{name: "procs-underscore", args: []string{"run", "--algo", "set-px", "--procs", "1_0"}, code: exitUsage, want: `invalid value "1_0" for flag --procs`},
		{name: "seed-hex", args: []string{"run", "--algo", "set-px", "--seed", "0x10"}, code: exitUsage, want: `invalid value "0x10" for flag --seed`},
		{name: "seed-plus", args: []string{"run", "--algo", "set-px", "--seed", "+3"}, code: exitUsage, want: `invalid value "+3" for flag --seed`},
		{name: "shard-plus", args: []string{"sweep", "--algo", "set-px", "--shard", "+1/2"}, code: exitUsage, want: `bad shard "+1/2"`},

		// 13: messages that say what is wrong.
		{name: "replay-nothing", args: []string{"replay"}, code: exitUsage, want: "replay: name a saved trace"},
		{name: "replay-extra", args: []string{"replay", deleted, "extra"}, code: exitUsage, want: `replay: unexpected argument "extra"`},
		{name: "replay-seed-flags", args: []string{"replay", "--algo", "nope"}, code: exitUsage, want: `replay: --algo: unknown algorithm "nope"`},
		{name: "subcommand-after-flags", args: []string{"--seeds", "1-1", "run", "--algo", "set-px"}, code: exitUsage, want: `"run" is a subcommand: it comes first`},
		{name: "run-fails-not-write", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", loop, "--safety", "2s", "--liveness", "1s", "--trace", keep}, code: exitUsage, want: "simrun run: " + filepath.Join(loop, "3.16.8", "RedissonLock.tryLockInnerAsync.lua") + ": script",
			after: func(t *testing.T) {
				if b, _ := os.ReadFile(keep); string(b) != "keep\n" {
					t.Errorf("run-fails-not-write: keep.txt is now %q", b)
				}
			}},
		{name: "unknown-flag-dashes", args: []string{"run", "--nope"}, code: exitUsage, want: "run: flag provided but not defined: --nope"},
		{name: "missing-value-dashes", args: []string{"run", "--viz-dir", "", "--algo"}, code: exitUsage, want: "run: flag needs an argument: --algo"},
		{name: "bool-value", args: []string{"run", "--algo", "set-px", "--no-shrink=maybe"}, code: exitUsage, want: `invalid value "maybe" for flag --no-shrink: "maybe" is not true or false`},
		{name: "emit-extra", args: []string{"conform", "--emit", probes, "extra"}, code: exitUsage, want: `conform: unexpected argument "extra"`},
		{name: "help-false", args: []string{"run", "--help=false", "--algo", "nope"}, code: exitUsage, want: `unknown algorithm "nope"`},
		{name: "sweep-seed", args: []string{"sweep", "--algo", "set-px", "--seed", "4"}, code: exitUsage, want: "sweep: --seed does not apply (a sweep runs --seeds LO-HI)"},
		{name: "trace-proc", args: append(append([]string(nil), quickRun...), "--trace", "/proc/version"), code: exitUsage, want: "--trace: cannot write /proc/version"},
	})
}

// Item 12: 010 is ten, as sweep --seeds 010 is.
func TestDecimalFlags(t *testing.T) {
	code, out, errs := runArgs("run", "--algo", "set-px", "--seed", "010", "--procs", "010", "--threads", "03", "--safety", "2s", "--liveness", "1s", "--no-shrink", "--no-confirm")
	if code > exitViolated || !strings.Contains(out, "algo set-px seed 10 preset none") || !strings.Contains(out, "workload procs=10 threads=3 ") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	_, out, _ = runArgs("sweep", "--algo", "set-px", "--seeds", "010", "--safety", "2s", "--liveness", "1s", "--json")
	if !strings.Contains(out, `"seeds":"10-10"`) {
		t.Fatalf("sweep --seeds 010:\n%s", out)
	}
}

// Item 13: help lists what a command takes, each default once.
func TestHelpListsWhatIsTaken(t *testing.T) {
	_, out, _ := runArgs("help", "sweep")
	if strings.Contains(out, "--seed ") || strings.Contains(out, "--seed\n") {
		t.Errorf("sweep's help lists --seed, which sweep refuses:\n%s", out)
	}
	if strings.Contains(out, "(default 1/1) (default 1/1)") || !strings.Contains(out, "(default 1/1)") {
		t.Errorf("sweep's help of --shard:\n%s", out)
	}
	for _, cmd := range []string{"run", "sweep", "conform"} {
		_, out, _ := runArgs("help", cmd)
		if strings.Contains(out, "--help") || strings.Contains(out, "  --h\n") {
			t.Errorf("%s's help lists the help flag:\n%s", cmd, out)
		}
	}
}

// simrunWith runs this test binary as simrun with args, stdout going to
// stdout (a pipe when nil) and extra open descriptors from 3 on.
func simrunWith(t *testing.T, stdout *os.File, extra []*os.File, cred *syscall.Credential, bin string, args ...string) (code int, out, errs string) {
	t.Helper()
	if bin == "" {
		bin = os.Args[0]
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "LOCKSIM_TEST_AS_SIMRUN=1")
	var ob, eb strings.Builder
	cmd.Stdout, cmd.Stderr = &ob, &eb
	if stdout != nil {
		cmd.Stdout = stdout
	}
	cmd.ExtraFiles = extra
	if cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	}
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return exitCode(t, err), ob.String(), eb.String()
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatalf("%q hung", args)
	}
	return
}

// Item 3: an output path that is one of the process's own descriptors is
// written through it: a pipe on stdout takes the trace, a file stdout
// appends to keeps what it held, an inherited descriptor gets it too, and
// nothing is renamed over any of them.
func TestOutputToOwnDescriptors(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.jsonl")
	if code, _, errs := runArgs(append(append([]string(nil), quickRun...), "--trace", plain)...); code != exitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	want, _ := os.ReadFile(plain)
	for _, p := range []string{"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"} {
		code, out, errs := simrunWith(t, nil, nil, nil, "", append(append([]string(nil), quickRun...), "--viz-dir", "", "--trace", p)...)
		if code != exitOK || !strings.HasPrefix(out, string(want)) || errs != "" {
			t.Errorf("--trace %s into a pipe: exit %d, stderr %q, stdout starts %.80q", p, code, errs, out)
		}
	}
	// stdout a file opened for appending (>> so.txt): earlier content stays.
	so := filepath.Join(dir, "so.txt")
	os.WriteFile(so, []byte("earlier\n"), 0o644)
	f, err := os.OpenFile(so, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(so)
	code, _, errs := simrunWith(t, f, nil, nil, "", append(append([]string(nil), quickRun...), "--viz-dir", "", "--trace", "/proc/self/fd/1")...)
	f.Close()
	got, _ := os.ReadFile(so)
	after, _ := os.Stat(so)
	if code != exitOK || !strings.HasPrefix(string(got), "earlier\n"+string(want)) || !os.SameFile(before, after) {
		t.Errorf(">> so.txt: exit %d, stderr %q, the file starts %.80q (same file: %v)", code, errs, got, os.SameFile(before, after))
	}
	// An inherited descriptor (3> fd3.txt), and conform --out to stdout.
	fd3 := filepath.Join(dir, "fd3.txt")
	g, err := os.Create(fd3)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs = simrunWith(t, nil, []*os.File{g}, nil, "", append(append([]string(nil), quickRun...), "--viz-dir", "", "--trace", "/dev/fd/3")...)
	g.Close()
	if got, _ := os.ReadFile(fd3); code != exitOK || !bytes.Equal(got, want) {
		t.Errorf("--trace /dev/fd/3: exit %d, stderr %q, %d bytes of %d", code, errs, len(got), len(want))
	}
	probes := "../../testdata/conformance/lua-probes-visible.jsonl"
	wantEmit, _ := os.ReadFile(probes)
	if code, out, errs := simrunWith(t, nil, nil, nil, "", "conform", "--emit", probes, "--out", "/dev/stdout"); code != exitOK || out != string(wantEmit) {
		t.Errorf("conform --out /dev/stdout: exit %d, stderr %q, %d bytes of %d", code, errs, len(out), len(wantEmit))
	}
	// Read-only descriptor: refused before the run, one line.
	r, err := os.Open(plain)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs = simrunWith(t, nil, []*os.File{r}, nil, "", append(append([]string(nil), quickRun...), "--viz-dir", "", "--trace", "/dev/fd/3")...)
	r.Close()
	if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "--trace: cannot write /dev/fd/3: descriptor 3 is open for reading only") {
		t.Errorf("a read-only descriptor: exit %d, stderr %q", code, errs)
	}
}

// Item 4: an existing output the process may not write is refused before
// the run (exit 2, "PATH: permission denied"), and left as it was. Root
// may write anything: as root the check runs as nobody.
func TestReadOnlyOutput(t *testing.T) {
	// A directory anyone may enter and write (t.TempDir's parent is
	// root's alone), so that only the file's own mode refuses.
	dir, err := os.MkdirTemp("", "simrun-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	ro := filepath.Join(dir, "ro.txt")
	os.WriteFile(ro, []byte("keep\n"), 0o444)
	args := append(append([]string(nil), quickRun...), "--viz-dir", "", "--trace", ro)
	var code int
	var errs string
	if os.Geteuid() != 0 {
		code, _, errs = runArgs(args...)
	} else {
		// A copy of this binary that nobody may run (the original is in
		// a directory of root's alone).
		bin := filepath.Join(dir, "simrun.test")
		data, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Skip(err)
		}
		if err := os.WriteFile(bin, data, 0o755); err != nil {
			t.Skip(err)
		}
		os.Chown(ro, 65534, 65534)
		code, _, errs = simrunWith(t, nil, nil, &syscall.Credential{Uid: 65534, Gid: 65534}, bin, args...)
		if strings.Contains(errs, "permission denied") && strings.Contains(errs, "fork/exec") {
			t.Skipf("cannot run as nobody: %s", errs)
		}
	}
	if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, ro+": permission denied") {
		t.Errorf("read-only output: exit %d, stderr %q", code, errs)
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep\n" {
		t.Errorf("the read-only file is now %q", b)
	}
}
