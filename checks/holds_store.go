package checks

import (
	"slices"
	"sort"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// What the store did to one owner's hold: where it appeared, and how it
// went. The checks name a violation's mechanism from the event that made
// it (a hold gone while its owner believed it held, a hold that outlived
// its lease), not from whatever happened anywhere near it.

// goneHow is how a hold left the master's lock.
type goneHow uint8

const (
	goneExpired goneHow = iota + 1 // its TTL ran out
	goneDeleted                    // a script or command deleted it
	goneMaster                     // the master changed (failover, restart) and the new one lacks it
)

// holdGone is one owner's hold leaving the master's lock: first seen gone
// in sample Sample.
type holdGone struct {
	Owner  string
	Sample int // index in History.Store of the first sample without it
	How    goneHow
	// Expired: the deadline (server ms) that passed, when (virtual time,
	// as the previous sample's clock ran), and the sample whose script
	// armed it.
	Deadline  int64
	ExpiredAt sim.Time
	Armed     int
}

// view is one run as the checks read it, indexed once.
type view struct {
	h      *model.History
	faults []sim.FaultSpan
	gone   []holdGone // in sample order
	// procOf maps an owner to its process.
	procOf map[string]string
	own    owners
}

func newView(h *model.History, faults []sim.FaultSpan) *view {
	v := &view{h: h, faults: faults, procOf: map[string]string{}, own: indexOwners(h)}
	for _, ops := range [][]model.Op{h.Ops, h.Renewals, h.Unlocks} {
		for _, op := range ops {
			v.procOf[op.Owner] = op.Proc
		}
	}
	st := h.Store
	for i := 1; i < len(st); i++ {
		prev, cur := &st[i-1], &st[i]
		if len(prev.Holders) == 0 {
			continue
		}
		// the key expired before cur's script ran, which took the lock
		// anew: the old holds are gone even where the owner is back
		lapsed := prev.TTL >= 0 && cur.ServerMs > prev.ServerMs+prev.TTL && prev.Node == cur.Node && prev.Epoch == cur.Epoch
		if !lapsed && sameHolders(prev.Holders, cur.Holders) {
			continue
		}
		for _, o := range prev.Holders {
			if !lapsed && slices.Contains(cur.Holders, o) {
				continue
			}
			g := holdGone{Owner: o, Sample: i, Armed: -1}
			switch {
			case prev.Node != cur.Node || prev.Epoch != cur.Epoch:
				g.How = goneMaster
			case prev.TTL >= 0 && cur.ServerMs > prev.ServerMs+prev.TTL:
				// Redis expires a key once now > its deadline (keyIsExpired)
				g.How, g.Deadline = goneExpired, prev.ServerMs+prev.TTL
				g.ExpiredAt = prev.At.Add(sim.Duration(prev.TTL) * sim.Millisecond)
				g.Armed = v.armedAt(i-1, g.Deadline, o)
			default:
				g.How = goneDeleted
			}
			v.gone = append(v.gone, g)
		}
	}
	return v
}

// sameHolders is a fast test for the common case of an unchanged list
// (observe shares it between samples while it stays).
func sameHolders(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		return true
	}
	return slices.Equal(a, b)
}

// becameMaster is the Script of the sample a node's promotion (or
// restart) takes (run.Run.masterChanged).
const becameMaster = "(became master)"

// armedAt is the sample whose script set the deadline that sample last
// shows for owner's hold: walking back while the samples show the same
// deadline and the owner. A master change is walked through to the old
// master's sample that armed the same deadline (the write the replica
// received); when the old master had none, the change itself armed it
// (the new master has an older deadline than the old one's last).
func (v *view) armedAt(last int, deadline int64, owner string) int {
	st := v.h.Store
	arms := func(p *model.StoreSample) bool {
		return p.TTL >= 0 && p.ServerMs+p.TTL == deadline && slices.Contains(p.Holders, owner)
	}
	j := last
	for j > 0 {
		if st[j].Script == becameMaster {
			k := j - 1
			for k >= 0 && !arms(&st[k]) {
				k--
			}
			if k < 0 {
				return j
			}
			j = k
			continue
		}
		if p := &st[j-1]; p.Node != st[j].Node || p.Epoch != st[j].Epoch || !arms(p) {
			break
		}
		j--
	}
	return j
}

// lastGone is owner's last hold-gone event in samples taken in (from, to],
// with no sample showing its hold again after it up to to; false when the
// hold was there at to, or never left in the window.
func (v *view) lastGone(owner string, from, to sim.Time) (holdGone, bool) {
	var found holdGone
	ok := false
	for _, g := range v.gone {
		at := v.h.Store[g.Sample].At
		if at <= from {
			continue
		}
		if at > to {
			break
		}
		if g.Owner == owner {
			found, ok = g, true
		}
	}
	if !ok {
		return holdGone{}, false
	}
	// held again since?
	for i := found.Sample; i < len(v.h.Store) && v.h.Store[i].At <= to; i++ {
		if slices.Contains(v.h.Store[i].Holders, owner) {
			return holdGone{}, false
		}
	}
	return found, true
}

// heldAt reports whether the master's last sample at or before t shows
// owner's hold (false when there is none).
func (v *view) heldAt(owner string, t sim.Time) bool {
	i := v.sampleAt(t)
	return i >= 0 && slices.Contains(v.h.Store[i].Holders, owner)
}

// sampleAt is the index of the last sample taken at or before t, -1 when
// none was.
func (v *view) sampleAt(t sim.Time) int {
	return sort.Search(len(v.h.Store), func(i int) bool { return v.h.Store[i].At > t }) - 1
}

// everHeld reports whether some sample in [from, to] shows owner's hold.
func (v *view) everHeld(owner string, from, to sim.Time) bool {
	i := sort.Search(len(v.h.Store), func(i int) bool { return v.h.Store[i].At >= from })
	for ; i < len(v.h.Store) && v.h.Store[i].At <= to; i++ {
		if slices.Contains(v.h.Store[i].Holders, owner) {
			return true
		}
	}
	return false
}

// fault is the span of the fault with plan index i.
func (v *view) fault(i int) (sim.FaultSpan, bool) {
	for _, f := range v.faults {
		if f.Index == i && i >= 0 {
			return f, true
		}
	}
	return sim.FaultSpan{}, false
}

// spanEnd is when a span ended, at for one still active.
func spanEnd(f sim.FaultSpan, at sim.Time) sim.Time {
	if f.End < 0 {
		return at
	}
	return f.End
}
