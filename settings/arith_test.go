package settings

import (
	"context"
	"strings"
	"testing"

	"github.com/locksim/locksim/sim"
)

// boundaryMap runs a small map of one knob at the envelope's own row.
func boundaryMap(t *testing.T, algo string, e Envelope, k Knob, worlds uint64) *Map {
	t.Helper()
	m := NewMap(Spec{Algo: algo, Envelope: e, Knobs: []Knob{k}, Lo: 1, Hi: worlds})
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
	m.Run(context.Background(), 2, nil)
	return m
}

// The watchdog renews a third of its timeout after the last reply, so a
// holder stopped at the worst moment (as its renewal falls due: the
// envelope puts a pause of the longest there in half the worlds) for
// longer than two thirds of the timeout minus a round trip loses the
// lock; a shorter stop never does. Sections here outlast many renewals,
// so the bound is exactly that, and the map's boundary must fall on it:
// with pauses of 2 s and a 1 ms round trip, 3.0015 s.
func TestWatchdogBoundaryMatchesArithmetic(t *testing.T) {
	e := Envelope{Name: "test", Pause: 2 * sim.Second, CS: 20 * sim.Second, RTT: sim.Millisecond}
	k := Knob{Name: KnobWatchdog, Values: []int64{2400, 2900, 3100, 3600}, Default: 30000}
	safe := func(v int64) bool {
		return WatchdogSurvives(sim.Duration(v)*sim.Millisecond, e.CS, e.RoundTrip()) > e.Pause
	}
	checkBoundary(t, "rlock-3.16.8", boundaryMap(t, "rlock-3.16.8", e, k, 16), safe, "fault:pause", true)
	// 4.7.0 starts another chain of renewal ticks each time a JVM takes the
	// lock again before the last chain's tick (RenewalTask.java:62-69,
	// 136-152), so after a few sections its renewals come more often than
	// every third of the timeout: it never loses the lock above the bound,
	// and below it the map says why it did not either.
	m := boundaryMap(t, "rlock-4.7.0", e, k, 16)
	checkBoundary(t, "rlock-4.7.0", m, safe, "fault:pause", false)
	for _, b := range m.Bounds() {
		if b.Map > b.Arith || b.Map < b.Arith && !strings.Contains(b.Why, "another chain of renewal ticks") {
			t.Errorf("rlock-4.7.0: arithmetic's first safe value %d, the map's %d (%s)", b.Arith, b.Map, b.Why)
		}
	}
}

// A stalled timer thread does to the renewal what a pause does, while
// the critical section goes on: the same bound, with the timer-delay
// fault as the mechanism.
func TestTimerDelayBoundaryMatchesArithmetic(t *testing.T) {
	e := Envelope{Name: "test", TimerDelay: 2 * sim.Second, CS: 20 * sim.Second, RTT: sim.Millisecond}
	k := Knob{Name: KnobWatchdog, Values: []int64{2400, 2900, 3100, 3600}, Default: 30000}
	m := boundaryMap(t, "rlock-3.16.8", e, k, 16)
	checkBoundary(t, "rlock-3.16.8", m, func(v int64) bool {
		return WatchdogSurvives(sim.Duration(v)*sim.Millisecond, e.CS, e.RoundTrip()) > e.TimerDelay
	}, "fault:timer-delay", true)
}

// An explicit lease shorter than every critical section always loses the
// lock; one longer than the longest section, the longest pause and a
// round trip never does.
func TestLeaseBoundaryMatchesArithmetic(t *testing.T) {
	e := Envelope{Name: "test", Pause: sim.Second, CS: 2 * sim.Second, RTT: sim.Millisecond}
	k := Knob{Name: KnobLease, Values: []int64{800, 2500, 3500}, Default: -1}
	m := boundaryMap(t, "rlock-3.16.8", e, k, 16)
	checkBoundary(t, "rlock-3.16.8", m, func(v int64) bool {
		return sim.Duration(v)*sim.Millisecond > LeaseNeeds(e.CS, e.Pause, e.RoundTrip())
	}, "", true)
	if st := m.Cells[0].Stats; st.Violated[0] != st.Worlds {
		t.Errorf("a lease of 800ms under sections of 1-2s lost the lock in %d of %d worlds, want every one", st.Violated[0], st.Worlds)
	}
}

// checkBoundary holds every cell of m to arithmetic: a value it calls
// safe shows no lost lock; when exact, one it calls unsafe loses it in
// some world, by the mechanism named (when one is), and the map's first
// safe value is arithmetic's, with nothing to explain.
func checkBoundary(t *testing.T, algo string, m *Map, safe func(v int64) bool, mech string, exact bool) {
	t.Helper()
	for _, c := range m.Cells {
		st := c.Stats
		if st.Errors > 0 {
			t.Fatalf("%s %s %d: %s", algo, c.Knob, c.Value, st.FirstError)
		}
		switch {
		case safe(c.Value) && !st.Safe():
			t.Errorf("%s %s %d: arithmetic says safe, the map lost the lock (mutex %d, expiry %d of %d): %v", algo, c.Knob, c.Value, st.Violated[0], st.Violated[1], st.Worlds, st.Mechs)
		case !exact:
		case !safe(c.Value) && st.Safe():
			t.Errorf("%s %s %d: arithmetic says a stop at the worst moment loses the lock; no world of %d did", algo, c.Knob, c.Value, st.Worlds)
		case !safe(c.Value) && mech != "":
			found := false
			for label := range st.Mechs {
				found = found || strings.HasSuffix(label, " "+mech)
			}
			if !found {
				t.Errorf("%s %s %d: lost the lock by %v, want %s among them", algo, c.Knob, c.Value, st.Mechs, mech)
			}
		}
	}
	for _, b := range m.Bounds() {
		if exact && (b.Arith != b.Map || b.Why != "") {
			t.Errorf("%s %s: arithmetic's first safe value %d, the map's %d (%s)", algo, b.Knob, b.Arith, b.Map, b.Why)
		}
	}
}
