package run

import (
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// A waiter sleeps up to the ttl its acquire answered, and a watchdog hold
// answers up to lockWatchdogTimeout: the liveness bound grows with the
// run's timeout, not Redisson's default 30 s (a 60 s timeout made free
// locks whose waiters slept out their ttls look stalled).
func TestWaitBoundFollowsTheWatchdogTimeout(t *testing.T) {
	bound := func(watchdog int64) sim.Duration {
		r, err := New(Config{Algo: "rlock-4.7.0", Seed: 1, Preset: "none", Safety: sim.Second, Liveness: sim.Second,
			Client: clients.ClientOverrides{LockWatchdogTimeout: watchdog}}, sim.Untraced)
		if err != nil {
			t.Fatal(err)
		}
		r.Execute()
		if lease := r.Workload.LeaseMax; lease >= watchdog && watchdog > 0 {
			t.Fatalf("the workload's longest lease %d ms hides the watchdog's %d ms", lease, watchdog)
		}
		return r.History.End.WaitBound
	}
	dflt, long := bound(0), bound(600_000)
	if want := 600*sim.Second + 10*sim.Second; long != want {
		t.Errorf("with lockWatchdogTimeout 600 s the bound is %s, want %s", long, want)
	}
	if dflt >= long {
		t.Errorf("the default's bound %s is not below the 600 s timeout's %s", dflt, long)
	}
}
