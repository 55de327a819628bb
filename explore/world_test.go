package explore

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// savedCounterexample reads a scenario file simrun explore saved: its
// configuration and its commands, in order.
func savedCounterexample(t *testing.T, path string) (Config, []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var cfg Config
	var cmds []string
	for i := 0; i+1 < len(lines); i++ {
		if lines[i+1] != "----" || lines[i] == "" || strings.HasPrefix(lines[i], "#") {
			continue
		}
		f := strings.Fields(lines[i])
		switch f[0] {
		case "explore":
			if cfg, err = ParseHeader(f[1:]); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		case "state", "check":
		default:
			cmds = append(cmds, lines[i])
		}
	}
	if cfg.Algo == "" {
		t.Fatalf("%s: no explore line", path)
	}
	return cfg, cmds
}

// TestCounterexamplesReplayInTheWorld replays every saved counterexample
// (the scenario tests' and the explore report's) through the world's clients (a stepped sim.World with clients.Host)
// beside the explorer: the same scripts must run with the same arguments
// and replies, and every call must return the same.
func TestCounterexamplesReplayInTheWorld(t *testing.T) {
	var files []string
	for _, glob := range []string{"../scenario/testdata/explore-*.txt", "../results/explore/*.txt"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no saved counterexamples found")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			cfg, cmds := savedCounterexample(t, f)
			ex, wo, err := ReplayBoth(cfg, cmds)
			if err != nil {
				t.Fatalf("%v\nexplorer: %s\nworld:    %s", err, strings.Join(ex, "\n          "), strings.Join(wo, "\n          "))
			}
			if !slices.Equal(ex, wo) {
				t.Fatalf("the two drivers differ\nexplorer: %s\nworld:    %s", strings.Join(ex, "\n          "), strings.Join(wo, "\n          "))
			}
			if len(ex) == 0 {
				t.Fatal("nothing ran")
			}
		})
	}
}

// TestRandomPathsAgreeWithTheWorld walks random paths of many
// configurations — every call the ops offer, threads sharing a process,
// each fault kind — and replays each through the world's clients: both
// drivers of the one client must agree step for step.
func TestRandomPathsAgreeWithTheWorld(t *testing.T) {
	configs := []Config{
		{Algo: "rlock-3.8.1", Threads: 2, Ops: []string{"lock", "reentrant", "trylock-wait"}},
		{Algo: "rlock-3.16.8", Threads: 2, Ops: []string{"reentrant-lease", "trylock", "force-unlock"}},
		{Algo: "rlock-3.16.8", Threads: 3, PerProc: 3, Ops: []string{"lock", "trylock-wait-lease", "hold-count"}},
		{Algo: "rlock-3.8.1", Threads: 2, PerProc: 2, Ops: []string{"lock", "lock-lease", "is-held"}},
		{Algo: "fairlock-3.8.1", Threads: 3, Ops: []string{"trylock-wait", "lock", "is-locked"}},
		{Algo: "fairlock-3.16.8", Threads: 3, Ops: []string{"lock", "trylock-wait", "trylock-lease"}},
		{Algo: "fairlock-3.16.8", Threads: 2, PerProc: 2, Ops: []string{"reentrant", "trylock-wait"}},
		{Algo: "setnx-expire", Threads: 2, Ops: []string{"lock", "trylock-wait"}},
		{Algo: "set-uuid-getdel", Threads: 3, Ops: []string{"lock-lease", "trylock"}},
		{Algo: "set-uuid-lua", Threads: 2, Ops: []string{"trylock-wait-lease", "lock"}},
		{Algo: "rlock-4.7.0", Threads: 2, Ops: []string{"lock", "reentrant", "trylock-wait"}},
		{Algo: "rlock-4.7.0", Threads: 2, PerProc: 2, Ops: []string{"lock-lease", "trylock-wait-lease", "force-unlock"}},
		{Algo: "fairlock-4.7.0", Threads: 2, Ops: []string{"trylock-wait", "lock"}},
		{Algo: "fencedlock-4.7.0", Threads: 2, Ops: []string{"lock", "trylock-wait"}},
		// with a replica: 3.16.8's and 4.7.0's batches with WAIT
		{Algo: "rlock-3.16.8", Threads: 2, Replicas: 1, Ops: []string{"lock", "trylock-wait", "force-unlock"}},
		{Algo: "fairlock-3.16.8", Threads: 2, Replicas: 1, Ops: []string{"lock", "trylock-wait"}},
		{Algo: "rlock-3.16.8", Threads: 2, PerProc: 2, Replicas: 1, ReplLag: 1500, Ops: []string{"reentrant", "lock-lease"}},
		{Algo: "rlock-4.7.0", Threads: 2, PerProc: 2, Replicas: 1, Ops: []string{"lock", "reentrant"}},
		{Algo: "fairlock-4.7.0", Threads: 2, Replicas: 1, Ops: []string{"trylock-wait", "lock"}},
		{Algo: "fencedlock-4.7.0", Threads: 2, Replicas: 1, Ops: []string{"lock"}},
	}
	faults := []string{"none", "crash:1", "pause:1", "drop:1", "delay:1", "restart:1", "drop:2,pause:1", "interrupt:1", "interrupt:2,drop:1"}
	rnd := rand.New(rand.NewPCG(7, 7))
	judged := map[string]int{} // "class property" → verdicts compared
	for i, base := range configs {
		for _, f := range faults {
			if base.Replicas > 0 && strings.Contains(f, "restart") {
				continue // not modelled with a replica
			}
			cfg := base
			cfg.Faults = mustFaults(t, f)
			m, err := newMachine(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for walk := 0; walk < 3; walk++ {
				var cmds []string
				s := m.initial()
				for step := 0; step < 150; step++ {
					acts := m.actions(&s, nil)
					if len(acts) == 0 {
						break
					}
					a := acts[rnd.IntN(len(acts))]
					cmds = append(cmds, m.command(&s, a))
					s = m.apply(&s, a, nil)
				}
				ex, wo, err := ReplayBoth(cfg, cmds)
				if err == nil && !slices.Equal(ex, wo) {
					err = errDiffer
				}
				if err != nil {
					t.Fatalf("config %d (%s), walk %d: %v\nsteps: %s\nexplorer: %s\nworld:    %s", i, cfg.Header(), walk, err,
						strings.Join(cmds, "; "), strings.Join(ex, "\n          "), strings.Join(wo, "\n          "))
				}
				for _, l := range ex {
					if v, ok := strings.CutPrefix(l, "check: "); ok {
						class, rest, _ := strings.Cut(v, " ")
						if class == "by" {
							class, rest = "by-design", strings.TrimPrefix(rest, "design ")
						}
						prop, _, _ := strings.Cut(rest, " ")
						judged[class+" "+strings.TrimSuffix(prop, ":")]++
						if class == "bug" && judged[class+" "+strings.TrimSuffix(prop, ":")] == 1 {
							t.Logf("%s %s: %s", cfg.Header(), f, v)
						}
					}
				}
			}
		}
	}
	// The comparison holds the two drivers' verdicts equal only where the
	// walks reach violations: of each property the step judge names on
	// these configurations, by design (a fault, a lease, a forceUnlock)
	// and, for the phantom holds an interrupt leaves, the class it gives.
	for _, want := range []string{"by-design mutex", "by-design expiry", "by-design error", "by-design holds", "by-design release"} {
		if judged[want] == 0 {
			t.Errorf("no walk reached a %s violation: the drivers' verdicts are not compared there (judged: %v)", want, judged)
		}
	}
	t.Logf("verdicts compared: %v", judged)
}

var errDiffer = errors.New("the two drivers differ")

// obs is one happening of a world run, at virtual time at (µs).
type obs struct {
	at     sim.Time
	kind   string // call, exec, event, crash, pause, resume, restart; apply, ack, timeout; expire
	n      int64  // ack: by how much the master's acked offset moves
	proc   int
	th     int
	req    string // exec: the request as describeReq prints it
	reply  sim.Reply
	ev     clients.Event
	result string
}

// worldRunOf runs cfg's program in an ordinary world (every hop 1 µs, so
// each step lands in the millisecond it was made) with calls at random
// times and at most the given fault, and records what happened.
func worldRunOf(t *testing.T, m *machine, seed uint64, fault string) []obs {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 1))
	wc := sim.Config{Seed: seed, Replicas: m.cfg.Replicas}
	if wc.Replicas > 0 {
		// half the entries lag up to just under the bound, a quarter past WAIT's 1 s
		lag := sim.Duration(m.cfg.replLag())*sim.Millisecond - sim.Millisecond
		wc.Net.Replication = sim.Latency{SpikeProb: 0.5, SpikeMax: lag}
	}
	w := sim.NewWorld(wc)
	var log []obs
	add := func(o obs) { o.at = w.Now(); log = append(log, o) }
	w.OnExec = func(n *sim.Node, req sim.Request, reply sim.Reply) {
		add(obs{kind: "exec", proc: int(req.Tag[0] - 'A'), req: describeReq(req), reply: reply})
	}
	hosts := make([]*clients.Host, m.procs)
	w.OnActiveExpire = func(*sim.Node, []string) { add(obs{kind: "expire"}) }
	w.OnReplication = func(what string, n int64, p *sim.Proc, id sim.ReqID) {
		o := obs{kind: what, n: n}
		if p != nil {
			o.proc = int(p.Name[0] - 'A')
			o.ev.Ref, _ = hosts[o.proc].RefOf(id)
		}
		add(o)
	}
	type drv struct {
		ip, held int
	}
	drvs := make([]drv, m.threads)
	var next func(th int)
	next = func(th int) {
		p, tid := m.where(th)
		d := &drvs[th]
		for d.ip < len(m.program) && d.held < int(m.program[d.ip].need) {
			d.ip++
		}
		if d.ip >= len(m.program) {
			return
		}
		think := sim.Duration(rnd.IntN(40_000)) * sim.Millisecond / 4
		hosts[p].After(think, func() {
			stp := m.program[d.ip]
			call := stp.call
			call.Fresh = stp.fresh
			if call.Kind == clients.CallUnlock && d.held > 0 {
				d.held--
			}
			add(obs{kind: "call", proc: p, th: th})
			hosts[p].Call(tid, call, func(r clients.Result) {
				add(obs{kind: "return", proc: p, th: th, result: returnLine(m.threadName(th), call, r)})
				if call.Kind.Acquires() && r.OK && !r.Failed() {
					d.held++
				}
				d.ip++
				next(th)
			})
		})
	}
	for p := 0; p < m.procs; p++ {
		h := clients.NewHost(m.clientCfg)
		h.UUID = procName(p)
		h.Fixed = true // the explorer's clients draw nothing
		name := procName(p)
		p := p
		h.Tag = func(clients.Ref, clients.Cmd) string { return name }
		h.OnEvent = func(ev clients.Event) {
			switch ev.Kind {
			case clients.EvReply, clients.EvTimer, clients.EvMessage:
				add(obs{kind: "event", proc: p, ev: ev})
			}
		}
		h.OnStart = func(*clients.Host) {
			for th := p * m.perProc; th < (p+1)*m.perProc; th++ {
				next(th)
			}
		}
		hosts[p] = h
		w.AddProcess(name, sim.Clock{}, h)
	}
	at := sim.Time(rnd.IntN(60_000)) * sim.Time(sim.Millisecond)
	victim := rnd.IntN(m.procs)
	switch fault {
	case "crash":
		w.At(at, func() { add(obs{kind: "crash", proc: victim}); hosts[victim].Proc().Crash(0) })
	case "pause":
		w.At(at, func() {
			add(obs{kind: "pause", proc: victim})
			resume := hosts[victim].Proc().Suspend()
			w.After(sim.Duration(1+rnd.IntN(40_000))*sim.Millisecond, func() { add(obs{kind: "resume", proc: victim}); resume() })
		})
	case "restart":
		w.At(at, func() { add(obs{kind: "restart"}); w.RestartMaster() })
	}
	w.RunUntil(sim.Time(5 * sim.Minute))
	return log
}

// TestWorldRunsArePathsOfTheExplorer runs the clients in an ordinary
// world — the network and timers the random runs use, calls at random
// times, one fault or none — and replays every happening in the explorer
// (letting time pass to the millisecond of each): the explorer must allow
// each step, run the same scripts with the same arguments and replies,
// and return the same from every call.
func TestWorldRunsArePathsOfTheExplorer(t *testing.T) {
	configs := []Config{
		{Algo: "rlock-3.8.1", Threads: 2, Ops: []string{"lock", "reentrant", "trylock-wait", "lock"}},
		{Algo: "rlock-3.16.8", Threads: 3, Ops: []string{"reentrant-lease", "trylock", "lock", "force-unlock"}},
		{Algo: "rlock-3.16.8", Threads: 2, PerProc: 2, Ops: []string{"lock", "trylock-wait-lease", "lock"}},
		{Algo: "fairlock-3.8.1", Threads: 3, Ops: []string{"trylock-wait", "lock", "lock"}},
		{Algo: "fairlock-3.16.8", Threads: 3, Ops: []string{"lock", "trylock-wait", "trylock-lease", "lock"}},
		{Algo: "setnx-expire", Threads: 2, Ops: []string{"lock", "trylock-wait", "lock"}},
		{Algo: "set-uuid-getdel", Threads: 3, Ops: []string{"lock-lease", "trylock", "lock"}},
		{Algo: "rlock-3.16.8", Threads: 2, Replicas: 1, Ops: []string{"lock", "trylock-wait-lease", "lock"}},
		{Algo: "fairlock-3.16.8", Threads: 2, PerProc: 2, Replicas: 1, Ops: []string{"lock", "trylock-wait", "lock"}},
	}
	for i, base := range configs {
		for _, fault := range []string{"none", "crash", "pause", "restart"} {
			if base.Replicas > 0 && fault == "restart" {
				continue // not modelled with a replica
			}
			cfg := base
			if fault != "none" {
				cfg.Faults = mustFaults(t, fault+":1")
			}
			m, err := newMachine(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for seed := uint64(1); seed <= 4; seed++ {
				log := worldRunOf(t, m, seed+uint64(i)*100, fault)
				if err := replayWorldRun(m, log); err != nil {
					t.Fatalf("%s seed %d fault %s: %v", cfg.Header(), seed, fault, err)
				}
			}
		}
	}
}

// replayWorldRun steps the explorer through a world run's happenings.
func replayWorldRun(m *machine, log []obs) error {
	s := m.initial()
	var at int64
	var explorer []string
	m.logExec = func(p int, cmd clients.Cmd, reply sim.Reply) {
		cmd.At += at
		explorer = append(explorer, execLine(procName(p), describeReq(m.clientCfg.Render(procName(p), cmd)), reply))
	}
	var returns []string
	m.logReturn = func(th int, call clients.Call, r clients.Result) {
		returns = append(returns, returnLine(m.threadName(th), call, r))
	}
	defer func() { m.logExec, m.logReturn = nil, nil }()
	var done []string
	apply := func(a action) { s = m.apply(&s, a, nil) }
	for k, o := range log {
		if ms := int64(o.at) / int64(sim.Millisecond); ms > at {
			s = s.clone()
			m.advance(&s, ms-at, nil)
			m.normalize(&s)
			at = ms
		}
		if o.kind == "return" {
			if len(returns) == 0 || returns[0] != o.result {
				return fmt.Errorf("step %d: the world's call returned %q, the explorer's %v", k, o.result, returns)
			}
			returns = returns[1:]
			continue
		}
		if (o.kind == "crash" || o.kind == "pause" || o.kind == "resume") && m.procDone(&s, o.proc) && !s.paused[o.proc] {
			continue // the explorer leaves processes that made all their calls alone
		}
		if o.kind == "expire" && !m.replica {
			continue // without a replica the explorer's keyspace drops expired keys at once
		}
		var found *action
		for _, a := range m.actions(&s, nil) {
			if matches(m, &s, a, o, at) {
				found = &a
				break
			}
		}
		if found == nil {
			var names []string
			for _, a := range m.actions(&s, nil) {
				names = append(names, m.command(&s, a))
			}
			return fmt.Errorf("step %d at %dms (%s %+v) is not a step the explorer allows; it allows: %s\nbefore: %s\nstate: %s",
				k, at, o.kind, o, strings.Join(names, "; "), strings.Join(done, "; "), strings.Join(m.describe(&s), " | "))
		}
		done = append(done, m.command(&s, *found))
		n := len(explorer)
		apply(*found)
		if len(returns) > 0 && log[min(k+1, len(log)-1)].kind != "return" {
			return fmt.Errorf("step %d: the explorer's call returned %v, the world's did not", k, returns)
		}
		if o.kind == "exec" {
			want := execLine(procName(o.proc), o.req, o.reply)
			if len(explorer) != n+1 || explorer[n] != want {
				return fmt.Errorf("step %d: the world ran %q, the explorer %v", k, want, explorer[n:])
			}
		}
	}
	return nil
}

// matches reports whether explorer action a is world happening o.
func matches(m *machine, s *state, a action, o obs, at int64) bool {
	switch o.kind {
	case "call":
		return a.kind == aCall && int(a.who) == o.th
	case "crash":
		return a.kind == aCrash && int(a.who) == o.proc
	case "pause":
		return a.kind == aPause && int(a.who) == o.proc
	case "resume":
		return a.kind == aResume && int(a.who) == o.proc
	case "restart":
		return a.kind == aRestart
	case "expire":
		return a.kind == aExpire
	case "apply", "ack", "timeout":
		if a.kind != aDeliver {
			return false
		}
		q := s.msgs[a.mi]
		switch o.kind {
		case "apply":
			return q.kind == mRepl
		case "ack":
			return q.kind == mAck && int64(q.offset) == o.n
		}
		r := o.ev.Ref
		return q.kind == mWait && int(q.proc) == o.proc && q.ref.Owner == r.Owner && q.ref.Slot == r.Slot && q.ref.Attempt == r.Attempt
	case "exec":
		if a.kind != aDeliver {
			return false
		}
		q := s.msgs[a.mi]
		cmd := q.cmd
		cmd.At += at
		return q.kind == mRequest && int(q.proc) == o.proc && describeReq(m.clientCfg.Render(procName(o.proc), cmd)) == o.req
	case "event":
		switch o.ev.Kind {
		case clients.EvTimer:
			return a.kind == aFire && int(a.who) == o.proc && a.timer == o.ev.Timer
		case clients.EvMessage:
			return a.kind == aDeliver && s.msgs[a.mi].kind == mPublish && int(s.msgs[a.mi].proc) == o.proc && m.channels[s.msgs[a.mi].ch] == o.ev.Channel
		case clients.EvReply:
			if a.kind != aDeliver {
				return false
			}
			q := s.msgs[a.mi]
			r := o.ev.Ref
			return q.kind == mReply && int(q.proc) == o.proc && q.ref.Owner == r.Owner && q.ref.Slot == r.Slot && q.ref.Attempt == r.Attempt &&
				m.reply(q.reply).String() == o.ev.Reply.String()
		}
	}
	return false
}
