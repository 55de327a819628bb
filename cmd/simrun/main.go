// Command simrun runs the lock-checking harness: the main job, single runs,
// sweeps, replays, comparisons, scenarios and conformance checks. See run
// for the subcommands; main only wires the process to it: SIGINT and
// SIGTERM cancel the run's context, and an interrupted process removes the
// temporary files of outputs it had not finished before it exits.
package main

import (
	"context"
	"os"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/interrupt"
)

func main() {
	ctx, stop := interrupt.Notify(context.Background())
	code := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if interrupt.Signal(ctx) != nil {
		atomicfile.Abort()
	}
	stop()
	os.Exit(code)
}
