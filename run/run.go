package run

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks/queuebook"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// SweepConfig is the run a sweep over many seeds (the main job, its
// coverage seeds and confirmations) makes of algo, seed and preset:
// Redisson's defaults, every one. 4.7.0's fair waiters, which ask again
// every round trip behind a head that does not take the free lock (for up
// to fairLockWaitTimeout, 5 min), cost little: the world fast-forwards
// their spin (sim/spin.go).
func SweepConfig(algo string, seed uint64, preset string) Config {
	return Config{Algo: algo, Seed: seed, Preset: preset}
}

// Config is everything that determines a run besides the code: the
// same Config gives the same trace, byte for byte.
type Config struct {
	Algo    string
	Seed    uint64
	Preset  string
	Scripts string // a user's script directory for the Redisson algorithms ("" = embedded)
	// ScriptTexts, when set, are the sources of Scripts' scripts by ID, as
	// a trace's header keeps them: the run takes them instead of reading
	// the directory, so that a trace replays where the directory is not.
	ScriptTexts map[string]string

	Safety   sim.Duration // the safety phase, with faults
	Liveness sim.Duration // the liveness phase: faults off, everything healed

	// Workload overrides; zero values are drawn from the seed.
	Procs, Threads int

	// Client overrides; zero values keep the version's defaults.
	Client clients.ClientOverrides

	// SkipFaults lists faults of the drawn plan (by index) not to inject;
	// shrinking a failing run drops faults this way.
	SkipFaults []int

	// Mutant names an entry of the mutants catalog to run instead of the
	// real scripts and client ("" = none); it must be one for Algo.
	Mutant string

	// Faults, when not nil, replace the preset's drawn faults (the preset
	// still sets the network and the replicas): property tests draw their
	// own fault schedules this way.
	Faults []sim.Fault

	// Plan, when not nil, replaces what the preset draws: the network,
	// the replicas, the clients' clocks (by process name, c1, c2, ...)
	// and the faults (Faults, when set too, replace its faults). Workload,
	// when not nil, replaces the workload drawn from the seed. Package
	// settings builds both from a fault envelope and a usage profile.
	Plan     *sim.Plan
	Workload *Workload

	// Coverage, when set, counts the statements of the scripts the run
	// executes (sim.Coverage); it does not change the run.
	Coverage *sim.Coverage

	// StepByStep turns off the fast-forward of retry loops that make no
	// progress (sim/spin.go): the world runs every iteration of a 4.7.0
	// fair waiter's spin as an event of its own, script and trace line
	// included. The run is the same (a differential test compares them);
	// only its trace has each iteration where the fast-forward has one
	// line per loop, and its history a sample per run.
	StepByStep bool

	// Until, when positive, stops the run at that virtual time: a
	// counterfactual run that confirms a violation's mechanism needs only
	// the run up to the violation. Everything up to it is what the whole
	// run does.
	Until sim.Time
}

// Run is one simulated run: its world, what clients observed, and the
// plan it followed.
type Run struct {
	Config   Config
	World    *sim.World
	Plan     sim.Plan
	Workload Workload
	History  *model.History
	Header   []string // every option and drawn parameter, for the run's header

	progs       []*workloadProgram
	threadWait  int64           // the fair lock's threadWaitTime (ms), 0 otherwise
	epoch       int             // master changes seen so far by the observer
	queue       *queuebook.Book // the fair queue's books, which the checks read
	lockMembers []string        // what the lock key held at the last sample (PeekKeyReusing)
	// stringHolders is the holder of a simple lock's key while it exists
	// (stringHolder), nil while it does not.
	stringHolders []string
	latched       bool // the algorithm's fair unlock has a latch key (4.7.0): beforeExec is hooked
	// the fair lock's queue and timeout set names, made once
	queueName, timeoutName string
	scripts                *clients.ScriptSet // the user's or mutant's scripts, nil: embedded
	// spinScript is the script whose read-only runs the world may
	// fast-forward (spinrun.go), nil: none.
	spinScript *sim.Script
}

// Err is what stopped the run before its end, or nil: a script stopped by
// one of the simulation's own limits (sim.ScriptLimitError), named by its
// file when a user's directory or a mutant gave it. Such a run is no run
// of the algorithm on a real Redis, so it has no verdict.
func (r *Run) Err() error {
	err := r.World.Err()
	var sl *sim.ScriptLimitError
	if errors.As(err, &sl) {
		if f := r.scripts.File(sl.Script); f != "" {
			return fmt.Errorf("%s: %w", f, err)
		}
	}
	return err
}

// withDefaults fills in phase lengths.
func (c Config) withDefaults() Config {
	if c.Safety == 0 {
		c.Safety = 3 * sim.Minute
	}
	if c.Liveness == 0 {
		c.Liveness = 2 * sim.Minute
	}
	return c
}

// New builds a run: workload and fault plan drawn from the seed, the
// world, and the client processes. trace receives the JSON Lines trace (nil:
// hash only). Nothing has run yet; call Execute.
func New(cfg Config, trace io.Writer) (*Run, error) {
	cfg = cfg.withDefaults()
	if err := clients.CheckAlgo(cfg.Algo); err != nil {
		return nil, err
	}
	wl := workloadOf(cfg)
	names := make([]string, wl.Procs)
	for i := range names {
		names[i] = "c" + strconv.Itoa(i+1)
	}
	plan, err := planOf(cfg, names)
	if err != nil {
		return nil, err
	}
	if cfg.Faults != nil {
		plan.Faults = slices.Clone(cfg.Faults)
		for i := range plan.Faults {
			plan.Faults[i].Index = i
		}
	}
	tr := sim.NewTracer(trace)
	w := sim.NewWorld(sim.Config{Seed: cfg.Seed, Net: plan.Net, Replicas: plan.Replicas, Trace: tr, Coverage: cfg.Coverage, FastForward: !cfg.StepByStep})
	r := &Run{Config: cfg, World: w, Plan: plan, Workload: wl, History: &model.History{}, queue: queuebook.New(clients.TimeoutName(wl.Lock))}
	mk, err := r.programFactory()
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		c := plan.ClientClocks[n]
		w.AddProcess(n, c, mk())
		if c.Offset != 0 || c.DriftPPM != 0 {
			w.RecordSpan(sim.Fault{Kind: sim.FaultClockSkew, Target: n, Amount: c.Offset}, sim.Time(cfg.Safety+cfg.Liveness))
		}
	}
	for i, f := range plan.Faults {
		if !slices.Contains(cfg.SkipFaults, i) {
			w.Schedule(f)
		}
	}
	w.OnExec = r.observe
	w.OnNet = r.noteNet
	w.OnWaitDone = r.noteWait
	w.OnMaster = r.masterChanged
	w.OnElided = r.elided
	if r.latched {
		w.BeforeExec = r.beforeExec // only where a fair unlock has a latch: the hook runs before every script
	}
	r.Header = append([]string{
		fmt.Sprintf("algo %s seed %d preset %s safety %s liveness %s scripts %q", cfg.Algo, cfg.Seed, cfg.Preset, cfg.Safety, cfg.Liveness, cfg.Scripts),
		fmt.Sprintf("skip faults %s", intList(cfg.SkipFaults)),
		fmt.Sprintf("client overrides watchdog=%dms threadWaitTime=%dms timeout=%dms retryAttempts=%d retryInterval=%dms (0: the version's default)",
			cfg.Client.LockWatchdogTimeout, cfg.Client.ThreadWaitTime, cfg.Client.Timeout, cfg.Client.RetryAttempts, cfg.Client.RetryInterval),
		fmt.Sprintf("workload procs=%d threads=%d lock=%s think=%s cs=%s cs-long=%.2f<=%s mix lock=%d lock(lease)=%d tryLock()=%d tryLock(wait)=%d lease=%d..%dms wait=%d..%dms seconds-unit=%.2f inner=%d reenter=%.2f query=%.2f force=%.2f objects=%s",
			wl.Procs, wl.Threads, wl.Lock, wl.ThinkMean, wl.CSMean, wl.CSLong, wl.CSLongMax, wl.WLock, wl.WLockLease, wl.WTryLock, wl.WTryLockWait, wl.LeaseMin, wl.LeaseMax, wl.WaitMin, wl.WaitMax, wl.SecondsUnit,
			wl.Inner, wl.Reenter, wl.Query, wl.Force, wl.Objects),
	}, plan.Describe()...)
	if cfg.Mutant != "" {
		r.Header = slices.Insert(r.Header, 1, "mutant "+cfg.Mutant)
	}
	if cfg.Client.SubscriptionTimeout != 0 {
		// a line of its own, so that the headers of other runs stay as they were
		i := slices.IndexFunc(r.Header, func(h string) bool { return strings.HasPrefix(h, "client overrides ") })
		r.Header = slices.Insert(r.Header, i+1, fmt.Sprintf("client overrides subscriptionTimeout=%dms", cfg.Client.SubscriptionTimeout))
	}
	// The run header first (ParseHeader reads it back), then the same and
	// every drawn parameter as text for people.
	w.Tracer().Event(0, "world", "run").Raw("config", r.Config.HeaderJSON()).End()
	for _, h := range r.Header {
		w.Tracer().Event(0, "world", "option").Str("text", h).End()
	}
	return r, nil
}

// PlanOf is the fault plan cfg's run follows, drawn as New draws it,
// without building the run.
func PlanOf(cfg Config) (sim.Plan, error) {
	cfg = cfg.withDefaults()
	if err := clients.CheckAlgo(cfg.Algo); err != nil {
		return sim.Plan{}, err
	}
	wl := workloadOf(cfg)
	names := make([]string, wl.Procs)
	for i := range names {
		names[i] = "c" + strconv.Itoa(i+1)
	}
	plan, err := planOf(cfg, names)
	if err == nil && cfg.Faults != nil {
		plan.Faults = slices.Clone(cfg.Faults)
		for i := range plan.Faults {
			plan.Faults[i].Index = i
		}
	}
	return plan, err
}

// intList renders fault indices as "0,2,5" ("-" for none).
func intList(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

// waitBound is how long, by design, a free lock may stay untaken while
// live callers wait: a waiter sleeps at most its ttl, which comes from the
// longest lease (the explicit ones drawn, or the watchdog's); the simple
// locks poll every 100 ms. A 10 s margin covers the network. (A fair
// lock's dead or abandoned queue entries add threadWaitTime each: the
// liveness check counts them, End.ThreadWait.)
func (r *Run) waitBound() sim.Duration {
	watchdog := r.History.Settings.Watchdog // Config.lockWatchdogTimeout; 0 for the simple locks
	lease := max(r.Workload.LeaseMax, cmp.Or(watchdog, 30000))
	return sim.Duration(lease)*sim.Millisecond + 10*sim.Second
}

// Execute runs the safety phase, heals everything, runs the liveness
// phase, and records the end state.
func (r *Run) Execute() {
	w := r.World
	stop := func(t sim.Time) sim.Time {
		if r.Config.Until > 0 {
			return min(t, r.Config.Until)
		}
		return t
	}
	w.RunUntil(stop(sim.Time(r.Config.Safety)))
	if r.Config.Until <= 0 || r.Config.Until > sim.Time(r.Config.Safety) {
		w.EndFaults()
		w.RunUntil(stop(sim.Time(r.Config.Safety + r.Config.Liveness)))
	}
	end := model.End{At: w.Now(), LivenessFrom: sim.Time(r.Config.Safety), LockType: "none", LockTTL: -2, Alive: map[string]bool{}}
	if m := w.Master(); m != nil {
		end.LockType, end.LockTTL, _ = m.Store.PeekKey(r.Workload.Lock)
	}
	end.LiveOwners = map[string]bool{}
	for i, p := range w.Procs() {
		end.Alive[p.Name] = p.Alive() && !p.Paused()
		if end.Alive[p.Name] {
			for _, t := range r.progs[i].threads {
				end.LiveOwners[t.owner] = true
			}
		}
	}
	end.WaitBound = r.waitBound()
	end.ThreadWait = sim.Duration(r.threadWait) * sim.Millisecond
	end.Replicas = r.Plan.Replicas
	r.History.End = end
	w.Tracer().Event(w.Now(), "world", "end").Int("events", int64(w.Steps())).End()
}

// Summary counts outcomes of the history, for a run's last lines.
func (r *Run) Summary() []string {
	counts := map[string]int{}
	for _, op := range r.History.Ops {
		k := string(op.Call) + " " + op.Outcome
		if op.Outcome == "" {
			k = string(op.Call) + " open"
		}
		counts[k]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := []string{fmt.Sprintf("%d events, %d calls, %d critical sections, trace hash %016x", r.World.Steps(), len(r.History.Ops), len(r.History.Sections), r.World.Tracer().Sum())}
	for _, k := range keys {
		out = append(out, fmt.Sprintf("  %-28s %d", k, counts[k]))
	}
	return out
}
