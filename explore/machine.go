package explore

import (
	"fmt"
	"strconv"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

const (
	lockName = "myLock"
	// MaxDelay is how long a delayed request may stay in flight, measured
	// from when its arguments were made: two watchdog leases, long enough to
	// arrive after the command timed out, after every re-send, and after the
	// lease it asked for ran out.
	MaxDelay = 60000
	// base is the clock reading of every state: the search keeps time
	// relative (see sim.Store.Rebase), so "now" is always this instant.
	base = sim.Epoch
	// MaxProcs bounds the client processes (one per thread at most).
	MaxProcs = MaxThreads
)

// machine is the transition system of one Config, a state machine: its
// initial state (initial), the steps enabled in a state (actions) and the
// state each leads to (apply). (Not "model": the project's package model,
// which explore imports, keeps its name here.) The clients are package
// clients' own values — the same code the random simulation runs — kept
// interned, with every step of a client and every script run memoized, so
// that a step the search has seen before costs a map lookup.
//
// A machine is one worker's view: the configuration, the shared tables
// (tables.go), and what is its own — a Lua engine, scratch buffers and its
// copies of the memo entries it used. Workers made by fork search one
// level of the state space side by side.
type machine struct {
	cfg       Config
	clientCfg *clients.Config // the client program: algorithm, settings, lock
	procs     int             // client processes
	perProc   int             // threads in each process
	threads   int             // threads in all
	program   []step          // the calls every thread makes, in order
	channels  []string        // every channel a waiter can listen on
	names     []string        // each thread's name
	owners    []string        // each thread's owner field in the lock hash
	shared    *shared
	// spins: time may pass while a waiter spins (spin.go).
	spins bool
	// replica: the master has a replica; replLag bounds its entries' delivery.
	replica bool
	replLag int64

	engine *sim.Engine
	keyBuf []byte
	msgBuf []byte
	msgL1  map[msg]uint32
	// found collects what the step being applied broke (view.go).
	found []checks.Violation
	// judging is the state the step judge reads (view)
	judging stateView
	// this worker's copies of the shared memos' entries
	execL1   map[execKey]execResult
	stepL1   map[stepKey]*stepResult
	shiftL1  map[shiftKey]uint32
	rebaseL1 map[shiftKey]uint32

	// perms is the symmetry group (symmetry.go), the identity first; one
	// element when the search does not reduce.
	perms                                      []perm
	renameStoreL1, renameClientL1, renameMsgL1 renameTab
	// scratch of canonKey
	symState        state
	symBuf          []byte
	symIDs, symMsgs []uint32

	// logExec and logReturn, when set, hear every script run and every
	// call's return, in order (ReplayBoth compares them with the world's).
	logExec   func(proc int, cmd clients.Cmd, reply sim.Reply)
	logReturn func(th int, call clients.Call, r clients.Result)
	// logNote, when set, hears every note a client makes (a flaw's code
	// path taken: known.go).
	logNote func(proc int, e clients.Effect)
}

// fork returns another worker on the same search.
func (m *machine) fork() *machine {
	w := *m
	w.engine = sim.NewEngine()
	w.engine.SetInstructionBudget(scriptBudget)
	w.keyBuf, w.found, w.msgBuf, w.msgL1 = nil, nil, nil, map[msg]uint32{}
	w.execL1, w.stepL1, w.shiftL1, w.rebaseL1 = map[execKey]execResult{}, map[stepKey]*stepResult{}, map[shiftKey]uint32{}, map[shiftKey]uint32{}
	w.logExec, w.logReturn, w.logNote = nil, nil, nil
	g := len(m.perms)
	w.renameStoreL1, w.renameClientL1, w.renameMsgL1 = renameTab{perms: g}, renameTab{perms: g}, renameTab{perms: g}
	w.symState, w.symBuf, w.symIDs, w.symMsgs = state{}, nil, nil, nil
	return &w
}

// newMachine checks cfg and makes its machine, with fresh shared tables:
// the first worker of a search (fork makes the others).
func newMachine(cfg Config) (*machine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cf, err := clients.NewConfig(cfg.Algo, lockName)
	if err != nil {
		return nil, err
	}
	if cf.Simple == "" {
		if cfg.Scripts != "" {
			if cf.Opts.Scripts, err = clients.LoadScripts(cf.Opts.Version, cfg.Scripts); err != nil {
				return nil, err
			}
		}
		if cfg.Mutant != "" {
			if err := clients.ApplyMutant(&cf.Opts, cfg.Mutant, cfg.Algo); err != nil {
				return nil, err
			}
			if err := mutantReached(cf.Opts.Mutations, cfg.program()); err != nil {
				return nil, fmt.Errorf("--mutant %s: %v", cfg.Mutant, err)
			}
		}
	}
	if err := cfg.Client.Apply(&cf.Opts); err != nil { // the team's Config, as a run's (run.New)
		return nil, err
	}
	// 4.7.0 re-sends its lock batches with a replica, as the world's clients do (run/program.go).
	cf.Opts.Replicated = cf.Opts.NoRetryLocks && cfg.Replicas > 0
	m := &machine{cfg: cfg, clientCfg: cf, threads: cfg.Threads, perProc: cfg.perProc(), program: cfg.program(), shared: newShared(), replica: cfg.Replicas > 0, replLag: cfg.replLag()}
	// time may pass while a 4.7.0 fair waiter spins (spin.go), on the real scripts
	m.spins = cf.Opts.FairSpin() && cfg.Scripts == "" && cfg.Mutant == ""
	m.procs = m.threads / m.perProc
	for th := 0; th < m.threads; th++ {
		p, tid := m.where(th)
		if m.perProc == 1 {
			m.names = append(m.names, procName(p))
		} else {
			m.names = append(m.names, procName(p)+strconv.FormatInt(tid, 10))
		}
		m.owners = append(m.owners, cf.OwnerName(procName(p), tid))
	}
	m.channels = append(m.channels, clients.ChannelName(lockName))
	if cf.Opts.Fair {
		for th := 0; th < m.threads; th++ {
			p, tid := m.where(th)
			m.channels = append(m.channels, clients.WaiterChannel(lockName, cf.OwnerName(procName(p), tid), true))
		}
	}
	m.makePerms()
	return m.fork(), nil
}

// mutantReached fails when no call of the program reaches what mutation mu
// changes, so that a search can never tell it from the real client.
func mutantReached(mu clients.Mutations, prog []step) error {
	waits, leases := false, false
	for _, s := range prog {
		waits = waits || s.call.Kind == clients.CallTryLockWait
		leases = leases || s.call.Lease != -1
	}
	switch {
	case (mu.NoAcquireFailed || mu.TimeoutAcquires) && !waits:
		return fmt.Errorf("it changes tryLock(wait), which no op calls (try --ops trylock-wait)")
	case mu.LeaseUnitIgnored && !leases:
		return fmt.Errorf("it changes explicit leases, which no op takes (try --ops lock-lease)")
	}
	return nil
}

// procName is process p's name, which stands for its client's UUID: A, B, C, D.
func procName(p int) string { return string(rune('A' + p)) }

// where is thread th's process and Java thread id (1, 2, … in its process).
func (m *machine) where(th int) (proc int, tid int64) { return th / m.perProc, int64(th%m.perProc + 1) }

// threadName is thread th's label: its process's name, with its thread
// id when processes have several threads.
func (m *machine) threadName(th int) string { return m.names[th] }

func (m *machine) threadOf(proc int, tid int64) int { return proc*m.perProc + int(tid) - 1 }
