package sim

import "testing"

// TestStatementsCountRuns: a run counts the statements it executed. That
// the Redisson scripts split into statements is verdict's test
// (TestRedissonScriptsSplitIntoStatements): sim does not import scripts.
func TestStatementsCountRuns(t *testing.T) {
	src := "if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], 'x'); return 1; end; return 0;"
	sc, err := CompileScript("t", src)
	if err != nil {
		t.Fatal(err)
	}
	st := NewStore()
	e := NewEngine()
	st.SetEngine(e)
	cov := NewCoverage()
	e.CountTo(cov)
	st.Eval(sc, []string{"k"}, nil)
	got := map[string]uint64{}
	for _, s := range cov.Statements(sc) {
		got[s.Text] = s.Runs
	}
	if got["redis.call('set', KEYS[1], 'x');"] != 1 || got["return 0;"] != 0 || got["return 1;"] != 1 {
		t.Fatalf("first run: %v", got)
	}
	st.Eval(sc, []string{"k"}, nil)
	for _, s := range cov.Statements(sc) {
		got[s.Text] = s.Runs
	}
	if got["return 0;"] != 1 || got["return 1;"] != 1 {
		t.Fatalf("second run: %v", got)
	}
}
