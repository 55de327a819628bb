package run

import (
	"fmt"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

func TestZZDbg(t *testing.T) {
	r, err := New(Config{Algo: "rlock-3.8.1", Seed: 2041, Preset: "all", SkipFaults: []int{4}, Client: clients.ClientOverrides{LockWatchdogTimeout: 2000}}, sim.Untraced)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	lo, hi := sim.Time(43000*sim.Millisecond), sim.Time(49000*sim.Millisecond)
	for _, e := range r.History.Net {
		if e.At > lo && e.At < hi && e.Proc == "c2" {
			fmt.Printf("N %+v\n", e)
		}
	}
	for _, e := range r.History.Renewals {
		if e.Start > lo && e.Start < hi && e.Proc == "c2" {
			fmt.Printf("R start=%s end=%s exec=%s out=%s sched=%s owner=%s\n", e.Start, e.End, e.ExecVirtual, e.Outcome, e.Scheduled, e.Owner)
		}
	}
	for i := 0; i < r.History.Flaws.Len(); i++ {
		f := r.History.Flaws.At(i)
		if f.At > lo && f.At < hi {
			fmt.Printf("F %+v\n", f)
		}
	}
}
