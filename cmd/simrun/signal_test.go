package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/locksim/locksim/internal/interrupt"
)

// simrunProcess starts this test binary as simrun with args.
func simrunProcess(t *testing.T, args ...string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a hung process fails the test
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), "LOCKSIM_TEST_AS_SIMRUN=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, bufio.NewScanner(out)
}

// simrunExec runs this test binary as simrun with args and the extra
// environment env, and returns its exit code and output.
func simrunExec(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "LOCKSIM_TEST_AS_SIMRUN=1"), env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	return exitCode(t, cmd.Run()), out.String(), errb.String()
}

func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if err == nil {
		return 0
	}
	if !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return ee.ExitCode()
}

// summary is the last line of sweep --json.
type summary struct {
	Summary struct {
		Runs        uint64 `json:"runs"`
		Planned     uint64 `json:"planned"`
		Interrupted bool   `json:"interrupted"`
		LastSeed    uint64 `json:"last_seed"`
	} `json:"summary"`
}

// checkStream checks sweep --json output: violations in seed order, all
// within the runs the summary counts, and the summary marked interrupted.
func checkStream(t *testing.T, lines []string) summary {
	t.Helper()
	if len(lines) < 2 {
		t.Fatalf("output %q", lines)
	}
	var sum summary
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || !sum.Summary.Interrupted {
		t.Fatalf("last line %q should be a summary marked interrupted (%v)", lines[len(lines)-1], err)
	}
	prev := uint64(0)
	for _, l := range lines[:len(lines)-1] {
		var v struct{ Seed uint64 }
		if err := json.Unmarshal([]byte(l), &v); err != nil || v.Seed < prev || v.Seed > sum.Summary.LastSeed {
			t.Fatalf("violation line %q out of order or past the last seed %d (%v)", l, sum.Summary.LastSeed, err)
		}
		prev = v.Seed
	}
	if sum.Summary.Runs == 0 || sum.Summary.Runs >= sum.Summary.Planned || sum.Summary.LastSeed != sum.Summary.Runs {
		t.Fatalf("summary %+v", sum.Summary)
	}
	return sum
}

// SIGINT stops a sweep that streams its results: what finished is on
// stdout in seed order, the summary says interrupted, the exit code is 130.
func TestSweepInterruptedBySIGINT(t *testing.T) {
	cmd, sc := simrunProcess(t, "sweep", "--algo", "set-px", "--preset", "none", "--seeds", "1-1000000", "--safety", "20s", "--liveness", "5s", "--json", "--workers", "2")
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) == 3 { // streaming: lines come while the sweep runs
			cmd.Process.Signal(syscall.SIGINT)
		}
	}
	if code := exitCode(t, cmd.Wait()); code != 130 {
		t.Fatalf("exit %d, want 130", code)
	}
	checkStream(t, lines)
}

// SIGTERM stops a run writing its trace: the temporary file goes, the
// trace is not created, the exit code is 143.
func TestRunInterruptedBySIGTERM(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "trace.jsonl")
	cmd, sc := simrunProcess(t, "run", "--algo", "fairlock-3.16.8", "--procs", "64", "--threads", "32", "--safety", "24h", "--liveness", "24h", "--viz-dir", "", "--trace", trace)
	go func() {
		for sc.Scan() {
		}
	}()
	// Wait until the run writes its trace's temporary file.
	for tries := 0; ; tries++ {
		entries, _ := os.ReadDir(dir)
		if len(entries) == 1 && strings.HasPrefix(entries[0].Name(), ".trace.jsonl.tmp-") {
			break
		}
		if tries == 12000 {
			t.Fatalf("no temporary trace file after two minutes: %v", entries)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if code := exitCode(t, cmd.Wait()); code != 143 {
		t.Fatalf("exit %d, want 143", code)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left behind: %v", entries)
	}
}

// triggerWriter cancels the run as a signal would at its first write.
type triggerWriter struct {
	mu      sync.Mutex
	b       strings.Builder
	trigger func(os.Signal)
}

func (w *triggerWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.trigger(syscall.SIGINT)
	return w.b.Write(p)
}

// In-process, the same: a sweep cancelled after its first violation line
// ends with what is complete and an interrupted summary.
func TestSweepInterruptedInProcess(t *testing.T) {
	ctx, trigger, cancel := interrupt.WithTrigger(context.Background())
	defer cancel()
	w := &triggerWriter{trigger: trigger}
	var errb strings.Builder
	code := runContext(ctx, []string{"sweep", "--algo", "set-px", "--preset", "none", "--seeds", "1-1000000", "--safety", "20s", "--liveness", "5s", "--json", "--workers", "2"}, w, &errb)
	if code != 130 || !strings.Contains(errb.String(), "interrupted") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	checkStream(t, strings.Split(strings.TrimSpace(w.b.String()), "\n"))
}
