package fairness

import (
	"slices"
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

func ms(n int64) sim.Time { return sim.Time(n) * sim.Time(sim.Millisecond) }

// The lock is free from its TTL's end (t=1000) until B takes it (t=1500),
// while A, queued since t=0, waits throughout: one idle span of 500 ms. A
// second free span (t=2000 to 2600) has no queued caller waiting: not idle.
func TestIdleIntervals(t *testing.T) {
	h := &model.History{
		Store: []model.StoreSample{
			{At: ms(0), Holders: []string{"C"}, TTL: 1000},
			{At: ms(1500), Holders: []string{"B"}, TTL: -1},
			{At: ms(2000)},
			{At: ms(2600), Holders: []string{"A"}, TTL: 30000},
		},
		Ops: []model.Op{
			{Call: model.CallLock, Start: ms(0), End: ms(1800), Outcome: "acquired", QueuePos: 1},
			{Call: model.CallLock, Start: ms(1400), End: ms(1500), Outcome: "acquired"},
		},
		End: model.End{At: ms(5000)},
	}
	got := IdleIntervals(h)
	if want := []sim.Duration{500 * sim.Millisecond}; !slices.Equal(got, want) {
		t.Fatalf("IdleIntervals = %v, want %v", got, want)
	}
	m := Of(h, nil)
	if m.Acquired != 2 || len(m.Waits) != 2 || m.Waits[0] != 1800*sim.Millisecond || len(m.ByPos[1]) != 1 || len(m.Idle) != 1 {
		t.Fatalf("Of = %+v", m)
	}
}

// A fair lock's run: every acquired call is counted once, by position only
// when it queued, and Add sums runs.
func TestMeasureAndAdd(t *testing.T) {
	var sum Metrics
	runs := 0
	for seed := uint64(1); seed <= 3; seed++ {
		m, err := Measure(run.Config{Algo: "fairlock-3.8.1", Seed: seed, Preset: "none", Safety: 60 * sim.Second, Liveness: 30 * sim.Second})
		if err != nil {
			t.Fatal(err)
		}
		if m.Acquired == 0 || m.Acquired != len(m.Waits) {
			t.Fatalf("seed %d: %d acquired, %d waits", seed, m.Acquired, len(m.Waits))
		}
		queued := 0
		for _, ds := range m.ByPos {
			queued += len(ds)
		}
		if queued == 0 || queued > m.Acquired {
			t.Fatalf("seed %d: %d by position of %d acquired", seed, queued, m.Acquired)
		}
		before := sum.Acquired
		sum.Add(m)
		if sum.Acquired != before+m.Acquired {
			t.Fatalf("Add: %d + %d gave %d", before, m.Acquired, sum.Acquired)
		}
		runs++
	}
	if len(sum.Waits) != sum.Acquired || len(sum.Violations) != 0 {
		t.Fatalf("sum of %d runs: %d waits for %d acquired, %d violations", runs, len(sum.Waits), sum.Acquired, len(sum.Violations))
	}
}
