package verdict

import (
	"strings"
	"testing"
	"time"

	"github.com/locksim/locksim/clients"
)

// The report counts kills, takes the median of seeds-to-kill (the mean of
// the middle two for an even count) and gives a row per mutant with the
// time the command measured and the command of the catching run.
func TestMutantReport(t *testing.T) {
	a := clients.Mutant{Name: "no-ttl", Algo: "rlock-3.16.8", What: "drops the TTL"}
	b := clients.Mutant{Name: "a|b", Algo: "fairlock-3.8.1", What: "keeps the queue"}
	c := clients.Mutant{Name: "none", Algo: "rlock-3.8.1", What: "nothing"}
	results := []MutantResult{
		{Mutant: a, Killed: true, Seed: 3, Preset: "net", Checks: []string{"expiry", "mutex"}, Detail: "x | y", Seeds: 3},
		{Mutant: b, Killed: true, Seed: 6, Preset: "crash", Checks: []string{"mutex"}, Detail: "z", Seeds: 6},
		{Mutant: c, Seeds: 9},
	}
	got := MutantReport(results, []time.Duration{1500 * time.Millisecond, 250 * time.Millisecond, 2 * time.Second}, 1, 9, []string{"none", "net"})
	for _, want := range []string{
		"sweeps — for seed 1, 2, … up to 9, every preset (none, net) — with every check",
		"**Kill rate: 2 of 3 (67%). Median seeds to kill: 4.5.**\n\n",
		"Mutants caught, per check (a kill can count for several): expiry 1, mutex 2.\n\n",
		"| no-ttl | rlock-3.16.8 | drops the TTL | expiry, mutex | 3 | net | 1.5 s | `go run ./cmd/simrun run --algo rlock-3.16.8 --seed 3 --preset net --mutant no-ttl` |\n",
		"| none | rlock-3.8.1 | nothing | **survived** | > 9 | - | 2.0 s | - |\n",
		"- **no-ttl**: x \\| y\n- **a|b**: z\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no\n%s\nin\n%s", want, got)
		}
	}
}
