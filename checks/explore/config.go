package explore

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
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
	numFaults
)

var faultNames = [numFaults]string{"crash", "pause", "drop", "delay", "restart"}

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

// Config is one bounded configuration: which lock, how many threads (each
// its own client process), how many lock()/unlock() cycles each makes, and
// the fault budget. MaxStates and MaxDepth cut the search short (0: no
// limit); a cut search proves nothing beyond what it reached.
type Config struct {
	Algo     string
	Threads  int
	Acquires int
	Faults   Faults

	// Scripts is a user's script directory for the Redisson algorithms
	// (scripts.LoadDir layout); Mutant names an entry of clients.Mutants.
	Scripts string
	Mutant  string

	MaxStates int
	MaxDepth  int
}

// Validate reports the first thing wrong with c, naming the flag.
func (c Config) Validate() error {
	if err := clients.CheckAlgo(c.Algo); err != nil {
		return fmt.Errorf("--algo: %v", err)
	}
	if c.Threads < 1 || c.Threads > MaxThreads {
		return fmt.Errorf("--threads: %d is not from 1 to %d", c.Threads, MaxThreads)
	}
	if c.Acquires < 1 || c.Acquires > 9 {
		return fmt.Errorf("--acquires: %d is not from 1 to 9", c.Acquires)
	}
	if c.MaxStates < 0 || c.MaxDepth < 0 {
		return fmt.Errorf("--max-states and --max-depth must not be negative")
	}
	return nil
}

// Header is the configuration as one line of flags.
func (c Config) Header() string {
	s := fmt.Sprintf("algo=%s threads=%d acquires=%d faults=%s", c.Algo, c.Threads, c.Acquires, c.Faults)
	if c.Scripts != "" {
		s += " scripts=" + c.Scripts
	}
	if c.Mutant != "" {
		s += " mutant=" + c.Mutant
	}
	return s
}

// FaultKinds lists the fault kinds in order.
func FaultKinds() []FaultKind {
	ks := make([]FaultKind, numFaults)
	for i := range ks {
		ks[i] = FaultKind(i)
	}
	return ks
}
