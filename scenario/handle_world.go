package scenario

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// handleWorld: world algo=ALGO [replicas=N] [latency=0|default|D]
// [repl-lag=D] [lock=NAME] [seed=N] [watchdog=D] — a fresh world.
func handleWorld(e *Env, a *args) (string, error) {
	const usage = "world algo=ALGO [replicas=N] [latency=0|default|D] [repl-lag=D] [lock=NAME] [seed=N] [watchdog=D]"
	algo, ok := a.str("algo", "")
	if !ok {
		return "", fmt.Errorf("world: algo= is required (one of %s)", strings.Join(clients.Algorithms, ", "))
	}
	known := false
	for _, x := range clients.Algorithms {
		known = known || x == algo
	}
	if !known {
		return "", fmt.Errorf("world: unknown algo %q (one of %s)", algo, strings.Join(clients.Algorithms, ", "))
	}
	replicas, err := a.int("replicas", 0)
	if err != nil {
		return "", err
	}
	if replicas < 0 || replicas > 8 {
		return "", fmt.Errorf("world: replicas=%d out of range 0..8", replicas)
	}
	seed := uint64(1)
	if v, ok := a.str("seed", ""); ok {
		// A run's seed, as simrun run --seed takes it: 0 up to 2^64-1.
		var err error
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return "", fmt.Errorf("world: seed=%s: want a whole number from 0 to %d", v, uint64(math.MaxUint64))
		}
	}
	lockName, _ := a.str("lock", "myLock")
	if lockName == "" {
		return "", fmt.Errorf("world: lock= is empty")
	}
	lat, _ := a.str("latency", "0")
	var net sim.NetConfig
	latText := lat
	switch lat {
	case "0":
		latText = "0 (1us per hop)"
	case "default":
		net = sim.DefaultNet()
		latText = "default (about 0.4ms per hop, jittered)"
	default:
		d, err := sim.ParseDuration(lat)
		if err != nil || d < 0 {
			return "", fmt.Errorf("world: latency=%s: want 0, default or a duration", lat)
		}
		if err := checkDuration(d); err != nil {
			return "", fmt.Errorf("world: latency=%s: %v", lat, err)
		}
		l := sim.Latency{Base: d}
		net = sim.NetConfig{Request: l, PubSub: l, Replication: l}
	}
	replLag, hasLag, err := a.dur("repl-lag")
	if err != nil {
		return "", err
	}
	if hasLag {
		if replLag < 0 {
			return "", fmt.Errorf("world: repl-lag is negative")
		}
		net.Replication = sim.Latency{Base: replLag}
	}
	watchdog, hasWatchdog, err := a.dur("watchdog")
	if err != nil {
		return "", err
	}
	if err := a.finish(0, usage); err != nil {
		return "", err
	}

	n := &Env{algo: algo, lockName: lockName, replicas: replicas, byName: map[string]*client{}, byProc: map[string]*client{},
		labels: map[string]string{}, lastAcq: map[string]string{}, snapshot: e.snapshot}
	cf, err := clients.NewConfig(algo, lockName)
	if err != nil {
		return "", fmt.Errorf("world: %v", err)
	}
	watchdogText := ""
	if hasWatchdog {
		if cf.Simple != "" {
			return "", fmt.Errorf("world: watchdog= is Redisson's Config.lockWatchdogTimeout; %s has none", algo)
		}
		if watchdog < 3*sim.Millisecond || watchdog%sim.Millisecond != 0 {
			return "", fmt.Errorf("world: watchdog=%s: want a whole number of ms, at least 3ms", watchdog)
		}
		cf.Opts.LockWatchdogTimeout = watchdog.Ms() // Config.setLockWatchdogTimeout
		watchdogText = ", lockWatchdogTimeout " + watchdog.String()
	}
	n.cf, n.kind, n.fair, n.version = cf, cf.Simple, cf.Opts.Fair, cf.Opts.Version
	tr := sim.NewTracer(nil)
	n.w = sim.NewWorld(sim.Config{Seed: seed, Net: net, Replicas: replicas, Trace: tr})
	*e = *n
	tr.Hook = e.onTrace
	lagText := ""
	if replicas > 0 {
		lagText = fmt.Sprintf(", replication lag %s", net.Replication.Base)
	}
	return fmt.Sprintf("world %s: lock %s, %d replica(s), latency %s%s, seed %d%s", algo, lockName, replicas, latText, lagText, seed, watchdogText), nil
}

// maxThreads bounds the threads of one client process.
const maxThreads = 64

var clientName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// handleClient: client name=A [threads=N] — a client process.
func handleClient(e *Env, a *args) (string, error) {
	const usage = "client name=A [threads=N]"
	name, ok := a.str("name", "")
	if !ok {
		return "", fmt.Errorf("client: name= is required (usage: %s)", usage)
	}
	threads, err := a.int("threads", 1)
	if err != nil {
		return "", err
	}
	if err := a.finish(0, usage); err != nil {
		return "", err
	}
	if threads < 1 || threads > maxThreads {
		return "", fmt.Errorf("client: threads=%d out of range 1..%d", threads, maxThreads)
	}
	if !clientName.MatchString(name) {
		return "", fmt.Errorf("client: bad name %q (a letter, then letters, digits or _)", name)
	}
	if e.byName[name] != nil {
		return "", fmt.Errorf("client: %s exists already", name)
	}
	c := e.newClient(name, threads)
	return fmt.Sprintf("%s = process %s, %d thread(s), uuid %s", name, c.proc.Name, threads, c.uuid), nil
}

// newClient adds a client process and starts it.
func (e *Env) newClient(name string, threads int) *client {
	c := &client{env: e, name: name}
	for i := 1; i <= threads; i++ {
		c.threads = append(c.threads, &thread{c: c, id: int64(i)})
	}
	c.host = clients.NewHost(e.cf)
	c.host.OnStart = func(h *clients.Host) { c.started(h.Client().UUID()) }
	pname := "c" + strconv.Itoa(len(e.clients)+1)
	e.clients = append(e.clients, c)
	e.byName[name] = c
	e.byProc[pname] = c
	c.proc = e.w.AddProcess(pname, sim.Clock{}, c.host)
	e.settle()
	return c
}

// threadArg reads the client named by the first positional argument and
// its thread= (default 1). The returned function resolves them once every
// argument has been checked, creating the client (with one thread) if it
// is new, so a malformed command creates nothing.
func (e *Env) threadArg(a *args) (func() (*thread, error), error) {
	if len(a.pos) == 0 {
		return nil, fmt.Errorf("%s: name a client (e.g. %s A)", a.cmd, a.cmd)
	}
	name := a.pos[0]
	if !clientName.MatchString(name) {
		return nil, fmt.Errorf("%s: bad client name %q", a.cmd, name)
	}
	tid, err := a.int("thread", 1)
	if err != nil {
		return nil, err
	}
	c := e.byName[name]
	switch {
	case c != nil && (tid < 1 || tid > len(c.threads)):
		return nil, fmt.Errorf("%s: thread=%d: %s has threads 1..%d", a.cmd, tid, name, len(c.threads))
	case c == nil && (tid < 1 || tid > maxThreads):
		return nil, fmt.Errorf("%s: thread=%d: a thread number is 1..N for a client of N threads (at most %d)", a.cmd, tid, maxThreads)
	case c == nil && tid != 1:
		return nil, fmt.Errorf("%s: %s does not exist; create it with `client name=%s threads=%d` (or more threads)", a.cmd, name, name, tid)
	}
	return func() (*thread, error) {
		if c == nil {
			c = e.newClient(name, 1)
		}
		return c.threads[tid-1], nil
	}, nil
}

// clientArg resolves an existing client named by the first positional argument.
func (e *Env) clientArg(a *args) (*client, error) {
	if len(a.pos) == 0 {
		return nil, fmt.Errorf("%s: name a client", a.cmd)
	}
	c := e.byName[a.pos[0]]
	if c == nil {
		return nil, fmt.Errorf("%s: no client %q", a.cmd, a.pos[0])
	}
	return c, nil
}
