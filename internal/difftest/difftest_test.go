package difftest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/internal/realredis"
	"github.com/locksim/locksim/sim"
)

const (
	// fullChecks is how many sequences each differential test tries
	// (shortChecks with -short).
	fullChecks, shortChecks = 300, 40
	// maxSteps bounds a sequence's length.
	maxSteps = 60
)

// checks is how many sequences a differential test tries.
func checks() int {
	if testing.Short() {
		return shortChecks
	}
	return fullChecks
}

// foundDir is where TestDifferentialRealRedis saves minimal failing
// sequences, relative to this package.
var foundDir = filepath.Join("..", "..", "testdata", "conformance", "found")

// TestDifferentialRealRedis runs random sequences of the Redisson scripts
// and plain commands on a real Redis 7.0 (clock set before every step) and
// on the simulated store, and requires every reply to be equal. A failing
// sequence is shrunk by rapid and the minimal one is saved, with the real
// Redis's replies as the expected ones, under testdata/conformance/found/,
// where TestFoundCases replays it against the simulated store from then on.
func TestDifferentialRealRedis(t *testing.T) {
	srv := realredis.Start(t)
	conn, err := DialRESP(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	real := &RESPBackend{BackendName: "redis", Conn: conn, SetTime: srv.SetTime}
	simb := NewSimBackend(sim.NewEngine())
	cfg := ConfigureRapid(t, checks())
	t.Logf("rapid seed %d, %d sequences of up to %d steps (reproduce: -rapid.seed=%d; explore: LOCKSIM_DIFFTEST_SEED=random)", cfg.Seed, cfg.Checks, maxSteps, cfg.Seed)

	var res DiffResult
	defer func() {
		t.Logf("%d sequences, %d steps compared, %d (%.0f%%) aimed at an expiry or a queue deadline",
			res.Sequences, res.Steps, res.Boundary, 100*float64(res.Boundary)/float64(max(res.Steps, 1)))
	}()
	CheckDifferential(t, DiffOptions{Config: cfg, MaxSteps: maxSteps, Ref: real, Sut: simb, Dir: foundDir, Prefix: "real-redis"}, &res)
}

// TestFoundCases replays every saved failing sequence against the
// simulated store: once the simulator is fixed they are regression tests.
func TestFoundCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(foundDir, "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("no saved cases in %s", foundDir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			res, err := CheckFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range res.Mismatches {
				t.Errorf("%s", m.String())
			}
			t.Logf("%d cases, %d steps, %d mismatches", res.Cases, res.Steps, len(res.Mismatches))
		})
	}
}

// TestDifferentialMiniredis runs the same sequences on miniredis and on
// the simulated store (the reference: TestDifferentialRealRedis holds it
// to real Redis) and requires every difference to be one of the named
// MiniredisDeviations. It logs how many steps hit each.
func TestDifferentialMiniredis(t *testing.T) {
	mini, m, err := StartMiniredis()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mini.Conn.Close(); m.Close() })
	ref := NewSimBackend(sim.NewEngine())
	cfg := ConfigureRapid(t, checks())
	t.Logf("rapid seed %d, %d sequences of up to %d steps", cfg.Seed, cfg.Checks, maxSteps)

	counts := map[string]int{}
	var stepsRun, observed int
	rapid.Check(t, func(rt *rapid.T) {
		seq := Gen(maxSteps).Draw(rt, "seq")
		obs, err := RunMiniredis(seq, ref, mini)
		if err != nil {
			rt.Fatalf("harness: %v", err)
		}
		// Count only what this sequence adds, so that a failing attempt
		// during shrinking leaves the table as it was.
		local := map[string]int{}
		for i := range obs {
			names := Classify(&obs[i])
			if names == nil {
				rt.Fatalf("miniredis differs from the simulated store in a way no listed deviation explains:\n%s\nsequence:\n%s", obs[i].String(), seq)
			}
			for _, n := range names {
				local[n]++
			}
		}
		for n, c := range local {
			counts[n] += c
		}
		stepsRun += len(seq.Steps)
		observed += len(obs)
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%d steps, %d with a difference; deviation -> steps:\n", stepsRun, observed)
	for _, d := range MiniredisDeviations {
		fmt.Fprintf(&b, "  %-18s %6d  %s\n", d.Name, counts[d.Name], d.Explain)
	}
	t.Log(b.String())
}

// TestMiniredisDeviationExamples shows each listed deviation on a small
// hand-written probe, so the table stays true as miniredis changes, and
// checks that Classify names it.
func TestMiniredisDeviationExamples(t *testing.T) {
	mini, m, err := StartMiniredis()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mini.Conn.Close(); m.Close() })
	ref := NewSimBackend(nil)
	const t0 = StartMin
	step := func(ms int64, cmd ...string) stepSpec { return stepSpec{t: ms, cmd: cmd} }
	cases := []struct {
		dev   string
		steps []stepSpec // the last step shows the deviation
	}{
		{DevExpiryBoundary, []stepSpec{step(t0, "SET", "k", "v", "PX", "100"), step(t0+100, "PTTL", "k")}},
		{"script-error-code", []stepSpec{step(t0, "SET", "k", "v"), {t: t0, eval: "return redis.call('hget', KEYS[1], 'f')", keys: []string{"k"}}}},
		{"script-error-text", []stepSpec{{t: t0, eval: "return redis.call('zscore', KEYS[1], 'm') <= 1", keys: []string{"z"}}}},
		{"score-format", []stepSpec{step(t0, "ZADD", "z", "1700000000000", "m"), step(t0, "ZRANGE", "z", "0", "-1", "WITHSCORES")}},
		{"hgetall-order", []stepSpec{step(t0, "HSET", "h", "b", "1"), step(t0, "HSET", "h", "a", "2"), step(t0, "HGETALL", "h")}},
		{"no-spublish", []stepSpec{step(t0, "SET", "k", "v"), {t: t0, eval: "redis.call(ARGV[1], 'ch', '0'); return redis.call('del', KEYS[1])", keys: []string{"k"}, argv: []string{"spublish"}}}},
	}
	listed := map[string]bool{}
	for _, d := range MiniredisDeviations {
		listed[d.Name] = true
	}
	for _, c := range cases {
		if !listed[c.dev] {
			t.Errorf("example for %q, which is not in MiniredisDeviations", c.dev)
		}
		delete(listed, c.dev)
		seq := &Sequence{Version: "probe"}
		for _, s := range c.steps {
			seq.Steps = append(seq.Steps, s.step())
		}
		obs, err := RunMiniredis(seq, ref, mini)
		if err != nil {
			t.Fatal(err)
		}
		if len(obs) == 0 || obs[len(obs)-1].Index != len(seq.Steps)-1 {
			t.Errorf("%s: miniredis no longer differs on the example (observations: %v)", c.dev, obs)
			continue
		}
		o := &obs[len(obs)-1]
		if got := Classify(o); len(got) != 1 || got[0] != c.dev {
			t.Errorf("%s: classified as %v:\n%s", c.dev, got, o)
		}
		t.Logf("%s:\n%s", c.dev, o)
	}
	for n := range listed {
		t.Errorf("deviation %q has no example", n)
	}
}

type stepSpec struct {
	t    int64
	cmd  []string
	eval string
	keys []string
	argv []string
}

func (s stepSpec) step() (st conformance.Step) {
	st.T, st.Cmd, st.Eval, st.Keys, st.Argv = s.t, s.cmd, s.eval, s.keys, s.argv
	if s.cmd == nil && st.Keys == nil {
		st.Keys = []string{}
	}
	if s.cmd == nil && st.Argv == nil {
		st.Argv = []string{}
	}
	return st
}

// TestGeneratorDeterministic checks that a sequence is a function of the
// draws alone.
func TestGeneratorDeterministic(t *testing.T) {
	for seed := 1; seed <= 20; seed++ {
		a := Gen(maxSteps).Example(seed)
		b := Gen(maxSteps).Example(seed)
		if a.String() != b.String() {
			t.Fatalf("seed %d: two sequences from the same draws differ:\n%s\n%s", seed, a, b)
		}
	}
}

// TestGeneratorCoverage checks that the generated sequences reach what
// they are meant to: every script of both versions, the boundaries, the
// Lua error paths.
func TestGeneratorCoverage(t *testing.T) {
	ids := map[string]int{}
	var steps, boundary, errs, lossy int
	// What 4.7.0 adds: an unlock answered from its latch (a repeated
	// request id), renewals of 2 and 3 locks in one call with mixed
	// answers, SPUBLISH, and INCR failing on a token that is not a number.
	var latchHit, renew2, renew3, renewMixed, spublish, tokenErr int
	eng := sim.NewEngine()
	for seed := 1; seed <= 200; seed++ {
		seq := Gen(maxSteps).Example(seed)
		b := NewSimBackend(eng)
		for i := range seq.Steps {
			st := &seq.Steps[i]
			if st.Script != "" {
				ids[st.Script]++
			}
			latched := false
			if strings.HasPrefix(st.Script, "4.7.0/") && strings.HasSuffix(st.Script, ".unlockInnerAsync") {
				b.Store.SetTime(st.T)
				latched = b.Store.Do("EXISTS", st.Keys[len(st.Keys)-1]).Int == 1
			}
			r, err := b.Do(st)
			if err != nil {
				t.Fatal(err)
			}
			if r.IsError() && strings.Contains(r.Str, "attempt to compare") {
				errs++
			}
			if latched && !r.IsError() {
				latchHit++
			}
			if st.Script == "4.7.0/LockTask.buildChunk" {
				if len(st.Keys) >= 2 {
					renew2++
				}
				if len(st.Keys) == 3 {
					renew3++
				}
				if s := r.String(); strings.Contains(s, "0") && strings.Contains(s, "1") {
					renewMixed++
				}
			}
			for _, a := range st.Argv {
				if a == "spublish" {
					spublish++
				}
			}
			if strings.HasPrefix(st.Script, "4.7.0/RedissonFencedLock") && r.IsError() && strings.Contains(r.Str, "not an integer") {
				tokenErr++
			}
		}
		steps += len(seq.Steps)
		boundary += seq.Boundary
		if seq.Lossy {
			lossy++
		}
	}
	var missing []string
	for _, v := range Versions {
		for _, name := range []string{"RedissonLock.tryLockInnerAsync", "RedissonLock.unlockInnerAsync", "RedissonLock.forceUnlockAsync",
			"RedissonFairLock.tryLockInnerAsync.EVAL_LONG", "RedissonFairLock.tryLockInnerAsync.EVAL_NULL_BOOLEAN",
			"RedissonFairLock.acquireFailedAsync", "RedissonFairLock.unlockInnerAsync", "RedissonFairLock.forceUnlockAsync"} {
			if ids[v+"/"+name] == 0 {
				missing = append(missing, v+"/"+name)
			}
		}
	}
	if ids["3.8.1/RedissonLock.renewExpirationAsync"] == 0 || ids["3.16.8/RedissonBaseLock.renewExpirationAsync"] == 0 {
		missing = append(missing, "renewExpirationAsync")
	}
	for _, name := range []string{"LockTask.buildChunk", "RedissonFencedLock.tryLockInnerAsync", "RedissonFencedLock.tryLockInnerAsync.EVAL_LONG_LIST"} {
		if ids["4.7.0/"+name] == 0 {
			missing = append(missing, "4.7.0/"+name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("scripts never generated: %v", missing)
	}
	frac := float64(boundary) / float64(steps)
	t.Logf("200 sequences (%d lossy): %d steps, %.0f%% aimed at a boundary, %d Lua compare errors, %d script IDs", lossy, steps, 100*frac, errs, len(ids))
	if frac < 0.2 || frac > 0.4 {
		t.Errorf("%.0f%% of steps aimed at a boundary, want about 30%%", 100*frac)
	}
	if errs == 0 {
		t.Errorf("no sequence reached Redisson's Lua error path (nil score)")
	}
	t.Logf("4.7.0: %d unlocks answered from their latch, %d renewals of 2+ locks (%d of 3, %d with mixed answers), %d SPUBLISH, %d token INCR errors",
		latchHit, renew2, renew3, renewMixed, spublish, tokenErr)
	if latchHit == 0 || renew2 == 0 || renew3 == 0 || renewMixed == 0 || spublish == 0 || tokenErr == 0 {
		t.Errorf("a 4.7.0 path was never generated")
	}
}

// plantedBug is the simulated store with a bug planted on purpose: keys
// expire at their exact expiry millisecond (miniredis's rule, not Redis's).
type plantedBug struct{ *SimBackend }

func (b plantedBug) Name() string { return "sim-with-planted-bug" }

func (b plantedBug) Do(st *conformance.Step) (sim.Reply, error) {
	b.Store.SetTime(st.T)
	for _, k := range b.Store.SortedKeys() {
		if b.Store.Do("PTTL", k).Int == 0 {
			b.Store.Do("DEL", k)
		}
	}
	return b.SimBackend.Do(st)
}

// fakeTB lets a test watch rapid.Check fail without failing itself.
type fakeTB struct {
	failed bool
	logs   []string
}

type fakeFailNow struct{}

func (f *fakeTB) Helper()                   {}
func (f *fakeTB) Name() string              { return "TestPlantedBug" }
func (f *fakeTB) Logf(s string, a ...any)   { f.logs = append(f.logs, fmt.Sprintf(s, a...)) }
func (f *fakeTB) Log(a ...any)              { f.logs = append(f.logs, fmt.Sprint(a...)) }
func (f *fakeTB) Skipf(s string, a ...any)  { panic("skip") }
func (f *fakeTB) Skip(a ...any)             { panic("skip") }
func (f *fakeTB) SkipNow()                  { panic("skip") }
func (f *fakeTB) Errorf(s string, a ...any) { f.Logf(s, a...); f.failed = true }
func (f *fakeTB) Error(a ...any)            { f.Log(a...); f.failed = true }
func (f *fakeTB) Fatalf(s string, a ...any) { f.Errorf(s, a...); f.FailNow() }
func (f *fakeTB) Fatal(a ...any)            { f.Error(a...); f.FailNow() }
func (f *fakeTB) FailNow()                  { f.failed = true; panic(fakeFailNow{}) }
func (f *fakeTB) Fail()                     { f.failed = true }
func (f *fakeTB) Failed() bool              { return f.failed }

// TestCheckDifferentialFindsPlantedBug proves the pipeline without a real
// Redis: a planted expiry bug is found, shrunk to a few steps and saved as
// a conformance case that the correct store passes and the buggy one fails.
func TestCheckDifferentialFindsPlantedBug(t *testing.T) {
	cfg := ConfigureRapid(t, checks())
	if cfg.Checks < 100 { // the bug needs a few sequences to show
		setFlag(t, "rapid.checks", "100")
	}
	eng := sim.NewEngine()
	ref, bug := NewSimBackend(eng), plantedBug{NewSimBackend(eng)}
	ftb := &fakeTB{}
	var res DiffResult
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(fakeFailNow); !ok {
					panic(r)
				}
			}
		}()
		CheckDifferential(ftb, DiffOptions{Config: cfg, MaxSteps: maxSteps, Ref: ref, Sut: bug, Dir: t.TempDir(), Prefix: "planted"}, &res)
	}()
	if !ftb.failed || res.Failing == nil || res.SavedPath == "" {
		t.Fatalf("the planted bug was not found and saved (failed=%v):\n%s", ftb.failed, strings.Join(ftb.logs, "\n"))
	}
	t.Logf("found after %d sequences (seed %d), shrunk to %d steps, saved to %s:\n%s\n%s",
		res.FoundAfter, res.FailSeed, len(res.Failing.Steps), res.SavedPath, res.Diff, res.Failing)
	if n := len(res.Failing.Steps); n > 4 {
		t.Errorf("shrunk to %d steps; a key at its expiry millisecond needs at most 3", n)
	}
	if got, err := CheckFile(res.SavedPath); err != nil || len(got.Mismatches) != 0 || got.Steps != len(res.Replies) {
		t.Errorf("the saved case does not pass on the correct store: %+v, %v", got, err)
	}
	// The same file through the buggy store: the last step must mismatch.
	f, err := os.Open(res.SavedPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	steps, err := conformance.Parse(res.SavedPath, f)
	if err != nil {
		t.Fatal(err)
	}
	b2 := plantedBug{NewSimBackend(eng)}
	var last sim.Reply
	for i := range steps[1:] {
		if last, err = b2.Do(&steps[1+i]); err != nil {
			t.Fatal(err)
		}
	}
	if last.Equal(steps[len(steps)-1].Reply) {
		t.Errorf("the buggy store passes the saved case's last step")
	}
}
