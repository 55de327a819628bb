package gate

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Alpha is the gate's family-wise significance: the chance that a change
// which alters nothing but timing fails on a rate that rose by chance, at
// most (Bonferroni over the mechanisms compared).
const Alpha = 0.001

// RuleText is the gate's decision rule, as the reports state it.
const RuleText = "each run of the change has a twin on the unmodified code (the same algorithm, preset and seed); " +
	"the change fails on a bug (a violation no mechanism explains) that its twin does not show, " +
	"or on a mechanism that shows in more runs than in their twins beyond chance"

// Rule is RuleText with the test that decides a rate, for a comparison in
// which tests mechanisms differed.
func Rule(tests int) string {
	if tests == 0 {
		return RuleText + " (no mechanism differed)"
	}
	return fmt.Sprintf("%s: a one-sided exact sign test (McNemar's) on the twins that differ, p < %g/%d (Bonferroni over the %d mechanisms that differed)", RuleText, Alpha, tests, tests)
}

// Change is a main job on changed code (Config.Scripts or Config.Mutant)
// judged against the same job on the unmodified code: the same
// algorithms, presets and seeds, so that each run of the change has its
// twin.
type Change struct {
	Base, Changed *Result
	// Touched are the algorithms whose runs the change alters, each with
	// what alters them; Untouched the others of the job's algorithms.
	Touched   []string
	What      map[string]string
	Untouched []string
	// Deltas compare each mechanism of each algorithm and property seen on
	// either side, the failing ones first.
	Deltas []Delta
	// Tests is how many deltas had a run only one side showed it in: the
	// Bonferroni divisor of Alpha.
	Tests int
}

// Delta is one mechanism of one algorithm and property in the change and
// in the unmodified code, run by run.
type Delta struct {
	Algo     string       `json:"algo"`
	Property string       `json:"property"`
	Label    string       `json:"mechanism"`
	Class    checks.Class `json:"class"` // the change's class (the unmodified one's when the change lacks it)
	Ref      string       `json:"ref,omitempty"`
	// Base and Changed count the runs that showed it; OnlyChanged and
	// OnlyBase the twins where one side showed it and the other did not.
	Base        int `json:"base_runs"`
	Changed     int `json:"changed_runs"`
	OnlyChanged int `json:"only_changed"`
	OnlyBase    int `json:"only_base"`
	// P is the one-sided exact sign test (McNemar's) of the twins that
	// differ: the chance of OnlyChanged or more of them on the change's
	// side were each as likely on either.
	P float64 `json:"p"`
	// Fails says the change brings it; Why says how it was decided.
	Fails bool   `json:"fails"`
	Why   string `json:"why"`
	// Preset and Seed are the first run only the change showed it in
	// (with Text, as that run told it when it is the mechanism's first
	// run in its cell; else the cell's first).
	Preset string   `json:"preset,omitempty"`
	Seed   uint64   `json:"seed,omitempty"`
	Text   string   `json:"text,omitempty"`
	At     sim.Time `json:"at_us,omitempty"` // when that run showed it, 0 when unknown
}

// Command is the command that reproduces the first run only the change
// showed d in.
func (c *Change) Command(d Delta) string {
	return c.Changed.Command(Finding{Algo: d.Algo, Preset: d.Preset, Seed: d.Seed, Property: d.Property, At: d.At})
}

// Failed reports whether the change brings a violation the unmodified
// code does not explain.
func (c *Change) Failed() bool {
	for _, d := range c.Deltas {
		if d.Fails {
			return true
		}
	}
	return false
}

// Touched splits algos into those whose runs the change alters (with
// what alters each) and the others. A script directory alters an
// algorithm when it gives one of the scripts its runs use with a text
// other than Redisson's (a byte-identical copy changes nothing); a mutant
// alters its own algorithm.
func Touched(algos []string, dir, mutant string) (touched []string, what map[string]string, untouched []string, err error) {
	what = map[string]string{}
	var own map[string]*scripts.Script
	var m clients.Mutant
	switch {
	case mutant != "":
		if m, err = clients.LookupMutant(mutant); err != nil {
			return nil, nil, nil, err
		}
	case dir != "":
		if own, err = scripts.LoadDir(dir); err != nil {
			return nil, nil, nil, err
		}
	}
	for _, a := range algos {
		var why []string
		switch {
		case mutant != "" && m.Algo == a:
			why = append(why, "mutant "+mutant+": "+m.What)
		case dir != "":
			ids, err := clients.ScriptsUsed(a)
			if err != nil {
				return nil, nil, nil, err
			}
			for _, id := range ids {
				if s := own[id]; s != nil && !s.IsOriginal() {
					why = append(why, id)
				}
			}
		}
		if len(why) == 0 {
			untouched = append(untouched, a)
			continue
		}
		touched = append(touched, a)
		what[a] = strings.Join(why, ", ")
	}
	return touched, what, untouched, nil
}

// RunChange runs the job of cfg (whose Scripts or Mutant is the change)
// on the algorithms the change alters, once on the unmodified code and
// once on the change, and compares them mechanism by mechanism.
func RunChange(ctx context.Context, cfg Config) (*Change, error) {
	touched, what, untouched, err := Touched(cfg.Algos, cfg.Scripts, cfg.Mutant)
	if err != nil {
		return nil, err
	}
	c := &Change{Touched: touched, What: what, Untouched: untouched}
	base, changed := cfg, cfg
	base.Algos, changed.Algos = touched, touched
	base.Scripts, base.Mutant = "", ""
	base.What, changed.What = "unmodified", "changed"
	base.NoCoverage, changed.NoCoverage = true, true
	switch {
	case cfg.Base != nil && slices.Equal(cfg.Base.Algos, touched) && cfg.Base.Lo == cfg.Lo && cfg.Base.Hi == cfg.Hi:
		c.Base = cfg.Base
	default:
		base.Base = nil
		if c.Base, err = Run(ctx, base); err != nil {
			return nil, err
		}
	}
	if ctx.Err() != nil {
		c.Changed = changed.newResult(touched, c.Base.Runs)
		return c, nil
	}
	changed.Base = nil
	if c.Changed, err = Run(ctx, changed); err != nil {
		return nil, err
	}
	c.compare(cfg.Shard)
	return c, nil
}

// NewChange is the change of base to changed, as a reader of its JSON
// rebuilds it: the two jobs' results (each whole), what the change
// alters, and the comparison made again.
func NewChange(base, changed *Result, touched []string, what map[string]string, untouched []string) *Change {
	c := &Change{Base: base, Changed: changed, Touched: touched, What: what, Untouched: untouched}
	c.compare(Shard{})
	return c
}

// compare fills the deltas: for each algorithm, property and mechanism
// seen on either side, the twins that differ, the sign test, and the
// decision.
func (c *Change) compare(shard Shard) {
	if c.Changed.Done < c.Changed.Runs || c.Base.Done < c.Base.Runs {
		return // not all the runs: nothing to pair
	}
	var seeds []uint64
	for k := range shard.Count(c.Base.Lo, c.Base.Hi) {
		seeds = append(seeds, shard.Seed(c.Base.Lo, k))
	}
	var ds []Delta
	for _, a := range c.Touched {
		for _, prop := range propertiesOf(c.Base, c.Changed, a) {
			for _, label := range labelsOf(a, prop, c.Base, c.Changed) {
				ds = append(ds, c.delta(a, prop, label, seeds))
			}
		}
	}
	for _, d := range ds {
		if d.OnlyChanged+d.OnlyBase > 0 {
			c.Tests++
		}
	}
	for i := range ds {
		decide(&ds[i], c.Tests)
	}
	// failing first, bugs first among them
	rank := func(d Delta) int {
		switch {
		case d.Fails && d.Class == checks.Bug:
			return 0
		case d.Fails:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(ds, func(x, y Delta) int { return rank(x) - rank(y) })
	c.Deltas = ds
}

// propertiesOf are the properties in table order (the result's own).
func propertiesOf(base, changed *Result, algo string) []string {
	var props []string
	for _, r := range []*Result{base, changed} {
		for _, p := range r.Presets {
			for _, c := range r.cells {
				if c.Algo == algo && c.Preset == p && !slices.Contains(props, c.Property) {
					props = append(props, c.Property)
				}
			}
		}
	}
	order := func(p string) int { return slices.Index(verdict.Properties, p) }
	slices.SortFunc(props, func(x, y string) int { return order(x) - order(y) })
	return props
}

// labelsOf are the mechanisms of algo and prop on either side, bugs first.
func labelsOf(algo, prop string, rs ...*Result) []string {
	var ms []*MechStat
	for _, r := range rs {
		r.EachMech(prop, func(a, _ string, m *MechStat) {
			if a == algo && !slices.ContainsFunc(ms, func(x *MechStat) bool { return x.Label == m.Label }) {
				ms = append(ms, m)
			}
		})
	}
	slices.SortStableFunc(ms, func(a, b *MechStat) int {
		if d := Rank(a.Class) - Rank(b.Class); d != 0 {
			return d
		}
		return strings.Compare(a.Label, b.Label)
	})
	var out []string
	for _, m := range ms {
		out = append(out, m.Label)
	}
	return out
}

// delta pairs the runs of algo, prop and label: every preset's seeds, on
// both sides.
func (c *Change) delta(algo, prop, label string, seeds []uint64) Delta {
	d := Delta{Algo: algo, Property: prop, Label: label}
	for _, p := range c.Base.Presets {
		bm, cm := c.Base.Cell(algo, p, prop).Mech(label), c.Changed.Cell(algo, p, prop).Mech(label)
		for _, m := range []*MechStat{cm, bm} {
			if m != nil && d.Class == "" {
				d.Class, d.Ref = m.Class, m.Ref
			}
		}
		for _, s := range seeds {
			inB, inC := bm.Has(s), cm.Has(s)
			switch {
			case inB && inC:
				d.Base++
				d.Changed++
			case inB:
				d.Base++
				d.OnlyBase++
			case inC:
				d.Changed++
				d.OnlyChanged++
				if d.Preset == "" {
					d.Preset, d.Seed, d.Text, d.At = p, s, cm.Text, cm.At
					if cm.First() != s {
						d.At = 0
						d.Text = fmt.Sprintf("(as seed %d told it) %s", cm.First(), cm.Text)
					}
				}
			}
		}
	}
	d.P = signTest(d.OnlyChanged, d.OnlyBase)
	return d
}

// decide is the gate's rule for one delta, tests deltas being compared:
// a bug (a violation no mechanism explains) in a run whose twin on the
// unmodified code does not show it fails; any other mechanism fails when
// it shows in significantly more runs of the change than of their twins.
func decide(d *Delta, tests int) {
	switch {
	case d.OnlyChanged == 0:
		d.Why = "no run of the change shows it that its twin does not"
	case d.Class == checks.Bug:
		d.Fails = true
		d.Why = fmt.Sprintf("a bug (no mechanism explains it) in %d runs whose twins on the unmodified code do not show it", d.OnlyChanged)
	case d.P < Alpha/float64(max(tests, 1)):
		d.Fails = true
		d.Why = fmt.Sprintf("in %d more runs than their twins (%d only in the change, %d only in the unmodified code): p = %.2g < %g/%d", d.OnlyChanged-d.OnlyBase, d.OnlyChanged, d.OnlyBase, d.P, Alpha, max(tests, 1))
	default:
		d.Why = fmt.Sprintf("%d runs only in the change, %d only in the unmodified code: p = %.2g, no more than chance (%g/%d)", d.OnlyChanged, d.OnlyBase, d.P, Alpha, max(tests, 1))
	}
}

// signTest is the one-sided exact sign test: the chance, when each of the
// b+c differing twins were as likely to fall on either side, that b or
// more fall on the change's side.
func signTest(b, c int) float64 {
	n := b + c
	if b == 0 {
		return 1
	}
	lnC := func(k int) float64 {
		x, _ := math.Lgamma(float64(n + 1))
		y, _ := math.Lgamma(float64(k + 1))
		z, _ := math.Lgamma(float64(n - k + 1))
		return x - y - z
	}
	p := 0.0
	for k := b; k <= n; k++ {
		p += math.Exp(lnC(k) - float64(n)*math.Ln2)
	}
	return min(p, 1)
}

// Has reports whether the mechanism showed in the run of seed s.
func (m *MechStat) Has(s uint64) bool {
	if m == nil {
		return false
	}
	_, ok := slices.BinarySearch(m.Seeds, s)
	return ok
}

// Merge adds o, another shard of the same change, into c: both jobs, then
// the comparison again over the seeds the shards hold.
func (c *Change) Merge(o *Change) error {
	if !slices.Equal(c.Touched, o.Touched) {
		return fmt.Errorf("the changes alter other algorithms: %s and %s", strings.Join(c.Touched, ","), strings.Join(o.Touched, ","))
	}
	if err := c.Base.Merge(o.Base); err != nil {
		return fmt.Errorf("the unmodified jobs: %v", err)
	}
	if err := c.Changed.Merge(o.Changed); err != nil {
		return fmt.Errorf("the changed jobs: %v", err)
	}
	c.Deltas, c.Tests = nil, 0
	c.compare(Shard{})
	return nil
}
