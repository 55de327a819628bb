package settings

import (
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Think is the mean time a thread waits between releasing the lock and
// asking for it again: short, so that every release has waiters and a
// lost lock has a taker.
const Think = 200 * sim.Millisecond

// workload is the usage profile of a world: Procs × Threads threads that
// each loop lock(), a critical section from half of e.CS to all of it,
// unlock(), a short think; with lease > 0 they call lock(lease) instead
// (the simple locks always take a lease: theirs, or seed 003's 30 s).
func workload(e Envelope, lease int64) *run.Workload {
	wl := &run.Workload{Procs: Procs, Threads: Threads, Lock: "myLock", ThinkMean: Think,
		CSMean: e.CS / 2, CSLong: 1, CSLongMax: e.CS, Objects: "fresh"}
	if lease > 0 {
		wl.WLockLease, wl.LeaseMin, wl.LeaseMax = 1, lease, lease
	} else {
		wl.WLock = 1
	}
	return wl
}
