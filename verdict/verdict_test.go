package verdict

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// TestConfirmJudgesEveryExcuse runs seeds under faults and confirms every
// by-design violation's excuse: each one a fault excused gets a verdict,
// some are confirmed and some re-judged (a fault active in the window
// that did not cause the violation), and a re-judged one is judged as the
// run without those faults judges it.
func TestConfirmJudgesEveryExcuse(t *testing.T) {
	confirmed, rejudged := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		for _, algo := range []string{"rlock-3.16.8", "set-px"} {
			cfg := clients.RunConfig{Algo: algo, Seed: seed, Preset: "net", Safety: 90 * sim.Second, Liveness: 30 * sim.Second}
			_, res, err := Run(cfg)
			if err != nil {
				t.Fatal(err)
			}
			vs, err := Confirm(cfg, res.Violations)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range vs {
				before := res.Violations[i]
				if before.Class != checks.ByDesign || len(excusingFaults(before)) == 0 {
					if v.Confirmed != "" {
						t.Fatalf("%s seed %d: %s got a verdict it needs none of", algo, seed, v)
					}
					continue
				}
				switch {
				case strings.HasPrefix(v.Confirmed, "confirmed: "):
					confirmed++
				case strings.HasPrefix(v.Confirmed, "re-judged: "):
					rejudged++
				default:
					t.Fatalf("%s seed %d: %s has no verdict on its excuse", algo, seed, v)
				}
			}
		}
	}
	if confirmed == 0 || rejudged == 0 {
		t.Fatalf("confirmed %d, re-judged %d: want both", confirmed, rejudged)
	}
	t.Logf("confirmed %d excuses, re-judged %d", confirmed, rejudged)
}
