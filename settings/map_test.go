package settings

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/locksim/locksim/run"
)

// smallSpec is a map cheap enough for a test: two settings whose default
// cells are one configuration, three seeds.
func smallSpec(t *testing.T) Spec {
	t.Helper()
	all, err := Knobs("rlock-3.16.8", Cloud)
	if err != nil {
		t.Fatal(err)
	}
	ks, err := SelectKnobs(all, "timeout,retryAttempts")
	if err != nil {
		t.Fatal(err)
	}
	return Spec{Algo: "rlock-3.16.8", Envelope: Cloud, Knobs: ks, Lo: 1, Hi: 3}
}

func runMap(t *testing.T, spec Spec, workers int) *Map {
	t.Helper()
	m := NewMap(spec)
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
	if n := m.Run(context.Background(), workers, nil); n != m.Worlds() {
		t.Fatalf("ran %d of %d worlds", n, m.Worlds())
	}
	return m
}

// The map is the same whatever the number of workers, and its shards,
// merged, are the whole map. (report/settingsmap holds the same through
// the map's JSON, which is how shards travel.)
func TestMapIndependentOfWorkersAndShards(t *testing.T) {
	spec := smallSpec(t)
	one := runMap(t, spec, 1)
	if w := one.Worlds(); w != 7*3 {
		t.Fatalf("%d worlds, want 7 distinct cells (the defaults shared) × 3 seeds", w)
	}
	if three := runMap(t, spec, 3); !reflect.DeepEqual(three.Cells, one.Cells) {
		t.Fatalf("3 workers gave another map than 1")
	}
	var parts []*Map
	for i := 1; i <= 2; i++ {
		s := spec
		s.ShardI, s.ShardN = i, 2
		parts = append(parts, runMap(t, s, 2))
	}
	merged, err := Merge([]*Map{parts[1], parts[0]})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.Cells, one.Cells) {
		t.Fatalf("the merged shards differ from the whole map")
	}
	if _, err := Merge(parts[:1]); err == nil || !strings.Contains(err.Error(), "shard 2/2 is missing") {
		t.Errorf("a missing shard: %v", err)
	}
	if _, err := Merge([]*Map{parts[0], parts[0], parts[1]}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a shard twice: %v", err)
	}
}

// Each knob's values and the cells laid out for them: the map knobs at
// every row, the others at the envelope's; cells of one configuration
// share their stats.
func TestLayout(t *testing.T) {
	ks, err := Knobs("fairlock-4.7.0", Cloud)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, k := range ks {
		names = append(names, k.Name)
	}
	if got := strings.Join(names, ","); got != "lockWatchdogTimeout,lease,timeout,retryAttempts,retryInterval,fairLockWaitTimeout,subscriptionTimeout" {
		t.Fatalf("fairlock-4.7.0's settings: %s", got)
	}
	m := NewMap(Spec{Algo: "fairlock-4.7.0", Envelope: Cloud, Knobs: ks, Lo: 1, Hi: 1})
	want := 8*4 + 8*4 + 4 + 4 + 5 + 4 + 4
	if len(m.Cells) != want {
		t.Fatalf("%d cells, want %d", len(m.Cells), want)
	}
	// the defaults of timeout, retryAttempts, retryInterval (4.7.0's
	// jitter), fairLockWaitTimeout and subscriptionTimeout are the
	// watchdog's default cell at the envelope's row
	def := m.EnvCell(KnobWatchdog, 30000).Stats
	for _, c := range []struct {
		knob string
		v    int64
	}{{KnobTimeout, 3000}, {KnobAttempts, 4}, {KnobInterval, 0}, {KnobWaitTimeout, 300000}, {KnobSubscription, 7500}} {
		if m.EnvCell(c.knob, c.v).Stats != def {
			t.Errorf("%s %d is not the default cell", c.knob, c.v)
		}
	}
	if m.EnvCell(KnobInterval, 1500).Stats == def {
		t.Errorf("retryInterval 1500 ms replaces 4.7.0's jitter: another cell than the default")
	}
	if len(m.Unique()) != want-5 {
		t.Errorf("%d distinct cells, want %d (five defaults shared)", len(m.Unique()), want-5)
	}
	simple, err := Knobs("set-px", Cloud)
	if err != nil || len(simple) != 1 || simple[0].Name != KnobLease {
		t.Errorf("set-px's settings: %v %v", simple, err)
	}
}

// A world of the map, every kind of fault in it (the timer thread's
// stalls too), gives the same trace, byte for byte, each time.
func TestWorldDeterministic(t *testing.T) {
	ks, err := Knobs("rlock-4.7.0", Harsh)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMap(Spec{Algo: "rlock-4.7.0", Envelope: Harsh, Knobs: ks, Lo: 1, Hi: 1})
	cfg := m.Config(m.EnvCell(KnobWatchdog, 2000), 3)
	var traces [2]bytes.Buffer
	for i := range traces {
		r, err := run.New(cfg, &traces[i])
		if err != nil {
			t.Fatal(err)
		}
		r.Execute()
		if err := r.World.Tracer().Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(traces[0].Bytes(), traces[1].Bytes()) {
		t.Fatal("two runs of one world gave two traces")
	}
	if !bytes.Contains(traces[0].Bytes(), []byte(`"fault":"timer-delay"`)) {
		t.Fatal("the world has no timer-thread stall")
	}
}
