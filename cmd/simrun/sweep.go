package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/internal/jsonl"
	"github.com/locksim/locksim/verdict"
)

// sweepFlags are the flags of every command that runs a seed range.
type sweepFlags struct {
	seeds   flagx.SeedRange
	workers int
}

// maxWorkers bounds --workers: each worker is one goroutine running one
// simulation at a time.
const maxWorkers = 1024

// register adds --seeds (LO-HI, lo-hi by default) and --workers to fs.
func (s *sweepFlags) register(fs *flag.FlagSet, lo, hi uint64) {
	s.seeds = flagx.SeedRange{Lo: lo, Hi: hi}
	fs.Var(&s.seeds, "seeds", fmt.Sprintf("seed range `LO-HI` (or one seed N; at most %d seeds)", flagx.MaxSeeds))
	flagx.IntVar(fs, &s.workers, "workers", runtime.NumCPU(), 1, maxWorkers, "`N` parallel runs (results are identical to one worker)")
}

// batch is a verdict.Batch on the flags' workers, each phase shown by a
// progress bar on stderr.
func (s *sweepFlags) batch(stderr io.Writer) verdict.Batch {
	return verdict.Batch{Workers: s.workers, Meter: meter(stderr)}
}

// githubError prints a GitHub Actions annotation for a bug-class
// violation, so it shows on the run's summary page.
func githubError(w io.Writer, cfg clients.RunConfig, v checks.Violation, cmd string) {
	esc := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	fmt.Fprintf(w, "::error title=%s %s (%s, seed %d)::%s%%0Areproduce: %s\n",
		v.Property, v.Class, cfg.Algo, cfg.Seed, esc.Replace(v.String()), esc.Replace(cmd))
}

// jsonViolation is one line of `sweep --json`.
type jsonViolation struct {
	Algo      string   `json:"algo"`
	Preset    string   `json:"preset"`
	Seed      uint64   `json:"seed"`
	Property  string   `json:"property"`
	Kind      string   `json:"kind,omitempty"`
	Class     string   `json:"class"`
	Known     bool     `json:"known,omitempty"` // a bug of the known-bug catalog (verdict.Known)
	Excuse    string   `json:"excuse,omitempty"`
	Confirmed string   `json:"confirmed,omitempty"` // with --confirm: what the counterfactual run said
	AtMs      float64  `json:"at_ms"`
	Actors    []string `json:"actors"`
	Detail    string   `json:"detail"`
	Reproduce string   `json:"reproduce"`
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
	rf.register(fs)
	var sf sweepFlags
	sf.register(fs, 1, 100)
	shard := flagx.Shard{I: 1, N: 1}
	fs.Var(&shard, "shard", "take shard `i/n` of the seed range: every n-th seed from the i-th (default 1/1)")
	asJSON := fs.Bool("json", false, "one JSON object per violation, then a {\"summary\": ...} line")
	confirm := fs.Bool("confirm", false, "confirm every by-design excuse by counterfactual runs (each excusing fault left out); an excuse that does not hold is re-judged")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	seeds := sf.seeds
	if fs.NArg() > 0 {
		return usage(stderr, "sweep: unexpected argument "+strconv.Quote(fs.Arg(0)))
	}
	if err := rf.check(fs); err != nil {
		return usage(stderr, "sweep: "+err.Error())
	}
	if fs.Lookup("seed") != nil && flagx.Visited(fs)["seed"] {
		return usage(stderr, "sweep: --seed does not apply (a sweep runs --seeds LO-HI)")
	}
	n := shard.Count(seeds)
	if n == 0 {
		return usage(stderr, fmt.Sprintf("sweep: shard %s of seeds %s holds no seed", shard.String(), seeds.String()))
	}
	config := func(k uint64) clients.RunConfig {
		cfg := rf.config()
		cfg.Seed = shard.Seed(seeds, k)
		return cfg
	}
	if _, err := clients.NewRun(config(0), nil); err != nil {
		return usage(stderr, "sweep: "+err.Error())
	}
	counts := map[string]int{}
	bugRuns := 0
	var runErr error
	check := verdict.CheckConfig
	if *confirm {
		check = verdict.ConfirmConfig
	}
	done := sf.batch(stderr).Run(ctx, "simulating", n, check, config, func(_ uint64, cfg clients.RunConfig, res verdict.Outcome) {
		if res.Err != nil {
			if runErr == nil {
				runErr = fmt.Errorf("seed %d: %v", cfg.Seed, res.Err)
			}
			return
		}
		bug := false
		for _, v := range res.Violations {
			counts[v.Property+"/"+string(v.Class)]++
			bug = bug || v.Class == checks.Bug
			cmd := cfg.Command()
			if v.Class == checks.Bug && os.Getenv("GITHUB_ACTIONS") == "true" {
				githubError(stdout, cfg, v, cmd)
			}
			if *asJSON {
				var b bytes.Buffer
				_ = jsonl.Append(&b, jsonViolation{Algo: cfg.Algo, Preset: cfg.Preset, Seed: cfg.Seed, Property: v.Property, Kind: v.Kind, Class: string(v.Class),
					Known: v.Class == checks.Bug && verdict.Known(cfg.Algo, v), Excuse: v.Excuse, Confirmed: v.Confirmed, AtMs: float64(v.At) / 1000, Actors: v.Actors, Detail: v.Detail, Reproduce: cmd})
				fmt.Fprintln(stdout, b.String())
			} else {
				fmt.Fprintf(stdout, "seed %d: %s\n    %s\n", cfg.Seed, v.String(), cmd)
			}
		}
		if bug {
			bugRuns++
		}
	})
	if runErr != nil {
		fmt.Fprintf(stderr, "simrun sweep: %v\n", runErr)
		return exitHarness
	}
	interrupted := done < n
	if *asJSON {
		sum := map[string]any{
			"algo": rf.algo, "preset": rf.preset, "seeds": seeds.String(), "shard": shard.String(),
			"runs": done, "runs_with_bugs": bugRuns, "violations": counts}
		if interrupted {
			// The runs are a prefix of the shard's seeds: a resumed sweep
			// starts after the last one.
			sum["interrupted"] = true
			sum["planned"] = n
			if done > 0 {
				sum["last_seed"] = shard.Seed(seeds, done-1)
			}
		}
		var b bytes.Buffer
		_ = jsonl.Append(&b, map[string]any{"summary": sum})
		fmt.Fprintln(stdout, b.String())
	} else {
		fmt.Fprintf(stdout, "sweep %s preset %s seeds %s shard %s: %d runs, %d with a bug-class violation", rf.algo, rf.preset, seeds.String(), shard.String(), done, bugRuns)
		if interrupted {
			fmt.Fprintf(stdout, " (interrupted after %d of %d runs", done, n)
			if done > 0 {
				fmt.Fprintf(stdout, ", last seed %d", shard.Seed(seeds, done-1))
			}
			fmt.Fprint(stdout, ")")
		}
		fmt.Fprintln(stdout)
	}
	if interrupted {
		return interrupt.ExitCode(ctx)
	}
	if bugRuns > 0 {
		return exitViolated
	}
	return exitOK
}
