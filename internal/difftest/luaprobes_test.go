package difftest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// LuaLibCase is a named list of Lua probes run one after the other on one
// server (the global cjson's settings and keys written by one probe stay
// for the next, as on a real server).
type LuaLibCase struct {
	Name   string
	Probes []string
}

// luaProbesDir holds the fixed Lua probes, one file per case (see doc.go,
// "Lua probes"), relative to this package.
var luaProbesDir = filepath.Join("testdata", "lua-probes")

// luaProbeFileName is a probe file's name: the case's place in the order,
// its name, ".lua".
var luaProbeFileName = regexp.MustCompile(`^([0-9]+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.lua$`)

// The lines of a probe file that are not a probe's text.
const (
	probeBegin  = "--- begin"   // a probe of several lines follows
	probeEnd    = "--- end"     // and ends here
	probeQuoted = "--- quoted " // a probe as a Go string literal
)

// LoadLuaLibCases reads every probe file of dir, in the order of the
// numbers their names start with: the case "lua-libs/<name>" of
// NN-<name>.lua holds the file's probes in the file's order.
func LoadLuaLibCases(dir string) ([]LuaLibCase, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type file struct {
		n          int
		name, path string
	}
	var files []file
	for _, e := range entries {
		m := luaProbeFileName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			if e.Name() == "README.md" {
				continue
			}
			return nil, fmt.Errorf("%s: not a probe file (NN-<name>.lua)", filepath.Join(dir, e.Name()))
		}
		n, err := strconv.Atoi(m[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, e.Name()), err)
		}
		files = append(files, file{n, m[2], filepath.Join(dir, e.Name())})
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no probe files", dir)
	}
	slices.SortFunc(files, func(a, b file) int { return a.n - b.n })
	var cases []LuaLibCase
	for i, f := range files {
		if i > 0 && f.n == files[i-1].n {
			return nil, fmt.Errorf("%s and %s: two files with one number", files[i-1].path, f.path)
		}
		data, err := os.ReadFile(f.path)
		if err != nil {
			return nil, err
		}
		probes, err := ParseLuaProbes(f.path, data)
		if err != nil {
			return nil, err
		}
		cases = append(cases, LuaLibCase{Name: f.name, Probes: probes})
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			return nil, fmt.Errorf("%s: two probe files name the case lua-libs/%s", dir, c.Name)
		}
		seen[c.Name] = true
	}
	return cases, nil
}

// ParseLuaProbes returns the probes of one probe file, in order; name is
// used in errors, which read "name:line: what is wrong". Every line ends
// in a newline and is one of:
//
//   - empty: nothing;
//   - "-- " or any other start with "--" but "---": a comment;
//   - "--- begin": the lines up to "--- end" are one probe, joined with
//     newlines (an empty last line is a probe ending in a newline);
//   - "--- quoted " and a Go string literal in double quotes: one probe,
//     for texts that cannot be written as they are (see rawLine);
//   - anything else: one probe, the line as it is.
func ParseLuaProbes(name string, data []byte) ([]string, error) {
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, fmt.Errorf("%s: does not end in a newline", name)
	}
	lines := strings.Split(string(data[:len(data)-1]), "\n")
	var probes []string
	for i := 0; i < len(lines); i++ {
		l, at := lines[i], fmt.Sprintf("%s:%d", name, i+1)
		switch {
		case l == "":
		case l == probeBegin:
			start := i
			for i++; i < len(lines) && lines[i] != probeEnd; i++ {
				if lines[i] == probeBegin {
					return nil, fmt.Errorf("%s:%d: %q inside the probe begun on line %d", name, i+1, probeBegin, start+1)
				}
				if err := rawLine(lines[i]); err != nil {
					return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
				}
			}
			if i == len(lines) {
				return nil, fmt.Errorf("%s: no %q for the probe begun on line %d", at, probeEnd, start+1)
			}
			probes = append(probes, strings.Join(lines[start+1:i], "\n"))
		case strings.HasPrefix(l, probeQuoted):
			q := strings.TrimPrefix(l, probeQuoted)
			p, err := strconv.Unquote(q)
			if err != nil || !strings.HasPrefix(q, `"`) {
				return nil, fmt.Errorf("%s: not a Go string literal in double quotes: %s", at, q)
			}
			probes = append(probes, p)
		case strings.HasPrefix(l, "---"):
			return nil, fmt.Errorf("%s: %q is neither %q, %q nor %q", at, l, probeBegin, probeEnd, strings.TrimSpace(probeQuoted))
		case strings.HasPrefix(l, "--"):
		default:
			if err := rawLine(l); err != nil {
				return nil, fmt.Errorf("%s: %v", at, err)
			}
			probes = append(probes, l)
		}
	}
	if len(probes) == 0 {
		return nil, fmt.Errorf("%s: no probes", name)
	}
	return probes, nil
}

// rawLine reports why line cannot be a probe's line as it is: bytes an
// editor or git may change or that do not show (control characters but
// the tab, carriage returns, invalid UTF-8, a trailing space or tab). Such
// a probe is written with "--- quoted ".
func rawLine(line string) error {
	if !utf8.ValidString(line) {
		return fmt.Errorf("invalid UTF-8 (write the probe with %q)", probeQuoted)
	}
	if i := strings.IndexFunc(line, func(r rune) bool { return (r < 0x20 && r != '\t') || r == 0x7f }); i >= 0 {
		return fmt.Errorf("control character %q (write the probe with %q)", line[i], probeQuoted)
	}
	if strings.TrimRight(line, " \t") != line {
		return fmt.Errorf("trailing space (write the probe with %q)", probeQuoted)
	}
	return nil
}

// luaLibCases returns the cases of luaProbesDir, the fixed probes whose
// replies testdata/conformance/lua-libs.jsonl holds.
func luaLibCases(t testing.TB) []LuaLibCase {
	t.Helper()
	cases, err := LoadLuaLibCases(luaProbesDir)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}
