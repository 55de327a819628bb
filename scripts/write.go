package scripts

import (
	"io/fs"
	"os"
	"path/filepath"
)

// WriteVersion writes the embedded scripts of version into dir, laid out
// as a --scripts directory (<dir>/<version>/<Class>.<method>.lua), each
// file's text passed through edit (its base name and text in, the text to
// write out): the start of a change to judge.
func WriteVersion(dir, version string, edit func(name, text string) string) error {
	return fs.WalkDir(FS(), version, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(FS(), p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, p), []byte(edit(filepath.Base(p), string(b))), 0o644)
	})
}
