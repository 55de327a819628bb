package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/report/versiontable"
	"github.com/locksim/locksim/verdict"
	"github.com/locksim/locksim/versions"
)

// versionsMaxStates bounds each exhaustive search of the versions report:
// 4.7.0's repeated unlock with a replica needs 216,032 states.
const versionsMaxStates = 400000

// runVersions implements `simrun versions [--out FILE]`: every known
// Redisson finding asked of 3.8.1, 3.16.8 and 4.7.0, written to
// results/redisson-versions.md.
func runVersions(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("versions", flag.ContinueOnError)
	out := fs.String("out", filepath.Join("results", "redisson-versions.md"), "write the report to `FILE`")
	var workers int
	flagx.IntVar(fs, &workers, "workers", 0, 0, 1024, "`N` runs at once (0: one per core; at most one per core and one per GiB of simrun's memory limit); the report does not depend on it")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usage(stderr, "versions: unexpected argument "+flagx.Quote(fs.Arg(0)))
	}
	if err := checkOutput("out", *out); err != nil {
		return usage(stderr, "versions: "+err.Error())
	}
	answers, err := versions.Ask(ctx, versions.Questions, verdict.Batch{Workers: boundWorkers(workers, runReserve), Meter: meter(stderr)}, versionsMaxStates)
	if err != nil {
		if ctx.Err() != nil {
			return interrupt.ExitCode(ctx)
		}
		fmt.Fprintf(stderr, "simrun versions: %v\n", err)
		return exitHarness
	}
	md := versiontable.Markdown(versions.Questions, answers, "go run ./cmd/simrun versions", versionsMaxStates)
	if err := atomicfile.WriteBytes(*out, []byte(md)); err != nil {
		return writeFailed(stderr, "versions", err)
	}
	fmt.Fprintf(stdout, "versions: %d findings × %d versions; wrote %s\n", len(versions.Questions), len(versions.Versions), *out)
	return exitOK
}
