package verdict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// sameWithin is how far apart in time the same violation may be seen in
// a counterfactual run: leaving a fault out changes what comes after it.
const sameWithin = 10 * sim.Second

// same reports whether w is v seen again in another run: the same
// property, kind and actors, at about the same time.
func same(v, w checks.Violation) bool {
	return v.Property == w.Property && v.Kind == w.Kind && slices.Equal(v.Actors, w.Actors) &&
		w.At >= v.At.Add(-sameWithin) && w.At <= v.At.Add(sameWithin)
}

func has(vs []checks.Violation, v checks.Violation) (checks.Violation, bool) {
	for _, w := range vs {
		if same(v, w) {
			return w, true
		}
	}
	return checks.Violation{}, false
}

// confirmable reports whether v's mechanism names faults a counterfactual
// run can leave out: a lease, a contract action or a run condition is
// read off the run itself and has nothing to leave out.
func confirmable(v checks.Violation) bool {
	return v.Class == checks.ByDesign && v.Mech.Kind == checks.MechFault && len(v.Mech.Faults) > 0
}

// wholeRun are the properties judged at the run's end: a counterfactual
// run that confirms them must run to the end.
var wholeRun = map[string]bool{"liveness": true, "orphan": true}

// Confirm confirms the mechanism of every violation of cfg's run (vs,
// what Check found) that a fault explains, by a counterfactual run: the
// same run without that fault must not show the violation (the same
// property, kind and actors, within sameWithin of it). A violation that
// is still there was not the fault's doing: it takes the mechanism the
// counterfactual run finds for it (another fault, which is confirmed in
// turn, a lease, a flaw, or nothing: a bug). Runs are shared between the
// violations that name the same faults, and each stops once the last
// violation it is for has had its chance to show.
func (j Judge) Confirm(cfg run.Config, vs []checks.Violation) ([]checks.Violation, error) {
	return j.confirm(cfg, vs, func(checks.Violation) bool { return true })
}

// Confirm is Default.Confirm.
func Confirm(cfg run.Config, vs []checks.Violation) ([]checks.Violation, error) {
	return Default.Confirm(cfg, vs)
}

// ConfirmFirst is Confirm for the first violation of each of props that a
// fault explains, the one a reader of a cell's first by-design run takes;
// the other violations are returned as they were, unconfirmed.
func (j Judge) ConfirmFirst(cfg run.Config, vs []checks.Violation, props []string) ([]checks.Violation, error) {
	var picked []string
	return j.confirm(cfg, vs, func(v checks.Violation) bool {
		if !slices.Contains(props, v.Property) || slices.Contains(picked, v.Property) {
			return false
		}
		picked = append(picked, v.Property)
		return true
	})
}

// maxRounds bounds how many times a violation's mechanism is re-judged in
// a row (each re-judging by a fault is confirmed in turn).
const maxRounds = 3

// confirm confirms the violations of vs that pick takes (asked in order).
func (j Judge) confirm(cfg run.Config, vs []checks.Violation, pick func(checks.Violation) bool) ([]checks.Violation, error) {
	out := slices.Clone(vs)
	type target struct {
		i    int
		skip []int // the faults left out so far
	}
	var todo []target
	for i, v := range out {
		if confirmable(v) && pick(v) {
			todo = append(todo, target{i, nil})
		}
	}
	for round := 0; round < maxRounds && len(todo) > 0; round++ {
		// one run per set of faults to leave out, up to its last target
		type plan struct {
			skip    []int
			until   sim.Time
			targets []target
		}
		var plans []*plan
		for _, t := range todo {
			v := out[t.i]
			skip := slices.Clone(t.skip)
			for _, f := range v.Mech.Faults {
				if !slices.Contains(skip, f) {
					skip = append(skip, f)
				}
			}
			slices.Sort(skip)
			until := v.At.Add(sameWithin + sim.Millisecond)
			if wholeRun[v.Property] {
				until = 0
			}
			k := slices.IndexFunc(plans, func(p *plan) bool { return slices.Equal(p.skip, skip) })
			if k < 0 {
				plans = append(plans, &plan{skip: skip, until: until})
				k = len(plans) - 1
			}
			p := plans[k]
			if until == 0 || p.until != 0 && until > p.until {
				p.until = until
			}
			p.targets = append(p.targets, target{t.i, skip})
		}
		todo = nil
		for _, p := range plans {
			w, err := j.counterfactual(cfg, p.skip, p.until)
			if err != nil {
				return nil, err
			}
			for _, t := range p.targets {
				v := &out[t.i]
				again, still := has(w, *v)
				if !still {
					v.Confirmed = "confirmed: without " + faultNames(cfg, t.skip) + ", no violation"
					continue
				}
				v.Mech, v.Class = again.Mech, again.Class
				v.Confirmed = "re-judged: it happens without " + faultNames(cfg, t.skip) + " too"
				switch {
				case v.Class == checks.Bug:
					v.Confirmed += ": a bug"
				case v.Class == checks.Known:
					v.Confirmed += ": " + again.Mech.Name
				case confirmable(*v):
					todo = append(todo, target{t.i, t.skip}) // the other fault, confirmed in turn
				}
			}
		}
	}
	return out, nil
}

// counterfactual runs cfg without the faults skip, up to until (0: to the
// end), and returns what Check finds.
func (j Judge) counterfactual(cfg run.Config, skip []int, until sim.Time) ([]checks.Violation, error) {
	c := cfg
	c.Coverage = nil // the counterfactual's statements are not the run's
	c.SkipFaults = append(slices.Clone(cfg.SkipFaults), skip...)
	slices.Sort(c.SkipFaults)
	c.SkipFaults = slices.Compact(c.SkipFaults)
	c.Until = until
	r, res, err := j.Run(c)
	if err != nil {
		return nil, err
	}
	r.Recycle() // the violations hold no part of the history
	return res.Violations, nil
}

// faultNames names the plan faults idx of cfg's run: "fault #2 (t=12.5s
// pause c1 for=30s)".
func faultNames(cfg run.Config, idx []int) string {
	plan, err := run.PlanOf(cfg)
	var parts []string
	for _, k := range idx {
		if err == nil && k >= 0 && k < len(plan.Faults) {
			parts = append(parts, fmt.Sprintf("#%d (%s)", k, plan.Faults[k]))
		} else {
			parts = append(parts, fmt.Sprintf("#%d", k))
		}
	}
	word := "fault "
	if len(parts) > 1 {
		word = "faults "
	}
	return word + strings.Join(parts, ", ")
}
