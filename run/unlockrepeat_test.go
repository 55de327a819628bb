package run

import (
	"slices"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// 4.7.0 repeats an unlock whose WAIT counted no replica
// (ServiceManager.execute), and each attempt reads internalLockLeaseTime
// anew, which the failed attempt reset to the watchdog's
// (R47:RedissonLock.java:326-332); the repeat answers from the first run's
// latch and writes nothing. In rlock-4.7.0 all seed 546 (a 2 s watchdog)
// the inner unlock at 130.579 s re-armed its thread's hold for 24308 ms,
// and the repeat at 133.391 s carried 2000 ms: the call keeps both leases
// it sent, and its run is the first, with the lease that run carried.
func TestUnlockRepeatKeepsTheRunThatActed(t *testing.T) {
	r, err := New(Config{Algo: "rlock-4.7.0", Seed: 546, Preset: "all", Client: clients.ClientOverrides{LockWatchdogTimeout: 2000}}, sim.Untraced)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	var found bool
	at := sim.Time(130579 * sim.Millisecond)
	for _, op := range r.History.Ops {
		if op.Call != model.CallUnlock || op.Start < at || op.Start > at.Add(sim.Millisecond) {
			continue
		}
		found = true
		if op.ScriptLease != 2000 || !slices.Contains(op.EarlierLeases, 24308) {
			t.Errorf("the unlock's leases: last %d, earlier %v; want 2000 and 24308", op.ScriptLease, op.EarlierLeases)
		}
		if d := op.ExecVirtual.Sub(at); d < 0 || d > sim.Millisecond || op.ExecLease != 24308 {
			t.Errorf("the unlock's run at %s with lease %d; want the first, at 130.579 s, with 24308", op.ExecVirtual, op.ExecLease)
		}
	}
	if !found {
		t.Fatal("no unlock called at 130.579 s: the run changed")
	}
}
