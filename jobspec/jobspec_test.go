package jobspec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// The embedded main job runs every algorithm under every preset, with
// Redisson's defaults, and its catalogue is whole: every flaw says what it
// does and where it is known from, and every code path the clients note
// is some flaw's.
func TestMainJob(t *testing.T) {
	j, err := main()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(j.Algos, clients.Algorithms) || !slices.Equal(j.Presets, sim.Presets) || len(j.Settings) != 0 {
		t.Errorf("the main job runs %v × %v with settings %v; want every algorithm and preset at their defaults", j.Algos, j.Presets, j.Settings)
	}
	if j.Lo != 1 || j.Hi != 20 || j.Name != "main" || !j.Embedded() {
		t.Errorf("main job: %q seeds %s", j.Name, j.Seeds())
	}
	var paths []clients.Flaw
	for _, f := range j.Flaws {
		paths = append(paths, f.Paths...)
		for _, a := range f.Algos {
			if _, _, redisson := clients.RedissonAlgo(a); !redisson && len(f.Paths) > 0 {
				t.Errorf("%s: a path on %s", f.Name, a)
			}
		}
	}
	for _, p := range clients.Flaws {
		if !slices.Contains(paths, p) {
			t.Errorf("code path %s is noted by the clients but no flaw of the catalogue takes it", p)
		}
	}
	if len(j.Flaws) < 20 {
		t.Errorf("the catalogue holds %d flaws", len(j.Flaws))
	}
	// a flaw's texts are sentences as reports and shrink's output print
	// them: a multi-line string that lost its line-ending backslashes
	// leaves runs of spaces
	for _, f := range j.Flaws {
		for field, text := range map[string]string{"what": f.What, "ref": f.Ref, "java": f.Java} {
			if text != strings.TrimSpace(text) || strings.Contains(text, "  ") || strings.ContainsAny(text, "\n\t") {
				t.Errorf("flaw %s: %s %q: stray white space", f.Name, field, text)
			}
		}
	}
	// every expected finding is of the matrix, a known one is of a flaw of
	// its algorithm that takes its path, and its scenario file is there
	for _, e := range j.Expect {
		if !slices.Contains(j.Algos, e.Algo) || !slices.Contains(j.Presets, e.Preset) {
			t.Errorf("expected %s/%s/%s is outside the matrix", e.Algo, e.Preset, e.Property)
		}
		if e.Class == checks.Known && e.Path != "" && !slices.ContainsFunc(j.Of(e.Algo), func(f *Flaw) bool { return slices.Contains(f.Paths, e.Path) }) {
			t.Errorf("expected %s/%s/%s takes path %s, which no flaw of %s has", e.Algo, e.Preset, e.Property, e.Path, e.Algo)
		}
		if e.Scenario != "" {
			if _, err := os.Stat(filepath.Join("..", e.Scenario)); err != nil {
				t.Errorf("expected %s/%s/%s: %v", e.Algo, e.Preset, e.Property, err)
			}
		}
	}
	if len(j.Expect) < 20 {
		t.Errorf("the main job expects %d findings", len(j.Expect))
	}
}

// A file that extends the main job keeps its catalogue and matrix, sets
// what it names, and adds its own flaws after the main job's.
func TestExtendsMain(t *testing.T) {
	j, err := Parse("team.toml", []byte(`
extends = "main"
name = "payments"
seeds = "5-9"
presets = ["net", "none"]

[settings."rlock-3.16.8"]
lockWatchdogTimeout = 10000
retryAttempts = 1

[sets]
ours = ["rlock-3.16.8", "rlock-4.7.0"]

[[flaw]]
name = "short-watchdog"
algorithms = ["@ours"]
breaks = ["@lock-loss", "release"]
causes = ["no-renewal"]
paths = ["renewal-stopped"]
what = """\
  our watchdog is short: \
  accepted"""
ref = "review 12"
`))
	if err != nil {
		t.Fatal(err)
	}
	m := Main()
	if j.Name != "payments" || j.Lo != 5 || j.Hi != 9 || !slices.Equal(j.Algos, m.Algos) {
		t.Errorf("matrix: %q %s %v", j.Name, j.Seeds(), j.Algos)
	}
	if !slices.Equal(j.Presets, []string{"none", "net"}) {
		t.Errorf("presets %v: want the tables' order", j.Presets)
	}
	if o := j.Settings["rlock-3.16.8"]; o.LockWatchdogTimeout != 10000 || o.RetryAttempts != 1 {
		t.Errorf("settings %+v", o)
	}
	if len(j.Flaws) != len(m.Flaws)+1 || j.Flaws[len(j.Flaws)-1].Name != "short-watchdog" {
		t.Fatalf("%d flaws, want the main job's %d and one more last", len(j.Flaws), len(m.Flaws))
	}
	f := j.Named("short-watchdog")
	if !slices.Equal(f.Algos, []string{"rlock-3.16.8", "rlock-4.7.0"}) || !f.Breaks("mutex", "") || !f.Breaks("error", "not-held") || f.Breaks("error", "other") ||
		!f.Breaks("release", "") || f.What != "our watchdog is short: accepted" || f.Reference() != "review 12" {
		t.Errorf("flaw %+v", *f)
	}
	if len(j.Of("rlock-4.7.0")) != len(m.Of("rlock-4.7.0"))+1 || len(j.Of("set-px")) != len(m.Of("set-px")) {
		t.Errorf("Of: %d and %d flaws", len(j.Of("rlock-4.7.0")), len(j.Of("set-px")))
	}
	if n := j.Narrowed([]string{"rlock-4.7.0"}); len(n.Settings) != 0 || len(j.Settings) != 1 || !slices.Equal(n.Algos, []string{"rlock-4.7.0"}) {
		t.Errorf("Narrowed: %v %v (and j's %v)", n.Algos, n.Settings, j.Settings)
	}
}

// Every mistake in a job file is an error that names the file and the
// place, never a panic and never a silent default.
func TestBadJobFiles(t *testing.T) {
	const head = "name = \"x\"\nseeds = \"1-2\"\nalgorithms = [\"rlock-3.16.8\"]\npresets = [\"none\"]\n"
	flaw := func(lines string) string {
		return head + "[[flaw]]\nname = \"f\"\nalgorithms = [\"rlock-3.16.8\"]\nbreaks = [\"mutex\"]\ncauses = [\"c\"]\nwhat = \"w\"\nref = \"r\"\n" + lines
	}
	for _, c := range []struct{ text, want string }{
		{"name = \"x\"\nseeds = [1\n", "job.toml:2: "},
		{"name = \"x\"\nseeds = \"1-2\"\nalgorithm = [\"rlock-3.16.8\"]\n", "unknown key algorithm (known: extends"},
		{"seeds = \"1-2\"\nalgorithms = [\"rlock-3.16.8\"]\npresets = [\"none\"]\n", "name: missing"},
		{"name = \"x\"\nseeds = \"2-1\"\nalgorithms = [\"rlock-3.16.8\"]\npresets = [\"none\"]\n", "seeds: bad seed range"},
		{"name = \"x\"\nseeds = \"1-2\"\nalgorithms = [\"rlock-9\"]\npresets = [\"none\"]\n", `algorithms: unknown algorithm "rlock-9"`},
		{"name = \"x\"\nseeds = \"1-2\"\nalgorithms = [\"set-px\", \"set-px\"]\npresets = [\"none\"]\n", "algorithms: set-px twice"},
		{"name = \"x\"\nseeds = \"1-2\"\nalgorithms = []\npresets = [\"none\"]\n", "algorithms: missing"},
		{"name = \"x\"\nseeds = \"1-2\"\nalgorithms = [\"set-px\"]\npresets = [\"storm\"]\n", `presets: unknown preset "storm"`},
		{"name = \"x\"\nseeds = \"1-2\"\nalgorithms = [\"set-px\"]\n", "presets: missing"},
		{head + "[settings.\"fairlock-3.8.1\"]\nfairLockWaitTimeout = 1000\n", "threadWaitTime is fixed"},
		{head + "[settings.\"set-px\"]\ntimeout = 1000\n", "not a Redisson lock"},
		{head + "[settings.\"rlock-3.16.8\"]\ntimeout = -5\n", "timeout -5 ms: want 1 to 3600000 ms"},
		{head + "[settings.\"rlock-3.16.8\"]\nlockWatchdogTimeout = 99\n", "lockWatchdogTimeout 99 ms"},
		{head + "[settings.\"rlock-3.16.8\"]\nretryAttempts = 1000\n", "retryAttempts 1000: want 0 to 100"},
		{head + "[settings.\"rlock-3.16.8\"]\ntimeout = 99999999999999999999\n", "job.toml"},
		{head + "[settings.\"rlock-3.16.8\"]\n", "sets nothing"},
		{head + "[settings.\"rlock-3.16.8\"]\nwatchdog = 5\n", `unknown key settings."rlock-3.16.8".watchdog (known: lockWatchdogTimeout`},
		{head + "extends = \"other\"\n", `extends: "other": only "main"`},
		{flaw("paths = [\"no-such-path\"]\n"), `flaw "f": paths: unknown code path "no-such-path"`},
		{flaw("[[flaw]]\nname = \"f\"\nalgorithms = [\"rlock-3.16.8\"]\nbreaks = [\"mutex\"]\ncauses = [\"c\"]\nwhat = \"w\"\nref = \"r\"\n"), `flaw "f": named twice`},
		{head + "[[flaw]]\nname = \"f\"\nalgorithms = [\"@nope\"]\nbreaks = [\"mutex\"]\ncauses = [\"c\"]\nwhat = \"w\"\nref = \"r\"\n", `algorithms: no set "nope"`},
		{head + "[[flaw]]\nname = \"f\"\nalgorithms = [\"rlock-3.16.8\"]\nbreaks = [\"mutexes\"]\ncauses = [\"c\"]\nwhat = \"w\"\nref = \"r\"\n", `breaks: unknown property "mutexes"`},
		{head + "[[flaw]]\nname = \"f\"\nalgorithms = [\"rlock-3.16.8\"]\nbreaks = [\"mutex\"]\ncauses = [\"Not A Cause\"]\nwhat = \"w\"\nref = \"r\"\n", `causes: cause "Not A Cause"`},
		{head + "[[flaw]]\nname = \"f\"\nalgorithms = [\"rlock-3.16.8\"]\nbreaks = [\"mutex\"]\ncauses = [\"c\"]\nwhat = \"w\"\n", "ref and java: both missing"},
		{head + "[[flaw]]\nname = \"f\"\nalgorithms = [\"rlock-3.16.8\"]\nbreaks = [\"mutex\"]\ncauses = [\"c\"]\nref = \"r\"\n", "what: missing"},
		{head + "[[flaw]]\nalgorithms = [\"rlock-3.16.8\"]\n", "flaw 1: name: missing"},
		{head + "[[flaw]]\nname = \"f\"\nbreaks = [\"mutex\"]\ncauses = [\"c\"]\nwhat = \"w\"\nref = \"r\"\n", "algorithms: missing"},
		{head + "[sets]\n\"@x\" = [\"mutex\"]\n", "without its @"},
		{head + "[[flaw]]\nname = \"f\"\nalgorithms = [\"rlock-3.16.8\"]\nbreaks = [\"mutex\"]\ncauses = [\"c\"]\nwhat = \"w\"\nref = \"r\"\nseverity = 3\n", "unknown key flaw.severity (known: name"},
		{"name = 3\n", "job.toml"},
		{"name = \"two\\nlines\"\nseeds = \"1\"\nalgorithms = [\"set-px\"]\npresets = [\"none\"]\n", "name: \"two\\nlines\": at most 100 printable"},
		{head + "[[expect]]\nalgorithm = \"rlock-3.16.8\"\npreset = \"none\"\nproperty = \"mutex\"\nclass = \"maybe\"\nwithin = 5\nwhat = \"w\"\n", `expect 1: class: "maybe"`},
		{head + "[[expect]]\nalgorithm = \"rlock-3.16.8\"\npreset = \"none\"\nproperty = \"mutex\"\nclass = \"bug\"\nwithin = 0\nwhat = \"w\"\n", "expect 1: within: 0 seeds"},
		{head + "[[expect]]\nalgorithm = \"rlock-3.16.8\"\npreset = \"none\"\nproperty = \"release\"\nclass = \"bug\"\nwithin = 3\nwhat = \"w\"\n", "expect 1: property: unknown property"},
		{head + "[[expect]]\nalgorithm = \"rlock-3.16.8\"\npreset = \"none\"\nproperty = \"mutex\"\nclass = \"bug\"\nwithin = 3\nwhat = \"w\"\npath = \"nope\"\n", "expect 1: path: unknown code path"},
		{head + "[[expect]]\nalgorithm = \"set-px\"\npreset = \"none\"\nproperty = \"mutex\"\nclass = \"bug\"\nwithin = 3\nwhat = \"w\"\nsettings = { timeout = 5 }\n", "expect 1: settings: set-px is not a Redisson lock"},
		{head + "[[expect]]\nalgorithm = \"set-px\"\npreset = \"none\"\nproperty = \"mutex\"\nclass = \"bug\"\nwithin = 3\n", "expect 1: what: missing"},
		{head + "[[expect]]\nalgorithm = \"set-px\"\npreset = \"calm\"\nproperty = \"mutex\"\nclass = \"bug\"\nwithin = 3\nwhat = \"w\"\n", "expect 1: preset"},
	} {
		_, err := Parse("job.toml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "job.toml") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q:\n  got %v\n  want one line from job.toml with %q", c.text, err, c.want)
		}
	}
}

// Load reads a file and remembers where from; a job file's matrix then
// stands alone.
func TestLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.toml")
	if err := os.WriteFile(path, []byte("name = \"solo\"\nseeds = \"7\"\nalgorithms = [\"set-px\"]\npresets = [\"pause\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if j.File != path || j.Embedded() || j.Lo != 7 || j.Hi != 7 || len(j.Flaws) != 0 {
		t.Errorf("%+v", j)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.toml")); err == nil {
		t.Error("a missing file loaded")
	}
	big := filepath.Join(t.TempDir(), "big.toml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", MaxFileSize)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "not a job file") {
		t.Errorf("a file of more than %d bytes: %v", MaxFileSize, err)
	}
	if _, err := Load("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a job file") {
		t.Errorf("/dev/zero: %v", err)
	}
}

// The properties a flaw may break are the checks' own.
func TestPropertiesAreTheChecks(t *testing.T) {
	for _, p := range slices.Concat(checks.Properties, checks.StepOnlyProperties) {
		if err := checkProp(p); err != nil {
			t.Error(err)
		}
	}
}

// The README's example of a team's job file is one this package reads.
func TestREADMEJobFile(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "```toml\n")
	block, _, closed := strings.Cut(rest, "```")
	if !ok || !closed {
		t.Fatal("README.md has no ```toml block")
	}
	j, err := Parse("README.md", []byte(block))
	if err != nil {
		t.Fatal(err)
	}
	if j.Named("short-watchdog-under-pause") == nil || j.Settings["rlock-3.16.8"].LockWatchdogTimeout != 10000 || len(j.Algos) != 2 {
		t.Errorf("%+v", j)
	}
}
