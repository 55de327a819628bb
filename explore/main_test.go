package explore

import (
	"os"
	"testing"

	"github.com/locksim/locksim/internal/memlimit"
)

// TestMain collects garbage at simrun's target for runs
// (memlimit.GCPercent) unless GOGC is set. simrun explore keeps the
// default target, since a search of millions of states keeps nearly all
// it allocates; the tests' searches stop at a few hundred thousand
// states, and there the collector's work is what costs: 73.6 s at 100
// and 64.8 s at 400 for the package on two idle cores, peak RSS 492 MB
// and 556 MB.
func TestMain(m *testing.M) {
	memlimit.TuneGC()
	os.Exit(m.Run())
}
