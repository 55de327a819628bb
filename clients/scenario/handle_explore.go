package scenario

import (
	"fmt"
	"strings"

	"github.com/cockroachdb/datadriven"
	"github.com/locksim/locksim/checks/explore"
)

// An explore scenario starts with `explore` instead of `world`: it steps
// one configuration of the exhaustive search's model (package
// checks/explore) command by command, which is how `simrun explore` saves
// a counterexample. Every later command goes to that model.
//
//	explore algo=ALGO [threads=N] [acquires=K] [faults=KIND:COUNT,...] [scripts=DIR] [mutant=NAME]
const exploreUsage = "explore algo=ALGO [threads=N] [acquires=K] [faults=KIND:COUNT,...] [scripts=DIR] [mutant=NAME]"

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
	a, err := parseArgs(cmd, in)
	if err != nil {
		return "", err
	}
	var cfg explore.Config
	cfg.Algo, _ = a.str("algo", "")
	if cfg.Threads, err = a.int("threads", 2); err != nil {
		return "", err
	}
	if cfg.Acquires, err = a.int("acquires", 1); err != nil {
		return "", err
	}
	f, _ := a.str("faults", "none")
	if cfg.Faults, err = explore.ParseFaults(f); err != nil {
		return "", fmt.Errorf("explore: %v", err)
	}
	cfg.Scripts, _ = a.str("scripts", "")
	cfg.Mutant, _ = a.str("mutant", "")
	if err := a.finish(0, exploreUsage); err != nil {
		return "", err
	}
	r, err := explore.NewReplay(cfg)
	if err != nil {
		return "", fmt.Errorf("explore: %v", err)
	}
	e.ex = r
	return explore.Heading(cfg) + "\n", nil
}
