package settings

import (
	"reflect"
	"strings"
	"testing"

	"github.com/locksim/locksim/sim"
)

func TestParseEnvelope(t *testing.T) {
	for in, want := range map[string]func(e *Envelope){
		"cloud":                  func(e *Envelope) {},
		"harsh":                  func(e *Envelope) { *e = Harsh },
		"cloud,pause=2s,rtt=5ms": func(e *Envelope) { e.Pause, e.RTT = 2*sim.Second, 5*sim.Millisecond },
		"pause=1.5s":             func(e *Envelope) { e.Pause = 1500 * sim.Millisecond },
		"harsh,loss=0,failover=0": func(e *Envelope) {
			*e = Harsh
			e.Loss, e.Failover = 0, 0
		},
	} {
		e := Cloud
		want(&e)
		got, err := ParseEnvelope(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		got.Name, e.Name = "", ""
		if got != e {
			t.Errorf("%s: got %+v, want %+v", in, got, e)
		}
		// its spec gives it again
		again, err := ParseEnvelope(got.Spec())
		again.Name = ""
		if err != nil || again != got {
			t.Errorf("%s: spec %s reads back as %+v, %v", in, got.Spec(), again, err)
		}
	}
	for in, msg := range map[string]string{
		"sunny":                   `unknown envelope "sunny"`,
		"cloud,pause":             `want KEY=VALUE`,
		"cloud,":                  `want KEY=VALUE`,
		"cloud,pause=2s,pause=3s": "pause given twice",
		"cloud,pause=2x":          "pause=2x: want a duration",
		"cloud,pause=-1s":         "pause=-1s: want a duration",
		"cloud,pause=11m":         "pause=11m: want a duration",
		"cloud,loss=0.6":          "loss=0.6: want a number from 0 to 0.5",
		"cloud,loss=NaN":          "loss=NaN: want a number",
		"cloud,drift=-1":          "drift=-1: want a number",
		"cloud,cs=0":              "cs=0: want a critical section of at least 10ms",
		"cloud,speed=1":           `unknown envelope key "speed"`,
	} {
		if _, err := ParseEnvelope(in); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", in, err, msg)
		}
	}
}

// A world's faults come from the seed alone, each kind from a stream of
// its own: the same seed gives the same plan; a longer pause gives the
// same pauses, longer, and leaves every other fault where it was; an
// envelope without a kind draws none of it.
func TestWorld(t *testing.T) {
	procs := []string{"c1", "c2", "c3"}
	a := Harsh.World(7, "rlock-3.16.8", procs)
	if b := Harsh.World(7, "rlock-3.16.8", procs); !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave two plans")
	}
	longer := Harsh
	longer.Pause *= 2
	b := longer.World(7, "rlock-3.16.8", procs)
	if len(a.Faults) != len(b.Faults) || !reflect.DeepEqual(a.ClientClocks, b.ClientClocks) || a.Net != b.Net {
		t.Fatalf("a longer pause changed more than the pauses:\n%+v\n%+v", a, b)
	}
	for i := range a.Faults {
		fa, fb := a.Faults[i], b.Faults[i]
		if fa.Kind == sim.FaultPause {
			fa.For *= 2
			if d := fa.For - fb.For; d < -1 || d > 1 {
				t.Errorf("pause %d: %s, then %s", i, a.Faults[i].For, fb.For)
			}
			fa.For = fb.For
		}
		if fa != fb {
			t.Errorf("fault %d: %+v, then %+v", i, a.Faults[i], fb)
		}
	}
	kinds := map[sim.FaultKind]int{}
	for _, f := range a.Faults {
		kinds[f.Kind]++
		if f.Kind == sim.FaultPause && f.For > Harsh.Pause || f.Kind == sim.FaultTimerDelay && f.For > Harsh.TimerDelay {
			t.Errorf("%s longer than the envelope's", f)
		}
	}
	for _, k := range []sim.FaultKind{sim.FaultPause, sim.FaultTimerDelay, sim.FaultCrash, sim.FaultLoss, sim.FaultMasterCrash} {
		if kinds[k] == 0 {
			t.Errorf("harsh's world has no %s: %v", k, kinds)
		}
	}
	if a.Replicas != 1 {
		t.Errorf("%d replicas", a.Replicas)
	}
	calm := Envelope{Name: "calm", RTT: sim.Millisecond, CS: sim.Second}
	c := calm.World(7, "rlock-3.16.8", procs)
	if len(c.Faults) != 1 || c.Faults[0].Kind != sim.FaultCrash || len(c.ClientClocks) != 0 || c.Replicas != 0 {
		t.Errorf("an envelope without faults: %+v", c)
	}
	for _, f := range Cloud.World(7, "set-px", procs).Faults {
		if f.Kind == sim.FaultCrash && f.Point != "reply:set-px:ok" {
			t.Errorf("set-px's crash strikes at %q, want where its lock is granted", f.Point)
		}
	}
}
