package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/jobspec"
	"github.com/locksim/locksim/report/mainjob"
)

// runMainJob is `simrun` with no subcommand: every algorithm × every preset
// × a seed range on the embedded store; a table of which properties hold;
// one reproducing command per unexpected violation. Interrupted, it
// prints the table of the runs it finished.
func runMainJob(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simrun", flag.ContinueOnError)
	var sf sweepFlags
	main := jobspec.Main()
	sf.register(fs, main.Lo, main.Hi)
	jobFile := fs.String("job", "", "run the job `FILE` declares (TOML, package jobspec): its algorithms, presets, seeds, Redisson settings and catalogue of accepted findings, in place of the embedded main job (jobspec/main.toml); --algos and --seeds given narrow it")
	noConfirm := fs.Bool("no-confirm", false, "do not confirm the mechanisms that name a fault by counterfactual runs (every one, by default)")
	out := fs.String("out", "", "also write the report to `FILE` (not when interrupted)")
	algosFlag := fs.String("algos", "", "`LIST` of algorithms (comma-separated, or all: the job's, the default)")
	coverageOut := fs.String("coverage", "", "write the statement coverage of the Redisson scripts by the fault-free runs to `FILE` (markdown)")
	scriptsDir := fs.String("scripts", "", "judge a change: run the algorithms whose scripts `DIR` alters (laid out as scripts/redisson: <version>/<Class>.<method>.lua, any subset) on them and on the unmodified scripts, and fail on what the unmodified ones do not explain")
	mutant := fs.String("mutant", "", "judge a mutant of the catalogue (simrun mutants) as a change: `NAME`")
	jsonOut := fs.String("json", "", "also write the result as JSON to `FILE` (docs/json.md; simrun merge joins shards' files)")
	junitOut := fs.String("junit", "", "also write a JUnit XML report to `FILE`: a test case per algorithm, preset and property, failing with the story and the command")
	shard := flagx.Shard{I: 1, N: 1}
	fs.Var(&shard, "shard", fmt.Sprintf("run shard `i/n` of the job: every n-th seed from the i-th (n at most %d); simrun merge joins the shards' --json files", gate.MaxShards))
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		if _, ok := lookup(fs.Arg(0)); ok {
			return usage(stderr, fmt.Sprintf("%s is a subcommand: it comes first, before its flags (simrun %s [flags])", flagx.Quote(fs.Arg(0)), fs.Arg(0)))
		}
		return usage(stderr, fmt.Sprintf("unknown subcommand %s", flagx.Quote(fs.Arg(0))))
	}
	outs := jobOutputs{out: *out, json: *jsonOut, junit: *junitOut, coverage: *coverageOut}
	if err := outs.check(); err != nil {
		return usage(stderr, err.Error())
	}
	if shard.N > gate.MaxShards {
		return usage(stderr, fmt.Sprintf("--shard %s: at most %d shards", shard.String(), gate.MaxShards))
	}
	if shard.N > 1 && *coverageOut != "" {
		return usage(stderr, "--coverage needs the whole job: run it unsharded, or merge the shards' --json files with simrun merge --coverage")
	}
	spec := main
	if *jobFile != "" {
		var err error
		if spec, err = jobspec.Load(*jobFile); err != nil {
			return usage(stderr, "--job: "+err.Error())
		}
		if !flagx.Visited(fs)["seeds"] {
			sf.seeds = flagx.SeedRange{Lo: spec.Lo, Hi: spec.Hi}
		}
	}
	if gate.Shard(shard).Count(sf.seeds.Lo, sf.seeds.Hi) == 0 {
		return usage(stderr, fmt.Sprintf("--shard %s of seeds %s holds no seed", shard.String(), sf.seeds.String()))
	}
	if flagx.Visited(fs)["algos"] && *algosFlag == "" {
		// ParseAlgos takes "" for all (the default); given, it is a list
		// that names none, refused as --presets "" is.
		return usage(stderr, "--algos: "+clients.CheckAlgo("").Error())
	}
	algos, err := clients.ParseAlgos(*algosFlag)
	if err != nil {
		return usage(stderr, "--algos: "+err.Error())
	}
	if !flagx.Visited(fs)["algos"] || *algosFlag == "all" {
		algos = spec.Algos
	}
	spec = spec.Narrowed(algos)
	if *scriptsDir != "" && *mutant != "" {
		return usage(stderr, "--scripts and --mutant: one change at a time")
	}
	if *mutant != "" {
		if _, err := clients.LookupMutant(*mutant); err != nil {
			return usage(stderr, "--mutant: "+err.Error())
		}
	}
	if *scriptsDir != "" {
		if _, _, _, err := gate.Touched(algos, *scriptsDir, ""); err != nil {
			return usage(stderr, "--scripts: "+err.Error())
		}
	}
	if (*scriptsDir != "" || *mutant != "") && *coverageOut != "" {
		return usage(stderr, "--coverage counts the unmodified scripts: it does not go with a change")
	}
	seeds := sf.seeds
	job := gate.Config{Job: spec, Algos: algos, Lo: seeds.Lo, Hi: seeds.Hi, Shard: gate.Shard(shard), NoConfirm: *noConfirm,
		Scripts: *scriptsDir, Mutant: *mutant, Batch: sf.batch(stderr)}
	started := time.Now()
	var doc mainjob.Document
	if job.Scripts != "" || job.Mutant != "" {
		doc.Change, err = gate.RunChange(ctx, job)
	} else {
		doc.Job, err = gate.Run(ctx, job)
	}
	if err != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", err)
		return exitHarness
	}
	return finishJob(ctx, doc, seeds.String(), outs, started, stdout, stderr)
}

// jobOutputs are the files a main job (or a merge) writes beside its
// report on stdout.
type jobOutputs struct{ out, json, junit, coverage string }

// check refuses an output that cannot be written, or two flags naming one
// file.
func (o jobOutputs) check() error {
	all := [][2]string{{"out", o.out}, {"json", o.json}, {"junit", o.junit}, {"coverage", o.coverage}}
	for _, x := range all {
		if x[1] != "" {
			if err := checkOutput(x[0], x[1]); err != nil {
				return err
			}
		}
	}
	return checkOutputs(all...)
}

// finishJob prints the report of doc (a main job or a change, run or
// merged), writes its outputs unless interrupted, annotates the
// unexpected findings for GitHub Actions on stderr, and returns the exit
// code: exitViolated when the job found a bug (or the change brings what
// the unmodified code does not explain).
func finishJob(ctx context.Context, doc mainjob.Document, seeds string, outs jobOutputs, started time.Time, stdout, stderr io.Writer) int {
	var report bytes.Buffer
	w := io.MultiWriter(stdout, &report)
	if err := doc.Render(w, mainjob.View{Seeds: seeds}); err != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", err)
		return exitHarness
	}
	if ctx.Err() != nil {
		return interrupt.ExitCode(ctx)
	}
	if code := writeJobOutputs(doc, outs, report.Bytes(), started, stderr); code != exitOK {
		return code
	}
	if os.Getenv("GITHUB_ACTIONS") == "true" {
		doc.Annotate(stderr)
	}
	var failed bool
	switch {
	case doc.Change != nil:
		c := doc.Change
		failed = len(c.Failing()) > 0
		if c.Changed.Done < c.Changed.Runs || c.Base.Done < c.Base.Runs {
			return interrupt.ExitCode(ctx)
		}
	default:
		r := doc.Job
		failed = len(r.Unexpected()) > 0
		if !failed && r.Done < r.Runs {
			return interrupt.ExitCode(ctx)
		}
	}
	if failed {
		return exitViolated
	}
	return exitOK
}

// writeJobOutputs writes the report, the JSON, the JUnit XML and the
// coverage of doc, each atomically.
func writeJobOutputs(doc mainjob.Document, outs jobOutputs, report []byte, started time.Time, stderr io.Writer) int {
	write := func(path string, data func() ([]byte, error)) int {
		if path == "" {
			return exitOK
		}
		b, err := data()
		if err != nil {
			fmt.Fprintf(stderr, "simrun: %v\n", err)
			return exitHarness
		}
		if err := atomicfile.WriteBytes(path, b); err != nil {
			return writeFailed(stderr, "main job", err)
		}
		return exitOK
	}
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	run := mainjob.JUnitRun{Timestamp: started.UTC().Format("2006-01-02T15:04:05"), Hostname: host, Seconds: time.Since(started).Seconds()}
	for _, o := range []struct {
		path string
		data func() ([]byte, error)
	}{
		{outs.out, func() ([]byte, error) { return report, nil }},
		{outs.json, doc.JSON},
		{outs.junit, func() ([]byte, error) { return doc.JUnit(run) }},
		{outs.coverage, func() ([]byte, error) {
			if doc.Job == nil || doc.Job.Statements == nil || !doc.Job.Complete() {
				return nil, fmt.Errorf("--coverage: the job did not run all its seeds in one piece, so no coverage was counted")
			}
			return []byte(mainjob.CoverageMarkdown(clients.Algorithms, doc.Job.Statements, fmt.Sprintf("Written by `go run ./cmd/simrun --seeds %d-%d --coverage FILE`: the runs with preset none and the coverage seeds (verdict.CoverageSeeds).", doc.Job.Lo, doc.Job.Hi))), nil
		}},
	} {
		if code := write(o.path, o.data); code != exitOK {
			return code
		}
	}
	return exitOK
}
