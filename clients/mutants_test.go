package clients

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/scripts"
)

var rewrite = flag.Bool("rewrite", false, "regenerate scripts/mutants from the catalog")

// The mutant directories are the catalog's edits applied to Redisson's
// scripts, nothing more: each holds one file, the original with one
// statement changed or dropped. -rewrite regenerates them.
func TestMutantDirectories(t *testing.T) {
	root := filepath.Join("..", "scripts", scripts.MutantDir)
	seen := map[string]bool{}
	for _, m := range Mutants {
		if seen[m.Name] {
			t.Errorf("mutant %s is in the catalog twice", m.Name)
		}
		seen[m.Name] = true
		if err := CheckAlgo(m.Algo); err != nil || strings.HasPrefix(m.Algo, "set") {
			t.Errorf("mutant %s: algorithm %q is not a Redisson lock", m.Name, m.Algo)
		}
		if (m.Script == nil) == (m.Client == Mutations{}) {
			t.Errorf("mutant %s must change exactly one of a script and the client", m.Name)
			continue
		}
		if m.Script == nil {
			continue
		}
		if v, _, _ := strings.Cut(m.Script.ID, "/"); !strings.HasSuffix(m.Algo, "-"+v) {
			t.Errorf("mutant %s edits a %s script but runs under %s", m.Name, v, m.Algo)
		}
		want, err := MutantSource(m)
		if err != nil {
			t.Error(err)
			continue
		}
		file := filepath.Join(root, m.Name, filepath.FromSlash(m.Script.ID)+".lua")
		if *rewrite {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		own, err := scripts.LoadMutant(m.Name)
		if err != nil {
			t.Errorf("%v (go test ./clients -run TestMutantDirectories -rewrite)", err)
			continue
		}
		if len(own) != 1 || own[m.Script.ID] == nil || own[m.Script.ID].Source != want {
			t.Errorf("scripts/mutants/%s is not the catalog's edit of %s (go test ./clients -run TestMutantDirectories -rewrite)", m.Name, m.Script.ID)
		}
		if own[m.Script.ID] != nil && own[m.Script.ID].IsOriginal() {
			t.Errorf("mutant %s is Redisson's own script", m.Name)
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !seen[e.Name()] {
			t.Errorf("scripts/mutants/%s is not in the catalog", e.Name())
		}
	}
	if len(Mutants) < 20 {
		t.Errorf("the catalog has %d mutants, want at least 20", len(Mutants))
	}
}
