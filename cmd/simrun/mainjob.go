package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/verdict"
)

// runMainJob is `simrun` with no subcommand: every algorithm × every preset
// × a seed range on the embedded store; a table of which properties hold;
// one reproducing command per unexpected violation. Interrupted, it
// prints the table of the runs it finished.
func runMainJob(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simrun", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 20)
	noConfirm := fs.Bool("no-confirm", false, "do not confirm the mechanisms that name a fault by counterfactual runs (every one, by default)")
	out := fs.String("out", "", "also write the report to `FILE` (not when interrupted)")
	algosFlag := fs.String("algos", "", "`LIST` of algorithms (comma-separated, or all, the default)")
	coverageOut := fs.String("coverage", "", "write the statement coverage of the Redisson scripts by the fault-free runs to `FILE` (markdown)")
	scriptsDir := fs.String("scripts", "", "run the Redisson algorithms on your own script `DIR` (any subset of any version's; the rest embedded), e.g. a fix")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		if _, ok := lookup(fs.Arg(0)); ok {
			return usage(stderr, fmt.Sprintf("%s is a subcommand: it comes first, before its flags (simrun %s [flags])", flagx.Quote(fs.Arg(0)), fs.Arg(0)))
		}
		return usage(stderr, fmt.Sprintf("unknown subcommand %s", flagx.Quote(fs.Arg(0))))
	}
	for _, o := range []struct{ flag, path string }{{"out", *out}, {"coverage", *coverageOut}} {
		if o.path != "" {
			if err := checkOutput(o.flag, o.path); err != nil {
				return usage(stderr, err.Error())
			}
		}
	}
	if err := checkOutputs([2]string{"out", *out}, [2]string{"coverage", *coverageOut}); err != nil {
		return usage(stderr, err.Error())
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
	if *scriptsDir != "" {
		if err := checkJobScripts(algos, *scriptsDir); err != nil {
			return usage(stderr, "--scripts: "+err.Error())
		}
	}
	var report bytes.Buffer
	w := stdout
	if *out != "" {
		w = io.MultiWriter(stdout, &report)
	}
	code, coverage := mainJob(ctx, sf, algos, gate.Config{NoConfirm: *noConfirm, Scripts: *scriptsDir}, w, stderr)
	if ctx.Err() != nil {
		return interrupt.ExitCode(ctx)
	}
	if code != exitOK && code != exitViolated {
		return code
	}
	if *out != "" {
		if err := atomicfile.WriteBytes(*out, report.Bytes()); err != nil {
			return writeFailed(stderr, "main job", err)
		}
	}
	if *coverageOut != "" {
		text := verdict.CoverageReport(clients.Algorithms, coverage, fmt.Sprintf("Written by `go run ./cmd/simrun --seeds %s --coverage FILE`: the runs with preset none and the coverage seeds (verdict.CoverageSeeds).", sf.seeds.String()))
		if err := atomicfile.WriteBytes(*coverageOut, []byte(text)); err != nil {
			return writeFailed(stderr, "main job", err)
		}
	}
	return code
}

// mainJob runs the main job and prints its report; it returns the exit
// code and the statement coverage of the fault-free runs.
// job says how (its NoConfirm, Scripts, Mutant).
func mainJob(ctx context.Context, sf sweepFlags, algos []string, job gate.Config, stdout, stderr io.Writer) (int, map[string][]verdict.ScriptStatement) {
	seeds := sf.seeds
	job.Algos, job.Lo, job.Hi, job.Batch = algos, seeds.Lo, seeds.Hi, sf.batch(stderr)
	res, err := gate.Run(ctx, job)
	if err != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", err)
		return exitHarness, nil
	}
	statements, err := res.Render(stdout, gate.View{Seeds: seeds.String(), Complete: res.Done == res.Runs && ctx.Err() == nil})
	if err != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", err)
		return exitHarness, nil
	}
	if unexpected := res.Unexpected(); len(unexpected) > 0 {
		if os.Getenv("GITHUB_ACTIONS") == "true" {
			for _, f := range unexpected {
				fmt.Fprintf(stderr, "::error title=%s bug (%s, %s)::%s%%0Areproduce: %s\n", f.Property, f.Algo, f.Preset, f.Text, res.Command(f))
			}
		}
		return exitViolated, statements
	}
	if res.Done < res.Runs {
		return interrupt.ExitCode(ctx), nil
	}
	return exitOK, statements
}

// checkJobScripts checks that a script directory loads for every Redisson
// algorithm of the job and holds a script at least one of them sends
// (checkScriptsDir): a directory the job would run on none of them would
// give the embedded scripts' report under its name.
func checkJobScripts(algos []string, dir string) error {
	var first error
	sends := false
	for _, a := range algos {
		if !isRedisson(a) {
			continue
		}
		switch err := checkScriptsDir(a, dir); {
		case err == nil:
			sends = true
		case !strings.Contains(err.Error(), ": no script of "):
			return err // it does not load
		case first == nil:
			first = err
		}
	}
	switch {
	case sends:
		return nil
	case first == nil:
		return fmt.Errorf("no Redisson algorithm in --algos runs scripts")
	}
	return first
}
