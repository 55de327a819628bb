package main

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// quickRun is a short run that violates nothing, for output tests.
var quickRun = []string{"run", "--algo", "rlock-3.8.1", "--seed", "2", "--preset", "none", "--safety", "10s", "--liveness", "5s"}

func TestTraceOutputs(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.jsonl")
	if code, out, errs := runArgs(append(quickRun, "--trace", plain)...); code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	want, _ := os.ReadFile(plain)

	// A symlink is written through: the link stays, its target changes.
	target := filepath.Join(dir, "target.jsonl")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink("target.jsonl", link)
	if code, _, errs := runArgs(append(quickRun, "--trace", link)...); code != exitOK {
		t.Fatalf("symlink: exit %d %s", code, errs)
	}
	fi, _ := os.Lstat(link)
	got, _ := os.ReadFile(target)
	if fi.Mode()&fs.ModeSymlink == 0 || !bytes.Equal(got, want) {
		t.Fatalf("symlink: mode %v, target %d bytes (want %d)", fi.Mode(), len(got), len(want))
	}

	// A named pipe is written into and stays a pipe.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	read := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			read <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		read <- b
	}()
	if code, _, errs := runArgs(append(quickRun, "--trace", fifo)...); code != exitOK {
		t.Fatalf("fifo: exit %d %s", code, errs)
	}
	if b := <-read; !bytes.Equal(b, want) {
		t.Fatalf("fifo: read %d bytes, want %d", len(b), len(want))
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the pipe became %v", fi.Mode())
	}

	// Devices: /dev/null takes it, /dev/full fails the write (exit 3),
	// and both stay devices.
	if code, _, errs := runArgs(append(quickRun, "--trace", "/dev/null")...); code != exitOK {
		t.Fatalf("/dev/null: exit %d %s", code, errs)
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		code, _, errs := runArgs(append(quickRun, "--trace", "/dev/full")...)
		if code != exitWrite || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "/dev/full") {
			t.Fatalf("/dev/full: exit %d, %q", code, errs)
		}
	}
	for _, dev := range []string{"/dev/null", "/dev/full"} {
		if fi, err := os.Lstat(dev); err == nil && fi.Mode()&fs.ModeCharDevice == 0 {
			t.Fatalf("%s is now %v", dev, fi.Mode())
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Fatalf("temporary file left: %s", e.Name())
		}
	}
}

// Output paths are checked before the work: a directory, or a path under
// a regular file, is exit 2 at once, with nothing printed or written.
func TestOutputPathsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("keep"), 0o644)
	wantUsage(t, append(quickRun, "--trace", dir), "--trace", "is a directory")
	wantUsage(t, append(quickRun, "--trace", filepath.Join(file, "x.jsonl")), "--trace", "not a directory")
	wantUsage(t, append(quickRun, "--viz-dir", file), "--viz-dir", "not a directory")
	wantUsage(t, []string{"conform", "--emit", "../../testdata/conformance/lua-probes-visible.jsonl", "--out", dir}, "--out", "is a directory")
	wantUsage(t, []string{"bugzoo", "--out", filepath.Join(file, "zoo.md")}, "--out")
	wantUsage(t, []string{"mutants", "--out", dir}, "--out")
	wantUsage(t, []string{"explore", "--algo", "rlock-3.8.1", "--save", dir}, "--save")
	wantUsage(t, []string{"explore", "--report", "--out", dir}, "--out")
	// compare writes two files: either blocked, neither is written.
	out := t.TempDir()
	os.Mkdir(filepath.Join(out, "rlock-3.8.1-vs-3.16.8.svg"), 0o755)
	wantUsage(t, []string{"compare", "rlock-3.8.1", "rlock-3.16.8", "--seeds", "1-2", "--out", out}, "--out", "rlock-3.8.1-vs-3.16.8.svg")
	if _, err := os.Stat(filepath.Join(out, "rlock-3.8.1-vs-3.16.8.md")); err == nil {
		t.Fatal("compare wrote its report without its plot")
	}
	if b, _ := os.ReadFile(file); string(b) != "keep" {
		t.Fatal("a refused command touched a file")
	}
}

// failWriter fails every write, as a full disk behind stdout does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A failed write to standard output is exit 3 in every command, as any
// failed write is.
func TestStdoutWriteFailureExitsThree(t *testing.T) {
	for _, args := range [][]string{
		quickRun,
		{"conform", "../../testdata/conformance/lua-probes-visible.jsonl"},
		{"conform", "--emit", "../../testdata/conformance/lua-probes-visible.jsonl"},
		{"sweep", "--algo", "rlock-3.8.1", "--seeds", "1-2", "--safety", "10s", "--liveness", "5s"},
		{"help"},
		{"run", "--help"},
	} {
		var errb bytes.Buffer
		code := simrun(args, failWriter{}, &errb)
		if code != exitWrite || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// panicWriter panics, as a bug deep in a command would.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("deliberate\nbug") }

// A panic, in the command's goroutine or in a worker's, reaches the user
// as one line and exit 3, never as a stack dump.
func TestPanicIsOneLine(t *testing.T) {
	for _, args := range [][]string{quickRun, {"sweep", "--algo", "set-px", "--seeds", "1-3", "--safety", "20s", "--liveness", "5s"}} {
		var errb bytes.Buffer
		code := simrun(args, panicWriter{}, &errb)
		if code != exitHarness || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "internal error") || !strings.Contains(errb.String(), "deliberate bug") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
