package run

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/sim"
)

// A mutant runs only under its own algorithm, and its name goes into the
// run's header so a trace replays it.
func TestMutantRunsUnderItsAlgorithm(t *testing.T) {
	cfg := Config{Algo: "rlock-3.16.8", Seed: 1, Preset: "none", Safety: 5 * sim.Second, Liveness: sim.Second, Mutant: "unlock-no-owner-check-3.8.1"}
	if _, err := New(cfg, nil); err == nil || !strings.Contains(err.Error(), "runs under rlock-3.8.1") {
		t.Fatalf("err = %v", err)
	}
	cfg.Mutant = "no-such-mutant"
	if _, err := New(cfg, nil); err == nil || !strings.Contains(err.Error(), "unknown mutant") {
		t.Fatalf("err = %v", err)
	}
	cfg.Algo, cfg.Mutant = "rlock-3.8.1", "unlock-no-owner-check-3.8.1"
	r, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Header[1] != "mutant unlock-no-owner-check-3.8.1" {
		t.Fatalf("header: %q", r.Header)
	}
}
