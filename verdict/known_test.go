package verdict

import (
	"slices"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// A known property is not enough: the run must have gone through one of
// the entry's paths before the violation (anywhere, for the properties
// judged over the whole run), and the simple locks need none.
func TestExplainNeedsThePath(t *testing.T) {
	at := sim.Time(10 * sim.Second)
	mutex := checks.Violation{Property: "mutex", Class: checks.Bug, At: at}
	lin := checks.Violation{Property: "linearizable", Class: checks.Bug, At: at}
	flaw := func(f clients.Flaw, when sim.Time) model.FlawAt {
		return model.FlawAt{At: when, Proc: "c1", Owner: "u:1", Flaw: string(f)}
	}
	force := func(when sim.Time) model.Op {
		return model.Op{Call: model.CallForceUnlock, Owner: "u:2", ExecAt: 1, ExecVirtual: when}
	}
	for _, c := range []struct {
		name, algo string
		v          checks.Violation
		h          model.History
		want       string
	}{
		{"the algorithm is the flaw", "set-px", mutex, model.History{}, "mutex"},
		{"no path", "rlock-3.16.8", mutex, model.History{}, ""},
		{"a path of another property", "rlock-3.16.8", mutex, model.History{Flaws: []model.FlawAt{flaw(clients.FlawStaleSubscription, 1)}}, ""},
		{"its path before", "rlock-3.16.8", mutex, model.History{Flaws: []model.FlawAt{flaw(clients.FlawLeaseKept, at)}}, "mutex via lease-kept"},
		{"its path after", "rlock-3.16.8", mutex, model.History{Flaws: []model.FlawAt{flaw(clients.FlawLeaseKept, at+1)}}, ""},
		{"another version's path", "rlock-3.8.1", mutex, model.History{Flaws: []model.FlawAt{flaw(clients.FlawLeaseKept, 1)}}, ""},
		{"forceUnlock ran before", "rlock-4.7.0", mutex, model.History{Ops: []model.Op{force(at - 1)}}, "mutex via force-unlock"},
		{"forceUnlock never ran", "rlock-4.7.0", mutex, model.History{Ops: []model.Op{{Call: model.CallForceUnlock, ExecAt: -1}}}, ""},
		{"linearizable: any path of the algorithm, any time", "rlock-3.16.8", lin, model.History{Flaws: []model.FlawAt{flaw(clients.FlawLeaseKept, at+1)}}, "linearizable via lease-kept"},
		{"linearizable: not another version's", "rlock-3.16.8", lin, model.History{Flaws: []model.FlawAt{flaw(clients.FlawInterruptSwallowed, 1)}}, ""},
		{"no entry for the property", "set-uuid-lua", mutex, model.History{}, ""},
	} {
		if got := Explain(c.algo, c.v, &c.h); got != c.want {
			t.Errorf("%s: Explain(%s) = %q, want %q", c.name, c.algo, got, c.want)
		}
	}
}

// Every path a catalog entry names is one the client notes, or forceUnlock.
func TestCatalogPathsExist(t *testing.T) {
	known := map[clients.Flaw]bool{forceUnlock: true}
	for _, f := range []clients.Flaw{clients.FlawResendAcquire, clients.FlawResend, clients.FlawSyncFailed, clients.FlawUntimedWait, clients.FlawStaleSubscription,
		clients.FlawLeaseKept, clients.FlawLeaseUnderWatchdog, clients.FlawRenewalCancelledForAll, clients.FlawPartialUnlockKeepsRenewal,
		clients.FlawRenewalStopped, clients.FlawInterruptSwallowed, clients.FlawTimeoutSwallowed, clients.FlawDetachedHold,
		clients.FlawRequeue, clients.FlawFencedLeaseDropped, clients.FlawFencedNoUndo, clients.FlawUnlockRenewalKept} {
		known[f] = true
	}
	for algo, entries := range knownBugs {
		for _, k := range entries {
			for _, p := range k.paths {
				if !known[p] {
					t.Errorf("%s %s: unknown path %q", algo, k.property, p)
				}
			}
		}
	}
}

// What the catalog is for: a new bug with a known symptom is unexpected.
// A mutant that drops unlock's owner check breaks mutual exclusion, the
// property of several real 3.16.8 bugs; on the same seeds the real
// algorithm's bug-class violations are all explained, the mutant's are
// not all.
func TestNewBugWithAKnownSymptomIsUnexpected(t *testing.T) {
	unexplained := func(mutant string) (n, bugs int) {
		for seed := uint64(1); seed <= 8; seed++ {
			_, res, err := Run(clients.RunConfig{Algo: "rlock-3.16.8", Seed: seed, Preset: "none", Mutant: mutant})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range res.Violations {
				if v.Class != checks.Bug {
					continue
				}
				bugs++
				if !Known(v) {
					n++
					if mutant == "" {
						t.Errorf("seed %d: the real algorithm's %s is not explained", seed, v)
					}
				}
			}
		}
		return n, bugs
	}
	if _, bugs := unexplained(""); bugs == 0 {
		t.Fatal("no bug-class violation in the real algorithm's runs: the test proves nothing")
	}
	if n, bugs := unexplained("unlock-no-owner-check-3.16.8"); n == 0 {
		t.Fatalf("the mutant's %d bug-class violations were all excused as known", bugs)
	}
}

// The explanation names every path of the entry the run took, in order.
func TestExplainNamesEveryPath(t *testing.T) {
	h := model.History{
		Flaws: []model.FlawAt{{At: 5, Flaw: string(clients.FlawResend)}, {At: 2, Flaw: string(clients.FlawLeaseKept)}, {At: 7, Flaw: string(clients.FlawResend)}},
		Ops:   []model.Op{{Call: model.CallForceUnlock, ExecAt: 1, ExecVirtual: 3}},
	}
	v := checks.Violation{Property: "mutex", Class: checks.Bug, At: 6}
	if got, want := Explain("rlock-3.16.8", v, &h), "mutex via lease-kept, force-unlock, resend"; got != want {
		t.Fatalf("Explain = %q, want %q", got, want)
	}
}

// A Redisson finding is matched only by a violation that its path explains.
func TestFindingNeedsItsPath(t *testing.T) {
	var f Finding
	for _, g := range Findings {
		if g.Algo == "rlock-3.8.1" && g.Preset == "none" && g.Property == "mutex" {
			f = g
		}
	}
	v := checks.Violation{Property: "mutex", Class: checks.Bug, Known: "mutex via force-unlock"}
	if f.Matches(v) {
		t.Fatalf("%s matched a mutex violation explained by forceUnlock alone", f.Why)
	}
	v.Known = "mutex via force-unlock, renewal-cancelled-for-all"
	if !f.Matches(v) {
		t.Fatalf("%s did not match a violation its path explains", f.Why)
	}
	for _, g := range Findings {
		if _, _, redisson := clients.RedissonAlgo(g.Algo); !redisson || g.Class != checks.Bug {
			continue
		}
		var catalog []clients.Flaw
		for _, k := range knownBugs[g.Algo] {
			catalog = union(catalog, k.paths)
		}
		if g.Path == "" || !slices.Contains(catalog, g.Path) {
			t.Errorf("%s/%s/%s: path %q is not one of %s's catalog", g.Algo, g.Preset, g.Property, g.Path, g.Algo)
		}
	}
}
