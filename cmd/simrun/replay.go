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
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
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

// configFromTrace reads the options a trace starts with.
func configFromTrace(name string, lines [][]byte) (clients.RunConfig, error) {
	var cfg clients.RunConfig
	var err error
	found := 0
	for i, l := range lines {
		var ev struct {
			Kind string `json:"kind"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(l, &ev); err != nil {
			return cfg, fmt.Errorf("%s:%d: not a trace line: %v", name, i+1, err)
		}
		if ev.Kind != "option" {
			break
		}
		// "algo A seed N preset P safety D liveness D scripts "DIR"": the
		// directory is a Go-quoted string, so any path reads back.
		if head, quoted, ok := strings.Cut(ev.Text, " scripts "); ok && strings.HasPrefix(ev.Text, "algo ") {
			var safety, liveness string
			if n, _ := fmt.Sscanf(head, "algo %s seed %d preset %s safety %s liveness %s", &cfg.Algo, &cfg.Seed, &cfg.Preset, &safety, &liveness); n != 5 {
				return cfg, fmt.Errorf("%s:%d: bad run header %q", name, i+1, ev.Text)
			}
			if cfg.Safety, err = sim.ParseDuration(safety); err != nil {
				return cfg, fmt.Errorf("%s:%d: %v", name, i+1, err)
			}
			if cfg.Liveness, err = sim.ParseDuration(liveness); err != nil {
				return cfg, fmt.Errorf("%s:%d: %v", name, i+1, err)
			}
			if cfg.Scripts, err = strconv.Unquote(quoted); err != nil {
				return cfg, fmt.Errorf("%s:%d: bad scripts field %s", name, i+1, quoted)
			}
			found++
		}
		o := &cfg.Client
		if n, _ := fmt.Sscanf(ev.Text, "client overrides watchdog=%dms threadWaitTime=%dms timeout=%dms retryAttempts=%d retryInterval=%dms", &o.LockWatchdogTimeout, &o.ThreadWaitTime, &o.Timeout, &o.RetryAttempts, &o.RetryInterval); n == 5 {
			found++
		}
		if n, _ := fmt.Sscanf(ev.Text, "workload procs=%d threads=%d", &cfg.Procs, &cfg.Threads); n == 2 {
			found++
		}
		var skip string
		if n, _ := fmt.Sscanf(ev.Text, "mutant %s", &cfg.Mutant); n == 1 {
			continue
		}
		if n, _ := fmt.Sscanf(ev.Text, "skip faults %s", &skip); n == 1 {
			if cfg.SkipFaults, err = parseSkip(skip); err != nil {
				return cfg, fmt.Errorf("%s:%d: %v", name, i+1, err)
			}
		}
	}
	if found != 3 {
		return cfg, fmt.Errorf("%s: no run header (the algo, client and workload option lines simrun run --trace writes first)", name)
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
