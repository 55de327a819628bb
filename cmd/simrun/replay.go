package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
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

// configFromTrace reads the run header a trace starts with.
func configFromTrace(name string, lines [][]byte) (clients.RunConfig, error) {
	if len(lines) == 0 {
		return clients.RunConfig{}, fmt.Errorf("%s: empty trace", name)
	}
	var ev struct {
		Kind   string          `json:"kind"`
		Config json.RawMessage `json:"config"`
	}
	if err := json.Unmarshal(lines[0], &ev); err != nil {
		return clients.RunConfig{}, fmt.Errorf("%s:1: not a trace line: %v", name, err)
	}
	if ev.Kind != "run" || ev.Config == nil {
		return clients.RunConfig{}, fmt.Errorf("%s:1: no run header (the first line simrun run --trace writes)", name)
	}
	cfg, err := clients.ParseHeader(ev.Config)
	if err != nil {
		return cfg, fmt.Errorf("%s:1: %v", name, err)
	}
	return cfg, nil
}

func replayTrace(name string, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitUsage
	}
	var saved [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		saved = append(saved, append([]byte(nil), sc.Bytes()...))
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "simrun replay: %s:%d: %v\n", name, len(saved)+1, err)
		return exitUsage
	}
	cfg, err := configFromTrace(name, saved)
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
	if err := r.World.Tracer().Flush(); err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitHarness
	}
	got := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
	for i := 0; i < max(len(saved), len(got)); i++ {
		if i >= len(saved) || i >= len(got) || !bytes.Equal(saved[i], got[i]) {
			var want, have string
			if i < len(saved) {
				want = string(saved[i])
			}
			if i < len(got) {
				have = string(got[i])
			}
			fmt.Fprintf(stderr, "simrun replay: %s:%d: the replay diverges (a different build, or non-determinism)\n  saved: %s\n  now:   %s\n", name, i+1, want, have)
			return exitHarness
		}
	}
	fmt.Fprintf(stdout, "replay: %s: all %d lines came out the same\n", name, len(got))
	rf := runFlags{safety: cfg.Safety, liveness: cfg.Liveness}
	code, err := report(r, got, cfg, rf, stdout)
	if err != nil {
		return writeFailed(stderr, "replay", err)
	}
	return code
}
