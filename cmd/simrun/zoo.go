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
	"github.com/locksim/locksim/report/bugzoo"
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
