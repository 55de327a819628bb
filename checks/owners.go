package checks

import "github.com/locksim/locksim/model"

// owners indexes a history's sections and its acquire calls by owner,
// each list in the history's order. A check that pairs a section with its
// owner's calls or other sections reads that owner's lists, not every
// section and call of the run: over a run of thousands of each, those
// scans were most of the checks' time. The view builds it once for
// every check.
type owners struct {
	sections map[string][]int // indices into Sections
	acquires map[string][]int // indices into Ops of the calls that acquire
}

func indexOwners(h *model.History) owners {
	o := owners{sections: map[string][]int{}, acquires: map[string][]int{}}
	for i := range h.Sections {
		s := &h.Sections[i]
		o.sections[s.Owner] = append(o.sections[s.Owner], i)
	}
	for i := range h.Ops {
		if op := &h.Ops[i]; op.Call.Acquires() {
			o.acquires[op.Owner] = append(o.acquires[op.Owner], i)
		}
	}
	return o
}
