package run

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain collects garbage at 400% growth (as simrun does) unless GOGC is
// set: the determinism sweep's thousands of runs allocate short-lived
// objects, and the default target spends a sixth of their time collecting.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
