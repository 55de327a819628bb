package main

import (
	"strings"
	"testing"
)

// Every subcommand lists its flags with their defaults, exit 0, whether
// asked as `simrun help CMD`, `CMD -h` or `CMD --help`.
func TestHelp(t *testing.T) {
	for _, sc := range subcommands() {
		var first string
		for _, args := range [][]string{{"help", sc.name}, {sc.name, "-h"}, {sc.name, "--help"}} {
			code, out, errs := runArgs(args...)
			if code != exitOK || errs != "" {
				t.Errorf("%q: exit %d, stderr %q", args, code, errs)
				continue
			}
			if !strings.HasPrefix(out, "usage: simrun "+sc.name+" ") {
				t.Errorf("%q: no usage line:\n%s", args, out)
			}
			if first == "" {
				first = out
			} else if out != first {
				t.Errorf("%q gives another help than `simrun help %s`", args, sc.name)
			}
		}
		if sc.name != "replay" && !strings.Contains(first, "\n  --") {
			t.Errorf("%s: the help lists no flag:\n%s", sc.name, first)
		}
	}
	for _, want := range []struct{ cmd, flag string }{
		{"run", "--preset preset\n    \tfault preset: none, crash, pause, net, skew, failover, points, all, interrupt (default none)"},
		{"run", "--seed seed\n    \tthe run's seed (default 1)"},
		{"sweep", "--seeds LO-HI"},
		{"sweep", "(default 1-100)"},
		{"compare", "--out DIR\n    \twrite the report and its plot into this DIR (default results)"},
		{"explore", "--threads N"},
		{"scenario", "--rewrite"},
	} {
		_, out, _ := runArgs("help", want.cmd)
		if !strings.Contains(out, want.flag) {
			t.Errorf("help %s lacks %q:\n%s", want.cmd, want.flag, out)
		}
	}
	for _, args := range [][]string{{}, {"--help"}, {"help"}} {
		if len(args) == 0 {
			continue // the main job itself
		}
		code, out, _ := runArgs(args...)
		if code != exitOK || !strings.Contains(out, "simrun help <subcommand>") {
			t.Errorf("%q: exit %d\n%s", args, code, out)
		}
	}
	if code, out, _ := runArgs("help", "simrun"); code != exitOK || !strings.Contains(out, "--seeds LO-HI") || !strings.Contains(out, "--workers") {
		t.Errorf("help simrun: exit %d\n%s", code, out)
	}
}
