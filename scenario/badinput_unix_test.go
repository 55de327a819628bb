//go:build unix

package scenario

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe, or a link to a device that never ends, is refused before
// it is read: no wait for a writer, no memory eaten.
func TestReadFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	zero := filepath.Join(dir, "zero.txt")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, zero} {
		done := make(chan error, 1)
		go func() { _, err := CheckFile(path); done <- err }()
		select {
		case err := <-done:
			if err == nil || err.Error() != path+": not a regular file" {
				t.Fatalf("%s: %v", path, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: CheckFile still reading after 10s", path)
		}
	}
	if fi, err := os.Lstat(zero); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link changed")
	}
}
