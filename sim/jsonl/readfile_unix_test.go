//go:build unix

package jsonl

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Item 9 of issue 34: ReadFile never waits for a writer. A named pipe
// nobody writes is an error at once; one a writer holds is read to its
// end; a directory is refused.
func TestReadFileDoesNotWait(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	read := func(name string) ([]string, error) {
		type result struct {
			lines []string
			err   error
		}
		done := make(chan result, 1)
		go func() {
			var r result
			r.err = ReadFile(name, Limits{}, func(_ int, b []byte) error {
				r.lines = append(r.lines, string(b))
				return nil
			})
			done <- r
		}()
		select {
		case r := <-done:
			return r.lines, r.err
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still reading after 10s", name)
		}
		return nil, nil
	}
	if _, err := read(fifo); err == nil || err.Error() != fifo+": a named pipe with nothing in it (nobody had it open for writing; simrun does not wait for a writer)" {
		t.Fatalf("a pipe nobody writes: %v", err)
	}
	if _, err := read(dir); err == nil || err.Error() != dir+": a directory, not a file" {
		t.Fatalf("a directory: %v", err)
	}
	// A writer that holds the pipe open before the reader comes (as a
	// shell's <(...) does), and writes a little later.
	w, err := os.OpenFile(fifo, os.O_RDWR, 0) // RDWR: opens without a reader
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(100 * time.Millisecond)
		w.WriteString("a\nb\n")
		w.Close()
	}()
	if lines, err := read(fifo); err != nil || strings.Join(lines, "|") != "a|b" {
		t.Fatalf("a pipe with a writer: %q, %v", lines, err)
	}
}
