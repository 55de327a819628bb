package explore

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/jobspec"
)

// MaxThreads bounds Config.Threads: the state keeps threads in a fixed
// array, and beyond four threads no search finishes in minutes anyway.
const MaxThreads = 4

// FaultKind is a kind of fault the search may inject.
type FaultKind uint8

// The fault kinds. Each costs one unit of its budget per injection.
const (
	// FaultCrash kills a client process: its in-flight requests still
	// reach Redis, its replies are lost, its watchdog stops.
	FaultCrash FaultKind = iota
	// FaultPause stops a process (a stop-the-world GC pause) for as long
	// as the search likes: its timers fall due and wait, its incoming
	// messages queue; "resume" ends the pause and costs nothing.
	FaultPause
	// FaultDrop loses one message: a request, a reply or a publish.
	FaultDrop
	// FaultDelay lets one message stay in flight while time passes (by
	// default delivery is immediate, though in any order), up to MaxDelay
	// after the request was made.
	FaultDelay
	// FaultRestart restarts Redis without persistence: the keyspace is empty.
	FaultRestart
	// FaultInterrupt is Thread.interrupt() on a thread in a call, by
	// another thread of its process (a cancelled task, a shutdown): what the
	// call does with it is the client's (a 4.7.0 acquire goes on without
	// its caller, issue #7272).
	FaultInterrupt
	numFaults
)

var faultNames = [numFaults]string{"crash", "pause", "drop", "delay", "restart", "interrupt"}

func (k FaultKind) String() string { return faultNames[k] }

// Faults is a budget: how many faults of each kind the search may inject
// along one path.
type Faults [numFaults]uint8

// ParseFaults reads "KIND:COUNT,..." (e.g. "crash:1,drop:2"); "" and
// "none" are no faults.
func ParseFaults(s string) (Faults, error) {
	var f Faults
	if s == "" || s == "none" {
		return f, nil
	}
	for _, part := range strings.Split(s, ",") {
		name, count, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			count = "1"
		}
		k := -1
		for i, n := range faultNames {
			if n == name {
				k = i
			}
		}
		if k < 0 {
			return f, fmt.Errorf("unknown fault kind %q in %q (known: %s)", name, s, strings.Join(faultNames[:], ", "))
		}
		n, err := strconv.Atoi(count)
		if err != nil || n < 0 || n > 9 {
			return f, fmt.Errorf("fault count %q of %s in %q is not a number from 0 to 9", count, name, s)
		}
		f[k] = uint8(n)
	}
	return f, nil
}

// String is the ParseFaults form, kinds in a fixed order ("none" when empty).
func (f Faults) String() string {
	var parts []string
	for k, n := range f {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s:%d", faultNames[k], n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}

// Total is the number of faults in the budget.
func (f Faults) Total() int {
	n := 0
	for _, c := range f {
		n += int(c)
	}
	return n
}

// Config is one bounded configuration: which lock, how many threads and
// how they share processes, what calls each thread makes, and the fault
// budget. MaxStates and MaxDepth cut the search short (0: no limit); a cut
// search proves nothing beyond what it reached.
type Config struct {
	Algo    string
	Threads int // in all
	// PerProc is how many threads share one client process (one JVM: one
	// watchdog entry, one pub/sub entry for the non-fair lock); 0 means 1.
	PerProc int
	// Ops is what every thread does, in order (ParseOps); empty means
	// Acquires × "lock".
	Ops      []string
	Acquires int
	// Wait and Lease are the tryLock wait and the explicit lease of the
	// ops that take them, in ms (0: 5000 and 10000).
	Wait, Lease int64
	Faults      Faults

	// Replicas is how many replicas the master has: 0, or 1 for the
	// Redisson versions that WAIT for their replicas (3.16.8, 4.7.0). The
	// replica applies the master's write entries in order, each within
	// ReplLag ms of its write (0: DefaultReplLag), and its acknowledgement
	// reaches the master at once; a lag is not a fault. Failover is not
	// modelled, so the replica's keyspace never matters, only its offset.
	Replicas int
	ReplLag  int64

	// Client changes Redisson's client settings (lockWatchdogTimeout,
	// threadWaitTime, timeout, retries, subscriptionTimeout) from the
	// version's defaults, as a run's do (zero: the defaults).
	Client clients.ClientOverrides

	// Scripts is a user's script directory for the Redisson algorithms
	// (scripts.LoadDir layout); Mutant names an entry of clients.Mutants.
	Scripts string
	Mutant  string

	// Job is the job file whose catalogue explains a counterexample as a
	// known flaw (nil: the main job's, jobspec/main.toml).
	Job *jobspec.Job

	// NoSymmetry turns symmetry reduction off: by default states equal
	// up to a renaming of the threads of a process, or of the processes,
	// are kept as one (symmetry.go); the findings and counterexamples are
	// the same either way, the counts are not.
	NoSymmetry bool

	// PastKnown keeps the search going past a state whose violation a
	// catalogued flaw explains (known.go): a changed script is then
	// searched for new mechanisms at bounds where the real one already
	// has a known flaw. Without it the search stops at the first.
	PastKnown bool

	MaxStates int
	MaxDepth  int
	// MaxMemory bounds, in bytes, what the search keeps per state: the
	// states' encodings and their index, each state's parent, the
	// transitions kept for the liveness check. It is counted, not read
	// from the runtime, so where the search stops does not depend on the
	// machine. The interned keyspaces and clients and the memoized steps
	// come on top (they grow with the distinct keyspaces, not the states).
	MaxMemory int64
	// MaxMemoryOrigin, when set, says where MaxMemory came from when no
	// one chose it (simrun's default, a share of the machine's memory):
	// a search it cuts says so, rather than name a flag nobody gave.
	MaxMemoryOrigin string
	// Workers is how many goroutines expand each level (GOMAXPROCS when
	// 0); the result does not depend on it.
	Workers int
}

func (c Config) perProc() int { return max(c.PerProc, 1) }

// WaitsForReplicas reports whether algo's client follows its lock
// commands with WAIT when the master has replicas (3.16.8's and 4.7.0's
// Redisson locks): the algorithms Config.Replicas applies to.
func WaitsForReplicas(algo string) bool {
	v, fair, redisson := clients.RedissonAlgo(algo)
	if !redisson {
		return false
	}
	o, err := clients.DefaultOptions(v, fair)
	return err == nil && o.SyncReplicas
}

// DefaultReplLag is the replica's lag bound when Config.ReplLag is 0: twice
// the 1 s a 3.16.8 or 4.7.0 lock command's WAIT waits, so that a WAIT can
// time out on a lag alone, as it does under load.
const DefaultReplLag = 2000

func (c Config) replLag() int64 {
	if c.ReplLag > 0 {
		return c.ReplLag
	}
	return DefaultReplLag
}

func (c Config) wait() int64 {
	if c.Wait > 0 {
		return c.Wait
	}
	return 5000
}

func (c Config) lease() int64 {
	if c.Lease > 0 {
		return c.Lease
	}
	return 10000
}

// ops is the op list every thread runs.
func (c Config) ops() []string {
	if len(c.Ops) > 0 {
		return c.Ops
	}
	ops := make([]string, c.Acquires)
	for i := range ops {
		ops[i] = "lock"
	}
	return ops
}

// Validate reports the first thing wrong with c, naming the flag.
func (c Config) Validate() error {
	if err := clients.CheckAlgo(c.Algo); err != nil {
		return fmt.Errorf("--algo: %v", err)
	}
	if c.Threads < 1 || c.Threads > MaxThreads {
		return fmt.Errorf("--threads: %d is not from 1 to %d", c.Threads, MaxThreads)
	}
	if p := c.perProc(); c.PerProc < 0 || c.Threads%p != 0 {
		return fmt.Errorf("--per-proc: %d does not divide --threads %d", c.PerProc, c.Threads)
	}
	if len(c.Ops) == 0 && (c.Acquires < 1 || c.Acquires > 9) {
		return fmt.Errorf("--acquires: %d is not from 1 to 9", c.Acquires)
	}
	if len(c.Ops) > 9 {
		return fmt.Errorf("--ops: %d ops, at most 9", len(c.Ops))
	}
	if c.Wait < 0 || c.Lease < 0 || c.Wait > 3_600_000 || c.Lease > 3_600_000 {
		return fmt.Errorf("--wait and --lease must be from 0 (the default) to 1h")
	}
	_, _, redisson := clients.RedissonAlgo(c.Algo)
	for _, o := range c.Ops {
		sp, ok := opTable[o]
		if !ok {
			return fmt.Errorf("--ops: unknown op %q (known: %s)", o, strings.Join(OpNames(), ", "))
		}
		if sp.redissonOnly && !redisson {
			return fmt.Errorf("--ops: %s exists only for Redisson's locks, not %s", o, c.Algo)
		}
	}
	if !redisson && (c.Scripts != "" || c.Mutant != "") {
		return fmt.Errorf("--scripts and --mutant apply to the Redisson algorithms, not %s", c.Algo)
	}
	if c.Replicas < 0 || c.Replicas > 1 {
		return fmt.Errorf("--replicas: %d is not 0 or 1", c.Replicas)
	}
	if c.ReplLag < 0 || c.ReplLag > MaxDelay {
		return fmt.Errorf("--repl-lag: %d ms is not from 0 (the default, %d) to %d", c.ReplLag, DefaultReplLag, MaxDelay)
	}
	if c.ReplLag > 0 && c.Replicas == 0 {
		return fmt.Errorf("--repl-lag: applies only with --replicas 1")
	}
	if c.Replicas > 0 {
		if !WaitsForReplicas(c.Algo) {
			return fmt.Errorf("--replicas: %s does not wait for replicas (only Redisson 3.16.8 and 4.7.0 send WAIT)", c.Algo)
		}
		if c.Faults[FaultRestart] > 0 {
			return fmt.Errorf("--replicas: a Redis restart with a replica (a resync) is not modelled; drop restart from --faults")
		}
	}
	if c.Client != (clients.ClientOverrides{}) {
		if !redisson {
			return fmt.Errorf("the Redisson settings (%s) apply to the Redisson algorithms, not %s", c.Client, c.Algo)
		}
		if err := c.Client.CheckBounds(); err != nil {
			return err
		}
		v, fair, _ := clients.RedissonAlgo(c.Algo)
		o, err := clients.DefaultOptions(v, fair)
		if err != nil {
			return err
		}
		if err := c.Client.Apply(&o); err != nil {
			return fmt.Errorf("%s: %v", c.Algo, err)
		}
	}
	if c.MaxStates < 0 || c.MaxDepth < 0 {
		return fmt.Errorf("--max-states and --max-depth must not be negative")
	}
	return nil
}

// Header is the configuration as one line of flags.
func (c Config) Header() string {
	s := fmt.Sprintf("algo=%s threads=%d", c.Algo, c.Threads)
	if c.perProc() > 1 {
		s += fmt.Sprintf(" per-proc=%d", c.perProc())
	}
	if len(c.Ops) > 0 {
		s += " ops=" + strings.Join(c.Ops, ",")
	} else {
		s += fmt.Sprintf(" acquires=%d", c.Acquires)
	}
	if c.Wait > 0 {
		s += fmt.Sprintf(" wait=%d", c.Wait)
	}
	if c.Lease > 0 {
		s += fmt.Sprintf(" lease=%d", c.Lease)
	}
	s += " faults=" + c.Faults.String()
	if c.Replicas > 0 {
		s += fmt.Sprintf(" replicas=%d", c.Replicas)
		if c.ReplLag > 0 {
			s += fmt.Sprintf(" repl-lag=%d", c.ReplLag)
		}
	}
	for _, x := range settingFields(&c.Client) {
		if *x.v != 0 {
			s += fmt.Sprintf(" %s=%d", x.key, *x.v)
		}
	}
	if c.Client.RetryAttempts != 0 {
		s += fmt.Sprintf(" retry-attempts=%d", c.Client.RetryAttempts)
	}
	if c.Scripts != "" {
		s += " scripts=" + c.Scripts
	}
	if c.Mutant != "" {
		s += " mutant=" + c.Mutant
	}
	return s
}

// settingField is one of Redisson's settings in Header's form: its key
// (simrun's flag) and its value, in ms.
type settingField struct {
	key string
	v   *int64
}

// settingFields are c's settings measured in ms, in Header's order.
func settingFields(c *clients.ClientOverrides) []settingField {
	return []settingField{{"lock-watchdog-timeout", &c.LockWatchdogTimeout}, {"thread-wait-time", &c.ThreadWaitTime},
		{"timeout", &c.Timeout}, {"retry-interval", &c.RetryInterval}, {"subscription-timeout", &c.SubscriptionTimeout}}
}

// ParseHeader reads a configuration written by Header (key=value fields,
// in any order); ops= and acquires= are alternatives.
func ParseHeader(fields []string) (Config, error) {
	c := Config{Threads: 2, Acquires: 1}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return c, fmt.Errorf("%q: want key=value", f)
		}
		var err error
		num := func(dst *int) {
			if *dst, err = strconv.Atoi(v); err != nil {
				err = fmt.Errorf("%s=%s: not a number", k, v)
			}
		}
		switch k {
		case "algo":
			c.Algo = v
		case "threads":
			num(&c.Threads)
		case "per-proc":
			num(&c.PerProc)
		case "acquires":
			num(&c.Acquires)
		case "ops":
			c.Ops, err = ParseOps(v)
		case "wait", "lease", "repl-lag":
			var n int
			num(&n)
			switch k {
			case "wait":
				c.Wait = int64(n)
			case "lease":
				c.Lease = int64(n)
			default:
				c.ReplLag = int64(n)
			}
		case "replicas":
			num(&c.Replicas)
		case "retry-attempts":
			num(&c.Client.RetryAttempts)
		case "lock-watchdog-timeout", "thread-wait-time", "timeout", "retry-interval", "subscription-timeout":
			for _, x := range settingFields(&c.Client) {
				if x.key == k {
					if *x.v, err = strconv.ParseInt(v, 10, 64); err != nil || *x.v <= 0 {
						err = fmt.Errorf("%s=%s: not a number of ms above 0", k, v)
					}
				}
			}
		case "faults":
			c.Faults, err = ParseFaults(v)
		case "scripts":
			c.Scripts = v
		case "mutant":
			c.Mutant = v
		default:
			return c, fmt.Errorf("unknown key %q (known: algo, threads, per-proc, acquires, ops, wait, lease, faults, replicas, repl-lag, lock-watchdog-timeout, thread-wait-time, timeout, retry-attempts, retry-interval, subscription-timeout, scripts, mutant)", k)
		}
		if err != nil {
			return c, err
		}
	}
	return c, nil
}

// ParseOps reads a comma-separated op list ("lock,trylock-wait,reentrant").
func ParseOps(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	ops := strings.Split(s, ",")
	for i, o := range ops {
		ops[i] = strings.TrimSpace(o)
		if _, ok := opTable[ops[i]]; !ok {
			return nil, fmt.Errorf("unknown op %q (known: %s)", ops[i], strings.Join(OpNames(), ", "))
		}
	}
	return ops, nil
}

// step is one call of a thread's program: it runs only when the thread
// believes it holds the lock at least need times (an unlock after an
// acquire that failed is skipped).
type step struct {
	name  string
	call  clients.Call
	need  uint8
	fresh bool // the op's first call takes a new lock object (getLock)
}

// opSpec is one op: a short sequence of calls.
type opSpec struct {
	what         string
	redissonOnly bool
	steps        func(wait, lease int64) []step
}

func acquireThenUnlock(name string, call clients.Call) func(int64, int64) []step {
	return func(wait, lease int64) []step {
		c := call
		if c.Wait == -2 {
			c.Wait = wait
		}
		if c.Lease == -2 {
			c.Lease = lease
		}
		return []step{{name: name, call: c}, {name: "unlock", call: clients.Call{Kind: clients.CallUnlock, Wait: -1, Lease: -1}, need: 1}}
	}
}

func single(name string, k clients.CallKind) func(int64, int64) []step {
	return func(int64, int64) []step {
		return []step{{name: name, call: clients.Call{Kind: k, Wait: -1, Lease: -1}}}
	}
}

// opTable: -2 in a call stands for the configured wait or lease.
var opTable = map[string]opSpec{
	"lock":               {"lock(); unlock()", false, acquireThenUnlock("lock", clients.Call{Kind: clients.CallLock, Wait: -1, Lease: -1})},
	"lock-lease":         {"lock(lease); unlock()", false, acquireThenUnlock("lock-lease", clients.Call{Kind: clients.CallLock, Wait: -1, Lease: -2})},
	"trylock":            {"tryLock(); unlock() if it got the lock", false, acquireThenUnlock("trylock", clients.Call{Kind: clients.CallTryLock, Wait: -1, Lease: -1})},
	"trylock-wait":       {"tryLock(wait); unlock() if it got the lock", false, acquireThenUnlock("trylock-wait", clients.Call{Kind: clients.CallTryLockWait, Wait: -2, Lease: -1})},
	"trylock-lease":      {"tryLock(0, lease); unlock() if it got the lock", false, acquireThenUnlock("trylock-lease", clients.Call{Kind: clients.CallTryLockWait, Wait: 0, Lease: -2})},
	"trylock-wait-lease": {"tryLock(wait, lease); unlock() if it got the lock", false, acquireThenUnlock("trylock-wait-lease", clients.Call{Kind: clients.CallTryLockWait, Wait: -2, Lease: -2})},
	"reentrant": {"lock(); lock(); unlock(); unlock()", true, func(int64, int64) []step {
		l := clients.Call{Kind: clients.CallLock, Wait: -1, Lease: -1}
		u := clients.Call{Kind: clients.CallUnlock, Wait: -1, Lease: -1}
		return []step{{name: "lock", call: l}, {name: "lock", call: l, need: 1}, {name: "unlock", call: u, need: 2}, {name: "unlock", call: u, need: 1}}
	}},
	"reentrant-lease": {"lock(); lock(lease); unlock(); unlock()", true, func(_, lease int64) []step {
		l := clients.Call{Kind: clients.CallLock, Wait: -1, Lease: -1}
		ll := clients.Call{Kind: clients.CallLock, Wait: -1, Lease: lease}
		u := clients.Call{Kind: clients.CallUnlock, Wait: -1, Lease: -1}
		return []step{{name: "lock", call: l}, {name: "lock-lease", call: ll, need: 1}, {name: "unlock", call: u, need: 2}, {name: "unlock", call: u, need: 1}}
	}},
	"force-unlock": {"forceUnlock()", true, single("force-unlock", clients.CallForceUnlock)},
	"is-locked":    {"isLocked()", true, single("is-locked", clients.CallIsLocked)},
	"is-held":      {"isHeldByCurrentThread()", true, single("is-held", clients.CallIsHeld)},
	"hold-count":   {"getHoldCount()", true, single("hold-count", clients.CallHoldCount)},
}

// OpNames lists the ops, sorted.
func OpNames() []string {
	names := make([]string, 0, len(opTable))
	for n := range opTable {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// OpHelp describes each op, one per line.
func OpHelp() string {
	var b strings.Builder
	for _, n := range OpNames() {
		fmt.Fprintf(&b, "  %-20s %s\n", n, opTable[n].what)
	}
	return b.String()
}

// program is the calls every thread of c makes, in order.
func (c Config) program() []step {
	var prog []step
	for _, o := range c.ops() {
		steps := opTable[o].steps(c.wait(), c.lease())
		steps[0].fresh = true
		prog = append(prog, steps...)
	}
	return prog
}

// FaultNames lists the fault kinds' names in order, as ParseFaults takes them.
func FaultNames() []string { return append([]string(nil), faultNames[:]...) }

// FaultKinds lists the fault kinds in order.
func FaultKinds() []FaultKind {
	ks := make([]FaultKind, numFaults)
	for i := range ks {
		ks[i] = FaultKind(i)
	}
	return ks
}

// ParseBytes reads a size: a number of bytes, or one with a K, M, G or T
// suffix (powers of 1024), e.g. "4G".
func ParseBytes(s string) (int64, error) {
	mult := int64(1)
	num := strings.TrimSpace(s)
	if n := len(num); n > 0 {
		switch strings.ToUpper(num[n-1:]) {
		case "K":
			mult = 1 << 10
		case "M":
			mult = 1 << 20
		case "G":
			mult = 1 << 30
		case "T":
			mult = 1 << 40
		}
		if mult > 1 {
			num = num[:n-1]
		}
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil || v <= 0 || v > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is not a size (a positive number of bytes, or with K, M, G or T)", s)
	}
	return v * mult, nil
}

// FormatBytes writes a size as ParseBytes reads it, in the largest unit
// that divides it.
func FormatBytes(b int64) string {
	for _, u := range []struct {
		s string
		n int64
	}{{"T", 1 << 40}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if b%u.n == 0 {
			return strconv.FormatInt(b/u.n, 10) + u.s
		}
	}
	return strconv.FormatInt(b, 10)
}
