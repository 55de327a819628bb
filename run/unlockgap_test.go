package run

import (
	"slices"
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// A partial unlock writes to the store (3.x's unlockInnerAsync re-arms the
// lock's lease with the internalLockLeaseTime it sends), and only a check
// that looks after the lease has run sees whether it did so. The
// re-entrant workloads therefore vary the time between an inner hold's
// unlock and the outer one from under a millisecond to past the lease:
// measured here on the runs themselves, gap against the lease the hold
// had, so that a workload that stops reaching past it fails.
func TestUnlockGapsReachPastTheLease(t *testing.T) {
	var gaps []sim.Duration
	past := 0
	for seed := uint64(1); seed <= 30; seed++ {
		r, err := New(Config{Algo: "rlock-3.16.8", Seed: seed, Preset: "none"}, sim.Untraced)
		if err != nil {
			t.Fatal(err)
		}
		r.Execute()
		h := r.History
		for _, s := range h.Sections {
			if s.End < 0 {
				continue
			}
			// the owner's unlocks inside the section, in order: each but the
			// last is an inner hold's, and the next one follows it by the gap
			var unlocks []model.Op
			for _, op := range h.Ops {
				if op.Owner == s.Owner && op.Call == model.CallUnlock && op.Start >= s.Start && op.Start <= s.End && op.End >= 0 {
					unlocks = append(unlocks, op)
				}
			}
			lease := s.Lease
			if lease < 0 {
				lease = h.Settings.Watchdog
			}
			for i := 0; i+1 < len(unlocks); i++ {
				gap := unlocks[i+1].Start.Sub(unlocks[i].End)
				gaps = append(gaps, gap)
				if gap > sim.Duration(lease)*sim.Millisecond {
					past++
				}
			}
		}
	}
	if len(gaps) < 20 {
		t.Fatalf("only %d inner unlocks in 30 runs: the workload barely re-enters", len(gaps))
	}
	slices.Sort(gaps)
	median := gaps[len(gaps)/2]
	t.Logf("%d inner→outer unlock gaps: median %s, longest %s, %d longer than the hold's lease", len(gaps), median, gaps[len(gaps)-1], past)
	if past == 0 {
		t.Errorf("no gap outlasted the lease: what an inner unlock leaves in the store is never seen after the lease ran")
	}
	if median > 5*sim.Second {
		t.Errorf("median gap %s: most inner unlocks should be followed soon, as code leaving a nested block", median)
	}
}
