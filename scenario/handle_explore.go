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
		out, err := e.ex.Do(strings.TrimSpace(cmd + " " + strings.Join(parts, " ")))
		if err != nil {
			return "", fmt.Errorf("%s: %v", cmd, err)
		}
		return out + "\n", nil
	}
	if e.w != nil || e.ex != nil {
		return "", fmt.Errorf("explore: must be the scenario's first command")
	}
	var fields []string
	for _, x := range in {
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
