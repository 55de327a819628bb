package verdict

import (
	"context"
	"sort"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/jobspec"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Finding is a known behaviour the harness reproduces, bug or by design:
// a test finds each within a bounded range of seeds, and MeasureFindings
// (`simrun bugzoo`) measures how often it shows up.
type Finding struct {
	Algo, Preset string
	Property     string
	Class        checks.Class
	Seeds        uint64 // the test searches seeds 1..Seeds
	Why          string
	Excuse       string // for by-design findings: a word its mechanism must name
	Client       clients.ClientOverrides
	Short        bool   // 1 min safety + 30 s liveness, for rare findings that need many seeds
	Issue        string // the Redisson issue(s), or where the failure is known from
	Scenario     string // a scenario file that shows it step by step, if any
	// Path is, for a Redisson bug, the code path the finding is about: a
	// violation counts only where its run took it (Took), so a run of
	// 3.8.1 whose mutex violation came from a forceUnlock is not one that
	// shows the watchdog cancelled by another thread's unlock.
	Path clients.Flaw
}

// Config is the run configuration of the finding for one seed.
func (f Finding) Config(seed uint64) run.Config {
	cfg := run.Config{Algo: f.Algo, Seed: seed, Preset: f.Preset, Client: f.Client}
	if f.Short {
		cfg.Safety, cfg.Liveness = sim.Minute, 30*sim.Second
	}
	return cfg
}

// Matches reports whether v is this finding: its property and class, a
// word of its excuse, and its path when it names one.
func (f Finding) Matches(v checks.Violation) bool {
	return v.Property == f.Property && v.Class == f.Class && strings.Contains(v.Mech.String(), f.Excuse) &&
		(f.Path == "" || Took(v, f.Path))
}

// ScenarioDir is where the scenario files live, from the repository's root.
const ScenarioDir = "scenario/testdata/"

// Findings are the main job's expected findings (jobspec/main.toml's
// [[expect]]), in the order of results/bug-zoo.md.
var Findings = FindingsOf(jobspec.Main())

// FindingsOf are the findings job j expects.
func FindingsOf(j *jobspec.Job) []Finding {
	var out []Finding
	for _, e := range j.Expect {
		out = append(out, Finding{Algo: e.Algo, Preset: e.Preset, Property: e.Property, Class: e.Class, Seeds: e.Within,
			Why: e.What, Excuse: e.Mechanism, Client: e.Settings, Short: e.Short, Issue: e.Ref, Scenario: e.Scenario, Path: e.Path})
	}
	return out
}

// Seek searches f's seeds 1..f.Seeds in order, judged by j, for the
// first run that shows f; seed 0 when none does. Runs go on every worker
// of b, and the answer does not depend on how many: the first seed in
// order that shows it, however the runs finish.
func (j Judge) Seek(ctx context.Context, f Finding, b Batch) (seed uint64, v checks.Violation, err error) {
	ctx, found := context.WithCancel(ctx)
	defer found()
	b.Run(ctx, "", f.Seeds, j.CheckConfig, func(i uint64) run.Config {
		return f.Config(i + 1)
	}, func(_ uint64, cfg run.Config, o Outcome) {
		if seed != 0 || err != nil {
			return
		}
		if o.Err != nil {
			err = o.Err
			found()
			return
		}
		for _, w := range o.Violations {
			if f.Matches(w) {
				seed, v = cfg.Seed, w
				found()
				return
			}
		}
	})
	return seed, v, err
}

// Span is the seed range a measurement over lo-hi gives the finding: a
// rare finding (Short, measured on short runs) takes ten times as many
// seeds from lo, so its rate per 1000 is not a lucky zero.
func (f Finding) Span(lo, hi uint64) (uint64, uint64) {
	if f.Short {
		return lo, lo + 10*(hi-lo+1) - 1
	}
	return lo, hi
}

// Rate is how often a finding showed up: the runs measured, how many
// showed it, and the first seed that did (0: none).
type Rate struct {
	Runs  uint64
	Hits  int
	First uint64
}

// MeasureFindings runs each finding's span of lo-hi and counts the runs
// that show it. It returns the rates, how many runs finished of how many
// planned (fewer when ctx was cancelled) and the first error that kept a
// run from running.
func MeasureFindings(ctx context.Context, fs []Finding, lo, hi uint64, b Batch) (rates []Rate, done, total uint64, err error) {
	return MeasureBy(ctx, fs, func(k int) (uint64, uint64) { return fs[k].Span(lo, hi) },
		func(k int, v checks.Violation) bool { return fs[k].Matches(v) }, b)
}

// MeasureBy is MeasureFindings with each finding's seed range (span) and
// what counts as showing it (match) given by the caller.
func MeasureBy(ctx context.Context, fs []Finding, span func(k int) (from, to uint64), match func(k int, v checks.Violation) bool, b Batch) (rates []Rate, done, total uint64, err error) {
	var offsets []uint64 // where each finding's runs start
	rates = make([]Rate, len(fs))
	for k := range fs {
		offsets = append(offsets, total)
		from, to := span(k)
		rates[k].Runs = to - from + 1
		total += rates[k].Runs
	}
	jobOf := func(i uint64) (int, uint64) {
		k := sort.Search(len(offsets), func(k int) bool { return offsets[k] > i }) - 1
		from, _ := span(k)
		return k, from + i - offsets[k]
	}
	done = b.Run(ctx, "simulating", total, nil, func(i uint64) run.Config {
		k, seed := jobOf(i)
		return fs[k].Config(seed)
	}, func(i uint64, cfg run.Config, o Outcome) {
		if o.Err != nil {
			if err == nil {
				err = o.Err
			}
			return
		}
		k, _ := jobOf(i)
		for _, v := range o.Violations {
			if match(k, v) {
				rates[k].Hits++
				if rates[k].First == 0 {
					rates[k].First = cfg.Seed
				}
				break
			}
		}
	})
	return rates, done, total, err
}
