package checks_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// These property tests draw whole runs — workload size, phase lengths,
// the Redisson settings that matter and a fault schedule — through
// *rapid.T, so that a failure shrinks to a small run: fewer processes,
// shorter phases, fewer and simpler faults. A failure is saved as a fail
// file under testdata/rapid/<TestName>/, and rapid replays every fail
// file there before it draws anything new, so a found case stays found.

// faultKinds are the faults a drawn schedule may use, and how to draw one.
var faultKinds = []sim.FaultKind{
	sim.FaultCrash, sim.FaultPause, sim.FaultPartition, sim.FaultPubSubLoss,
	sim.FaultLoss, sim.FaultSlowNet, sim.FaultClockStep, sim.FaultServerStep,
}

// drawRun draws a run of algo with faults of the given kinds.
func drawRun(t *rapid.T, algo string, kinds []sim.FaultKind) run.Config {
	procs := rapid.IntRange(1, 4).Draw(t, "procs")
	cfg := run.Config{
		Algo:     algo,
		Seed:     rapid.Uint64Range(1, 1<<20).Draw(t, "seed"),
		Preset:   "none",
		Procs:    procs,
		Threads:  rapid.IntRange(1, 3).Draw(t, "threads"),
		Safety:   sim.Duration(rapid.IntRange(10, 60).Draw(t, "safety_s")) * sim.Second,
		Liveness: sim.Duration(rapid.IntRange(40, 60).Draw(t, "liveness_s")) * sim.Second,
		Faults:   []sim.Fault{},
	}
	n := 0
	if len(kinds) > 0 {
		n = rapid.IntRange(0, 4).Draw(t, "faults")
	}
	for i := 0; i < n; i++ {
		f := sim.Fault{
			At:   sim.Time(rapid.Int64Range(0, int64(cfg.Safety)).Draw(t, "at")),
			Kind: rapid.SampledFrom(kinds).Draw(t, "kind"),
			For:  sim.Duration(rapid.IntRange(1, 40).Draw(t, "for_s")) * sim.Second,
		}
		f.Target = fmt.Sprintf("c%d", rapid.IntRange(1, procs).Draw(t, "target"))
		switch f.Kind {
		case sim.FaultLoss:
			f.Target, f.Prob = "network", rapid.Float64Range(0.01, 0.2).Draw(t, "prob")
		case sim.FaultSlowNet:
			f.Target, f.Amount = "network", sim.Duration(rapid.IntRange(50, 5000).Draw(t, "spike_ms"))*sim.Millisecond
		case sim.FaultClockStep:
			f.For, f.Amount = 0, sim.Duration(rapid.IntRange(-30000, 30000).Draw(t, "step_ms"))*sim.Millisecond
		case sim.FaultServerStep:
			f.Target, f.For, f.Amount = "master", 0, sim.Duration(rapid.IntRange(100, 40000).Draw(t, "server_step_ms"))*sim.Millisecond
		}
		cfg.Faults = append(cfg.Faults, f)
	}
	return cfg
}

func execute(t *rapid.T, cfg run.Config) *run.Run {
	r, err := run.New(cfg, nil)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	r.Execute()
	return r
}

// The store's own invariants — one owner per lock hash, the fair queue
// equal to its timeout set — hold for every algorithm under every fault
// schedule, and the same configuration gives the same trace twice.
func TestRapidStoreInvariantsUnderAnyFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("draws whole runs")
	}
	rapid.Check(t, func(t *rapid.T) {
		algo := rapid.SampledFrom(clients.Algorithms).Draw(t, "algo")
		cfg := drawRun(t, algo, faultKinds)
		r := execute(t, cfg)
		for _, v := range checks.Store(r.History) {
			t.Fatalf("%s", v)
		}
		again := execute(t, cfg)
		if a, b := r.World.Tracer().Sum(), again.World.Tracer().Sum(); a != b {
			t.Fatalf("the same run gave traces %016x and %016x", a, b)
		}
	})
}

// set-uuid-lua (seed 003's last lock) has no bug of its own: whatever
// crashes, pauses, partitions and network faults it meets, no violation
// of mutex, linearizable, holds or liveness is a bug (faults it does not
// claim to survive make them by design).
func TestRapidSetUUIDLuaHasNoBug(t *testing.T) {
	if testing.Short() {
		t.Skip("draws whole runs")
	}
	rapid.Check(t, func(t *rapid.T) {
		cfg := drawRun(t, "set-uuid-lua", faultKinds)
		r := execute(t, cfg)
		faults := r.World.FaultSpans()
		var vs []checks.Violation
		vs = append(vs, checks.Mutex(r.History, faults, r.World.Now())...)
		lv, _ := checks.Linearizable(r.History, clients.LockModel(cfg.Algo), faults, 30*time.Second)
		vs = append(vs, lv...)
		vs = append(vs, checks.Liveness(r.History, faults)...)
		for _, v := range vs {
			if v.Class == checks.Bug {
				t.Fatalf("%s", v)
			}
		}
	})
}

// failingTB runs a property that must fail and records how: rapid's
// verdict goes to t.Fatal, which ends the goroutine the check runs in.
type failingTB struct {
	name   string
	mu     sync.Mutex
	failed bool
	logs   []string
}

func (f *failingTB) Helper()                         {}
func (f *failingTB) Name() string                    { return f.name }
func (f *failingTB) Logf(format string, args ...any) { f.log(fmt.Sprintf(format, args...)) }
func (f *failingTB) Log(args ...any)                 { f.log(fmt.Sprint(args...)) }
func (f *failingTB) Skipf(string, ...any)            { runtime.Goexit() }
func (f *failingTB) Skip(...any)                     { runtime.Goexit() }
func (f *failingTB) SkipNow()                        { runtime.Goexit() }
func (f *failingTB) Errorf(format string, args ...any) {
	f.log(fmt.Sprintf(format, args...))
	f.Fail()
}
func (f *failingTB) Error(args ...any) { f.log(fmt.Sprint(args...)); f.Fail() }
func (f *failingTB) Fatalf(format string, args ...any) {
	f.log(fmt.Sprintf(format, args...))
	f.FailNow()
}
func (f *failingTB) Fatal(args ...any) { f.log(fmt.Sprint(args...)); f.FailNow() }
func (f *failingTB) FailNow()          { f.Fail(); runtime.Goexit() }
func (f *failingTB) Fail()             { f.mu.Lock(); f.failed = true; f.mu.Unlock() }
func (f *failingTB) Failed() bool      { f.mu.Lock(); defer f.mu.Unlock(); return f.failed }
func (f *failingTB) log(s string)      { f.mu.Lock(); f.logs = append(f.logs, s); f.mu.Unlock() }

// A property that must fail: set-px keeps mutual exclusion. rapid finds
// the counterexample — a holder slower than its lease deletes the next
// holder's key — and shrinks it to the smallest run that shows it. The
// committed fail file (testdata/rapid/TestRapidSetPXBreaksMutex/) is
// replayed first, so the shrunk case is checked on every run.
func TestRapidSetPXBreaksMutex(t *testing.T) {
	if testing.Short() {
		t.Skip("draws whole runs")
	}
	tb := &failingTB{name: t.Name()}
	var shrunk run.Config
	done := make(chan struct{})
	go func() {
		defer close(done)
		rapid.Check(tb, func(rt *rapid.T) {
			cfg := drawRun(rt, "set-px", nil)
			r := execute(rt, cfg)
			for _, v := range checks.Mutex(r.History, r.World.FaultSpans(), r.World.Now()) {
				if v.Class == checks.Bug {
					shrunk = cfg
					rt.Fatalf("%s", v)
				}
			}
		})
	}()
	<-done
	if !tb.Failed() {
		t.Fatal("rapid found no mutex bug in set-px")
	}
	out := strings.Join(tb.logs, "\n")
	if !strings.Contains(out, "mutex bug") {
		t.Fatalf("rapid failed for another reason:\n%s", out)
	}
	if shrunk.Procs > 2 || len(shrunk.Faults) != 0 {
		t.Fatalf("the counterexample did not shrink: %d processes, %d faults", shrunk.Procs, len(shrunk.Faults))
	}
	t.Logf("shrunk to %d process(es) × %d thread(s), %s + %s, seed %d", shrunk.Procs, shrunk.Threads, shrunk.Safety, shrunk.Liveness, shrunk.Seed)
}
