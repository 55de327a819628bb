package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTemps fails if a temporary file is left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Fatalf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestNewAndRegularFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "deeper", "out.txt")
	if err := WriteBytes(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, p); got != "one" {
		t.Fatalf("got %q", got)
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if read(t, p) != "two" || fi.Mode().Perm() != 0o600 {
		t.Fatalf("replaced file: %q, mode %v (want the old mode 0600)", read(t, p), fi.Mode())
	}
	noTemps(t, filepath.Dir(p))
}

// A failed fill leaves the target as it was and no temporary file.
func TestFillErrorKeepsTarget(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	os.WriteFile(p, []byte("precious"), 0o644)
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("error %v should name the path and the cause", err)
	}
	if read(t, p) != "precious" {
		t.Fatal("target changed")
	}
	noTemps(t, dir)
}

// A symbolic link is written through: its target gets the content and the
// link stays a link, also when the target does not exist yet.
func TestSymlinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.txt")
	os.WriteFile(real, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("real.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Lstat(link)
	if fi.Mode()&fs.ModeSymlink == 0 || read(t, real) != "new" {
		t.Fatalf("link mode %v, target %q", fi.Mode(), read(t, real))
	}
	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join(dir, "later", "made.txt"), dangling)
	if err := WriteBytes(dangling, []byte("made")); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(dir, "later", "made.txt")) != "made" {
		t.Fatal("the dangling link's target was not created")
	}
	loop := filepath.Join(dir, "loop")
	os.Symlink("loop", loop)
	if err := WriteBytes(loop, nil); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Fatalf("a link loop: %v", err)
	}
}

// A named pipe is written into, not replaced by a regular file.
func TestNamedPipeWrittenDirectly(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := WriteBytes(fifo, []byte("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Fatalf("reader got %q", s)
	}
	fi, _ := os.Lstat(fifo)
	if fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the pipe became %v", fi.Mode())
	}
	noTemps(t, dir)
}

// Devices are written in place: /dev/null stays a device, and /dev/full's
// "no space" is the write's error.
func TestDevices(t *testing.T) {
	if err := WriteBytes("/dev/null", []byte("x")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat("/dev/null")
	if err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is now %v (%v)", fi.Mode(), err)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	err = WriteBytes("/dev/full", []byte("x"))
	if err == nil || !errors.Is(err, syscall.ENOSPC) && !strings.Contains(err.Error(), "no space") {
		t.Fatalf("/dev/full: %v", err)
	}
	if fi, _ := os.Lstat("/dev/full"); fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("/dev/full is now %v", fi.Mode())
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	for _, ok := range []string{
		filepath.Join(dir, "new.txt"),
		filepath.Join(dir, "a", "b", "new.txt"), // creatable directories
		file,
		"/dev/null",
	} {
		if err := Check(ok); err != nil {
			t.Errorf("Check(%s): %v", ok, err)
		}
	}
	for _, c := range []struct{ path, want string }{
		{dir, "is a directory"},
		{filepath.Join(file, "x.txt"), "not a directory"},
		{filepath.Join(file, "deeper", "x.txt"), "not a directory"},
	} {
		if err := Check(c.path); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.path) {
			t.Errorf("Check(%s): %v, want an error naming the path with %q", c.path, err, c.want)
		}
	}
	if os.Geteuid() != 0 { // root may write anywhere
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o500)
		if err := Check(filepath.Join(ro, "x")); err == nil {
			t.Error("a read-only directory passed the check")
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); err == nil {
		t.Error("Check created a directory")
	}
}

// A set is written all or nothing: a failing file leaves every target as
// it was, a failing rename puts back what the earlier ones replaced.
func TestSetAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.md"), filepath.Join(dir, "b.svg")
	os.WriteFile(a, []byte("old a"), 0o644)
	var s Set
	s.AddBytes(a, []byte("new a"))
	s.Add(b, func(io.Writer) error { return errors.New("plot failed") })
	if err := s.Commit(); err == nil {
		t.Fatal("no error")
	}
	if read(t, a) != "old a" {
		t.Fatal("a changed although b failed")
	}
	if _, err := os.Stat(b); err == nil {
		t.Fatal("b exists")
	}
	noTemps(t, dir)

	calls := 0
	rename = func(from, to string) error {
		if calls++; calls == 2 {
			return errors.New("disk gone")
		}
		return os.Rename(from, to)
	}
	defer func() { rename = os.Rename }()
	s = Set{}
	s.AddBytes(a, []byte("new a"))
	s.AddBytes(b, []byte("new b"))
	if err := s.Commit(); err == nil || !strings.Contains(err.Error(), b) {
		t.Fatalf("error %v should name %s", err, b)
	}
	if read(t, a) != "old a" {
		t.Fatalf("a = %q, the failed set should have put the old content back", read(t, a))
	}
	if _, err := os.Stat(b); err == nil {
		t.Fatal("b exists")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
	rename = os.Rename
	if err := s.Commit(); err != nil || read(t, a) != "new a" || read(t, b) != "new b" {
		t.Fatalf("second commit: %v", err)
	}
}

// Abort removes the temporary file of a write in progress, which then
// fails without touching its target; later writes fail too.
func TestAbort(t *testing.T) {
	defer func() { pending.Lock(); pending.aborted = false; pending.Unlock() }()
	dir := t.TempDir()
	p := filepath.Join(dir, "trace.jsonl")
	os.WriteFile(p, []byte("previous"), 0o644)
	err := Write(p, func(w io.Writer) error {
		io.WriteString(w, "partial")
		entries, _ := os.ReadDir(dir)
		if len(entries) != 2 {
			t.Errorf("expected the target and a temporary file, found %v", entries)
		}
		Abort()
		return nil
	})
	if !errors.Is(err, ErrAborted) {
		t.Fatalf("err %v", err)
	}
	if read(t, p) != "previous" {
		t.Fatal("target changed")
	}
	noTemps(t, dir)
	if err := WriteBytes(filepath.Join(dir, "later"), nil); !errors.Is(err, ErrAborted) {
		t.Fatalf("a write after Abort: %v", err)
	}
}

// A path naming one of the process's descriptors is written through the
// descriptor: not reopened (a pipe's pipe:[N] cannot be), not truncated
// (a file opened for appending keeps its content), not renamed over, and
// left open.
func TestOwnDescriptors(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, p := range []string{fmt.Sprintf("/dev/fd/%d", w.Fd()), fmt.Sprintf("/proc/self/fd/%d", w.Fd())} {
		if err := Check(p); err != nil {
			t.Fatalf("Check(%s): %v", p, err)
		}
		if err := WriteBytes(p, []byte("through the pipe\n")); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		buf := make([]byte, 64)
		n, _ := r.Read(buf)
		if string(buf[:n]) != "through the pipe\n" {
			t.Fatalf("%s: read %q", p, buf[:n])
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "so.txt")
	os.WriteFile(file, []byte("earlier\n"), 0o644)
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	before, _ := os.Stat(file)
	if err := WriteBytes(fmt.Sprintf("/dev/fd/%d", f.Fd()), []byte("later\n")); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(file)
	if read(t, file) != "earlier\nlater\n" || !os.SameFile(before, after) {
		t.Fatalf("the appended file holds %q (same file: %v)", read(t, file), os.SameFile(before, after))
	}
	if _, err := f.Write([]byte("still open\n")); err != nil {
		t.Fatalf("the descriptor was closed: %v", err)
	}
	noTemps(t, dir)
	// A descriptor open for reading only, or not open at all.
	ro, _ := os.Open(file)
	defer ro.Close()
	if err := Check(fmt.Sprintf("/dev/fd/%d", ro.Fd())); err == nil || !strings.Contains(err.Error(), "reading only") {
		t.Errorf("a read-only descriptor: %v", err)
	}
	if err := Check("/dev/fd/999"); err == nil || !strings.Contains(err.Error(), "bad file descriptor") {
		t.Errorf("a closed descriptor: %v", err)
	}
	// A link to /dev/stdout is stdout.
	link := filepath.Join(dir, "out")
	os.Symlink("/dev/stdout", link)
	if !Same(link, "/proc/self/fd/1") || !Same("/dev/fd/1", "/dev/stdout") || Same("/dev/stdout", "/dev/stderr") {
		t.Error("Same does not tell descriptors apart")
	}
}

// Same tells two names of one file from two files.
func TestSame(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	if !Same(a, filepath.Join(dir, ".", "a.txt")) || Same(a, filepath.Join(dir, "b.txt")) {
		t.Error("new paths")
	}
	os.WriteFile(a, nil, 0o644)
	os.Symlink("a.txt", filepath.Join(dir, "l.txt"))
	if !Same(a, filepath.Join(dir, "l.txt")) {
		t.Error("a link and its target")
	}
}

// A file the process may not write is not replaced by a rename (which
// only the directory's permission allows): Check and Write refuse it.
func TestReadOnlyTarget(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write any file (cmd/simrun's TestReadOnlyOutput runs this as nobody)")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "ro.txt")
	os.WriteFile(p, []byte("keep"), 0o444)
	if err := Check(p); err == nil || !strings.Contains(err.Error(), p+": permission denied") {
		t.Errorf("Check: %v", err)
	}
	if err := WriteBytes(p, []byte("new")); err == nil || read(t, p) != "keep" {
		t.Errorf("Write: %v, file %q", err, read(t, p))
	}
	noTemps(t, dir)
}

// Check makes a file where the output would go and removes it: a
// directory that takes no new file fails before any work, also for root
// (/proc).
func TestCheckCreates(t *testing.T) {
	if _, err := os.Stat("/proc/version"); err != nil {
		t.Skip("no /proc")
	}
	if err := Check("/proc/version"); err == nil {
		t.Error("/proc/version passed the check")
	}
	if err := Check("/proc/new.txt"); err == nil {
		t.Error("/proc/new.txt passed the check")
	}
	dir := t.TempDir()
	if err := Check(filepath.Join(dir, "x", "y.txt")); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Check left %v", entries)
	}
}

// A failed write removes the directories it made for its output, and
// only those; a good one keeps them.
func TestMadeDirectoriesRemovedOnFailure(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "had"), 0o755)
	p := filepath.Join(dir, "had", "new", "deeper", "out.txt")
	err := Write(p, func(io.Writer) error { return errors.New("the run failed") })
	if err == nil {
		t.Fatal("no error")
	}
	if _, err := os.Stat(filepath.Join(dir, "had", "new")); err == nil {
		t.Error("the failed write left had/new behind")
	}
	if _, err := os.Stat(filepath.Join(dir, "had")); err != nil {
		t.Error("the failed write removed a directory it did not make")
	}
	var s Set
	s.AddBytes(filepath.Join(dir, "n1", "a.txt"), []byte("a"))
	s.Add(filepath.Join(dir, "n2", "b.txt"), func(io.Writer) error { return errors.New("plot failed") })
	if err := s.Commit(); err == nil {
		t.Fatal("no error")
	}
	for _, d := range []string{"n1", "n2"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			t.Errorf("the failed set left %s behind", d)
		}
	}
	if err := WriteBytes(p, []byte("ok")); err != nil || read(t, p) != "ok" {
		t.Fatalf("a good write: %v", err)
	}
	pending.Lock()
	left := len(pending.dirs)
	pending.Unlock()
	if left != 0 {
		t.Errorf("%d directories still registered for Abort", left)
	}
}
