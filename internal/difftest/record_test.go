package difftest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/realredis"
	"github.com/locksim/locksim/sim"
)

// recorded are the conformance files this package records from a real
// Redis: the steps come from RandomCases and Walkthroughs470, the replies
// from the server.
var recorded = []struct {
	file  string
	cases func() []Case
}{
	{"random-4.7.0.jsonl", func() []Case { return RandomCases("4.7.0", 100, maxSteps) }},
	{"walkthroughs-4.7.0.jsonl", Walkthroughs470},
}

// conformanceDir is testdata/conformance, relative to this package.
var conformanceDir = filepath.Join("..", "..", "testdata", "conformance")

// TestRecordedConformance records every file of recorded on a fresh real
// Redis and requires the committed file to be byte for byte what the
// server answered now, so the committed replies are real Redis's and stay
// so. With LOCKSIM_RECORD=1 it writes the files instead (atomically):
//
//	LOCKSIM_RECORD=1 go test -run TestRecordedConformance ./internal/difftest
//
// Each file is then replayed against the simulated store, which must agree
// with every reply (as `simrun conform` does).
func TestRecordedConformance(t *testing.T) {
	srv := realredis.Start(t)
	conn, err := DialRESP(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	real := &RESPBackend{BackendName: "redis", Conn: conn, SetTime: srv.SetTime}
	write := os.Getenv("LOCKSIM_RECORD") == "1"
	for _, r := range recorded {
		t.Run(r.file, func(t *testing.T) {
			path := filepath.Join(conformanceDir, r.file)
			got, err := Record(real, r.cases())
			if err != nil {
				t.Fatal(err)
			}
			if write {
				if err := atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(got); return err }); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", path)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (record it: LOCKSIM_RECORD=1 go test -run TestRecordedConformance ./internal/difftest)", err)
			}
			if !bytes.Equal(got, want) {
				g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
				for i := 0; i < len(g) && i < len(w); i++ {
					if g[i] != w[i] {
						t.Fatalf("%s:%d differs from what real Redis answers now:\n  file:  %s\n  redis: %s", path, i+1, w[i], g[i])
					}
				}
				t.Fatalf("%s: %d lines, real Redis's recording has %d", path, len(w), len(g))
			}
			res, err := CheckFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range res.Mismatches {
				t.Errorf("simulated store: %s", m.String())
			}
			t.Logf("%s: %d cases, %d steps, real Redis's replies reproduced; simulated store: %d mismatches", r.file, res.Cases, res.Steps, len(res.Mismatches))
		})
	}
}

// TestRecordSim checks Record without a real Redis: on the simulated
// store it reproduces what CheckFile expects, case by case from an empty
// store.
func TestRecordSim(t *testing.T) {
	cases := Walkthroughs470()
	b, err := Record(NewSimBackend(sim.NewEngine()), cases)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.jsonl")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for _, c := range cases {
		steps += len(c.Steps)
	}
	if res.Cases != len(cases) || res.Steps != steps || len(res.Mismatches) != 0 {
		t.Errorf("recorded %d cases, %d steps, %d mismatches; want %d cases, %d steps", res.Cases, res.Steps, len(res.Mismatches), len(cases), steps)
	}
}
