package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExploreCommand: a configuration without bugs exits 0 with its counts,
// also when it has by-design violations; a bug exits 1, tells its story and
// saves a scenario that `simrun scenario` replays to the same output.
func TestExploreCommand(t *testing.T) {
	code, out, errs := runArgs("explore", "--algo", "rlock-3.16.8", "--threads", "2")
	if code != exitOK || !strings.Contains(out, "distinct 296") || !strings.Contains(out, "stand for 588") || !strings.Contains(out, "no bug") {
		t.Fatalf("clean run: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runArgs("explore", "--algo", "rlock-3.16.8", "--threads", "2", "--symmetry=false")
	if code != exitOK || !strings.Contains(out, "distinct 588") || strings.Contains(out, "symmetry") || !strings.Contains(out, "no bug") {
		t.Fatalf("clean run without symmetry reduction: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runArgs("explore", "--algo", "rlock-3.8.1", "--faults", "drop:1")
	if code != exitOK || !strings.Contains(out, "by design: mutex after 12 steps (fault drop on the path)") || !strings.Contains(out, "no bug") {
		t.Fatalf("by-design run: exit %d\n%s%s", code, out, errs)
	}
	// a catalogued flaw (#4822's re-sent acquire) is known, not a bug: the
	// search stops there, exits 0 and saves the counterexample
	save := filepath.Join(t.TempDir(), "cx.txt")
	code, out, errs = runArgs("explore", "--algo", "rlock-3.16.8", "--faults", "drop:1", "--save", save)
	if code != exitOK || !strings.Contains(out, "known flaw: holds after 9 steps") || !strings.Contains(out, "[flaw:resend-acquire, #4822") ||
		!strings.Contains(out, "stopped at the known flaw resend-acquire (--past-known searches past it)") || !strings.Contains(out, "saved the known holds counterexample") {
		t.Fatalf("known-flaw run: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runArgs("explore", "--algo", "rlock-3.16.8", "--faults", "drop:1", "--past-known", "--save", filepath.Join(t.TempDir(), "past.txt")); code != exitOK ||
		!strings.Contains(out, "known flaw: release after") || !strings.Contains(out, "no bug: every reachable state checked") {
		t.Fatalf("--past-known: exit %d\n%s%s", code, out, errs)
	}
	// a job file whose catalogue lacks the flaw makes it the bug it is to that job
	bare := filepath.Join(t.TempDir(), "bare.toml")
	if err := os.WriteFile(bare, []byte("name = \"bare\"\nseeds = \"1\"\nalgorithms = [\"rlock-3.16.8\"]\npresets = [\"none\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runArgs("explore", "--algo", "rlock-3.16.8", "--faults", "drop:1", "--job", bare, "--save", filepath.Join(t.TempDir(), "bare.txt")); code != exitViolated ||
		!strings.Contains(out, "bug: holds after 9 steps") {
		t.Fatalf("--job with no catalogue: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runArgs("explore", "--algo", "rlock-3.16.8", "--job", filepath.Join(t.TempDir(), "none.toml")); code != exitUsage || !strings.Contains(errs, "--job: ") {
		t.Fatalf("--job of a missing file: exit %d, %q", code, errs)
	}
	if code, out, errs := runArgs("explore", "--algo", "set-uuid-getdel", "--save", filepath.Join(t.TempDir(), "bug.txt")); code != exitViolated ||
		!strings.Contains(out, "bug: expiry after 12 steps") || !strings.Contains(out, "[bug:deleted-by-other]") {
		t.Fatalf("bug run: exit %d\n%s%s", code, out, errs)
	}
	saved, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	code, replayed, errs := runArgs("scenario", save)
	if code != exitOK {
		t.Fatalf("replay: exit %d: %s", code, errs)
	}
	body := string(saved)[strings.Index(string(saved), "explore algo="):]
	summary := "scenario " + save + ": "
	i := strings.LastIndex(replayed, summary)
	if i < 0 || !strings.Contains(replayed[i:], "every output as in the file") {
		t.Fatalf("no clean summary line:\n%s", replayed)
	}
	replayed = replayed[:i]
	if strings.TrimSpace(replayed) != strings.TrimSpace(body) {
		t.Fatalf("replay differs from the saved scenario:\n%s\n---\n%s", replayed, body)
	}
	if !strings.Contains(replayed, "known holds") || !strings.Contains(string(saved), "drop A acquire.reply") {
		t.Fatal("replay does not end at the violation")
	}
}

func TestExploreBadInput(t *testing.T) {
	save := filepath.Join(t.TempDir(), "keep.txt")
	if err := os.WriteFile(save, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"explore"},
		{"explore", "--algo", "nope"},
		{"explore", "--algo", "set-px", "--faults", "boom:1"},
		{"explore", "--algo", "set-px", "--threads", "7"},
		{"explore", "--algo", "set-px", "--bogus"},
		{"explore", "--algo", "set-px", "extra"},
		{"explore", "--algo", "rlock-3.16.8", "--mutant", "no-such", "--save", save},
	} {
		code, _, errs := runArgs(args...)
		if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "explore") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if b, _ := os.ReadFile(save); string(b) != "precious\n" {
		t.Error("a failed run touched the --save file")
	}
	// A broken scenario step is one line naming the file and line.
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("explore algo=set-px\n----\nx\n\nunlock A\n----\nx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runArgs("scenario", bad)
	if code != exitUsage || !strings.Contains(errs, "bad.txt:5: unlock: \"unlock A\" is not a step this state allows") {
		t.Errorf("bad step: exit %d, %q", code, errs)
	}
}

// explore with a change searches the unmodified code too and fails only
// on a finding the unmodified search does not reach: a comment-only copy
// passes, a mutant whose unlock counts up fails on its release bug.
func TestExploreChangeGate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	same := copyVersion(t, "3.8.1", func(s string) string { return s + "\n-- reviewed\n" })
	code, out, errs := runArgs("explore", "--algo", "rlock-3.8.1", "--scripts", same, "--save", filepath.Join(dir, "a.txt"))
	if code != exitOK || !strings.Contains(out, "\nthe unmodified code:\n") || !strings.Contains(out, "PASSED: the unmodified code reaches every finding of the change at this bound") {
		t.Fatalf("a comment: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runArgs("explore", "--algo", "rlock-3.8.1", "--mutant", "unlock-wrong-sign-3.8.1", "--save", filepath.Join(dir, "b.txt"))
	if code != exitViolated || !strings.Contains(out, "FAIL: the change reaches release bug [bug:release-left-hold] after ") {
		t.Fatalf("a mutant: exit %d\n%s%s", code, out, errs)
	}
}
