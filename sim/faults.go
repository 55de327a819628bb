package sim

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// FaultKind names a kind of fault.
type FaultKind string

// The faults the world can inject (DESIGN.md, "Fault model").
const (
	FaultCrash       FaultKind = "crash"        // a client process dies; restarts after For with a new UUID
	FaultPause       FaultKind = "pause"        // a stop-the-world pause (GC) of a process for For
	FaultPartition   FaultKind = "partition"    // a process is cut off from the store nodes for For
	FaultPubSubLoss  FaultKind = "pubsub-loss"  // a process's pub/sub connection drops messages for For
	FaultClockStep   FaultKind = "clock-step"   // a process's clock jumps by Amount (back if negative)
	FaultServerStep  FaultKind = "server-step"  // the master's clock jumps by Amount
	FaultLoss        FaultKind = "loss"         // requests and replies are lost with probability Prob for For
	FaultSlowNet     FaultKind = "slow-net"     // latency spikes of up to Amount for For
	FaultMasterCrash FaultKind = "master-crash" // the master dies; a replica is promoted after Amount; it returns after For
	FaultRestart     FaultKind = "restart"      // the master restarts at once without persistence
	FaultClockSkew   FaultKind = "clock-skew"   // a process's clock runs off (offset, drift) for the whole run
	FaultDrop        FaultKind = "drop"         // one message is lost (at a protocol point)
	// FaultInterrupt: the thread that sends a request at the fault's point
	// is interrupted (Thread.interrupt(), as Future.cancel(true) or an
	// executor's shutdownNow do) just after the request left, or, at a
	// point the program marks Interrupt (a timed wait ending), the thread
	// the event is for, just before it handles it.
	FaultInterrupt FaultKind = "interrupt"
)

// Interrupt is the timer tag a FaultInterrupt gives the process: the
// thread that sent request Req is interrupted now; when Req is 0, the
// thread event Of is for.
type Interrupt struct {
	Req ReqID
	Of  Event
	// Fault is the interrupt's plan index.
	Fault int
}

// Fault is one scheduled fault.
type Fault struct {
	At     Time
	Kind   FaultKind
	Target string   // the process, or "master"
	For    Duration // how long it lasts
	Amount Duration // clock step, spike size, or failover delay
	Prob   float64  // loss probability
	// Point, when set, names a point of the target's protocol (points.go):
	// the fault is armed at At and strikes there, the first time the
	// process reaches it: a crash or a pause before the process handles
	// what arrived, or the loss of it (FaultDrop).
	Point string
	// Index is the fault's place in its plan (for --skip-faults and the
	// counterfactual runs that confirm an excuse); -1 for a condition
	// recorded with RecordSpan.
	Index int
}

// String renders a fault the way run headers and stories print it.
func (f Fault) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "t=%s %s %s", f.At, f.Kind, f.Target)
	if f.For != 0 {
		fmt.Fprintf(&b, " for=%s", f.For)
	}
	if f.Amount != 0 {
		fmt.Fprintf(&b, " amount=%s", f.Amount)
	}
	if f.Prob != 0 {
		fmt.Fprintf(&b, " prob=%.3f", f.Prob)
	}
	if f.Point != "" {
		fmt.Fprintf(&b, " at=%s", f.Point)
	}
	return b.String()
}

// FaultSpan is a fault as it happened: when it started and when it ended
// (End is -1 while it is still active, or for instantaneous faults Start).
type FaultSpan struct {
	Fault
	Start, End Time
}

type activeFault struct {
	span *FaultSpan
	heal func()
}

// RecordSpan notes a condition that holds for the whole run (a client's
// clock offset and drift) as a fault span, so checks can excuse what it
// causes. It injects nothing.
func (w *World) RecordSpan(f Fault, end Time) {
	f.Index = -1
	w.spans = append(w.spans, &FaultSpan{Fault: f, Start: f.At, End: end})
}

// Schedule adds a fault to the run. It fires at f.At unless the safety
// phase has ended by then.
func (w *World) Schedule(f Fault) {
	w.faults = append(w.faults, f)
	w.At(f.At, func() {
		switch {
		case !w.faultsOn:
		case f.Point != "":
			w.armed = append(w.armed, f) // points.go: it strikes when the target gets there
		default:
			w.inject(f)
		}
	})
}

// Faults returns the faults that happened, in order, with their spans.
func (w *World) FaultSpans() []FaultSpan {
	out := make([]FaultSpan, len(w.spans))
	for i, s := range w.spans {
		out[i] = *s
	}
	return out
}

func (w *World) procByName(name string) *Proc {
	for _, p := range w.procs {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// inject starts a fault now.
func (w *World) inject(f Fault) {
	span := &FaultSpan{Fault: f, Start: w.now, End: -1}
	w.spans = append(w.spans, span)
	tr := w.trace.Event(w.now, f.Target, "fault").Str("fault", string(f.Kind)).Dur("for_ms", f.For).Dur("amount_ms", f.Amount)
	if f.Point != "" {
		tr.Str("at", f.Point)
	}
	tr.End()
	lasting := func(heal func()) {
		a := &activeFault{span: span}
		a.heal = func() {
			for i, x := range w.active {
				if x == a {
					w.active = append(w.active[:i], w.active[i+1:]...)
					break
				}
			}
			span.End = w.now
			heal()
			w.trace.Event(w.now, f.Target, "heal").Str("fault", string(f.Kind)).End()
		}
		w.active = append(w.active, a)
		w.After(f.For, func() {
			if span.End < 0 {
				a.heal()
			}
		})
	}
	p := w.procByName(f.Target)
	if p == nil && (f.Kind == FaultCrash || f.Kind == FaultPause || f.Kind == FaultPartition || f.Kind == FaultPubSubLoss || f.Kind == FaultClockStep || f.Kind == FaultTimerDelay) {
		span.End = w.now
		return
	}
	switch f.Kind {
	case FaultCrash:
		if !p.Alive() {
			span.End = w.now
			return
		}
		p.Crash(0)
		lasting(func() { p.Restart() })
	case FaultPause:
		resume := p.pause(f.For)
		if resume == nil {
			span.End = w.now
			return
		}
		lasting(resume)
	case FaultPartition:
		p.partitioned++
		p.pubsubCut++
		lasting(func() { p.partitioned--; p.pubsubCut-- })
	case FaultPubSubLoss:
		p.pubsubCut++
		lasting(func() { p.pubsubCut-- })
	case FaultTimerDelay:
		if !p.Alive() {
			span.End = w.now
			return
		}
		lasting(p.stallTimers())
	case FaultClockStep:
		p.Clock.Step(f.Amount)
		span.End = w.now
	case FaultServerStep:
		if m := w.Master(); m != nil {
			m.Clock.Step(f.Amount)
		}
		span.End = w.now
	case FaultLoss:
		old := w.net
		w.net.RequestLoss, w.net.ReplyLoss = f.Prob, f.Prob
		lasting(func() { w.net.RequestLoss, w.net.ReplyLoss = old.RequestLoss, old.ReplyLoss })
	case FaultSlowNet:
		old := w.net.Request
		w.net.Request.SpikeProb, w.net.Request.SpikeMin, w.net.Request.SpikeMax = 0.2, f.Amount/10, f.Amount
		lasting(func() { w.net.Request = old })
	case FaultMasterCrash:
		m := w.Master()
		if m == nil {
			span.End = w.now
			return
		}
		w.CrashMaster(0, f.Amount)
		lasting(func() { w.restartNode(m) })
	case FaultRestart:
		w.RestartMaster()
		span.End = w.now
	case FaultDrop, FaultInterrupt:
		span.End = w.now // the message itself is dropped, or its sender interrupted, where the point is
	default:
		panic("sim: unknown fault kind " + string(f.Kind))
	}
}

// Presets lists the fault presets by name.
// "interrupt" is not in "all": it is what a program does to its own
// threads, not a fault of the machines, and "all" stays what it was.
var Presets = []string{"none", "crash", "pause", "net", "skew", "failover", "points", "all", "interrupt"}

// CheckPreset fails, naming the known ones, when preset is not one of them.
func CheckPreset(preset string) error {
	for _, p := range Presets {
		if p == preset {
			return nil
		}
	}
	return fmt.Errorf("unknown preset %q (known: %s)", preset, strings.Join(Presets, ", "))
}

// ParsePresets reads a comma-separated list of distinct, known presets.
func ParsePresets(s string) ([]string, error) {
	var ps []string
	for _, p := range strings.Split(s, ",") {
		if err := CheckPreset(p); err != nil {
			return nil, err
		}
		if slices.Contains(ps, p) {
			return nil, fmt.Errorf("preset %q twice", p)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// Plan is a run's fault schedule and the settings that go with it, all drawn
// from the seed for a preset.
type Plan struct {
	Preset       string
	Faults       []Fault
	ClientClocks map[string]Clock // per process; absent: exact
	Replicas     int
	Net          NetConfig
}

// PlanFor draws the fault plan of preset for the named processes over a
// safety phase of length safety. Every parameter comes from the seed's
// "faults/<preset>" stream; Describe prints them all. points are the
// clients' protocol points (points.go): crash, pause and net also draw a
// fault at one of them (from the stream "faults/<preset>/points", so the
// faults at random times are the same as without), "points" draws only
// there, and "all" does both.
func PlanFor(seed uint64, preset string, procs []string, safety Duration, points []PointSpec) (Plan, error) {
	if err := CheckPreset(preset); err != nil {
		return Plan{}, err
	}
	r := NewRand(seed, "faults/"+preset)
	plan := Plan{Preset: preset, Net: DefaultNet(), ClientClocks: map[string]Clock{}}
	has := func(k string) bool { return preset == k || preset == "all" }
	at := func() Time { return Time(r.Int63n(int64(safety))) }
	pick := func() string { return procs[r.Intn(len(procs))] }
	if len(procs) == 0 {
		return plan, nil
	}
	if has("crash") {
		for i, n := 0, 1+r.Intn(3); i < n; i++ {
			plan.Faults = append(plan.Faults, Fault{At: at(), Kind: FaultCrash, Target: pick(), For: r.Range(Second, 30*Second)})
		}
	}
	if has("pause") {
		for i, n := 0, 1+r.Intn(3); i < n; i++ {
			plan.Faults = append(plan.Faults, Fault{At: at(), Kind: FaultPause, Target: pick(), For: drawPause(r)})
		}
	}
	if has("net") {
		for i, n := 0, 1+r.Intn(3); i < n; i++ {
			plan.Faults = append(plan.Faults, Fault{At: at(), Kind: FaultPartition, Target: pick(), For: r.Range(Second, 45*Second)})
		}
		plan.Faults = append(plan.Faults,
			Fault{At: at(), Kind: FaultLoss, Target: "network", For: r.Range(5*Second, 60*Second), Prob: 0.01 + 0.09*r.Float64()},
			Fault{At: at(), Kind: FaultPubSubLoss, Target: pick(), For: r.Range(Second, 30*Second)},
			Fault{At: at(), Kind: FaultSlowNet, Target: "network", For: r.Range(5*Second, 60*Second), Amount: r.Range(50*Millisecond, 5*Second)},
		)
	}
	if has("skew") {
		for _, name := range procs {
			plan.ClientClocks[name] = Clock{Offset: r.Range(-2*Second, 2*Second), DriftPPM: float64(r.Range(-500, 500))}
		}
		for i, n := 0, 1+r.Intn(2); i < n; i++ {
			step := r.Range(100*Millisecond, 40*Second)
			if r.Chance(0.5) {
				step = -step
			}
			plan.Faults = append(plan.Faults, Fault{At: at(), Kind: FaultClockStep, Target: pick(), Amount: step})
		}
		if r.Chance(0.3) {
			plan.Faults = append(plan.Faults, Fault{At: at(), Kind: FaultServerStep, Target: "master", Amount: r.Range(100*Millisecond, 40*Second)})
		}
	}
	if has("failover") {
		plan.Replicas = 1 + r.Intn(2)
		plan.Net.Replication = Latency{Base: Millisecond, Jitter: r.Range(Millisecond, 500*Millisecond)}
		for i, n := 0, 1+r.Intn(2); i < n; i++ {
			plan.Faults = append(plan.Faults, Fault{At: at(), Kind: FaultMasterCrash, Target: "master", Amount: r.Range(Second, 15*Second), For: r.Range(5*Second, 60*Second)})
		}
	}
	pr := NewRand(seed, "faults/"+preset+"/points")
	for _, k := range []struct {
		preset string
		kind   FaultKind
	}{{"crash", FaultCrash}, {"pause", FaultPause}, {"net", FaultDrop}} {
		if has(k.preset) && pr.Chance(0.7) {
			if f, ok := drawPointFault(pr, k.kind, points, procs, safety); ok {
				plan.Faults = append(plan.Faults, f)
			}
		}
	}
	if preset == "interrupt" {
		// Each kind of point from a stream of its own, so that adding a kind
		// leaves the others' draws as they were: where a thread has just
		// sent an acquire (the window its blocking get() can be interrupted
		// in; at least one), where its timed wait in lock() or tryLock ends,
		// where the subscription it waits for becomes active (the
		// interrupt an executor's shutdownNow() sends to every blocked
		// thread), and where it has just sent an unlock.
		for _, k := range []struct {
			kind, stream string
			least        int
		}{{InterruptSent, "points", 1}, {InterruptWait, "waits", 0}, {InterruptSubscription, "subscriptions", 0}, {InterruptUnlock, "unlocks", 0}} {
			var at []PointSpec
			for _, pt := range points {
				if pt.Interrupt == k.kind {
					at = append(at, pt)
				}
			}
			r := NewRand(seed, "faults/interrupt/"+k.stream)
			for i, n := 0, k.least+r.Intn(3); i < n && len(at) > 0; i++ {
				plan.Faults = append(plan.Faults, Fault{At: Time(r.Int63n(int64(safety))), Kind: FaultInterrupt, Target: procs[r.Intn(len(procs))], Point: at[r.Intn(len(at))].Name})
			}
		}
	}
	if preset == "points" {
		kinds := []FaultKind{FaultCrash, FaultPause, FaultDrop}
		for i, n := 0, 1+pr.Intn(3); i < n; i++ {
			if f, ok := drawPointFault(pr, kinds[pr.Intn(len(kinds))], points, procs, safety); ok {
				plan.Faults = append(plan.Faults, f)
			}
		}
	}
	sort.SliceStable(plan.Faults, func(i, j int) bool { return plan.Faults[i].At < plan.Faults[j].At })
	for i := range plan.Faults {
		plan.Faults[i].Index = i
	}
	return plan, nil
}

// drawPause draws a stop-the-world pause: mostly short, sometimes longer
// than a lease.
func drawPause(r *Rand) Duration {
	switch x := r.Float64(); {
	case x < 0.5:
		return r.Range(100*Millisecond, 5*Second)
	case x < 0.85:
		return r.Range(5*Second, 40*Second)
	}
	return r.Range(40*Second, 90*Second)
}

// Describe prints every parameter of the plan, one per line, for the
// header of a run.
func (p Plan) Describe() []string {
	out := []string{fmt.Sprintf("preset %s: %d faults, %d replicas", p.Preset, len(p.Faults), p.Replicas)}
	names := make([]string, 0, len(p.ClientClocks))
	for n := range p.ClientClocks {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := p.ClientClocks[n]
		out = append(out, fmt.Sprintf("clock %s offset=%s drift=%+.0fppm", n, c.Offset, c.DriftPPM))
	}
	net := p.Net
	out = append(out, fmt.Sprintf("net request base=%s jitter=%s; pubsub base=%s jitter=%s; replication base=%s jitter=%s",
		net.Request.Base, net.Request.Jitter, net.PubSub.Base, net.PubSub.Jitter, net.Replication.Base, net.Replication.Jitter))
	for _, f := range p.Faults {
		out = append(out, "fault "+f.String())
	}
	return out
}
