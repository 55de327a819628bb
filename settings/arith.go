package settings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// What hand arithmetic says of the two settings that keep a lock: where a
// bound can be derived, the map's boundary should fall there (the test
// holds it to that), and where it does not the report says why.

// RoundTrip is the envelope's round trip with its mean jitter.
func (e Envelope) RoundTrip() sim.Duration { return e.RTT + e.Jitter }

// WatchdogSurvives is the longest stop (a GC pause) a holder's watchdog
// lock of timeout t survives. The holder's hold was last armed at most
// min(t/3, cs) + rtt/2 before the stop began — the watchdog renews a third
// of the timeout after the reply to the last renewal (or acquire), and a
// section that ends sooner sees no renewal — and the renewal the stop
// held back reaches Redis half a round trip after it: the hold is lost
// when the stop is longer than t - min(t/3, cs) - rtt (two thirds of the
// timeout minus a round trip, when sections outlast a renewal).
func WatchdogSurvives(t, cs, rtt sim.Duration) sim.Duration {
	return t - min(t/3, cs) - rtt
}

// WatchdogStop is the longest stop of its renewals a watchdog lock of
// timeout t meets: a GC pause of up to pause, and a stall of the timer
// thread of up to delay, which holds the renewal back while the section
// goes on and so loses the lock only when sections (up to cs) last as
// long as the lock.
func WatchdogStop(t, cs, pause, delay sim.Duration) sim.Duration {
	if cs >= t {
		return max(pause, delay)
	}
	return pause
}

// LeaseNeeds is the shortest explicit lease a holder's section of up to
// cs survives with stops of up to pause: the lease runs from the acquire's
// script, half a round trip before the section starts, to the unlock's,
// half a round trip after it ends. A lease shorter than the section
// always loses the lock.
func LeaseNeeds(cs, pause, rtt sim.Duration) sim.Duration { return cs + pause + rtt }

// Bound is what arithmetic and the map each say of one row of a map knob.
type Bound struct {
	Knob  string
	Pause sim.Duration
	// Arith is the smallest value of the knob's grid that arithmetic calls
	// safe (0: none); Map the smallest from which the map shows no
	// violation at every larger value (0: none).
	Arith, Map int64
	// Why says why the two differ ("" when they agree).
	Why string
}

// Bounds compares, for every row of the map's watchdog and lease knobs,
// the boundary arithmetic derives with the one the map shows.
func (m *Map) Bounds() []Bound {
	e := m.Spec.Envelope
	var out []Bound
	for _, k := range m.Spec.Knobs {
		if k.Name != KnobWatchdog && k.Name != KnobLease {
			continue
		}
		for _, row := range m.Rows {
			if row != 1 && !k.Map {
				continue
			}
			p := Scale(e.Pause, row)
			safe := func(v int64) bool {
				d := sim.Duration(v) * sim.Millisecond
				if k.Name == KnobWatchdog {
					return WatchdogSurvives(d, e.CS, e.RoundTrip()) > WatchdogStop(d, e.CS, p, e.TimerDelay)
				}
				return d > LeaseNeeds(e.CS, p, e.RoundTrip())
			}
			b := Bound{Knob: k.Name, Pause: p}
			for i := len(k.Values) - 1; i >= 0 && safe(k.Values[i]); i-- {
				b.Arith = k.Values[i]
			}
			cells := m.Row(k.Name, row)
			for i := len(cells) - 1; i >= 0 && cells[i].Stats.Safe(); i-- {
				b.Map = cells[i].Value
			}
			b.Why = m.why(k, b, cells)
			out = append(out, b)
		}
	}
	return out
}

// Row is the cells of knob at row, in the knob's order of values.
func (m *Map) Row(knob string, row float64) []*Cell {
	var out []*Cell
	for i := range m.Cells {
		if c := &m.Cells[i]; c.Knob == knob && c.Row == row {
			out = append(out, c)
		}
	}
	return out
}

// why explains a difference between arithmetic and the map: where the
// map loses the lock at a value arithmetic calls safe, what its
// violations' mechanisms were; where it shows none at a value arithmetic
// calls unsafe, that the worst alignment is rare among its worlds.
func (m *Map) why(k Knob, b Bound, cells []*Cell) string {
	if b.Arith == b.Map {
		return ""
	}
	idx := func(v int64) int {
		if v == 0 {
			return len(k.Values)
		}
		return slices.Index(k.Values, v)
	}
	a, mp := idx(b.Arith), idx(b.Map)
	if mp > a {
		// the map violates at values arithmetic calls safe
		mechs := map[string]int{}
		for _, c := range cells {
			if i := idx(c.Value); i >= a && i < mp {
				for label, n := range c.Stats.Mechs {
					if strings.HasPrefix(label, "mutex ") || strings.HasPrefix(label, "expiry ") {
						mechs[strings.SplitN(label, " ", 2)[1]] += n
					}
				}
			}
		}
		var names []string
		for l := range mechs {
			names = append(names, l)
		}
		slices.Sort(names)
		var parts []string
		for _, l := range names {
			parts = append(parts, fmt.Sprintf("%s ×%d", l, mechs[l]))
		}
		return "the map loses the lock where one stop would not: " + explainMechs(names) + " (" + strings.Join(parts, ", ") + ")"
	}
	why := fmt.Sprintf("no world of %d hit the worst case arithmetic assumes (a stop of the full %s starting as %s): zero of %d is a bound, not a proof",
		cells[0].Stats.Worlds, Dur(b.Pause), worstCase(k), cells[0].Stats.Worlds)
	if k.Name == KnobWatchdog && slices.Contains(clients.AlgosWhere(func(o *clients.Options) bool { return o.LockTask }), m.Spec.Algo) {
		why += "; and 4.7.0 renews more often than every third of the timeout once a JVM takes the lock again within one, since each such lock starts another chain of renewal ticks (RenewalTask.java:62-69, 136-152; docs/redisson-4.7.0.md)"
	}
	return why
}

// worstCase says when a stop hurts most for knob k.
func worstCase(k Knob) string {
	if k.Name == KnobWatchdog {
		return "a renewal falls due or the longest section ends"
	}
	return "the longest section ends"
}

// explainMechs says in words what the mechanisms named add to one stop.
func explainMechs(labels []string) string {
	var why []string
	add := func(s string) {
		if !slices.Contains(why, s) {
			why = append(why, s)
		}
	}
	for _, l := range labels {
		switch {
		case strings.HasSuffix(l, ":timer-delay"):
			add("a stalled timer thread delays the renewal on top of a pause")
		case strings.HasSuffix(l, ":pause"):
			add("pauses that follow each other, or a pause on top of a renewal's own round trip and jitter")
		case strings.HasSuffix(l, ":loss"):
			add("a lost renewal waits for its retry")
		case strings.HasSuffix(l, ":lease"):
			add("a lease that ran out")
		case strings.HasPrefix(l, "flaw:"):
			add("a catalogued flaw of the version (" + strings.TrimPrefix(l, "flaw:") + ")")
		case l == "bug:no-renewal":
			add("no renewal came and the checks name no cause (in 3.16.8 a renewal sent for the JVM's previous hold can answer 0 after another of its threads took the lock, and stop the new hold's renewals: the stale-renewal race)")
		case strings.HasPrefix(l, "bug:"):
			add("a mechanism the checks could not name (" + strings.TrimPrefix(l, "bug:") + ")")
		default:
			add(l)
		}
	}
	return strings.Join(why, "; ")
}
