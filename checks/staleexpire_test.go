package checks

import (
	"testing"

	"github.com/locksim/locksim/model"
)

// setnx-expire sends `if (setnx(key, 1) == 1) { expire(key, 30) }` as two
// commands (seed 003). X's SETNX took the key at 1.1 s; a holder slower
// than its lease deleted it with a plain DEL at 1.2 s; Y's SETNX took it
// at 1.3 s and Y's EXPIRE armed its 5 s lease at 1.4 s; X's EXPIRE, held
// up, ran at 2 s on Y's key (the key names no owner) and armed it for
// stale ms. Y's hold then outlives its lease (stale 30 s) or expires
// under it (stale 2 s).
func staleExpireHist(stale int64, xSetNXHolder string) *model.History {
	b := newHist()
	b.h.Settings = model.Settings{Timeout: 3000}
	b.call("X", model.CallLock, 1, 5, "error")            // op/0
	b.call("Z", model.CallUnlock, 1.15, 1.25, "released") // op/1
	y := b.call("Y", model.CallLock, 1, 1.5, "acquired")  // op/2
	b.lease(y, 5000)
	b.call("W", model.CallLock, 6, -1, "") // op/3
	b.sample(1.1, "op/0", "SETNX", -1, xSetNXHolder)
	b.sample(1.2, "op/1", "DEL", -2)
	b.sample(1.3, "op/2", "SETNX", -1, "Y")
	b.sample(1.4, "op/2", "EXPIRE", 5000, "Y")
	b.sample(2, "op/0", "EXPIRE", stale, "Y")
	if stale > 5000 {
		b.sample(7.5, "op/3", "SETNX", stale-5500, "Y") // W polls: Y's key is still there
	} else {
		b.sample(4.5, "op/3", "SETNX", -1, "W") // Y's key ran out at 4 s: W took the lock
	}
	b.section(y, 5000, 9)
	return &b.h
}

// TestStaleExpireRearmsAnothersKey: the EXPIRE of X's call re-armed Y's
// key. The hold that outlived Y's lease, and the hold that expired before
// it, are named stale-expire (the catalogue's expire-after-setnx); an
// EXPIRE whose SETNX never took the key (the client sends none then) stays
// a re-arm nothing explains.
func TestStaleExpireRearmsAnothersKey(t *testing.T) {
	got := Expiry(staleExpireHist(30000, "X"), nil)
	if len(got) != 1 || got[0].Mech.Label() != "bug:stale-expire" || got[0].At != at(7.5) {
		t.Fatalf("Y's hold outlived its lease through X's late EXPIRE: %v", got)
	}
	if m := got[0].Mech; m.From != at(1.1) || len(m.Procs) != 2 || m.Procs[0] != "cX" || m.Procs[1] != "cY" {
		t.Fatalf("the window runs from X's SETNX, on X's and Y's processes: %+v", m)
	}
	got = Expiry(staleExpireHist(2000, "X"), nil)
	if len(got) != 1 || got[0].Mech.Label() != "bug:stale-expire" || got[0].At != at(4.5) {
		t.Fatalf("Y's hold expired under its lease through X's late EXPIRE: %v", got)
	}
	got = Expiry(staleExpireHist(30000, "Y"), nil)
	if len(got) != 1 || got[0].Mech.Label() != "bug:rearmed-by-other" {
		t.Fatalf("X's SETNX never took the key: %v", got)
	}
}
