package verdict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Statement coverage of the Redisson scripts: which statements the runs
// of the main job execute without faults, and, for each one they do not,
// why no workload reaches it (or how rarely one does).

// ScriptStatement is one statement of one script, with its runs.
type ScriptStatement struct {
	Script string // the script's ID
	sim.Statement
}

// Key names a statement in the tables below: "<script ID>#<index>".
func (s ScriptStatement) Key() string { return fmt.Sprintf("%s#%d", s.Script, s.Index) }

// Unreachable says why the runs never execute a statement without faults,
// for the statements that need a fault or are dead code. A test keeps it
// true: every statement the fault-free runs miss has a reason here, and
// every reason here is for a statement they miss.
var Unreachable = map[string]string{
	"3.8.1/RedissonLock.unlockInnerAsync#16":  "dead code: both branches of the if before it return",
	"3.16.8/RedissonLock.unlockInnerAsync#12": "dead code: both branches of the if before it return",
	"3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN#18": "tryLock() (EVAL_NULL_BOOLEAN) never queues its caller, so it can find itself at the head only from an " +
		"earlier call that queued it and never left: one that threw after its enqueue ran (a lost reply, a crash) — a fault",
	"4.7.0/RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN#18": "as in 3.16.8: tryLock() never queues its caller, so it finds itself at the head only after an earlier call " +
		"queued it and threw after its enqueue ran (a lost reply, a crash) — a fault",
	"4.7.0/RedissonLock.unlockInnerAsync#2": "the latch answers only a repeat of the same unlock (its request id): a batch re-sent after a lost reply " +
		"with replicas, or ServiceManager.execute's repeat after a WAIT that counted no replica — a fault",
	"4.7.0/RedissonFairLock.unlockInnerAsync#2": "the latch answers only a repeat of the same unlock (its request id): a batch re-sent after a lost reply " +
		"with replicas, or ServiceManager.execute's repeat after a WAIT that counted no replica — a fault",
}

// CoverageSeeds are fault-free seeds (beyond the main job's default range)
// that reach statements the default range misses, per algorithm: found by
// FindCoverageSeeds, run by the main job with preset none.
var CoverageSeeds = map[string][]uint64{
	"rlock-3.8.1":      {67},
	"fairlock-3.8.1":   {39, 42, 49, 183},
	"rlock-4.7.0":      {37},  // a holder whose lease ran out (internalLockLeaseTime) force-unlocks a free lock: 0
	"fairlock-4.7.0":   {29},  // the same for the fair lock
	"fencedlock-4.7.0": {119}, // the same, for the fenced lock
}

// Coverage runs cfgs (each with its own count, merged in order) and
// returns every statement of algo's scripts with its runs.
func Coverage(algo string, cfgs []run.Config) ([]ScriptStatement, error) {
	all := sim.NewCoverage()
	for _, cfg := range cfgs {
		c := sim.NewCoverage()
		cfg.Coverage = c
		r, _, err := Run(cfg)
		if err != nil {
			return nil, err
		}
		r.Recycle()
		all.Merge(c)
	}
	return Statements(algo, all)
}

// Statements lists the statements of algo's scripts with their runs in c
// (nil for a simple lock: their one script is seed 003's, not Redisson's).
func Statements(algo string, c *sim.Coverage) ([]ScriptStatement, error) {
	version, fair, redisson := clients.RedissonAlgo(algo)
	if !redisson {
		return nil, nil
	}
	set, err := clients.LoadScripts(version, "")
	if err != nil {
		return nil, err
	}
	var out []ScriptStatement
	for _, sc := range set.All(fair, strings.HasPrefix(algo, "fencedlock-")) {
		for _, st := range c.Statements(sc) {
			out = append(out, ScriptStatement{Script: sc.ID, Statement: st})
		}
	}
	return out, nil
}

// Missed are the statements of sts that never ran and are not explained
// in Unreachable.
func Missed(sts []ScriptStatement) []ScriptStatement {
	var out []ScriptStatement
	for _, s := range sts {
		if s.Runs == 0 && Unreachable[s.Key()] == "" {
			out = append(out, s)
		}
	}
	return out
}

// FindCoverageSeeds searches fault-free seeds from..to of algo for the
// first that runs each statement in missed, and returns those seeds.
func FindCoverageSeeds(algo string, missed []ScriptStatement, from, to uint64) ([]uint64, []ScriptStatement, error) {
	left := slices.Clone(missed)
	var seeds []uint64
	for seed := from; seed <= to && len(left) > 0; seed++ {
		sts, err := Coverage(algo, []run.Config{run.SweepConfig(algo, seed, "none")})
		if err != nil {
			return nil, nil, err
		}
		ran := map[string]bool{}
		for _, s := range sts {
			if s.Runs > 0 {
				ran[s.Key()] = true
			}
		}
		hit := false
		left = slices.DeleteFunc(left, func(s ScriptStatement) bool {
			if ran[s.Key()] {
				hit = true
				return true
			}
			return false
		})
		if hit {
			seeds = append(seeds, seed)
		}
	}
	return seeds, left, nil
}
