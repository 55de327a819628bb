package story_test

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/story"
	"github.com/locksim/locksim/verdict"
)

// A mutex violation of set-px without faults (its fixed lease runs out
// under a slow holder) is told with both owners renamed, their calls and
// the SET commands that took the lock, ending at the violation.
func TestTellsAMutexViolation(t *testing.T) {
	r, lines := tracedRun(t, run.Config{Algo: "set-px", Seed: 1, Preset: "none"})
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

// A re-sent acquire (#4822: rlock-3.16.8 under net, seed 4) is told as
// the command of the owner whose acquire goes again, never as a request
// the line does not carry.
func TestTellsAResend(t *testing.T) {
	r, lines := tracedRun(t, run.Config{Algo: "rlock-3.16.8", Seed: 4, Preset: "net"})
	told := false
	for _, v := range verdict.Check(r).Violations {
		if v.Property != "holds" || v.Mech.Name != "resend-acquire" {
			continue
		}
		text := strings.Join(story.Tell(v, r.History, lines), "\n")
		if strings.Contains(text, "<nil>") {
			t.Errorf("a field the trace lacks:\n%s", text)
		}
		told = told || strings.Contains(text, "re-sends A's command (attempt 1) after a reply timeout")
	}
	if !told {
		t.Fatal("no holds violation of a re-sent acquire told with its owner's re-send")
	}
}

// tracedRun executes cfg's run, keeping its trace lines.
func tracedRun(t *testing.T, cfg run.Config) (*run.Run, [][]byte) {
	t.Helper()
	r, err := run.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	r.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
	r.Execute()
	return r, lines
}

// A run's stories told from one Trace, which keeps the lines it decoded
// for the next story, are the stories told each from the lines afresh, in
// any order: fairlock-4.7.0 under every fault, seed 1, has a dozen
// violations whose windows overlap, and fast-forwarded retry loops.
func TestTraceSharedByStories(t *testing.T) {
	r, lines := tracedRun(t, run.Config{Algo: "fairlock-4.7.0", Seed: 1, Preset: "all"})
	vs := verdict.Check(r).Violations
	if len(vs) < 5 {
		t.Fatalf("fairlock-4.7.0 all seed 1 shows %d violations, want several", len(vs))
	}
	fresh := make([]string, len(vs))
	for k, v := range vs {
		fresh[k] = strings.Join(story.Tell(v, r.History, lines), "\n")
		if !strings.Contains(fresh[k], "t=") {
			t.Errorf("violation %d told without events:\n%s", k, fresh[k])
		}
	}
	tellShared := func(how string) {
		tr := story.NewTrace(lines)
		for _, k := range []int{len(vs) - 1, 0, len(vs) / 2, len(vs) - 1} { // later windows first, then again
			if shared := strings.Join(tr.Tell(vs[k], r.History), "\n"); shared != fresh[k] {
				t.Errorf("%s: violation %d (%s) told from the shared trace:\n%s\nafresh:\n%s", how, k, vs[k], shared, fresh[k])
			}
		}
	}
	tellShared("every line kept")
	// a trace longer than what it keeps decodes the later lines each time
	defer story.SetMaxKept(50)()
	tellShared("50 lines kept")
}
