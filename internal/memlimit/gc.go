package memlimit

import (
	"os"
	"runtime/debug"
)

// GCPercent is simrun's garbage collection target (debug.SetGCPercent).
// A simulated run allocates many small, short-lived objects (events,
// messages, Lua values): collecting at 400% growth instead of 100% costs a
// few tens of megabytes and saves about a sixth of a sweep's CPU time
// (and 12% of the fairlock-4.7.0 settings map's). The settings benchmark
// measures the map under it, as the command runs it.
const GCPercent = 400

// TuneGC sets the collector's target to GCPercent unless the GOGC
// environment variable is set (GOGC, when set, wins). simrun calls it at
// start, and the test binaries of the packages that run thousands of
// simulations call it in their TestMain, so that tests run as the command
// does.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
}
