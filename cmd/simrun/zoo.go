package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/jobspec"
	"github.com/locksim/locksim/report/bugzoo"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/verdict"
)

// runBugZoo implements `simrun bugzoo [--seeds LO-HI] [--out FILE]`: for
// every known finding, how many runs per 1000 seeds show it and the first
// seed that does, written to results/bug-zoo.md.
func runBugZoo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bugzoo", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 1000)
	out := fs.String("out", filepath.Join("results", "bug-zoo.md"), "write the report to `FILE`")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	seeds := sf.seeds
	if fs.NArg() > 0 {
		return usage(stderr, "bugzoo: unexpected argument "+flagx.Quote(fs.Arg(0)))
	}
	// A rare finding (a short-run one) is measured over ten times the
	// range, so its rate per 1000 is not a lucky zero.
	if seeds.Count() > flagx.MaxSeeds/10 || seeds.Lo > math.MaxUint64-10*seeds.Count() {
		return usage(stderr, fmt.Sprintf("bugzoo: --seeds %s: rare findings run ten times the range, which must then hold at most %d seeds and end below 2^64", seeds.String(), uint64(flagx.MaxSeeds)))
	}
	if err := checkOutput("out", *out); err != nil {
		return usage(stderr, "bugzoo: "+err.Error())
	}
	rates, done, total, err := verdict.MeasureFindings(ctx, verdict.Findings, seeds.Lo, seeds.Hi, sf.batch(stderr))
	if err != nil {
		fmt.Fprintf(stderr, "simrun bugzoo: %v\n", err)
		return exitHarness
	}
	if done < total {
		return interrupt.ExitCode(ctx)
	}
	cmd := "go run ./cmd/simrun bugzoo"
	if seeds != (flagx.SeedRange{Lo: 1, Hi: 1000}) {
		cmd += " --seeds " + seeds.String()
	}
	if err := atomicfile.WriteBytes(*out, bugzoo.Markdown(verdict.Findings, rates, seeds.String(), cmd)); err != nil {
		return writeFailed(stderr, "bugzoo", err)
	}
	fmt.Fprintf(stdout, "bugzoo: %d findings, %d runs; wrote %s\n", len(verdict.Findings), total, *out)
	return exitOK
}

// runExpect implements `simrun expect [--job FILE]`: each finding the job
// expects ([[expect]] of its file; the main job's by default) is searched
// for in its seeds, in order, until the first run that shows it. It prints
// a line per finding (the seed and the command that reproduces it, or
// MISSING) and exits 1 when one was not seen: the harness, or a change to
// it, has lost a mechanism the job relies on.
func runExpect(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("expect", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 1)
	jobFile := fs.String("job", "", "the job file `FILE` whose expected findings to seek, judged by its catalogue (default: the main job's, jobspec/main.toml)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usage(stderr, "expect: unexpected argument "+flagx.Quote(fs.Arg(0)))
	}
	if flagx.Visited(fs)["seeds"] {
		return usage(stderr, "expect: --seeds does not apply (each finding names its own: within = N)")
	}
	spec := jobspec.Main()
	if *jobFile != "" {
		var err error
		if spec, err = jobspec.Load(*jobFile); err != nil {
			return usage(stderr, "expect: --job: "+err.Error())
		}
	}
	judge := verdict.Judge{Job: spec}
	findings := verdict.FindingsOf(spec)
	if len(findings) == 0 {
		return usage(stderr, fmt.Sprintf("expect: the job %s expects no finding (no [[expect]] in its file)", spec.Name))
	}
	b := verdict.Batch{Workers: sf.n()}
	missing := 0
	for _, f := range findings {
		seed, v, err := judge.Seek(ctx, f, b)
		if err != nil {
			fmt.Fprintf(stderr, "simrun expect: %s %s %s: %v\n", f.Algo, f.Preset, f.Property, err)
			return exitHarness
		}
		if ctx.Err() != nil {
			return interrupt.ExitCode(ctx)
		}
		if seed == 0 {
			missing++
			fmt.Fprintf(stdout, "MISSING %s %s %s %s: not in seeds 1-%d: %s (%s)\n", f.Algo, f.Preset, f.Property, f.Class, f.Seeds, f.Why, f.Issue)
			continue
		}
		fmt.Fprintf(stdout, "seen    %s %s %s %s at seed %d of 1-%d: %s\n        %s\n", f.Algo, f.Preset, f.Property, f.Class, seed, f.Seeds, v.Mech.Label(), run.WithJob(f.Config(seed).Command(), *jobFile))
	}
	fmt.Fprintf(stdout, "expect: %d of %d findings of job %s seen\n", len(findings)-missing, len(findings), spec.Name)
	if missing > 0 {
		return exitViolated
	}
	return exitOK
}
