package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/report/mutants"
)

// runMutants is `simrun mutants`: every mutant of the catalog judged as a
// change by the gate (simrun --mutant NAME), over the main job's presets
// and seeds; results/mutants.md.
func runMutants(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutants", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 20)
	noConfirm := fs.Bool("no-confirm", false, "do not confirm the mechanisms that name a fault by counterfactual runs")
	only := fs.String("only", "", "comma-separated mutant `names` (default: the whole catalog)")
	out := fs.String("out", filepath.Join("results", "mutants.md"), "write the report to `FILE` (\"\": none)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	seeds := sf.seeds
	if fs.NArg() > 0 {
		return usage(stderr, fmt.Sprintf("mutants: unexpected argument %s", flagx.Quote(fs.Arg(0))))
	}
	catalog := clients.Mutants
	if flagx.Visited(fs)["only"] {
		catalog = nil
		for _, name := range strings.Split(*only, ",") {
			m, err := clients.LookupMutant(name)
			if err != nil {
				return usage(stderr, "mutants: --only: "+err.Error())
			}
			for _, have := range catalog {
				if have.Name == m.Name {
					return usage(stderr, fmt.Sprintf("mutants: --only: %s given twice", flagx.Echo(name)))
				}
			}
			catalog = append(catalog, m)
		}
	}
	if *out != "" {
		if err := checkOutput("out", *out); err != nil {
			return usage(stderr, "mutants: "+err.Error())
		}
	}
	job := gate.Config{Lo: seeds.Lo, Hi: seeds.Hi, NoConfirm: *noConfirm, Batch: sf.batch(stderr)}
	changes, err := gate.RunMutants(ctx, job, catalog, func(i int, c *gate.Change) {
		fmt.Fprintf(stderr, "mutant %d/%d %s\n", i+1, len(catalog), mutantLine(c))
	})
	if ctx.Err() != nil {
		return interrupt.ExitCode(ctx)
	}
	if err != nil {
		fmt.Fprintf(stderr, "simrun: mutants: %v\n", err)
		return exitHarness
	}
	report := mutants.Markdown(changes, seeds.Lo, seeds.Hi)
	fmt.Fprint(stdout, report)
	if *out != "" {
		if err := atomicfile.WriteBytes(*out, []byte(report)); err != nil {
			return writeFailed(stderr, "mutants", err)
		}
	}
	for _, c := range changes {
		if !c.Failed() {
			return exitViolated
		}
	}
	return exitOK
}

// mutantLine is a mutant's progress line.
func mutantLine(c *gate.Change) string {
	fs := c.Failing()
	if len(fs) == 0 {
		return fmt.Sprintf("%s: PASSED the gate", c.Changed.Mutant)
	}
	return fmt.Sprintf("%s: fails on %s %s and %d more", c.Changed.Mutant, fs[0].Property, fs[0].Label, len(fs)-1)
}
