package jobspec

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/BurntSushi/toml"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/sim"
)

// Job is one job file, read and checked.
type Job struct {
	// Name names the job in its reports ("main" for the embedded one).
	Name string
	// File is where it was read from, as Load or Parse were told ("" for
	// the embedded main job).
	File string
	// Lo, Hi are the seed range, inclusive.
	Lo, Hi uint64
	// Algos and Presets are the matrix, in the order of the tables.
	Algos, Presets []string
	// Settings change Redisson's Config for an algorithm's runs.
	Settings map[string]clients.ClientOverrides
	// Flaws are the catalogue: the findings the job accepts as known, in
	// the order reports list them.
	Flaws []Flaw
	// Expect are the findings the job must be able to show, each within a
	// bounded range of seeds: a harness that stops seeing one has lost a
	// mechanism (gate's TestExpectedFindings; `simrun bugzoo` measures
	// their rates).
	Expect []Expect
	// sets are the lists its flaws name as "@name", which a job that
	// extends it may name too.
	sets map[string][]string
}

// Expect is one finding a job must show: a violation of Property of class
// Class in a run of Algo under Preset, within seeds 1..Within.
type Expect struct {
	Algo, Preset, Property string
	Class                  checks.Class
	Within                 uint64
	// What it is; Mechanism a word its mechanism must name (for a
	// by-design finding: the fault); Path the code path a Redisson
	// finding's run must have taken.
	What, Mechanism string
	Path            clients.Flaw
	// Settings are the Redisson settings its runs take; Short, runs of a
	// minute and 30 s for a rare finding that needs many seeds.
	Settings clients.ClientOverrides
	Short    bool
	// Ref is where it is known from; Scenario a scenario file, from the
	// repository's root, that shows it step by step.
	Ref, Scenario string
}

// MaxWithin bounds an expected finding's seed range: a test searches it.
const MaxWithin = 100_000

// Flaw is one catalogued finding: a behaviour of an algorithm's real code
// that breaks a property with no fault to blame, known upstream, found
// here, or accepted in a team's review. Package verdict resolves a
// violation against it.
type Flaw struct {
	Name  string
	Algos []string
	// Props are the properties (or property/kind) it breaks.
	Props []string
	// Causes are the causes (checks.Mechanism.Name of an unexplained
	// violation) it makes.
	Causes []string
	// Paths are the client code paths through which it acts, one of which
	// the run must have taken; none for a flaw of the design or the scripts.
	Paths []clients.Flaw
	// What says what it does, Ref where it is known from (the upstream
	// issue and the release that fixed it), Java the lines it ports.
	What, Ref, Java string
}

// Reference is where f is known from: its upstream reference, else the
// Java it ports.
func (f *Flaw) Reference() string {
	if f.Ref == "" {
		return f.Java
	}
	return f.Ref
}

// Breaks reports whether f breaks property prop, or its kind kind
// (prop/kind).
func (f *Flaw) Breaks(prop, kind string) bool {
	return slices.Contains(f.Props, prop) || kind != "" && slices.Contains(f.Props, prop+"/"+kind)
}

// Named is j's flaw called name, nil when none is.
func (j *Job) Named(name string) *Flaw {
	for i := range j.Flaws {
		if j.Flaws[i].Name == name {
			return &j.Flaws[i]
		}
	}
	return nil
}

// Of are j's flaws of algo, in catalogue order.
func (j *Job) Of(algo string) []*Flaw {
	var out []*Flaw
	for i := range j.Flaws {
		if slices.Contains(j.Flaws[i].Algos, algo) {
			out = append(out, &j.Flaws[i])
		}
	}
	return out
}

// Narrowed is j on algos only: the settings of the algorithms left out
// go (they would do nothing); the catalogue stays whole.
func (j *Job) Narrowed(algos []string) *Job {
	n := *j
	n.Algos = slices.Clone(algos)
	n.Settings = nil
	for a, o := range j.Settings {
		if slices.Contains(algos, a) {
			if n.Settings == nil {
				n.Settings = map[string]clients.ClientOverrides{}
			}
			n.Settings[a] = o
		}
	}
	return &n
}

// Seeds is the seed range as simrun's --seeds writes it.
func (j *Job) Seeds() string { return fmt.Sprintf("%d-%d", j.Lo, j.Hi) }

// Embedded reports whether j is the embedded main job.
func (j *Job) Embedded() bool { return j.File == "" }

//go:embed main.toml
var mainTOML []byte

var main = sync.OnceValues(func() (*Job, error) { return parse("main.toml", mainTOML, nil) })

// Main is the embedded main job. It is checked by the package's tests, so
// an error here is a broken build, not bad input.
func Main() *Job {
	j, err := main()
	if err != nil {
		panic("jobspec: the embedded main job: " + err.Error())
	}
	return j
}

// MaxFileSize bounds a job file: the main job's is some 30 KB.
const MaxFileSize = 1 << 20

// Load reads and checks the job file at path; an error names the file and
// the place in it.
func Load(path string) (*Job, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: more than %d bytes: not a job file", path, MaxFileSize)
	}
	return Parse(path, data)
}

// Parse reads and checks a job file's text; name is where it came from,
// for errors.
func Parse(name string, data []byte) (*Job, error) {
	j, err := parse(name, data, Main)
	if err != nil {
		return nil, err
	}
	j.File = name
	return j, nil
}

// fileJob is a job file as TOML lays it out.
type fileJob struct {
	Extends    string                  `toml:"extends"`
	Name       string                  `toml:"name"`
	Seeds      string                  `toml:"seeds"`
	Algorithms []string                `toml:"algorithms"`
	Presets    []string                `toml:"presets"`
	Settings   map[string]fileSettings `toml:"settings"`
	Sets       map[string][]string     `toml:"sets"`
	Flaws      []fileFlaw              `toml:"flaw"`
	Expect     []fileExpect            `toml:"expect"`
}

type fileExpect struct {
	Algorithm string       `toml:"algorithm"`
	Preset    string       `toml:"preset"`
	Property  string       `toml:"property"`
	Class     string       `toml:"class"`
	Within    int64        `toml:"within"`
	What      string       `toml:"what"`
	Mechanism string       `toml:"mechanism"`
	Path      string       `toml:"path"`
	Settings  fileSettings `toml:"settings"`
	Short     bool         `toml:"short"`
	Ref       string       `toml:"ref"`
	Scenario  string       `toml:"scenario"`
}

// fileSettings are Redisson's Config values by their Java names, in
// milliseconds (clients.ClientOverrides).
type fileSettings struct {
	LockWatchdogTimeout int64 `toml:"lockWatchdogTimeout"`
	FairLockWaitTimeout int64 `toml:"fairLockWaitTimeout"`
	Timeout             int64 `toml:"timeout"`
	RetryAttempts       int   `toml:"retryAttempts"`
	RetryInterval       int64 `toml:"retryInterval"`
	SubscriptionTimeout int64 `toml:"subscriptionTimeout"`
}

// overrides are s as the client takes them.
func (s fileSettings) overrides() clients.ClientOverrides {
	return clients.ClientOverrides{LockWatchdogTimeout: s.LockWatchdogTimeout, ThreadWaitTime: s.FairLockWaitTimeout,
		Timeout: s.Timeout, RetryAttempts: s.RetryAttempts, RetryInterval: s.RetryInterval, SubscriptionTimeout: s.SubscriptionTimeout}
}

type fileFlaw struct {
	Name       string   `toml:"name"`
	Algorithms []string `toml:"algorithms"`
	Breaks     []string `toml:"breaks"`
	Causes     []string `toml:"causes"`
	Paths      []string `toml:"paths"`
	What       string   `toml:"what"`
	Ref        string   `toml:"ref"`
	Java       string   `toml:"java"`
}

// parse reads data; base gives the job an "extends" names (nil: none may
// be named, as in the main job itself).
func parse(name string, data []byte, base func() *Job) (*Job, error) {
	var f fileJob
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: %s", name, pe.Position.Line, pe.Message)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		known := "extends, name, seeds, algorithms, presets, settings, sets, flaw, expect"
		switch un[0][0] {
		case "settings":
			known = "lockWatchdogTimeout, fairLockWaitTimeout, timeout, retryInterval, retryAttempts, subscriptionTimeout"
		case "flaw":
			known = "name, algorithms, breaks, causes, paths, what, ref, java"
		case "expect":
			known = "algorithm, preset, property, class, within, what, mechanism, path, settings, short, ref, scenario"
		}
		return nil, fmt.Errorf("%s: unknown key %s (known: %s)", name, un[0].String(), known)
	}
	fail := func(where, format string, args ...any) error {
		return fmt.Errorf("%s: %s: %s", name, where, fmt.Sprintf(format, args...))
	}
	j := &Job{Name: f.Name, sets: map[string][]string{}}
	switch f.Extends {
	case "":
	case "main":
		if base == nil {
			return nil, fail("extends", "the main job extends nothing")
		}
		m := base()
		*j = Job{Name: f.Name, Lo: m.Lo, Hi: m.Hi, Algos: m.Algos, Presets: m.Presets, Settings: m.Settings, Flaws: slices.Clone(m.Flaws), sets: maps.Clone(m.sets)}
	default:
		return nil, fail("extends", "%s: only \"main\", the embedded main job, can be extended", flagx.Quote(f.Extends))
	}
	if j.Name == "" {
		return nil, fail("name", "missing: a job names itself for its reports")
	}
	if len(j.Name) > 100 || strings.ContainsFunc(j.Name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return nil, fail("name", "%s: at most 100 printable characters, one line", flagx.Quote(j.Name))
	}
	if f.Seeds != "" || f.Extends == "" {
		var r flagx.SeedRange
		if err := r.Set(f.Seeds); err != nil {
			return nil, fail("seeds", "%v", err)
		}
		j.Lo, j.Hi = r.Lo, r.Hi
	}
	if md.IsDefined("algorithms") || f.Extends == "" {
		if j.Algos, err = distinct(f.Algorithms, clients.CheckAlgo); err != nil {
			return nil, fail("algorithms", "%v", err)
		}
	}
	if md.IsDefined("presets") || f.Extends == "" {
		if j.Presets, err = distinct(f.Presets, sim.CheckPreset); err != nil {
			return nil, fail("presets", "%v", err)
		}
		// the tables list presets in sim.Presets' order
		slices.SortStableFunc(j.Presets, func(a, b string) int { return slices.Index(sim.Presets, a) - slices.Index(sim.Presets, b) })
	}
	if md.IsDefined("settings") {
		j.Settings = map[string]clients.ClientOverrides{}
		for _, algo := range sortedKeys(f.Settings) {
			s := f.Settings[algo]
			o := s.overrides()
			if err := checkSettings(algo, o); err != nil {
				return nil, fail(fmt.Sprintf("settings.%q", algo), "%v", err)
			}
			j.Settings[algo] = o
		}
	}
	for _, k := range sortedKeys(f.Sets) {
		if strings.HasPrefix(k, "@") || k == "" {
			return nil, fail("sets", "%s: name a set without its @", flagx.Quote(k))
		}
		j.sets[k] = f.Sets[k] // a set of the file's own replaces the main job's of that name
	}
	for i, ff := range f.Flaws {
		where := fmt.Sprintf("flaw %d", i+1)
		if ff.Name != "" {
			where = fmt.Sprintf("flaw %q", ff.Name)
		}
		fl, err := checkFlaw(ff, j.sets)
		if err != nil {
			return nil, fail(where, "%v", err)
		}
		if j.Named(fl.Name) != nil {
			return nil, fail(where, "named twice (a job's flaws have distinct names)")
		}
		j.Flaws = append(j.Flaws, fl)
	}
	for i, fe := range f.Expect {
		e, err := checkExpect(fe)
		if err != nil {
			return nil, fail(fmt.Sprintf("expect %d", i+1), "%v", err)
		}
		j.Expect = append(j.Expect, e)
	}
	return j, nil
}

// checkExpect checks one [[expect]].
func checkExpect(fe fileExpect) (Expect, error) {
	e := Expect{Algo: fe.Algorithm, Preset: fe.Preset, Property: fe.Property, Class: checks.Class(fe.Class),
		What: fe.What, Mechanism: fe.Mechanism, Path: clients.Flaw(fe.Path), Short: fe.Short, Ref: fe.Ref, Scenario: fe.Scenario,
		Settings: fe.Settings.overrides()}
	if err := clients.CheckAlgo(e.Algo); err != nil {
		return e, fmt.Errorf("algorithm: %v", err)
	}
	if err := sim.CheckPreset(e.Preset); err != nil {
		return e, fmt.Errorf("preset: %v", err)
	}
	if !slices.Contains(checks.Properties, e.Property) {
		return e, fmt.Errorf("property: unknown property %s (known: %s)", flagx.Quote(e.Property), strings.Join(checks.Properties, ", "))
	}
	switch e.Class {
	case checks.Bug, checks.Known, checks.ByDesign:
	default:
		return e, fmt.Errorf("class: %s (known: %s, %s, %s)", flagx.Quote(fe.Class), checks.Bug, checks.Known, checks.ByDesign)
	}
	if fe.Within < 1 || fe.Within > MaxWithin {
		return e, fmt.Errorf("within: %d seeds (want 1 to %d)", fe.Within, MaxWithin)
	}
	e.Within = uint64(fe.Within)
	if e.What == "" {
		return e, errors.New("what: missing: say what the finding is")
	}
	if e.Path != "" {
		if err := checkPath(fe.Path); err != nil {
			return e, fmt.Errorf("path: %v", err)
		}
	}
	if e.Settings != (clients.ClientOverrides{}) {
		if err := checkSettings(e.Algo, e.Settings); err != nil {
			return e, fmt.Errorf("settings: %v", err)
		}
	}
	return e, nil
}

// checkFlaw checks one [[flaw]] and expands its sets.
func checkFlaw(ff fileFlaw, sets map[string][]string) (Flaw, error) {
	fl := Flaw{Name: ff.Name, What: ff.What, Ref: ff.Ref, Java: ff.Java}
	switch {
	case ff.Name == "":
		return fl, errors.New("name: missing")
	case !kebab(ff.Name):
		return fl, fmt.Errorf("name %s: lower-case words joined by '-'", flagx.Quote(ff.Name))
	case ff.What == "":
		return fl, errors.New("what: missing: say what the flaw does")
	case ff.Ref == "" && ff.Java == "":
		return fl, errors.New("ref and java: both missing: say where the flaw is known from")
	}
	var err error
	if fl.Algos, err = expand("algorithms", ff.Algorithms, sets, clients.CheckAlgo); err != nil {
		return fl, err
	}
	if fl.Props, err = expand("breaks", ff.Breaks, sets, checkProp); err != nil {
		return fl, err
	}
	if fl.Causes, err = expand("causes", ff.Causes, sets, checkCause); err != nil {
		return fl, err
	}
	paths, err := expand("paths", ff.Paths, sets, checkPath)
	if err != nil {
		return fl, err
	}
	for _, p := range paths {
		fl.Paths = append(fl.Paths, clients.Flaw(p))
	}
	if len(fl.Paths) > 0 {
		for _, a := range fl.Algos {
			if _, _, redisson := clients.RedissonAlgo(a); !redisson {
				return fl, fmt.Errorf("paths: %s runs no Redisson client to take a path (a flaw of its design has none)", a)
			}
		}
	}
	return fl, nil
}

// expand checks a list of key, replacing each "@set" by the set's
// elements, and keeps each element once.
func expand(key string, xs []string, sets map[string][]string, check func(string) error) ([]string, error) {
	if len(xs) == 0 && key != "paths" {
		return nil, fmt.Errorf("%s: missing", key)
	}
	var out []string
	for _, x := range xs {
		elems := []string{x}
		if set, ok := strings.CutPrefix(x, "@"); ok {
			if elems, ok = sets[set]; !ok {
				return nil, fmt.Errorf("%s: no set %s in [sets]", key, flagx.Quote(set))
			}
		}
		for _, e := range elems {
			if err := check(e); err != nil {
				return nil, fmt.Errorf("%s: %v", key, err)
			}
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// distinct checks a list of names, each once.
func distinct(xs []string, check func(string) error) ([]string, error) {
	if len(xs) == 0 {
		return nil, errors.New("missing (a list of one or more)")
	}
	var out []string
	for _, x := range xs {
		if err := check(x); err != nil {
			return nil, err
		}
		if slices.Contains(out, x) {
			return nil, fmt.Errorf("%s twice", x)
		}
		out = append(out, x)
	}
	return out, nil
}

// checkSettings refuses a setting algo's Redisson version does not have,
// as a run would.
func checkSettings(algo string, o clients.ClientOverrides) error {
	if err := clients.CheckAlgo(algo); err != nil {
		return err
	}
	version, fair, redisson := clients.RedissonAlgo(algo)
	if !redisson {
		return fmt.Errorf("%s is not a Redisson lock: it has no Config", algo)
	}
	opts, err := clients.DefaultSettings(version, fair)
	if err != nil {
		return err
	}
	if err := o.CheckBounds(); err != nil {
		return err
	}
	if err := o.Apply(&opts); err != nil {
		return err
	}
	if o == (clients.ClientOverrides{}) {
		return errors.New("sets nothing (lockWatchdogTimeout, fairLockWaitTimeout, timeout, retryInterval, retryAttempts, subscriptionTimeout)")
	}
	return nil
}

// checkProp accepts a property of the checks, or property/kind.
func checkProp(p string) error {
	prop, kind, _ := strings.Cut(p, "/")
	known := slices.Concat(checks.Properties, checks.StepOnlyProperties)
	if !slices.Contains(known, prop) || strings.Contains(p, "/") && !kebab(kind) {
		return fmt.Errorf("unknown property %s (known: %s, each optionally /kind)", flagx.Quote(p), strings.Join(known, ", "))
	}
	return nil
}

// checkCause accepts a cause's shape: the checks name causes as they find
// them, so a misspelt one can only be caught by its shape and in review.
func checkCause(c string) error {
	if !kebab(c) {
		return fmt.Errorf("cause %s: lower-case words joined by '-'", flagx.Quote(c))
	}
	return nil
}

// checkPath accepts a client code path the clients note.
func checkPath(p string) error {
	if !slices.Contains(clients.Flaws, clients.Flaw(p)) {
		var known []string
		for _, f := range clients.Flaws {
			known = append(known, string(f))
		}
		return fmt.Errorf("unknown code path %s (known: %s)", flagx.Quote(p), strings.Join(known, ", "))
	}
	return nil
}

// kebab reports whether s is lower-case words of letters and digits
// joined by '-'.
func kebab(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// sortedKeys are m's keys in order: nothing here depends on map order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
