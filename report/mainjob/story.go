package mainjob

import (
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/story"
	"github.com/locksim/locksim/verdict"
)

// storyOf runs cfg again with its trace and tells the first violation of
// property whose mechanism is labelled label (confirmed as the job that
// found it confirmed it, when confirm), else the first of property; the
// lines are v's own line then its story. ok is false when the run shows no
// violation of property.
func storyOf(cfg run.Config, property, label string, confirm bool) (lines []string, ok bool, err error) {
	r, err := run.New(cfg, nil)
	if err != nil {
		return nil, false, err
	}
	var trace [][]byte
	r.World.Tracer().Hook = func(l []byte) { trace = append(trace, append([]byte(nil), l...)) }
	r.Execute()
	if err := r.Err(); err != nil {
		return nil, false, err
	}
	vs := verdict.Check(r).Violations
	if confirm {
		if vs, err = verdict.Confirm(cfg, vs); err != nil {
			return nil, false, err
		}
	}
	pick := -1
	for i, v := range vs {
		if v.Property != property {
			continue
		}
		if v.Mech.Label() == label {
			pick = i
			break
		}
		if pick < 0 {
			pick = i
		}
	}
	if pick < 0 {
		return nil, false, nil
	}
	lines = append(lines, vs[pick].String())
	return append(lines, story.Tell(vs[pick], r.History, trace)...), true, nil
}
