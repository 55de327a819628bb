package verdict

import (
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
)

// An unlock that ran again after its latch expired (checks' latch-expired:
// settings under which every repeat comes after the latch is gone) is
// 4.7.0's catalogued unlock-latch-short, for the properties a lost hold
// breaks; no other version keeps a latch, and porcupine's view alone is
// not enough for a flaw with no path.
func TestLatchExpiredIsUnlockLatchShort(t *testing.T) {
	h := &model.History{}
	mech := checks.Mechanism{Kind: checks.MechNone, Name: "latch-expired", Detail: "d"}
	for _, c := range []struct {
		algo, prop, kind string
		want             checks.Class
	}{
		{"rlock-4.7.0", "mutex", "", checks.Known},
		{"fairlock-4.7.0", "error", "not-held", checks.Known},
		{"fencedlock-4.7.0", "expiry", "", checks.Known},
		{"rlock-4.7.0", "linearizable", "", checks.Bug},
		{"rlock-3.16.8", "mutex", "", checks.Bug},
	} {
		v := checks.Violation{Property: c.prop, Kind: c.kind, Mech: mech}
		m := Resolve(c.algo, v, h)
		if m.Class() != c.want || c.want == checks.Known && m.Name != "unlock-latch-short" {
			t.Errorf("%s %s/%s: %s, want %s", c.algo, c.prop, c.kind, m, c.want)
		}
	}
}
