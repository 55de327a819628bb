package run

import (
	"os"
	"testing"

	"github.com/locksim/locksim/internal/memlimit"
)

// TestMain collects garbage at simrun's target (memlimit.GCPercent) unless GOGC is
// set: the determinism sweep's thousands of runs allocate short-lived
// objects, and the default target spends a sixth of their time collecting.
func TestMain(m *testing.M) {
	memlimit.TuneGC()
	os.Exit(m.Run())
}
