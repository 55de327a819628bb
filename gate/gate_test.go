package gate

import (
	"context"
	"reflect"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// A cell counts a run once per class, bug before by-design, and keeps the
// first seed of each; a known bug is a bug run but not an unexpected one.
func TestCellCounts(t *testing.T) {
	bug := checks.Violation{Property: "mutex", Class: checks.Bug, Detail: "two holders"}
	design := checks.Violation{Property: "mutex", Class: checks.ByDesign, Mech: checks.Mechanism{Kind: checks.MechFault, Name: "pause"}}
	other := checks.Violation{Property: "holds", Class: checks.Bug}
	var c Cell
	c.add(3, "mutex", []checks.Violation{design})
	c.add(4, "mutex", []checks.Violation{design, bug, bug})
	c.add(5, "mutex", []checks.Violation{other})
	c.add(6, "mutex", []checks.Violation{bug})
	want := Cell{Runs: 4, BugRuns: 2, DesignRuns: 1, FirstBug: 4, FirstDesign: 3, FirstBugText: bug.String(),
		UnexpectedRuns: 2, FirstUnexpected: 4, FirstUnexpectedText: bug.String()}
	if c != want {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	// A violation the catalogue explains (verdict.Check resolves it) is expected.
	known := bug
	known.Class, known.Mech = checks.Known, checks.Mechanism{Kind: checks.MechFlaw, Name: "lease-kept"}
	if !verdict.Known(known) || verdict.Known(bug) {
		t.Fatal("Known does not read the catalogue's class")
	}
	var k Cell
	k.add(9, "mutex", []checks.Violation{known})
	if k.BugRuns != 1 || k.UnexpectedRuns != 0 || k.FirstBug != 9 {
		t.Fatalf("a known bug: %+v", k)
	}
}

// Findings lists each cell's first expected and unexpected bug, property
// by property, algorithm by algorithm, preset by preset.
func TestFindingsOrder(t *testing.T) {
	r := &Result{cells: map[string]*Cell{
		"b/none/mutex":   {BugRuns: 2, UnexpectedRuns: 1, FirstBug: 1, FirstBugText: "known", FirstUnexpected: 2, FirstUnexpectedText: "new"},
		"a/crash/mutex":  {BugRuns: 1, UnexpectedRuns: 1, FirstUnexpected: 7, FirstUnexpectedText: "a crash"},
		"a/none/holds":   {BugRuns: 1, FirstBug: 5, FirstBugText: "two holds"},
		"a/none/fenced":  {DesignRuns: 3},
		"zzz/none/mutex": {BugRuns: 1, FirstBug: 1},
	}}
	exp, unexp := r.Findings([]string{"a", "b"})
	wantExp := []Finding{{"mutex", "b", "none", 1, "known"}, {"holds", "a", "none", 5, "two holds"}}
	wantUnexp := []Finding{{"mutex", "a", "crash", 7, "a crash"}, {"mutex", "b", "none", 2, "new"}}
	if !reflect.DeepEqual(exp, wantExp) || !reflect.DeepEqual(unexp, wantUnexp) {
		t.Fatalf("expected %+v\nunexpected %+v", exp, unexp)
	}
}

// A small main job gives the same cells with one worker or several, and
// set-px's known mutex bug only as expected findings.
func TestRunIndependentOfWorkers(t *testing.T) {
	run := func(workers int) *Result {
		r, err := Run(context.Background(), Config{Algos: []string{"set-px", "rlock-3.16.8"}, Lo: 1, Hi: 2, Confirm: true, Batch: verdict.Batch{Workers: workers}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	one, three := run(1), run(3)
	if one.Runs != uint64(2*len(sim.Presets)*2) || one.Done != one.Runs {
		t.Fatalf("%d of %d runs", one.Done, one.Runs)
	}
	if !reflect.DeepEqual(one.cells, three.cells) || one.Excused != three.Excused || one.Confirmed != three.Confirmed || !reflect.DeepEqual(one.Rejudgements, three.Rejudgements) {
		t.Fatal("the result depends on the number of workers")
	}
	if one.Excused == 0 {
		t.Error("no excuse was confirmed or re-judged")
	}
	exp, _ := one.Findings([]string{"set-px", "rlock-3.16.8"})
	found := false
	for _, f := range exp {
		found = found || f.Algo == "set-px" && f.Property == "mutex"
	}
	if !found {
		t.Errorf("set-px's known mutex bug is not among the expected findings: %+v", exp)
	}
	if c := one.Cell("set-px", "none", "mutex"); c == nil || c.Runs != 2 {
		t.Errorf("set-px/none/mutex: %+v", c)
	}
	if text, sts, err := one.Coverage.Summary(); err != nil || len(sts) != 1 || text == "" {
		t.Errorf("coverage of rlock-3.16.8's fault-free runs: %d algorithms, %q, %v", len(sts), text, err)
	}
}

// Cancelled before it starts, a main job runs nothing and confirms nothing.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, Config{Algos: []string{"set-px"}, Lo: 1, Hi: 3, Confirm: true, Batch: verdict.Batch{Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Done == r.Runs || r.Excused != 0 {
		t.Fatalf("cancelled: %d of %d runs, %d excuses", r.Done, r.Runs, r.Excused)
	}
}

// ConfirmAll confirms every excuse of every run, so a cell counts each run
// by its confirmed classes: no fewer bug runs than on the first run's
// word, more where a later excuse did not hold (set-px under skew
// in seeds 1-8), the same runs in all, and more excuses checked.
func TestConfirmAll(t *testing.T) {
	run := func(all bool) *Result {
		r, err := Run(context.Background(), Config{Algos: []string{"set-px"}, Lo: 1, Hi: 8, Confirm: true, ConfirmAll: all, Batch: verdict.Batch{Workers: 2}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	first, all := run(false), run(true)
	if !all.All || first.All {
		t.Fatal("Result.All does not say which")
	}
	more := 0
	for _, p := range sim.Presets {
		for _, prop := range verdict.Properties {
			f, a := first.Cell("set-px", p, prop), all.Cell("set-px", p, prop)
			if f.Runs != a.Runs || a.BugRuns < f.BugRuns || a.BugRuns+a.DesignRuns > a.Runs {
				t.Errorf("%s/%s: first %+v, all %+v", p, prop, f, a)
			}
			more += a.BugRuns - f.BugRuns
		}
	}
	if more == 0 {
		t.Error("no excuse re-judged into a bug beyond each cell's first")
	}
	if all.Excused <= first.Excused || all.Confirmed+all.Rejudged != all.Excused || len(all.Rejudgements) > all.Rejudged {
		t.Errorf("excuses: first %d (%d confirmed), all %d (%d confirmed, %d re-judged, %d listed)", first.Excused, first.Confirmed, all.Excused, all.Confirmed, all.Rejudged, len(all.Rejudgements))
	}
}
