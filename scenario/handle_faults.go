package scenario

import (
	"fmt"

	"github.com/locksim/locksim/sim"
)

// handleCrash: crash A — the process dies: no unlock, no more renewals;
// its threads' calls never return.
func handleCrash(e *Env, a *args) (string, error) {
	if err := a.finish(1, "crash A"); err != nil {
		return "", err
	}
	c, err := e.clientArg(a)
	if err != nil {
		return "", err
	}
	if !c.proc.Alive() {
		return e.at() + " " + c.name + " is crashed already", nil
	}
	e.event("%s crashes", c.name)
	for _, th := range c.threads {
		if th.call != nil {
			e.event("%s: %s never returns", th.label(), th.call.desc)
		}
		th.call, th.held = nil, 0
	}
	c.proc.Crash(0)
	e.settle()
	return "", nil
}

// handleRestart: restart A — a crashed process starts again as a new JVM
// (a new client UUID).
func handleRestart(e *Env, a *args) (string, error) {
	if err := a.finish(1, "restart A"); err != nil {
		return "", err
	}
	c, err := e.clientArg(a)
	if err != nil {
		return "", err
	}
	if c.proc.Alive() {
		return e.at() + " " + c.name + " is running: crash it first", nil
	}
	c.proc.Restart()
	e.event("%s restarts with a new UUID (owners print as %s)", c.name, e.label(c.uuid))
	e.settle()
	return "", nil
}

// clientFor parses "CMD A D": a client and a positive duration.
func (e *Env) clientFor(a *args, cmd string) (*client, sim.Duration, error) {
	if err := a.finish(2, cmd+" A D"); err != nil {
		return nil, 0, err
	}
	c, err := e.clientArg(a)
	if err != nil {
		return nil, 0, err
	}
	d, err := posDur(a, 1)
	if err != nil {
		return nil, 0, err
	}
	if d <= 0 {
		return nil, 0, fmt.Errorf("%s: %s: want a positive duration", cmd, d)
	}
	return c, d, nil
}

// handlePause: pause A D — a stop-the-world pause (GC): timers and replies
// that fall due wait until it resumes.
func handlePause(e *Env, a *args) (string, error) {
	c, d, err := e.clientFor(a, "pause")
	if err != nil {
		return "", err
	}
	if !c.proc.Alive() || c.proc.Paused() {
		return e.at() + " " + c.name + " is not running", nil
	}
	e.event("%s pauses for %s (until t=%s)", c.name, d, e.w.Now().Add(d))
	c.proc.Pause(d)
	e.settle()
	return "", nil
}

// handlePartition: partition A D — A is cut off from every store node
// (requests, replies and pub/sub messages are lost) for D.
func handlePartition(e *Env, a *args) (string, error) {
	c, d, err := e.clientFor(a, "partition")
	if err != nil {
		return "", err
	}
	e.event("%s is partitioned from the store for %s (until t=%s)", c.name, d, e.w.Now().Add(d))
	e.w.Schedule(sim.Fault{At: e.w.Now(), Kind: sim.FaultPartition, Target: c.proc.Name, For: d})
	e.settle()
	return "", nil
}

// handleClockStep: clock-step A D — A's wall clock jumps by D (back when
// negative); virtual time and the servers' clocks do not move.
func handleClockStep(e *Env, a *args) (string, error) {
	if err := a.finish(2, "clock-step A D"); err != nil {
		return "", err
	}
	c, err := e.clientArg(a)
	if err != nil {
		return "", err
	}
	d, err := posDur(a, 1)
	if err != nil {
		return "", err
	}
	e.w.Schedule(sim.Fault{At: e.w.Now(), Kind: sim.FaultClockStep, Target: c.proc.Name, Amount: d})
	e.settle()
	e.event("%s's clock steps by %s: it reads %d (the server %d)", c.name, d, c.proc.Now(), e.serverMs())
	return "", nil
}

// handleFailover: failover [lag=D] — the master dies for good; after D
// (the sentinel's detection and election, default 0) the most up-to-date
// replica is promoted with whatever it has received.
func handleFailover(e *Env, a *args) (string, error) {
	lag, _, err := a.dur("lag")
	if err != nil {
		return "", err
	}
	if err := a.finish(0, "failover [lag=D]"); err != nil {
		return "", err
	}
	if lag < 0 {
		return "", fmt.Errorf("failover: lag=%s is negative", lag)
	}
	if e.replicas == 0 {
		return "", fmt.Errorf("failover: the world has no replica (use world ... replicas=1)")
	}
	m := e.w.Master()
	if m == nil {
		return e.at() + " no master to fail over", nil
	}
	e.event("%s (master) crashes at replication offset %d; a replica is promoted after %s", m.Name, m.Offset(), lag)
	e.w.CrashMaster(0, lag)
	e.settle()
	return "", nil
}

func (e *Env) serverMs() int64 {
	if m := e.w.Master(); m != nil {
		return m.Clock.UnixMs(e.w.Now())
	}
	return e.w.Nodes()[0].Clock.UnixMs(e.w.Now())
}

// handleStopRedis: stop-redis D — the master stops for D with no
// failover: connections are refused, so every write fails at once (not a
// timeout) and the executor retries it; then it starts again without
// persistence (every key gone).
func handleStopRedis(e *Env, a *args) (string, error) {
	if err := a.finish(1, "stop-redis D"); err != nil {
		return "", err
	}
	d, err := posDur(a, 0)
	if err != nil {
		return "", err
	}
	if d <= 0 {
		return "", fmt.Errorf("stop-redis: %s: want a positive duration", d)
	}
	m := e.w.Master()
	if m == nil || !m.Up {
		return e.at() + " no master to stop", nil
	}
	e.event("%s (master) stops for %s: connections are refused", m.Name, d)
	// No replica is promoted while it is down: the election would come after it is back.
	e.w.CrashMaster(d, d+sim.Millisecond)
	e.settle()
	return "", nil
}
