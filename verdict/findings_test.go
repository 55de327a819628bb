package verdict

import (
	"context"
	"testing"

	"github.com/locksim/locksim/checks"
)

func TestFindingSpanAndMatch(t *testing.T) {
	f := Finding{Property: "mutex", Class: checks.ByDesign, Excuse: "pause"}
	if lo, hi := f.Span(5, 14); lo != 5 || hi != 14 {
		t.Errorf("span %d-%d", lo, hi)
	}
	f.Short = true
	if lo, hi := f.Span(5, 14); lo != 5 || hi != 104 {
		t.Errorf("a rare finding's span %d-%d, want ten times the range", lo, hi)
	}
	if cfg := f.Config(3); cfg.Safety == 0 || cfg.Seed != 3 {
		t.Errorf("a rare finding runs short: %+v", cfg)
	}
	for _, c := range []struct {
		v    checks.Violation
		want bool
	}{
		{checks.Violation{Property: "mutex", Class: checks.ByDesign, Mech: checks.Mechanism{Kind: checks.MechFault, Name: "pause", Detail: "fault #1: pause c1 for 40s"}}, true},
		{checks.Violation{Property: "mutex", Class: checks.ByDesign, Mech: checks.Mechanism{Kind: checks.MechFault, Name: "master-crash"}}, false},
		{checks.Violation{Property: "mutex", Class: checks.Bug, Mech: checks.Mechanism{Name: "pause"}}, false},
		{checks.Violation{Property: "holds", Class: checks.ByDesign, Mech: checks.Mechanism{Kind: checks.MechFault, Name: "pause"}}, false},
	} {
		if got := f.Matches(c.v); got != c.want {
			t.Errorf("%+v: matches %v", c.v, got)
		}
	}
	seen := map[string]bool{}
	for _, f := range Findings {
		key := f.Algo + "/" + f.Preset + "/" + f.Property + "/" + f.Why
		if seen[key] || f.Seeds == 0 || f.Why == "" || f.Issue == "" {
			t.Errorf("catalog entry %s: repeated or incomplete", key)
		}
		seen[key] = true
	}
}

// The measured rates count each run once, from the first seed of each
// finding's span, whatever the number of workers.
func TestMeasureFindings(t *testing.T) {
	fs := []Finding{
		{Algo: "set-px", Preset: "none", Property: "mutex", Class: checks.Known, Seeds: 20},
		{Algo: "set-uuid-lua", Preset: "none", Property: "mutex", Class: checks.Known, Seeds: 20},
	}
	var first []Rate
	for _, workers := range []int{1, 3} {
		rates, done, total, err := MeasureFindings(context.Background(), fs, 1, 10, Batch{Workers: workers})
		if err != nil || done != total || total != 20 {
			t.Fatalf("%d of %d runs, %v", done, total, err)
		}
		if rates[0].Runs != 10 || rates[0].Hits == 0 || rates[0].First == 0 {
			t.Errorf("set-px's stolen lock: %+v", rates[0])
		}
		if rates[1].Hits != 0 || rates[1].First != 0 {
			t.Errorf("set-uuid-lua without faults shows a mutex bug: %+v", rates[1])
		}
		if first == nil {
			first = rates
		} else if rates[0] != first[0] || rates[1] != first[1] {
			t.Errorf("%d workers: %+v, one worker %+v", workers, rates, first)
		}
	}
}
