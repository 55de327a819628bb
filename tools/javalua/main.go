package main

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/locksim/locksim/internal/atomicfile"
)

type entry struct {
	ID           string `json:"id"`
	Version      string `json:"version"`
	Tag          string `json:"tag"`
	JavaFile     string `json:"java_file"`
	MethodLines  string `json:"java_method_lines"`
	ScriptLines  string `json:"script_lines"`
	ExpectedSHA1 string `json:"expected_sha1"`
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("javalua", flag.ContinueOnError)
	fs.SetOutput(stderr)
	repo := fs.String("git", "", "Redisson's git directory (bare or not)")
	manifest := fs.String("manifest", "scripts/manifest.json", "the manifest naming each script's `file` and lines")
	dir := fs.String("dir", "scripts/redisson", "the script tree to check or write")
	write := fs.Bool("write", false, "write the extracted .lua files before checking")
	version := fs.String("version", "", "only the scripts of this Redisson `version`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *repo == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "javalua: -git DIR is required and no arguments are taken")
		return 2
	}
	entries, err := readManifest(*manifest)
	if err != nil {
		fmt.Fprintf(stderr, "javalua: %v\n", err)
		return 2
	}
	bad, n := 0, 0
	sources := map[string][]token{}
	for _, e := range entries {
		if e.JavaFile == "" || (*version != "" && e.Version != *version) {
			continue
		}
		n++
		first, last, err := parseLines(e.ScriptLines)
		if err != nil {
			fmt.Fprintf(stderr, "javalua: %s: %s: script_lines %q: %v\n", *manifest, e.ID, e.ScriptLines, err)
			return 2
		}
		key := e.Tag + ":" + e.JavaFile
		toks, ok := sources[key]
		if !ok {
			src, err := gitShow(*repo, key)
			if err != nil {
				fmt.Fprintf(stderr, "javalua: %s: %v\n", e.ID, err)
				return 2
			}
			if toks, err = lex(src); err != nil {
				fmt.Fprintf(stderr, "javalua: %s: %v\n", key, err)
				return 2
			}
			sources[key] = toks
		}
		mfirst, mlast, err := parseLines(e.MethodLines)
		if err != nil {
			fmt.Fprintf(stderr, "javalua: %s: %s: java_method_lines %q: %v\n", *manifest, e.ID, e.MethodLines, err)
			return 2
		}
		method := strings.Split(strings.TrimPrefix(e.ID, e.Version+"/"), ".")[1]
		end, err := methodEnd(toks, mfirst, method)
		if err != nil {
			fmt.Fprintf(stderr, "javalua: %s: %s: %v\n", e.ID, key, err)
			return 2
		}
		x, err := extract(toks, first)
		if err != nil {
			fmt.Fprintf(stderr, "javalua: %s: %s: %v\n", e.ID, key, err)
			return 2
		}
		path := filepath.Join(*dir, filepath.FromSlash(e.ID)+".lua")
		if *write {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				fmt.Fprintf(stderr, "javalua: %v\n", err)
				return 2
			}
			if err := atomicfile.Write(path, func(w io.Writer) error { _, err := io.WriteString(w, x.Text); return err }); err != nil {
				fmt.Fprintf(stderr, "javalua: %v\n", err)
				return 2
			}
		}
		var problems []string
		if x.FirstLine != first || x.LastLine != last {
			problems = append(problems, fmt.Sprintf("literals span %d-%d, manifest says %s", x.FirstLine, x.LastLine, e.ScriptLines))
		}
		if end != mlast {
			problems = append(problems, fmt.Sprintf("method %s spans %d-%d, manifest says %s", method, mfirst, end, e.MethodLines))
		}
		if x.FirstLine < mfirst || x.LastLine > end {
			problems = append(problems, fmt.Sprintf("script %d-%d outside method %s %d-%d", x.FirstLine, x.LastLine, method, mfirst, end))
		}
		sha := sha1Hex(x.Text)
		if sha != e.ExpectedSHA1 {
			problems = append(problems, "expected_sha1 "+e.ExpectedSHA1)
		}
		if b, err := os.ReadFile(path); err != nil {
			problems = append(problems, err.Error())
		} else if string(b) != x.Text {
			problems = append(problems, fmt.Sprintf("%s differs (sha1 %s)", path, sha1Hex(string(b))))
		}
		verdict := "ok"
		if len(problems) > 0 {
			verdict = "DIFFERS: " + strings.Join(problems, "; ")
			bad++
		}
		fmt.Fprintf(stdout, "%-58s %s:%d-%d %5d bytes sha1 %s nows %s %s\n",
			e.ID, filepath.Base(e.JavaFile), x.FirstLine, x.LastLine, len(x.Text), sha, noWS(x.Text), verdict)
	}
	if n == 0 {
		fmt.Fprintf(stderr, "javalua: %s: no entry with java_file and script_lines%s\n", *manifest, map[bool]string{true: " for version " + *version, false: ""}[*version != ""])
		return 2
	}
	fmt.Fprintf(stdout, "%d scripts extracted, %d differ\n", n, bad)
	if bad > 0 {
		return 1
	}
	return 0
}

func readManifest(path string) ([]entry, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m struct {
		Scripts []entry `json:"scripts"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return m.Scripts, nil
}

// parseLines reads "216-222".
func parseLines(s string) (first, last int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, fmt.Errorf("want FIRST-LAST")
	}
	if first, err = strconv.Atoi(a); err == nil {
		last, err = strconv.Atoi(b)
	}
	if err == nil && (first < 1 || last < first) {
		err = fmt.Errorf("want 1 <= FIRST <= LAST")
	}
	return first, last, err
}

func gitShow(repo, object string) (string, error) {
	out, err := exec.Command("git", "-C", repo, "show", object).Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		return "", fmt.Errorf("git show %s: %s", object, msg)
	}
	return string(out), nil
}

// sha1Hex and noWS compute what scripts.SHA1Hex and scripts.NoWSFingerprint
// do. They are repeated here so that javalua runs while the package scripts
// cannot load (a manifest entry whose .lua file javalua is about to write).
func sha1Hex(s string) string {
	h := sha1.Sum([]byte(s))
	return hex.EncodeToString(h[:])
}

func noWS(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\v', '\f', '\r':
		default:
			b = append(b, s[i])
		}
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}
