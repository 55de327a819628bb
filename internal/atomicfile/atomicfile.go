package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
)

// ErrAborted is returned by a write that [Abort] cut short.
var ErrAborted = errors.New("interrupted")

// pending tracks the temporary files being written, so Abort can remove
// them; once aborted, no write renames anything into place.
var pending struct {
	sync.Mutex
	temps   map[string]bool
	aborted bool
}

// Abort removes every temporary file still being written and makes every
// later write fail with ErrAborted: a process that is interrupted calls it
// before it exits, so it leaves no half-written files behind.
func Abort() {
	pending.Lock()
	defer pending.Unlock()
	pending.aborted = true
	for name := range pending.temps {
		os.Remove(name)
	}
	pending.temps = nil
}

// maxLinks bounds how many symbolic links a path may go through (Linux's
// own limit is 40).
const maxLinks = 40

// target is where a path's bytes go.
type target struct {
	path   string      // the path after following symbolic links
	direct bool        // write in place: an existing file that is not regular
	mode   fs.FileMode // the permissions an existing regular file keeps
	exists bool
}

// resolve follows path's symbolic links (a dangling one to where its
// target would be) and says how the result is written.
func resolve(path string) (target, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: path, mode: 0o644}, nil
		}
		if err != nil {
			return target{}, err
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			dest, err := os.Readlink(path)
			if err != nil {
				return target{}, err
			}
			if !filepath.IsAbs(dest) {
				dest = filepath.Join(filepath.Dir(path), dest)
			}
			path = dest
			continue
		case fi.IsDir():
			return target{}, fmt.Errorf("%s is a directory", path)
		case fi.Mode().IsRegular():
			return target{path: path, mode: fi.Mode().Perm(), exists: true}, nil
		}
		return target{path: path, direct: true, exists: true}, nil
	}
	return target{}, fmt.Errorf("%s: too many levels of symbolic links", path)
}

// Check reports whether path can be written, without writing anything: an
// existing file that is not a directory must be writable, and for a
// regular file or a new path its directory must be writable or creatable
// (the nearest existing ancestor a writable directory).
func Check(path string) error {
	t, err := resolve(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if t.direct {
		if err := access(t.path); err != nil {
			return fmt.Errorf("cannot write %s: %v", path, err)
		}
		return nil
	}
	dir := filepath.Dir(t.path)
	for {
		fi, err := os.Stat(dir)
		if err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("cannot write %s: %s is not a directory", path, dir)
			}
			if err := access(dir); err != nil {
				return fmt.Errorf("cannot write %s: directory %v", path, err)
			}
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot write %s: %v", path, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return fmt.Errorf("cannot write %s: %v", path, err)
		}
		dir = parent
	}
}

// access is access(2) with W_OK: the permission bits, the caller's
// identity and a read-only file system all count.
func access(path string) error {
	if err := syscall.Access(path, 0x2 /* W_OK */); err != nil {
		return &fs.PathError{Op: "access", Path: path, Err: err}
	}
	return nil
}

// Write creates or replaces path with what fill writes (see the package
// comment for how each kind of path is written). On an error a regular
// target is left as it was and the temporary file is removed.
func Write(path string, fill func(w io.Writer) error) error {
	var s Set
	s.Add(path, fill)
	return s.Commit()
}

// WriteBytes writes data to path as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// Set is a group of files written all or nothing: every file is written
// to its temporary first, and only when all are complete are they renamed
// into place, the replaced files restored if a rename fails. Files written
// directly (devices, pipes) cannot be taken back; they are written before
// anything is renamed.
type Set struct {
	files []file
}

type file struct {
	path string
	fill func(io.Writer) error
}

// Add adds path, to be filled by fill, to the set.
func (s *Set) Add(path string, fill func(w io.Writer) error) {
	s.files = append(s.files, file{path, fill})
}

// AddBytes adds path with content data to the set.
func (s *Set) AddBytes(path string, data []byte) {
	s.Add(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// staged is one file of a commit: its target and, for a renamed one, its
// complete temporary file and the backup of what it replaces.
type staged struct {
	file
	t      target
	tmp    string
	backup string
}

// Commit writes every file of the set. Errors name the path.
func (s *Set) Commit() (err error) {
	st := make([]*staged, len(s.files))
	defer func() {
		for _, x := range st {
			if x != nil && x.tmp != "" {
				forget(x.tmp)
				os.Remove(x.tmp)
			}
		}
	}()
	for i, f := range s.files {
		t, err := resolve(f.path)
		if err != nil {
			return fmt.Errorf("write %s: %w", f.path, err)
		}
		st[i] = &staged{file: f, t: t}
		if t.direct {
			continue
		}
		if st[i].tmp, err = writeTemp(t, f.fill); err != nil {
			return fmt.Errorf("write %s: %w", f.path, err)
		}
	}
	for _, x := range st {
		if x.t.direct {
			if err := writeDirect(x.t.path, x.fill); err != nil {
				var pe *fs.PathError
				if errors.As(err, &pe) {
					err = pe.Err // the path is named once, below
				}
				return fmt.Errorf("write %s: %w", x.path, err)
			}
		}
	}
	return renameAll(st)
}

// writeTemp writes a complete temporary file beside t.path.
func writeTemp(t target, fill func(io.Writer) error) (name string, err error) {
	dir := filepath.Dir(t.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(t.path)+".tmp-*")
	if err != nil {
		return "", err
	}
	name = f.Name()
	if err := remember(name); err != nil {
		f.Close()
		os.Remove(name)
		return "", err
	}
	defer func() {
		if err != nil {
			f.Close()
			forget(name)
			os.Remove(name)
			name = ""
			if aborted() {
				err = ErrAborted // the temporary file was removed under it
			}
		}
	}()
	if err = fill(f); err != nil {
		return name, err
	}
	if err = f.Sync(); err != nil {
		return name, err
	}
	if err = f.Close(); err != nil {
		return name, err
	}
	return name, os.Chmod(name, t.mode)
}

// writeDirect writes into an existing file that is not regular.
func writeDirect(path string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// renameAll renames every staged temporary into place. Each existing
// target is first linked to a backup name, so that if a later rename
// fails the earlier ones are undone.
func renameAll(st []*staged) error {
	pending.Lock()
	defer pending.Unlock()
	if pending.aborted {
		return ErrAborted
	}
	var done []*staged
	// undo puts back what the renames so far replaced (a target that
	// could not be linked to a backup keeps its new content) and removes
	// what they created.
	undo := func() {
		for _, x := range done {
			switch {
			case x.backup != "":
				os.Rename(x.backup, x.t.path)
			case !x.t.exists:
				os.Remove(x.t.path)
			}
		}
	}
	for _, x := range st {
		if x.tmp == "" {
			continue
		}
		if x.t.exists && len(st) > 1 {
			b := x.tmp + ".old"
			if os.Link(x.t.path, b) == nil {
				x.backup = b
			}
		}
		if err := rename(x.tmp, x.t.path); err != nil {
			if x.backup != "" {
				os.Remove(x.backup)
			}
			undo()
			return fmt.Errorf("write %s: %w", x.path, err)
		}
		delete(pending.temps, x.tmp)
		x.tmp = ""
		done = append(done, x)
	}
	for _, x := range done {
		if x.backup != "" {
			os.Remove(x.backup)
		}
	}
	return nil
}

// rename is os.Rename; tests make it fail.
var rename = os.Rename

// remember registers a temporary file for Abort.
func remember(name string) error {
	pending.Lock()
	defer pending.Unlock()
	if pending.aborted {
		return ErrAborted
	}
	if pending.temps == nil {
		pending.temps = map[string]bool{}
	}
	pending.temps[name] = true
	return nil
}

// aborted reports whether Abort was called.
func aborted() bool {
	pending.Lock()
	defer pending.Unlock()
	return pending.aborted
}

func forget(name string) {
	pending.Lock()
	defer pending.Unlock()
	delete(pending.temps, name)
}
