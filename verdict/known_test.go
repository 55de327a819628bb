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
// the entry's paths where it could have made the violation — a thread of
// the actors' processes, from the call that began the hold it broke (or
// the call before) to the violation; a forceUnlock whose script ran at
// the store in that window; for linearizability any thread up to the
// return of the call that cannot be placed — and the simple locks need
// none.
func TestExplainNeedsThePath(t *testing.T) {
	s := func(n float64) sim.Time { return sim.Time(n * float64(sim.Second)) }
	at := s(100)
	mutex := checks.Violation{Property: "mutex", Class: checks.Bug, At: at, Actors: []string{"u:1", "w:1"}}
	lin := checks.Violation{Property: "linearizable", Class: checks.Bug, At: at, Actors: []string{"u:1"}}
	// u:1 (process c1) called lock() at 80 s, held from 90 s; w:1 (c2) took
	// the lock at 100 s; u:1's call before was an unlock at 60 s.
	base := func() model.History {
		return model.History{
			Ops: []model.Op{
				{Proc: "c1", Owner: "u:1", Call: model.CallUnlock, Start: s(60), End: s(61)},
				{Proc: "c1", Owner: "u:1", Call: model.CallLock, Start: s(80), End: s(90)},
				{Proc: "c2", Owner: "w:1", Call: model.CallLock, Start: s(95), End: at},
			},
			Sections: []model.Section{
				{Proc: "c1", Owner: "u:1", Called: s(80), Start: s(90), End: -1},
				{Proc: "c2", Owner: "w:1", Called: s(95), Start: at, End: -1},
			},
			Store: []model.StoreSample{{At: s(50)}, {At: s(89)}, {At: s(90), Holders: []string{"u:1"}}},
		}
	}
	with := func(flaws []model.FlawAt, samples ...model.StoreSample) model.History {
		h := base()
		h.Flaws = flaws
		h.Store = append(h.Store, samples...)
		slices.SortStableFunc(h.Store, func(a, b model.StoreSample) int { return int(a.At - b.At) })
		return h
	}
	flaw := func(f clients.Flaw, proc string, when sim.Time) []model.FlawAt {
		return []model.FlawAt{{At: when, Proc: proc, Owner: "x:1", Flaw: string(f)}}
	}
	force := func(when sim.Time) model.StoreSample {
		return model.StoreSample{At: when, Script: "4.7.0/RedissonLock.forceUnlockAsync", Holders: []string{"u:1"}}
	}
	for _, c := range []struct {
		name, algo string
		v          checks.Violation
		h          model.History
		want       string
	}{
		{"the algorithm is the flaw", "set-px", mutex, model.History{}, "mutex"},
		{"no path", "rlock-3.16.8", mutex, base(), ""},
		{"a path of another property", "rlock-3.16.8", mutex, with(flaw(clients.FlawStaleSubscription, "c1", s(95))), ""},
		{"its path in the hold's call", "rlock-3.16.8", mutex, with(flaw(clients.FlawLeaseKept, "c1", s(80))), "mutex via lease-kept"},
		{"its path in the call before", "rlock-3.16.8", mutex, with(flaw(clients.FlawLeaseKept, "c1", s(60))), "mutex via lease-kept"},
		{"its path long before", "rlock-3.16.8", mutex, with(flaw(clients.FlawLeaseKept, "c1", s(20))), ""},
		{"its path after", "rlock-3.16.8", mutex, with(flaw(clients.FlawLeaseKept, "c1", at+1)), ""},
		{"the path of another process", "rlock-3.16.8", mutex, with(flaw(clients.FlawLeaseKept, "c9", s(95))), ""},
		{"another version's path", "rlock-3.8.1", mutex, with(flaw(clients.FlawLeaseKept, "c1", s(95))), ""},
		{"forceUnlock ran in the hold", "rlock-4.7.0", mutex, with(nil, force(s(97))), "mutex via force-unlock"},
		{"forceUnlock ran long before", "rlock-4.7.0", mutex, with(nil, force(s(30))), ""},
		{"forceUnlock never ran", "rlock-4.7.0", mutex, base(), ""},
		{"linearizable: any process, up to the call's return", "rlock-3.16.8", lin, with(flaw(clients.FlawLeaseKept, "c9", s(85))), "linearizable via lease-kept"},
		{"linearizable: not after the call's return", "rlock-3.16.8", lin, with(flaw(clients.FlawLeaseKept, "c9", s(91))), ""},
		{"linearizable: not another version's", "rlock-3.16.8", lin, with(flaw(clients.FlawInterruptSwallowed, "c1", s(85))), ""},
		{"no entry for the property", "set-uuid-lua", mutex, model.History{}, ""},
	} {
		if c.v.Property == "linearizable" {
			c.v.At = s(80) // the unplaceable call: u:1's lock(), 80-90 s
		}
		if got := Explain(c.algo, c.v, &c.h); got != c.want {
			t.Errorf("%s: Explain(%s) = %q, want %q", c.name, c.algo, got, c.want)
		}
	}
}

// A hold the thread does not count came from an earlier call: the window
// reaches back to the last moment the store held nothing of the owner.
func TestExplainReachesBackToTheExtraHold(t *testing.T) {
	s := func(n float64) sim.Time { return sim.Time(n * float64(sim.Second)) }
	h := model.History{
		Ops: []model.Op{
			{Proc: "c1", Owner: "u:1", Call: model.CallLock, Start: s(10), End: s(12), Outcome: "error"},
			{Proc: "c1", Owner: "u:1", Call: model.CallLock, Start: s(30), End: s(31)},
			{Proc: "c1", Owner: "u:1", Call: model.CallLock, Start: s(50), End: s(51)},
		},
		Sections: []model.Section{{Proc: "c1", Owner: "u:1", Called: s(50), Start: s(51), End: -1}},
		Store:    []model.StoreSample{{At: s(9)}, {At: s(11), Holders: []string{"u:1"}}, {At: s(51), Holders: []string{"u:1"}}},
		Flaws:    []model.FlawAt{{At: s(11), Proc: "c1", Owner: "u:1", Flaw: string(clients.FlawResendAcquire)}},
	}
	v := checks.Violation{Property: "holds", Class: checks.Bug, At: s(51), Actors: []string{"u:1"}}
	if got, want := Explain("rlock-3.16.8", v, &h), "holds via resend-acquire"; got != want {
		t.Fatalf("Explain = %q, want %q", got, want)
	}
	// the store held nothing of u:1 at 40 s: its hold is younger than the path
	h.Store = []model.StoreSample{{At: s(11), Holders: []string{"u:1"}}, {At: s(40)}, {At: s(51), Holders: []string{"u:1"}}}
	if got := Explain("rlock-3.16.8", v, &h); got != "" {
		t.Fatalf("Explain = %q, want none: the path came before the store last held nothing of u:1", got)
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
		Ops:      []model.Op{{Proc: "c1", Owner: "u:1", Call: model.CallLock, Start: 1, End: 2}},
		Sections: []model.Section{{Proc: "c1", Owner: "u:1", Called: 1, Start: 2, End: -1}},
		Flaws: []model.FlawAt{{At: 5, Proc: "c1", Flaw: string(clients.FlawResend)}, {At: 2, Proc: "c1", Flaw: string(clients.FlawLeaseKept)},
			{At: 7, Proc: "c1", Flaw: string(clients.FlawResend)}},
		Store: []model.StoreSample{{At: 3, Script: "3.16.8/RedissonLock.forceUnlockAsync"}},
	}
	v := checks.Violation{Property: "mutex", Class: checks.Bug, At: 6, Actors: []string{"u:1"}}
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
