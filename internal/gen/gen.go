package gen

import (
	"slices"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"pgregory.net/rapid"
)

// RunConfig draws a run.Config that simrun run's flags accept: scripts,
// a mutant and Redisson settings only for the Redisson algorithms, a
// thread wait time only for the fair locks that take one, a mutant of the algorithm
// (and then no script directory).
func RunConfig(t *rapid.T) run.Config {
	opt := func(g *rapid.Generator[int64], name string) int64 {
		if rapid.Bool().Draw(t, name+"?") {
			return g.Draw(t, name)
		}
		return 0
	}
	c := run.Config{
		Algo:    rapid.SampledFrom(clients.Algorithms).Draw(t, "algo"),
		Seed:    rapid.Uint64().Draw(t, "seed"),
		Preset:  rapid.SampledFrom(sim.Presets).Draw(t, "preset"),
		Procs:   rapid.IntRange(0, 64).Draw(t, "procs"),
		Threads: rapid.IntRange(0, 32).Draw(t, "threads"),
	}
	c.Safety = sim.Duration(opt(rapid.Int64Range(1, 86400), "safety") * int64(sim.Second))
	c.Liveness = sim.Duration(opt(rapid.Int64Range(1000, 86_400_000), "liveness") * int64(sim.Millisecond))
	if rapid.Bool().Draw(t, "skip?") {
		c.SkipFaults = rapid.SliceOfNDistinct(rapid.IntRange(0, 9999), 1, 5, rapid.ID[int]).Draw(t, "skip")
		slices.Sort(c.SkipFaults) // a set: simrun's flags and the shrinker keep it sorted
	}
	c.StepByStep = rapid.Bool().Draw(t, "step-by-step")
	if _, _, redisson := clients.RedissonAlgo(c.Algo); !redisson {
		return c
	}
	c.Scripts = rapid.SampledFrom([]string{"", "my scripts", `a "quoted" \ path é`, "-dash"}).Draw(t, "scripts")
	mutants := []string{""}
	for _, m := range clients.Mutants {
		if m.Algo == c.Algo {
			mutants = append(mutants, m.Name)
		}
	}
	c.Mutant = rapid.SampledFrom(mutants).Draw(t, "mutant")
	if c.Mutant != "" {
		c.Scripts = "" // a mutant runs the catalog's scripts: the flags refuse a directory beside it
	}
	ms := rapid.Int64Range(100, 3_600_000)
	c.Client = clients.ClientOverrides{LockWatchdogTimeout: opt(ms, "watchdog"), Timeout: opt(ms, "timeout"),
		RetryAttempts: int(opt(rapid.Int64Range(1, 100), "attempts")), RetryInterval: opt(ms, "interval")}
	if slices.Contains(clients.AlgosWhere(func(o *clients.Options) bool { return o.Fair && !o.FixedThreadWait() }), c.Algo) {
		c.Client.ThreadWaitTime = opt(ms, "wait")
	}
	if slices.Contains(clients.AlgosWhere(func(o *clients.Options) bool { return o.SubscriptionTimeout > 0 }), c.Algo) {
		c.Client.SubscriptionTimeout = opt(ms, "subscription")
	}
	return c
}
