package gate_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/report/mainjob"
	"github.com/locksim/locksim/verdict"
)

// The main job raises no false alarm at any seed range: every algorithm
// and preset, the real scripts, every fault mechanism confirmed, no bug.
// A CI tier, not make test (seeds 1-1000 are 99,000 runs, an hour or more
// on two cores):
//
//	LOCKSIM_LONG_SEEDS=1-1000 go test -run TestMainJobNoFalseAlarms -timeout 6h ./gate/
//
// With LOCKSIM_BENCH_REPORT=1 it writes results/main-job-seeds.md.
func TestMainJobNoFalseAlarms(t *testing.T) {
	spec := os.Getenv("LOCKSIM_LONG_SEEDS")
	if spec == "" {
		t.Skip("a CI tier: LOCKSIM_LONG_SEEDS=LO-HI runs the main job over that range")
	}
	lo, hi, ok := strings.Cut(spec, "-")
	l, err1 := strconv.ParseUint(lo, 10, 64)
	h, err2 := strconv.ParseUint(hi, 10, 64)
	if !ok || err1 != nil || err2 != nil || h < l {
		t.Fatalf("LOCKSIM_LONG_SEEDS=%q: want LO-HI", spec)
	}
	start := time.Now()
	r, err := gate.Run(context.Background(), gate.Config{Algos: clients.Algorithms, Lo: l, Hi: h, NoCoverage: true, Batch: verdict.Batch{Workers: runtime.GOMAXPROCS(0)}})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	u := r.Unexpected()
	for _, f := range u {
		t.Errorf("%s %s: %s (%d runs)\n    %s", f.Algo, f.Preset, f.Text, f.Runs, r.Command(f))
	}
	t.Logf("seeds %d-%d: %d runs, %d unexpected findings, %d fault mechanisms confirmed, %d re-judged, %s", l, h, r.Done, len(u), r.Confirmed, r.Rejudged, took.Round(time.Second))
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		var b strings.Builder
		fmt.Fprintf(&b, "# The main job over seeds %d-%d\n\n", l, h)
		fmt.Fprintf(&b, "Every algorithm × preset × seed on the real scripts, every fault mechanism confirmed by its counterfactual run. Regenerate: `LOCKSIM_LONG_SEEDS=%d-%d LOCKSIM_BENCH_REPORT=1 go test -run TestMainJobNoFalseAlarms -timeout 6h ./gate/` (%s on a %d-core machine).\n\n", l, h, took.Round(time.Minute), runtime.NumCPU())
		fmt.Fprintf(&b, "**%d runs, %d unexpected findings** (bugs: violations no mechanism explains); %d fault mechanisms confirmed, %d re-judged.\n\n```\n", r.Done, len(u), r.Confirmed, r.Rejudged)
		if err := mainjob.Render(&b, r, mainjob.View{Seeds: spec}); err != nil {
			t.Fatal(err)
		}
		b.WriteString("```\n")
		if err := atomicfile.WriteBytes("../results/main-job-seeds.md", []byte(b.String())); err != nil {
			t.Fatal(err)
		}
	}
}
