package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// recipeCommand is the simrun command of the README's GitHub Actions
// recipe whose line holds marker, as arguments, with the recipe's
// variables replaced by vars.
func recipeCommand(t *testing.T, marker string, vars map[string]string) []string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(readme), "\n") {
		_, cmd, ok := strings.Cut(line, "run: go run ./cmd/simrun ")
		if !ok || !strings.Contains(line, marker) {
			continue
		}
		for k, v := range vars {
			cmd = strings.ReplaceAll(cmd, k, v)
		}
		var args []string
		for _, f := range strings.Fields(cmd) {
			args = append(args, strings.Trim(f, `"`))
		}
		return args
	}
	t.Fatalf("the README has no recipe line with %q", marker)
	return nil
}

// The README's CI recipe, as written: its four shards and its merge are
// green on an unmodified copy of the scripts and red on the script
// directory of a catalogue mutant (the 3.16.8 unlock without its owner
// check), with a JUnit file that names the failure.
func TestREADMERecipe(t *testing.T) {
	t.Parallel()
	unmodified := copyVersion(t, "3.16.8", func(s string) string { return s })
	mutant := filepath.Join("..", "..", "scripts", "mutants", "unlock-no-owner-check-3.16.8")
	for _, c := range []struct {
		name, scripts string
		code          int
	}{{"unmodified", unmodified, exitOK}, {"mutant", mutant, exitViolated}} {
		dir := t.TempDir()
		for shard := 1; shard <= 4; shard++ {
			args := recipeCommand(t, "--scripts", map[string]string{"$SCRIPTS": c.scripts, "${{ matrix.shard }}": strconv.Itoa(shard)})
			for i, a := range args {
				if strings.HasPrefix(a, "simrun-") {
					args[i] = filepath.Join(dir, a)
				}
			}
			if code, out, errs := runArgs(args...); code != c.code {
				t.Fatalf("%s shard %d: exit %d (want %d)\n%s%s", c.name, shard, code, c.code, out, errs)
			}
		}
		args := recipeCommand(t, "merge", nil)
		for i, a := range args {
			if strings.HasPrefix(a, "simrun") {
				args[i] = filepath.Join(dir, a)
			}
		}
		code, out, errs := runArgs(args...)
		if code != c.code {
			t.Fatalf("%s merge: exit %d (want %d)\n%s%s", c.name, code, c.code, out, errs)
		}
		if c.code == exitViolated {
			junit := readFile(t, filepath.Join(dir, "simrun.xml"))
			if !strings.Contains(junit, `type="bug:deleted-by-other"`) || !strings.Contains(out, "\nFAILED: ") {
				t.Errorf("%s: no failure named in the merged report or JUnit file\n%s", c.name, out)
			}
			validateJUnit(t, filepath.Join(dir, "simrun.xml"))
		}
	}
}
