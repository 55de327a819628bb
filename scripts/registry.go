package scripts

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

//go:embed redisson manifest.json mutants
var embedded embed.FS

// embedRoot is the directory of the embedded tree that holds <version>/<name>.lua.
const embedRoot = "redisson"

// Script is one Redisson Lua script and what is known about it.
//
// Values returned by [Lookup], [All] and [LoadDir] are copies: changing one
// does not change the registry.
type Script struct {
	// ID is "<version>/<JavaClass>.<javaMethod>[.<variant>]", e.g.
	// "3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG".
	ID string
	// Version is the Redisson version, the part of ID before the slash, e.g. "3.16.8".
	Version string
	// Source is the exact text sent to Redis: the Java string literals
	// concatenated, with no added newline or comment.
	Source string
	// SHA1 is the lower-case hex SHA1 of Source: the digest EVALSHA uses and
	// that Redis prints in error replies ("script: <sha1>").
	SHA1 string
	// Tag is the Redisson git tag the script comes from, e.g. "redisson-3.16.8".
	Tag string
	// JavaMethod names the Java method that sends the script and the
	// RedisCommands constant it is sent with, e.g.
	// "org.redisson.RedissonFairLock#tryLockInnerAsync with RedisCommands.EVAL_LONG".
	JavaMethod string
	// Command is the RedisCommands constant alone (EVAL_LONG, EVAL_BOOLEAN,
	// EVAL_NULL_BOOLEAN, EVAL_VOID); it decides how Java decodes the reply.
	Command string
	// Keys describes KEYS[1], KEYS[2], ... in order.
	Keys []string
	// Argv describes ARGV[1], ARGV[2], ... in order.
	Argv []string
	// Returns describes the script's replies.
	Returns string
	// ExpectedSHA1 is the SHA1 of the script Redisson really sends (from the
	// manifest). For an embedded script it equals SHA1; for a script loaded
	// with LoadDir a difference means the file is not Redisson's text.
	ExpectedSHA1 string
	// ExpectedNoWS is the first 16 hex digits of the SHA-256 of Redisson's
	// text with all whitespace removed (see [NoWSFingerprint]).
	ExpectedNoWS string
	// Provenance says where the text comes from (a seed article, or a
	// reconstruction from the Redisson source at Tag checked against ExpectedSHA1).
	Provenance string
	// JavaSource locates the Java method at Tag, with the lines of the
	// method and of the script's literals, e.g.
	// "redisson/src/main/java/org/redisson/RedissonLock.java:214-224 (script 216-222)".
	JavaSource string
	// Executor is the CommandAsyncService method that sends the script
	// (4.7.0: syncedEvalNoRetry, syncedEvalWithRetry or syncedEval; it decides
	// whether a timed-out EVAL is re-sent); empty for 3.x, whose scripts all
	// go through evalWriteAsync.
	Executor string
	// Varies says what changes between two sends of the script besides the
	// values of KEYS and ARGV (e.g. how many there are); empty when nothing does.
	Varies string
	// File is where Source was read from: "redisson/<ID>.lua" inside the
	// package's embedded files, or the OS path given to LoadDir.
	File string
}

// IsOriginal reports whether Source is byte for byte Redisson's text.
func (s *Script) IsOriginal() bool { return s.SHA1 == s.ExpectedSHA1 }

// NoWS returns [NoWSFingerprint] of Source.
func (s *Script) NoWS() string { return NoWSFingerprint(s.Source) }

func (s *Script) clone() *Script {
	c := *s
	c.Keys = append([]string(nil), s.Keys...)
	c.Argv = append([]string(nil), s.Argv...)
	return &c
}

// SHA1Hex returns the lower-case hex SHA1 of src, as Redis computes it for EVALSHA.
func SHA1Hex(src string) string {
	h := sha1.Sum([]byte(src))
	return hex.EncodeToString(h[:])
}

// NoWSFingerprint returns the first 16 hex digits of the SHA-256 of src with
// every ASCII whitespace byte (space, \t, \n, \v, \f, \r) removed. Two texts
// with the same tokens and different spacing have the same fingerprint.
func NoWSFingerprint(src string) string {
	b := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\n', '\v', '\f', '\r':
		default:
			b = append(b, src[i])
		}
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// manifestEntry is one element of manifest.json's "scripts" array.
type manifestEntry struct {
	ID           string   `json:"id"`
	Version      string   `json:"version"`
	Tag          string   `json:"tag"`
	JavaMethod   string   `json:"java_method"`
	Command      string   `json:"redis_command"`
	Keys         []string `json:"keys"`
	Argv         []string `json:"argv"`
	Returns      string   `json:"returns"`
	ExpectedSHA1 string   `json:"expected_sha1"`
	ExpectedNoWS string   `json:"expected_nows"`
	FactsInSeeds string   `json:"facts_in_seeds"`
	SHA1Matches  bool     `json:"sha1_matches"`
	NoWSMatches  bool     `json:"nows_matches"`
	Provenance   string   `json:"provenance"`
	SameBytesAs  string   `json:"same_bytes_as"`
	Varies       string   `json:"varies"`
	Notes        []string `json:"notes"`
	// Where the text is in Redisson's source at Tag (tools/javalua reads
	// these to extract and check the script).
	JavaFile        string `json:"java_file"`
	JavaMethodLines string `json:"java_method_lines"`
	ScriptLines     string `json:"script_lines"`
	Executor        string `json:"executor"`
	Codec           string `json:"codec"`
}

type manifestFile struct {
	About   string          `json:"about"`
	Scripts []manifestEntry `json:"scripts"`
}

var (
	registry map[string]*Script // by ID
	ids      []string           // sorted
	versions []string           // release order
)

func init() {
	m, err := readManifest()
	if err != nil {
		panic("scripts: " + err.Error())
	}
	registry, err = build(m)
	if err != nil {
		panic("scripts: " + err.Error())
	}
	seen := map[string]bool{}
	for id, s := range registry {
		ids = append(ids, id)
		if !seen[s.Version] {
			seen[s.Version] = true
			versions = append(versions, s.Version)
		}
	}
	sort.Strings(ids)
	sort.Slice(versions, func(i, j int) bool { return versionLess(versions[i], versions[j]) })
}

func readManifest() (*manifestFile, error) {
	b, err := embedded.ReadFile("manifest.json")
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var m manifestFile
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("manifest.json: %v", err)
	}
	return &m, nil
}

// build pairs every manifest entry with its embedded file and checks that
// neither side has an entry the other lacks.
func build(m *manifestFile) (map[string]*Script, error) {
	reg := make(map[string]*Script, len(m.Scripts))
	for _, e := range m.Scripts {
		if _, dup := reg[e.ID]; dup {
			return nil, fmt.Errorf("manifest.json: duplicate ID %q", e.ID)
		}
		v, _, ok := strings.Cut(e.ID, "/")
		if !ok || v != e.Version {
			return nil, fmt.Errorf("manifest.json: ID %q does not start with its version %q", e.ID, e.Version)
		}
		file := embedRoot + "/" + e.ID + ".lua"
		src, err := embedded.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("manifest.json: ID %q has no file %s", e.ID, file)
		}
		reg[e.ID] = &Script{
			ID:           e.ID,
			Version:      e.Version,
			Source:       string(src),
			SHA1:         SHA1Hex(string(src)),
			Tag:          e.Tag,
			JavaMethod:   e.JavaMethod,
			Command:      e.Command,
			Keys:         e.Keys,
			Argv:         e.Argv,
			Returns:      e.Returns,
			ExpectedSHA1: e.ExpectedSHA1,
			ExpectedNoWS: e.ExpectedNoWS,
			Provenance:   e.Provenance,
			JavaSource:   fmt.Sprintf("%s:%s (script %s)", e.JavaFile, e.JavaMethodLines, e.ScriptLines),
			Executor:     e.Executor,
			Varies:       e.Varies,
			File:         file,
		}
	}
	err := fs.WalkDir(embedded, embedRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		id := strings.TrimSuffix(strings.TrimPrefix(p, embedRoot+"/"), ".lua")
		if _, ok := reg[id]; !ok || !strings.HasSuffix(p, ".lua") {
			return fmt.Errorf("embedded file %s is not in manifest.json", p)
		}
		return nil
	})
	return reg, err
}

// versionLess orders dotted version numbers numerically (3.8.1 < 3.16.8).
func versionLess(a, b string) bool {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		if errx != nil || erry != nil {
			if as[i] != bs[i] {
				return as[i] < bs[i]
			}
			continue
		}
		if x != y {
			return x < y
		}
	}
	return len(as) < len(bs)
}

// Pick returns the script with the given ID from own, a directory of the
// user's (LoadDir, any subset of IDs), when it holds it, and the embedded
// one otherwise: every user of a script directory takes its scripts so.
func Pick(own map[string]*Script, id string) (*Script, error) {
	if s := own[id]; s != nil {
		return s, nil
	}
	return Lookup(id)
}

// Lookup returns the embedded script with the given ID, e.g.
// "3.16.8/RedissonBaseLock.renewExpirationAsync".
func Lookup(id string) (*Script, error) {
	s, ok := registry[id]
	if !ok {
		return nil, unknownID(id)
	}
	return s.clone(), nil
}

func unknownID(id string) error {
	return fmt.Errorf("unknown script ID %q (known: %s)", id, strings.Join(ids, ", "))
}

// IDs returns the IDs of all embedded scripts, sorted.
func IDs() []string { return append([]string(nil), ids...) }

// All returns every embedded script, sorted by ID.
func All() []*Script {
	out := make([]*Script, len(ids))
	for i, id := range ids {
		out[i] = registry[id].clone()
	}
	return out
}

// Versions returns the Redisson versions that have scripts, oldest first
// (numeric order: "3.8.1" before "3.16.8").
func Versions() []string { return append([]string(nil), versions...) }

// LoadDir loads a directory of scripts laid out like the embedded tree:
//
//	<dir>/<version>/<JavaClass>.<javaMethod>[.<variant>].lua
//
// for example <dir>/3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG.lua.
// The path below dir, without ".lua", is the script ID, and it must be one of
// the embedded IDs (see [IDs]); the result maps ID to a Script that carries the
// embedded script's metadata (Keys, Argv, ExpectedSHA1, ...) with Source, SHA1
// and File taken from the file, so [Script.IsOriginal] tells a modified copy
// from Redisson's text. Files are read byte for byte: nothing is trimmed, so a
// trailing newline added by an editor changes SHA1.
//
// Every file whose name ends in ".lua" is loaded, at any depth; other files
// (a README, a manifest) are ignored. A directory may hold any subset of the
// IDs. Errors are one line and name the file: an unreadable file, a .lua file
// whose ID is unknown, an empty .lua file, one that is not a regular file
// once symbolic links are followed (a named pipe, a device), one larger than
// MaxScriptSize, or a directory without .lua files.
func LoadDir(dir string) (map[string]*Script, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, loadErr(dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("scripts: load %s: not a directory", dir)
	}
	return loadFS(os.DirFS(dir), dir)
}

// loadFS is LoadDir on a file system; label is what errors and
// Script.File call its root.
func loadFS(fsys fs.FS, label string) (map[string]*Script, error) {
	out := map[string]*Script{}
	err := fs.WalkDir(fsys, ".", func(rel string, d fs.DirEntry, err error) error {
		p := filepath.Join(label, filepath.FromSlash(rel))
		if err != nil {
			return loadErr(p, err)
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".lua") {
			return nil
		}
		id := strings.TrimSuffix(rel, ".lua")
		base, ok := registry[id]
		if !ok {
			return fmt.Errorf("scripts: load %s: %v", p, unknownIDInDir(id))
		}
		src, err := readScript(fsys, rel)
		if err != nil {
			return loadErr(p, err)
		}
		if len(src) == 0 {
			return fmt.Errorf("scripts: load %s: empty file", p)
		}
		s := base.clone()
		s.Source = string(src)
		s.SHA1 = SHA1Hex(s.Source)
		s.File = p
		out[id] = s
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("scripts: load %s: no .lua files (expected <dir>/<version>/<JavaClass>.<javaMethod>[.<variant>].lua)", label)
	}
	return out, nil
}

// FromSources is LoadDir on texts a trace kept (ID → source, as a
// directory labelled label gave them): the same Scripts, without the
// directory.
func FromSources(label string, srcs map[string]string) (map[string]*Script, error) {
	out := map[string]*Script{}
	for id, src := range srcs {
		base, ok := registry[id]
		if !ok {
			return nil, fmt.Errorf("scripts: %s: %v", label, unknownIDInDir(id))
		}
		if len(src) == 0 || len(src) > MaxScriptSize {
			return nil, fmt.Errorf("scripts: %s: script %s is empty or larger than %d MiB", label, id, MaxScriptSize>>20)
		}
		s := base.clone()
		s.Source = src
		s.SHA1 = SHA1Hex(src)
		s.File = filepath.Join(label, filepath.FromSlash(id)+".lua")
		out[id] = s
	}
	return out, nil
}

// MaxScriptSize bounds a script file LoadDir reads: far above any Lua
// script (Redisson's longest is a few KB), and below what would use up
// memory.
const MaxScriptSize = 64 << 20

// readScript reads a script file: a regular file (after following
// symbolic links) of at most MaxScriptSize bytes. Anything else, a named
// pipe that would block the read or a device such as /dev/zero that never
// ends, is refused before it is opened.
func readScript(fsys fs.FS, rel string) ([]byte, error) {
	fi, err := fs.Stat(fsys, rel)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Size() > MaxScriptSize {
		return nil, fmt.Errorf("larger than %d MiB, far beyond any Lua script", MaxScriptSize>>20)
	}
	f, err := fsys.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxScriptSize+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxScriptSize { // it grew since
		return nil, fmt.Errorf("larger than %d MiB, far beyond any Lua script", MaxScriptSize>>20)
	}
	return src, nil
}

// MutantDir is where the mutant script directories live, inside the
// package's embedded files and in the source tree.
const MutantDir = "mutants"

// LoadMutant loads the embedded mutant script directory name (laid out as
// for LoadDir): copies of Redisson's scripts, each with one deliberate
// mistake, that the checks must catch.
func LoadMutant(name string) (map[string]*Script, error) {
	sub, err := fs.Sub(embedded, MutantDir+"/"+name)
	if err != nil {
		return nil, err
	}
	if _, err := fs.Stat(sub, "."); err != nil {
		return nil, fmt.Errorf("scripts: no mutant directory %q", name)
	}
	return loadFS(sub, filepath.Join("scripts", MutantDir, name))
}

// loadErr formats a LoadDir error on one line, naming the file once (the
// path inside an *fs.PathError is dropped, since it is the same file).
func loadErr(file string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("scripts: load %s: %v", file, err)
}

// unknownIDInDir explains an unknown ID found in a directory, hinting at the
// layout when the file is not under a known version directory.
func unknownIDInDir(id string) error {
	v, _, ok := strings.Cut(id, "/")
	if !ok || !knownVersion(v) {
		return errors.New(unknownID(id).Error() + "; files must be at <dir>/<version>/<name>.lua with version one of " + strings.Join(versions, ", "))
	}
	// Same version and method, other class (e.g. renewExpirationAsync moved
	// from RedissonLock to RedissonBaseLock in 3.16.8).
	_, name, _ := strings.Cut(id, "/")
	if _, method, ok := strings.Cut(name, "."); ok {
		for _, k := range ids {
			kv, kname, _ := strings.Cut(k, "/")
			if _, kmethod, _ := strings.Cut(kname, "."); kv == v && kmethod == method {
				return fmt.Errorf("unknown script ID %q: did you mean %q?", id, k)
			}
		}
	}
	return unknownID(id)
}

func knownVersion(v string) bool {
	for _, x := range versions {
		if x == v {
			return true
		}
	}
	return false
}

// FS returns the embedded script tree, laid out as LoadDir expects
// (<version>/<name>.lua), e.g. to copy it out as the start of a fix.
func FS() fs.FS {
	sub, err := fs.Sub(embedded, embedRoot)
	if err != nil {
		panic("scripts: " + err.Error())
	}
	return sub
}
