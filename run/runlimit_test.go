package run

import (
	"errors"
	"testing"

	"github.com/locksim/locksim/sim"
)

// A run that sends more commands than the checks can keep samples of
// stops there with a RunLimitError naming the bound.
func TestRunStopsAtTheSampleBound(t *testing.T) {
	defer func(n int) { maxStoreSamples = n }(maxStoreSamples)
	maxStoreSamples = 200
	r, err := New(SweepConfig("rlock-3.16.8", 1, "none"), sim.Untraced)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	var rl *sim.RunLimitError
	if err := r.Err(); !errors.As(err, &rl) {
		t.Fatalf("Err() = %v, want a RunLimitError", err)
	}
	if n := len(r.History.Store); n != maxStoreSamples {
		t.Fatalf("%d samples kept, want the bound %d", n, maxStoreSamples)
	}
	if end := sim.Time(r.Config.Safety + r.Config.Liveness); rl.At >= end {
		t.Fatalf("stopped at %s: it should stop at the bound, before the run's end %s", rl.At, end)
	}
}
