package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scenario checks each command's output against the file: an edited
// reply is a unified diff and exit 1; --rewrite puts the real output back.
func TestScenarioChecksExpectedOutput(t *testing.T) {
	orig, err := os.ReadFile("../../scenario/testdata/simple-locks.txt")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "edited.txt")
	os.WriteFile(path, []byte(strings.Replace(string(orig), "t=0.001s A crashes", "t=0.001s A survives", 1)), 0o644)
	code, out, errs := runArgs("scenario", path)
	if code != exitViolated {
		t.Fatalf("edited reply: exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"--- " + path + ":", "crash A (expected)", "+++ output", "-t=0.001s A survives", "+t=0.001s A crashes", "1 outputs differ from the file"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
	if code, out, errs := runArgs("scenario", "--rewrite", path); code != exitOK || !strings.Contains(out, "rewrote the output of 1") {
		t.Fatalf("--rewrite: exit %d\n%s%s", code, out, errs)
	}
	if got, _ := os.ReadFile(path); string(got) != string(orig) {
		t.Fatal("--rewrite did not restore the file")
	}
	if code, out, _ := runArgs("scenario", "--quiet", path); code != exitOK || !strings.Contains(out, "every output as in the file") {
		t.Fatalf("after --rewrite: exit %d\n%s", code, out)
	}
}

// A counterexample whose check no longer prints its violation fails.
func TestScenarioCounterexampleMustStillFail(t *testing.T) {
	const file, check = "../../results/explore/set-px-t2-a1-none.txt", "\ncheck\n----\n"
	orig, _ := os.ReadFile(file)
	i := strings.LastIndex(string(orig), check)
	if i < 0 || !strings.HasPrefix(string(orig[i+len(check):]), "bug ") {
		t.Fatalf("%s has no check that prints a bug", file)
	}
	edited := string(orig[:i+len(check)]) + "no violation\n"
	path := filepath.Join(t.TempDir(), "cx.txt")
	os.WriteFile(path, []byte(edited), 0o644)
	code, out, errs := runArgs("scenario", "--quiet", path)
	if code != exitViolated || !strings.Contains(out, "+bug ") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
}
