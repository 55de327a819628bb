// Package atomicfile writes a file so that readers see either the old
// content or the whole new content, never a half-written file: it writes a
// temporary file in the same directory, syncs it, then renames it over the
// target.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write creates or replaces path with what fill writes. On any error the
// target is left as it was and the temporary file is removed.
func Write(path string, fill func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	return nil
}

// WriteBytes replaces path with data, atomically.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}
