package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/report/sweeplog"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/verdict"
)

// sweepFlags are the flags of every command that runs a seed range.
type sweepFlags struct {
	seeds   flagx.SeedRange
	workers int
}

// maxWorkers bounds --workers: each worker is one goroutine running one
// simulation at a time. The command runs no more than boundWorkers
// allows, whatever the flag says.
const maxWorkers = 1024

// register adds --seeds (LO-HI, lo-hi by default) and --workers to fs.
func (s *sweepFlags) register(fs *flag.FlagSet, lo, hi uint64) {
	s.seeds = flagx.SeedRange{Lo: lo, Hi: hi}
	fs.Var(&s.seeds, "seeds", fmt.Sprintf("seed range `LO-HI` (or one seed N; at most %d seeds)", flagx.MaxSeeds))
	flagx.IntVar(fs, &s.workers, "workers", runtime.NumCPU(), 1, maxWorkers, "`N` parallel runs, at most one per core and one per GiB of simrun's memory limit (results are identical to one worker)")
}

// n is how many runs go in parallel: the flag's, within boundWorkers.
func (s *sweepFlags) n() int { return boundWorkers(s.workers, runReserve) }

// batch is a verdict.Batch on the flags' workers, each phase shown by a
// progress bar on stderr.
func (s *sweepFlags) batch(stderr io.Writer) verdict.Batch {
	return verdict.Batch{Workers: s.n(), Meter: meter(stderr)}
}

// runSweep implements `simrun sweep --algo NAME --preset P --seeds LO-HI
// [--workers N] [--shard i/n] [--json]`: exit 0 when no bug-class
// violation occurred, 1 otherwise. Each run's violations are printed as
// soon as it and every earlier seed are done, so an interrupted sweep
// keeps what it finished; the summary line comes last, marked interrupted
// if it was.
func runSweep(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	var rf runFlags
	rf.register(fs, false)
	var sf sweepFlags
	sf.register(fs, 1, 100)
	shard := flagx.Shard{I: 1, N: 1}
	fs.Var(&shard, "shard", "take shard `i/n` of the seed range: every n-th seed from the i-th")
	asJSON := fs.Bool("json", false, "one JSON object per violation, then a {\"summary\": ...} line")
	confirm := fs.Bool("confirm", false, "confirm every by-design excuse by counterfactual runs (each excusing fault left out); an excuse that does not hold is re-judged")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	seeds := sf.seeds
	if fs.NArg() > 0 {
		return usage(stderr, "sweep: unexpected argument "+flagx.Quote(fs.Arg(0)))
	}
	n := shard.Count(seeds)
	if n == 0 {
		return usage(stderr, fmt.Sprintf("sweep: shard %s of seeds %s holds no seed", shard.String(), seeds.String()))
	}
	config := func(k uint64) run.Config {
		cfg := rf.config()
		cfg.Seed = shard.Seed(seeds, k)
		return cfg
	}
	rf.seed = config(0).Seed // the run validate builds: the first of the shard
	if err := rf.validate(fs, false); err != nil {
		return usage(stderr, "sweep: "+err.Error())
	}
	log := &sweeplog.Log{W: stdout, JSON: *asJSON, Algo: rf.algo, Preset: rf.preset, Seeds: seeds.String(), Shard: shard.String()}
	if os.Getenv("GITHUB_ACTIONS") == "true" {
		log.Annotations = stderr
	}
	var runErr error
	check := verdict.CheckConfig
	if *confirm {
		check = verdict.ConfirmConfig
	}
	done := sf.batch(stderr).Run(ctx, "simulating", n, check, config, func(_ uint64, cfg run.Config, res verdict.Outcome) {
		if res.Err != nil {
			if runErr == nil {
				runErr = fmt.Errorf("seed %d: %w", cfg.Seed, res.Err)
			}
			return
		}
		log.Add(cfg, res.Violations)
	})
	if runErr != nil {
		return runFailed(stderr, "sweep", runErr)
	}
	var last uint64
	if done > 0 {
		last = shard.Seed(seeds, done-1)
	}
	log.Summary(done, n, last)
	if done < n {
		return interrupt.ExitCode(ctx)
	}
	if log.BugRuns > 0 {
		return exitViolated
	}
	return exitOK
}
