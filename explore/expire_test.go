package explore

import (
	"strings"
	"testing"
)

// With a replica, a key whose TTL passed and that no command touches is
// deleted by Redis's background expiry within a cron period (100 ms), and
// its DEL is an entry of the replication stream (sim/expire.go): the
// explorer offers that step from the key's expiry on, does not let time
// pass the deadline without it, and puts the entry in flight.
func TestBackgroundExpiryWithAReplica(t *testing.T) {
	rp, err := NewReplay(Config{Algo: "rlock-3.16.8", Threads: 1, Replicas: 1, Ops: []string{"lock-lease"}, Lease: 5000})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"lock-lease A", "deliver A acquire", "deliver replica.entry", "deliver replica.ack+1", "deliver A acquire.reply",
		"advance 5001ms"} {
		if _, err := rp.Do(c); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	acts := rp.m.actions(&rp.s, nil)
	var names []string
	for _, a := range acts {
		names = append(names, rp.m.command(&rp.s, a))
		if a.kind == aAdvance && a.delta > 99 {
			t.Fatalf("time may pass %d ms with the expired key still there: %v", a.delta, names)
		}
	}
	if !strings.Contains(strings.Join(names, "; "), "expire-redis") {
		t.Fatalf("the background expiry is not offered: %v", names)
	}
	if _, err := rp.Do("advance 99ms"); err != nil {
		t.Fatal(err)
	}
	for _, a := range rp.m.actions(&rp.s, nil) {
		if a.kind == aAdvance {
			t.Fatalf("time may pass the deadline: %s", rp.m.command(&rp.s, a))
		}
	}
	out, err := rp.Do("expire-redis")
	if err != nil || !strings.Contains(out, "background expiry deletes myLock") {
		t.Fatalf("expire-redis: %q, %v", out, err)
	}
	if !strings.Contains(strings.Join(rp.m.describe(&rp.s), "\n"), "replica.entry") {
		t.Fatalf("the DEL's entry should be in flight: %s", strings.Join(rp.m.describe(&rp.s), "\n"))
	}

	// Without a replica nothing can tell when an expired key goes: the
	// keyspace drops it at once, and there is no such step.
	rp, err = NewReplay(Config{Algo: "rlock-3.16.8", Threads: 1, Ops: []string{"lock-lease"}, Lease: 5000})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"lock-lease A", "deliver A acquire", "deliver A acquire.reply", "advance 5001ms"} {
		if _, err := rp.Do(c); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	if _, err := rp.Do("expire-redis"); err == nil {
		t.Fatal("expire-redis without a replica")
	}
}
