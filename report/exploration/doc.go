// Package exploration writes what `simrun explore` gives besides its
// summary on stdout: the JSON document of --json (docs/json.md: one
// search, or a change's search beside the unmodified one and the findings
// only the change reaches), the scenario files its counterexamples are
// saved as (Save, named by ConfigFile), and results/explore.md (Write):
// package explore's searches over a ladder of configurations — every
// algorithm at every fault-free bound and under one fault of each kind,
// the larger bounds, and the Redisson client's call mixes — each
// counterexample saved beside the report as a scenario file (`simrun
// scenario FILE` replays it), and the counterexamples an earlier report
// saved that this one no longer finds removed, so the scenario tests
// never replay a stale one.
//
// The searches are package explore's (deterministic, whatever the number
// of workers); the caller times each one (Search), so the report's times
// and rates are the only figures that change from machine to machine.
//
// It imports clients, explore and internal/atomicfile of this project.
package exploration
