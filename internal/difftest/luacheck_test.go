package difftest

import (
	"fmt"
	"io"
	"path/filepath"

	"pgregory.net/rapid"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// LuaProbeStep is the conformance step running probe src as inline Lua
// with no keys or arguments. The libraries do not read the clock; the
// step's time is StartMin.
func LuaProbeStep(src string) conformance.Step {
	return conformance.Step{T: StartMin, Eval: src, Keys: []string{}, Argv: []string{}}
}

// LuaLibSteps returns cases (the probe files, LoadLuaLibCases) as the
// lines of a conformance file: a {"case": "lua-libs/<name>"} line, then
// one step per probe.
func LuaLibSteps(cases []LuaLibCase) []conformance.Step {
	var steps []conformance.Step
	for _, c := range cases {
		steps = append(steps, conformance.Step{Case: "lua-libs/" + c.Name})
		for _, p := range c.Probes {
			steps = append(steps, LuaProbeStep(p))
		}
	}
	return steps
}

// RecordConformance runs steps on ref, resetting it (FLUSHALL, SCRIPT
// FLUSH) at each {"case"} line, and writes them to path, atomically, with
// ref's replies as the expected ones: how the conformance files are made
// from a real Redis.
func RecordConformance(path string, steps []conformance.Step, ref Backend) error {
	var replies []sim.Reply
	for i := range steps {
		st := &steps[i]
		if st.IsCase() {
			if err := ref.Reset(); err != nil {
				return err
			}
			continue
		}
		r, err := ref.Do(st)
		if err != nil {
			return fmt.Errorf("%s: %v", StepString(st), err)
		}
		replies = append(replies, r)
	}
	return atomicfile.Write(path, func(w io.Writer) error { return conformance.Emit(w, steps, replies) })
}

// LuaDiffResult is what CheckLuaDifferential saw, filled in as it runs.
type LuaDiffResult struct {
	Probes    int // probes run on both backends, shrinking included
	FailSeed  uint64
	Failing   []string    // the minimal failing sequence of probes
	Replies   []sim.Reply // Ref's replies to it, up to the first difference
	Diff      *Diff
	SavedPath string
}

// CheckLuaDifferential runs rapid.Check(tb, ...) over sequences of one to
// three probes drawn by LuaProbeGen, run one after the other on Ref and
// Sut after a reset, and requires equal replies, byte for byte. A failing
// sequence is shrunk and the minimal one is saved in dir as
// lua-libs-seed<N>.jsonl with Ref's replies (no file when dir is "").
func CheckLuaDifferential(tb rapid.TB, cfg RapidConfig, ref, sut Backend, dir string, res *LuaDiffResult) {
	tb.Helper()
	calls := 0
	defer func() {
		if res.Failing == nil || dir == "" {
			return
		}
		name := fmt.Sprintf("lua-libs-seed%d", res.FailSeed)
		path, err := filepath.Abs(filepath.Join(dir, name+".jsonl"))
		var steps []conformance.Step
		for _, p := range res.Failing {
			steps = append(steps, LuaProbeStep(p))
		}
		if err == nil {
			err = WriteCase(path, "found-"+name, steps, res.Replies)
		}
		if err != nil {
			tb.Errorf("saving the minimal failing probes: %v", err)
			return
		}
		res.SavedPath = path
		tb.Logf("minimal failing probes saved with %s's replies as expected: %s\n  replay: go run ./cmd/simrun conform %s\n  reproduce: -rapid.seed=%d", ref.Name(), path, path, res.FailSeed)
	}()
	rapid.Check(tb, func(rt *rapid.T) {
		calls++
		if err := ref.Reset(); err != nil {
			rt.Fatalf("harness: %v", err)
		}
		if err := sut.Reset(); err != nil {
			rt.Fatalf("harness: %v", err)
		}
		n := rapid.IntRange(1, 3).Draw(rt, "probes")
		var probes []string
		var replies []sim.Reply
		for i := 0; i < n; i++ {
			src := LuaProbeGen().Draw(rt, "probe")
			st := LuaProbeStep(src)
			want, d, err := compareStep(i, &st, ref, sut)
			if err != nil {
				rt.Fatalf("harness: %v", err)
			}
			res.Probes++
			probes, replies = append(probes, src), append(replies, want)
			if d != nil {
				if res.FailSeed == 0 {
					res.FailSeed = cfg.IterationSeed(calls - 1)
				}
				res.Failing, res.Replies, res.Diff = probes, replies, d
				rt.Fatalf("%s differs from %s at %s", sut.Name(), ref.Name(), d)
			}
		}
	})
}
