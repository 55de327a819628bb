package checks

import (
	"fmt"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Orphan checks that a watchdog renews only a lock its owner holds. A
// renewal that succeeded (the owner's hash field was there and got its
// lease back) while the owner's thread was in no critical section and no
// call — it believes it holds nothing and is not acquiring or releasing —
// kept alive a hold nobody will unlock: the lock stays taken for as long
// as the process lives, and every other caller waits (Redisson issue
// #7272: an interrupted acquire's late callback starts the watchdog for a
// thread that was told it failed). The renewal must have been sent while
// the thread held nothing too: one sent while it held and run after its
// release extends a phantom hold once, and is the stale renewal's race,
// not this; and no command of a call of the thread may run after it (an
// interrupted unlock still on its way ends the hold). It is a bug: a fault can leave a hold
// its thread does not count, but then the hold expires with its lease;
// only the watchdog keeps it.
func Orphan(h *model.History) []Violation {
	return orphan(newView(h, nil))
}

func orphan(vw *view) []Violation {
	h := vw.h
	// busy: o's thread was in a call or a section at some time in [from, to].
	busy := func(o string, from, to sim.Time) bool {
		for _, op := range h.Ops {
			end := op.End
			if end >= 0 && op.ExecAt >= 0 && op.ExecVirtual > end {
				end = op.ExecVirtual // what it sent still ran after it returned (an interrupted unlock)
			}
			if op.Owner == o && op.Start <= to && (end < 0 || end >= from) {
				return true
			}
		}
		for _, s := range h.Sections {
			if s.Owner == o && s.Start <= to && (s.End < 0 || s.End >= from) {
				return true
			}
		}
		return false
	}
	// believedFree is when o's thread last stopped holding or calling
	// before t.
	believedFree := func(o string, t sim.Time) sim.Time {
		last := sim.Time(0)
		for _, op := range h.Ops {
			if op.Owner == o && op.End >= 0 && op.End < t {
				last = max(last, op.End)
			}
		}
		for _, s := range h.Sections {
			if s.Owner == o && s.End >= 0 && s.End < t {
				last = max(last, s.End)
			}
		}
		return last
	}
	var out []Violation
	reported := map[string]bool{}
	for _, r := range h.Renewals {
		o := r.Owner
		// The renewal was sent, and ran, while the thread held nothing: the
		// watchdog chose to renew (a renewal sent while it held and run
		// after its release is a stale one; it extends a phantom hold once).
		if reported[o] || r.Outcome != "renewed" || r.ExecAt < 0 || busy(o, r.Start, r.ExecVirtual) {
			continue
		}
		reported[o] = true
		since := believedFree(o, r.ExecVirtual)
		v := Violation{
			Property: "orphan", At: r.ExecVirtual, Actors: []string{o},
			Detail: fmt.Sprintf("the watchdog renewed %s's hold at t=%s, while its thread held nothing and made no call (since t=%s): a lock nobody will unlock, kept alive for as long as the process lives",
				o, r.ExecVirtual, since),
		}
		m := cause("orphan-renewal", v.Detail, 0, r.ExecVirtual, r.Proc)
		m.Owners = []string{o}
		v.explained(m)
		out = append(out, v)
	}
	return out
}
