package scripts

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"text/tabwriter"
)

// factsRow is one row of testdata/fingerprints.md, a verbatim copy of the
// fingerprint table of redisson-facts.md §1.
type factsRow struct {
	id, inSeeds, sha1, nows string
}

func readFacts(t *testing.T) map[string]factsRow {
	t.Helper()
	f, err := os.Open("testdata/fingerprints.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]factsRow{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) != 6 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "3.") {
			continue
		}
		r := factsRow{
			id:      strings.TrimSpace(cells[1]),
			inSeeds: strings.TrimSpace(cells[2]),
			sha1:    strings.TrimSpace(cells[3]),
			nows:    strings.TrimSpace(cells[4]),
		}
		rows[r.id] = r
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 18 {
		t.Fatalf("testdata/fingerprints.md: %d rows, want 18", len(rows))
	}
	return rows
}

func manifestByID(t *testing.T) map[string]manifestEntry {
	t.Helper()
	m, err := readManifest()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]manifestEntry{}
	for _, e := range m.Scripts {
		out[e.ID] = e
	}
	return out
}

// TestFingerprints logs, per script, whether its SHA1 and whitespace-free
// fingerprint match the facts table, and fails where a match is required:
// a script the facts say appears exactly in a seed must match its SHA1, one
// whose tokens appear in a seed must match its fingerprint, and the manifest's
// sha1_matches/nows_matches claims must be true statements.
func TestFingerprints(t *testing.T) {
	facts := readFacts(t)
	man := manifestByID(t)
	var tbl bytes.Buffer
	w := tabwriter.NewWriter(&tbl, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tin seeds (facts)\tsha1\tsha1 ok\tnows ok")
	var all []*Script // the versions the facts table covers
	for _, s := range All() {
		if s.Version != "4.7.0" {
			all = append(all, s)
		}
	}
	if len(all) != len(facts) {
		t.Errorf("%d embedded 3.x scripts, facts table has %d", len(all), len(facts))
	}
	for _, s := range all {
		f, ok := facts[s.ID]
		if !ok {
			t.Errorf("%s: not in the facts table", s.ID)
			continue
		}
		sha1OK := s.SHA1 == f.sha1
		nowsOK := s.NoWS() == f.nows
		fmt.Fprintf(w, "%s\t%s\t%s\t%v\t%v\n", s.ID, f.inSeeds, s.SHA1, sha1OK, nowsOK)
		t.Logf("%s: sha1 %s matches=%v, nows %s matches=%v", s.ID, s.SHA1, sha1OK, s.NoWS(), nowsOK)

		if strings.Contains(f.inSeeds, "exact") && !sha1OK {
			t.Errorf("%s: facts say the text is exactly in a seed (%s), but sha1 %s != %s", s.ID, f.inSeeds, s.SHA1, f.sha1)
		}
		if strings.Contains(f.inSeeds, "same tokens") && !nowsOK {
			t.Errorf("%s: facts say a seed has the same tokens (%s), but nows %s != %s", s.ID, f.inSeeds, s.NoWS(), f.nows)
		}
		e := man[s.ID]
		if e.ExpectedSHA1 != f.sha1 || e.ExpectedNoWS != f.nows || e.FactsInSeeds != f.inSeeds {
			t.Errorf("%s: manifest.json (%s, %s, %q) disagrees with the facts table (%s, %s, %q)",
				s.ID, e.ExpectedSHA1, e.ExpectedNoWS, e.FactsInSeeds, f.sha1, f.nows, f.inSeeds)
		}
		if e.SHA1Matches != sha1OK {
			t.Errorf("%s: manifest.json says sha1_matches=%v, actual %v", s.ID, e.SHA1Matches, sha1OK)
		}
		if e.NoWSMatches != nowsOK {
			t.Errorf("%s: manifest.json says nows_matches=%v, actual %v", s.ID, e.NoWSMatches, nowsOK)
		}
		if !s.IsOriginal() && e.SHA1Matches {
			t.Errorf("%s: IsOriginal false but manifest claims a match", s.ID)
		}
	}
	w.Flush()
	t.Logf("fingerprints:\n%s", tbl.String())
}

// javaluaRow is one line of testdata/javalua.txt: what tools/javalua
// extracted from Redisson's Java source at the script's tag.
type javaluaRow struct {
	lines, sha1, nows, verdict string
	bytes                      int
}

func readJavalua(t *testing.T) map[string]javaluaRow {
	t.Helper()
	b, err := os.ReadFile("testdata/javalua.txt")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]javaluaRow{}
	for i, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(line, "#") || strings.HasSuffix(line, "differ") {
			continue
		}
		// ID File:lines N bytes sha1 S nows F verdict...
		if len(f) < 9 || f[3] != "bytes" || f[4] != "sha1" || f[6] != "nows" {
			t.Fatalf("testdata/javalua.txt:%d: unexpected line %q", i+1, line)
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("testdata/javalua.txt:%d: %v", i+1, err)
		}
		rows[f[0]] = javaluaRow{lines: f[1], bytes: n, sha1: f[5], nows: f[7], verdict: strings.Join(f[8:], " ")}
	}
	return rows
}

// TestJavaluaExtraction checks every embedded script against its manifest
// entry (SHA1 and fingerprint) and against the text tools/javalua extracted
// from Redisson's source at the script's tag (its recorded output): same
// length, SHA1 and fingerprint, the literals on the lines the manifest
// names, and javalua's own verdict ok. For the 3.x scripts this also shows
// the extractor reproduces the fingerprint table.
func TestJavaluaExtraction(t *testing.T) {
	rows := readJavalua(t)
	man := manifestByID(t)
	all := All()
	if len(rows) != len(all) {
		t.Errorf("testdata/javalua.txt has %d scripts, the registry %d", len(rows), len(all))
	}
	for _, s := range all {
		r, ok := rows[s.ID]
		if !ok {
			t.Errorf("%s: not in testdata/javalua.txt", s.ID)
			continue
		}
		e := man[s.ID]
		if !s.IsOriginal() || e.SHA1Matches != s.IsOriginal() || e.ExpectedNoWS != s.NoWS() {
			t.Errorf("%s: file sha1 %s nows %s, manifest expects %s %s (sha1_matches %v)", s.ID, s.SHA1, s.NoWS(), e.ExpectedSHA1, e.ExpectedNoWS, e.SHA1Matches)
		}
		wantLines := filepath.Base(e.JavaFile) + ":" + e.ScriptLines
		if r.sha1 != s.SHA1 || r.nows != s.NoWS() || r.bytes != len(s.Source) || r.lines != wantLines || r.verdict != "ok" {
			t.Errorf("%s: javalua extracted %d bytes sha1 %s nows %s at %s (%s); embedded %d bytes sha1 %s nows %s, manifest lines %s",
				s.ID, r.bytes, r.sha1, r.nows, r.lines, r.verdict, len(s.Source), s.SHA1, s.NoWS(), wantLines)
		}
	}
}

// TestByteExact checks the byte-exactness rule on every embedded file: no
// newline anywhere (so none at the end), no Lua comment, no leading
// whitespace, no BOM.
func TestByteExact(t *testing.T) {
	err := fs.WalkDir(FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(FS(), p)
		if err != nil {
			return err
		}
		switch {
		case len(b) == 0:
			t.Errorf("%s: empty", p)
		case b[len(b)-1] == '\n' || b[len(b)-1] == '\r':
			t.Errorf("%s: ends with a newline", p)
		case bytes.ContainsAny(b, "\r\n"):
			t.Errorf("%s: contains a line break (Redisson's scripts are one line)", p)
		case bytes.Contains(b, []byte("--")):
			t.Errorf("%s: contains a Lua comment (--)", p)
		case bytes.HasPrefix(b, []byte("\xef\xbb\xbf")):
			t.Errorf("%s: starts with a BOM", p)
		case b[0] == ' ' || b[0] == '\t':
			t.Errorf("%s: starts with whitespace", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestConformanceErrorSHA1 checks the SHA1s that a real Redis printed in
// error replies raised by the scripts (extracted into testdata from the
// conformance files).
func TestConformanceErrorSHA1(t *testing.T) {
	b, err := os.ReadFile("testdata/conformance-error-sha1.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		s, err := Lookup(fields[0])
		if err != nil {
			t.Errorf("testdata line %q: %v", line, err)
			continue
		}
		if s.SHA1 != fields[1] {
			t.Errorf("%s: sha1 %s, real Redis reported %s (%s)", s.ID, s.SHA1, fields[1], fields[3])
		}
		n++
	}
	if n == 0 {
		t.Fatal("no cases in testdata/conformance-error-sha1.txt")
	}
}

// TestManifest checks the metadata against the IDs and the scripts' text.
func TestManifest(t *testing.T) {
	man := manifestByID(t)
	keyRE := regexp.MustCompile(`KEYS\[(\d+)\]`)
	argRE := regexp.MustCompile(`ARGV\[(\d+)\]`)
	maxIndex := func(re *regexp.Regexp, src string) int {
		m := 0
		for _, g := range re.FindAllStringSubmatch(src, -1) {
			if n, _ := strconv.Atoi(g[1]); n > m {
				m = n
			}
		}
		return m
	}
	for _, s := range All() {
		e := man[s.ID]
		parts := strings.Split(strings.TrimPrefix(s.ID, s.Version+"/"), ".")
		if len(parts) < 2 || len(parts) > 3 {
			t.Errorf("%s: ID not <version>/<JavaClass>.<javaMethod>[.<variant>]", s.ID)
			continue
		}
		if s.Tag != "redisson-"+s.Version {
			t.Errorf("%s: tag %q", s.ID, s.Tag)
		}
		// The class's package comes from its file: org/redisson/renewal/LockTask.java.
		class := strings.TrimSuffix(strings.ReplaceAll(strings.TrimPrefix(e.JavaFile, "redisson/src/main/java/"), "/", "."), ".java")
		if !strings.HasSuffix(class, "."+parts[0]) || !strings.HasPrefix(class, "org.redisson.") {
			t.Errorf("%s: java_file %q is not class %s", s.ID, e.JavaFile, parts[0])
		}
		cmd := "RedisCommands." + s.Command
		if strings.HasPrefix(s.Command, "new ") { // a RedisCommand made on the spot, not a constant
			cmd = s.Command
		}
		wantMethod := class + "#" + parts[1] + " with " + cmd
		if s.JavaMethod != wantMethod {
			t.Errorf("%s: JavaMethod %q, want %q", s.ID, s.JavaMethod, wantMethod)
		}
		if len(parts) == 3 && parts[2] != s.Command {
			t.Errorf("%s: variant %s but command %s", s.ID, parts[2], s.Command)
		}
		checkLines(t, s.ID, e)
		if s.Varies != "" {
			// KEYS[i] and ARGV[i + 1]: the counts vary, so one entry
			// describes each array and the script must index it by a variable.
			if !strings.Contains(s.Source, "#KEYS") || len(s.Keys) != 1 {
				t.Errorf("%s: varies %q, but the script does not loop over #KEYS or keys has %d entries", s.ID, s.Varies, len(s.Keys))
			}
		} else {
			if k := maxIndex(keyRE, s.Source); k != len(s.Keys) {
				t.Errorf("%s: script uses KEYS[1..%d], manifest describes %d", s.ID, k, len(s.Keys))
			}
			if a := maxIndex(argRE, s.Source); a != len(s.Argv) {
				t.Errorf("%s: script uses ARGV[1..%d], manifest describes %d", s.ID, a, len(s.Argv))
			}
		}
		switch {
		case s.Version == "4.7.0" && e.Executor != "syncedEvalNoRetry" && e.Executor != "syncedEvalWithRetry" && e.Executor != "syncedEval":
			t.Errorf("%s: executor %q", s.ID, e.Executor)
		case s.Version != "4.7.0" && e.Executor != "":
			t.Errorf("%s: executor %q for a 3.x script", s.ID, e.Executor)
		}
		if s.Returns == "" || s.Provenance == "" {
			t.Errorf("%s: returns or provenance missing", s.ID)
		}
		if e.SameBytesAs != "" {
			o, err := Lookup(e.SameBytesAs)
			if err != nil {
				t.Errorf("%s: same_bytes_as: %v", s.ID, err)
			} else if o.Source != s.Source {
				t.Errorf("%s: same_bytes_as %s but the texts differ", s.ID, o.ID)
			}
		}
	}
}

// checkLines checks that the manifest places the script's literals inside
// its method's lines.
func checkLines(t *testing.T, id string, e manifestEntry) {
	t.Helper()
	span := func(s string) (int, int) {
		a, b, _ := strings.Cut(s, "-")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || x < 1 || y < x {
			t.Errorf("%s: bad line range %q", id, s)
		}
		return x, y
	}
	if e.JavaFile == "" {
		t.Errorf("%s: no java_file", id)
		return
	}
	m1, m2 := span(e.JavaMethodLines)
	s1, s2 := span(e.ScriptLines)
	if s1 < m1 || s2 > m2 {
		t.Errorf("%s: script lines %s outside method lines %s", id, e.ScriptLines, e.JavaMethodLines)
	}
}

func TestLookupAllVersions(t *testing.T) {
	s, err := Lookup("3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG")
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != "3.16.8" || s.SHA1 != "762bfafa6be221431a0b668685dd15c926483619" ||
		s.File != "redisson/3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG.lua" ||
		len(s.Keys) != 3 || len(s.Argv) != 4 {
		t.Errorf("unexpected script: %+v", s)
	}
	if _, err := Lookup("3.16.8/RedissonBaseLock.renewExpirationAsync"); err != nil {
		t.Error(err)
	}
	r, err := Lookup("4.7.0/LockTask.buildChunk")
	if err != nil {
		t.Fatal(err)
	}
	if r.SHA1 != "6a3d31570dc6f4b0bd32bcdc8e75667747c6f635" || r.Executor != "syncedEval" || r.Varies == "" ||
		r.JavaSource != "redisson/src/main/java/org/redisson/renewal/LockTask.java:45-103 (script 84-93)" ||
		r.JavaMethod != `org.redisson.renewal.LockTask#buildChunk with new RedisCommand<>("EVAL", new ContainsDecoder<>(keys))` {
		t.Errorf("unexpected renewal script: %+v", r)
	}

	// Returned values are copies.
	s.Source, s.Keys[0] = "x", "y"
	again, _ := Lookup(s.ID)
	if again.Source == "x" || again.Keys[0] == "y" {
		t.Error("Lookup returned a shared value")
	}

	for _, bad := range []string{"", "3.16.8/RedissonLock.renewExpirationAsync", "3.8.1/RedissonBaseLock.renewExpirationAsync", "RedissonLock.tryLockInnerAsync", "3.16.8/RedissonFairLock.tryLockInnerAsync"} {
		_, err := Lookup(bad)
		if err == nil {
			t.Errorf("Lookup(%q): no error", bad)
			continue
		}
		want := fmt.Sprintf("unknown script ID %q (known: 3.16.8/RedissonBaseLock.renewExpirationAsync, ", bad)
		if !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Lookup(%q) error %q, want prefix %q", bad, err, want)
		}
	}

	all := All()
	if len(all) != 29 {
		t.Fatalf("All: %d scripts, want 29", len(all))
	}
	ids := IDs()
	for i, s := range all {
		if i > 0 && all[i-1].ID >= s.ID {
			t.Errorf("All not sorted by ID: %s before %s", all[i-1].ID, s.ID)
		}
		if ids[i] != s.ID {
			t.Errorf("IDs()[%d] = %s, All()[%d].ID = %s", i, ids[i], i, s.ID)
		}
	}
	if got := fmt.Sprint(Versions()); got != "[3.8.1 3.16.8 4.7.0]" {
		t.Errorf("Versions() = %s", got)
	}
	perVersion := map[string]int{}
	for _, s := range all {
		perVersion[s.Version]++
	}
	if perVersion["3.8.1"] != 9 || perVersion["3.16.8"] != 9 || perVersion["4.7.0"] != 11 {
		t.Errorf("scripts per version: %v", perVersion)
	}
}

func TestNoWSFingerprint(t *testing.T) {
	a := "if a then return 1; end;"
	b := " if a  then\treturn 1;\nend; "
	if NoWSFingerprint(a) != NoWSFingerprint(b) {
		t.Error("spacing changed the fingerprint")
	}
	if NoWSFingerprint(a) == NoWSFingerprint("if a then return 2; end;") {
		t.Error("tokens did not change the fingerprint")
	}
	if len(NoWSFingerprint(a)) != 16 {
		t.Error("fingerprint not 16 hex digits")
	}
	if SHA1Hex("") != "da39a3ee5e6b4b0d3255bfef95601890afd80709" {
		t.Error("SHA1Hex")
	}
}

// copyTree writes the embedded tree into dir.
func copyTree(t *testing.T, dir string) {
	t.Helper()
	err := fs.WalkDir(FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := fs.ReadFile(FS(), p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("ignored"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 29 {
		t.Fatalf("LoadDir: %d scripts, want 29", len(got))
	}
	for id, s := range got {
		if !s.IsOriginal() || s.ID != id {
			t.Errorf("%s: loaded copy of the embedded tree is not original (%s)", id, s.SHA1)
		}
	}

	// A fix: one script, changed spacing (same tokens) and one changed token.
	fix := t.TempDir()
	id := "3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG"
	orig, _ := Lookup(id)
	p := filepath.Join(fix, "3.16.8", "RedissonFairLock.tryLockInnerAsync.EVAL_LONG.lua")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(orig.Source+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err = LoadDir(fix)
	if err != nil {
		t.Fatal(err)
	}
	s := got[id]
	if len(got) != 1 || s == nil || s.IsOriginal() || s.NoWS() != s.ExpectedNoWS || s.File != p || len(s.Argv) != 4 {
		t.Errorf("spacing-only change: %+v", s)
	}
	changed := strings.Replace(orig.Source, "return timeout - tonumber(ARGV[3]) - tonumber(ARGV[4]);", "return math.max(0, timeout - tonumber(ARGV[3]) - tonumber(ARGV[4]));", 1)
	if err := os.WriteFile(p, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err = LoadDir(fix)
	if err != nil {
		t.Fatal(err)
	}
	if s := got[id]; s.IsOriginal() || s.NoWS() == s.ExpectedNoWS || s.Source != changed {
		t.Errorf("token change not detected: %+v", s)
	}
	orig2, _ := Lookup(id)
	if orig2.Source != orig.Source {
		t.Error("LoadDir changed the registry")
	}
}

func TestLoadDirErrors(t *testing.T) {
	mk := func(t *testing.T, files map[string]string) string {
		dir := t.TempDir()
		for name, body := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	renew := "if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then redis.call('pexpire', KEYS[1], ARGV[1]); return 1; end; return 0;"

	cases := []struct {
		name  string
		setup func(t *testing.T) (dir, file string)
		want  string
	}{
		{"missing dir", func(t *testing.T) (string, string) {
			d := filepath.Join(t.TempDir(), "nope")
			return d, d
		}, "no such file or directory"},
		{"not a dir", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{"f.lua": renew})
			return filepath.Join(d, "f.lua"), filepath.Join(d, "f.lua")
		}, "not a directory"},
		{"no lua files", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{"README": "x"})
			return d, d
		}, "no .lua files"},
		{"flat layout", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{"RedissonLock.renewExpirationAsync.lua": renew})
			return d, filepath.Join(d, "RedissonLock.renewExpirationAsync.lua")
		}, `unknown script ID "RedissonLock.renewExpirationAsync"`},
		{"unknown version", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{"3.17.0/RedissonLock.renewExpirationAsync.lua": renew})
			return d, filepath.Join(d, "3.17.0", "RedissonLock.renewExpirationAsync.lua")
		}, "version one of 3.8.1, 3.16.8, 4.7.0"},
		{"unknown name", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{
				"3.8.1/RedissonLock.renewExpirationAsync.lua": renew,
				"3.8.1/RedissonLock.renewExpiration.lua":      renew,
			})
			return d, filepath.Join(d, "3.8.1", "RedissonLock.renewExpiration.lua")
		}, `unknown script ID "3.8.1/RedissonLock.renewExpiration" (known: `},
		{"class moved", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{"3.16.8/RedissonLock.renewExpirationAsync.lua": renew})
			return d, filepath.Join(d, "3.16.8", "RedissonLock.renewExpirationAsync.lua")
		}, `unknown script ID "3.16.8/RedissonLock.renewExpirationAsync": did you mean "3.16.8/RedissonBaseLock.renewExpirationAsync"?`},
		{"empty file", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{"3.8.1/RedissonLock.renewExpirationAsync.lua": ""})
			return d, filepath.Join(d, "3.8.1", "RedissonLock.renewExpirationAsync.lua")
		}, "empty file"},
		{"unreadable file", func(t *testing.T) (string, string) {
			// A dangling symlink cannot be read, even by root.
			d := mk(t, map[string]string{"3.8.1/RedissonLock.forceUnlockAsync.lua": "return 0"})
			p := filepath.Join(d, "3.8.1", "RedissonLock.renewExpirationAsync.lua")
			if err := os.Symlink(filepath.Join(d, "missing"), p); err != nil {
				t.Skip("symlinks not supported:", err)
			}
			return d, p
		}, "no such file or directory"},
		{"named pipe", func(t *testing.T) (string, string) {
			// A read would block until something writes into it.
			d := mk(t, map[string]string{"3.8.1/RedissonLock.forceUnlockAsync.lua": "return 0"})
			p := filepath.Join(d, "3.8.1", "RedissonLock.renewExpirationAsync.lua")
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip("mkfifo:", err)
			}
			return d, p
		}, "not a regular file"},
		{"link to a device", func(t *testing.T) (string, string) {
			// /dev/zero never ends: reading it whole would use up memory.
			d := mk(t, map[string]string{"3.8.1/RedissonLock.forceUnlockAsync.lua": "return 0"})
			p := filepath.Join(d, "3.8.1", "RedissonLock.renewExpirationAsync.lua")
			if err := os.Symlink("/dev/zero", p); err != nil {
				t.Skip("symlinks not supported:", err)
			}
			return d, p
		}, "not a regular file"},
		{"too large", func(t *testing.T) (string, string) {
			d := mk(t, map[string]string{"3.8.1/RedissonLock.renewExpirationAsync.lua": renew})
			p := filepath.Join(d, "3.8.1", "RedissonLock.renewExpirationAsync.lua")
			if err := os.Truncate(p, MaxScriptSize+1); err != nil { // sparse: no disk used
				t.Fatal(err)
			}
			return d, p
		}, "larger than 64 MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, file := c.setup(t)
			got, err := LoadDir(dir)
			if err == nil {
				t.Fatalf("no error, loaded %d scripts", len(got))
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") {
				t.Errorf("error is not one line: %q", msg)
			}
			if !strings.Contains(msg, file) {
				t.Errorf("error %q does not name %s", msg, file)
			}
			if !strings.Contains(msg, c.want) {
				t.Errorf("error %q does not contain %q", msg, c.want)
			}
			t.Logf("%s", msg)
		})
	}
}

// TestManifestJSON checks that manifest.json is valid, sorted and has no
// unknown fields (readManifest rejects those).
func TestManifestJSON(t *testing.T) {
	b, err := fs.ReadFile(embedded, "manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b) {
		t.Fatal("manifest.json is not valid JSON")
	}
	m, err := readManifest()
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(m.Scripts); i++ {
		if m.Scripts[i-1].ID >= m.Scripts[i].ID {
			t.Errorf("manifest.json not sorted by id at %s", m.Scripts[i].ID)
		}
	}
}
