package main

import (
	"fmt"
	"golang.org/x/sys/unix"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/locksim/locksim/sim"
)

// Item 15 of issue 34: a script that loops forever stops at the same
// instruction budget whichever command ran it, and each names that
// budget, the one the README gives.
func TestOneInstructionBudget(t *testing.T) {
	dir := scriptDir(t, t.TempDir(), "3.16.8", "RedissonLock.tryLockInnerAsync", "while true do end")
	conf := filepath.Join(t.TempDir(), "loop.jsonl")
	if err := os.WriteFile(conf, []byte("{\"case\":\"loop\"}\n{\"t\":1,\"eval\":\"while true do end\",\"keys\":[],\"argv\":[],\"reply\":null}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	scen := filepath.Join(t.TempDir(), "loop.txt")
	if err := os.WriteFile(scen, []byte("explore algo=rlock-3.16.8 scripts="+dir+" threads=1\nlock A\ndeliver A acquire\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("instruction budget of %d ", sim.DefaultInstructionBudget)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "budget of 1,000,000 instructions") || sim.DefaultInstructionBudget != 1_000_000 {
		t.Fatalf("the README and sim.DefaultInstructionBudget (%d) disagree", sim.DefaultInstructionBudget)
	}
	runBad(t, []badCase{
		{name: "run", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", dir, "--safety", "2s", "--liveness", "1s"}, code: exitUsage, want: want},
		{name: "sweep", args: []string{"sweep", "--algo", "rlock-3.16.8", "--scripts", dir, "--seeds", "1-1"}, code: exitUsage, want: want},
		{name: "conform", args: []string{"conform", conf}, code: exitUsage, want: want},
		{name: "explore", args: []string{"explore", "--algo", "rlock-3.16.8", "--scripts", dir, "--threads", "1", "--save", filepath.Join(t.TempDir(), "x.txt")}, code: exitUsage, want: want},
		{name: "scenario", args: []string{"scenario", scen}, code: exitUsage, want: want},
	})
}

// Item 15 of issue 34: a value is echoed quoted, a look-alike of a hyphen
// escaped (so that "1−5" does not read as a good range), and a 100 KB
// argument cut at about 200 bytes, whichever message echoes it: the flag
// layer's, a subcommand's, or one made deeper down (an unknown algorithm,
// an operating system's error naming a path).
func TestEchoedArgumentsQuotedAndCut(t *testing.T) {
	long := strings.Repeat("a", 100<<10)
	for _, c := range []struct {
		args []string
		want string // besides the quoted value
	}{
		{[]string{"sweep", "--algo", "set-px", "--seeds", "1\u22125"}, `"1\u22125"`},
		{[]string{"sweep", "--algo", "set-px", "--seeds=1\u20115"}, `"1\u20115"`},
		{[]string{"sweep", "--algo", "set-px", "--shard", "1\u22152"}, `"1\u22152"`},
		{[]string{"run", "--algo", "rlock\u20113.16.8"}, `unknown algorithm "rlock\u20113.16.8"`},
		{[]string{"run", "--algo", "set-px", "--procs", "\uff11"}, `"\uff11" is not an integer`},
		{[]string{"run", "--algo", "set-px", "--no-shrink=\u200btrue"}, `"\u200btrue" is not true or false`},
		{[]string{"run", "--pr\u200bocs", "1"}, `flag provided but not defined: --"pr\u200bocs"`},
		{[]string{"run", "--algo", "set-px", "--preset", "cr\u0430sh\x1b[2J"}, `"cr` + "\u0430" + `sh\x1b[2J"`}, // a Cyrillic a is a letter: shown
		{[]string{"run", "--algo", long}, "unknown algorithm"},
		{[]string{"run", "--algo=" + long}, "unknown algorithm"},
		{[]string{"run", "--" + long}, "flag provided but not defined"},
		{[]string{"run", "--algo", "set-px", "--procs", long}, "is not an integer"},
		{[]string{"run", "--algo", "set-px", "--trace", "/tmp/" + long + "/x"}, "--trace: cannot write"},
		{[]string{"run", "--algo", "set-px", long}, "unexpected argument"},
		{[]string{long}, "unknown subcommand"},
		{[]string{"help", long}, "unknown subcommand"},
		{[]string{"--seeds", "1-2", long}, "unknown subcommand"},
		{[]string{"replay", long}, "file name too long"},
		{[]string{"replay", "x", long}, "unexpected argument"},
		{[]string{"conform", long}, "file name too long"},
		{[]string{"scenario", long}, "file name too long"},
		{[]string{"explore", "--algo", "set-px", "--faults", long}, "--faults"},
		{[]string{"explore", "--algo", "set-px", "--max-memory", long}, "not a size"},
		{[]string{"compare", long, "set-px"}, "unknown algorithm"},
		{[]string{"mutants", "--only", long}, "--only"},
	} {
		code, out, errs := runArgs(c.args...)
		name := fmt.Sprintf("%.80q", c.args)
		if code != exitUsage || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stdout %.80q, stderr %.300q; want exit 2 and one line", name, code, out, errs)
			continue
		}
		if !strings.Contains(errs, c.want) {
			t.Errorf("%s: stderr %.400q lacks %q", name, errs, c.want)
		}
		if len(errs) > 2000 || strings.ContainsAny(errs, "\u2212\u2011\u2215\uff11\u200b\x1b") {
			t.Errorf("%s: stderr of %d bytes: %.600q", name, len(errs), errs)
		}
		if strings.Contains(c.args[len(c.args)-1]+strings.Join(c.args, ""), long) && !strings.Contains(errs, `"… (10`) {
			t.Errorf("%s: the long argument is not shown cut: %.600q", name, errs)
		}
	}
}

// Item 9 of issue 34: replay and conform given a named pipe nobody
// writes stop at once with one line (they blocked forever, waiting for a
// writer); a pipe a writer holds is read, as a shell's <(...) is.
func TestNamedPipeNobodyWrites(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	want := fifo + ": a named pipe with nothing in it (nobody had it open for writing; simrun does not wait for a writer)"
	for _, args := range [][]string{{"replay", fifo}, {"conform", fifo}, {"conform", "--emit", fifo}} {
		done := make(chan [3]string, 1)
		go func() {
			code, out, errs := runArgs(args...)
			done <- [3]string{fmt.Sprint(code), out, errs}
		}()
		select {
		case r := <-done:
			if r[0] != "2" || r[2] != "simrun "+args[0]+": "+want+"\n" {
				t.Errorf("%q: exit %s, stdout %q, stderr %q", args, r[0], r[1], r[2])
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%q: still waiting after 20s", args)
		}
	}
	trace := filepath.Join(dir, "t.jsonl")
	if code, out, errs := runArgs(append(append([]string(nil), quickRun...), "--trace", trace)...); code != exitOK {
		t.Fatalf("run: exit %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	w, err := os.OpenFile(fifo, os.O_RDWR, 0) // a writer before the reader comes
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write(data)
		// Closed with bytes unread, the pipe's last descriptor would take
		// them along: close once the reader has taken them all.
		for {
			n, err := unix.IoctlGetInt(int(w.Fd()), unix.TIOCINQ)
			if err != nil || n == 0 {
				break
			}
			time.Sleep(time.Millisecond)
		}
		w.Close()
	}()
	if code, out, errs := runArgs("replay", fifo); code != exitOK || !strings.Contains(out, "lines came out the same") {
		t.Fatalf("replay of a pipe with a writer: exit %d\n%s%s", code, out, errs)
	}
}

// capAS is the address-space limit the memory tests run simrun under:
// issue 34's `ulimit -v 6000000`.
const capAS = 6_000_000 << 10

// simrunCapped runs this test binary as simrun under an address-space
// limit of as bytes (0: none) with env added, and returns its exit code,
// stdout, stderr and wall time. A run past two minutes fails the test.
func simrunCapped(t *testing.T, as int64, env []string, args ...string) (code int, out, errs string, took time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "LOCKSIM_TEST_AS_SIMRUN=1")
	if as > 0 {
		cmd.Env = append(cmd.Env, "LOCKSIM_TEST_RLIMIT_AS="+strconv.FormatInt(as, 10))
	}
	cmd.Env = append(cmd.Env, env...)
	var ob, eb strings.Builder
	cmd.Stdout, cmd.Stderr = &ob, &eb
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return exitCode(t, err), ob.String(), eb.String(), time.Since(start)
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%.200q hung", args)
	}
	return
}

// Item 8 of issue 34: a trace whose header was edited to the largest run
// the flags allow (a day of safety and a day of liveness, 64 processes of
// 32 threads, every fault) replays only as far as its own lines: the
// replay compares each line as the run makes it and stops at the first
// that differs, instead of simulating the whole run first (which died of
// out-of-memory after 42 s).
func TestReplayEditedHeaderStopsEarly(t *testing.T) {
	dir := t.TempDir()
	lines := baseTrace(t, dir)
	// As the run would write it, so that line 1 replays the same.
	const was = `{"t":0.000,"node":"world","kind":"run","config":{"algo":"rlock-3.16.8","seed":2,"preset":"crash","safety":"10s","liveness":"5s"}}` + "\n"
	if lines[0] != was {
		t.Fatalf("the header is %q", lines[0])
	}
	header := `{"t":0.000,"node":"world","kind":"run","config":{"algo":"rlock-3.16.8","seed":2,"preset":"all","safety":"86400s","liveness":"86400s","procs":64,"threads":32}}` + "\n"
	edited := filepath.Join(dir, "edited.jsonl")
	if err := os.WriteFile(edited, []byte(header+strings.Join(lines[1:], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs, took := simrunCapped(t, capAS, nil, "replay", edited)
	if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "simrun replay: "+edited+":2: the replay diverges from the file (edited, or another build or non-determinism): saved {\"t\":0.000,\"node\":\"world\",\"kind\":\"option\",\"text\":\"algo rlock-3.16.8 seed 2 preset crash safety 10s liveness 5s") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if took > 20*time.Second {
		t.Errorf("the replay took %s to stop", took)
	}
}

// A replay that makes a line past the saved trace's end stops there: the
// saved trace bounds what the replay runs.
func TestTraceCompareStopsPastTheEnd(t *testing.T) {
	c := &traceCompare{saved: [][]byte{[]byte("a"), []byte("b")}}
	c.Write([]byte("a\nb"))
	if c.line != 0 || c.n != 1 {
		t.Fatalf("after a and half of b: line %d, %d compared", c.line, c.n)
	}
	c.Write([]byte("\nc\nd\n"))
	if c.line != 3 || c.want != "" || c.have != "c" || c.n != 2 {
		t.Fatalf("past the end: line %d, want %q, have %q", c.line, c.want, c.have)
	}
	c = &traceCompare{saved: [][]byte{[]byte("a"), []byte("b")}}
	c.Write([]byte("a\n"))
	c.end()
	if c.line != 2 || c.want != "b" || c.have != "" {
		t.Fatalf("ended early: line %d, want %q, have %q", c.line, c.want, c.have)
	}
}

// Item 14 of issue 34: a heap about to outgrow the memory the process
// allows itself ends it with one line and exit 3 (the harness's failure),
// not the runtime's out-of-memory crash (a stack dump and exit 2, the
// code of bad input), and an output it was writing leaves no temporary
// file. The limit is lowered to 64 MiB (GOMEMLIMIT) so that a search and
// a run of 8 processes × 8 threads under every fault reach it at once.
func TestOutOfMemoryIsExit3(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.jsonl")
	if err := os.WriteFile(keep, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"explore", "--algo", "fairlock-3.16.8", "--threads", "3", "--symmetry=false", "--max-memory", "1G", "--save", filepath.Join(dir, "x.txt")},
		{"run", "--algo", "rlock-3.16.8", "--procs", "8", "--threads", "8", "--preset", "all", "--no-shrink", "--viz-dir", "", "--trace", keep},
	} {
		code, _, errs, took := simrunCapped(t, capAS, []string{"GOMEMLIMIT=64MiB"}, args...)
		if code != exitHarness || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "simrun: out of memory: the heap reached ") || !strings.Contains(errs, "of the 64 MiB (GOMEMLIMIT) this process allows itself") {
			t.Errorf("%s: exit %d, stderr %q", args[0], code, errs)
		}
		if took > 30*time.Second {
			t.Errorf("%s: %s to stop", args[0], took)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("left in the directory: %v", ents)
	}
}

// Item 11 of issue 34: explore without --max-memory is bounded by a third
// of the memory simrun allows itself, and a search that reaches it stops
// with the counts so far and a line that says so (it died of
// out-of-memory under a 2.5 GB address cap; with that cap the bound is
// 397M, resident 605 MB). The limit is lowered to 96 MiB here so that the
// bound, 32M, comes in a second.
func TestExploreDefaultMemoryBound(t *testing.T) {
	code, out, errs, took := simrunCapped(t, capAS, []string{"GOMEMLIMIT=96MiB"}, "explore", "--algo", "fairlock-3.16.8", "--threads", "4", "--symmetry=false", "--save", filepath.Join(t.TempDir(), "x.txt"))
	if code != exitOK || errs != "" || !strings.Contains(out, "\nstates explored ") ||
		!strings.Contains(out, "no bug within the bound, but the search was cut: the memory bound of 32M reached (") ||
		!strings.Contains(out, " states; by default a third of simrun's memory limit, 96 MiB (GOMEMLIMIT); --max-memory sets it)\n") {
		t.Fatalf("exit %d, stdout:\n%sstderr:\n%s", code, out, errs)
	}
	if took > 20*time.Second {
		t.Errorf("%s to stop", took)
	}
}

// Item 13 of issue 34: --workers asks for at most so many; a command
// runs no more than one per core (more only hold more in memory) and no
// more than the memory limit holds at a reserve each, at least one.
func TestBoundWorkers(t *testing.T) {
	defer func(c func() int, m func() int64) { cores, memoryLimit = c, m }(cores, memoryLimit)
	for _, c := range []struct {
		n, cores int
		limit    int64
		want     int
	}{
		{1024, 2, 17 << 30, 2},
		{0, 2, 17 << 30, 2}, // 0: one per core
		{1, 2, 17 << 30, 1},
		{1024, 64, 3 << 30, 3},
		{1024, 64, 512 << 20, 1},
		{48, 64, 100 << 30, 48},
		{5, 0, 1 << 40, 1},
	} {
		cores = func() int { return c.cores }
		memoryLimit = func() int64 { return c.limit }
		if got := boundWorkers(c.n, runReserve); got != c.want {
			t.Errorf("boundWorkers(%d) with %d cores and a limit of %d: %d, want %d", c.n, c.cores, c.limit, got, c.want)
		}
	}
}

// sweep --workers 1024 (allowed) runs, under the address cap, instead of
// dying of out-of-memory with a goroutine dump; the main job and explore
// too.
func TestManyWorkersBounded(t *testing.T) {
	for _, args := range [][]string{
		{"sweep", "--algo", "rlock-3.16.8", "--preset", "all", "--seeds", "1-64", "--safety", "20s", "--liveness", "5s", "--workers", "1024", "--json"},
		{"--algos", "set-px", "--seeds", "1-2", "--no-confirm", "--workers", "1024"},
		{"explore", "--algo", "rlock-3.16.8", "--threads", "2", "--workers", "1024", "--save", filepath.Join(t.TempDir(), "x.txt")},
	} {
		code, out, errs, took := simrunCapped(t, capAS, nil, args...)
		if code > exitViolated || errs != "" || out == "" {
			t.Errorf("%q: exit %d, stderr %.300q", args, code, errs)
		}
		if took > 20*time.Second {
			t.Errorf("%q: %s", args, took)
		}
	}
}

// Item 12 of issue 34: run --procs 64 --threads 32 --preset all (allowed)
// died of out-of-memory in porcupine's search at 4.2 GB within 13 s; its
// search is now bounded (checks.LinearizableMemory), and the history,
// too large to decide, is told as undecided. (It tells thousands of
// violations: --stories 1 lists all but the first in a line each.)
func TestRunLargestHistoryBounded(t *testing.T) {
	code, out, errs, took := simrunCapped(t, capAS, nil, "run", "--algo", "rlock-3.16.8", "--procs", "64", "--threads", "32", "--preset", "all",
		"--no-shrink", "--no-confirm", "--stories", "1", "--viz-dir", "")
	if code > exitViolated || errs != "" || !regexp.MustCompile(`linearizable [a-z-]+ at t=[0-9.]+s: undecided: history too large: porcupine's search of the history \([0-9]+ operations\) would keep more than 512 MiB`).MatchString(out) {
		t.Fatalf("exit %d, stderr %q, stdout:\n%.3000s", code, errs, out)
	}
	if took > 30*time.Second {
		t.Errorf("%s", took)
	}
}
