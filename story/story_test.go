package story_test

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/story"
	"github.com/locksim/locksim/verdict"
)

// A mutex violation of set-px without faults (its fixed lease runs out
// under a slow holder) is told with both owners renamed, their calls and
// the SET commands that took the lock, ending at the violation.
func TestTellsAMutexViolation(t *testing.T) {
	r, err := clients.NewRun(clients.RunConfig{Algo: "set-px", Seed: 1, Preset: "none"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	r.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
	r.Execute()
	var v *checks.Violation
	for _, x := range verdict.Check(r).Violations {
		if x.Property == "mutex" {
			v = &x
			break
		}
	}
	if v == nil {
		t.Fatal("set-px seed 1 shows no mutex violation")
	}
	got := story.Tell(*v, r.History, lines)
	text := strings.Join(got, "\n")
	for _, want := range []string{"A calls", "B calls", "SET myLock", "where A = " + v.Actors[0]} {
		if !strings.Contains(text, want) {
			t.Errorf("story lacks %q:\n%s", want, text)
		}
	}
	if len(got) > 42 {
		t.Errorf("story has %d lines, more than its cap", len(got))
	}
}
