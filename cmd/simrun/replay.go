package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/locksim/locksim/clients"
)

// runReplay implements `simrun replay TRACE` (rebuild the run a saved trace
// came from, run it again, and check that every line comes out the same)
// and `simrun replay --algo NAME --seed N ...` (the same as run).
func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && isHelp(args[0]) {
		fs := flag.NewFlagSet("replay", flag.ContinueOnError)
		printHelp(fs, stdout)
		fmt.Fprintln(stdout, "  (a seed takes the flags of 'simrun help run')")
		return exitOK
	}
	if len(args) == 1 && args[0] != "" && args[0][0] != '-' {
		return replayTrace(args[0], stdout, stderr)
	}
	return runRun(ctx, args, stdout, stderr)
}

func replayTrace(name string, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitUsage
	}
	saved, cfg, err := clients.ReadTrace(name, data)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitUsage
	}
	var buf bytes.Buffer
	r, err := clients.NewRun(cfg, &buf)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %s: %v\n", name, err)
		return exitUsage
	}
	r.Execute()
	if err := r.Err(); err != nil {
		return runFailed(stderr, "replay", err)
	}
	if err := r.World.Tracer().Flush(); err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitHarness
	}
	got := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
	if line, want, have := clients.DiffTrace(saved, got); line != 0 {
		fmt.Fprintf(stderr, "simrun replay: %s:%d: the replay diverges (a different build, or non-determinism)\n  saved: %s\n  now:   %s\n", name, line, want, have)
		return exitHarness
	}
	fmt.Fprintf(stdout, "replay: %s: all %d lines came out the same\n", name, len(got))
	rf := runFlags{safety: cfg.Safety, liveness: cfg.Liveness}
	code, err := report(r, got, cfg, rf, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return code
	}
	return code
}
