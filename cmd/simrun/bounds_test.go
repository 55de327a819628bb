package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/sim"
)

// Item 15 of issue 34: a script that loops forever stops at the same
// instruction budget whichever command ran it, and each names that
// budget, the one the README gives.
func TestOneInstructionBudget(t *testing.T) {
	dir := scriptDir(t, t.TempDir(), "3.16.8", "RedissonLock.tryLockInnerAsync", "while true do end")
	conf := filepath.Join(t.TempDir(), "loop.jsonl")
	if err := os.WriteFile(conf, []byte("{\"case\":\"loop\"}\n{\"t\":1,\"eval\":\"while true do end\",\"keys\":[],\"argv\":[],\"reply\":null}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	scen := filepath.Join(t.TempDir(), "loop.txt")
	if err := os.WriteFile(scen, []byte("explore algo=rlock-3.16.8 scripts="+dir+" threads=1\nlock A\ndeliver A acquire\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("instruction budget of %d ", sim.DefaultInstructionBudget)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "budget of 1,000,000 instructions") || sim.DefaultInstructionBudget != 1_000_000 {
		t.Fatalf("the README and sim.DefaultInstructionBudget (%d) disagree", sim.DefaultInstructionBudget)
	}
	runBad(t, []badCase{
		{name: "run", args: []string{"run", "--algo", "rlock-3.16.8", "--scripts", dir, "--safety", "2s", "--liveness", "1s"}, code: exitUsage, want: want},
		{name: "sweep", args: []string{"sweep", "--algo", "rlock-3.16.8", "--scripts", dir, "--seeds", "1-1"}, code: exitUsage, want: want},
		{name: "conform", args: []string{"conform", conf}, code: exitUsage, want: want},
		{name: "explore", args: []string{"explore", "--algo", "rlock-3.16.8", "--scripts", dir, "--threads", "1", "--save", filepath.Join(t.TempDir(), "x.txt")}, code: exitUsage, want: want},
		{name: "scenario", args: []string{"scenario", scen}, code: exitUsage, want: want},
	})
}
