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
	Stale    int // writes made after a newer holder had been granted the lock
	Rejected int // stale writes the resource turned away
	// Real says the writes carried the lock's own tokens (the fenced
	// lock's), not the ideal ones the check assigns.
	Real bool
	// Refused counts writes of the newest holder that the resource turned
	// away: its token was lower than one already accepted (the lock's
	// token counter went back).
	Refused int
}

func (f Fencing) String() string {
	s := fmt.Sprintf("%d writes, %d stale (made after a newer holder was granted the lock), %d of them rejected by fencing", f.Writes, f.Stale, f.Rejected)
	if f.Real {
		s += fmt.Sprintf("; the lock's own tokens, %d writes of the newest holder refused", f.Refused)
	}
	return s
}

// Fenced replays the critical sections' writes against a resource that
// checks fencing tokens and rejects a write whose token is older than the
// newest it has accepted. A write carries the token the lock gave its
// writer (the fenced lock's lockAndGetToken) or, for the locks that give
// none, the one an ideal token service would have: each grant gets the
// next number, in the order the granting scripts ran.
//
// Whether a write is stale is judged against that ideal order: a write is
// stale when a newer holder had been granted the lock before it. A stale
// write the resource accepted is a violation. With ideal tokens it is by
// design — fencing's own window: the newer holder had not written yet, so
// the resource could not know. With the lock's own tokens it is also
// fencing's window when the newer holder's token is the larger; when it is
// not, the lock's token counter went back (a failover that lost its
// increments, a restart without persistence), which is by design when
// such a fault came before it and a bug otherwise. A write of the newest
// holder that the resource refused is the same regression seen from the
// other side, judged the same way. Fencing counts them all.
func Fenced(h *model.History, faults []sim.FaultSpan) ([]Violation, Fencing) {
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
	// newestAt is the newest ideal token issued at time t.
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
		token int64 // the token presented: the lock's own, or the ideal one
		ideal int
		sec   int
	}
	var f Fencing
	var ws []write
	for _, w := range h.Writes {
		for i, s := range h.Sections {
			if s.Owner == w.Owner && s.Lock == w.Lock && w.At >= s.Start && (s.End < 0 || w.At <= s.End) {
				tok := int64(tokenOf[i])
				if w.Token >= 0 {
					tok, f.Real = w.Token, true
				}
				ws = append(ws, write{w: w, token: tok, ideal: tokenOf[i], sec: i})
				break
			}
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].w.At < ws[j].w.At })
	// lockToken is the token the lock gave section sec's holder (its first
	// write's), -1 when it never wrote.
	lockToken := func(sec int) int64 {
		for _, x := range ws {
			if x.sec == sec {
				return x.token
			}
		}
		return -1
	}
	// wentBack is the excuse for a token that went back: a failover or a
	// restart before t, or "" when none came.
	wentBack := func(t sim.Time) string {
		for _, sp := range faults {
			if (sp.Kind == sim.FaultMasterCrash || sp.Kind == sim.FaultRestart) && sp.Start <= t {
				return "the token counter went back with " + string(sp.Kind) + " at t=" + sp.Start.String()
			}
		}
		return ""
	}
	var out []Violation
	highest := map[string]int64{} // per resource (lock name)
	reported := map[int]bool{}    // one violation per section
	for _, x := range ws {
		f.Writes++
		newest := newestAt(x.w.At)
		stale := x.ideal < newest
		accepted := x.token >= highest[x.w.Lock]
		prev := highest[x.w.Lock]
		if accepted {
			highest[x.w.Lock] = x.token
		}
		if !stale {
			if !accepted {
				f.Refused++
				if !reported[x.sec] {
					reported[x.sec] = true
					out = append(out, regression(Violation{
						At: x.w.At, Actors: []string{x.w.Owner},
						Detail: fmt.Sprintf("%s, the newest holder, wrote with token %d and was refused: the resource had accepted token %d", x.w.Owner, x.token, prev),
					}, wentBack(x.w.At)))
				}
			}
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
		if f.Real {
			if nt := lockToken(grants[newest-1].sec); nt >= 0 && nt <= x.token {
				out = append(out, regression(Violation{
					At: x.w.At, Actors: []string{x.w.Owner, newer.Owner},
					Detail: fmt.Sprintf("%s wrote with token %d after %s was granted the lock (t=%s) with token %d, not a newer one, so the resource accepted it", x.w.Owner, x.token, newer.Owner, grants[newest-1].at, nt),
				}, wentBack(x.w.At)))
				continue
			}
			out = append(out, Violation{
				Property: "fenced", Class: ByDesign,
				Excuse: "fencing's window: the newer holder had not written yet",
				At:     x.w.At, Actors: []string{x.w.Owner, newer.Owner},
				Detail: fmt.Sprintf("%s wrote with token %d after %s was granted the lock (t=%s), before it wrote with its newer token, so the resource accepted it", x.w.Owner, x.token, newer.Owner, grants[newest-1].at),
			})
			continue
		}
		out = append(out, Violation{
			Property: "fenced", Class: ByDesign,
			Excuse: "fencing's window: the newer holder had not written yet",
			At:     x.w.At, Actors: []string{x.w.Owner, newer.Owner},
			Detail: fmt.Sprintf("%s wrote with token %d after %s was granted token %d (t=%s), before any write with it, so the resource accepted it", x.w.Owner, x.token, newer.Owner, newest, grants[newest-1].at),
		})
	}
	return out, f
}

// regression completes a violation of the lock's token counter going
// back: by design when excuse names a fault that explains it, a bug
// otherwise.
func regression(v Violation, excuse string) Violation {
	v.Property, v.Kind = "fenced", "token-regression"
	if excuse != "" {
		v.Class, v.Excuse = ByDesign, excuse
		return v
	}
	v.Class = Bug
	return v
}
