package difftest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/internal/realredis"
	"github.com/locksim/locksim/sim"
)

// luaChecks is how many probe sequences TestLuaLibsRealRedis draws.
const luaChecks = 500

// luaLibsFile holds Redis 7.0.15's replies to the probes of this package's
// testdata/lua-probes (luaLibCases), relative to this package.
var luaLibsFile = filepath.Join("..", "..", "testdata", "conformance", "lua-libs.jsonl")

func startRealBackend(t *testing.T) *RESPBackend {
	t.Helper()
	srv := realredis.Start(t)
	conn, err := DialRESP(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return &RESPBackend{BackendName: "redis", Conn: conn, SetTime: srv.SetTime}
}

// TestLuaLibsRealRedis holds the simulated store to a real Redis 7.0 on the
// Lua libraries and the redis table's reply helpers: first every fixed
// edge case of this package's testdata/lua-probes, then random probes
// (LuaProbeGen), every reply compared byte for byte. A random failure is
// shrunk and saved under testdata/conformance/found/, where TestFoundCases
// replays it.
func TestLuaLibsRealRedis(t *testing.T) {
	real := startRealBackend(t)
	simb := NewSimBackend(sim.NewEngine())
	t.Run("fixed", func(t *testing.T) {
		steps := LuaLibSteps(luaLibCases(t))
		cur := ""
		for i := range steps {
			st := &steps[i]
			if st.IsCase() {
				cur = st.Case
				if err := real.Reset(); err != nil {
					t.Fatal(err)
				}
				_ = simb.Reset()
				continue
			}
			want, d, err := compareStep(i, st, real, simb)
			if err != nil {
				t.Fatal(err)
			}
			if d != nil {
				t.Errorf("%s: %s\n  redis: %s\n  sim:   %s", cur, st.Eval, want, d.Got)
			}
		}
	})
	t.Run("random", func(t *testing.T) {
		cfg := ConfigureRapid(t, luaChecks)
		t.Logf("rapid seed %d, %d probe sequences (reproduce: -rapid.seed=%d; explore: LOCKSIM_DIFFTEST_SEED=random)", cfg.Seed, cfg.Checks, cfg.Seed)
		var res LuaDiffResult
		defer func() { t.Logf("%d probes compared", res.Probes) }()
		CheckLuaDifferential(t, cfg, real, simb, foundDir, &res)
	})
}

// TestLuaLibsConformanceFile checks that testdata/conformance/lua-libs.jsonl
// holds exactly the probes of this package's testdata/lua-probes and that
// the simulated store gives every reply recorded in it, with no server.
// LOCKSIM_RECORD_LUA_LIBS=1 records the file again from a real Redis
// first:
//
//	LOCKSIM_RECORD_LUA_LIBS=1 go test -run TestLuaLibsConformanceFile ./internal/difftest/
func TestLuaLibsConformanceFile(t *testing.T) {
	if os.Getenv("LOCKSIM_RECORD_LUA_LIBS") == "1" {
		if err := RecordConformance(luaLibsFile, LuaLibSteps(luaLibCases(t)), startRealBackend(t)); err != nil {
			t.Fatal(err)
		}
		t.Logf("recorded %s", luaLibsFile)
	}
	f, err := os.Open(luaLibsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recorded, err := conformance.Parse(luaLibsFile, f)
	if err != nil {
		t.Fatal(err)
	}
	want := LuaLibSteps(luaLibCases(t))
	if len(recorded) != len(want) {
		t.Fatalf("%s has %d lines, the probes of %s %d: record it again (see the test's comment)", luaLibsFile, len(recorded), luaProbesDir, len(want))
	}
	for i := range want {
		if recorded[i].Case != want[i].Case || recorded[i].Eval != want[i].Eval {
			t.Fatalf("%s:%d is %q %q, %s has %q %q: record it again", luaLibsFile, recorded[i].Line, recorded[i].Case, recorded[i].Eval, luaProbesDir, want[i].Case, want[i].Eval)
		}
	}
	res, err := CheckFile(luaLibsFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Mismatches {
		t.Errorf("%s", m.String())
	}
	t.Logf("%d cases, %d steps, %d mismatches", res.Cases, res.Steps, len(res.Mismatches))
}

// TestLuaProbeGen checks that probes are a function of rapid's draws, are
// ASCII (so conformance files keep them as they are), and reach every
// library with both results and errors (and the reply tables).
func TestLuaProbeGen(t *testing.T) {
	eng := sim.NewEngine()
	libs := []string{"cjson.", "cmsgpack.", "bit.", "struct.", "redis.", "{map", "{set", "{double"}
	ok, failed := map[string]int{}, map[string]int{}
	var errs int
	for seed := 1; seed <= 2000; seed++ {
		src := LuaProbeGen().Example(seed)
		if again := LuaProbeGen().Example(seed); again != src {
			t.Fatalf("seed %d: two probes from the same draws:\n%s\n%s", seed, src, again)
		}
		for i := 0; i < len(src); i++ {
			if src[i] < 0x20 || src[i] >= 0x7f {
				t.Fatalf("seed %d: byte %#x in probe %q", seed, src[i], src)
			}
		}
		s := sim.NewStore()
		s.SetEngine(eng)
		r := s.EvalSource(src, nil, nil)
		if r.IsError() {
			errs++
		}
		for _, l := range libs {
			if strings.Contains(src, l) {
				if r.IsError() {
					failed[l]++
				} else {
					ok[l]++
				}
			}
		}
	}
	for i, l := range libs {
		if ok[l] == 0 || (i < 5 && failed[l] == 0) { // the reply tables rarely fail
			t.Errorf("%s: %d probes with a result, %d with an error; want both", l, ok[l], failed[l])
		}
	}
	t.Logf("2000 probes, %d errors; with a result / an error: %v / %v", errs, ok, failed)
	if errs > 1200 {
		t.Errorf("%d of 2000 probes fail: the generator draws too little that works", errs)
	}
}

// TestCheckLuaDifferentialFindsPlantedBug proves the find, shrink and save
// pipeline without Redis: a store whose cjson.encode writes "1" for every
// 0 is found, the saved case passes on the correct store.
func TestCheckLuaDifferentialFindsPlantedBug(t *testing.T) {
	cfg := ConfigureRapid(t, 200)
	ref, bug := NewSimBackend(sim.NewEngine()), plantedLuaBug{NewSimBackend(sim.NewEngine())}
	ftb := &fakeTB{}
	var res LuaDiffResult
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(fakeFailNow); !ok {
					panic(r)
				}
			}
		}()
		CheckLuaDifferential(ftb, cfg, ref, bug, t.TempDir(), &res)
	}()
	if !ftb.failed || res.SavedPath == "" {
		t.Fatalf("the planted bug was not found and saved:\n%s", strings.Join(ftb.logs, "\n"))
	}
	t.Logf("shrunk to %q, saved to %s:\n%s", res.Failing, res.SavedPath, res.Diff)
	if len(res.Failing) != 1 || len(res.Failing[0]) > 60 {
		t.Errorf("shrunk to %q; one short probe shows the bug", res.Failing)
	}
	if got, err := CheckFile(res.SavedPath); err != nil || len(got.Mismatches) != 0 {
		t.Errorf("the saved case does not pass on the correct store: %+v, %v", got, err)
	}
}

// plantedLuaBug answers with the 0s of a bulk reply turned into 1s.
type plantedLuaBug struct{ *SimBackend }

func (b plantedLuaBug) Name() string { return "sim-with-planted-bug" }

func (b plantedLuaBug) Do(st *conformance.Step) (sim.Reply, error) {
	r, err := b.SimBackend.Do(st)
	if r.Kind == sim.KindBulk && strings.Contains(st.Eval, "cjson.encode") {
		r.Str = strings.ReplaceAll(r.Str, "0", "1")
	}
	return r, err
}
