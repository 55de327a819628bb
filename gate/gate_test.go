package gate

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

var (
	pause = checks.Mechanism{Kind: checks.MechFault, Name: "pause"}
	kept  = checks.Mechanism{Kind: checks.MechFlaw, Name: "lease-kept", Ref: "redisson#4818"}
)

// A cell counts a run once per class present, and each mechanism with the
// seeds that showed it, bugs first; other properties do not count.
func TestCellCounts(t *testing.T) {
	bug := checks.Violation{Property: "mutex", Kind: "two-holders", Class: checks.Bug, Detail: "two holders"}
	design := checks.Violation{Property: "mutex", Kind: "two-holders", Class: checks.ByDesign, Mech: pause}
	known := checks.Violation{Property: "mutex", Kind: "two-holders", Class: checks.Known, Mech: kept}
	other := checks.Violation{Property: "holds", Class: checks.Bug}
	c := Cell{Property: "mutex"}
	c.add(3, []checks.Violation{design})
	c.add(4, []checks.Violation{design, bug, bug, known})
	c.add(5, []checks.Violation{other})
	c.add(6, []checks.Violation{bug})
	if c.Runs != 4 || c.Bug != 2 || c.Known != 1 || c.Design != 2 {
		t.Fatalf("runs %d, bug %d, known %d, design %d", c.Runs, c.Bug, c.Known, c.Design)
	}
	var got []string
	for _, m := range c.Mechs {
		got = append(got, m.Label)
	}
	if want := []string{bug.Mech.Label(), "flaw:lease-kept", "fault:pause"}; !slices.Equal(got, want) {
		t.Fatalf("mechanisms %q, want %q", got, want)
	}
	if m := c.Mechs[0]; !slices.Equal(m.Seeds, []uint64{4, 6}) || m.First() != 4 || m.Runs() != 2 || m.Text != bug.String() {
		t.Errorf("the bug: %+v", m)
	}
	if m := c.Mechs[1]; m.Ref != kept.Ref || m.Class != checks.Known {
		t.Errorf("the known flaw: %+v", m)
	}
	if m := c.Mechs[2]; !slices.Equal(m.Seeds, []uint64{3, 4}) {
		t.Errorf("the pause: %+v", m)
	}
}

// A cell made of two shards' cells is the cell of all their seeds, in
// whichever order the shards are merged.
func TestCellMerge(t *testing.T) {
	runs := map[uint64][]checks.Violation{
		1: {{Property: "mutex", Class: checks.ByDesign, Mech: pause, Detail: "one"}},
		2: nil,
		3: {{Property: "mutex", Class: checks.Known, Mech: kept}},
		4: {{Property: "mutex", Class: checks.ByDesign, Mech: pause, Detail: "four"}, {Property: "mutex", Class: checks.Bug}},
	}
	cellOf := func(seeds ...uint64) *Cell {
		c := &Cell{Property: "mutex"}
		for _, s := range seeds {
			c.add(s, runs[s])
		}
		return c
	}
	whole := cellOf(1, 2, 3, 4)
	for _, order := range [][2][]uint64{{{1, 2}, {3, 4}}, {{3, 4}, {1, 2}}, {{2, 4}, {1, 3}}} {
		c := cellOf(order[0]...)
		c.merge(cellOf(order[1]...))
		if !reflect.DeepEqual(c, whole) {
			t.Errorf("merged %v: %+v\nwhole %+v", order, c, whole)
		}
	}
}

// The shards of a range take each of its seeds once, every N-th from
// the I-th, in counts that differ by one at most; more shards than seeds
// leave some empty.
func TestShardSeeds(t *testing.T) {
	for _, c := range []struct{ lo, hi uint64 }{{1, 10}, {5, 5}, {1, 1000}, {7, 9}} {
		for n := 1; n <= 12; n++ {
			seen := map[uint64]int{}
			var counts []uint64
			for i := 1; i <= n; i++ {
				s := Shard{i, n}
				k := s.Count(c.lo, c.hi)
				counts = append(counts, k)
				for j := range k {
					seed := s.Seed(c.lo, j)
					if seed < c.lo || seed > c.hi || (seed-c.lo)%uint64(n) != uint64(i-1) {
						t.Fatalf("%d-%d shard %d/%d: seed %d", c.lo, c.hi, i, n, seed)
					}
					seen[seed]++
				}
			}
			if uint64(len(seen)) != c.hi-c.lo+1 || slices.Max(counts)-slices.Min(counts) > 1 {
				t.Errorf("%d-%d in %d shards: %d seeds, counts %v", c.lo, c.hi, n, len(seen), counts)
			}
			for s, k := range seen {
				if k != 1 {
					t.Errorf("seed %d taken %d times", s, k)
				}
			}
		}
	}
	if (Shard{}).Count(3, 7) != 5 || (Shard{}).Seed(3, 4) != 7 {
		t.Error("the zero Shard is not the whole range")
	}
}

// Findings lists a class's mechanisms property by property, algorithm by
// algorithm, preset by preset, each with its first seed and its count.
func TestFindingsOrder(t *testing.T) {
	bugMech := func(seeds ...uint64) *MechStat {
		return &MechStat{Label: "none:two-holders", Class: checks.Bug, Seeds: seeds, Text: "new"}
	}
	r := &Result{Algos: []string{"a", "b"}, Presets: sim.Presets, cells: map[string]*Cell{
		"b/none/mutex":  {Mechs: []*MechStat{bugMech(2, 5), {Label: "flaw:x", Class: checks.Known, Seeds: []uint64{1}}}},
		"a/crash/mutex": {Mechs: []*MechStat{bugMech(7)}},
		"a/none/holds":  {Mechs: []*MechStat{bugMech(5)}},
		"a/none/fenced": {Mechs: []*MechStat{{Label: "fault:pause", Class: checks.ByDesign, Seeds: []uint64{3}}}},
		"c/none/mutex":  {Mechs: []*MechStat{bugMech(1)}}, // not among the job's algorithms
	}}
	want := []Finding{
		{Property: "mutex", Algo: "a", Preset: "crash", Seed: 7, Text: "new", Label: "none:two-holders", Runs: 1},
		{Property: "mutex", Algo: "b", Preset: "none", Seed: 2, Text: "new", Label: "none:two-holders", Runs: 2},
		{Property: "holds", Algo: "a", Preset: "none", Seed: 5, Text: "new", Label: "none:two-holders", Runs: 1},
	}
	if got := r.Unexpected(); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	if got := r.Findings(checks.Known); len(got) != 1 || got[0].Label != "flaw:x" || got[0].Seed != 1 {
		t.Errorf("known: %+v", got)
	}
}

// A small main job gives the same result with one worker or several;
// set-px's mutex violations are its known flaw (or a fault), every
// mechanism that names a fault is confirmed or re-judged, and nothing is
// unexpected.
func TestRunIndependentOfWorkers(t *testing.T) {
	algos := []string{"set-px", "rlock-3.16.8"}
	run := func(workers int) *Result {
		r, err := Run(context.Background(), Config{Algos: algos, Lo: 1, Hi: 2, Batch: verdict.Batch{Workers: workers}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	one, three := run(1), run(3)
	if one.Runs != uint64(len(algos)*len(sim.Presets)*2) || one.Done != one.Runs {
		t.Fatalf("%d of %d runs", one.Done, one.Runs)
	}
	if !reflect.DeepEqual(one.cells, three.cells) || one.Confirmed != three.Confirmed || one.Rejudged != three.Rejudged || !reflect.DeepEqual(one.Rejudgements, three.Rejudgements) {
		t.Fatal("the result depends on the number of workers")
	}
	if one.Confirmed == 0 {
		t.Error("no mechanism confirmed by a counterfactual run")
	}
	if u := one.Unexpected(); len(u) > 0 {
		t.Errorf("unexpected: %+v", u)
	}
	found := false
	for _, f := range one.Findings(checks.Known) {
		found = found || f.Algo == "set-px" && f.Property == "mutex"
	}
	if !found {
		t.Errorf("set-px's known mutex flaw is not among the findings: %+v", one.Findings(checks.Known))
	}
	if c := one.Cell("set-px", "none", "mutex"); c == nil || c.Runs != 2 {
		t.Errorf("set-px/none/mutex: %+v", c)
	}
	if sts := one.Statements; len(sts) != 1 || len(sts["rlock-3.16.8"]) == 0 {
		t.Errorf("coverage of rlock-3.16.8's fault-free runs: %d algorithms", len(sts))
	}
}

// The shards of a job, merged, are the whole job.
func TestShardsMerge(t *testing.T) {
	cfg := Config{Algos: []string{"set-px", "rlock-3.8.1"}, Lo: 1, Hi: 5, NoConfirm: true, Batch: verdict.Batch{Workers: 2}}
	whole, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var merged *Result
	for i := 1; i <= 3; i++ {
		cfg.Shard = Shard{i, 3}
		part, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if merged == nil {
			merged = part
			continue
		}
		if err := merged.Merge(part); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(merged.cells, whole.cells) || merged.Runs != whole.Runs || merged.Done != whole.Done || !merged.Complete() {
		t.Fatalf("merged %d/%d runs, whole %d/%d", merged.Done, merged.Runs, whole.Done, whole.Runs)
	}
	if !reflect.DeepEqual(merged.Statements, whole.Statements) || whole.Statements == nil {
		t.Error("the merged statement coverage is not the whole job's")
	}
	other := *whole
	other.Algos = []string{"set-nx"}
	if err := merged.Merge(&other); err == nil {
		t.Error("merged a job of other algorithms")
	}
}

// Cancelled before it starts, a main job runs nothing and confirms nothing.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, Config{Algos: []string{"set-px"}, Lo: 1, Hi: 3, Batch: verdict.Batch{Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Done == r.Runs || r.Confirmed+r.Rejudged != 0 {
		t.Fatalf("cancelled: %d of %d runs, %d confirmed", r.Done, r.Runs, r.Confirmed)
	}
}
