package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// cellResult is what one algorithm × preset × property gave over the seed range.
type cellResult struct {
	runs, bugRuns, designRuns int
	firstBug, firstDesign     uint64
	firstBugText              string
	// runs with a bug-class violation that is not a known bug
	unexpectedRuns      int
	firstUnexpected     uint64
	firstUnexpectedText string
}

// runMainJob is `simrun` with no subcommand: every algorithm × every preset
// × a seed range on the embedded store; a table of which properties hold;
// one reproducing command per unexpected violation. Interrupted, it
// prints the table of the runs it finished.
func runMainJob(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simrun", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 20)
	noConfirm := fs.Bool("no-confirm", false, "do not confirm each cell's first by-design excuse by counterfactual runs")
	out := fs.String("out", "", "also write the report to `FILE` (not when interrupted)")
	algosFlag := fs.String("algos", "", "`LIST` of algorithms (comma-separated, or all; default: all but "+strings.Join(spinningNames(), ", ")+", whose waiters busy-loop under faults)")
	coverageOut := fs.String("coverage", "", "write the statement coverage of the Redisson scripts by the fault-free runs to `FILE` (markdown)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usage(stderr, fmt.Sprintf("unknown subcommand %q", fs.Arg(0)))
	}
	for _, o := range []struct{ flag, path string }{{"out", *out}, {"coverage", *coverageOut}} {
		if o.path != "" {
			if err := checkOutput(o.flag, o.path); err != nil {
				return usage(stderr, err.Error())
			}
		}
	}
	algos, err := parseAlgos(*algosFlag)
	if err != nil {
		return usage(stderr, "--algos: "+err.Error())
	}
	var report bytes.Buffer
	w := stdout
	if *out != "" {
		w = io.MultiWriter(stdout, &report)
	}
	code, coverage := mainJob(ctx, sf, algos, !*noConfirm, w, stderr)
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
func mainJob(ctx context.Context, sf sweepFlags, algos []string, confirm bool, stdout, stderr io.Writer) (int, map[string][]verdict.ScriptStatement) {
	seeds, workers := sf.seeds, sf.workers
	type job struct {
		algo, preset string
		seed         uint64
	}
	perAlgo := uint64(len(sim.Presets)) * seeds.Count()
	total := uint64(len(algos)) * perAlgo
	jobOf := func(i uint64) job {
		return job{algos[i/perAlgo], sim.Presets[i%perAlgo/seeds.Count()], seeds.Lo + i%seeds.Count()}
	}
	cells := map[string]*cellResult{}
	var runErr error
	cov := newJobCoverage(total, func(i uint64) bool {
		j := jobOf(i)
		_, _, redisson := clients.RedissonAlgo(j.algo)
		return redisson && j.preset == "none"
	})
	done := verdict.Batch{Workers: workers, Meter: meter(stderr)}.Run(ctx, "simulating", total, nil, func(i uint64) clients.RunConfig {
		j := jobOf(i)
		return clients.RunConfig{Algo: j.algo, Seed: j.seed, Preset: j.preset, Coverage: cov.perRun[i]}
	}, func(i uint64, _ clients.RunConfig, res verdict.Outcome) {
		if res.Err != nil {
			if runErr == nil {
				runErr = res.Err
			}
			return
		}
		j := jobOf(i)
		cov.add(j.algo, cov.perRun[i])
		for _, prop := range verdict.Properties {
			key := j.algo + "/" + j.preset + "/" + prop
			c := cells[key]
			if c == nil {
				c = &cellResult{}
				cells[key] = c
			}
			c.runs++
			bug, design, unexpected := false, false, false
			for _, v := range res.Violations {
				if v.Property != prop {
					continue
				}
				if v.Class == checks.Bug {
					if !bug && c.firstBug == 0 {
						c.firstBug, c.firstBugText = j.seed, v.String()
					}
					bug = true
					if !verdict.Known(j.algo, v) {
						if !unexpected && c.firstUnexpected == 0 {
							c.firstUnexpected, c.firstUnexpectedText = j.seed, v.String()
						}
						unexpected = true
					}
				} else {
					design = true
				}
			}
			if unexpected {
				c.unexpectedRuns++
			}
			if bug {
				c.bugRuns++
			} else if design {
				c.designRuns++
				if c.firstDesign == 0 {
					c.firstDesign = j.seed
				}
			}
		}
	})
	if runErr != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", runErr)
		return exitHarness, nil
	}
	if done == total {
		if _, err := cov.runCoverageSeeds(ctx, algos, workers, stderr); err != nil {
			fmt.Fprintf(stderr, "simrun: %v\n", err)
			return exitHarness, nil
		}
	}
	var rejudged, confirmedCells, excusedCells int
	var rejudgedText []string
	if done == total && ctx.Err() == nil && confirm {
		// The first by-design violation of every cell, confirmed by
		// counterfactual runs: an excuse that does not hold is a bug.
		type target struct {
			cell string
			cfg  clients.RunConfig
			prop string
		}
		var targets []target
		for _, a := range algos {
			for _, p := range sim.Presets {
				for _, prop := range verdict.Properties {
					if c := cells[a+"/"+p+"/"+prop]; c != nil && c.firstDesign != 0 {
						targets = append(targets, target{a + "/" + p + "/" + prop, clients.RunConfig{Algo: a, Seed: c.firstDesign, Preset: p}, prop})
					}
				}
			}
		}
		verdict.Batch{Workers: workers, Meter: meter(stderr)}.Run(ctx, "confirming excuses", uint64(len(targets)), verdict.ConfirmConfig,
			func(i uint64) clients.RunConfig { return targets[i].cfg },
			func(i uint64, cfg clients.RunConfig, res verdict.Outcome) {
				if res.Err != nil {
					if runErr == nil {
						runErr = res.Err
					}
					return
				}
				t := targets[i]
				for _, v := range res.Violations {
					if v.Property != t.prop || v.Confirmed == "" {
						continue
					}
					excusedCells++
					if !strings.HasPrefix(v.Confirmed, "re-judged") {
						confirmedCells++
						break
					}
					rejudged++
					line := fmt.Sprintf("%s %s: %s\n    go run ./cmd/simrun run --algo %s --seed %d --preset %s", cfg.Algo, cfg.Preset, v, cfg.Algo, cfg.Seed, cfg.Preset)
					rejudgedText = append(rejudgedText, line)
					if v.Class == checks.Bug && !verdict.Known(cfg.Algo, v) {
						c := cells[t.cell]
						c.unexpectedRuns++
						c.bugRuns++
						c.firstUnexpected, c.firstUnexpectedText = cfg.Seed, v.String()
					}
					break
				}
			})
		if runErr != nil {
			fmt.Fprintf(stderr, "simrun: %v\n", runErr)
			return exitHarness, nil
		}
	}
	fmt.Fprintf(stdout, "simrun: %d algorithms × %d presets × seeds %s (%d runs); properties checked: %s\n",
		len(algos), len(sim.Presets), seeds.String(), total, strings.Join(verdict.Properties, ", "))
	for _, a := range clients.Algorithms {
		switch {
		case slices.Contains(algos, a):
		case clients.Spinning[a] != "":
			fmt.Fprintf(stdout, "left out: %s (%s; --algos all includes it)\n", a, clients.Spinning[a])
		default:
			fmt.Fprintf(stdout, "left out: %s (not in --algos)\n", a)
		}
	}
	if done < total {
		fmt.Fprintf(stdout, "INTERRUPTED after %d of %d runs: cells marked - were not run, the others count only the runs that finished\n", done, total)
	}
	fmt.Fprintln(stdout, "cell: ok, or B<n> = runs with a bug-class violation, D<n> = runs with only by-design ones; * = expected for this algorithm")
	var unexpected, expected, annotations []string
	for _, prop := range verdict.Properties {
		fmt.Fprintf(stdout, "\n%-16s", prop)
		for _, p := range sim.Presets {
			fmt.Fprintf(stdout, " %-10s", p)
		}
		fmt.Fprintln(stdout)
		for _, a := range algos {
			fmt.Fprintf(stdout, "%-16s", a)
			for _, p := range sim.Presets {
				c := cells[a+"/"+p+"/"+prop]
				if c == nil {
					fmt.Fprintf(stdout, " %-10s", "-")
					continue
				}
				var parts []string
				if c.bugRuns > 0 {
					mark := ""
					if c.unexpectedRuns == 0 {
						mark = "*"
					}
					parts = append(parts, fmt.Sprintf("B%d%s", c.bugRuns, mark))
					if c.unexpectedRuns < c.bugRuns {
						cmd := fmt.Sprintf("go run ./cmd/simrun run --algo %s --seed %d --preset %s", a, c.firstBug, p)
						expected = append(expected, fmt.Sprintf("%s %s: %s\n    %s", a, p, c.firstBugText, cmd))
					}
					if c.unexpectedRuns > 0 {
						cmd := fmt.Sprintf("go run ./cmd/simrun run --algo %s --seed %d --preset %s", a, c.firstUnexpected, p)
						unexpected = append(unexpected, fmt.Sprintf("%s %s: %s\n    %s", a, p, c.firstUnexpectedText, cmd))
						if os.Getenv("GITHUB_ACTIONS") == "true" {
							annotations = append(annotations, fmt.Sprintf("::error title=%s bug (%s, %s)::%s%%0Areproduce: %s", prop, a, p, c.firstUnexpectedText, cmd))
						}
					}
				}
				if c.designRuns > 0 {
					parts = append(parts, fmt.Sprintf("D%d", c.designRuns))
				}
				cell := "ok"
				if len(parts) > 0 {
					cell = strings.Join(parts, " ")
				}
				fmt.Fprintf(stdout, " %-10s", cell)
			}
			fmt.Fprintln(stdout)
		}
	}
	var statements map[string][]verdict.ScriptStatement
	if done == total && ctx.Err() == nil {
		var err error
		if statements, err = cov.report(stdout); err != nil {
			fmt.Fprintf(stderr, "simrun: %v\n", err)
			return exitHarness, nil
		}
	}
	if excusedCells > 0 {
		fmt.Fprintf(stdout, "\nexcuses checked by counterfactual runs (the first by-design violation of each cell, run again without each fault its excuse names): %d confirmed, %d re-judged\n", confirmedCells, rejudged)
		sort.Strings(rejudgedText)
		for _, l := range rejudgedText {
			fmt.Fprintln(stdout, "  "+l)
		}
	}
	sort.Strings(expected)
	if len(expected) > 0 {
		fmt.Fprintln(stdout, "\nexpected findings (known flaws: seed 003's simple locks; 3.8.1's unlock cancelling another thread's watchdog; 3.16.8's watchdog stopping after a failed WAIT, #3994, its re-sent acquires, #4822, and its untimed fair waits, #5503; 4.7.0's tryLock returning false after its acquire ran, and its fair grants undone after a WAIT that counted no replica), first seed each:")
		for _, l := range expected {
			fmt.Fprintln(stdout, "  "+l)
		}
	}
	if len(unexpected) > 0 {
		fmt.Fprintln(stdout, "\nUNEXPECTED bug-class violations, first seed each:")
		for _, l := range unexpected {
			fmt.Fprintln(stdout, "  "+l)
		}
		for _, l := range annotations {
			fmt.Fprintln(stdout, l)
		}
		return exitViolated, statements
	}
	if done < total {
		fmt.Fprintln(stdout, "\nno unexpected violation in the runs that finished (interrupted)")
		return interrupt.ExitCode(ctx), nil
	}
	fmt.Fprintln(stdout, "\nno unexpected violation")
	return exitOK, statements
}

// spinningNames lists clients.Spinning's algorithms, in Algorithms order.
func spinningNames() []string {
	var out []string
	for _, a := range clients.Algorithms {
		if clients.Spinning[a] != "" {
			out = append(out, a)
		}
	}
	return out
}

// parseAlgos reads --algos: "" is clients.Quick(), "all" every algorithm,
// else a comma-separated list of known ones, each once.
func parseAlgos(s string) ([]string, error) {
	switch s {
	case "":
		return clients.Quick(), nil
	case "all":
		return slices.Clone(clients.Algorithms), nil
	}
	var out []string
	for _, a := range strings.Split(s, ",") {
		if err := clients.CheckAlgo(a); err != nil {
			return nil, err
		}
		if slices.Contains(out, a) {
			return nil, fmt.Errorf("%s twice", a)
		}
		out = append(out, a)
	}
	return out, nil
}
