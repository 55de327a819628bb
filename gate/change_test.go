package gate

import (
	"cmp"
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/verdict"
)

// The sign test against sums worked by hand.
func TestSignTest(t *testing.T) {
	for _, c := range []struct {
		b, c int
		want float64
	}{
		{0, 5, 1},
		{1, 0, 0.5},
		{10, 0, 1.0 / 1024},
		{5, 5, 638.0 / 1024}, // C(10,5..10) = 252+210+120+45+10+1
		{2, 1, 4.0 / 8},      // C(3,2)+C(3,3)
	} {
		if got := signTest(c.b, c.c); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("signTest(%d, %d) = %g, want %g", c.b, c.c, got, c.want)
		}
	}
	if p := signTest(200, 0); p <= 0 || p > 1e-60 {
		t.Errorf("signTest(200, 0) = %g", p)
	}
}

// A bug the twin does not show fails at once; any other mechanism fails
// only on a rate beyond chance, Bonferroni-corrected; one the change shows
// in no more runs never fails.
func TestDecide(t *testing.T) {
	for _, c := range []struct {
		d     Delta
		tests int
		fails bool
	}{
		{Delta{Class: checks.Bug, OnlyChanged: 1}, 1, true},
		{Delta{Class: checks.Bug, OnlyBase: 3}, 1, false},
		{Delta{Class: checks.ByDesign, OnlyChanged: 10, P: signTest(10, 0)}, 1, true},
		{Delta{Class: checks.ByDesign, OnlyChanged: 10, P: signTest(10, 0)}, 2, false}, // 1/1024 > 0.001/2
		{Delta{Class: checks.Known, OnlyChanged: 20, OnlyBase: 2, P: signTest(20, 2)}, 2, true},
		{Delta{Class: checks.Known, OnlyChanged: 20, OnlyBase: 2, P: signTest(20, 2)}, 50, false}, // 6e-5 > 0.001/50
		{Delta{Class: checks.Known, OnlyChanged: 3, OnlyBase: 1, P: signTest(3, 1)}, 1, false},
	} {
		d := c.d
		decide(&d, c.tests)
		if d.Fails != c.fails || d.Why == "" {
			t.Errorf("%+v with %d tests: fails %v (%s)", c.d, c.tests, d.Fails, d.Why)
		}
	}
}

// copyScripts copies the embedded scripts of version into a new
// directory, edited by edit (file name → new text, "" to keep it).
func copyScripts(t *testing.T, version string, edit func(name, text string) string) string {
	t.Helper()
	dir := t.TempDir()
	err := scripts.WriteVersion(dir, version, func(name, text string) string { return cmp.Or(edit(name, text), text) })
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func noEdit(string, string) string { return "" }

// A directory alters the algorithms whose runs use a script it gives
// another text; a byte-identical copy alters none; a mutant alters its
// own algorithm.
func TestTouched(t *testing.T) {
	algos := clients.Algorithms
	same := copyScripts(t, "3.16.8", noEdit)
	if touched, _, untouched, err := Touched(algos, same, ""); err != nil || len(touched) != 0 || len(untouched) != len(algos) {
		t.Fatalf("an identical copy: touched %v, %v", touched, err)
	}
	unlock := copyScripts(t, "3.16.8", func(name, text string) string {
		if name == "RedissonLock.unlockInnerAsync.lua" {
			return text + "\n"
		}
		return ""
	})
	touched, what, _, err := Touched(algos, unlock, "")
	if err != nil || strings.Join(touched, ",") != "rlock-3.16.8" || what["rlock-3.16.8"] != "3.16.8/RedissonLock.unlockInnerAsync" {
		t.Fatalf("the 3.16.8 unlock: touched %v (%v), %v", touched, what, err)
	}
	renew := copyScripts(t, "3.16.8", func(name, text string) string {
		if name == "RedissonBaseLock.renewExpirationAsync.lua" {
			return text + "\n"
		}
		return ""
	})
	if touched, _, _, _ := Touched(algos, renew, ""); strings.Join(touched, ",") != "rlock-3.16.8,fairlock-3.16.8" {
		t.Errorf("the 3.16.8 renewal, which both locks use: %v", touched)
	}
	if touched, _, _, _ := Touched(algos, "", "no-acquire-failed"); strings.Join(touched, ",") != "fairlock-3.16.8" {
		t.Errorf("a mutant: %v", touched)
	}
	if _, _, _, err := Touched(algos, "", "no-such-mutant"); err == nil {
		t.Error("an unknown mutant")
	}
	if _, _, _, err := Touched(algos, filepath.Join(t.TempDir(), "missing"), ""); err == nil {
		t.Error("a missing directory")
	}
}

// The 3.16.8 unlock without its owner check fails the gate on a bug its
// twins do not show; a copy changed only in its text (a comment) runs as
// the unmodified code does, twin for twin, and passes.
func TestRunChange(t *testing.T) {
	job := func(dir string) *Change {
		c, err := RunChange(context.Background(), Config{Algos: clients.Algorithms, Lo: 1, Hi: 3, NoConfirm: true, Scripts: dir, Batch: verdict.Batch{Workers: 2}})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	broken := job(copyScripts(t, "3.16.8", func(name, text string) string {
		if name == "RedissonLock.unlockInnerAsync.lua" {
			return strings.Replace(text, "if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil;end; ", "", 1)
		}
		return ""
	}))
	fs := broken.Failing()
	if !broken.Failed() || fs[0].Class != checks.Bug || fs[0].Algo != "rlock-3.16.8" || fs[0].Seed == 0 || fs[0].Base != 0 {
		t.Fatalf("the owner check dropped: %+v", fs)
	}
	if cmd := broken.Changed.Command(Finding{Algo: fs[0].Algo, Preset: fs[0].Preset, Seed: fs[0].Seed}); !strings.Contains(cmd, "--scripts ") {
		t.Errorf("the command leaves the scripts out: %s", cmd)
	}
	comment := job(copyScripts(t, "3.16.8", func(name, text string) string { return text + "\n-- reviewed\n" }))
	if comment.Failed() || comment.Tests != 0 || len(comment.Touched) != 2 || len(comment.Deltas) == 0 {
		t.Errorf("a comment: failed %v, %d tests, touched %v, %d deltas", comment.Failed(), comment.Tests, comment.Touched, len(comment.Deltas))
	}
	for _, d := range comment.Deltas {
		if d.OnlyChanged+d.OnlyBase > 0 {
			t.Errorf("a comment changed a run: %+v", d)
		}
	}
}

// Every mutant of the catalogue fails the gate over the main job's seeds
// (the catalogue is the gate's own test), on its bugs or on a rate. The
// unmodified jobs show no bug, so a mutant's job fails at its first bug
// (no twin shows it): the job stops there, and only the mutants that
// fail on a rate run every seed.
func TestEveryMutantFailsTheGate(t *testing.T) {
	if testing.Short() {
		t.Skip("every mutant against its algorithm's twins: -short leaves it out")
	}
	t.Parallel()
	cfg := Config{Lo: 1, Hi: 20, NoConfirm: true, Batch: verdict.Batch{Workers: 2}}
	bases := map[string]*Result{}
	for _, m := range clients.Mutants {
		base := bases[m.Algo]
		if base == nil {
			b := cfg
			b.Algos, b.NoCoverage = []string{m.Algo}, true
			var err error
			if base, err = Run(context.Background(), b); err != nil {
				t.Fatal(err)
			}
			if len(base.Unexpected()) > 0 || !base.Complete() {
				t.Fatalf("unmodified %s: %d of %d runs, bugs %v", m.Algo, base.Done, base.Runs, base.Unexpected())
			}
			bases[m.Algo] = base
		}
		ctx, cancel := context.WithCancel(context.Background())
		c := cfg
		c.Algos, c.Mutant, c.Base = []string{m.Algo}, m.Name, base
		c.Batch.Meter = func(what string, _ uint64) (func(bool), func()) {
			return func(bug bool) {
				if bug && what == "changed" {
					cancel() // a bug no twin shows: the gate's rule fails the change on it
				}
			}, func() {}
		}
		ch, err := RunChange(ctx, c)
		stopped := ctx.Err() != nil
		cancel()
		switch {
		case err != nil:
			t.Fatalf("%s: %v", m.Name, err)
		case stopped:
			if len(ch.Changed.Unexpected()) == 0 {
				t.Errorf("%s: its job stopped without a bug", m.Name)
			}
		case !ch.Failed():
			t.Errorf("%s passed the gate", m.Name)
		}
	}
}
