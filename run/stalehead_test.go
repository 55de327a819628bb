package run

import (
	"strconv"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// The store check's stale-head rule holds a fair script to its
// stale-waiter loop: a head whose timeout passed must be gone after it.
// 4.7.0's unlock answers a repeated request from its latch key before that
// loop (RedissonFairLock.unlockInnerAsync's first line), so a stale head
// it leaves is no miss; a script that skips the loop with no latch there is.
func TestStaleHeadAfterRepeatedUnlock470(t *testing.T) {
	for _, c := range []struct {
		name     string
		latch    bool
		source   string // "" the real script
		wantFlag bool
	}{
		{"latch there: answered before the loop", true, "", false},
		{"no latch: the loop removes the head", false, "", false},
		{"no latch, a script without the loop", false, "return 1", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := New(Config{Algo: "fairlock-4.7.0", Seed: 1, Preset: "none"}, sim.Untraced)
			if err != nil {
				t.Fatal(err)
			}
			n := r.World.Master()
			st := n.Store
			lock := r.Workload.Lock
			now := st.Now()
			st.Do("RPUSH", clients.QueueName(lock), "w:1")
			st.Do("ZADD", clients.TimeoutName(lock), strconv.FormatInt(now-1000, 10), "w:1")
			ping := sim.Request{Cmd: []string{"PING"}}
			r.beforeExec(n, ping)
			r.observe(n, ping, st.Do("PING"))
			cf, err := clients.NewConfig("fairlock-4.7.0", lock)
			if err != nil {
				t.Fatal(err)
			}
			req := cf.Render("p", clients.Cmd{Op: clients.OpUnlock, Thread: 1, Lease: 30000, At: now, ReqN: 1, ReqR: 5, Latch: 10000})
			if c.source != "" {
				if req.Script, err = sim.CompileScript(req.Script.ID, c.source); err != nil {
					t.Fatal(err)
				}
			}
			if c.latch {
				st.Do("SET", req.Keys[4], "1", "PX", "20000")
			}
			r.beforeExec(n, req)
			reply := st.Eval(req.Script, req.Keys, req.Argv)
			r.observe(n, req, reply)
			got := r.History.Store[len(r.History.Store)-1].StaleHead != ""
			if got != c.wantFlag {
				t.Fatalf("stale head flagged %v, want %v (reply %s)", got, c.wantFlag, reply)
			}
		})
	}
}
