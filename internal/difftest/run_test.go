package difftest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"pgregory.net/rapid"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// Diff is the first step at which two backends answered differently.
type Diff struct {
	Index   int // index of the step in the sequence
	Step    conformance.Step
	RefName string    // the reference backend (e.g. "redis")
	Ref     sim.Reply // its reply
	GotName string    // the backend under test (e.g. "sim")
	Got     sim.Reply
}

func (d *Diff) String() string {
	return fmt.Sprintf("step %d: %s\n  %-9s %s\n  %-9s %s", d.Index, StepString(&d.Step), d.RefName+":", d.Ref, d.GotName+":", d.Got)
}

// Compare resets both backends, then runs seq on them step by step. It
// returns the reference backend's replies to every step run (up to and
// including the first difference) and that difference, or nil when every
// reply is equal. err is a harness failure (a broken connection).
func Compare(seq *Sequence, ref, sut Backend) (refReplies []sim.Reply, diff *Diff, err error) {
	if err := ref.Reset(); err != nil {
		return nil, nil, err
	}
	if err := sut.Reset(); err != nil {
		return nil, nil, err
	}
	for i := range seq.Steps {
		want, d, err := compareStep(i, &seq.Steps[i], ref, sut)
		if err != nil {
			return refReplies, nil, err
		}
		refReplies = append(refReplies, want)
		if d != nil {
			return refReplies, d, nil
		}
	}
	return refReplies, nil, nil
}

// compareStep runs step i on both backends and returns the reference's
// reply and the difference, if any.
func compareStep(i int, st *conformance.Step, ref, sut Backend) (sim.Reply, *Diff, error) {
	want, err := ref.Do(st)
	if err != nil {
		return want, nil, fmt.Errorf("step %d (%s): %v", i, StepString(st), err)
	}
	got, err := sut.Do(st)
	if err != nil {
		return want, nil, fmt.Errorf("step %d (%s): %v", i, StepString(st), err)
	}
	if !want.Equal(got) {
		return want, &Diff{Index: i, Step: *st, RefName: ref.Name(), Ref: want, GotName: sut.Name(), Got: got}, nil
	}
	return want, nil, nil
}

// WriteCase writes a conformance file holding one case: a {"case": name}
// line, then the first len(replies) steps of steps with those replies as
// the expected ones. The file is replaced atomically; its directory is
// created if needed.
func WriteCase(path, name string, steps []conformance.Step, replies []sim.Reply) error {
	if len(replies) > len(steps) {
		return fmt.Errorf("write case %s: %d replies for %d steps", path, len(replies), len(steps))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	all := append([]conformance.Step{{Case: name}}, steps[:len(replies)]...)
	return atomicfile.Write(path, func(w io.Writer) error { return conformance.Emit(w, all, replies) })
}

// CheckFile replays a conformance file against fresh simulated stores and
// returns what it found.
func CheckFile(path string) (conformance.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return conformance.Result{}, err
	}
	defer f.Close()
	steps, err := conformance.Parse(path, f)
	if err != nil {
		return conformance.Result{}, err
	}
	eng := sim.NewEngine()
	return conformance.Check(path, steps, Resolve, func() *sim.Store {
		s := sim.NewStore()
		s.SetEngine(eng)
		return s
	})
}

// DiffOptions configure CheckDifferential.
type DiffOptions struct {
	Config   RapidConfig // as returned by ConfigureRapid
	MaxSteps int         // longest sequence
	// Ref is the reference backend (real Redis), whose replies a saved case
	// expects; Sut is the backend under test (the simulated store).
	Ref, Sut Backend
	// Dir is where the minimal failing sequence is saved, as
	// <Prefix>-seed<N>.jsonl; no file is written when Dir is "".
	Dir, Prefix string
}

// DiffResult is what CheckDifferential saw. It is filled in as the check
// runs, so it is complete even when rapid stops the test with FailNow.
type DiffResult struct {
	Sequences, Steps, Boundary int // over every sequence tried, shrinking included
	FoundAfter                 int // sequences tried before the first failing one
	FailSeed                   uint64
	Failing                    *Sequence   // the minimal failing sequence (rapid runs it last)
	Replies                    []sim.Reply // Ref's replies to it, up to the first difference
	Diff                       *Diff
	SavedPath                  string
}

// CheckDifferential runs rapid.Check(tb, ...) over generated sequences,
// comparing Sut with Ref step by step. When a sequence differs, rapid
// shrinks it; the minimal one is written to Dir as a conformance case with
// Ref's replies as the expected ones (atomically), and its path logged.
// -rapid.seed=<FailSeed> reproduces it.
func CheckDifferential(tb rapid.TB, o DiffOptions, res *DiffResult) {
	tb.Helper()
	calls := 0
	defer func() {
		// Runs on return, on the panic of a fake TB and on FailNow's Goexit.
		if res.Failing == nil || o.Dir == "" {
			return
		}
		name := fmt.Sprintf("%s-seed%d.jsonl", o.Prefix, res.FailSeed)
		path, err := filepath.Abs(filepath.Join(o.Dir, name))
		if err == nil {
			err = WriteCase(path, res.Failing.CaseName(fmt.Sprintf("found-%s-seed%d", o.Prefix, res.FailSeed)), res.Failing.Steps, res.Replies)
		}
		if err != nil {
			tb.Errorf("saving the minimal failing sequence: %v", err)
			return
		}
		res.SavedPath = path
		tb.Logf("minimal failing sequence saved with %s's replies as expected: %s\n  replay: go run ./cmd/simrun conform %s\n  reproduce: -rapid.seed=%d", o.Ref.Name(), path, path, res.FailSeed)
	}()
	rapid.Check(tb, func(rt *rapid.T) {
		calls++
		// Draw and run one step at a time: nothing is drawn after the
		// first difference, so rapid has only that much to shrink.
		h := HeaderGen(o.MaxSteps).Draw(rt, "header")
		m := NewMaterializer(h)
		if err := o.Ref.Reset(); err != nil {
			rt.Fatalf("harness: %v", err)
		}
		if err := o.Sut.Reset(); err != nil {
			rt.Fatalf("harness: %v", err)
		}
		res.Sequences++
		stepGen := StepGen(h.Lossy)
		var replies []sim.Reply
		var diff *Diff
		for i := 0; i < h.Steps && diff == nil; i++ {
			st := m.Add(stepGen.Draw(rt, "step"))
			if st == nil {
				continue
			}
			want, d, err := compareStep(len(replies), st, o.Ref, o.Sut)
			if err != nil {
				rt.Fatalf("harness: %v", err)
			}
			replies, diff = append(replies, want), d
		}
		seq := m.Sequence()
		res.Steps += len(replies)
		res.Boundary += seq.Boundary
		if diff != nil {
			if res.FailSeed == 0 {
				res.FailSeed = o.Config.IterationSeed(calls - 1)
				res.FoundAfter = calls - 1
			}
			res.Failing, res.Replies, res.Diff = seq, replies, diff
			rt.Fatalf("%s differs from %s at %s\nsequence:\n%s", o.Sut.Name(), o.Ref.Name(), diff, seq)
		}
	})
}
