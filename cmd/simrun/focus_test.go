package main

import (
	"strings"
	"testing"
)

// run --focus tells the one violation the main job's command names, and
// only counts the others; a focus that matches nothing says so; a bad one
// is a usage error.
func TestRunFocus(t *testing.T) {
	t.Parallel()
	base := []string{"run", "--algo", "rlock-3.16.8", "--seed", "1", "--preset", "net", "--mutant", "unlock-no-owner-check-3.16.8", "--no-confirm", "--viz-dir", ""}
	_, all, _ := runArgs(base...)
	code, out, _ := runArgs(append(base, "--focus", "mutex@115.809")...)
	if code != exitViolated || !strings.Contains(out, "\nmutex bug at t=115.809s: ") || strings.Count(out, "\nmutex ") != 1 || !strings.Contains(out, " other violations in this run, not told") || len(out) >= len(all) {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if _, out, _ := runArgs(append(base, "--focus", "2")...); strings.Count(out, "  reproduce: ") != 1 {
		t.Errorf("--focus 2:\n%s", out)
	}
	if code, out, _ := runArgs(append(base, "--focus", "fifo")...); code != exitOK || !strings.Contains(out, "no violation matches --focus fifo") {
		t.Errorf("--focus fifo: exit %d\n%s", code, out)
	}
	for _, bad := range []string{"mutx", "mutex@", "mutex@-1", "0", "mutex@NaN"} {
		if code, _, errs := runArgs(append(base, "--focus", bad)...); code != exitUsage || !strings.Contains(errs, "bad focus") {
			t.Errorf("--focus %q: exit %d, %q", bad, code, errs)
		}
	}
}
