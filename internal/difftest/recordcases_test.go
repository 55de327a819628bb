package difftest

import (
	"bytes"
	"fmt"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// Case is a named list of steps whose replies are to be recorded.
type Case struct {
	Name  string
	Steps []conformance.Step
}

// Record runs every case on ref, each from an empty keyspace and script
// cache (ref.Reset), and returns them in the conformance file format with
// ref's replies as the expected ones. Run on a real Redis, that is how the
// project's conformance files are made: the steps come from code (a
// generator or a walk-through), the replies only from the server.
func Record(ref Backend, cases []Case) ([]byte, error) {
	var all []conformance.Step
	var replies []sim.Reply
	for _, c := range cases {
		if err := ref.Reset(); err != nil {
			return nil, err
		}
		all = append(all, conformance.Step{Case: c.Name})
		for i := range c.Steps {
			st := &c.Steps[i]
			r, err := ref.Do(st)
			if err != nil {
				return nil, fmt.Errorf("case %s step %d (%s): %v", c.Name, i, StepString(st), err)
			}
			all = append(all, *st)
			replies = append(replies, r)
		}
	}
	var b bytes.Buffer
	if err := conformance.Emit(&b, all, replies); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// RandomCases returns the first n generated sequences of the given Redisson
// version, drawn with seeds 1, 2, ... (Gen(maxSteps).Example(seed), whose
// version is drawn too: the others are skipped), each as a case named
// "random-s<seed>/<version>/<locks>lock-<owners>owner[-lossy]".
func RandomCases(version string, n, maxSteps int) []Case {
	var out []Case
	for seed := 1; len(out) < n; seed++ {
		seq := Gen(maxSteps).Example(seed)
		if seq.Version != version || len(seq.Steps) == 0 {
			continue
		}
		out = append(out, Case{Name: seq.CaseName(fmt.Sprintf("random-s%d", seed)), Steps: seq.Steps})
	}
	return out
}

// walk builds a walk-through case step by step, on a clock that only the
// walk-through moves.
type walk struct {
	c Case
	t int64
}

func newWalk(name string, t0 int64) *walk { return &walk{c: Case{Name: name}, t: t0} }

// after moves the clock forward by ms.
func (w *walk) after(ms int64) *walk { w.t += ms; return w }

// script, cmd and eval add a step at the current time.
func (w *walk) script(id string, keys []string, argv ...string) *walk {
	w.c.Steps = append(w.c.Steps, conformance.Step{T: w.t, Script: id, Keys: keys, Argv: argv})
	return w
}

func (w *walk) cmd(args ...string) *walk {
	w.c.Steps = append(w.c.Steps, conformance.Step{T: w.t, Cmd: args})
	return w
}
