package exploration

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/locksim/locksim/explore"
)

func TestConfigFile(t *testing.T) {
	f, err := explore.ParseFaults("drop:1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cfg  explore.Config
		want string
	}{
		{explore.Config{Algo: "rlock-3.8.1", Threads: 2, Acquires: 2}, "rlock-3.8.1-t2-a2-none.txt"},
		{explore.Config{Algo: "rlock-3.16.8", Threads: 2, PerProc: 2, Ops: []string{"reentrant"}}, "rlock-3.16.8-t2-reentrant-pp2-none.txt"},
		{explore.Config{Algo: "fairlock-3.16.8", Threads: 2, Acquires: 1, Faults: f, Mutant: "m"}, "fairlock-3.16.8-t2-a1-drop1-mutant-m.txt"},
	} {
		if got := ConfigFile(c.cfg); got != c.want {
			t.Errorf("%+v: %q, want %q", c.cfg, got, c.want)
		}
	}
}

func TestRate(t *testing.T) {
	for _, c := range []struct {
		n    int
		d    time.Duration
		want string
	}{{5, 0, "-"}, {950, time.Second, "950"}, {12_400, time.Second, "12k"}, {2_500_000, 2 * time.Second, "1.25M"}} {
		if got := Rate(c.n, c.d); got != c.want {
			t.Errorf("Rate(%d, %v) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
}

// A report removes the counterexamples that an earlier one saved and this
// one did not find, and keeps the other files.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"kept.txt", "stale.txt", "notes.md"} {
		if err := Save(filepath.Join(dir, name), name); err != nil {
			t.Fatal(err)
		}
	}
	if err := removeStale(dir, map[string]bool{"kept.txt": true}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"kept.txt": true, "stale.txt": false, "notes.md": true} {
		if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != want {
			t.Errorf("%s: present %v, want %v", name, err == nil, want)
		}
	}
	if err := removeStale(filepath.Join(dir, "none"), nil); err != nil {
		t.Errorf("no directory yet: %v", err)
	}
}

// A whole report on a tiny budget: every configuration searched once in
// order, the report written with its tables, each counterexample saved
// beside it, an old one removed, and the same bytes with the same timings.
func TestWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every configuration of the report")
	}
	write := func() (string, string, []string) {
		dir := t.TempDir()
		out := filepath.Join(dir, "explore.md")
		if err := Save(filepath.Join(dir, "explore", "old-stale.txt"), "x"); err != nil {
			t.Fatal(err)
		}
		var searched []string
		search := func(cfg explore.Config) (*explore.Result, time.Duration, error) {
			searched = append(searched, cfg.Header())
			res, err := explore.Explore(cfg, nil)
			return res, time.Second, err
		}
		var log bytes.Buffer
		if err := Write(Options{Out: out, Budget: 3000, LargeBudget: 300, Search: search, Log: &log, Cores: 2}); err != nil {
			t.Fatal(err)
		}
		md, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		saved, _ := filepath.Glob(filepath.Join(dir, "explore", "*.txt"))
		for i := range saved {
			saved[i] = filepath.Base(saved[i])
		}
		if len(searched) != strings.Count(log.String(), "\n")-1 || !strings.HasSuffix(log.String(), "wrote "+out+"\n") {
			t.Errorf("log of %d searches:\n%s", len(searched), log.String())
		}
		return strings.ReplaceAll(string(md), dir, "DIR"), strings.Join(searched, "\n"), saved
	}
	md, searched, saved := write()
	for _, want := range []string{"# Exhaustive exploration", "## Without faults", "## Larger bounds", "## Call mixes of the Redisson client", "## One fault (2 threads × 1 call)", "2 cores"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if len(saved) == 0 {
		t.Error("no counterexample saved (the ladder finds some within 3000 states)")
	}
	for _, name := range saved {
		if name == "old-stale.txt" {
			t.Error("the stale counterexample is still there")
		}
		if !strings.Contains(md, "(explore/"+name+")") {
			t.Errorf("saved %s, which the report does not link", name)
		}
	}
	md2, searched2, saved2 := write()
	if md != md2 || searched != searched2 || strings.Join(saved, ",") != strings.Join(saved2, ",") {
		t.Error("two reports of the same searches differ")
	}
}
