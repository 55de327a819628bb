package settings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// Knob is one setting the map searches: its values, one at a time, the
// others at Redisson's defaults.
type Knob struct {
	// Name is the setting as Redisson's Config (or the lock call) names it.
	Name string
	// Values are the values tried, in ms (retryAttempts: a count); 0 is the
	// version's default, where it has one that no value names (4.7.0's
	// jittered retry delay).
	Values []int64
	// Default is the version's default (-1: none, as for a lease).
	Default int64
	// Count says Values are counts, not durations.
	Count bool
	// Map says the knob is also drawn against the envelope's longest pause.
	Map bool
	// What says in a few words what it governs.
	What string
}

// Knob names.
const (
	KnobWatchdog     = "lockWatchdogTimeout"
	KnobLease        = "lease"
	KnobTimeout      = "timeout"
	KnobAttempts     = "retryAttempts"
	KnobInterval     = "retryInterval"
	KnobWaitTimeout  = "fairLockWaitTimeout"
	KnobSubscription = "subscriptionTimeout"
)

// leaseFactors are the leases tried, in critical sections of the
// envelope: from half the longest to thirty times it.
var leaseFactors = []float64{0.5, 1, 1.5, 2, 3, 5, 10, 30}

// PauseRows are the map's rows, as multiples of the envelope's longest
// pause; 1 is the envelope itself.
var PauseRows = []float64{0.5, 1, 2, 4}

// Knobs are the settings that matter for algo under e: the watchdog and an
// explicit lease (both drawn as maps), the command executor's timeout and
// retries, the fair lock's wait timeout (3.16.8 and 4.7.0) and 4.7.0's
// subscription timeout. The simple locks have no Redisson Config: only
// their lease.
func Knobs(algo string, e Envelope) ([]Knob, error) {
	if err := clients.CheckAlgo(algo); err != nil {
		return nil, err
	}
	cs := e.CS.Ms()
	var leases []int64
	for _, f := range leaseFactors {
		leases = append(leases, int64(f*float64(cs)))
	}
	lease := Knob{Name: KnobLease, Values: leases, Default: -1, Map: true,
		What: "lock(lease): the lock expires after it whatever the holder does"}
	version, fair, redisson := clients.RedissonAlgo(algo)
	if !redisson {
		return []Knob{lease}, nil
	}
	o, err := clients.DefaultSettings(version, fair)
	if err != nil {
		return nil, err
	}
	ks := []Knob{
		{Name: KnobWatchdog, Values: []int64{1000, 2000, 3000, 5000, 10000, 20000, 30000, 60000}, Default: o.LockWatchdogTimeout, Map: true,
			What: "lock() without a lease: the lease the watchdog keeps renewing every third of it"},
		lease,
		{Name: KnobTimeout, Values: []int64{500, 1000, 3000, 10000}, Default: o.Timeout,
			What: "how long a command waits for its reply"},
		{Name: KnobAttempts, Values: []int64{1, 2, int64(o.RetryAttempts), 8}, Default: int64(o.RetryAttempts), Count: true,
			What: "how many times a command is sent again after it could not be"},
	}
	interval := Knob{Name: KnobInterval, Values: []int64{100, 500, 1500, 5000}, Default: o.RetryInterval,
		What: "the pause before a command is sent again"}
	if o.JitterMax > 0 {
		// 4.7.0: an EqualJitterDelay(1 s, 2 s) unless retryInterval is set
		interval.Values = append([]int64{0}, interval.Values...)
		interval.Default = 0
	}
	ks = append(ks, interval)
	if fair && !o.FixedThreadWait() {
		ks = append(ks, Knob{Name: KnobWaitTimeout, Values: []int64{1000, 5000, 30000, 300000}, Default: o.ThreadWaitTime,
			What: "how long a queued waiter keeps its place without asking again"})
	}
	if o.SubscriptionTimeout > 0 {
		ks = append(ks, Knob{Name: KnobSubscription, Values: []int64{500, 2000, 7500, 30000}, Default: o.SubscriptionTimeout,
			What: "how long lock() waits for its pub/sub subscription"})
	}
	for i := range ks {
		ks[i].Values = dedupe(ks[i].Values)
	}
	return ks, nil
}

func dedupe(vs []int64) []int64 {
	var out []int64
	for _, v := range vs {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// SelectKnobs keeps the knobs named in list (comma-separated; "" all).
func SelectKnobs(ks []Knob, list string) ([]Knob, error) {
	if list == "" || list == "all" {
		return ks, nil
	}
	var out []Knob
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(ks, func(k Knob) bool { return k.Name == name })
		if i < 0 {
			var names []string
			for _, k := range ks {
				names = append(names, k.Name)
			}
			return nil, fmt.Errorf("unknown setting %q for this algorithm (known: %s)", name, strings.Join(names, ", "))
		}
		if slices.ContainsFunc(out, func(k Knob) bool { return k.Name == name }) {
			return nil, fmt.Errorf("%s twice", name)
		}
		out = append(out, ks[i])
	}
	return out, nil
}

// Format renders value v of the knob: a duration, a count, or the
// version's default named.
func (k Knob) Format(v int64) string {
	var s string
	switch {
	case v == 0 && k.Name == KnobInterval:
		s = "jitter 1-2s"
	case k.Count:
		s = fmt.Sprint(v)
	default:
		s = Dur(sim.Duration(v) * sim.Millisecond)
	}
	if v == k.Default {
		s += " (default)"
	}
	return s
}

// setting is what one cell of the map runs: a knob's value (the others at
// their defaults) under the envelope with its longest pause set.
type setting struct {
	lease  int64 // lock(lease) when > 0
	client clients.ClientOverrides
}

// settingOf is knob k at value v.
func settingOf(k Knob, v int64) setting {
	var s setting
	switch k.Name {
	case KnobWatchdog:
		s.client.LockWatchdogTimeout = v
	case KnobLease:
		s.lease = v
	case KnobTimeout:
		s.client.Timeout = v
	case KnobAttempts:
		s.client.RetryAttempts = int(v)
	case KnobInterval:
		s.client.RetryInterval = v // 0: 4.7.0's jitter, the default
	case KnobWaitTimeout:
		s.client.ThreadWaitTime = v
	case KnobSubscription:
		s.client.SubscriptionTimeout = v
	}
	// A default given explicitly is the default: the cell is the same run
	// as every knob's default cell. (4.7.0's retryInterval has the jitter
	// as its default, 0: an explicit 1500 ms replaces it, another run.)
	if k.Default == v {
		s.client = clients.ClientOverrides{}
	}
	return s
}

// Dur renders a duration for a setting's value or a report: ms below a second, else seconds
// to the hundredth below ten seconds and to the tenth above, trailing
// zeros cut (1s, 2.5s, 1.01s, 23.5s).
func Dur(d sim.Duration) string {
	secs := func(f string) string {
		t := strings.TrimRight(fmt.Sprintf(f, float64(d)/float64(sim.Second)), "0")
		return strings.TrimSuffix(t, ".") + "s"
	}
	switch {
	case d < 0:
		return "–"
	case d < sim.Second:
		return fmt.Sprintf("%dms", d/sim.Millisecond)
	case d < 10*sim.Second:
		return secs("%.2f")
	}
	return secs("%.1f")
}
