package run

import (
	"testing"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// The workload's tryLock() takes no lease (tryAcquireOnceAsync(-1, -1, …):
// R16:RedissonLock.java tryLockAsync, R8:RedissonLock.java:656): its "no
// wait with a lease" is tryLock(0, lease, unit), which the client's test
// TestTryLockTakesNoLease follows to the fair lock's EVAL_LONG.
func TestWorkloadTryLockTakesNoLease(t *testing.T) {
	wl := &Workload{WTryLock: 1, LeaseMin: 1000, LeaseMax: 2000}
	wt := &wthread{wl: wl, rand: sim.NewRand(7, "draw")}
	withLease := 0
	for range 200 {
		a := wt.draw()
		if a.Kind == model.CallTryLock && a.Lease != -1 {
			t.Fatalf("the workload drew tryLock() with lease %d", a.Lease)
		}
		if a.Kind == model.CallTryLockWait && a.Wait == 0 && a.Lease != -1 {
			withLease++
		}
	}
	if withLease == 0 {
		t.Fatal("the workload never drew tryLock(0, lease)")
	}
}
