package verdict

import (
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// An unlock whose re-send counted down again (checks' unlock-ran-twice, in
// the window from the call to its second run, on its process, by its
// thread) is the catalogued resend where the client noted that thread's
// re-send there; a resend-acquire note (an acquiring call's re-send) is not
// that path, and 3.8.1 never re-sends.
func TestUnlockRanTwiceIsResend(t *testing.T) {
	s := func(x float64) sim.Time { return sim.Time(x * float64(sim.Second)) }
	mech := checks.Mechanism{Kind: checks.MechNone, Name: "unlock-ran-twice", Detail: "d", From: s(5), To: s(9.5), Procs: []string{"c2"}, Owners: []string{"A"}}
	for _, c := range []struct {
		name, algo, prop, kind, flaw, proc, owner string
		note                                      float64
		want                                      string
	}{
		{"noted", "rlock-3.16.8", "expiry", "", "resend", "c2", "A", 8, "flaw:resend"},
		{"noted, not-held", "rlock-3.16.8", "error", "not-held", "resend", "c2", "A", 8, "flaw:resend"},
		{"no note", "rlock-3.16.8", "mutex", "", "", "", "", 0, "bug:unlock-ran-twice"},
		{"noted before the call", "rlock-3.16.8", "mutex", "", "resend", "c2", "A", 4, "bug:unlock-ran-twice"},
		{"noted on another process", "rlock-3.16.8", "mutex", "", "resend", "c3", "A", 8, "bug:unlock-ran-twice"},
		{"noted by another thread of the process", "rlock-3.16.8", "mutex", "", "resend", "c2", "B", 8, "bug:unlock-ran-twice"},
		{"the acquire's re-send", "rlock-3.16.8", "mutex", "", "resend-acquire", "c2", "A", 8, "bug:unlock-ran-twice"},
		{"a version that never re-sends", "rlock-3.8.1", "mutex", "", "resend", "c2", "A", 8, "bug:unlock-ran-twice"},
	} {
		h := &model.History{}
		if c.flaw != "" {
			h.Flaws.Add(model.FlawAt{At: s(c.note), Proc: c.proc, Owner: c.owner, Flaw: c.flaw})
		}
		v := checks.Violation{Property: c.prop, Kind: c.kind, Mech: mech}
		if m := Resolve(c.algo, v, h); m.Label() != c.want {
			t.Errorf("%s: %s, want %s", c.name, m, c.want)
		}
	}
}
