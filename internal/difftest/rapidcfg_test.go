package difftest

import (
	"flag"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// DefaultSeed is the rapid seed the differential tests use when neither
// -rapid.seed, RAPID_SEED nor LOCKSIM_DIFFTEST_SEED says otherwise, so that
// `go test` runs the same sequences every time.
const DefaultSeed uint64 = 20240101

// RapidConfig is how a differential test configured rapid.
type RapidConfig struct {
	Seed   uint64 // base seed: iteration i (0-based) of rapid.Check runs seed Seed + i(i+1)/2
	Checks int    // sequences to try
}

// IterationSeed is the seed with which -rapid.seed reproduces iteration i
// (0-based) of a check as its first iteration (rapid v1.3's findBug adds
// the iteration number to the running seed before each iteration).
func (c RapidConfig) IterationSeed(i int) uint64 {
	return c.Seed + uint64(i)*uint64(i+1)/2
}

// ConfigureRapid sets rapid's global flags for one test and restores them
// when it ends: the seed (from -rapid.seed or RAPID_SEED if given, else
// LOCKSIM_DIFFTEST_SEED — a number, or "random" — else DefaultSeed), the
// number of checks (from -rapid.checks or RAPID_CHECKS if given, else
// checks) and no rapid fail files (the tests write conformance cases
// instead). It must be called from the test's goroutine before rapid.Check.
func ConfigureRapid(t testing.TB, checks int) RapidConfig {
	t.Helper()
	set := userFlags()
	cfg := RapidConfig{Checks: checks}

	switch {
	case set["rapid.seed"] || os.Getenv("RAPID_SEED") != "":
		cfg.Seed, _ = strconv.ParseUint(flag.Lookup("rapid.seed").Value.String(), 10, 64)
	case strings.EqualFold(os.Getenv("LOCKSIM_DIFFTEST_SEED"), "random"):
		cfg.Seed = rand.Uint64()>>1 | 1 // harness only: picks which sequences run, then printed
	case os.Getenv("LOCKSIM_DIFFTEST_SEED") != "":
		n, err := strconv.ParseUint(os.Getenv("LOCKSIM_DIFFTEST_SEED"), 10, 64)
		if err != nil || n == 0 {
			t.Fatalf("LOCKSIM_DIFFTEST_SEED=%q: want a positive integer or \"random\"", os.Getenv("LOCKSIM_DIFFTEST_SEED"))
		}
		cfg.Seed = n
	default:
		cfg.Seed = DefaultSeed
	}
	if cfg.Seed == 0 { // rapid's own random seed: we could not name the failing iteration's seed
		cfg.Seed = rand.Uint64()>>1 | 1
	}
	if set["rapid.checks"] || os.Getenv("RAPID_CHECKS") != "" {
		cfg.Checks, _ = strconv.Atoi(flag.Lookup("rapid.checks").Value.String())
	}
	setFlag(t, "rapid.seed", strconv.FormatUint(cfg.Seed, 10))
	setFlag(t, "rapid.checks", strconv.Itoa(cfg.Checks))
	if !set["rapid.nofailfile"] && os.Getenv("RAPID_NOFAILFILE") == "" {
		setFlag(t, "rapid.nofailfile", "true")
	}
	return cfg
}

var (
	userFlagsOnce sync.Once
	userFlagsSet  map[string]bool
)

// userFlags returns the flags set on the command line, read once before
// any test changes rapid's flags (flag.Visit cannot tell those apart).
func userFlags() map[string]bool {
	userFlagsOnce.Do(func() {
		userFlagsSet = map[string]bool{}
		flag.Visit(func(f *flag.Flag) { userFlagsSet[f.Name] = true })
	})
	return userFlagsSet
}

func setFlag(t testing.TB, name, value string) {
	t.Helper()
	f := flag.Lookup(name)
	if f == nil {
		t.Fatalf("flag -%s is not registered (pgregory.net/rapid not linked?)", name)
	}
	old := f.Value.String()
	if err := flag.Set(name, value); err != nil {
		t.Fatalf("flag -%s=%s: %v", name, value, err)
	}
	t.Cleanup(func() { _ = flag.Set(name, old) })
}
