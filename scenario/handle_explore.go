package scenario

import (
	"fmt"
	"strings"

	"github.com/cockroachdb/datadriven"
	"github.com/locksim/locksim/explore"
)

// An explore scenario starts with `explore` instead of `world`: it steps
// one configuration of the exhaustive search's model (package
// checks/explore) command by command, which is how `simrun explore` saves
// a counterexample. Every later command goes to that model.
//
//	explore algo=ALGO [threads=N] [per-proc=K] [acquires=K | ops=OP,...] [wait=MS] [lease=MS] [faults=KIND:COUNT,...] [replicas=1 [repl-lag=MS]] [scripts=DIR] [mutant=NAME]
const exploreUsage = "explore algo=ALGO [threads=N] [per-proc=K] [acquires=K | ops=OP,...] [wait=MS] [lease=MS] [faults=KIND:COUNT,...] [replicas=1 [repl-lag=MS]] [scripts=DIR] [mutant=NAME]"

func (e *Env) doExplore(cmd string, in []datadriven.CmdArg) (string, error) {
	if cmd != "explore" {
		var parts []string
		for _, x := range in {
			parts = append(parts, x.String())
		}
		line := strings.TrimSpace(cmd + " " + strings.Join(parts, " "))
		out, err := e.ex.Do(line)
		if err != nil {
			return "", fmt.Errorf("%s: %v", cmd, err)
		}
		if why := e.scriptLimit(cmd); why != "" {
			// A script the simulation had to stop (one that never ends, from
			// the scripts= directory): its reply is the simulation's, not
			// Redis's, so the scenario cannot go on, as simrun explore
			// and simrun run stop there too.
			e.broken = fmt.Errorf("%s: %s", line, why)
			return "", e.broken
		}
		return out + "\n", nil
	}
	if e.w != nil || e.ex != nil {
		return "", fmt.Errorf("explore: must be the scenario's first command")
	}
	var fields []string
	seen := map[string]bool{}
	for _, x := range in {
		if seen[x.Key] {
			return "", fmt.Errorf("explore: argument %s given twice", x.Key)
		}
		seen[x.Key] = true
		fields = append(fields, x.String())
	}
	cfg, err := explore.ParseHeader(fields)
	if err != nil {
		return "", fmt.Errorf("explore: %v (usage: %s)", err, exploreUsage)
	}
	r, err := explore.NewReplay(cfg)
	if err != nil {
		return "", fmt.Errorf("explore: %v", err)
	}
	e.ex = r
	return explore.Heading(cfg) + "\n", nil
}

// scriptLimitFinding starts the line `check` prints for a script stopped
// by one of the simulation's own limits (the explore package's finding
// "script-limit", whose detail names the script's file).
const scriptLimitFinding = "bug script-limit: "

// scriptLimit is why the step just run met a script the simulation had to
// stop (its file, the script and the limit), "" when it did not.
func (e *Env) scriptLimit(cmd string) string {
	if cmd == "check" || cmd == "state" {
		return "" // no step
	}
	chk, err := e.ex.Do("check")
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(chk, "\n") {
		if why, ok := strings.CutPrefix(l, scriptLimitFinding); ok {
			return why
		}
	}
	return ""
}
