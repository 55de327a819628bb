package run

import (
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// A SUBSCRIBE to a fair lock's waiter channel serves its owner alone, one
// to the lock's channel every waiter of the process: the checks tell a
// thread's held-up subscription from another's by it.
func TestSubscribeNetOwner(t *testing.T) {
	r := &Run{Workload: Workload{Lock: "myLock"}, History: &model.History{}}
	for _, fair := range []bool{true, false} {
		r.noteNet(sim.NetEffect{Proc: "c1", Tag: sim.SubscribeTag, Channel: clients.WaiterChannel("myLock", "u:50", fair), Kind: sim.NetDelayed, Fault: 0})
	}
	if got := r.History.Net; len(got) != 2 || got[0].Owner != "u:50" || got[1].Owner != "" {
		t.Fatalf("got %+v, want owner u:50 for the fair waiter channel, none for the lock's", got)
	}
}
