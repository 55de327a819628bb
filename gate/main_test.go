package gate_test

import (
	"os"
	"testing"

	"github.com/locksim/locksim/internal/memlimit"
)

// TestMain collects garbage at simrun's target (memlimit.GCPercent)
// unless GOGC is set: the no-false-alarm sweep and the mutants' jobs are
// tens of thousands of runs of short-lived objects, and the default
// target spends a sixth of their time collecting.
func TestMain(m *testing.M) {
	memlimit.TuneGC()
	os.Exit(m.Run())
}
