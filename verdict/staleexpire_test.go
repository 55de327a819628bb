package verdict

import (
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// setnx-expire, seed 4476, preset all: c3's SETNX took the key at
// 100.363 s, c4's DEL (its 2 s lease had run out) deleted it at 100.436 s,
// c2 took it at 100.677 s with a 15397 ms lease (EXPIRE 16 at 101.965 s),
// and c3's EXPIRE 30, held up by the slow network, ran at 102.605 s on
// c2's key: the hold stayed until c2's DEL at 121.107 s. The checks name
// the late EXPIRE (stale-expire), which the catalogue's expire-after-setnx
// makes, on the expiry check and, for a late EXPIRE shorter than the
// holder's lease, the lock-loss properties.
func TestStaleExpireIsExpireAfterSetNX(t *testing.T) {
	cfg := run.Config{Algo: "setnx-expire", Seed: 4476, Preset: "all", Safety: 180 * sim.Second, Liveness: 120 * sim.Second}
	wantMechanism(t, cfg, "expiry", 115779, "flaw:expire-after-setnx")
	for _, prop := range []string{"mutex", "expiry", "holds", "linearizable"} {
		v := checks.Violation{Property: prop, Mech: checks.Mechanism{Name: "stale-expire"}}
		if m := Resolve("setnx-expire", v, &model.History{}); m.Label() != "flaw:expire-after-setnx" {
			t.Errorf("%s by a late EXPIRE: %s", prop, m.Label())
		}
		if m := Resolve("set-px", v, &model.History{}); m.Kind != checks.MechNone {
			t.Errorf("set-px sends no EXPIRE: %s", m.Label())
		}
	}
}
