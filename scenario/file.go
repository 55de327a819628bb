package scenario

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/cockroachdb/datadriven"
)

// maxFileSize bounds the scenario file read: a hand-written scenario, or a
// counterexample simrun explore saved, is a few kilobytes; a path to
// /dev/zero or a runaway file must not eat the machine's memory.
const maxFileSize = 64 << 20

// maxLineLen bounds one line of a scenario file. It is datadriven's own
// limit (bufio.Scanner's default token size): a longer line would end
// `go test`'s reading of the file silently.
const maxLineLen = bufio.MaxScanTokenSize

// readFile reads a scenario file: a regular file (after symbolic links) of
// at most maxFileSize bytes. A named pipe, a device or a directory is
// refused before it is read, so nothing blocks or grows without end.
func readFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		if strings.HasPrefix(path, "-") && len(path) > 1 && os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: no such file (a flag? flags go before the file names: simrun scenario [--rewrite] [--quiet] FILE...)", path)
		}
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	// O_NONBLOCK: should the path become a named pipe after the Stat, the
	// open does not wait for a writer (the Stat below refuses it).
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s: larger than %d MiB, the limit of a scenario file", path, maxFileSize>>20)
	}
	return data, nil
}

// RunFile runs the scenario file at path, writing each command and its
// output to w in the datadriven format. A malformed file or command stops
// the run with a one-line error "path:line: what is wrong"; so does a file
// without a command.
func RunFile(path string, w io.Writer) error {
	data, err := readFile(path)
	if err != nil {
		return err
	}
	cmds, err := parseFile(path, data)
	if err != nil {
		return err
	}
	if len(cmds) == 0 {
		return fmt.Errorf("%s: no command in the file", path)
	}
	e := New()
	bw := bufio.NewWriter(w)
	for _, c := range cmds {
		out, err := e.Do(c.cmd, c.args)
		if err != nil {
			bw.Flush()
			return fmt.Errorf("%s:%d: %v", path, c.line, err)
		}
		fmt.Fprintf(bw, "%s\n%s", c.text, renderOutput(out))
	}
	return bw.Flush()
}

type fileCmd struct {
	line     int
	text     string
	cmd      string
	args     []datadriven.CmdArg
	expected string // the expected output in the file, if any
	// The lines [from, to) of the file (0-based) that hold the expected
	// output: from its `----` to the blank line that ends it; from = to
	// where the command has none (the block goes in at from, right after
	// the command).
	from, to int
}

// splitLines splits a file into its lines without their line endings, and
// reports whether it uses CRLF line endings (its first line ends in CRLF):
// a rewrite writes them back so.
func splitLines(data []byte) (lines []string, crlf bool) {
	s := string(data)
	if i := strings.IndexByte(s, '\n'); i > 0 && s[i-1] == '\r' {
		crlf = true
	}
	return strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n"), crlf
}

// separator is datadriven's: a line of exactly "----".
const separator = "----"

// parseFile reads the commands of a datadriven file with their expected
// output (also the `----`/`----` form for output with blank lines),
// skipping comments and blank lines between commands. A command with no
// `----` after it has no expected output yet (simrun scenario accepts
// files without it, and --rewrite fills it in).
//
// Every structure datadriven would read otherwise, or refuse, is an error
// naming its line, rather than a guess: lines between a command and its
// `----` (datadriven's input, which no command here takes), an output block
// opened by `----` `----` that is never closed (datadriven would take the
// rest of the file as its output), a non-blank line right after the
// `----` `----` that closes one, a `\` continuation at the end of the file
// or into a `----`, a line longer than datadriven reads.
func parseFile(path string, data []byte) ([]fileCmd, error) {
	lines, _ := splitLines(data)
	bad := func(line int, format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, a...))
	}
	for n, l := range lines {
		if len(l) > maxLineLen {
			return nil, bad(n+1, "line longer than %d bytes (datadriven's limit)", maxLineLen)
		}
	}
	sep := func(i int) bool { return i < len(lines) && lines[i] == separator }
	blank := func(i int) bool { return strings.TrimSpace(lines[i]) == "" }
	// stop[i] is the first line from i on that is blank or a separator
	// (len(lines) when none): where a command's input lines would end.
	// Found once for the file, so that a file of many commands with no
	// blank line between them is read in linear time.
	stop := make([]int, len(lines)+1)
	stop[len(lines)] = len(lines)
	for k := len(lines) - 1; k >= 0; k-- {
		stop[k] = stop[k+1]
		if blank(k) || sep(k) {
			stop[k] = k
		}
	}
	var out []fileCmd
	i := 0
	for i < len(lines) {
		text := strings.TrimSpace(lines[i])
		i++
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if text == separator {
			if lines[i-1] != separator {
				return nil, bad(i, "%s: a separator is exactly `----`, with nothing around it", quoteLine(lines[i-1]))
			}
			return nil, bad(i, "`----` with no command before it")
		}
		line := i
		if strings.HasSuffix(text, `\`) {
			// Joined in one buffer, not line by line into a new string
			// each time (quadratic in the number of lines), and no
			// longer than datadriven reads a line.
			var b strings.Builder
			for strings.HasSuffix(text, `\`) {
				if i >= len(lines) {
					return nil, bad(i, "the command of line %d continues (`\\` at the end of the line) past the end of the file", line)
				}
				if sep(i) {
					return nil, bad(i+1, "the command of line %d continues (`\\` at the end of the line) into its `----`", line)
				}
				b.WriteString(strings.TrimSuffix(text, `\`))
				b.WriteByte(' ')
				text = strings.TrimSpace(lines[i])
				i++
				if b.Len()+len(text) > maxLineLen {
					return nil, bad(line, "the command is longer than %d bytes (datadriven's limit) once its `\\` continuations are joined (up to line %d)", maxLineLen, i)
				}
			}
			b.WriteString(text)
			text = b.String()
		}
		cmd, cargs, err := datadriven.ParseLine(text)
		if err != nil {
			return nil, bad(line, "%v", err)
		}
		fc := fileCmd{line: line, text: text, cmd: cmd, args: cargs, from: i, to: i}
		// Non-blank lines up to a `----` are the command's input for
		// datadriven; no command here takes any.
		j := stop[i]
		if sep(j) && j > i {
			return nil, bad(i+1, "%s comes between the command of line %d and its `----` (no command takes input lines; a command with no output yet ends at a blank line)", quoteLine(lines[i]), line)
		}
		if !sep(i) {
			// No `----`: no expected output yet; the next line is a
			// command, a comment or blank.
			out = append(out, fc)
			continue
		}
		fc.from = i
		i++
		if sep(i) {
			// Output with blank lines, up to a `----` `----` pair.
			opened := i + 1
			i++
			start := i
			for i < len(lines) && !(sep(i) && sep(i+1)) {
				i++
			}
			if i >= len(lines) {
				return nil, bad(opened, "the output block opened by \"----\" \"----\" is never closed (by another \"----\" \"----\" pair); it would take the rest of the file")
			}
			if i > start {
				fc.expected = strings.Join(lines[start:i], "\n") + "\n"
			}
			i += 2
			fc.to = i
			if i < len(lines) {
				if !blank(i) {
					return nil, bad(i+1, "%s right after the \"----\" \"----\" that closes the output of line %d (a blank line must end the block)", quoteLine(lines[i]), line)
				}
				fc.to = i + 1 // the blank line that ends the block
			}
			out = append(out, fc)
			continue
		}
		start := i
		for i < len(lines) && !blank(i) {
			i++
		}
		if i > start {
			fc.expected = strings.Join(lines[start:i], "\n") + "\n"
		}
		fc.to = min(i+1, len(lines)) // with the blank line that ends the block
		out = append(out, fc)
	}
	return out, nil
}

// quoteLine quotes a line of the file for an error message, cut short.
func quoteLine(s string) string {
	const limit = 60
	if r := []rune(s); len(r) > limit {
		return strconv.Quote(string(r[:limit])) + "..."
	}
	return strconv.Quote(s)
}
