package checks

import (
	"fmt"
	"slices"
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
	return fenced(newView(h, faults))
}

func fenced(vw *view) ([]Violation, Fencing) {
	h, faults, own := vw.h, vw.faults, vw.own
	type grant struct {
		owner string
		sec   int      // the section it opened or renewed
		at    sim.Time // when the granting script ran
		token int
	}
	// Each section's grant, when its acquire's script ran; and a fresh
	// grant within a section after it began: an acquire of its owner whose
	// script found it without a hold (lost since) and left it with one.
	// A re-entry that found the hold only counts the same grant again,
	// unless the hold was a failed call's grant that no acquire counted
	// (reentersFailedGrant): the re-entry is then the grant.
	var grants []grant
	for i := range h.Sections {
		s := &h.Sections[i]
		at := s.Granted
		for _, k := range own.acquires[s.Owner] {
			if op := &h.Ops[k]; op.Start == s.Called && op.ExecAt >= 0 {
				// the call's last run that left its owner holding: a first
				// send that ran after its re-send had granted the lock
				// (#4822) and found it taken is the call's last run, not
				// its grant. The grant ran before the call returned: a send
				// of the call held up in the network that ran after that
				// (its first send or its re-send, RedisExecutor's response
				// timeout) re-entered a later hold of the thread, or
				// granted a hold of its own, and is not this section's
				last := min(op.ExecVirtual, s.Start)
				at = last
				tag := opTag(k)
				for j := vw.sampleAt(s.Called-1) + 1; j < len(h.Store) && h.Store[j].At <= last; j++ {
					if smp := &h.Store[j]; smp.Tag == tag && slices.Contains(smp.Holders, s.Owner) {
						at = smp.At
					}
				}
				break
			}
		}
		grants = append(grants, grant{owner: s.Owner, sec: i, at: at})
	}
	for i := 1; i < len(h.Store); i++ {
		smp, prev := &h.Store[i], &h.Store[i-1]
		op := h.CallOf(smp.Tag)
		if op == nil || !op.Call.Acquires() || op.Outcome != "acquired" || !slices.Contains(smp.Holders, op.Owner) ||
			slices.Contains(prev.Holders, op.Owner) && prev.Epoch == smp.Epoch && !reentersFailedGrant(h, i) {
			continue
		}
		for _, k := range own.sections[op.Owner] {
			if s := &h.Sections[k]; smp.At > s.Start && (s.End < 0 || smp.At <= s.End) {
				grants = append(grants, grant{owner: op.Owner, sec: k, at: smp.At})
			}
		}
	}
	sort.SliceStable(grants, func(i, j int) bool { return grants[i].at < grants[j].at })
	for i := range grants {
		grants[i].token = i + 1
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
	// idealOf is the ideal token a write of section sec at t carries: its
	// section's latest grant by then (its first, when none came before).
	idealOf := func(sec int, t sim.Time) int {
		tok := 0
		for _, g := range grants {
			if g.sec != sec {
				continue
			}
			if tok == 0 || g.at <= t {
				tok = g.token
			}
		}
		return tok
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
		for _, i := range own.sections[w.Owner] {
			if s := &h.Sections[i]; s.Lock == w.Lock && w.At >= s.Start && (s.End < 0 || w.At <= s.End) {
				ideal := idealOf(i, w.At)
				tok := int64(ideal)
				if w.Token >= 0 {
					tok, f.Real = w.Token, true
				}
				ws = append(ws, write{w: w, token: tok, ideal: ideal, sec: i})
				break
			}
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].w.At < ws[j].w.At })
	// lockToken is the token the lock gave section sec's holder by its
	// grant at t: its first write's since (a fresh grant within a section,
	// after another's forceUnlock or an expiry, returns a new token), -1
	// when it did not write since.
	lockToken := func(sec int, t sim.Time) int64 {
		for _, x := range ws {
			if x.sec == sec && x.w.At >= t {
				return x.token
			}
		}
		return -1
	}
	// wentBack explains a token that went back between the grants of
	// sections a and b: a failover or restart between them lost the
	// counter's increments; none otherwise.
	first, last := make([]sim.Time, len(h.Sections)), make([]sim.Time, len(h.Sections))
	for _, g := range grants { // in time order
		if first[g.sec] == 0 {
			first[g.sec] = g.at
		}
		last[g.sec] = g.at
	}
	wentBack := func(a, b int, detail string) Mechanism {
		from, to := min(first[a], first[b]), max(last[a], last[b])
		for _, sp := range faults {
			if changesMaster(sp) && sp.Start >= from && sp.Start <= to {
				return faultMech(sp, describeFault(sp)+": the new master's token counter lacked the increments of the old one (asynchronous replication)")
			}
		}
		return cause("token-went-back", detail, from, to, h.Sections[a].Proc, h.Sections[b].Proc)
	}
	var out []Violation
	highest := map[string]int64{} // per resource (lock name)
	highestSec := map[string]int{}
	reported := map[int]bool{} // one violation per section
	for _, x := range ws {
		f.Writes++
		newest := newestAt(x.w.At)
		stale := x.ideal < newest
		prev, prevSec := highest[x.w.Lock], highestSec[x.w.Lock]
		accepted := x.token >= prev
		if accepted {
			highest[x.w.Lock], highestSec[x.w.Lock] = x.token, x.sec
		}
		if f.Real && accepted && prev > 0 && x.token == prev && prevSec != x.sec && !reported[x.sec] {
			// two grants with one token: the resource cannot tell them apart
			reported[x.sec], reported[prevSec] = true, true
			d := fmt.Sprintf("%s wrote with token %d, the token the resource had already accepted from %s's section, so it accepted both", x.w.Owner, x.token, h.Sections[prevSec].Owner)
			out = append(out, regression(Violation{At: x.w.At, Actors: []string{h.Sections[prevSec].Owner, x.w.Owner}, Detail: d}, "token-repeated", wentBack(prevSec, x.sec, d)))
			continue
		}
		if !stale {
			if !accepted {
				f.Refused++
				if !reported[x.sec] {
					reported[x.sec] = true
					d := fmt.Sprintf("%s, the newest holder, wrote with token %d and was refused: the resource had accepted token %d", x.w.Owner, x.token, prev)
					out = append(out, regression(Violation{At: x.w.At, Actors: []string{x.w.Owner}, Detail: d}, "token-regression", wentBack(prevSec, x.sec, d)))
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
			if nt := lockToken(grants[newest-1].sec, grants[newest-1].at); nt >= 0 && nt <= x.token {
				d := fmt.Sprintf("%s wrote with token %d after %s was granted the lock (t=%s) with token %d, not a newer one, so the resource accepted it", x.w.Owner, x.token, newer.Owner, grants[newest-1].at, nt)
				out = append(out, regression(Violation{At: x.w.At, Actors: []string{x.w.Owner, newer.Owner}, Detail: d}, "token-regression", wentBack(x.sec, grants[newest-1].sec, d)))
				continue
			}
			out = append(out, window(Violation{At: x.w.At, Actors: []string{x.w.Owner, newer.Owner},
				Detail: fmt.Sprintf("%s wrote with token %d after %s was granted the lock (t=%s), before it wrote with its newer token, so the resource accepted it", x.w.Owner, x.token, newer.Owner, grants[newest-1].at)}))
			continue
		}
		out = append(out, window(Violation{At: x.w.At, Actors: []string{x.w.Owner, newer.Owner},
			Detail: fmt.Sprintf("%s wrote with token %d after %s was granted token %d (t=%s), before any write with it, so the resource accepted it", x.w.Owner, x.token, newer.Owner, newest, grants[newest-1].at)}))
	}
	return out, f
}

// reentersFailedGrant says that the acquire whose script ran at h.Store[i]
// is the first to count a hold of its owner that a failed call of the
// owner granted: the hold began (on this master) with the script of an
// acquire of the owner whose call then failed, and no acquire of the owner
// that returned acquired ran since. The failed call's script took the
// lock afresh and drew a token (R47:RedissonFencedLock.java:108-113), but
// its call failed after the script had run, e.g. the WAIT that
// syncedEvalNoRetry sends with it counted no replica
// (R47:CommandAsyncService.java:1221-1224), and nothing releases it
// (R47:RedissonFencedLock.java:159-161); this re-entry found that hold
// (hexists, :109) and returned the owner's first token of it. The grant is
// then this re-entry's: the owner's writes before it still carry the token
// of its older grant.
func reentersFailedGrant(h *model.History, i int) bool {
	smp := &h.Store[i]
	owner := h.CallOf(smp.Tag).Owner
	for j := i - 1; j >= 0; j-- {
		s := &h.Store[j]
		op := h.CallOf(s.Tag)
		mine := op != nil && op.Owner == owner && op.Call.Acquires()
		if mine && op.Outcome == "acquired" {
			return false // an earlier re-entry counted the hold
		}
		if j == 0 || h.Store[j-1].Epoch != smp.Epoch || !slices.Contains(h.Store[j-1].Holders, owner) {
			return mine && op.Outcome == "error" // the script that began the hold
		}
	}
	return false
}

// regression completes a violation of the lock's token counter going
// back (or repeating) with the mechanism that explains it.
func regression(v Violation, kind string, m Mechanism) Violation {
	v.Property, v.Kind = "fenced", kind
	v.explained(m)
	return v
}

// window completes a stale write the resource accepted because the newer
// holder had not written yet: fencing's own window, by design.
func window(v Violation) Violation {
	v.Property = "fenced"
	v.explained(Mechanism{Kind: MechCondition, Name: "fencing-window", Detail: "fencing's window: the newer holder had not written yet"})
	return v
}
