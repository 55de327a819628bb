package scenario

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every shipped scenario checks clean, and rewriting it with its own
// output gives the file back byte for byte: CheckFile reads the files as
// datadriven does and Rewrite writes them as `go test -rewrite` does.
func TestCheckFileMatchesRewrite(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	more, _ := filepath.Glob(filepath.Join("..", "results", "explore", "*.txt"))
	files = append(files, more...)
	if len(files) < 2 {
		t.Fatalf("no scenario files: %v", files)
	}
	for _, path := range files {
		c, err := CheckFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.Steps {
			if s.Differs() {
				t.Fatalf("%s:%d: %s: got\n%s\nwant\n%s", path, s.Line, s.Command, s.Got, s.Expected)
			}
		}
		want, _ := os.ReadFile(path)
		if got := c.Rewrite(); string(got) != string(want) {
			t.Fatalf("%s: the rewrite differs from the file:\n%s", path, firstDiff(string(want), string(got)))
		}
	}
}

// An edited reply is a difference at its line; the rewrite restores the
// file; a command without expected output expects none.
func TestCheckFileFindsDifferences(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join("testdata", "simple-locks.txt"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(orig), "t=0.001s A crashes", "t=0.001s A survives", 1)
	if edited == string(orig) {
		t.Fatal("the line to edit is gone")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "edited.txt")
	os.WriteFile(path, []byte(edited), 0o644)
	c, err := CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var differ []Step
	for _, s := range c.Steps {
		if s.Differs() {
			differ = append(differ, s)
		}
	}
	if len(differ) != 1 || differ[0].Command != "crash A" || !strings.Contains(differ[0].Expected, "survives") {
		t.Fatalf("differences: %+v", differ)
	}
	if string(c.Rewrite()) != string(orig) {
		t.Fatalf("the rewrite does not restore the file:\n%s", firstDiff(string(orig), string(c.Rewrite())))
	}

	bare := filepath.Join(dir, "bare.txt")
	os.WriteFile(bare, []byte("# no expected output yet\nworld algo=set-px latency=1ms\n\nlock A\n"), 0o644)
	c, err = CheckFile(bare)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Steps) != 2 || !c.Steps[0].Differs() || c.Steps[0].Expected != "" {
		t.Fatalf("steps %+v", c.Steps)
	}
	want := "# no expected output yet\nworld algo=set-px latency=1ms\n----\n" + c.Steps[0].Got + "\n\nlock A\n----\n" + c.Steps[1].Got
	if got := string(c.Rewrite()); got != want {
		t.Fatalf("rewrite of a bare file:\n%q\nwant\n%q", got, want)
	}
	os.WriteFile(bare, c.Rewrite(), 0o644)
	if c, err = CheckFile(bare); err != nil || c.Steps[0].Differs() || c.Steps[1].Differs() {
		t.Fatalf("the rewritten file does not check clean: %v", err)
	}

	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("# only a comment\n\n"), 0o644)
	if _, err := CheckFile(empty); err == nil || !strings.Contains(err.Error(), "no command") {
		t.Fatalf("empty file: %v", err)
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y || i >= len(al) || i >= len(bl) {
			return "line " + strconv.Itoa(i+1) + ": want " + x + "\n        got  " + y
		}
	}
	return ""
}

// A step that differs is told as a unified diff naming the file, the
// command's line and the command, ending in a newline.
func TestStepDiff(t *testing.T) {
	s := Step{Line: 7, Command: "run a", Expected: "x\ny\n", Got: "x\nz"}
	want := "--- f.txt:7 run a (expected)\n+++ output\n@@ -1,3 +1,2 @@\n x\n-y\n-\n+z\n"
	if got := s.Diff("f.txt"); got != want {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
}
