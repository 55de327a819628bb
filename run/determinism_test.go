package run

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// detSeeds is how many seeds per preset the determinism test runs (1000;
// 40 with -short; LOCKSIM_DET_SEEDS sets it).
func detSeeds(t *testing.T) int {
	if s := os.Getenv("LOCKSIM_DET_SEEDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("LOCKSIM_DET_SEEDS=%q is not a positive number", s)
		}
		return n
	}
	if testing.Short() {
		return 40
	}
	return 1000
}

type runKey struct {
	preset string
	seed   uint64
}

type runSum struct {
	hash  uint64
	lines int
}

// detConfig is a short run: determinism is about every choice coming from
// the seed, which a short run exercises as well as a long one.
// The algorithms take turns by seed.
func detConfig(preset string, seed uint64) Config {
	algo := clients.Algorithms[seed%uint64(len(clients.Algorithms))]
	return Config{Algo: algo, Seed: seed, Preset: preset, Safety: 40 * sim.Second, Liveness: 20 * sim.Second}
}

func runOnce(t testing.TB, cfg Config) runSum {
	r, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	return runSum{r.World.Tracer().Sum(), r.World.Tracer().Lines()}
}

// The same seed and options give the same trace: every preset, 1000 seeds
// each, every algorithm in turn, once serially at GOMAXPROCS=1 and once
// spread over goroutines at GOMAXPROCS=2. A difference prints the command
// that shows it.
func TestDeterminismAcrossSeedsAndGOMAXPROCS(t *testing.T) {
	n := detSeeds(t)
	var keys []runKey
	for _, p := range sim.Presets {
		for s := 1; s <= n; s++ {
			keys = append(keys, runKey{p, uint64(s)})
		}
	}
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	first := make([]runSum, len(keys))
	for i, k := range keys {
		first[i] = runOnce(t, detConfig(k.preset, k.seed))
	}
	runtime.GOMAXPROCS(2)
	second := make([]runSum, len(keys))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				second[i] = runOnce(t, detConfig(keys[i].preset, keys[i].seed))
			}
		}()
	}
	for i := range keys {
		next <- i
	}
	close(next)
	wg.Wait()
	bad := 0
	for i, k := range keys {
		if first[i] != second[i] {
			bad++
			if bad <= 5 {
				cfg := detConfig(k.preset, k.seed)
				t.Errorf("non-deterministic: %016x/%d lines vs %016x/%d lines; reproduce: go run ./cmd/simrun run --algo %s --seed %d --preset %s --safety %s --liveness %s --check-determinism",
					first[i].hash, first[i].lines, second[i].hash, second[i].lines, cfg.Algo, cfg.Seed, cfg.Preset, cfg.Safety, cfg.Liveness)
			}
		}
	}
	t.Logf("%d runs (%d presets × %d seeds) gave identical traces at GOMAXPROCS=1 and 2; %d differed", len(keys), len(sim.Presets), n, bad)
}

// Different seeds do give different runs (the test above would pass
// trivially if nothing depended on the seed).
func TestSeedsDiffer(t *testing.T) {
	seen := map[uint64]uint64{}
	for s := uint64(1); s <= 20; s++ {
		sum := runOnce(t, detConfig("all", s*8)) // same algorithm for all
		if prev, ok := seen[sum.hash]; ok {
			t.Fatalf("seeds %d and %d gave the same trace", prev, s*8)
		}
		seen[sum.hash] = s * 8
	}
}

// BenchmarkWorldHour simulates one virtual hour of 20 client processes on
// the 3.16.8 fair lock. With LOCKSIM_BENCH_REPORT=1 it writes
// results/bench-world.md.
func BenchmarkWorldHour(b *testing.B) {
	cfg := Config{Algo: "fairlock-3.16.8", Seed: 1, Preset: "none", Safety: 50 * sim.Minute, Liveness: 10 * sim.Minute, Procs: 20, Threads: 1}
	var steps uint64
	var calls int
	for i := 0; i < b.N; i++ {
		r, err := New(cfg, nil)
		if err != nil {
			b.Fatal(err)
		}
		r.Execute()
		steps, calls = r.World.Steps(), len(r.History.Ops)
	}
	b.ReportMetric(float64(steps), "events/run")
	b.ReportMetric(float64(steps)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		writeWorldReport(b, cfg, steps, calls)
	}
}

func writeWorldReport(b *testing.B, cfg Config, steps uint64, calls int) {
	per := b.Elapsed().Seconds() / float64(b.N)
	text := fmt.Sprintf(`# World benchmark: one virtual hour, 20 clients, fair lock 3.16.8

Made by: `+"`LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkWorldHour -benchtime 3x ./run/`"+`
(GOMAXPROCS=%d, %s/%s; wall-clock figures depend on the machine, the event counts do not).

| run | virtual time | events | lock calls | wall time per run | speed-up over real time |
|---|---|---|---|---|---|
| %s seed %d preset %s, %d procs × %d thread | %s | %d | %d | %.2f s | %.0f× |
`, runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, cfg.Algo, cfg.Seed, cfg.Preset, cfg.Procs, cfg.Threads,
		(cfg.Safety + cfg.Liveness).String(), steps, calls, per, float64((cfg.Safety+cfg.Liveness).Ms())/1000/per)
	if err := os.WriteFile("../results/bench-world.md.tmp", []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename("../results/bench-world.md.tmp", "../results/bench-world.md"); err != nil {
		b.Fatal(err)
	}
}
