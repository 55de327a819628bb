package main

import (
	"flag"
	"io"
	"reflect"
	"time"

	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/gen"
	"github.com/locksim/locksim/internal/memlimit"
	"pgregory.net/rapid"
)

func runArgs(args ...string) (code int, stdout, stderr string) {
	if len(args) > 0 && args[0] == "run" && !slices.Contains(args, "--viz-dir") {
		// keep porcupine's visualizations out of the source tree
		args = append(args, "--viz-dir", vizDir)
	}
	var out, errb bytes.Buffer
	code = simrun(args, &out, &errb)
	return code, out.String(), errb.String()
}

// vizDir receives the visualizations the tests' runs write.
var vizDir string

func TestMain(m *testing.M) {
	logEvery = time.Hour // progress lines in a log would show in the tests' stderr
	// The signal tests run this binary as simrun itself.
	if os.Getenv("LOCKSIM_TEST_AS_SIMRUN") == "1" {
		if as := os.Getenv("LOCKSIM_TEST_RLIMIT_AS"); as != "" {
			// ulimit -v for the memory tests (simrunCapped)
			n, err := strconv.ParseUint(as, 10, 64)
			if err != nil {
				panic(err)
			}
			if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
				panic(err)
			}
		}
		main()
	}
	memlimit.TuneGC()
	dir, err := os.MkdirTemp("", "simrun-viz-")
	if err != nil {
		panic(err)
	}
	vizDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// The real-Redis conformance cases shipped in testdata must all match:
// `go run ./cmd/simrun conform testdata/conformance/*.jsonl` exits 0.
func TestConformShippedCases(t *testing.T) {
	files, err := filepath.Glob("../../testdata/conformance/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance files: %v", err)
	}
	code, out, errs := runArgs(append([]string{"conform"}, files...)...)
	if code != exitOK {
		t.Fatalf("conform exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, " 0 mismatches") {
		t.Fatalf("summary: %s", out)
	}
	t.Log(strings.TrimSpace(out))
}

// --emit of a file whose replies all match reproduces it byte for byte.
func TestConformEmitReproducesFile(t *testing.T) {
	src := "../../testdata/conformance/lua-probes-visible.jsonl"
	want, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "emitted.jsonl")
	if code, o, e := runArgs("conform", "--emit", src, "--out", out); code != exitOK {
		t.Fatalf("exit %d: %s%s", code, o, e)
	}
	got, _ := os.ReadFile(out)
	if !bytes.Equal(got, want) {
		t.Fatalf("emitted file differs from %s", src)
	}
}

// A mismatch exits 1 and names file:line with both replies.
func TestConformMismatchExitsOne(t *testing.T) {
	f := filepath.Join(t.TempDir(), "wrong.jsonl")
	os.WriteFile(f, []byte("{\"case\":\"x\"}\n{\"t\":1704067200000,\"cmd\":[\"PTTL\",\"nokey\"],\"reply\":-1}\n"), 0o644)
	code, out, _ := runArgs("conform", f)
	if code != exitViolated || !strings.Contains(out, "wrong.jsonl:2: case x: expected -1, got -2") {
		t.Fatalf("exit %d, out %q", code, out)
	}
}

// Bad input gets one line naming the place, and exit 2.
func TestBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{\"case\":\"x\"}\n{\"t\":1,\"cmd\":[\"PING\"],\"reply\":\"PONG\"}\n{\"t\": \"soon\", \"cmd\":[\"PING\"],\"reply\":null}\n"), 0o644)
	unknownID := filepath.Join(dir, "id.jsonl")
	os.WriteFile(unknownID, []byte("{\"case\":\"x\"}\n{\"t\":1,\"script\":\"9.9.9/Nope\",\"keys\":[],\"argv\":[],\"reply\":null}\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"conform", bad}, "bad.jsonl:3: \"t\" must be an integer"},
		{[]string{"conform", unknownID}, "id.jsonl:2: unknown script ID"},
		{[]string{"conform", filepath.Join(dir, "missing.jsonl")}, "missing.jsonl"},
		{[]string{"run", "--algo", "zookeeper"}, `unknown algorithm "zookeeper"`},
		{[]string{"run", "--algo", "set-px", "--preset", "chaos"}, `unknown preset "chaos"`},
		{[]string{"run", "--algo", "set-px", "--safety", "soon"}, `bad duration "soon"`},
		{[]string{"run", "--algo", "set-px", "--seed", "-1"}, "seed"},
		{[]string{"run", "--algo", "rlock-3.16.8", "--scripts", filepath.Join(dir, "nodir")}, "nodir"},
		{[]string{"frobnicate"}, `unknown subcommand "frobnicate"`},
		{[]string{"run", "--algo", "fairlock-3.8.1", "--thread-wait-time", "10s"}, "fixes it at 5000 ms"},
		{[]string{"run", "--algo", "rlock-3.16.8", "--retry-attempts", "-2"}, "--retry-attempts: -2 is out of range: must be from 0 to 100"},
		{[]string{"--seeds", "9-1"}, "bad seed range"},
		{[]string{"--workers", "0"}, "--workers: 0 is out of range"},
	} {
		code, _, errs := runArgs(tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", tc.args, code, errs)
			continue
		}
		if strings.Count(strings.TrimRight(errs, "\n"), "\n") != 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: stderr %q, want one line containing %q", tc.args, errs, tc.want)
		}
	}
}

// A failed run leaves an existing trace file as it was (written to a
// temporary file, then renamed).
func TestTraceNotClobberedOnError(t *testing.T) {
	f := filepath.Join(t.TempDir(), "trace.jsonl")
	os.WriteFile(f, []byte("previous\n"), 0o644)
	if code, _, _ := runArgs("run", "--algo", "nope", "--trace", f); code != exitUsage {
		t.Fatalf("exit %d", code)
	}
	if b, _ := os.ReadFile(f); string(b) != "previous\n" {
		t.Fatalf("trace file changed: %q", b)
	}
}

// `simrun run ... --trace FILE` gives a byte-identical file for the same
// arguments, across runs and in processes at GOMAXPROCS 1 and 2, for every
// algorithm. (Separate processes: setting GOMAXPROCS here would slow the
// tests running beside this one.)
func TestTraceByteIdentical(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	algos := []string{"setnx-expire", "set-px", "set-uuid-getdel", "set-uuid-lua", "rlock-3.8.1", "rlock-3.16.8", "fairlock-3.8.1", "fairlock-3.16.8", "rlock-4.7.0", "fairlock-4.7.0", "fencedlock-4.7.0"}
	if testing.Short() {
		algos = []string{"set-px", "fairlock-3.16.8"}
	}
	for i, algo := range algos {
		var traces [2][]byte
		for j, procs := range []string{"1", "2"} {
			f := filepath.Join(dir, algo+"-"+procs+".jsonl")
			code, out, errs := simrunExec(t, []string{"GOMAXPROCS=" + procs}, "run", "--algo", algo, "--seed", "42", "--preset", "all", "--trace", f, "--check-determinism", "--no-shrink", "--no-confirm", "--viz-dir", "")
			if code != exitOK && code != exitViolated {
				t.Fatalf("%s: exit %d\n%s%s", algo, code, out, errs)
			}
			traces[j], _ = os.ReadFile(f)
		}
		if len(traces[0]) == 0 || !bytes.Equal(traces[0], traces[1]) {
			t.Fatalf("%s: traces differ between GOMAXPROCS=1 and 2 (%d vs %d bytes)", algo, len(traces[0]), len(traces[1]))
		}
		if i == 0 && !bytes.Contains(traces[0], []byte(`"kind":"option"`)) {
			t.Fatalf("trace has no option header")
		}
	}
}

// Client settings reach the simulated Redisson: a 9 s watchdog renews every 3 s.
func TestClientOverrides(t *testing.T) {
	f := filepath.Join(t.TempDir(), "trace.jsonl")
	code, out, errs := runArgs("run", "--algo", "rlock-3.16.8", "--seed", "3", "--procs", "1", "--threads", "1",
		"--lock-watchdog-timeout", "9s", "--safety", "40s", "--liveness", "1s", "--trace", f)
	if code != exitOK {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	b, _ := os.ReadFile(f)
	if !strings.Contains(out, "watchdog=9000ms") || !bytes.Contains(b, []byte(`"argv":["9000",`)) {
		t.Fatalf("the watchdog lease of 9000 ms should reach the scripts:\n%s", out)
	}
}

// sweep exits 1 on a violation nothing explains (a bug) and 0 otherwise,
// known flaws included; --json prints one object per violation and a
// summary; shards split the range and merge back to the whole.
func TestSweep(t *testing.T) {
	if code, out, errs := runArgs("sweep", "--algo", "set-px", "--preset", "none", "--seeds", "1-3", "--safety", "2m", "--liveness", "1m"); code != exitOK || !strings.Contains(out, "mutex known") {
		t.Fatalf("set-px shows its known flaw, which fails nothing: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runArgs("sweep", "--algo", "rlock-3.16.8", "--mutant", "unlock-no-owner-check-3.16.8", "--preset", "net", "--seeds", "1-2"); code != exitViolated {
		t.Fatalf("a mutant whose unlock skips the owner check: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runArgs("sweep", "--algo", "rlock-3.8.1", "--preset", "none", "--seeds", "1-6", "--safety", "1m", "--liveness", "1m", "--json")
	if code != exitOK {
		t.Fatalf("rlock-3.8.1 without faults: exit %d\n%s%s", code, out, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var sum struct {
		Summary struct {
			Runs int `json:"runs"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || sum.Summary.Runs != 6 {
		t.Fatalf("last line should be the summary of 6 runs: %q (%v)", lines[len(lines)-1], err)
	}
	for _, l := range lines[:len(lines)-1] {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil || v["property"] == nil || v["class"] == nil || v["reproduce"] == nil {
			t.Fatalf("violation line %q: %v", l, err)
		}
	}
	whole := map[string]bool{}
	_, all, _ := runArgs("sweep", "--algo", "set-px", "--preset", "none", "--seeds", "1-4", "--safety", "1m", "--liveness", "1m", "--json")
	for _, l := range strings.Split(strings.TrimSpace(all), "\n") {
		if !strings.HasPrefix(l, `{"summary"`) {
			whole[l] = true
		}
	}
	merged := map[string]bool{}
	for _, sh := range []string{"1/2", "2/2"} {
		_, part, _ := runArgs("sweep", "--algo", "set-px", "--preset", "none", "--seeds", "1-4", "--safety", "1m", "--liveness", "1m", "--json", "--shard", sh)
		for _, l := range strings.Split(strings.TrimSpace(part), "\n") {
			if !strings.HasPrefix(l, `{"summary"`) {
				merged[l] = true
			}
		}
	}
	if len(whole) != len(merged) {
		t.Fatalf("shards gave %d violations, the whole range %d", len(merged), len(whole))
	}
	for l := range whole {
		if !merged[l] {
			t.Fatalf("missing from the shards: %s", l)
		}
	}
	if code, _, errs := runArgs("sweep", "--algo", "set-px", "--shard", "3/2"); code != exitUsage || !strings.Contains(errs, "bad shard") {
		t.Fatalf("bad shard: exit %d %q", code, errs)
	}
}

// compare writes its report and plot, byte-identical across runs and worker
// counts, and refuses a bad name.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	args := []string{"compare", "fairlock-3.8.1", "fairlock-3.16.8", "--seeds", "1-4", "--presets", "none,crash", "--out", dir}
	if code, out, errs := runArgs(args...); code != exitOK {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "fairlock-3.8.1-vs-3.16.8.md"))
	svg, _ := os.ReadFile(filepath.Join(dir, "fairlock-3.8.1-vs-3.16.8.svg"))
	for _, want := range []string{"## Violations", "## Waiting time", "overtakes", "negative ttl", "--seeds 1-4 --presets none,crash"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Fatalf("report lacks %q:\n%s", want, md)
		}
	}
	if !bytes.HasPrefix(svg, []byte("<svg")) {
		t.Fatalf("no SVG plot")
	}
	if code, _, _ := runArgs(append(args, "--workers", "1")...); code != exitOK {
		t.Fatal("second run failed")
	}
	md2, _ := os.ReadFile(filepath.Join(dir, "fairlock-3.8.1-vs-3.16.8.md"))
	if !bytes.Equal(md, md2) {
		t.Fatalf("the report changed between runs")
	}
	if code, _, errs := runArgs("compare", "fairlock-3.8.1", "zookeeper", "--out", dir); code != exitUsage || !strings.Contains(errs, "unknown algorithm") {
		t.Fatalf("bad name: exit %d %q", code, errs)
	}
}

// run checks its run: a violation prints as a story — events one per
// line, owners renamed — with the command that reproduces it, and one
// nothing explains (a bug) exits 1.
func TestRunPrintsStory(t *testing.T) {
	code, out, _ := runArgs("run", "--algo", "set-px", "--seed", "1", "--preset", "none")
	if code != exitOK {
		t.Fatalf("set-px seed 1 has a known mutex flaw, which fails nothing: exit %d", code)
	}
	for _, want := range []string{"mutex known at t=100.885s", "flaw:delete-without-owner-check", "DEL myLock from c3 → 1", "B tryLock(wait) → acquired", "where A = ", "reproduce: go run ./cmd/simrun run --algo set-px --seed 1 --preset none"} {
		if !strings.Contains(out, want) {
			t.Fatalf("story lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ := runArgs("run", "--algo", "rlock-3.8.1", "--seed", "2", "--preset", "none", "--safety", "30s", "--liveness", "10s"); code != exitOK || !strings.Contains(out, "no violation") {
		t.Fatalf("a clean run: exit %d\n%s", code, out)
	}
}

// --stories N tells the first N violations as stories and each later one
// in a line, with the same exit code and the same violations as without.
func TestRunStoriesCap(t *testing.T) {
	args := []string{"run", "--algo", "setnx-expire", "--seed", "3", "--preset", "crash", "--no-shrink", "--viz-dir", t.TempDir()}
	code, all, _ := runArgs(args...)
	capped, out, _ := runArgs(append(args, "--stories", "1")...)
	if capped != code {
		t.Fatalf("exit %d with every story, %d with one", code, capped)
	}
	told := strings.Count(all, "  reproduce: ")
	if told < 3 || strings.Count(out, "  reproduce: ") != 1 {
		t.Fatalf("%d stories without the cap, %d with --stories 1", told, strings.Count(out, "  reproduce: "))
	}
	if !strings.Contains(out, fmt.Sprintf("\n%d more, in a line each (--stories 0 tells every one):\n", told-1)) {
		t.Fatalf("no list of the other %d:\n%s", told-1, out)
	}
	for _, line := range strings.Split(all, "\n") { // every headline is still there
		if strings.Contains(line, " at t=") && !strings.HasPrefix(line, " ") && !strings.Contains(out, line) {
			t.Fatalf("%q is missing with --stories 1", line)
		}
	}
	if !strings.Contains(out, "    visualization: ") {
		t.Fatalf("the listed linearizability violation lost its visualization:\n%s", out)
	}
}

// Under GitHub Actions a bug is also an ::error annotation.
func TestGitHubAnnotations(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	_, out, errs := runArgs("sweep", "--algo", "rlock-3.16.8", "--mutant", "unlock-no-owner-check-3.16.8", "--preset", "net", "--seeds", "1-1", "--json")
	if !strings.Contains(errs, "::error title=mutex bug (rlock-3.16.8, seed 1)::") || !strings.Contains(errs, "%0Areproduce: go run ./cmd/simrun run --algo rlock-3.16.8 --seed 1 --preset net --mutant unlock-no-owner-check-3.16.8") {
		t.Fatalf("no annotation on stderr:\n%s", errs)
	}
	// stdout stays JSON Lines a reader can parse
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, "{") {
			t.Fatalf("not a JSON line on stdout: %q", l)
		}
	}
	// the main job annotates only what is unexpected, on stderr
	_, out, errs = runArgs("--mutant", "unlock-no-owner-check-3.16.8", "--seeds", "1-1", "--no-confirm")
	if strings.Contains(out, "::error") || !strings.Contains(errs, "::error title=mutex bug:deleted-by-other (rlock-3.16.8)::") {
		t.Fatalf("main job: stdout has %d annotations, stderr:\n%s", strings.Count(out, "::error"), errs)
	}
}

// replay rebuilds a run from its saved trace and checks every line; a
// changed line is exit 2 (the file is the input that does not replay), a
// file without a run header too (as is any damaged file:
// TestDamagedTraces).
func TestReplay(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "t.jsonl")
	runCode, _, _ := runArgs("run", "--algo", "rlock-3.16.8", "--seed", "3", "--preset", "net", "--safety", "1m", "--liveness", "30s", "--threads", "2", "--timeout", "2s", "--trace", f)
	code, out, errs := runArgs("replay", f)
	if code != runCode || !strings.Contains(out, "lines came out the same") {
		t.Fatalf("replay exit %d (run %d)\n%s%s", code, runCode, out, errs)
	}
	data, _ := os.ReadFile(f)
	lines := strings.Split(string(data), "\n")
	lines[40] = strings.Replace(lines[40], `"node":"`, `"node":"x`, 1)
	os.WriteFile(f, []byte(strings.Join(lines, "\n")), 0o644)
	if code, _, errs := runArgs("replay", f); code != exitUsage || !strings.Contains(errs, "t.jsonl:41: the replay diverges") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("tampered trace: exit %d %q", code, errs)
	}
	os.WriteFile(f, []byte("{\"t\":0.000,\"node\":\"world\",\"kind\":\"end\"}\n"), 0o644)
	if code, _, errs := runArgs("replay", f); code != exitUsage || !strings.Contains(errs, "no run header") {
		t.Fatalf("headerless trace: exit %d %q", code, errs)
	}
}

// A failing run shrinks to a smaller one with the same kind of violation,
// whose own command reproduces it.
func TestRunShrinks(t *testing.T) {
	_, out, _ := runArgs("run", "--algo", "rlock-3.16.8", "--mutant", "unlock-no-owner-check-3.16.8", "--seed", "1", "--preset", "net")
	i := strings.Index(out, "\nshrunk (")
	if i < 0 {
		t.Fatalf("no shrink:\n%s", out)
	}
	shrunk := out[i:]
	for _, want := range []string{" bug at ", "redis-0: ", "--procs ", "--mutant unlock-no-owner-check-3.16.8"} {
		if !strings.Contains(shrunk, want) {
			t.Fatalf("shrunk story lacks %q:\n%s", want, shrunk)
		}
	}
	// the shrunk violation's headline: "PROPERTY bug at ..."
	head := strings.SplitN(shrunk, "\n", 4)[2]
	prop := strings.Fields(head)[0] + " bug"
	j := strings.Index(shrunk, "reproduce: go run ./cmd/simrun ")
	args := strings.Fields(strings.SplitN(shrunk[j+len("reproduce: go run ./cmd/simrun "):], "\n", 2)[0])
	code, again, _ := runArgs(append(args, "--no-shrink")...)
	if code != exitViolated || !strings.Contains(again, prop) {
		t.Fatalf("the shrunk command should reproduce the %s: exit %d\n%s", prop, code, again)
	}
}

// A run.Config rendered as flags (run.Config.Args) parses back to itself,
// and reproduce's command line is those flags.
func TestRunFlagsRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := gen.RunConfig(t)
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var rf runFlags
		rf.register(fs, true)
		if err := flagx.Parse(fs, c.Args()); err != nil {
			t.Fatalf("%q: %v", c.Args(), err)
		}
		if err := rf.check(fs); err != nil {
			t.Fatalf("%q: %v", c.Args(), err)
		}
		if got := rf.config(); !reflect.DeepEqual(got, c) {
			t.Fatalf("flags %q read back as %+v, want %+v", c.Args(), got, c)
		}
	})
}

// The main job writes its report (--out) as it prints it, and the
// statement coverage of its fault-free runs (--coverage); a range too
// short to reach every statement says which ones no run reached.
func TestMainJobWritesReportAndCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the main job on one seed")
	}
	dir := t.TempDir()
	out, cov := filepath.Join(dir, "main-job.txt"), filepath.Join(dir, "coverage.md")
	code, stdout, errs := runArgs("--seeds", "1", "--no-confirm", "--out", out, "--coverage", cov)
	if code != exitOK && code != exitViolated {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	report, _ := os.ReadFile(out)
	if string(report) != stdout {
		t.Fatalf("--out holds %d bytes, not the %d printed", len(report), len(stdout))
	}
	if !strings.Contains(stdout, "script statements run without faults") || !strings.Contains(stdout, "never run and not explained") {
		t.Fatalf("no coverage summary in:\n%s", stdout)
	}
	md, _ := os.ReadFile(cov)
	for _, want := range []string{"# Statement coverage", "| rlock-3.8.1 |", "| fairlock-3.16.8 |", "`redis.call('hset'"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("coverage report lacks %q", want)
		}
	}
}
