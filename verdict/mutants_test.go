package verdict

import (
	"context"
	"reflect"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
)

// The real algorithm is never a mutant of itself: run through the same
// judgement against itself, it is not caught.
func TestCaughtNeedsADifference(t *testing.T) {
	cfg := clients.RunConfig{Algo: "rlock-3.16.8", Seed: 1, Preset: "net"}
	vs, err := Batch{Workers: 1}.All([]clients.RunConfig{cfg})
	if err != nil {
		t.Fatal(err)
	}
	if props, _ := Caught(vs[0], vs[0]); len(props) != 0 {
		t.Fatalf("a run catches itself: %v", props)
	}
}

// An unknown bug catches a mutant; a known one only when the real run
// does not show it; by-design violations never do. Properties come
// sorted, each once, and the detail is the first catching violation.
func TestCaught(t *testing.T) {
	known := checks.Violation{Property: "mutex", Class: checks.Known, Detail: "known", Mech: checks.Mechanism{Kind: checks.MechFlaw, Name: "delete-without-owner-check"}} // set-px's known flaw, as Check resolves it
	store := checks.Violation{Property: "store", Class: checks.Bug, Detail: "two owners"}
	design := checks.Violation{Property: "fifo", Class: checks.ByDesign}
	for _, c := range []struct {
		vs, base []checks.Violation
		props    []string
		detail   string
	}{
		{[]checks.Violation{design}, nil, nil, ""},
		{[]checks.Violation{known}, []checks.Violation{known}, nil, ""},
		{[]checks.Violation{known}, []checks.Violation{design}, []string{"mutex"}, known.String()},
		{[]checks.Violation{store, known, store}, []checks.Violation{known}, []string{"store"}, store.String()},
		{[]checks.Violation{store, known}, nil, []string{"mutex", "store"}, store.String()},
	} {
		props, detail := Caught(c.vs, c.base)
		if !reflect.DeepEqual(props, c.props) || detail != c.detail {
			t.Errorf("%v against %v: %v %q, want %v %q", c.vs, c.base, props, detail, c.props, c.detail)
		}
	}
}

// A sweep stops at the first seed that catches the mutant, and fills the
// cache of the real algorithm's runs that the next mutant reuses.
func TestSweepMutant(t *testing.T) {
	m, err := clients.LookupMutant("unlock-no-owner-check-3.16.8")
	if err != nil {
		t.Fatal(err)
	}
	base := Baselines{}
	res, err := SweepMutant(context.Background(), m, 1, 5, []string{"none", "pause"}, Batch{Workers: 2}, base)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Killed || res.Seeds != int(res.Seed) || len(res.Checks) == 0 || res.Detail == "" {
		t.Fatalf("not caught within seeds 1-5: %+v", res)
	}
	if len(base) != 2*res.Seeds {
		t.Errorf("%d baselines cached for %d seeds × 2 presets", len(base), res.Seeds)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := SweepMutant(ctx, m, 1, 5, []string{"none"}, Batch{Workers: 1}, Baselines{}); err != nil || res.Seeds != 0 {
		t.Errorf("cancelled: %+v, %v", res, err)
	}
}
