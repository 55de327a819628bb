package main

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/internal/memlimit"
)

func main() {
	memlimit.TuneGC()
	stopWatch := memlimit.Install(outOfMemory)
	ctx, stop := interrupt.Notify(context.Background())
	code := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if interrupt.Signal(ctx) != nil {
		atomicfile.Abort()
	}
	stop()
	stopWatch()
	os.Exit(code)
}

// outOfMemory ends a process whose heap is about to outgrow the memory
// it allows itself (memlimit: a share of the machine's, the cgroup's or
// the address space's, or GOMEMLIMIT) with one line and exit 3, the
// harness's failure, before the runtime's own out-of-memory crash (a
// stack dump, and exit 2, the code of bad input). Outputs not finished
// leave no temporary file behind.
func outOfMemory(heap int64, b memlimit.Budget) {
	fmt.Fprintf(os.Stderr, "simrun: out of memory: the heap reached %s of the %s this process allows itself, and it stopped there (a smaller configuration needs less: fewer --procs or --threads, shorter --safety and --liveness, a lower --max-memory, fewer --workers)\n",
		memlimit.Size(heap), b)
	atomicfile.Abort()
	os.Exit(exitHarness)
}

// exploreGCPercent is explore's target instead: a search keeps nearly all
// it allocates (the visited set, the frontier), so a 400% target only lets
// the heap grow to several times what it holds. At 100% the 19.5M-state
// fair-lock search peaks at 3.7 GB instead of 4.4 GB, and runs no slower.
const exploreGCPercent = 100

// exploreGC sets explore's target and returns what restores the former.
func exploreGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(exploreGCPercent)
	return func() { debug.SetGCPercent(old) }
}
