package verdict

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
)

// TestRedissonScriptsSplitIntoStatements: every Redisson script splits
// into statements whose instructions are the script's own, not the whole
// script as one statement, which is what sim.Coverage falls back to when
// its split does not compile to the script's instructions; a report of
// one statement per script would say nothing.
func TestRedissonScriptsSplitIntoStatements(t *testing.T) {
	for _, s := range scripts.All() {
		sc, err := sim.CompileScript(s.ID, s.Source)
		if err != nil {
			t.Fatal(err)
		}
		if sts := sim.NewCoverage().Statements(sc); len(sts) < 3 {
			t.Errorf("%s: %d statements: %+v", s.ID, len(sts), sts)
		}
	}
}

// MainJobSeeds is the main job's default seed range.
const mainJobSeeds = 20

// faultFree is the main job's fault-free runs of algo: seeds 1-20 and
// the coverage seeds, preset none.
func faultFree(algo string) []run.Config {
	var cfgs []run.Config
	for s := uint64(1); s <= mainJobSeeds; s++ {
		cfgs = append(cfgs, run.SweepConfig(algo, s, "none"))
	}
	for _, s := range CoverageSeeds[algo] {
		cfgs = append(cfgs, run.SweepConfig(algo, s, "none"))
	}
	return cfgs
}

// TestFaultFreeRunsCoverEveryReachableStatement: the main job's runs
// without faults execute every statement of every Redisson script, but
// those Unreachable explains; and each explanation is for a statement
// they miss. With LOCKSIM_FIND_SEEDS=1 it searches for coverage seeds
// instead and prints the table to paste.
func TestFaultFreeRunsCoverEveryReachableStatement(t *testing.T) {
	find := os.Getenv("LOCKSIM_FIND_SEEDS") == "1"
	found := map[string][]uint64{}
	exists := map[string]bool{}
	for _, algo := range clients.Algorithms {
		if _, _, redisson := clients.RedissonAlgo(algo); !redisson {
			continue
		}
		sts, err := Coverage(algo, faultFree(algo))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sts {
			exists[s.Key()] = true
			if why := Unreachable[s.Key()]; why != "" && s.Runs > 0 {
				t.Errorf("%s: %q ran %d times, but Unreachable says: %s", s.Key(), s.Text, s.Runs, why)
			}
		}
		missed := Missed(sts)
		if find {
			seeds, left, err := FindCoverageSeeds(algo, missed, mainJobSeeds+1, 3000)
			if err != nil {
				t.Fatal(err)
			}
			found[algo] = append(CoverageSeeds[algo], seeds...)
			for _, s := range left {
				t.Logf("%s: %s %q: no fault-free seed up to 3000 runs it", algo, s.Key(), s.Text)
			}
			continue
		}
		for _, s := range missed {
			t.Errorf("%s: %s %q never runs without faults and Unreachable does not say why (LOCKSIM_FIND_SEEDS=1 go test -run %s ./verdict/ finds coverage seeds)",
				algo, s.Key(), s.Text, t.Name())
		}
	}
	for key := range Unreachable {
		if !exists[key] {
			t.Errorf("Unreachable explains %s, which is no statement of any script", key)
		}
	}
	if find {
		var b strings.Builder
		for _, algo := range clients.Algorithms {
			if s := found[algo]; len(s) > 0 {
				fmt.Fprintf(&b, "\t%q: {%s},\n", algo, strings.Trim(strings.ReplaceAll(fmt.Sprint(s), " ", ", "), "[]"))
			}
		}
		t.Logf("CoverageSeeds:\n%s", b.String())
	}
}
