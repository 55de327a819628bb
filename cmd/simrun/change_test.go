package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/scripts"
)

// copyVersion copies the embedded scripts of version into dir, the
// unlock edited by edit.
func copyVersion(t *testing.T, version string, edit func(string) string) string {
	t.Helper()
	dir := t.TempDir()
	err := scripts.WriteVersion(dir, version, func(name, text string) string {
		if name == "RedissonLock.unlockInnerAsync.lua" {
			return edit(text)
		}
		return text
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// The main job judges a change: a copy of the 3.16.8 scripts whose unlock
// skips the owner check fails (exit 1) and names the new finding with a
// command that runs the copy; an unmodified copy passes (exit 0); a
// mutant is judged the same way.
func TestChangeGate(t *testing.T) {
	t.Parallel()
	broken := copyVersion(t, "3.16.8", func(s string) string {
		return strings.Replace(s, "if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil;end; ", "", 1)
	})
	code, out, errs := runArgs("--scripts", broken, "--seeds", "1-2", "--no-confirm")
	if code != exitViolated || errs != "" || !strings.Contains(out, "changed: rlock-3.16.8 (3.16.8/RedissonLock.unlockInnerAsync)") ||
		!strings.Contains(out, "  FAIL rlock-3.16.8 ") || !strings.Contains(out, "--scripts "+broken) || !strings.Contains(out, "\nFAILED: the change brings ") {
		t.Fatalf("the owner check dropped: exit %d, stderr %q\n%s", code, errs, out)
	}
	same := copyVersion(t, "3.16.8", func(s string) string { return s })
	code, out, errs = runArgs("--scripts", same, "--seeds", "1-2", "--no-confirm")
	if code != exitOK || errs != "" || !strings.Contains(out, "\nPASSED: ") {
		t.Fatalf("an unmodified copy: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, _ = runArgs("--mutant", "unlock-wrong-sign-3.8.1", "--seeds", "1-2", "--no-confirm")
	if code != exitViolated || !strings.Contains(out, "changed: rlock-3.8.1 (mutant unlock-wrong-sign-3.8.1: ") {
		t.Fatalf("a mutant: exit %d\n%s", code, out)
	}
}

// A change given wrong is a one-line usage error.
func TestChangeGateBadInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "3.16.8"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "3.16.8", "RedissonLock.nope.lua"), []byte("return 1"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--scripts", filepath.Join(dir, "missing")}, "--scripts: "},
		{[]string{"--scripts", dir}, "unknown script ID"},
		{[]string{"--mutant", "nope"}, "--mutant: unknown mutant"},
		{[]string{"--mutant", "no-watchdog", "--scripts", dir}, "one change at a time"},
	} {
		code, _, errs := runArgs(c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q (want %q)", c.args, code, errs, c.want)
		}
	}
}

// A trace made with --scripts holds the scripts' texts, so it replays
// after the directory is gone; a text that does not match its SHA1 is a
// bad header.
func TestTraceHoldsTheScripts(t *testing.T) {
	t.Parallel()
	dir := copyVersion(t, "3.16.8", func(s string) string { return s + "\n-- a reviewed copy\n" })
	trace := filepath.Join(t.TempDir(), "t.jsonl")
	code, _, errs := runArgs("run", "--algo", "rlock-3.16.8", "--seed", "2", "--preset", "net", "--scripts", dir, "--trace", trace, "--no-shrink", "--no-confirm")
	if code > exitViolated {
		t.Fatalf("run: exit %d, %s", code, errs)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runArgs("replay", trace); code > exitViolated || !strings.Contains(out, "lines came out the same") {
		t.Fatalf("replay without the directory: exit %d\n%s%s", code, out, errs)
	}
	data := readFile(t, trace)
	bad := strings.Replace(data, "-- a reviewed copy", "-- a tampered copy", 1)
	if err := os.WriteFile(trace, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runArgs("replay", trace); code != exitUsage || !strings.Contains(errs, "does not have its SHA1") {
		t.Fatalf("a tampered text: exit %d, %q", code, errs)
	}
}
