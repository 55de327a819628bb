package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/locksim/locksim/clients"
)

// simrun mutants judges each mutant it is given as a change and writes
// the report: a row per mutant, the count the gate failed, progress on
// stderr. (gate's TestEveryMutantFailsTheGate judges the whole catalogue;
// here one script mutant and one client mutant of each version.)
func TestMutantsReport(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "mutants.md")
	catalog := shortCatalog()
	var names []string
	for _, m := range catalog {
		names = append(names, m.Name)
	}
	args := []string{"mutants", "--out", out, "--no-confirm", "--only", strings.Join(names, ",")}
	code, stdout, stderr := runArgs(args...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stderr, stdout)
	}
	report, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n := len(catalog)
	if want := fmt.Sprintf("Failed by the gate: %d of %d (100%%).", n, n); !strings.Contains(string(report), want) {
		t.Fatalf("report lacks %q:\n%s", want, report)
	}
	for _, m := range catalog {
		if !strings.Contains(string(report), "| "+m.Name+" | "+m.Algo+" |") {
			t.Errorf("report has no row for %s", m.Name)
		}
	}
	if !strings.Contains(stderr, "mutant 1/") || string(report) != stdout {
		t.Errorf("report or progress incomplete:\n%s\n%s", report, stderr)
	}
}

func TestMutantsRejectsBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mutants", "--only", "nope"}, "unknown mutant"},
		{[]string{"mutants", "--seeds", "5-1"}, "seeds"},
		{[]string{"run", "--algo", "rlock-3.16.8", "--mutant", "unlock-no-owner-check-3.8.1"}, "runs under rlock-3.8.1"},
	} {
		code, _, stderr := runArgs(c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q (want %q)", c.args, code, stderr, c.want)
		}
	}
}

// shortCatalog is the first script mutant and the first client mutant of
// each Redisson version.
func shortCatalog() []clients.Mutant {
	var out []clients.Mutant
	seen := map[string]bool{}
	for _, m := range clients.Mutants {
		key := strings.TrimPrefix(strings.TrimPrefix(m.Algo, "rlock-"), "fairlock-") + "/" + strconv.FormatBool(m.Script == nil)
		if !seen[key] {
			seen[key] = true
			out = append(out, m)
		}
	}
	return out
}
