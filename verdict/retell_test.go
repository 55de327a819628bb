package verdict

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
)

// ShrinkAndTell says how far the run shrank, tells the shrunk run's
// violation of the same property and class, and ends with the command
// that reproduces the shrunk run.
func TestShrinkAndTell(t *testing.T) {
	cfg := run.Config{Algo: "rlock-3.16.8", Seed: 1, Preset: "net", Mutant: "unlock-no-owner-check-3.16.8"}
	r, err := run.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	target, _ := checks.FirstBug(Check(r).Violations)
	small, tries := Shrink(cfg, target)
	var b bytes.Buffer
	ShrinkAndTell(&b, r, cfg)
	got := b.String()
	head := fmt.Sprintf("\nshrunk (%d runs tried) to %d processes × %d threads, %s + %s, ", tries, small.Procs, small.Threads, small.Safety, small.Liveness)
	if !strings.HasPrefix(got, head) {
		t.Fatalf("got\n%s\nwant it to start with\n%s", got, head)
	}
	if !strings.HasSuffix(got, "\n  reproduce: "+small.Command()+"\n") {
		t.Fatalf("got\n%s\nwant it to end with the command of %+v", got, small)
	}
	if !strings.Contains(got, " faults:\n"+target.Property+" ") {
		t.Fatalf("no %s violation told in\n%s", target.Property, got)
	}
}
