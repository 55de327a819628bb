package clients

import (
	"testing"

	"github.com/locksim/locksim/sim"
)

// TestRenameIsTheRenamedRun: a client whose threads 1 and 2 made their
// calls, renamed by swapping the two threads and moving it to another
// UUID, is the client of that UUID whose thread 2 made thread 1's calls
// and thread 1 thread 2's, in the same order, with the same replies —
// what explore's symmetry reduction relies on.
func TestRenameIsTheRenamedRun(t *testing.T) {
	for _, algo := range []string{"rlock-3.8.1", "rlock-3.16.8", "fairlock-3.8.1", "fairlock-3.16.8", "rlock-4.7.0", "fairlock-4.7.0", "set-px", "set-uuid-lua"} {
		t.Run(algo, func(t *testing.T) {
			cf, err := NewConfig(algo, "myLock")
			if err != nil {
				t.Fatal(err)
			}
			swap := func(tid int64) int64 { return 3 - tid }
			a := runThreads(t, cf, "A", 1, 2)
			b := runThreads(t, cf, "B", 2, 1)
			a.Rename("B", swap)
			if string(a.AppendKey(nil)) != string(b.AppendKey(nil)) {
				t.Fatalf("renamed:\n%s %v %+v\nthe renamed run:\n%s %v %+v", a.Describe(), a.AppendKey(nil), a.timers, b.Describe(), b.AppendKey(nil), b.timers)
			}
			a.Rename("A", swap)
			if back := runThreads(t, cf, "A", 1, 2); string(a.AppendKey(nil)) != string(back.AppendKey(nil)) {
				t.Fatal("renaming back does not give the client back")
			}
		})
	}
}

// runThreads has thread first call lock() and get the lock, then thread
// second call lock() and find it held for 5 s, then the first unlock();
// every subscription succeeds at once, and the unlock is answered.
func runThreads(t *testing.T, cf *Config, uuid string, first, second int64) *Client {
	t.Helper()
	c := NewClient(cf, uuid)
	lock := Call{Kind: CallLock, Wait: -1, Lease: -1}
	var sends []Effect
	var step func(ev Event)
	step = func(ev Event) {
		ev.Wall = sim.Epoch
		for _, e := range c.Step(ev) {
			switch e.Kind {
			case EffSend:
				sends = append(sends, e)
			case EffSubscribe:
				defer step(Event{Kind: EvSubscribed, Channel: e.Channel})
			}
		}
	}
	answer := func(r sim.Reply) {
		for len(sends) > 0 {
			e := sends[0]
			sends = sends[1:]
			step(Event{Kind: EvReply, Ref: e.Ref, Reply: r})
		}
	}
	acquired := sim.Nil
	if cf.Simple != "" {
		acquired = sim.Status("OK")
	}
	step(Event{Kind: EvCall, Thread: first, Call: lock})
	answer(acquired)
	step(Event{Kind: EvCall, Thread: second, Call: lock})
	if cf.Simple != "" {
		answer(sim.Nil)
	} else {
		answer(sim.Int(5000))
	}
	step(Event{Kind: EvCall, Thread: first, Call: Call{Kind: CallUnlock, Wait: -1, Lease: -1}})
	c.Canon(false, nil)
	return c
}
