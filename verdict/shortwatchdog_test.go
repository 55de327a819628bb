package verdict

import (
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Seeds that a lockWatchdogTimeout of 5 s (renewals every 1.666 s) turned
// into unexplained violations, each with the mechanism it has: 3.8.1's
// renewal period from a lease the lock object kept (lease-kept); a
// latency spike on a renewal's reply that put the next renewal past the
// expiry; a renewal whose replies a loss fault dropped while it was re-sent
// across the hold's last re-arm; a fair queue's place that a failover's
// replica brought back. None is left a bug.
func TestShortWatchdogMechanisms(t *testing.T) {
	for _, tc := range []mechCase{
		{"rlock-3.8.1", 46, "pause", "expiry", 142940, "flaw:lease-kept"},
		{"rlock-3.8.1", 25, "all", "expiry", 132471, "flaw:lease-kept"},       // re-armed by an unlock of an inner hold
		{"rlock-3.8.1", 81, "interrupt", "expiry", 226269, "flaw:lease-kept"}, // the schedule at the acquire's completion
		{"rlock-3.16.8", 87, "all", "mutex", 34870, "fault:slow-net"},
		{"rlock-4.7.0", 11, "all", "expiry", 17210, "fault:loss"},
		{"fairlock-3.8.1", 15, "all", "fifo", 127722, "fault:master-crash"},
	} {
		tc.wantUnder(t, clients.ClientOverrides{LockWatchdogTimeout: 5000})
	}
}

// Seeds 101-200 that a lockWatchdogTimeout of 2 s (renewals every 666 ms)
// turned into unexplained lost holds: a run of 4.7.0's shared renewal task
// for another thread whose WAIT counted no replica within its timeout,
// after which the task runs next a period later (a replica's lag); an
// acquire's reply held up while a renewal of the thread's earlier hold
// re-armed the new one; a run of 4.7.0's task held up while the hold was
// armed, whose next runs came too late; 3.16.8's renewal of the entry's
// first thread, whose 0 came back after the expiry and cancelled the entry
// for every thread; 4.7.0's renewal whose 0 (the hold lost under a held-up
// acquire reply) took a count, after which a re-entry re-took the free lock
// with a re-sent script and its unlock's failed first run took the count
// it added, leaving the re-take's second count unwatched; a renewal run's
// reply held past its attempt's response timeout; a re-entry whose
// process stopped while its WAIT was due; 3.8.1's revived task holding
// the entry when the thread's next hold began; a sibling's forceUnlock of
// a hold the thread counted, re-taken uncounted.
func TestTwoSecondWatchdogMechanisms(t *testing.T) {
	for _, tc := range []mechCase{
		{"fairlock-4.7.0", 153, "failover", "mutex", 186857, "condition:replication"},
		{"fencedlock-4.7.0", 136, "all", "holds", 37818, "fault:slow-net"},
		{"fencedlock-4.7.0", 194, "net", "mutex", 147165, "fault:slow-net"},
		{"rlock-3.16.8", 131, "all", "mutex", 57792, "flaw:zero-renewal-cancels-all"},
		{"rlock-4.7.0", 1103, "net", "expiry", 88730, "fault:slow-net"},            // the renewal's re-send, past the expiry, was its last run
		{"rlock-4.7.0", 1125, "all", "expiry", 54996, "fault:slow-net"},            // the 0 after a lost reply took the count; a re-take's unlock the last
		{"rlock-4.7.0", 1431, "net", "expiry", 127200, "fault:slow-net"},           // the re-send ran first and its reply was held past the timeout
		{"fencedlock-4.7.0", 1813, "net", "mutex", 91266, "fault:slow-net"},        // the run that armed the hold had its reply held past its timeout
		{"fencedlock-4.7.0", 1701, "all", "mutex", 94164, "fault:pause"},           // a re-entry open on its WAIT when its process stopped
		{"rlock-3.8.1", 2041, "all", "expiry", 48700, "flaw:renewal-revived"},      // a revived task's entry started no watchdog for the next hold
		{"fencedlock-4.7.0", 1878, "all", "mutex", 90720, "contract:force-unlock"}, // the hold it counted was deleted; a lost reply's re-take expired later
	} {
		tc.wantUnder(t, clients.ClientOverrides{LockWatchdogTimeout: 2000})
	}
}

// mechCase is a seed's violation and the mechanism it must have.
type mechCase struct {
	algo   string
	seed   uint64
	preset string
	prop   string
	at     sim.Time // the violation's time, in whole ms
	want   string
}

// wantUnder holds tc's run under settings ov to its mechanism.
func (tc mechCase) wantUnder(t *testing.T, ov clients.ClientOverrides) {
	t.Helper()
	cfg := run.Config{Algo: tc.algo, Seed: tc.seed, Preset: tc.preset, Safety: 180 * sim.Second, Liveness: 120 * sim.Second, Client: ov}
	wantMechanism(t, cfg, tc.prop, tc.at, tc.want)
}

// wantMechanism runs cfg and holds it to no bug-class violation and a
// violation of prop at ms (whole milliseconds) whose mechanism is want.
func wantMechanism(t *testing.T, cfg run.Config, prop string, ms sim.Time, want string) {
	t.Helper()
	_, res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range res.Violations {
		if v.Class == checks.Bug {
			t.Errorf("%s %s seed %d: %s", cfg.Algo, cfg.Preset, cfg.Seed, v)
		}
		if v.Property == prop && v.At/sim.Time(sim.Millisecond) == ms {
			found = true
			if v.Mech.Label() != want {
				t.Errorf("%s %s seed %d: %s, want %s", cfg.Algo, cfg.Preset, cfg.Seed, v, want)
			}
		}
	}
	if !found {
		t.Errorf("%s %s seed %d: no %s violation at %d ms", cfg.Algo, cfg.Preset, cfg.Seed, prop, ms)
	}
}
