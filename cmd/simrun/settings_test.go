package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad input to settings is one line naming the place, exit 2, and no
// file written.
func TestSettingsBadInput(t *testing.T) {
	dir := t.TempDir()
	out := []string{"--out", dir}
	runBad(t, []badCase{
		{name: "no algo", args: []string{"settings"}, code: exitUsage, want: "settings: --algo is required"},
		{name: "unknown algo", args: []string{"settings", "--algo", "rlock-9"}, code: exitUsage, want: `--algo: unknown algorithm "rlock-9"`},
		{name: "bad envelope value", args: []string{"settings", "--algo", "rlock-3.16.8", "--envelope", "cloud,pause=2x"}, code: exitUsage, want: "--envelope: pause=2x: want a duration"},
		{name: "bad envelope key", args: []string{"settings", "--algo", "rlock-3.16.8", "--envelope", "cloud,gc=2s"}, code: exitUsage, want: `--envelope: unknown envelope key "gc"`},
		{name: "bad envelope name", args: []string{"settings", "--algo", "rlock-3.16.8", "--envelope", "sunny"}, code: exitUsage, want: `--envelope: unknown envelope "sunny"`},
		{name: "a knob the lock has not", args: []string{"settings", "--algo", "set-px", "--knobs", "lockWatchdogTimeout"}, code: exitUsage, want: `--knobs: unknown setting "lockWatchdogTimeout" for this algorithm (known: lease)`},
		{name: "fairLockWaitTimeout of a non-fair lock", args: []string{"settings", "--algo", "rlock-4.7.0", "--knobs", "fairLockWaitTimeout"}, code: exitUsage, want: "--knobs: unknown setting"},
		{name: "a shard beyond the seeds", args: append([]string{"settings", "--algo", "rlock-3.16.8", "--seeds", "1-2", "--shard", "3/4"}, out...), code: exitUsage, want: "shard 3/4 of seeds 1-2 holds no seed"},
		{name: "bad shard", args: []string{"settings", "--algo", "rlock-3.16.8", "--shard", "0/2"}, code: exitUsage, want: "--shard"},
		{name: "row without world", args: []string{"settings", "--algo", "rlock-3.16.8", "--row", "2"}, code: exitUsage, want: "--row goes with --world"},
		{name: "merge without files", args: []string{"settings", "--merge"}, code: exitUsage, want: "--merge needs the shards' JSON files"},
		{name: "merge with algo", args: []string{"settings", "--merge", "--algo", "rlock-3.16.8", "x.json"}, code: exitUsage, want: "--algo does not go with --merge"},
		{name: "merge of no map", args: []string{"settings", "--merge", "/dev/null"}, code: exitUsage, want: "/dev/null: not a settings map"},
		{name: "report with algo", args: []string{"settings", "--report", "--algo", "rlock-3.16.8"}, code: exitUsage, want: "--algo does not go with --report"},
		{name: "bad world", args: []string{"settings", "--algo", "rlock-3.16.8", "--world", "lockWatchdogTimeout=2s"}, code: exitUsage, want: "--world \"lockWatchdogTimeout=2s\": want SETTING=VALUE:SEED"},
		{name: "world of an unknown setting", args: []string{"settings", "--algo", "rlock-3.16.8", "--world", "leaseTime=2s:1"}, code: exitUsage, want: `--world: "leaseTime" is not a setting of rlock-3.16.8`},
		{name: "world value out of range", args: []string{"settings", "--algo", "rlock-3.16.8", "--world", "retryAttempts=0:1"}, code: exitUsage, want: "want a count from 1 to 100"},
		{name: "bad row", args: []string{"settings", "--algo", "rlock-3.16.8", "--world", "lease=2s:1", "--row", "-1"}, code: exitUsage, want: "--row -1: want a multiple"},
		{name: "extra argument", args: []string{"settings", "--algo", "rlock-3.16.8", "x"}, code: exitUsage, want: `unexpected argument "x"`},
		{name: "unwritable out", args: []string{"settings", "--algo", "rlock-3.16.8", "--out", "/proc/nope"}, code: exitUsage, want: "--out: cannot write"},
	})
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("bad input left files: %v", entries)
	}
}

// A small map writes its three files and prints its advice; shards of it
// merge into the same files; one world of it tells its story.
func TestSettingsCommand(t *testing.T) {
	dir := t.TempDir()
	args := []string{"settings", "--algo", "rlock-3.16.8", "--knobs", "lease", "--envelope", "cloud,pause=2s", "--seeds", "1-2"}
	code, out, errs := runArgs(append(args, "--out", dir)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	base := filepath.Join(dir, "settings-rlock-3.16.8-cloud-pause-2s")
	if !strings.Contains(out, "lease >= ") || !strings.Contains(out, "wrote "+base+".md, .svg and .json") {
		t.Errorf("stdout:\n%s", out)
	}
	whole := map[string][]byte{}
	for _, ext := range []string{".md", ".svg", ".json"} {
		b, err := os.ReadFile(base + ext)
		if err != nil {
			t.Fatal(err)
		}
		whole[ext] = b
	}
	md := string(whole[".md"])
	for _, want := range []string{"# rlock-3.16.8 under the cloud,pause=2s envelope", "`go run ./cmd/simrun settings --algo rlock-3.16.8 --envelope cloud,pause=2s --knobs lease --seeds 1-2", "## lease against the longest GC pause", "## Checked against arithmetic", "## How the worlds are made"} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	if !bytes.Contains(whole[".json"], []byte(`"version": 1`)) || !bytes.HasPrefix(whole[".svg"], []byte("<svg")) {
		t.Errorf("json or svg malformed")
	}

	// two shards, then merged into another directory: the same files but
	// for the command each names
	shards := t.TempDir()
	var files []string
	for _, s := range []string{"1/2", "2/2"} {
		if code, out, errs := runArgs(append(args, "--out", shards, "--shard", s)...); code != exitOK || !strings.Contains(out, "shard "+s) {
			t.Fatalf("shard %s: exit %d: %s%s", s, code, out, errs)
		}
	}
	files, _ = filepath.Glob(filepath.Join(shards, "*.shard-*.json"))
	if len(files) != 2 {
		t.Fatalf("shard files: %v", files)
	}
	merged := t.TempDir()
	if code, out, errs := runArgs(append([]string{"settings", "--merge", "--out", merged}, files...)...); code != exitOK {
		t.Fatalf("merge: exit %d: %s%s", code, out, errs)
	}
	for _, ext := range []string{".md", ".svg", ".json"} {
		b, err := os.ReadFile(filepath.Join(merged, filepath.Base(base)+ext))
		if err != nil {
			t.Fatal(err)
		}
		want := bytes.ReplaceAll(whole[ext], []byte(" --out "+dir), nil)
		want = bytes.ReplaceAll(want, []byte(" --out \""+dir+"\""), nil)
		b = bytes.ReplaceAll(b, []byte(" --out "+merged), nil)
		if !bytes.Equal(b, want) {
			t.Errorf("merged %s differs from the whole map's", ext)
		}
	}

	// one world, with its trace
	trace := filepath.Join(dir, "w.jsonl")
	code, out, errs = runArgs("settings", "--algo", "rlock-3.16.8", "--envelope", "cloud,pause=2s", "--world", "lease=500ms:1", "--trace", trace)
	if code != exitOK || !strings.Contains(out, "world 1 of rlock-3.16.8 under cloud,pause=2s, lease 500ms") || !strings.Contains(out, "mutex") {
		t.Errorf("world: exit %d\n%s%s", code, out, errs)
	}
	if fi, err := os.Stat(trace); err != nil || fi.Size() == 0 {
		t.Errorf("no trace: %v", err)
	}
}
