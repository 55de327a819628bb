package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/sim"
)

// runConform implements `simrun conform [--scripts DIR] FILE...` and
// `simrun conform --emit FILE [--out PATH]`.
func runConform(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("conform", flag.ContinueOnError)
	emit := fs.String("emit", "", "write `FILE`'s steps with the simulated store's replies (to stdout, or --out)")
	out := fs.String("out", "", "with --emit: write to `PATH` (a regular file atomically) instead of stdout")
	dir := fs.String("scripts", "", "take the scripts in this `DIR` of your own (any subset) instead of the embedded ones")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	resolve, err := conformance.NewResolver(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "simrun conform: --scripts: %v\n", err)
		return exitUsage
	}
	if *emit != "" {
		if fs.NArg() > 0 {
			return usage(stderr, fmt.Sprintf("conform: unexpected argument %s (--emit takes one file, as its value)", flagx.Quote(fs.Arg(0))))
		}
		if *out != "" {
			if err := checkOutput("out", *out); err != nil {
				return usage(stderr, "conform: "+err.Error())
			}
		}
		return emitConform(*emit, *out, resolve, stdout, stderr)
	}
	if *out != "" {
		return usage(stderr, "conform: --out goes with --emit")
	}
	if fs.NArg() == 0 {
		return usage(stderr, "conform: name at least one conformance file")
	}
	files := make(map[string][]conformance.Step)
	for _, name := range fs.Args() {
		steps, err := conformance.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "simrun conform: %v\n", err)
			return exitUsage
		}
		files[name] = steps
	}
	eng := sim.NewEngine()
	newStore := func() *sim.Store { s := sim.NewStore(); s.SetEngine(eng); return s }
	code := exitOK
	var cases, steps, bad int
	for _, name := range fs.Args() {
		res, err := conformance.Check(name, files[name], resolve, newStore)
		if err != nil {
			fmt.Fprintf(stderr, "simrun conform: %v\n", err)
			return exitUsage
		}
		for _, m := range res.Mismatches {
			fmt.Fprintln(stdout, m.String())
		}
		cases += res.Cases
		steps += res.Steps
		bad += len(res.Mismatches)
		if len(res.Mismatches) > 0 {
			code = exitViolated
		}
	}
	fmt.Fprintf(stdout, "conform: %d files, %d cases, %d steps, %d mismatches\n", fs.NArg(), cases, steps, bad)
	return code
}

func emitConform(name, out string, resolve conformance.Resolver, stdout, stderr io.Writer) int {
	steps, err := conformance.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "simrun conform: %v\n", err)
		return exitUsage
	}
	replies, err := conformance.Replies(name, steps, resolve)
	if err != nil {
		fmt.Fprintf(stderr, "simrun conform: %v\n", err)
		return exitUsage
	}
	if out == "" {
		if err := conformance.Emit(stdout, steps, replies); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // "write /dev/stdout: ..." names what the line names
			}
			return writeFailed(stderr, "conform", fmt.Errorf("write to standard output: %w", err))
		}
		return exitOK
	}
	err = atomicfile.Write(out, func(w io.Writer) error { return conformance.Emit(w, steps, replies) })
	if err != nil {
		return writeFailed(stderr, "conform", err)
	}
	return exitOK
}
