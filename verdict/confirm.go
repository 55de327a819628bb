package verdict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
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

// excusingFaults are the plan indices of the faults active in v's window
// (the faults an excuse can name); recorded conditions (a client's clock
// skew for the whole run) have no index and cannot be left out.
func excusingFaults(v checks.Violation) []int {
	var out []int
	for _, f := range v.Faults {
		if f.Index >= 0 && !slices.Contains(out, f.Index) {
			out = append(out, f.Index)
		}
	}
	return out
}

// Confirm confirms the excuse of every by-design violation of cfg's run
// (vs, what Check found) by counterfactual runs, and returns vs with
// Confirmed set, a violation whose excuse did not hold re-judged (its
// Class and Excuse those it has without the faults). Runs are shared: one
// per fault left out, one per set of faults left out together.
func Confirm(cfg clients.RunConfig, vs []checks.Violation) ([]checks.Violation, error) {
	return confirm(cfg, vs, func(checks.Violation) bool { return true })
}

// ConfirmFirst is Confirm for the first by-design violation of each of
// props whose excuse names a fault, the one a reader of a cell's first
// by-design run takes (the main job's confirm); the other violations are
// returned as they were, unconfirmed, and make no counterfactual run.
func ConfirmFirst(cfg clients.RunConfig, vs []checks.Violation, props []string) ([]checks.Violation, error) {
	var picked []string
	return confirm(cfg, vs, func(v checks.Violation) bool {
		if !slices.Contains(props, v.Property) || slices.Contains(picked, v.Property) {
			return false
		}
		picked = append(picked, v.Property)
		return true
	})
}

// confirm confirms the by-design violations of vs with a fault to leave
// out that pick (asked in order) takes.
func confirm(cfg clients.RunConfig, vs []checks.Violation, pick func(checks.Violation) bool) ([]checks.Violation, error) {
	cache := map[string][]checks.Violation{}
	without := func(skip []int) ([]checks.Violation, error) {
		key := fmt.Sprint(skip)
		if r, ok := cache[key]; ok {
			return r, nil
		}
		c := cfg
		c.Coverage = nil // the counterfactual's statements are not the run's
		c.SkipFaults = append(slices.Clone(cfg.SkipFaults), skip...)
		slices.Sort(c.SkipFaults)
		c.SkipFaults = slices.Compact(c.SkipFaults)
		r, res, err := Run(c)
		if err != nil {
			return nil, err
		}
		r.Recycle() // the violations hold no part of the history
		cache[key] = res.Violations
		return res.Violations, nil
	}
	out := slices.Clone(vs)
	for i := range out {
		v := &out[i]
		if v.Class != checks.ByDesign {
			continue
		}
		idx := excusingFaults(*v)
		if len(idx) == 0 {
			continue // a lease that ran out, replicas, a whole-run condition: nothing to leave out
		}
		if !pick(*v) {
			continue
		}
		var confirmed []int
		for _, k := range idx {
			w, err := without([]int{k})
			if err != nil {
				return nil, err
			}
			if _, still := has(w, *v); !still {
				confirmed = append(confirmed, k)
			}
		}
		if len(confirmed) > 0 {
			v.Confirmed = "confirmed: without fault " + faultNames(*v, confirmed) + ", no violation"
			continue
		}
		w, err := without(idx)
		if err != nil {
			return nil, err
		}
		again, still := has(w, *v)
		switch {
		case !still:
			v.Confirmed = "confirmed: without faults " + faultNames(*v, idx) + " together, no violation"
		case again.Class == checks.ByDesign:
			v.Confirmed = "re-judged: it happens without faults " + faultNames(*v, idx) + " too"
			v.Excuse = again.Excuse
		default:
			v.Confirmed = "re-judged: it happens without faults " + faultNames(*v, idx) + " too: a bug"
			v.Class, v.Excuse, v.Known = checks.Bug, "", again.Known
		}
	}
	return out, nil
}

// faultNames names the plan faults idx of v's window: "#2 (t=12.5s pause c1 for=30s)".
func faultNames(v checks.Violation, idx []int) string {
	var parts []string
	for _, k := range idx {
		for _, f := range v.Faults {
			if f.Index == k {
				parts = append(parts, fmt.Sprintf("#%d (%s)", k, f.Fault))
				break
			}
		}
	}
	return strings.Join(parts, ", ")
}
