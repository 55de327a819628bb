package run

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"

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

// drawWorkload draws the workload from the seed's "workload" stream.
func drawWorkload(cfg Config) Workload {
	r := sim.NewRand(cfg.Seed, "workload")
	wl := Workload{
		Procs:     2 + r.Intn(3),
		Threads:   1 + r.Intn(3),
		Lock:      "myLock",
		ThinkMean: r.Range(100*sim.Millisecond, 3*sim.Second),
		CSMean:    r.Range(10*sim.Millisecond, 2*sim.Second),
		CSLong:    0.05 * r.Float64(),
		CSLongMax: r.Range(5*sim.Second, 60*sim.Second),
		WLock:     r.Intn(4), WLockLease: r.Intn(4), WTryLock: r.Intn(3), WTryLockWait: r.Intn(4),
		LeaseMin: 1000 + r.Int63n(5000), LeaseMax: 10000 + r.Int63n(40000),
		WaitMin: 100 + r.Int63n(2000), WaitMax: 3000 + r.Int63n(30000),
		SecondsUnit: 0.2 * r.Float64(),
		StopAt:      sim.Time(cfg.Safety + cfg.Liveness/2),
	}
	if wl.WLock+wl.WLockLease+wl.WTryLock+wl.WTryLockWait == 0 {
		wl.WLock = 1
	}
	// Redisson's locks also re-enter, ask, force and keep lock objects
	// (drawn last, so the draws above are the same for every algorithm).
	wl.Objects = "fresh"
	if _, _, redisson := clients.RedissonAlgo(cfg.Algo); redisson {
		wl.Inner = r.Intn(3)
		wl.Reenter = 0.3 + 0.5*r.Float64()
		wl.Query = 0.2 * r.Float64()
		wl.Force = 0.3 * r.Float64()
		switch x := r.Float64(); {
		case x < 0.3:
			wl.Objects = "own"
		case x < 0.45:
			wl.Objects = "shared"
		}
	}
	if cfg.Procs > 0 {
		wl.Procs = cfg.Procs
	}
	if cfg.Threads > 0 {
		wl.Threads = cfg.Threads
	}
	return wl
}

// programFactory returns a constructor of the algorithm's client program,
// one per process, each starting the workload's threads at every start.
func (r *Run) programFactory() (func() sim.Program, error) {
	cfg, wl, h := r.Config, &r.Workload, r.History
	cf, err := clients.NewConfig(cfg.Algo, wl.Lock)
	if err != nil {
		return nil, err
	}
	r.latched = cf.Opts.Fair && cf.Opts.UnlockLatch
	// The simple locks run no script of the registry and have no Redisson
	// Config: settings for them would be ignored.
	if cf.Simple != "" && (cfg.Scripts != "" || cfg.Mutant != "" || cfg.Client != (clients.ClientOverrides{})) {
		return nil, fmt.Errorf("%s takes no scripts, mutant or Redisson client settings", cfg.Algo)
	}
	if cf.Simple == "" {
		if err := cfg.Client.Apply(&cf.Opts); err != nil {
			return nil, err
		}
		switch {
		case cfg.Scripts != "" && cfg.ScriptTexts != nil: // a trace's copy: the directory may be gone
			if cf.Opts.Scripts, err = clients.LoadScriptTexts(cf.Opts.Version, cfg.Scripts, cfg.ScriptTexts); err != nil {
				return nil, err
			}
		case cfg.Scripts != "":
			if cf.Opts.Scripts, err = clients.LoadScripts(cf.Opts.Version, cfg.Scripts); err != nil {
				return nil, err
			}
			r.Config.ScriptTexts = cf.Opts.Scripts.Texts() // the trace's header keeps them
		}
		if cfg.Mutant != "" {
			if err := clients.ApplyMutant(&cf.Opts, cfg.Mutant, cfg.Algo); err != nil {
				return nil, err
			}
		}
		r.scripts = cf.Opts.Scripts
		r.spinScript = spinScriptOf(cfg, &cf.Opts)
	}
	// 4.7.0 sends its lock scripts as a batch, which is re-sent, unless it is
	// configured for a single server: a world with replicas is a
	// master/replica configuration (CommandAsyncService.java:1095-1107).
	cf.Opts.Replicated = cf.Opts.NoRetryLocks && r.Plan.Replicas > 0
	h.Settings = cf.Settings()
	r.threadWait = h.Settings.ThreadWaitTime
	return func() sim.Program {
		host := clients.NewHost(cf)
		prog := &workloadProgram{Host: host}
		r.progs = append(r.progs, prog)
		renewOps := map[int32]int{}        // task slot → its renewal's entry in h.Renewals
		unlockOps := map[clients.Ref]int{} // a detached unlock (its Ref's first attempt) → its entry in h.Unlocks
		var inc int
		host.Tag = func(ref clients.Ref, cmd clients.Cmd) string {
			if ref.Owner == clients.OwnTask {
				if i, ok := renewOps[ref.Slot]; ok {
					return renewalTag(i)
				}
				return ""
			}
			if ref.Owner == clients.OwnNone {
				return "" // a latch's DEL serves no call
			}
			if ref.Owner == clients.OwnDetached && cmd.Op == clients.OpUnlock {
				// The client's own unlock for a call that is over: an
				// operation of its own, once per command (not per attempt).
				first := ref
				first.Attempt = 0
				i, ok := unlockOps[first]
				if !ok {
					i = len(h.Unlocks)
					unlockOps[first] = i
					h.Unlocks = append(h.Unlocks, model.Op{Proc: host.Proc().Name, Thread: cmd.Thread, Owner: host.Client().Owner(cmd.Thread), Lock: wl.Lock, Call: model.CallUnlock, Wait: -1, Lease: -1, Start: host.Proc().VirtualNow(), End: -1, ExecAt: -1, ScriptLease: cmd.Lease})
				}
				return unlockTag(i)
			}
			if t := prog.thread(cmd.Thread); t != nil && t.op >= 0 {
				return opTag(t.op)
			}
			return ""
		}
		host.OnSend = func(ref clients.Ref, cmd clients.Cmd, at sim.Time) {
			if ref.Owner != clients.OwnThread {
				return
			}
			t := prog.thread(cmd.Thread)
			if t == nil {
				return
			}
			switch cmd.Op {
			case clients.OpAcquire, clients.OpAcquireNoWait, clients.OpAcquireToken, clients.OpSetNX, clients.OpSetPX:
				t.lastTry = at
			}
			if t.op < 0 {
				return
			}
			// The lease the script arms is the one the command carries (a
			// lock object can send another than the caller asked for).
			switch cmd.Op {
			case clients.OpAcquire, clients.OpAcquireNoWait, clients.OpAcquireToken, clients.OpSetPX:
				h.Ops[t.op].ScriptLease = cmd.Lease
			case clients.OpUnlock:
				if !h.Ops[t.op].Call.Acquires() { // not 4.7.0's undo of an acquire (handleNoSync)
					h.Ops[t.op].ScriptLease = cmd.Lease
				}
			case clients.OpExpire:
				h.Ops[t.op].ScriptLease = clients.ExpireSeconds(cmd.Lease) * 1000
			}
		}
		host.OnNote = func(e clients.Effect) {
			p := host.Proc()
			switch e.Note {
			case clients.NoteUntimedWait:
				if t := prog.thread(e.Thread); t != nil && t.op >= 0 {
					h.Ops[t.op].Untimed = true
				}
			case clients.NoteFlaw:
				h.Flaws = append(h.Flaws, model.FlawAt{At: p.VirtualNow(), Proc: p.Name, Owner: host.Client().Owner(e.Thread), Flaw: e.Text})
			case clients.NoteRenewSent:
				renewOps[e.Slot] = len(h.Renewals)
				h.Renewals = append(h.Renewals, model.Op{Proc: p.Name, Thread: -1, Owner: host.Client().Owner(e.Thread), Lock: wl.Lock, Call: model.CallRenew, Wait: -1, Lease: -1, Start: p.VirtualNow(), End: -1, ExecAt: -1, ScriptLease: e.Value})
			case clients.NoteRenewDone:
				i, ok := renewOps[e.Slot]
				if !ok || p.Incarnation() != inc {
					return
				}
				delete(renewOps, e.Slot)
				op := &h.Renewals[i]
				op.End = p.VirtualNow()
				res := clients.Result{OK: e.OK, Err: clients.ErrKind(e.Value), Text: e.Text}
				op.Outcome, op.Err = outcome(res, "renewed", "not-renewed")
				op.ErrKind = res.Err.String()
			}
		}
		host.OnInterrupt = func(tid int64, fault int) {
			h.Interrupts = append(h.Interrupts, model.Interruption{At: host.Proc().VirtualNow(), Proc: host.Proc().Name, Owner: host.Client().Owner(tid), Fault: fault})
		}
		host.OnStart = func(host *clients.Host) {
			inc = host.Proc().Incarnation()
			clear(renewOps)
			prog.threads = startThreads(wl, h, host)
		}
		return prog
	}, nil
}

// workloadProgram wraps a client program with its workload threads, so a
// crash can close their critical sections.
type workloadProgram struct {
	*clients.Host
	threads []*wthread
}

func (w *workloadProgram) thread(tid int64) *wthread {
	for _, t := range w.threads {
		if t.tid == tid {
			return t
		}
	}
	return nil
}

func (w *workloadProgram) Crashed(p *sim.Proc) {
	for _, t := range w.threads {
		t.crashed(p.VirtualNow())
	}
}

// observe samples the lock's state after every script the master runs, for
// the store-side invariants. It only reads.
func (r *Run) observe(n *sim.Node, req sim.Request, reply sim.Reply) {
	lock := r.Workload.Lock
	h := r.History
	// The previous sample: its lists are reused while the members stay the
	// same (samples are only read, and a waiter retrying in a tight loop,
	// 4.7.0's fair lock answering 0, makes a sample per attempt).
	var prev *model.StoreSample
	var prevQueue, prevTimeouts []string
	if k := len(h.Store); k > 0 {
		prev = &h.Store[k-1]
		prevQueue, prevTimeouts = prev.Queue, prev.Timeouts
		if prev.Node != n.Name {
			r.epoch++ // another master: a failover, or a restart
		}
	}
	smp := model.StoreSample{At: r.World.Now(), Node: n.Name, Lock: lock, ServerMs: n.Store.Now(), Epoch: r.epoch, Tag: req.Tag}
	r.noteExec(req, smp.ServerMs)
	if req.Script != nil {
		smp.Script = req.Script.ID
	} else if len(req.Cmd) > 0 {
		smp.Script = req.Cmd[0] // the command's name: a poll makes one sample, so no join
	}
	typ, ttl, m := n.Store.PeekKeyReusing(lock, r.lockMembers)
	r.lockMembers = m
	switch typ {
	case "hash":
		smp.Holders = m
	case "string":
		smp.Holders = r.stringHolder(prev, req, reply) // a simple lock: held while the key exists
	default:
		r.stringHolders = nil
	}
	smp.TTL = ttl
	if r.queueName == "" {
		r.queueName, r.timeoutName = clients.QueueName(lock), clients.TimeoutName(lock)
	}
	_, queueTTL, queue := n.Store.PeekKeyReusing(r.queueName, prevQueue)
	_, timeoutsTTL, timeouts := n.Store.PeekKeyReusing(r.timeoutName, prevTimeouts)
	smp.Queue, smp.Timeouts = queue, timeouts
	if req.Script != nil && reply.Kind == sim.KindInt && reply.Int < 0 && strings.Contains(req.Script.ID, "tryLockInnerAsync") {
		h.NegativeTTLs++
	}
	if req.Script != nil && reply.Kind == sim.KindInt && strings.Contains(req.Script.ID, "tryLockInnerAsync") {
		// the ttl a waiter will sleep on (the liveness check's bound)
		if kind, i := parseTag(req.Tag); kind == "op" && i < len(h.Ops) {
			h.Ops[i].LastTTL, h.Ops[i].LastTTLAt = reply.Int, r.World.Now()
		}
	}
	r.queue.Observe(n.Store, prev, &smp, req, h, r.openOp)
	if req.Script != nil && req.Script == r.spinScript {
		r.markSpin(n, req, reply, typ, queueTTL, timeoutsTTL)
	}
	if h.Store == nil {
		h.Store = sampleBufs.get() // an earlier run's, recycled, or nil
	}
	if len(h.Store) == cap(h.Store) {
		// Double, where append would grow a large slice by a quarter:
		// a run takes tens of thousands of samples of 168 bytes each.
		grown := make([]model.StoreSample, len(h.Store), max(2*cap(h.Store), 256))
		copy(grown, h.Store)
		h.Store = grown
	}
	h.Store = append(h.Store, smp)
	if len(h.Store) == maxStoreSamples {
		r.World.Fail(&sim.RunLimitError{At: smp.At, Reason: fmt.Sprintf(
			"more than %d commands ran at the store, and the checks keep what each did (%d MB of samples alone): shorten --safety and --liveness, or run fewer --procs or --threads, or a longer --lock-watchdog-timeout",
			maxStoreSamples, maxStoreSamples*int(unsafe.Sizeof(smp))>>20)})
	}
}

// MaxStoreSamples bounds the commands one run may send. The costliest run
// the project documents, fairlock-4.7.0's waiters spinning behind a
// crashed head for Redisson's default 5 minutes (seed 3, preset crash),
// sends about 1.5 million; a run past this bound stops with a
// RunLimitError rather than exhaust the machine's memory (one that reached
// 16 million took 9.6 GB).
const MaxStoreSamples = 4_000_000

// maxStoreSamples is MaxStoreSamples, lowered by tests.
var maxStoreSamples = MaxStoreSamples

// sampleBufs holds the store-sample buffers of runs recycled after their
// checks (Recycle): a batch's next run fills one instead of growing its
// own from nothing, which copied every sample at every doubling. What a
// run records does not depend on which buffer it got. (A sync.Pool would
// lose them at every garbage collection, and a batch collects often.)
var sampleBufs freeBufs

type freeBufs struct {
	mu   sync.Mutex
	bufs [][]model.StoreSample
}

func (f *freeBufs) get() []model.StoreSample {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.bufs); n > 0 {
		b := f.bufs[n-1]
		f.bufs = f.bufs[:n-1]
		return b
	}
	return nil
}

func (f *freeBufs) put(b []model.StoreSample) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.bufs) < 16 { // a batch has a few workers; more would only hold memory
		f.bufs = append(f.bufs, b)
	}
}

// Recycle hands the run's store samples back for a later run once nothing
// will read its history again (a batch's check has returned): the history
// is left without them.
func (r *Run) Recycle() {
	buf := r.History.Store
	r.History.Store = nil
	if cap(buf) == 0 {
		return
	}
	clear(buf) // drop what the samples point to
	sampleBufs.put(buf[:0])
}

// stringHolder is the holder a sample of a simple lock's string key
// shows: the owner whose SETNX or SET NX set it, which stays its holder
// until the key is gone (the value is no owner's name for setnx-expire
// and set-px). The slice is shared by the samples while it stays.
func (r *Run) stringHolder(prev *model.StoreSample, req sim.Request, reply sim.Reply) []string {
	set := len(req.Cmd) > 0 && (req.Cmd[0] == "SETNX" && reply.Kind == sim.KindInt && reply.Int == 1 ||
		req.Cmd[0] == "SET" && reply.Kind == sim.KindStatus)
	if !set && r.stringHolders != nil && prev != nil && len(prev.Holders) > 0 {
		return r.stringHolders
	}
	owner := "(unknown)"
	if op := r.History.CallOf(req.Tag); op != nil && set {
		owner = op.Owner
	}
	r.stringHolders = []string{owner}
	return r.stringHolders
}

// masterChanged samples a node that has just become master (a failover's
// promotion, a restart without persistence) as the first command on it
// will find the lock: what the change kept and what it lost. It only reads.
func (r *Run) masterChanged(n *sim.Node) {
	h := r.History
	if len(h.Store) == 0 {
		return // nothing ran yet: nothing to lose
	}
	r.epoch++
	lock := r.Workload.Lock
	now := n.Clock.UnixMs(r.World.Now())
	smp := model.StoreSample{At: r.World.Now(), Node: n.Name, Lock: lock, ServerMs: now, Epoch: r.epoch, Script: "(became master)"}
	typ, ttl, m := n.Store.PeekKeyAt(lock, now, nil)
	switch typ {
	case "hash":
		smp.Holders = m
	case "string":
		if r.stringHolders == nil {
			r.stringHolders = []string{"(unknown)"}
		}
		smp.Holders = r.stringHolders
	default:
		r.stringHolders = nil
	}
	smp.TTL = ttl
	if r.queueName == "" {
		r.queueName, r.timeoutName = clients.QueueName(lock), clients.TimeoutName(lock)
	}
	_, _, smp.Queue = n.Store.PeekKeyAt(r.queueName, now, nil)
	_, _, smp.Timeouts = n.Store.PeekKeyAt(r.timeoutName, now, nil)
	r.queue.MasterChanged(n.Store, smp.Queue)
	h.Store = append(h.Store, smp)
}

// noteNet records a message of a call that a fault acted on.
func (r *Run) noteNet(e sim.NetEffect) {
	ev := model.NetEvent{At: e.At, Proc: e.Proc, Tag: e.Tag, Kind: e.Kind, Why: e.Why, Delay: e.Delay, Fault: e.Fault}
	if op := r.History.CallOf(e.Tag); op != nil {
		ev.Owner = op.Owner
	}
	r.History.Net = append(r.History.Net, ev)
}

// noteExec records, on the call a request's tag names, the master's clock
// when its script or command ran. A fair waiter's acquireFailed is not the
// call's decision (its last attempt was): it is recorded apart.
func (r *Run) noteExec(req sim.Request, serverMs int64) {
	h := r.History
	kind, i := parseTag(req.Tag)
	switch {
	case kind == "op" && i < len(h.Ops):
		if req.Script != nil && strings.Contains(req.Script.ID, "unlockInnerAsync") && h.Ops[i].Call.Acquires() {
			// 4.7.0's handleNoSync undoing the call's acquire: not its decision.
		} else if req.Script != nil && strings.Contains(req.Script.ID, "acquireFailed") {
			h.Ops[i].GaveUpAt, h.Ops[i].GaveUpVirtual, h.Ops[i].GaveUpEpoch = serverMs, r.World.Now(), r.epoch
		} else {
			h.Ops[i].ExecAt, h.Ops[i].ExecVirtual, h.Ops[i].ExecEpoch = serverMs, r.World.Now(), r.epoch
		}
	case kind == "renew" && i < len(h.Renewals):
		h.Renewals[i].ExecAt, h.Renewals[i].ExecVirtual, h.Renewals[i].ExecEpoch = serverMs, r.World.Now(), r.epoch
	case kind == "unlock" && i < len(h.Unlocks):
		h.Unlocks[i].ExecAt, h.Unlocks[i].ExecVirtual, h.Unlocks[i].ExecEpoch = serverMs, r.World.Now(), r.epoch
	}
}

// beforeExec lets the queue's books note, before a script with a latch
// guard runs, whether its latch key is there already (queuebook.Book).
func (r *Run) beforeExec(n *sim.Node, req sim.Request) { r.queue.BeforeExec(n.Store, req) }

// parseTag splits a request's tag, "op/N", "renew/N" or "unlock/N", into its kind and
// index ("", -1 when the request serves no recorded call).
func parseTag(tag string) (string, int) { return model.TagOf(tag) }

// openOp returns the acquire call owner has open now, if any.
func (r *Run) openOp(owner string) *model.Op {
	for _, prog := range r.progs {
		for _, t := range prog.threads {
			if t.op >= 0 && t.owner == owner {
				op := &r.History.Ops[t.op]
				if op.Outcome == "" && op.Call.Acquires() {
					return op
				}
			}
		}
	}
	return nil
}

// waitBound is how long, by design, a free lock may stay untaken while
// live callers wait: a waiter sleeps at most its ttl, which comes from the
// longest lease (the explicit ones drawn, or the watchdog's); the simple
// locks poll every 100 ms. A 10 s margin covers the network. (A fair
// lock's dead or abandoned queue entries add threadWaitTime each: the
// liveness check counts them, End.ThreadWait.)
func (r *Run) waitBound() sim.Duration {
	lease := max(r.Workload.LeaseMax, 30000)
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
