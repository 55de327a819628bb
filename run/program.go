package run

import (
	"fmt"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// The client programs of a run: one clients.Host per process, whose hooks
// record what its client does into the history (calls' commands, leases
// sent, renewals, flaw paths, interrupts), with the workload's threads.

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
		scheduled := map[int32]sim.Time{}  // task slot → when its timer was last set
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
			if (cmd.Op == clients.OpAcquire || cmd.Op == clients.OpAcquireNoWait) && host.Client().Config().AttemptStoresLease() {
				t.h.Ops[t.op].Sends = append(t.h.Ops[t.op].Sends, at)
			}
			switch cmd.Op {
			case clients.OpAcquire, clients.OpAcquireNoWait, clients.OpAcquireToken, clients.OpSetPX:
				t.sentLease(cmd.Lease)
			case clients.OpUnlock:
				// 4.7.0 retries an unlock (ServiceManager.execute), and each
				// attempt reads internalLockLeaseTime anew, which the failed
				// one's cancelExpirationRenewal(threadId, null) reset to the
				// watchdog's (R47:RedissonBaseLock.java:161-164,
				// R47:RedissonLock.java:327-331)
				if !h.Ops[t.op].Call.Acquires() { // not 4.7.0's undo of an acquire (handleNoSync)
					t.sentLease(cmd.Lease)
				}
			case clients.OpExpire:
				h.Ops[t.op].ScriptLease = clients.ExpireSeconds(cmd.Lease) * 1000
			}
			if h.Settings.FairQueueBudget && (cmd.Op == clients.OpAcquire || cmd.Op == clients.OpAcquireNoWait || cmd.Op == clients.OpAcquireFailed) {
				h.Ops[t.op].FairWait = cmd.Wait // the wait the fair scripts count (RedissonFairLock's ARGV wait)
			}
		}
		// A retry loop notes its flaw at every iteration, fast-forwarded
		// ones too: the owner's name is made once per thread and UUID,
		// not once per note.
		var flawUUID, flawOwner string
		flawTid := int64(-1)
		host.OnNote = func(e clients.Effect) {
			p := host.Proc()
			switch e.Note {
			case clients.NoteUntimedWait:
				if t := prog.thread(e.Thread); t != nil && t.op >= 0 {
					h.Ops[t.op].Untimed = true
				}
			case clients.NoteFlaw:
				if c := host.Client(); e.Thread != flawTid || c.UUID() != flawUUID {
					flawTid, flawUUID, flawOwner = e.Thread, c.UUID(), c.Owner(e.Thread)
				}
				h.Flaws.Add(model.FlawAt{At: p.VirtualNow(), Proc: p.Name, Owner: flawOwner, Flaw: e.Text})
			case clients.NoteRenewScheduled:
				scheduled[e.Slot] = p.VirtualNow()
			case clients.NoteUnlockRepeat:
				if t := prog.thread(e.Thread); t != nil && t.op >= 0 && h.Ops[t.op].Call == model.CallUnlock {
					h.Ops[t.op].FailedRuns = append(h.Ops[t.op].FailedRuns, p.VirtualNow())
				}
			case clients.NoteSyncShort:
				if i, ok := renewOps[e.Slot]; ok && p.Incarnation() == inc {
					h.Renewals[i].SyncShort = true
				}
			case clients.NoteRenewSent:
				renewOps[e.Slot] = len(h.Renewals)
				at, ok := scheduled[e.Slot]
				if !ok {
					at = -1
				}
				h.Renewals = append(h.Renewals, model.Op{Proc: p.Name, Thread: -1, Owner: host.Client().Owner(e.Thread), Lock: wl.Lock, Call: model.CallRenew, Wait: -1, Lease: -1, Start: p.VirtualNow(), End: -1, ExecAt: -1, ScriptLease: e.Value, Scheduled: at})
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
			clear(scheduled)
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
