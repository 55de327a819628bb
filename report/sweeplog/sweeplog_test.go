package sweeplog

import (
	"bytes"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Each violation is a line with the run's command (text) or an object
// (JSON) in the order added; the summary counts runs with a bug, and an
// interrupted sweep names its last seed.
func TestSweepLog(t *testing.T) {
	bug := checks.Violation{Property: "mutex", Class: checks.Bug, At: sim.Time(1500 * sim.Millisecond), Actors: []string{"p1"}, Detail: "two holders"}
	design := checks.Violation{Property: "expiry", Class: checks.ByDesign, Mech: checks.Mechanism{Kind: checks.MechFault, Name: "pause"}}
	cfg := run.Config{Algo: "set-uuid-lua", Preset: "net"}
	add := func(l *Log) {
		cfg.Seed = 4
		l.Add(cfg, []checks.Violation{design, bug})
		cfg.Seed = 5
		l.Add(cfg, nil)
		cfg.Seed = 6
		l.Add(cfg, []checks.Violation{design})
	}
	var b bytes.Buffer
	l := &Log{W: &b, Algo: "set-uuid-lua", Preset: "net", Seeds: "4-9", Shard: "1/1"}
	add(l)
	l.Summary(3, 6, 6)
	want := "seed 4: " + design.String() + "\n    go run ./cmd/simrun run --algo set-uuid-lua --seed 4 --preset net\n" +
		"seed 4: " + bug.String() + "\n    go run ./cmd/simrun run --algo set-uuid-lua --seed 4 --preset net\n" +
		"seed 6: " + design.String() + "\n    go run ./cmd/simrun run --algo set-uuid-lua --seed 6 --preset net\n" +
		"sweep set-uuid-lua preset net seeds 4-9 shard 1/1: 3 runs, 1 with an unexpected violation (a bug: no mechanism explains it) (interrupted after 3 of 6 runs, last seed 6)\n"
	if b.String() != want || l.BugRuns != 1 {
		t.Errorf("text (%d bug runs):\n%s\nwant\n%s", l.BugRuns, b.String(), want)
	}

	b.Reset()
	var annotations bytes.Buffer
	l = &Log{W: &b, JSON: true, Annotations: &annotations, Algo: "set-uuid-lua", Preset: "net", Seeds: "4-6", Shard: "1/1"}
	add(l)
	l.Summary(3, 3, 6)
	want = `{"algo":"set-uuid-lua","preset":"net","seed":4,"property":"expiry","class":"by-design","mechanism":"fault:pause","at_ms":0,"actors":null,"detail":"","reproduce":"go run ./cmd/simrun run --algo set-uuid-lua --seed 4 --preset net"}` + "\n" +
		`{"algo":"set-uuid-lua","preset":"net","seed":4,"property":"mutex","class":"bug","mechanism":"bug:","at_ms":1500,"actors":["p1"],"detail":"two holders","reproduce":"go run ./cmd/simrun run --algo set-uuid-lua --seed 4 --preset net"}` + "\n" +
		`{"algo":"set-uuid-lua","preset":"net","seed":6,"property":"expiry","class":"by-design","mechanism":"fault:pause","at_ms":0,"actors":null,"detail":"","reproduce":"go run ./cmd/simrun run --algo set-uuid-lua --seed 6 --preset net"}` + "\n" +
		`{"summary":{"algo":"set-uuid-lua","preset":"net","runs":3,"runs_with_bugs":1,"seeds":"4-6","shard":"1/1","violations":{"expiry/by-design":2,"mutex/bug":1}}}` + "\n"
	if b.String() != want {
		t.Errorf("JSON:\n%s\nwant\n%s", b.String(), want)
	}
	// GitHub's annotations go to their own writer (stderr), never into the JSON.
	if want := "::error title=mutex bug (set-uuid-lua, seed 4)::" + bug.String() + "%0Areproduce: go run ./cmd/simrun run --algo set-uuid-lua --seed 4 --preset net\n"; annotations.String() != want {
		t.Errorf("annotations:\n%s\nwant\n%s", annotations.String(), want)
	}
}

// A known flaw's line names the catalogue's flaw and its reference.
func TestSweepLogNamesTheKnownFlaw(t *testing.T) {
	v := checks.Violation{Property: "mutex", Class: checks.Known, Detail: "two holders",
		Mech: checks.Mechanism{Kind: checks.MechFlaw, Name: "lease-kept", Detail: "a kept lease", Ref: "#4818"}}
	cfg := run.Config{Algo: "rlock-3.16.8", Preset: "none", Seed: 3}
	var b bytes.Buffer
	(&Log{W: &b}).Add(cfg, []checks.Violation{v})
	if want := "seed 3: " + v.String() + "\n"; !bytes.HasPrefix(b.Bytes(), []byte(want)) || !bytes.Contains(b.Bytes(), []byte("flaw:lease-kept: a kept lease (#4818)")) {
		t.Errorf("text: %q, want it to begin %q", b.String(), want)
	}
	b.Reset()
	(&Log{W: &b, JSON: true}).Add(cfg, []checks.Violation{v})
	if !bytes.Contains(b.Bytes(), []byte(`"class":"known","mechanism":"flaw:lease-kept","mechanism_detail":"a kept lease","ref":"#4818"`)) {
		t.Errorf("JSON: %s", b.String())
	}
}
