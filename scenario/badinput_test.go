package scenario

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/datadriven"
)

// worldOut is the output of `world algo=set-px`.
const worldOut = "world set-px: lock myLock, 0 replica(s), latency 0 (1us per hop), seed 1"

// badInputs are malformed scenario files: each must fail with one line
// "FILE:LINE: ..." holding want (FILE: ... when line is 0), from RunFile,
// CheckFile and CheckFiles alike, and leave the file as it was.
var badInputs = []struct {
	name, body string
	line       int
	want       string
}{
	// The structure of the file.
	{"unclosed-double-block", "world algo=set-px\n----\n----\n" + worldOut + "\n\nlock A\n----\nt=0.000s A: lock() → acquired\n",
		3, `the output block opened by "----" "----" is never closed`},
	{"unclosed-double-block-at-eof", "world algo=set-px\n----\n----\n",
		3, `the output block opened by "----" "----" is never closed`},
	{"unclosed-double-block-one-separator", "world algo=set-px\n----\n----\n" + worldOut + "\n----\n",
		3, `the output block opened by "----" "----" is never closed`},
	{"line-after-double-block", "world algo=set-px\n----\n----\n" + worldOut + "\n----\n----\nlock A\n",
		7, `"lock A" right after the "----" "----" that closes the output of line 1`},
	{"input-lines", "world algo=set-px\nlock A\n----\n" + worldOut + "\n",
		2, `"lock A" comes between the command of line 1 and its ` + "`----`"},
	{"continuation-at-eof", "world algo=set-px\nlock A \\",
		2, "the command of line 2 continues (`\\` at the end of the line) past the end of the file"},
	{"continuation-into-separator", "world algo=set-px \\\n----\n" + worldOut + "\n",
		2, "the command of line 1 continues (`\\` at the end of the line) into its `----`"},
	{"separator-with-spaces", "world algo=set-px\n ----\n" + worldOut + "\n",
		2, `" ----": a separator is exactly ` + "`----`"},
	{"separator-without-command", "# nothing\n----\nok\n",
		2, "`----` with no command before it"},
	{"line-too-long", "world algo=set-px\n# " + strings.Repeat("x", maxLineLen) + "\n",
		2, "line longer than 65536 bytes"},
	{"no-command", "# only a comment\n\n", 0, "no command in the file"},

	// Arguments.
	{"thread-zero-new-client", "world algo=set-px\nlock A thread=0\n",
		2, "lock: thread=0: a thread number is 1..N for a client of N threads"},
	{"thread-negative-new-client", "world algo=set-px\nlock A thread=-1\n",
		2, "lock: thread=-1: a thread number is 1..N"},
	{"thread-zero-existing-client", "world algo=set-px\nclient name=A threads=2\nunlock A thread=0\n",
		3, "unlock: thread=0: A has threads 1..2"},
	{"thread-beyond-existing-client", "world algo=set-px\nclient name=A threads=2\nlock A thread=3\n",
		3, "lock: thread=3: A has threads 1..2"},
	{"thread-beyond-any-client", "world algo=set-px\nlock A thread=65\n",
		2, "lock: thread=65: a thread number is 1..N for a client of N threads (at most 64)"},
	{"negative-seed", "world algo=set-px seed=-1\n",
		1, "world: seed=-1: want a whole number from 0 to 18446744073709551615"},
	{"seed-beyond-uint64", "world algo=set-px seed=18446744073709551616\n",
		1, "world: seed=18446744073709551616: want a whole number"},
	{"latency-beyond-a-day", "world algo=set-px latency=2562047h\n",
		1, "world: latency=2562047h: 9223369200s is beyond 86400s"},
	{"explore-repeated-argument", "explore algo=rlock-3.8.1 threads=2 threads=3\n",
		1, "explore: argument threads given twice"},
	{"world-repeated-argument", "world algo=set-px algo=set-px\n",
		1, "world: argument algo given twice"},
}

func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkBad checks that err is one line starting with path:line (path when
// line is 0) and holding want.
func checkBad(t *testing.T, err error, path string, line int, want string) {
	t.Helper()
	prefix := path + ":"
	if line > 0 {
		prefix = path + ":" + strconv.Itoa(line) + ":"
	}
	if err == nil {
		t.Fatalf("no error, want %q", prefix+" ..."+want)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, want) || strings.Contains(msg, "\n") {
		t.Fatalf("error %q\nwant one line starting %q holding %q", msg, prefix, want)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.txt", "world algo=set-px\n----\nstale\n")
	for _, c := range badInputs {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, dir, c.name+".txt", c.body)
			err := RunFile(path, &bytes.Buffer{})
			checkBad(t, err, path, c.line, c.want)
			_, err = CheckFile(path)
			checkBad(t, err, path, c.line, c.want)
			// With another file, fine but stale, first: nothing for
			// --rewrite to write.
			cs, err := CheckFiles([]string{good, path})
			checkBad(t, err, path, c.line, c.want)
			if cs != nil {
				t.Fatal("CheckFiles returned results with its error")
			}
			if got, _ := os.ReadFile(path); string(got) != c.body {
				t.Fatal("the file changed")
			}
		})
	}
}

// A command that runs past one of the scenario's bounds, or meets a
// script the simulation had to stop, fails with one line naming its line
// and the command, and every later command fails too. The bounds are
// lowered here so that the cases run in a moment.
func TestBadInputBounds(t *testing.T) {
	loop := t.TempDir()
	if err := os.MkdirAll(filepath.Join(loop, "3.16.8"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(loop, "3.16.8"), "RedissonLock.tryLockInnerAsync.lua", "while true do end\n")
	lower := func(p *int, v int) func() {
		old := *p
		*p = v
		return func() { *p = old }
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name, body string
		set        func() (restore func())
		line       int
		want       string
	}{
		{"looping-script-in-explore",
			"explore algo=rlock-3.16.8 scripts=" + loop + " threads=1\n----\n\nlock A\n----\n\ndeliver A acquire\n----\n\nstate\n",
			nil, 7, "deliver A acquire: " + filepath.Join(loop, "3.16.8", "RedissonLock.tryLockInnerAsync.lua") + ": script 3.16.8/RedissonLock.tryLockInnerAsync: it ran past the simulation's instruction budget of 1000000 "},
		{"advance-too-many-events",
			"world algo=rlock-3.16.8 watchdog=3ms\nlock A\nadvance 24h\nstate\n",
			func() func() {
				old := maxCommandEvents
				maxCommandEvents = 20_000
				return func() { maxCommandEvents = old }
			}, 3, "advance 24h: more than 20000 events in one command (stopped at t="},
		{"queue-too-long",
			// a fair 4.7.0 waiter spinning on ttl 0 keeps up to a few hundred
			// cancelled timers queued between compactions (sim.World.compact)
			"world algo=fairlock-4.7.0\nlock A\nlock B\nlock C\nadvance 10ms\ncrash B\nunlock A\nadvance 1m\nstate\n",
			func() func() { return lower(&maxPendingEvents, 100) }, 8, "advance 1m: more than 100 events waiting in the simulation's queue"},
		{"too-many-output-lines",
			"world algo=set-px\nlock A\nlock B\ncrash B\n",
			func() func() { return lower(&maxOutputLines, 1) }, 4, "crash B: more than 1 lines of output in one command"},
		{"trace-too-long",
			"world algo=set-px\nlock A\nunlock A\nlock A\nunlock A\ntrace\n",
			func() func() { return lower(&maxTraceLines, 2) }, 6, "trace: 4 lines since the last trace, more than the 2 it keeps; trace more often"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.set != nil {
				defer c.set()()
			}
			path := writeFile(t, dir, c.name+".txt", c.body)
			err := RunFile(path, &bytes.Buffer{})
			checkBad(t, err, path, c.line, c.want)
			_, err = CheckFile(path)
			checkBad(t, err, path, c.line, c.want)
			if got, _ := os.ReadFile(path); string(got) != c.body {
				t.Fatal("the file changed")
			}
		})
	}
}

// Once a command stopped the scenario, the next one fails at once.
func TestStoppedScenarioStaysStopped(t *testing.T) {
	defer func(old uint64) { maxCommandEvents = old }(maxCommandEvents)
	maxCommandEvents = 1_000
	e := New()
	for _, l := range []string{"world algo=rlock-3.16.8 watchdog=3ms", "lock A"} {
		cmd, args := parse1(t, l)
		if _, err := e.Do(cmd, args); err != nil {
			t.Fatal(err)
		}
	}
	cmd, args := parse1(t, "advance 1h")
	if _, err := e.Do(cmd, args); err == nil || !strings.Contains(err.Error(), "more than 1000 events") {
		t.Fatalf("advance 1h: %v", err)
	}
	cmd, args = parse1(t, "state")
	if _, err := e.Do(cmd, args); err == nil || !strings.Contains(err.Error(), "state: the scenario stopped before") {
		t.Fatalf("state after the stop: %v", err)
	}
}

func parse1(t *testing.T, line string) (string, []datadriven.CmdArg) {
	t.Helper()
	cmds, err := parseFile("x", []byte(line))
	if err != nil || len(cmds) != 1 {
		t.Fatalf("%q: %v", line, err)
	}
	return cmds[0].cmd, cmds[0].args
}

// Within the bounds, a long advance runs and its trace is whole: a day of
// watchdog renewals (every 10 s, the first at 10 s) is 8,639 of them.
func TestLongAdvanceWithinBounds(t *testing.T) {
	path := writeFile(t, t.TempDir(), "day.txt", "world algo=rlock-3.16.8\nlock A\nadvance 24h\ntrace\n")
	c, err := CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr := c.Steps[3].Got
	if n := strings.Count(tr, "BaseLock.renewExpiration"); n != 8639 {
		t.Fatalf("%d renewals in the trace, want 8639", n)
	}
}

// A flag after the file names is refused before any file is read or run.
func TestCheckFilesFlagAfterFile(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.txt", "world algo=set-px\n")
	for _, flag := range []string{"--rewrite", "-quiet"} {
		cs, err := CheckFiles([]string{good, flag})
		if cs != nil || err == nil || err.Error() != flag+" after a file name: flags go before the file names (simrun scenario [--rewrite] [--quiet] FILE...)" {
			t.Fatalf("%s: %v", flag, err)
		}
	}
	// A file whose name starts with '-' is a file.
	odd := writeFile(t, dir, "-odd.txt", "world algo=set-px\n")
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	if cs, err := CheckFiles([]string{"-odd.txt"}); err != nil || len(cs) != 1 || cs[0].Path != "-odd.txt" {
		t.Fatalf("%s: %v", odd, err)
	}
	// RunFile and CheckFile name the likely mistake too.
	if _, err := CheckFile("--rewrite"); err == nil || !strings.Contains(err.Error(), "--rewrite: no such file (a flag? flags go before the file names") {
		t.Fatalf("CheckFile(--rewrite): %v", err)
	}
}

// CheckFiles reads, parses and runs every file before it returns any: a
// bad file anywhere in the list leaves nothing to rewrite, whatever its
// place.
func TestCheckFilesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	stale := "world algo=set-px\n----\nstale\n"
	a := writeFile(t, dir, "a.txt", stale)
	b := writeFile(t, dir, "b.txt", stale)
	bad := writeFile(t, dir, "bad.txt", "world algo=set-px\ncrash Z\n")
	for _, paths := range [][]string{{a, bad, b}, {bad, a}, {a, b, bad}} {
		cs, err := CheckFiles(paths)
		checkBad(t, err, bad, 2, `crash: no client "Z"`)
		if cs != nil {
			t.Fatal("results with an error")
		}
	}
	cs, err := CheckFiles([]string{a, b})
	if err != nil || len(cs) != 2 || !cs[0].Steps[0].Differs() || cs[1].Path != b {
		t.Fatalf("%v %v", cs, err)
	}
}

// Scenario files are regular files of at most 64 MiB.
func TestReadFileLimits(t *testing.T) {
	dir := t.TempDir()
	if _, err := CheckFile(dir); err == nil || err.Error() != dir+": not a regular file" {
		t.Fatalf("directory: %v", err)
	}
	big := filepath.Join(dir, "big.txt")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("world algo=set-px\n")
	f.Truncate(maxFileSize + 1) // sparse: no disk used
	f.Close()
	if _, err := CheckFile(big); err == nil || err.Error() != big+": larger than 64 MiB, the limit of a scenario file" {
		t.Fatalf("big file: %v", err)
	}
}

// --rewrite keeps a CRLF file's line endings, every line's, the output's
// too; an LF file stays LF.
func TestRewriteKeepsCRLF(t *testing.T) {
	dir := t.TempDir()
	lf := "# a comment\nworld algo=set-px\n----\nstale\n\nlock A\n----\n----\nstale\n\nmore\n----\n----\n\nunlock A\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	for _, body := range []string{lf, crlf} {
		path := writeFile(t, dir, "f.txt", body)
		c, err := CheckFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got := string(c.Rewrite())
		if body == crlf {
			if strings.Count(got, "\n") != strings.Count(got, "\r\n") || !strings.HasPrefix(got, "# a comment\r\nworld algo=set-px\r\n----\r\n"+worldOut+"\r\n\r\nlock A\r\n") {
				t.Fatalf("CRLF file rewritten as %q", got)
			}
		} else if strings.Contains(got, "\r") {
			t.Fatalf("LF file rewritten as %q", got)
		}
		os.WriteFile(path, []byte(got), 0o644)
		c, err = CheckFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.Steps {
			if s.Differs() {
				t.Fatalf("after the rewrite, %s differs", s.Command)
			}
		}
		if again := string(c.Rewrite()); again != got {
			t.Fatalf("the rewrite of the rewrite differs:\n%q\n%q", got, again)
		}
	}
}

// A list of commands without any output yet, one per line, is rewritten
// with each command's output right after it.
func TestRewriteBareList(t *testing.T) {
	path := writeFile(t, t.TempDir(), "bare.txt", "world algo=set-px\nlock A\n# then\nunlock A\n")
	c, err := CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "world algo=set-px\n----\n" + worldOut + "\n\nlock A\n----\nt=0.000s A: lock() → acquired\n\n# then\nunlock A\n----\nt=0.000s A: unlock() → ok\n"
	if got := string(c.Rewrite()); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// Item 10 of issue 34: `\` continuations are joined in linear time, and a
// joined command is no longer than a line datadriven reads; a file of
// many commands with no blank line between them is read in linear time
// too. (The quadratic joins took 14 s for 100,000 lines, 70 s for
// 200,000.)
func TestLongContinuations(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, body string
		line       int
		want       string
	}{
		{"300k-continuations", "world algo=set-px\nlock A \\\n" + strings.Repeat("x \\\n", 300_000) + "y\n",
			2, "the command is longer than 65536 bytes (datadriven's limit) once its `\\` continuations are joined (up to line "},
		{"300k-empty-continuations", "world algo=set-px\nlock A \\\n" + strings.Repeat("\\\n", 300_000) + "y\n",
			2, "the command is longer than 65536 bytes"},
	} {
		path := writeFile(t, dir, c.name+".txt", c.body)
		start := time.Now()
		err := RunFile(path, &bytes.Buffer{})
		checkBad(t, err, path, c.line, c.want)
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: %s to refuse", c.name, took)
		}
	}
	// Within the cap, the joined command is the lines joined by a space
	// (each `\` dropped, the space before it kept).
	cmds, err := parseFile("x", []byte("lock \\\n  A \\\nthread=2\n"))
	if err != nil || len(cmds) != 1 || cmds[0].text != "lock  A  thread=2" {
		t.Fatalf("%v %+v", err, cmds)
	}
	// 300,000 commands, none with output yet, no blank line between them.
	start := time.Now()
	cmds, err = parseFile("x", []byte(strings.Repeat("state\n", 300_000)))
	if err != nil || len(cmds) != 300_000 {
		t.Fatalf("%d commands, %v", len(cmds), err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("300,000 commands took %s to parse", took)
	}
}
