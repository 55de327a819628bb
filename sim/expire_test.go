package sim

import "testing"

// A master deletes an expired key nobody touches within one cron period
// (100 ms at hz 10) and replicates the DEL, one entry of the stream
// (Redis 7.0 expire.c activeExpireCycle, db.c deleteExpiredKeyAndPropagate);
// the replica, which never expires keys itself, loses the key only then.
func TestBackgroundExpiryDeletesAndReplicates(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		net := DefaultNet()
		net.Replication = Latency{Base: Millisecond}
		w := NewWorld(Config{Seed: seed, Net: net, Replicas: 1})
		var at Time
		var deleted []string
		w.OnActiveExpire = func(n *Node, keys []string) { at, deleted = w.Now(), keys }
		w.AddProcess("c1", Clock{}, &scriptedProgram{start: func(p *Proc) {
			p.Send(Request{Cmd: []string{"SET", "k", "v", "PX", "500"}})
			p.Send(Request{Cmd: []string{"SET", "other", "v"}})
		}})
		w.RunUntil(Time(400 * Millisecond))
		m, r := w.Master(), w.Nodes()[1]
		if m.Offset() != 2 || m.Store.Len() != 2 {
			t.Fatalf("seed %d: before the expiry: offset %d, %d keys", seed, m.Offset(), m.Store.Len())
		}
		w.RunUntil(Time(800 * Millisecond))
		// the key expires when the server's ms passes 500 (written at about 0.4 ms)
		if len(deleted) != 1 || deleted[0] != "k" || at <= Time(500*Millisecond) || at > Time(601*Millisecond) {
			t.Fatalf("seed %d: background expiry deleted %v at %v, want [k] within 100 ms of its expiry", seed, deleted, at)
		}
		if m.Store.Len() != 1 || m.Offset() != 3 {
			t.Fatalf("seed %d: after: %d keys, offset %d; want 1 key and the DEL's entry", seed, m.Store.Len(), m.Offset())
		}
		if got := r.Store.Do("EXISTS", "k").Int; got != 0 || r.Offset() != 3 {
			t.Fatalf("seed %d: the replica has k %d at offset %d, want it deleted by the DEL", seed, got, r.Offset())
		}
		if w.Pending() != 0 {
			t.Fatalf("seed %d: %d events pending with no key left to expire", seed, w.Pending())
		}
	}
}
