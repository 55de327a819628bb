package gate

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/jobspec"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Config is one main job.
type Config struct {
	// Job is the job file the run follows: its presets, its settings per
	// algorithm, and the catalogue its violations are judged by (nil: the
	// embedded main job, jobspec.Main). Algos and the seed range are its
	// matrix too, but the caller sets them (simrun's flags may narrow them).
	Job    *jobspec.Job
	Algos  []string // in the order of the tables
	Lo, Hi uint64   // the seed range, inclusive
	// Shard, when N > 1, runs only the seeds of shard I of N: every N-th
	// seed of the range from the I-th, as sweep's --shard takes them.
	// Merge joins the shards into the job.
	Shard Shard
	// NoConfirm skips the counterfactual runs that confirm every
	// violation a fault explains.
	NoConfirm bool
	// Scripts and Mutant run the algorithms on a user's script directory
	// or a mutant of the catalogue instead of the real code (run.Config's).
	Scripts, Mutant string
	Batch           verdict.Batch
	// What names the job on its progress line ("simulating" when empty).
	What string
	// NoCoverage skips the statement coverage of the fault-free runs.
	NoCoverage bool
	// Base, for a change (RunChange), is the job already run on the
	// unmodified code for the algorithms the change alters: the mutants
	// of one algorithm share it.
	Base *Result
}

// Shard is part I (1-based) of N of a job's seeds: every N-th seed from
// the I-th (flagx.Shard's). The zero Shard is the whole range.
type Shard struct{ I, N int }

// MaxShards bounds N: a result keeps the shards it holds in a bit set.
const MaxShards = 64

// whole is s, or 1/1 for the zero Shard.
func (s Shard) whole() Shard {
	if s.N <= 1 {
		return Shard{1, 1}
	}
	return s
}

// Count is how many seeds of lo..hi the shard takes.
func (s Shard) Count(lo, hi uint64) uint64 {
	s = s.whole()
	skip := uint64(s.I - 1)
	if hi < lo || hi-lo+1 <= skip {
		return 0
	}
	return (hi-lo-skip)/uint64(s.N) + 1
}

// Seed is the shard's k-th seed of lo..hi (from 0).
func (s Shard) Seed(lo uint64, k uint64) uint64 {
	s = s.whole()
	return lo + uint64(s.I-1) + k*uint64(s.N)
}

// job is c's job file, the main job when it names none.
func (c Config) job() *jobspec.Job {
	if c.Job == nil {
		return jobspec.Main()
	}
	return c.Job
}

// Result is what a main job found.
type Result struct {
	Algos   []string `json:"algos"`
	Presets []string `json:"-"` // in the order of the tables
	Lo, Hi  uint64   `json:"-"`
	Scripts string   `json:"scripts,omitempty"`
	Mutant  string   `json:"mutant,omitempty"`
	// Job names the job file's job when it is not the embedded main job,
	// JobFile where it was read from: a reproducing command takes it.
	Job, JobFile string
	// Settings are the job's Redisson settings by algorithm.
	Settings map[string]clients.ClientOverrides
	// Runs were planned, Done finished (fewer when interrupted).
	Runs, Done uint64
	// Shards is the set of shards of N the result holds (bit I-1 for
	// shard I), 1 for an unsharded job (or all shards merged: N is then
	// 1 too); ShardsOf is N.
	Shards   uint64
	ShardsOf int
	cells    map[string]*Cell
	// Confirmed and Rejudged count the violations a fault explained that
	// a counterfactual run confirmed, or re-judged (another mechanism made
	// them); Rejudgements keeps each cell's first re-judged one.
	Confirmed, Rejudged int
	Rejudgements        []Finding
	// Unconfirmed: the job ran with NoConfirm.
	Unconfirmed bool
	// Statements are the script statements of each Redisson algorithm with
	// the runs that executed them: the fault-free runs and the coverage
	// seeds (run by the last shard), nil until every run has finished.
	Statements map[string][]verdict.ScriptStatement
}

// Finding is one mechanism of one cell: its first seed and how it was
// told, with how many runs showed it.
type Finding struct {
	Property, Algo, Preset string
	Seed                   uint64
	Text                   string
	Label                  string
	Runs                   int
	At                     sim.Time // when the violation happened, 0 when unknown
}

// key names a cell.
func key(algo, preset, prop string) string { return algo + "/" + preset + "/" + prop }

// Cell is the cell of algo × preset × property, nil when none of its runs
// finished.
func (r *Result) Cell(algo, preset, prop string) *Cell { return r.cells[key(algo, preset, prop)] }

// RunConfig is the run the job makes of algo, seed and preset: the
// sweep's (run.SweepConfig) with the job's settings for algo, on the
// job's scripts or mutant where they apply.
func (c Config) RunConfig(algo string, seed uint64, preset string) run.Config {
	return jobRun(algo, seed, preset, c.job().Settings, c.Scripts, c.Mutant)
}

// jobRun is the run a job of settings, scripts and mutant makes of algo,
// seed and preset: the scripts and the mutant only where they apply.
func jobRun(algo string, seed uint64, preset string, settings map[string]clients.ClientOverrides, scripts, mutant string) run.Config {
	cfg := run.SweepConfig(algo, seed, preset)
	cfg.Client = settings[algo]
	if _, _, redisson := clients.RedissonAlgo(algo); redisson {
		cfg.Scripts = scripts
	}
	if m, err := clients.LookupMutant(mutant); err == nil && m.Algo == algo {
		cfg.Mutant = mutant
	}
	return cfg
}

// Command is the command that reproduces a finding's first seed in job r.
func (r *Result) Command(f Finding) string {
	cmd := run.WithJob(jobRun(f.Algo, f.Seed, f.Preset, r.Settings, r.Scripts, r.Mutant).Command(), r.JobFile)
	switch {
	case f.Property != "" && f.At > 0:
		cmd += fmt.Sprintf(" --focus %s@%s", f.Property, strconv.FormatFloat(float64(f.At)/1e6, 'f', -1, 64))
	case f.Property != "":
		cmd += " --focus " + f.Property
	}
	return cmd
}

// Passed reports whether the job finished every run and none showed a bug.
func (r *Result) Passed() bool { return r.Done == r.Runs && len(r.Unexpected()) == 0 }

// SetCell puts c in the result as the cell of its algorithm, preset and
// property: a reader of the result's JSON rebuilds the result so.
func (r *Result) SetCell(c *Cell) {
	if r.cells == nil {
		r.cells = map[string]*Cell{}
	}
	r.cells[key(c.Algo, c.Preset, c.Property)] = c
}

// Run runs the main job. The error is one that kept a run from running;
// when ctx is cancelled Run stops and the result counts the runs that
// finished.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	shard := cfg.Shard.whole()
	count := shard.Count(cfg.Lo, cfg.Hi)
	algos := cfg.Algos
	spec := cfg.job()
	presets := spec.Presets
	perSeed := uint64(len(algos) * len(presets))
	total := perSeed * count
	type job struct {
		algo, preset string
		seed         uint64
	}
	// seed by seed, every algorithm and preset of a seed together: each
	// stretch of the job has the same mix of costly and cheap runs (an
	// ETA from the rate so far holds), and an interrupted job has run
	// every cell's first seeds
	jobOf := func(i uint64) job {
		k := i % perSeed
		return job{algos[k/uint64(len(presets))], presets[k%uint64(len(presets))], shard.Seed(cfg.Lo, i/perSeed)}
	}
	res := cfg.newResult(algos, total)
	res.Shards, res.ShardsOf = 1<<(shard.I-1), shard.N
	judge := verdict.Judge{Job: spec}
	check := judge.ConfirmConfig
	if cfg.NoConfirm {
		check = judge.CheckConfig
	}
	var runErr error
	// the coverage counts the unmodified scripts under the main job's
	// settings (its unreached statements are explained for those)
	counted := cfg.Scripts == "" && cfg.Mutant == "" && !cfg.NoCoverage && spec.Embedded()
	coverage := verdict.NewJobCoverage(total, func(i uint64) bool {
		j := jobOf(i)
		_, _, redisson := clients.RedissonAlgo(j.algo)
		return redisson && j.preset == "none" && counted
	})
	what := cmp.Or(cfg.What, "simulating")
	res.Done = cfg.Batch.Run(ctx, what, total, check, func(i uint64) run.Config {
		j := jobOf(i)
		c := cfg.RunConfig(j.algo, j.seed, j.preset)
		c.Coverage = coverage.Of(i)
		return c
	}, func(i uint64, _ run.Config, o verdict.Outcome) {
		if o.Err != nil {
			if runErr == nil {
				runErr = o.Err
			}
			return
		}
		j := jobOf(i)
		coverage.Add(j.algo, coverage.Of(i))
		res.countConfirmations(j.algo, j.preset, j.seed, o.Violations)
		for _, prop := range verdict.Properties {
			k := key(j.algo, j.preset, prop)
			c := res.cells[k]
			if c == nil {
				c = &Cell{Algo: j.algo, Preset: j.preset, Property: prop}
				res.cells[k] = c
			}
			c.add(j.seed, o.Violations)
		}
	})
	if runErr != nil {
		return nil, runErr
	}
	res.sortRejudgements()
	if res.Done == total && counted && ctx.Err() == nil {
		if shard.I == shard.N { // the coverage seeds count once, in the last shard
			if _, err := coverage.RunCoverageSeeds(ctx, algos, cfg.Batch); err != nil {
				return nil, err
			}
		}
		if ctx.Err() == nil {
			var err error
			if res.Statements, err = coverage.Statements(); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

// newResult is an empty result of the job on algos, of total runs.
func (c Config) newResult(algos []string, total uint64) *Result {
	spec := c.job()
	r := &Result{Algos: slices.Clone(algos), Presets: spec.Presets, Lo: c.Lo, Hi: c.Hi, Scripts: c.Scripts, Mutant: c.Mutant,
		Settings: spec.Settings, Runs: total, cells: map[string]*Cell{}, Unconfirmed: c.NoConfirm, Shards: 1, ShardsOf: 1}
	if !spec.Embedded() {
		r.Job, r.JobFile = spec.Name, spec.File
	}
	return r
}

// sortRejudgements puts the re-judged findings in table order (one per
// cell, its first seed), the order a merge of shards gives too.
func (r *Result) sortRejudgements() {
	idx := func(xs []string, x string) int { return slices.Index(xs, x) }
	slices.SortStableFunc(r.Rejudgements, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(idx(r.Algos, a.Algo), idx(r.Algos, b.Algo)), cmp.Compare(idx(r.Presets, a.Preset), idx(r.Presets, b.Preset)),
			cmp.Compare(idx(verdict.Properties, a.Property), idx(verdict.Properties, b.Property)), cmp.Compare(a.Seed, b.Seed))
	})
	r.Rejudgements = slices.CompactFunc(r.Rejudgements, func(a, b Finding) bool {
		return a.Property == b.Property && a.Algo == b.Algo && a.Preset == b.Preset
	})
}

// countConfirmations counts the confirmed and re-judged mechanisms of one
// run's violations, keeping the re-judged ones (sortRejudgements keeps
// each cell's first).
func (r *Result) countConfirmations(algo, preset string, seed uint64, vs []checks.Violation) {
	for _, v := range vs {
		switch {
		case v.Confirmed == "":
		case v.Confirmed[0] == 'c': // "confirmed: ..."
			r.Confirmed++
		default:
			r.Rejudged++
			if !slices.ContainsFunc(r.Rejudgements, func(f Finding) bool { return f.Algo == algo && f.Preset == preset && f.Property == v.Property }) {
				r.Rejudgements = append(r.Rejudgements, Finding{Property: v.Property, Algo: algo, Preset: preset, Seed: seed, Text: v.String(), Label: v.Mech.Label(), Runs: 1, At: v.At})
			}
		}
	}
}

// Findings are the cells' mechanisms of one class, property by property,
// algorithm by algorithm, preset by preset, each with its first seed.
func (r *Result) Findings(class checks.Class) []Finding {
	var out []Finding
	for _, prop := range verdict.Properties {
		r.EachMech(prop, func(a, p string, m *MechStat) {
			if m.Class == class {
				out = append(out, Finding{Property: prop, Algo: a, Preset: p, Seed: m.First(), Text: m.Text, Label: m.Label, Runs: m.Runs(), At: m.At})
			}
		})
	}
	return out
}

// EachMech calls fn with every mechanism of prop's cells, algorithm by
// algorithm, preset by preset.
func (r *Result) EachMech(prop string, fn func(algo, preset string, m *MechStat)) {
	for _, a := range r.Algos {
		for _, p := range r.Presets {
			if c := r.Cell(a, p, prop); c != nil {
				for _, m := range c.Mechs {
					fn(a, p, m)
				}
			}
		}
	}
}

// Unexpected are the job's bugs: violations no mechanism explains.
func (r *Result) Unexpected() []Finding { return r.Findings(checks.Bug) }

// Merge adds o, another shard of the same job, into r: the cells, the run
// counts, the confirmations and the statement coverage. It refuses a job
// of other algorithms, seeds, scripts or mutant, or a shard already
// counted. When every shard is in, r is the whole job's result.
func (r *Result) Merge(o *Result) error {
	switch {
	case !slices.Equal(r.Algos, o.Algos):
		return fmt.Errorf("the algorithms differ: %s and %s", strings.Join(r.Algos, ","), strings.Join(o.Algos, ","))
	case !slices.Equal(r.Presets, o.Presets):
		return fmt.Errorf("the presets differ: %s and %s", strings.Join(r.Presets, ","), strings.Join(o.Presets, ","))
	case r.Job != o.Job || !maps.Equal(r.Settings, o.Settings):
		return fmt.Errorf("the jobs differ: %s and %s", cmp.Or(r.Job, "main"), cmp.Or(o.Job, "main"))
	case r.Lo != o.Lo || r.Hi != o.Hi:
		return fmt.Errorf("the seed ranges differ: %d-%d and %d-%d", r.Lo, r.Hi, o.Lo, o.Hi)
	case r.Scripts != o.Scripts || r.Mutant != o.Mutant:
		return fmt.Errorf("the code differs: scripts %q mutant %q and scripts %q mutant %q", r.Scripts, r.Mutant, o.Scripts, o.Mutant)
	case r.Unconfirmed != o.Unconfirmed:
		return fmt.Errorf("one shard ran with --no-confirm, the other not")
	case r.ShardsOf != o.ShardsOf:
		return fmt.Errorf("one is a shard of %d, the other of %d", r.ShardsOf, o.ShardsOf)
	case r.Shards&o.Shards != 0:
		return fmt.Errorf("a shard is counted twice")
	}
	r.Shards |= o.Shards
	r.Runs += o.Runs
	r.Done += o.Done
	r.Confirmed += o.Confirmed
	r.Rejudged += o.Rejudged
	r.Rejudgements = append(r.Rejudgements, o.Rejudgements...)
	r.sortRejudgements()
	for k, oc := range o.cells {
		if c := r.cells[k]; c != nil {
			c.merge(oc)
		} else {
			cp := Cell{Algo: oc.Algo, Preset: oc.Preset, Property: oc.Property}
			cp.merge(oc)
			r.SetCell(&cp)
		}
	}
	switch {
	case r.Statements == nil || o.Statements == nil:
		r.Statements = nil // a shard did not finish: no coverage
	default:
		for a, os := range o.Statements {
			if _, ok := r.Statements[a]; !ok {
				r.Statements[a] = slices.Clone(os)
			}
		}
		for a, sts := range r.Statements {
			os, ok := o.Statements[a]
			if !ok {
				continue
			}
			if len(os) != len(sts) {
				return fmt.Errorf("the shards count other statements of %s", a)
			}
			for i := range sts {
				if os[i].Script != sts[i].Script || os[i].Index != sts[i].Index {
					return fmt.Errorf("the shards count other statements of %s", a)
				}
				sts[i].Runs += os[i].Runs
			}
		}
	}
	if r.Shards == 1<<r.ShardsOf-1 {
		r.Shards, r.ShardsOf = 1, 1 // every shard: the whole job
	}
	return nil
}

// Complete reports whether r holds every shard and every run of the job.
func (r *Result) Complete() bool { return r.ShardsOf == 1 && r.Done == r.Runs }
