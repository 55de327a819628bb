package run

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
)

// The run header is the first line of a run's trace: everything that
// makes the run, as one JSON object, so that `simrun replay TRACE` builds
// the same Config again. Args renders the same Config as simrun's
// flags. The three forms round-trip (header_test.go, and cmd/simrun's
// test of the flags): adding a field to Config means adding it here
// and to the flags, and the tests say so.

// header is Config as the trace writes it.
type header struct {
	Algo    string `json:"algo"`
	Seed    uint64 `json:"seed"`
	Preset  string `json:"preset"`
	Scripts string `json:"scripts,omitempty"`
	// ScriptTexts are the sources Scripts gave the run, by ID: a trace
	// replays without the directory.
	ScriptTexts []scriptText             `json:"script_texts,omitempty"`
	Mutant      string                   `json:"mutant,omitempty"`
	Safety      string                   `json:"safety,omitempty"`
	Liveness    string                   `json:"liveness,omitempty"`
	Procs       int                      `json:"procs,omitempty"`
	Threads     int                      `json:"threads,omitempty"`
	Client      *clients.ClientOverrides `json:"client,omitempty"`
	SkipFaults  []int                    `json:"skip_faults,omitempty"`
	StepByStep  bool                     `json:"step_by_step,omitempty"`
	// CustomFaults marks a run whose faults a test gave (Config.Faults),
	// or whose plan or workload a settings map built (Config.Plan,
	// Config.Workload): the header cannot rebuild them.
	CustomFaults bool `json:"custom_faults,omitempty"`
}

// scriptText is one script a user's directory gave a run, in its header.
type scriptText struct {
	ID     string `json:"id"`
	SHA1   string `json:"sha1"`
	Source string `json:"source"`
}

// HeaderJSON is the run header of c: one line of JSON.
func (c Config) HeaderJSON() []byte {
	h := header{Algo: c.Algo, Seed: c.Seed, Preset: c.Preset, Scripts: c.Scripts, Mutant: c.Mutant,
		Procs: c.Procs, Threads: c.Threads, SkipFaults: c.SkipFaults, StepByStep: c.StepByStep, CustomFaults: c.Faults != nil || c.Plan != nil || c.Workload != nil}
	for _, id := range slices.Sorted(maps.Keys(c.ScriptTexts)) {
		h.ScriptTexts = append(h.ScriptTexts, scriptText{id, scripts.SHA1Hex(c.ScriptTexts[id]), c.ScriptTexts[id]})
	}
	if c.Safety != 0 {
		h.Safety = c.Safety.String()
	}
	if c.Liveness != 0 {
		h.Liveness = c.Liveness.String()
	}
	if c.Client != (clients.ClientOverrides{}) {
		h.Client = &c.Client
	}
	b, err := json.Marshal(h)
	if err != nil {
		panic(err) // strings, numbers and slices of them always encode
	}
	return b
}

// ParseHeader reads a run header (HeaderJSON's output). Unknown fields,
// and a run whose faults a test gave, are errors.
func ParseHeader(b []byte) (Config, error) {
	var h header
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return Config{}, fmt.Errorf("bad run header: %v", err)
	}
	if dec.More() {
		return Config{}, fmt.Errorf("bad run header: more than one JSON value")
	}
	if h.CustomFaults {
		return Config{}, fmt.Errorf("the run's faults or workload were given by a test or a settings map, not drawn from its seed: it cannot be rebuilt from the header")
	}
	if h.Algo == "" || h.Preset == "" {
		return Config{}, fmt.Errorf("bad run header: no algo or preset")
	}
	c := Config{Algo: h.Algo, Seed: h.Seed, Preset: h.Preset, Scripts: h.Scripts, Mutant: h.Mutant,
		Procs: h.Procs, Threads: h.Threads, SkipFaults: h.SkipFaults, StepByStep: h.StepByStep}
	if len(h.ScriptTexts) > 0 {
		if h.Scripts == "" {
			return Config{}, fmt.Errorf("bad run header: script texts without a scripts directory")
		}
		c.ScriptTexts = map[string]string{}
		for _, s := range h.ScriptTexts {
			if _, dup := c.ScriptTexts[s.ID]; dup || scripts.SHA1Hex(s.Source) != s.SHA1 {
				return Config{}, fmt.Errorf("bad run header: script %s given twice, or its text does not have its SHA1", s.ID)
			}
			c.ScriptTexts[s.ID] = s.Source
		}
	}
	var err error
	for _, d := range []struct {
		s   string
		dst *sim.Duration
	}{{h.Safety, &c.Safety}, {h.Liveness, &c.Liveness}} {
		if d.s != "" {
			if *d.dst, err = sim.ParseDuration(d.s); err != nil {
				return Config{}, fmt.Errorf("bad run header: %v", err)
			}
		}
	}
	if h.Client != nil {
		c.Client = *h.Client
	}
	return c, nil
}

// Args is c as simrun run's flags (without the subcommand): the command
// that reproduces the run.
func (c Config) Args() []string {
	a := []string{"--algo", c.Algo, "--seed", strconv.FormatUint(c.Seed, 10), "--preset", c.Preset}
	add := func(name, v string) { a = append(a, "--"+name, v) }
	if c.Safety != 0 {
		add("safety", c.Safety.String())
	}
	if c.Liveness != 0 {
		add("liveness", c.Liveness.String())
	}
	if c.Procs != 0 {
		add("procs", strconv.Itoa(c.Procs))
	}
	if c.Threads != 0 {
		add("threads", strconv.Itoa(c.Threads))
	}
	if c.Scripts != "" {
		add("scripts", c.Scripts)
	}
	if c.Mutant != "" {
		add("mutant", c.Mutant)
	}
	o := c.Client
	for _, x := range []struct {
		name string
		ms   int64
	}{{"lock-watchdog-timeout", o.LockWatchdogTimeout}, {"thread-wait-time", o.ThreadWaitTime}, {"timeout", o.Timeout}, {"retry-interval", o.RetryInterval}, {"subscription-timeout", o.SubscriptionTimeout}} {
		if x.ms != 0 {
			add(x.name, strconv.FormatInt(x.ms, 10)+"ms")
		}
	}
	if o.RetryAttempts != 0 {
		add("retry-attempts", strconv.Itoa(o.RetryAttempts))
	}
	if len(c.SkipFaults) > 0 {
		skip := slices.Clone(c.SkipFaults)
		slices.Sort(skip)
		add("skip-faults", intList(skip))
	}
	if c.StepByStep {
		a = append(a, "--step-by-step")
	}
	return a
}

// Command is the shell command that reproduces the run: simrun run with
// c's flags (Args), each quoted for a POSIX shell where it needs it.
func (c Config) Command() string {
	args := c.Args()
	for i, a := range args {
		args[i] = ShellQuote(a)
	}
	return "go run ./cmd/simrun run " + strings.Join(args, " ")
}

// WithJob is the command cmd judged by the job file jobFile (--job; ""
// for the main job's catalogue, which needs no flag).
func WithJob(cmd, jobFile string) string {
	if jobFile == "" {
		return cmd
	}
	return cmd + " --job " + ShellQuote(jobFile)
}

// ShellQuote quotes s for a POSIX shell when it holds anything but
// letters, digits and -_./:=@%+,
func ShellQuote(s string) string {
	safe := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./:=@%+,", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// MaxFaultIndex bounds --skip-faults indices (a plan draws a handful of
// faults).
const MaxFaultIndex = 9999

// ParseSkipFaults reads simrun's --skip-faults (Config.SkipFaults):
// distinct indices, "" or "-" for none.
func ParseSkipFaults(s string) ([]int, error) {
	if s == "" || s == "-" {
		return nil, nil
	}
	var out []int
	for _, p := range strings.Split(s, ",") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > MaxFaultIndex || slices.Contains(out, n) {
			return nil, fmt.Errorf("--skip-faults %q: want distinct fault indices from 0 to %d, e.g. 0,2", s, MaxFaultIndex)
		}
		out = append(out, n)
	}
	return out, nil
}
