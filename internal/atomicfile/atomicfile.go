package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
	dirs    []string // directories created for outputs being written, in order
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
	removeDirs(pending.dirs)
	pending.dirs = nil
}

// maxLinks bounds how many symbolic links a path may go through (Linux's
// own limit is 40).
const maxLinks = 40

// target is where a path's bytes go.
type target struct {
	path   string      // the path after following symbolic links
	direct bool        // write in place: an existing file that is not regular
	fd     int         // with direct: a descriptor of the process's own (-1: none)
	mode   fs.FileMode // the permissions an existing regular file keeps
	exists bool
}

// resolve follows path's symbolic links (a dangling one to where its
// target would be) and says how the result is written. A path that names
// one of the process's own descriptors (/dev/stdout, /dev/fd/N, ...) is
// that descriptor, wherever the link behind it leads.
func resolve(path string) (target, error) {
	for range maxLinks {
		if fd, ok := descriptor(path); ok {
			return target{path: path, direct: true, fd: fd, exists: true}, nil
		}
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: path, fd: -1, mode: 0o644}, nil
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
			return target{path: path, fd: -1, mode: fi.Mode().Perm(), exists: true}, nil
		}
		return target{path: path, direct: true, fd: -1, exists: true}, nil
	}
	return target{}, fmt.Errorf("%s: too many levels of symbolic links", path)
}

// Check reports whether path can be written, without writing anything
// there: a descriptor of the process's must be open for writing, an
// existing file that is not a directory must be writable, and for a
// regular file or a new path a file must be creatable in its directory
// (or, when that does not exist yet, in the nearest existing ancestor: a
// temporary file is made there and removed at once, which tells what
// permissions alone do not, e.g. for root in /proc).
func Check(path string) error {
	t, err := resolve(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if t.fd >= 0 {
		if err := writableFD(t.fd); err != nil {
			return fmt.Errorf("cannot write %s: %v", path, err)
		}
		return nil
	}
	if t.direct {
		if err := access(t.path); err != nil {
			return fmt.Errorf("cannot write %s: %v", path, err)
		}
		return nil
	}
	if t.exists {
		if err := accessErrno(t.path); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
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
			f, err := os.CreateTemp(dir, ".simrun-check.tmp-*")
			if err != nil {
				var pe *fs.PathError
				if errors.As(err, &pe) {
					err = pe.Err
				}
				return fmt.Errorf("cannot write %s: cannot create a file in %s: %v", path, dir, err)
			}
			f.Close()
			os.Remove(f.Name())
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

// Same reports whether a and b are written to the same place: the same
// descriptor, or the same file once links are followed.
func Same(a, b string) bool {
	ta, errA := resolve(a)
	tb, errB := resolve(b)
	if errA != nil || errB != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	if ta.fd >= 0 || tb.fd >= 0 {
		return ta.fd == tb.fd
	}
	fa, errA := os.Stat(ta.path)
	fb, errB := os.Stat(tb.path)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	pa, errA := filepath.Abs(ta.path)
	pb, errB := filepath.Abs(tb.path)
	return errA == nil && errB == nil && pa == pb
}

// descriptor reports whether path names one of the process's own file
// descriptors, and which: /dev/stdin, /dev/stdout and /dev/stderr (0, 1
// and 2), /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N and
// /proc/PID/fd/N of this process. Such a path is written through the
// descriptor the process already has: reopening it would truncate a file
// that stdout appends to (>>), and the link behind it leads to a name
// such as pipe:[123] that cannot be reopened or renamed over.
func descriptor(path string) (int, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return 0, false
	}
	switch abs {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"} {
		if rest, ok := strings.CutPrefix(abs, dir); ok {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 0 || strconv.Itoa(n) != rest {
				return 0, false
			}
			return n, true
		}
	}
	return 0, false
}

// writableFD reports whether descriptor fd is open for writing.
func writableFD(fd int) error {
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	if errno != 0 {
		return errno
	}
	if flags&syscall.O_ACCMODE == syscall.O_RDONLY {
		return fmt.Errorf("descriptor %d is open for reading only", fd)
	}
	return nil
}

// openFD opens the process's descriptor fd for writing: os.Stdout or
// os.Stderr, or a duplicate of any other (the same open file: its offset,
// its append mode), closed after the write while fd stays open.
func openFD(fd int, name string) (f *os.File, done func() error, err error) {
	switch fd {
	case 0:
		return os.Stdin, func() error { return nil }, nil
	case 1:
		return os.Stdout, func() error { return nil }, nil
	case 2:
		return os.Stderr, func() error { return nil }, nil
	}
	syscall.ForkLock.RLock()
	dup, err := syscall.Dup(fd)
	if err == nil {
		syscall.CloseOnExec(dup)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, nil, err
	}
	f = os.NewFile(uintptr(dup), name)
	return f, f.Close, nil
}

// access is access(2) with W_OK: the permission bits, the caller's
// identity and a read-only file system all count.
func access(path string) error {
	if err := accessErrno(path); err != nil {
		return &fs.PathError{Op: "access", Path: path, Err: err}
	}
	return nil
}

// accessErrno is access without the path: the errno alone.
func accessErrno(path string) error {
	return syscall.Access(path, 0x2 /* W_OK */)
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
// complete temporary file, the backup of what it replaces and the
// directories made for it.
type staged struct {
	file
	t      target
	tmp    string
	backup string
	dirs   []string
}

// Commit writes every file of the set. Errors name the path. A commit
// that fails leaves no directory it created behind.
func (s *Set) Commit() (err error) {
	st := make([]*staged, len(s.files))
	defer func() {
		for _, x := range st {
			if x != nil && x.tmp != "" {
				forget(x.tmp)
				os.Remove(x.tmp)
			}
		}
		var dirs []string
		for _, x := range st {
			if x != nil {
				dirs = append(dirs, x.dirs...)
			}
		}
		if err != nil {
			removeDirs(dirs)
		}
		forgetDirs(dirs)
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
		if t.exists {
			// A file the process may not write is not replaced behind
			// its back (a rename needs only the directory's permission).
			if err := accessErrno(t.path); err != nil {
				return fmt.Errorf("write %s: %w", f.path, err)
			}
		}
		if st[i].dirs, err = mkdirs(filepath.Dir(t.path)); err != nil {
			return fmt.Errorf("write %s: %w", f.path, err)
		}
		if st[i].tmp, err = writeTemp(t, f.fill); err != nil {
			return fmt.Errorf("write %s: %w", f.path, err)
		}
	}
	for _, x := range st {
		if x.t.direct {
			if err := writeDirect(x.t, x.fill); err != nil {
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

// mkdirs creates dir and its missing parents, and returns those it
// created, outermost first (registered for Abort).
func mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; {
		if _, err := os.Stat(d); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		missing = append(missing, d)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	var made []string
	for i := len(missing) - 1; i >= 0; i-- {
		err := os.Mkdir(missing[i], 0o755)
		if err == nil {
			made = append(made, missing[i])
			rememberDir(missing[i])
			continue
		}
		if errors.Is(err, fs.ErrExist) {
			continue // made by someone else meanwhile
		}
		removeDirs(made)
		forgetDirs(made)
		return nil, err
	}
	return made, nil
}

// removeDirs removes the directories made (outermost first), innermost
// first, each only if it is empty.
func removeDirs(made []string) {
	for i := len(made) - 1; i >= 0; i-- {
		os.Remove(made[i])
	}
}

// writeTemp writes a complete temporary file beside t.path.
func writeTemp(t target, fill func(io.Writer) error) (name string, err error) {
	dir := filepath.Dir(t.path)
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

// writeDirect writes into an existing file that is not regular, or into
// one of the process's own descriptors (not closed: it stays the
// process's).
func writeDirect(t target, fill func(io.Writer) error) error {
	if t.fd >= 0 {
		f, done, err := openFD(t.fd, t.path)
		if err != nil {
			return err
		}
		if err := fill(f); err != nil {
			done()
			return err
		}
		return done()
	}
	f, err := os.OpenFile(t.path, os.O_WRONLY|os.O_TRUNC, 0)
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

// rememberDir registers a directory made for an output, for Abort.
func rememberDir(dir string) {
	pending.Lock()
	defer pending.Unlock()
	pending.dirs = append(pending.dirs, dir)
}

// forgetDirs unregisters directories once their write is over (kept, or
// removed because it failed): Abort no longer removes them.
func forgetDirs(dirs []string) {
	if len(dirs) == 0 {
		return
	}
	pending.Lock()
	defer pending.Unlock()
	kept := pending.dirs[:0]
	for _, d := range pending.dirs {
		drop := false
		for _, x := range dirs {
			if d == x {
				drop = true
				break
			}
		}
		if !drop {
			kept = append(kept, d)
		}
	}
	pending.dirs = kept
}
