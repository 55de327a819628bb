package scenario

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Step is one command of a scenario file with the output the file holds
// for it and the output it gave.
type Step struct {
	Line     int    // the command's line in the file
	Command  string // the command as written
	Expected string // the output the file holds, each line ending in "\n"
	Got      string // the output the command gave, in the same form
}

// Differs reports whether the command printed something other than what
// the file holds (a command without expected output should print
// nothing, as datadriven has it).
func (s Step) Differs() bool { return s.Expected != s.Got }

// Diff is the unified diff of the step's expected and actual output;
// name is the scenario file.
func (s Step) Diff(name string) string {
	diff, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A:        difflib.SplitLines(s.Expected),
		B:        difflib.SplitLines(s.Got),
		FromFile: name + ":" + strconv.Itoa(s.Line) + " " + s.Command + " (expected)",
		ToFile:   "output",
		Context:  3,
	})
	if !strings.HasSuffix(diff, "\n") {
		diff += "\n"
	}
	return diff
}

// Checked is a scenario file run command by command.
type Checked struct {
	Path  string
	Steps []Step
	lines []string
	crlf  bool // the file's lines end in CRLF: Rewrite keeps them so
	cmds  []fileCmd
}

// CheckFile runs the scenario file at path and returns every command with
// its expected and actual output. A malformed file or command stops it
// with a one-line error "path:line: what is wrong" (or "path: what is
// wrong": not a regular file, too large); a file without a command is an
// error too, since nothing would be checked.
func CheckFile(path string) (*Checked, error) {
	c, err := loadFile(path)
	if err != nil {
		return nil, err
	}
	if err := c.run(); err != nil {
		return nil, err
	}
	return c, nil
}

// CheckFiles checks every file as CheckFile does, and stops at the first
// that fails with nothing returned: every file is read and parsed before
// any runs, and every one runs before any result is returned, so a caller
// that rewrites the files (simrun scenario --rewrite) writes none when one
// of them is malformed. A name that looks like a flag (-x, --rewrite) and
// is no file is refused before anything is read: flags go before the
// file names.
func CheckFiles(paths []string) ([]*Checked, error) {
	for _, p := range paths {
		if len(p) > 1 && strings.HasPrefix(p, "-") {
			if _, err := os.Lstat(p); err != nil {
				return nil, fmt.Errorf("%s after a file name: flags go before the file names (simrun scenario [--rewrite] [--quiet] FILE...)", p)
			}
		}
	}
	cs := make([]*Checked, len(paths))
	for i, p := range paths {
		c, err := loadFile(p)
		if err != nil {
			return nil, err
		}
		cs[i] = c
	}
	for _, c := range cs {
		if err := c.run(); err != nil {
			return nil, err
		}
	}
	return cs, nil
}

// loadFile reads and parses the file at path, running nothing.
func loadFile(path string) (*Checked, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	cmds, err := parseFile(path, data)
	if err != nil {
		return nil, err
	}
	if len(cmds) == 0 {
		return nil, fmt.Errorf("%s: no command in the file", path)
	}
	lines, crlf := splitLines(data)
	return &Checked{Path: path, cmds: cmds, lines: lines, crlf: crlf}, nil
}

// run runs the file's commands into c.Steps.
func (c *Checked) run() error {
	e := New()
	c.Steps = c.Steps[:0]
	for _, fc := range c.cmds {
		out, err := e.Do(fc.cmd, fc.args)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", c.Path, fc.line, err)
		}
		c.Steps = append(c.Steps, Step{Line: fc.line, Command: fc.text, Expected: fc.expected, Got: withNewline(out)})
	}
	return nil
}

// Output is every command with the output it gave, in the datadriven
// format (what RunFile writes).
func (c *Checked) Output() string {
	var b strings.Builder
	for _, s := range c.Steps {
		b.WriteString(s.Command + "\n" + renderOutput(s.Got))
	}
	return b.String()
}

// Rewrite is the file with every command's expected output replaced by
// the output it gave, everything else (comments, blank lines, the
// commands as written) kept: what `go test -rewrite` writes. A file whose
// lines end in CRLF is written back with CRLF line endings throughout.
func (c *Checked) Rewrite() []byte {
	var lines []string
	next := 0
	for i, fc := range c.cmds {
		lines = append(lines, c.lines[next:fc.from]...)
		lines = append(lines, strings.Split(strings.TrimSuffix(renderOutput(c.Steps[i].Got), "\n"), "\n")...)
		next = fc.to
	}
	lines = append(lines, c.lines[next:]...)
	// Like datadriven, no blank line at the very end.
	out := strings.Join(lines, "\n")
	if strings.HasSuffix(out, "\n\n") {
		out = strings.TrimSuffix(out, "\n")
	}
	if c.crlf {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	return []byte(out)
}

// withNewline is out as datadriven compares it: ending in a newline
// unless empty.
func withNewline(out string) string {
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out
}

// renderOutput is the block that holds out in a datadriven file: `----`,
// the output and a blank line, or, for output with blank lines, the
// output between `----` `----` lines.
func renderOutput(out string) string {
	out = withNewline(out)
	if hasBlankLine(out) {
		return "----\n----\n" + out + "----\n----\n\n"
	}
	return "----\n" + out + "\n"
}

// hasBlankLine reports whether s, a non-empty output, has a line of
// nothing but spaces and tabs (datadriven's blankLineRe).
func hasBlankLine(s string) bool {
	if s == "" {
		return false
	}
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if strings.Trim(l, " \t") == "" {
			return true
		}
	}
	return false
}
