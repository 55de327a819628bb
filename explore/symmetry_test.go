package explore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSymmetryIsSound runs small configurations with and without symmetry
// reduction. The reduced search must find the same things — the same bug
// and by-design findings with the same counterexamples, the same
// liveness outcome — and its classes of states must add up to the
// unreduced count; it must keep no more states, and fewer wherever two
// threads are interchangeable.
func TestSymmetryIsSound(t *testing.T) {
	cfgs := []Config{
		{Algo: "rlock-3.16.8", Threads: 3, Acquires: 1},
		{Algo: "rlock-3.16.8", Threads: 2, Acquires: 1, Faults: mustFaults(t, "drop:1")},
		{Algo: "rlock-3.16.8", Threads: 2, Acquires: 1, Faults: mustFaults(t, "pause:1")},
		{Algo: "rlock-3.16.8", Threads: 4, PerProc: 2, Acquires: 1},
		{Algo: "rlock-3.8.1", Threads: 2, Acquires: 1, Faults: mustFaults(t, "drop:1")},
		{Algo: "rlock-3.8.1", Threads: 2, Acquires: 2},
		{Algo: "rlock-3.8.1", Threads: 2, PerProc: 2, Ops: []string{"reentrant"}},
		{Algo: "fairlock-3.8.1", Threads: 2, Acquires: 1, Faults: mustFaults(t, "restart:1")},
		{Algo: "fairlock-3.8.1", Threads: 2, Acquires: 1, Faults: mustFaults(t, "drop:1")},
		{Algo: "fairlock-3.16.8", Threads: 2, Acquires: 1},
		{Algo: "fairlock-3.16.8", Threads: 2, PerProc: 2, Acquires: 1, Faults: mustFaults(t, "drop:1")},
		{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 2},
		{Algo: "rlock-4.7.0", Threads: 2, Acquires: 1, Faults: mustFaults(t, "crash:1")},
		{Algo: "rlock-4.7.0", Threads: 2, Ops: []string{"lock", "trylock-wait"}},
		{Algo: "fairlock-4.7.0", Threads: 2, Acquires: 1},
		{Algo: "rlock-4.7.0", Threads: 2, Acquires: 1, Faults: mustFaults(t, "interrupt:1")},
		{Algo: "rlock-3.16.8", Threads: 2, Ops: []string{"lock", "reentrant"}, Faults: mustFaults(t, "interrupt:1")},
		{Algo: "fencedlock-4.7.0", Threads: 2, PerProc: 2, Acquires: 1, Faults: mustFaults(t, "interrupt:1")},
		{Algo: "set-px", Threads: 3, Acquires: 1},
		{Algo: "set-uuid-getdel", Threads: 3, Acquires: 1},
		{Algo: "set-uuid-getdel", Threads: 2, Acquires: 1, Faults: mustFaults(t, "crash:1")},
		{Algo: "set-px", Threads: 4, Acquires: 1},
		{Algo: "set-px", Threads: 4, PerProc: 4, Acquires: 1},
		{Algo: "setnx-expire", Threads: 2, Acquires: 1, Faults: mustFaults(t, "crash:1")},
		{Algo: "rlock-3.16.8", Threads: 2, Ops: []string{"lock", "force-unlock"}},
		{Algo: "fairlock-3.8.1", Threads: 2, Ops: []string{"lock-lease", "trylock-wait-lease"}},
	}
	if testing.Short() {
		cfgs = cfgs[:8]
	}
	for _, cfg := range cfgs {
		t.Run(strings.ReplaceAll(cfg.Header(), " ", "_"), func(t *testing.T) {
			off := cfg
			off.NoSymmetry = true
			full, red := mustExplore(t, off), mustExplore(t, cfg)
			if full.Stats.Symmetry != 1 || full.Stats.Unreduced != full.Stats.Distinct {
				t.Fatalf("without reduction: %+v", full.Stats)
			}
			if a, b := findingsText(red), findingsText(full); a != b {
				t.Fatalf("the findings differ:\nreduced:\n%s\nunreduced:\n%s", a, b)
			}
			rs, fs := red.Stats, full.Stats
			if rs.Depth != fs.Depth || rs.Complete != fs.Complete || red.Liveness != full.Liveness {
				t.Fatalf("reduced %+v (liveness %v), unreduced %+v (liveness %v)", rs, red.Liveness, fs, full.Liveness)
			}
			if rs.Distinct > fs.Distinct || (rs.Symmetry > 1 && rs.Distinct == fs.Distinct) {
				t.Fatalf("%d distinct states reduced, %d unreduced (%d renamings)", rs.Distinct, fs.Distinct, rs.Symmetry)
			}
			// Where both searches end with every reachable state, the
			// classes cover exactly the unreduced states.
			if rs.Complete && rs.Unreduced != fs.Distinct {
				t.Fatalf("the classes add up to %d states, the unreduced search has %d", rs.Unreduced, fs.Distinct)
			}
			t.Logf("%d renamings: %d distinct states for %d (×%.2f)", rs.Symmetry, rs.Distinct, fs.Distinct, float64(fs.Distinct)/float64(rs.Distinct))
		})
	}
}

// findingsText is what a search found, counts aside: the verdict, each
// finding and its counterexample as a scenario.
func findingsText(r *Result) string {
	var b strings.Builder
	for _, line := range strings.Split(r.Summary(), "\n") {
		if !strings.HasPrefix(line, "states explored") && !strings.HasPrefix(line, "symmetry:") {
			b.WriteString(line + "\n")
		}
	}
	if r.Violation != nil {
		b.WriteString(r.Scenario())
	}
	for _, v := range r.ByDesign {
		b.WriteString(v.Scenario(r.Config))
	}
	return b.String()
}

// TestSavedCounterexamplesFoundAgain (LOCKSIM_SAVED_COUNTEREXAMPLES=1;
// minutes) searches again, with symmetry reduction, the configuration of
// every counterexample results/explore holds, and wants it found again
// byte for byte: the reduced search reports the paths the unreduced one
// saved.
func TestSavedCounterexamplesFoundAgain(t *testing.T) {
	if os.Getenv("LOCKSIM_SAVED_COUNTEREXAMPLES") != "1" {
		t.Skip("set LOCKSIM_SAVED_COUNTEREXAMPLES=1 to search every saved counterexample's configuration again")
	}
	files, _ := filepath.Glob("../results/explore/*.txt")
	if len(files) == 0 {
		t.Fatal("no saved counterexamples")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			text := string(b)
			var cfg Config
			for _, line := range strings.Split(text, "\n") {
				if rest, ok := strings.CutPrefix(line, "explore "); ok {
					if cfg, err = ParseHeader(strings.Fields(rest)); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
			r := mustExplore(t, cfg)
			got := r.Scenario()
			if strings.Contains(strings.SplitN(text, "\n", 3)[1], "# by design ") {
				got = ""
				for _, v := range r.ByDesign {
					if s := v.Scenario(cfg); strings.SplitN(s, "\n", 3)[1] == strings.SplitN(text, "\n", 3)[1] {
						got = s
					}
				}
			}
			if got != text {
				t.Fatalf("%s: found (%d distinct states, %d renamings):\n%s", cfg.Header(), r.Stats.Distinct, r.Stats.Symmetry, got)
			}
			t.Logf("%s: found again in %d distinct states for %d", cfg.Header(), r.Stats.Distinct, r.Stats.Unreduced)
		})
	}
}
