package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"golang.org/x/term"
)

// Limits bound what ReadLines takes from a file: a line longer than
// MaxLine bytes, more than MaxBytes in all or more than MaxLines lines is
// an error rather than memory used up (a device such as /dev/zero never
// ends, and holds no newline). Zero is no bound.
type Limits struct {
	MaxLine  int
	MaxBytes int64
	MaxLines int
}

// ReadLines calls fn with every line of r (without its newline; a "\r"
// before it is dropped, as bufio.ScanLines does) and its number from 1.
// Errors, fn's too, read "name:line: what is wrong", or "name: what is
// wrong" for the file as a whole.
func ReadLines(name string, r io.Reader, lim Limits, fn func(n int, line []byte) error) error {
	cr := &capReader{r: r, left: lim.MaxBytes}
	sc := bufio.NewScanner(cr)
	maxLine := lim.MaxLine
	if maxLine <= 0 {
		maxLine = bufio.MaxScanTokenSize
	}
	sc.Buffer(make([]byte, min(maxLine, 1<<20)), maxLine)
	n := 0
	for sc.Scan() {
		n++
		if cr.left < 0 {
			break // past the bound: the file is refused, not its last (cut) line
		}
		if lim.MaxLines > 0 && n > lim.MaxLines {
			return fmt.Errorf("%s: more than %d lines", name, lim.MaxLines)
		}
		if err := fn(n, sc.Bytes()); err != nil {
			return err
		}
	}
	switch err := sc.Err(); {
	case cr.left < 0 || errors.Is(err, errTooLarge):
		return fmt.Errorf("%s: more than %s", name, Size(lim.MaxBytes))
	case err == nil:
		return nil
	case errors.Is(err, bufio.ErrTooLong):
		return fmt.Errorf("%s:%d: a line longer than %s", name, n+1, Size(int64(maxLine)))
	default:
		return fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
}

var errTooLarge = errors.New("input too large")

// capReader reads r and fails once more than left bytes came (left <= 0
// at the start: no bound).
type capReader struct {
	r     io.Reader
	left  int64
	bound bool
}

func (c *capReader) Read(p []byte) (int, error) {
	if !c.bound {
		if c.left <= 0 {
			return c.r.Read(p)
		}
		c.bound = true
	}
	if c.left < 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, errTooLarge
	}
	return n, err
}

// Size renders a byte count for a message: 64 MiB, 1 GiB, 1000 bytes.
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// DuplicateKeyError is a key given twice in one JSON object.
type DuplicateKeyError struct{ Key string }

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("key %q given twice in one object", e.Key)
}

// UniqueKeys checks that no JSON object in data, at any depth, gives a
// key twice: encoding/json keeps the last value of a repeated key without
// a word, so a hand-edited line that says one thing twice would be read as
// the second. It walks data's tokens, so it is for files being read, not
// for a hot path. A syntax error is returned as it is.
func UniqueKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		keys map[string]bool // nil: an array
		key  bool            // an object's next token is a key
	}
	var stack []*frame
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			stack[n-1].key = true
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if len(stack) > 0 {
				return io.ErrUnexpectedEOF
			}
			return nil
		}
		if err != nil {
			return err
		}
		if n := len(stack); n > 0 && stack[n-1].keys != nil && stack[n-1].key {
			if k, ok := tok.(string); ok {
				top := stack[n-1]
				if top.keys[k] {
					return &DuplicateKeyError{Key: k}
				}
				top.keys[k] = true
				top.key = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, key: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
	}
}

// ReadFile is ReadLines on the file name, opened as a file simrun reads
// a stream from must be: without waiting. A named pipe is opened with
// O_NONBLOCK, so the open does not wait for a writer: one nobody has
// opened for writing has nothing to read, and is an error at once rather
// than a process blocked forever; one a writer holds (a shell's <(...))
// is read as the writer writes. A terminal, which only a person at it
// would ever end, and a directory are refused before anything is read.
func ReadFile(name string, lim Limits, fn func(n int, line []byte) error) error {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	switch {
	case fi.IsDir():
		return fmt.Errorf("%s: a directory, not a file", name)
	case fi.Mode()&os.ModeCharDevice != 0 && term.IsTerminal(int(f.Fd())):
		return fmt.Errorf("%s: a terminal, not a file (simrun reads a file to its end)", name)
	}
	cr := &countReader{r: f}
	if err := ReadLines(name, cr, lim, fn); err != nil {
		return err
	}
	if cr.n == 0 && fi.Mode()&os.ModeNamedPipe != 0 {
		return fmt.Errorf("%s: a named pipe with nothing in it (nobody had it open for writing; simrun does not wait for a writer)", name)
	}
	return nil
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
