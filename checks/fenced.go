package checks

import (
	"fmt"
	"sort"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Fencing is what a fencing resource made of the run's writes.
type Fencing struct {
	Writes   int // writes made inside critical sections
	Stale    int // writes made after a newer token had been issued
	Rejected int // stale writes the resource turned away
}

func (f Fencing) String() string {
	return fmt.Sprintf("%d writes, %d stale (made after a newer holder was granted the lock), %d of them rejected by fencing", f.Writes, f.Stale, f.Rejected)
}

// Fenced replays the critical sections' writes against a resource that
// checks fencing tokens: each grant of the lock gets the next token, in
// the order the granting scripts ran (an ideal token service; a counter
// kept in the same Redis would regress with it at a failover), every
// write carries its section's token, and the resource rejects a write
// whose token is older than the newest it has accepted.
//
// A violation is a stale write the resource accepted: one made after a
// newer holder had been granted the lock, but before that holder's first
// write reached the resource, so the resource could not know. It is by
// design — fencing's own window — and it shows which mutex violations
// fencing would not have stopped. A write the resource rejected is a
// mutex violation fencing did stop; Fencing counts both.
func Fenced(h *model.History) ([]Violation, Fencing) {
	type grant struct {
		sec   int
		at    sim.Time // when the granting script ran
		token int
	}
	// The acquire call that opened each section tells when its script ran.
	var grants []grant
	for i, s := range h.Sections {
		at := s.Granted
		for _, op := range h.Ops {
			if op.Owner == s.Owner && op.Start == s.Called && op.Call.Acquires() && op.ExecAt >= 0 {
				at = op.ExecVirtual
				break
			}
		}
		grants = append(grants, grant{sec: i, at: at})
	}
	sort.SliceStable(grants, func(i, j int) bool { return grants[i].at < grants[j].at })
	tokenOf := make([]int, len(h.Sections))
	for i := range grants {
		grants[i].token = i + 1
		tokenOf[grants[i].sec] = i + 1
	}
	// newestAt is the newest token issued at time t.
	newestAt := func(t sim.Time) int {
		n := 0
		for _, g := range grants {
			if g.at > t {
				break
			}
			n = g.token
		}
		return n
	}
	type write struct {
		w     model.Write
		token int
		sec   int
	}
	var ws []write
	for _, w := range h.Writes {
		for i, s := range h.Sections {
			if s.Owner == w.Owner && s.Lock == w.Lock && w.At >= s.Start && (s.End < 0 || w.At <= s.End) {
				ws = append(ws, write{w: w, token: tokenOf[i], sec: i})
				break
			}
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].w.At < ws[j].w.At })
	var f Fencing
	var out []Violation
	highest := map[string]int{} // per resource (lock name)
	reported := map[int]bool{}  // one violation per stale section
	for _, x := range ws {
		f.Writes++
		newest := newestAt(x.w.At)
		stale := x.token < newest
		accepted := x.token >= highest[x.w.Lock]
		if accepted {
			highest[x.w.Lock] = x.token
		}
		if !stale {
			continue
		}
		f.Stale++
		if !accepted {
			f.Rejected++
			continue
		}
		if reported[x.sec] {
			continue
		}
		reported[x.sec] = true
		newer := h.Sections[grants[newest-1].sec]
		out = append(out, Violation{
			Property: "fenced", Class: ByDesign,
			Excuse: "fencing's window: the newer holder had not written yet",
			At:     x.w.At, Actors: []string{x.w.Owner, newer.Owner},
			Detail: fmt.Sprintf("%s wrote with token %d after %s was granted token %d (t=%s), before any write with it, so the resource accepted it", x.w.Owner, x.token, newer.Owner, newest, grants[newest-1].at),
		})
	}
	return out, f
}
