package settings

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// Envelope is what a team knows of its own environment: the worst its
// processes, clocks and network do. A world of the map draws every fault
// of the envelope from its seed (World).
type Envelope struct {
	Name string `json:"name"`
	// Pause is the longest stop-the-world pause of a client process (GC).
	Pause sim.Duration `json:"pause_ms"`
	// TimerDelay is the longest stall of a client's timer thread while its
	// other threads run (CPU starvation): the watchdog's renewal and the
	// executor's timeouts fire that late (sim.FaultTimerDelay).
	TimerDelay sim.Duration `json:"timer_delay_ms"`
	// Skew is the largest offset of a client's clock from true time, each
	// way; Drift the largest rate error, in parts per million.
	Skew  sim.Duration `json:"skew_ms"`
	Drift float64      `json:"drift_ppm"`
	// RTT is the round trip between a client and Redis without jitter;
	// Jitter the mean of the exponential delay each round trip adds.
	RTT    sim.Duration `json:"rtt_ms"`
	Jitter sim.Duration `json:"jitter_ms"`
	// Loss is the chance that a request or a reply is lost (the
	// connection drops it: the client hears nothing and times out).
	Loss float64 `json:"loss"`
	// ReplLag is the mean replication lag to the one replica (0: a single
	// Redis server); Failover the time from the master's death to a
	// replica's promotion (0: no failover in a world).
	ReplLag  sim.Duration `json:"replication_lag_ms"`
	Failover sim.Duration `json:"failover_ms"`
	// CS is the longest critical section the application runs under the
	// lock; sections last from half of it to all of it.
	CS sim.Duration `json:"critical_section_ms"`
}

// Cloud is the default envelope, a typical cloud deployment: a JVM
// service with a few GB of heap in a container, Redis managed in the same
// region with one replica.
//
//   - pauses up to 1 s: G1's young and mixed collections of a few-GB
//     heap stay well under that; a full collection or a pause of the VM
//     itself reaches it;
//   - the timer thread up to 500 ms late: a container throttled at its
//     CPU quota waits out whole 100 ms scheduling periods, several in a
//     row under load;
//   - clocks within 50 ms of true time, drifting up to 20 ppm (NTP or
//     chrony against the provider's time service);
//   - 1 ms round trip within a region, plus 1 ms of jitter on average;
//   - one request or reply in a thousand lost (a connection reset);
//   - a replica 1 ms behind on average, and no failover;
//   - critical sections up to 1 s.
var Cloud = Envelope{Name: "cloud", Pause: sim.Second, TimerDelay: 500 * sim.Millisecond,
	Skew: 50 * sim.Millisecond, Drift: 20, RTT: sim.Millisecond, Jitter: sim.Millisecond,
	Loss: 0.001, ReplLag: sim.Millisecond, CS: sim.Second}

// Harsh is a bad day of the same deployment: long full collections,
// a starved timer thread, a clock off by a second, a congested network,
// a failover that takes 15 s to detect.
var Harsh = Envelope{Name: "harsh", Pause: 5 * sim.Second, TimerDelay: 3 * sim.Second,
	Skew: sim.Second, Drift: 200, RTT: 5 * sim.Millisecond, Jitter: 20 * sim.Millisecond,
	Loss: 0.01, ReplLag: 100 * sim.Millisecond, Failover: 15 * sim.Second, CS: sim.Second}

// Envelopes are the named envelopes, by name.
var Envelopes = map[string]Envelope{"cloud": Cloud, "harsh": Harsh}

// Bounds of an envelope's values: beyond them a world of a few minutes
// says nothing (a pause of an hour) or a value is no probability.
const (
	maxStall = 10 * sim.Minute
	maxNet   = 10 * sim.Second
)

// Field is one value of an envelope that --envelope's KEY=VALUE can set.
type Field struct {
	Key  string
	What string
	dur  func(e *Envelope) *sim.Duration
	num  func(e *Envelope) *float64
	max  float64 // for num: the largest value
	maxD sim.Duration
}

// Fields are the envelope's values, in the order reports list them.
var Fields = []Field{
	{Key: "pause", What: "longest GC pause", dur: func(e *Envelope) *sim.Duration { return &e.Pause }, maxD: maxStall},
	{Key: "timer-delay", What: "longest timer-thread delay", dur: func(e *Envelope) *sim.Duration { return &e.TimerDelay }, maxD: maxStall},
	{Key: "skew", What: "largest clock offset", dur: func(e *Envelope) *sim.Duration { return &e.Skew }, maxD: maxStall},
	{Key: "drift", What: "largest clock drift (ppm)", num: func(e *Envelope) *float64 { return &e.Drift }, max: 10000},
	{Key: "rtt", What: "round trip", dur: func(e *Envelope) *sim.Duration { return &e.RTT }, maxD: maxNet},
	{Key: "jitter", What: "mean jitter per round trip", dur: func(e *Envelope) *sim.Duration { return &e.Jitter }, maxD: maxNet},
	{Key: "loss", What: "request or reply loss", num: func(e *Envelope) *float64 { return &e.Loss }, max: 0.5},
	{Key: "replication-lag", What: "mean replication lag", dur: func(e *Envelope) *sim.Duration { return &e.ReplLag }, maxD: maxNet},
	{Key: "failover", What: "failover detection time (0: none)", dur: func(e *Envelope) *sim.Duration { return &e.Failover }, maxD: 5 * sim.Minute},
	{Key: "cs", What: "longest critical section", dur: func(e *Envelope) *sim.Duration { return &e.CS }, maxD: maxStall},
}

// Set sets the field named key from text: a duration (250ms, 2s) or a
// number. The error names the key and what it accepts.
func (e *Envelope) Set(key, text string) error {
	for _, f := range Fields {
		if f.Key != key {
			continue
		}
		if f.dur != nil {
			d, err := sim.ParseDuration(text)
			if err != nil || d < 0 || d > f.maxD {
				return fmt.Errorf("%s=%s: want a duration from 0 to %s, e.g. %s=2s", key, text, f.maxD, key)
			}
			if key == "cs" && d < 10*sim.Millisecond {
				return fmt.Errorf("%s=%s: want a critical section of at least 10ms", key, text)
			}
			*f.dur(e) = d
			return nil
		}
		x, err := strconv.ParseFloat(text, 64)
		if err != nil || x < 0 || x > f.max || x != x {
			return fmt.Errorf("%s=%s: want a number from 0 to %g", key, text, f.max)
		}
		*f.num(e) = x
		return nil
	}
	keys := make([]string, len(Fields))
	for i, f := range Fields {
		keys[i] = f.Key
	}
	return fmt.Errorf("unknown envelope key %q (known: %s)", key, strings.Join(keys, ", "))
}

// ParseEnvelope reads --envelope: a named envelope (cloud, harsh), then
// KEY=VALUE changes, comma-separated ("cloud,pause=2s,rtt=5ms"; a list
// that starts with a change starts from cloud).
func ParseEnvelope(s string) (Envelope, error) {
	parts := strings.Split(s, ",")
	e := Cloud
	if name := parts[0]; !strings.Contains(name, "=") {
		base, ok := Envelopes[name]
		if !ok {
			return Envelope{}, fmt.Errorf("unknown envelope %q (known: cloud, harsh; or KEY=VALUE changes of cloud)", name)
		}
		e = base
		parts = parts[1:]
	}
	var seen []string
	for _, p := range parts {
		key, val, ok := strings.Cut(p, "=")
		if !ok || val == "" {
			return Envelope{}, fmt.Errorf("%q: want KEY=VALUE", p)
		}
		if slices.Contains(seen, key) {
			return Envelope{}, fmt.Errorf("%s given twice", key)
		}
		seen = append(seen, key)
		if err := e.Set(key, val); err != nil {
			return Envelope{}, err
		}
	}
	if len(seen) > 0 {
		e.Name += "," + strings.Join(parts, ",")
	}
	return e, nil
}

// Values lists the envelope's values: what, and the value as text.
func (e Envelope) Values() [][2]string {
	var out [][2]string
	for _, f := range Fields {
		v := e.value(f)
		if f.dur != nil {
			v = Dur(*f.dur(&e))
		}
		out = append(out, [2]string{f.What, v})
	}
	return out
}

// value is f's value in e as text.
func (e Envelope) value(f Field) string {
	if f.dur != nil {
		return f.dur(&e).String()
	}
	return strconv.FormatFloat(*f.num(&e), 'g', -1, 64)
}

// Spec is e as a --envelope value that gives it again.
func (e Envelope) Spec() string {
	parts := []string{"cloud"}
	for _, f := range Fields {
		if e.value(f) != Cloud.value(f) {
			parts = append(parts, f.Key+"="+e.value(f))
		}
	}
	return strings.Join(parts, ",")
}

// Arg is e as --envelope gives it: its name when it is a named envelope
// unchanged, else its Spec.
func (e Envelope) Arg() string {
	if named, ok := Envelopes[e.Name]; ok && named.Spec() == e.Spec() {
		return e.Name
	}
	return e.Spec()
}

// Procs and Threads are a world's clients: three processes of two threads
// each, so a crashed process can leave a waiter behind it and a pause
// strikes a holder or a waiter.
const (
	Procs   = 3
	Threads = 2
)

// Phases of a world: faults for Safety, then everything healed for
// Liveness, long enough for a lease of a minute to run out in each.
const (
	Safety   = 2 * sim.Minute
	Liveness = 90 * sim.Second
)

// World builds the plan of a world of seed under e for algo's clients
// c1..cN: every parameter from a stream of its own ("envelope/<kind>"), so
// that a change of one value of the envelope changes only what it
// governs, and every magnitude as a fraction of the envelope's largest,
// so that the worlds of a larger envelope are the same worlds, worse.
//
// Each world holds:
//   - one to three GC pauses at random times, each of a random process
//     and from a tenth of the longest to all of it, and in half the
//     worlds one more of the longest, at a protocol point of a holder
//     (its watchdog firing, or the reply that granted its lock);
//   - the same for the timer thread (its extra stall where the watchdog
//     fires: the worst moment for a renewal);
//   - a crash of a holder right after its lock was granted (the takeover
//     time is measured from it), the process back 5 s later;
//   - loss for the whole safety phase; each client's clock offset and
//     drift; the latencies; a failover at a random time in the middle half
//     of the safety phase when the envelope has one.
func (e Envelope) World(seed uint64, algo string, procs []string) sim.Plan {
	plan := sim.Plan{Preset: "envelope", ClientClocks: map[string]sim.Clock{}}
	oneWay := Latency(e.RTT/2, e.Jitter/2)
	plan.Net = sim.NetConfig{Request: oneWay, PubSub: oneWay}
	if e.ReplLag > 0 || e.Failover > 0 {
		plan.Replicas = 1
		plan.Net.Replication = sim.Latency{Base: e.ReplLag / 10, Jitter: e.ReplLag - e.ReplLag/10}
	}
	if len(procs) == 0 {
		return plan
	}
	pts := pointsOf(algo)
	stalls := func(kind sim.FaultKind, stream string, longest sim.Duration, at []string) {
		if longest <= 0 {
			return
		}
		r := sim.NewRand(seed, "envelope/"+stream)
		for i, n := 0, 1+r.Intn(3); i < n; i++ {
			f := sim.Fault{At: sim.Time(r.Int63n(int64(Safety))), Kind: kind, Target: procs[r.Intn(len(procs))]}
			f.For = sim.Duration(float64(longest) * (0.1 + 0.9*r.Float64()))
			plan.Faults = append(plan.Faults, f)
		}
		if r.Chance(0.5) && len(at) > 0 {
			plan.Faults = append(plan.Faults, sim.Fault{At: sim.Time(r.Int63n(int64(Safety / 2))), Kind: kind,
				Target: procs[r.Intn(len(procs))], For: longest, Point: at[r.Intn(len(at))]})
		}
	}
	stalls(sim.FaultPause, "pause", e.Pause, pts.pause)
	stalls(sim.FaultTimerDelay, "timer-delay", e.TimerDelay, pts.timer)
	if pts.granted != "" {
		r := sim.NewRand(seed, "envelope/crash")
		plan.Faults = append(plan.Faults, sim.Fault{At: sim.Time(r.Int63n(int64(Safety / 2))), Kind: sim.FaultCrash,
			Target: procs[r.Intn(len(procs))], For: 5 * sim.Second, Point: pts.granted})
	}
	if e.Loss > 0 {
		plan.Faults = append(plan.Faults, sim.Fault{At: 0, Kind: sim.FaultLoss, Target: "network", For: Safety, Prob: e.Loss})
	}
	if e.Skew > 0 || e.Drift > 0 {
		r := sim.NewRand(seed, "envelope/clock")
		for _, p := range procs {
			c := sim.Clock{Offset: sim.Duration(float64(e.Skew) * (2*r.Float64() - 1)), DriftPPM: e.Drift * (2*r.Float64() - 1)}
			plan.ClientClocks[p] = c
		}
	}
	if e.Failover > 0 {
		r := sim.NewRand(seed, "envelope/failover")
		plan.Faults = append(plan.Faults, sim.Fault{At: sim.Time(Safety/4) + sim.Time(r.Int63n(int64(Safety/2))), Kind: sim.FaultMasterCrash,
			Target: "master", Amount: e.Failover, For: 30 * sim.Second})
	}
	sort.SliceStable(plan.Faults, func(i, j int) bool { return plan.Faults[i].At < plan.Faults[j].At })
	return plan
}

// Latency is a one-way delay of base plus an exponential jitter of mean
// jitter.
func Latency(base, jitter sim.Duration) sim.Latency {
	return sim.Latency{Base: base, Jitter: jitter}
}

// points are the protocol points of an algorithm's clients where the
// envelope's faults at a point strike.
type points struct {
	pause, timer []string
	granted      string // the reply that grants the lock
}

// pointsOf names algo's points: the watchdog's firing and the granting
// reply, those algo's client has (clients.Points).
func pointsOf(algo string) points {
	var have []string
	for _, p := range clients.Points(algo) {
		have = append(have, p.Name)
	}
	var pts points
	for _, g := range []string{"reply:acquire:ok", "reply:acquire-token:ok", "reply:set-px:ok", "reply:setnx:ok"} {
		if slices.Contains(have, g) {
			pts.granted = g
			break
		}
	}
	if slices.Contains(have, "fire:watchdog") {
		pts.pause = append(pts.pause, "fire:watchdog")
		pts.timer = append(pts.timer, "fire:watchdog")
	}
	if pts.granted != "" {
		pts.pause = append(pts.pause, pts.granted)
	}
	return pts
}
