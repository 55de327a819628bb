package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readFile reads a file a test's command wrote.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The shards of a main job, merged in any order, are the unsharded job:
// its report and its JSON byte for byte, its exit code; a change's shards
// too; and its JUnit XML validates against the Ant JUnit schema.
func TestMergeMainJobShards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, job := range []struct {
		name string
		args []string
		code int
	}{
		{"job", []string{"--algos", "set-px,rlock-3.8.1", "--seeds", "1-5"}, exitOK},
		{"change", []string{"--mutant", "unlock-no-owner-check-3.8.1", "--seeds", "1-5", "--no-confirm"}, exitViolated},
	} {
		whole := filepath.Join(dir, job.name+"-whole.json")
		xml := filepath.Join(dir, job.name+".xml")
		code, wholeOut, errs := runArgs(append(job.args, "--json", whole, "--junit", xml)...)
		if code != job.code {
			t.Fatalf("%s: exit %d\n%s", job.name, code, errs)
		}
		var shards []string
		for _, i := range []string{"3", "1", "4", "2"} {
			f := filepath.Join(dir, job.name+"-shard"+i+".json")
			if code, out, errs := runArgs(append(job.args, "--shard", i+"/4", "--json", f)...); code > exitViolated || !strings.Contains(out, "shard "+i+" of 4 ") {
				t.Fatalf("%s shard %s: exit %d\n%s%s", job.name, i, code, out, errs)
			}
			shards = append(shards, f)
		}
		merged := filepath.Join(dir, job.name+"-merged.json")
		code, mergedOut, errs := runArgs(append([]string{"merge", "--json", merged}, shards...)...)
		if code != job.code || errs != "" {
			t.Fatalf("%s merge: exit %d, stderr %q", job.name, code, errs)
		}
		if mergedOut != wholeOut {
			t.Errorf("%s: the merged report differs from the unsharded one:\n%s\n----\n%s", job.name, mergedOut, wholeOut)
		}
		if readFile(t, merged) != readFile(t, whole) {
			t.Errorf("%s: the merged JSON differs from the unsharded one", job.name)
		}
		validateJUnit(t, xml)
		// three shards of four: said so, and not the whole job
		code, partial, _ := runArgs(append([]string{"merge"}, shards[:3]...)...)
		if code > exitViolated || !strings.Contains(partial, "shard 1,3,4 of 4 ") {
			t.Errorf("%s: three shards merged: exit %d\n%s", job.name, code, partial)
		}
	}
}

// validateJUnit checks path against the Ant JUnit schema with xmllint
// (tools/setup-test-deps.sh installs it; without it the test skips, but
// fails under CI=true).
func validateJUnit(t *testing.T, path string) {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("xmllint is missing (package libxml2-utils; tools/setup-test-deps.sh installs it)")
		}
		t.Skip("xmllint is missing: install libxml2-utils (tools/setup-test-deps.sh) to validate the JUnit XML")
	}
	out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("..", "..", "gate", "testdata", "junit-ant.xsd"), path).CombinedOutput()
	if err != nil {
		t.Errorf("%s does not validate: %v\n%s", path, err, out)
	}
}

// The shards of a sweep's --json output, merged, are the unsharded
// sweep's output byte for byte.
func TestMergeSweepShards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sweep := []string{"sweep", "--algo", "rlock-3.8.1", "--preset", "net", "--seeds", "1-12", "--json"}
	_, whole, _ := runArgs(sweep...)
	var files []string
	for _, i := range []string{"2", "3", "1"} {
		_, out, _ := runArgs(append(sweep, "--shard", i+"/3")...)
		f := filepath.Join(dir, "w"+i+".jsonl")
		if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	code, merged, errs := runArgs(append([]string{"merge"}, files...)...)
	if code > exitViolated || errs != "" || merged != whole || !strings.Contains(whole, `"shard":"1/1"`) {
		t.Fatalf("exit %d, stderr %q\nmerged:\n%s\nwhole:\n%s", code, errs, merged, whole)
	}
	if code, _, errs := runArgs("merge", files[0], files[0]); code != exitUsage || !strings.Contains(errs, "given twice") {
		t.Errorf("a shard twice: exit %d, %q", code, errs)
	}
}

// What merge cannot join is a one-line usage error.
func TestMergeBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	job := filepath.Join(dir, "job.json")
	if code, _, errs := runArgs("--algos", "set-px", "--seeds", "1-2", "--no-confirm", "--json", job); code > exitViolated {
		t.Fatal(errs)
	}
	other := filepath.Join(dir, "other.json")
	if code, _, errs := runArgs("--algos", "set-px", "--seeds", "1-3", "--no-confirm", "--json", other); code > exitViolated {
		t.Fatal(errs)
	}
	text := readFile(t, job)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "give the shards' output files"},
		{[]string{write("garbage", "hello\n")}, "not a simrun JSON document"},
		{[]string{write("v9.json", strings.Replace(text, `"version": 2`, `"version": 9`, 1))}, "version 9"},
		{[]string{write("schema.json", strings.Replace(text, `"locksim.main-job"`, `"locksim.other"`, 1))}, "is not one simrun merge reads"},
		{[]string{job, job}, "counted twice"},
		{[]string{job, other}, "the seed ranges differ"},
		{[]string{filepath.Join(dir, "missing.json")}, "missing.json"},
	} {
		code, _, errs := runArgs(append([]string{"merge"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("merge %q: exit %d, stderr %q (want %q)", c.args, code, errs, c.want)
		}
	}
	// version 1, before a job file's fields, is still read
	v1 := write("v1.json", strings.Replace(text, `"version": 2`, `"version": 1`, 1))
	if code, _, errs := runArgs("merge", v1); code > exitViolated || errs != "" {
		t.Errorf("merge of a version 1 document: exit %d, %q", code, errs)
	}
}

// A job file's job is sharded and merged as the main job is: the shards
// carry its name, presets and settings, and merge refuses shards of two
// jobs.
func TestMergeJobFile(t *testing.T) {
	dir := t.TempDir()
	jobFile := filepath.Join(dir, "team.toml")
	if err := os.WriteFile(jobFile, []byte("extends = \"main\"\nname = \"team\"\nseeds = \"1-4\"\nalgorithms = [\"set-px\", \"rlock-3.16.8\"]\npresets = [\"none\", \"net\"]\n[settings.\"rlock-3.16.8\"]\nlockWatchdogTimeout = 9000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var shards []string
	for i := 1; i <= 2; i++ {
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		if code, _, errs := runArgs("--job", jobFile, "--no-confirm", "--shard", fmt.Sprintf("%d/2", i), "--json", f); code > exitViolated {
			t.Fatal(errs)
		}
		shards = append(shards, f)
	}
	whole := filepath.Join(dir, "whole.json")
	code, report, errs := runArgs("--job", jobFile, "--no-confirm", "--json", whole)
	if code > exitViolated || !strings.Contains(report, "2 algorithms × 2 presets × seeds 1-4 (16 runs)") || !strings.Contains(report, "job: team (") ||
		!strings.Contains(report, "settings of rlock-3.16.8: lockWatchdogTimeout 9000 ms") {
		t.Fatalf("exit %d %s\n%s", code, errs, report)
	}
	merged := filepath.Join(dir, "merged.json")
	if code, _, errs := runArgs(append([]string{"merge", "--json", merged}, shards...)...); code > exitViolated {
		t.Fatal(errs)
	}
	if a, b := readFile(t, whole), readFile(t, merged); a != b || !strings.Contains(a, `"job_file"`) || !strings.Contains(a, `"lock_watchdog_timeout_ms": 9000`) {
		t.Errorf("merged shards differ from the whole job, or lack the job's fields:\n%s\n%s", a, b)
	}
	main := filepath.Join(dir, "main.json")
	if code, _, errs := runArgs("--algos", "set-px,rlock-3.16.8", "--seeds", "1-4", "--shard", "2/2", "--no-confirm", "--json", main); code > exitViolated {
		t.Fatal(errs)
	}
	if code, _, errs := runArgs("merge", shards[0], main); code != exitUsage || !strings.Contains(errs, "differ") {
		t.Errorf("a shard of another job merged: exit %d, %q", code, errs)
	}
}

// compare and explore write their versioned JSON documents; compare exits
// 1 when a side shows a bug.
func TestCompareAndExploreJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	broken := copyVersion(t, "3.16.8", func(s string) string {
		return strings.Replace(s, "if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil;end; ", "", 1)
	})
	cj := filepath.Join(dir, "c.json")
	code, out, errs := runArgs("compare", "rlock-3.16.8", "rlock-3.16.8", "--scripts-b", broken, "--seeds", "1-3", "--presets", "none", "--out", dir, "--json", cj)
	if code != exitViolated || !strings.Contains(out, "a bug (no mechanism explains it): rlock-3.16.8 (scripts ") {
		t.Fatalf("compare: exit %d\n%s%s", code, out, errs)
	}
	var c struct {
		Schema     string `json:"schema"`
		Version    int    `json:"version"`
		Mechanisms []struct {
			Mechanism string `json:"mechanism"`
			Sides     [2]struct {
				Runs int `json:"runs"`
			} `json:"sides"`
		} `json:"mechanisms"`
	}
	if err := json.Unmarshal([]byte(readFile(t, cj)), &c); err != nil || c.Schema != "locksim.compare" || c.Version != 1 || len(c.Mechanisms) == 0 {
		t.Fatalf("compare JSON: %v %+v", err, c)
	}
	if c.Mechanisms[0].Mechanism != "bug:deleted-by-other" || c.Mechanisms[0].Sides[0].Runs != 0 || c.Mechanisms[0].Sides[1].Runs == 0 {
		t.Errorf("the first mechanism: %+v", c.Mechanisms[0])
	}
	ej := filepath.Join(dir, "e.json")
	if code, out, errs := runArgs("explore", "--algo", "set-px", "--save", filepath.Join(dir, "x.txt"), "--json", ej); code != exitViolated {
		t.Fatalf("explore: exit %d\n%s%s", code, out, errs)
	}
	var e struct {
		Schema string `json:"schema"`
		Result struct {
			Bug *struct {
				Kind string `json:"kind"`
			} `json:"bug"`
		} `json:"result"`
		Passed bool `json:"passed"`
	}
	if err := json.Unmarshal([]byte(readFile(t, ej)), &e); err != nil || e.Schema != "locksim.explore" || e.Passed || e.Result.Bug == nil || e.Result.Bug.Kind != "expiry" {
		t.Errorf("explore JSON: %v %+v", err, e)
	}
}

// expect seeks a job's expected findings: one seen, one missing, exit 1;
// every mistake a one-line usage error.
func TestExpect(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "team.toml")
	text := "extends = \"main\"\nname = \"team\"\n" +
		"[[expect]]\nalgorithm = \"set-px\"\npreset = \"none\"\nproperty = \"mutex\"\nclass = \"known\"\nwithin = 5\nwhat = \"a slow holder deletes another's lock\"\nref = \"seed 003\"\n"
	if err := os.WriteFile(job, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runArgs("expect", "--job", job)
	if code != exitOK || !strings.Contains(out, "seen    set-px none mutex known at seed 1 of 1-5: flaw:delete-without-owner-check") ||
		!strings.Contains(out, "--job "+job) || !strings.Contains(out, "1 of 1 findings of job team seen") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	missing := filepath.Join(dir, "missing.toml")
	if err := os.WriteFile(missing, []byte(strings.Replace(text, "class = \"known\"", "class = \"bug\"", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runArgs("expect", "--job", missing); code != exitViolated || !strings.Contains(out, "MISSING set-px none mutex bug: not in seeds 1-5") {
		t.Errorf("a finding not seen: exit %d\n%s", code, out)
	}
	none := filepath.Join(dir, "none.toml")
	if err := os.WriteFile(none, []byte("extends = \"main\"\nname = \"quiet\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		"--job " + none:             "expects no finding",
		"--seeds 1-3":               "--seeds does not apply",
		"--job " + dir + "/no.toml": "--job: open",
		"extra":                     "unexpected argument",
	} {
		code, _, errs := runArgs(append([]string{"expect"}, strings.Fields(args)...)...)
		if code != exitUsage || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("expect %s: exit %d, %q (want %q)", args, code, errs, want)
		}
	}
}
