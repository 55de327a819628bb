package verdict

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/locksim/locksim/run"
)

// A batch hands its results back in job order, the same with any number
// of workers, and counts every run on its meter once.
func TestBatchOrderIndependentOfWorkers(t *testing.T) {
	var cfgs []run.Config
	for s := uint64(1); s <= 12; s++ {
		cfgs = append(cfgs, run.Config{Algo: "set-px", Seed: s, Preset: "none"})
	}
	var want [][]string
	for _, workers := range []int{1, 2, 3, 8} {
		var ticks, finishes int
		meter := func(what string, n uint64) (func(bool), func()) {
			if what != "simulating" || n != uint64(len(cfgs)) {
				t.Errorf("meter(%q, %d)", what, n)
			}
			return func(bool) { ticks++ }, func() { finishes++ }
		}
		var order []uint64
		var got [][]string
		Batch{Workers: workers, Meter: meter}.Run(context.Background(), "simulating", uint64(len(cfgs)), nil,
			func(i uint64) run.Config { return cfgs[i] },
			func(i uint64, cfg run.Config, o Outcome) {
				if o.Err != nil {
					t.Fatal(o.Err)
				}
				if cfg.Seed != i+1 {
					t.Fatalf("job %d got the config of seed %d", i, cfg.Seed)
				}
				order = append(order, i)
				var vs []string
				for _, v := range o.Violations {
					vs = append(vs, v.String())
				}
				got = append(got, vs)
			})
		for k, i := range order {
			if uint64(k) != i {
				t.Fatalf("%d workers: emitted %v, not in order", workers, order)
			}
		}
		if ticks != len(cfgs) || finishes != 1 {
			t.Errorf("%d workers: %d ticks, %d finishes", workers, ticks, finishes)
		}
		if want == nil {
			want = got
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("%d workers: results differ from one worker's", workers)
		}
	}
	all, err := Batch{Workers: 4}.All(cfgs)
	if err != nil || len(all) != len(cfgs) {
		t.Fatalf("All: %d results, %v", len(all), err)
	}
	for i, vs := range all {
		if len(vs) != len(want[i]) {
			t.Errorf("All: seed %d has %d violations, Run gave %d", i+1, len(vs), len(want[i]))
		}
	}
}

// A configuration that cannot run fails All with its error; Run stops
// when its context is cancelled and says how far it got.
func TestBatchErrorsAndCancel(t *testing.T) {
	_, err := Batch{Workers: 2}.All([]run.Config{{Algo: "set-px", Seed: 1, Preset: "none"}, {Algo: "no-such-lock", Seed: 1, Preset: "none"}})
	if err == nil {
		t.Fatal("an unknown algorithm ran")
	}
	ctx, cancel := context.WithCancel(context.Background())
	stop := errors.New("stop")
	var emitted uint64
	n := Batch{Workers: 2}.Run(ctx, "x", 50, func(cfg run.Config) Outcome { return Outcome{Err: stop} },
		func(i uint64) run.Config { return run.Config{Seed: i} },
		func(i uint64, _ run.Config, o Outcome) {
			emitted++
			if i == 4 {
				cancel()
			}
		})
	if n != emitted || n < 5 || n == 50 {
		t.Fatalf("cancelled after job 4: Run says %d, %d emitted", n, emitted)
	}
}
