package gate_test

import (
	"context"
	"strings"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/jobspec"
)

// The catalogue a job judges by is its file's: without the entry that
// accepts set-px's plain-DEL unlock its violations are bugs and the job
// fails; with it, written by a team in its own file, they are known and
// the job passes. The job's presets and settings are the file's too.
func TestJobFileCatalogue(t *testing.T) {
	const matrix = `
name = "team"
seeds = "1-3"
algorithms = ["set-px"]
presets = ["none"]
`
	const accepted = `
[[flaw]]
name = "plain-del"
algorithms = ["set-px"]
breaks = ["mutex", "expiry", "linearizable"]
causes = ["deleted-by-other", "unlinearizable"]
what = "our unlock is a plain DEL"
ref = "review 7"
`
	judge := func(text string) *gate.Result {
		t.Helper()
		j, err := jobspec.Parse("team.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		res, err := gate.Run(context.Background(), gate.Config{Job: j, Algos: j.Algos, Lo: j.Lo, Hi: j.Hi, NoConfirm: true})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	bare := judge(matrix)
	if bare.Passed() || len(bare.Unexpected()) == 0 {
		t.Fatal("with no catalogue set-px's deletes by another holder passed as explained")
	}
	for _, f := range bare.Unexpected() {
		if f.Algo != "set-px" || f.Preset != "none" || f.Label != "bug:deleted-by-other" && f.Label != "bug:unlinearizable" {
			t.Errorf("unexpected outside the matrix, or another cause: %+v", f)
		}
	}
	if len(bare.Presets) != 1 || bare.Runs != 3 {
		t.Errorf("job: presets %v, %d runs", bare.Presets, bare.Runs)
	}
	withEntry := judge(matrix + accepted)
	if !withEntry.Passed() {
		t.Fatalf("the team's entry did not explain its findings: %+v", withEntry.Unexpected())
	}
	found := false
	for _, f := range withEntry.Findings("known") {
		found = found || f.Label == "flaw:plain-del"
	}
	if !found {
		t.Error("no finding is labelled with the team's flaw")
	}
	if cmd := withEntry.Command(withEntry.Findings("known")[0]); !strings.Contains(cmd, "--job") {
		t.Errorf("a reproducing command of a job file's run lacks --job: %s", cmd)
	}
}

// A job's settings reach its runs and its reproducing commands.
func TestJobFileSettings(t *testing.T) {
	j, err := jobspec.Parse("team.toml", []byte(`
extends = "main"
name = "short-watchdog"
[settings."rlock-3.16.8"]
lockWatchdogTimeout = 10000
retryAttempts = 1
`))
	if err != nil {
		t.Fatal(err)
	}
	cfg := gate.Config{Job: j}.RunConfig("rlock-3.16.8", 4, "net")
	if cfg.Client.LockWatchdogTimeout != 10000 || cfg.Client.RetryAttempts != 1 || !strings.Contains(cfg.Command(), "--lock-watchdog-timeout 10000ms --retry-attempts 1") {
		t.Errorf("run of the job: %+v, %s", cfg.Client, cfg.Command())
	}
	if other := (gate.Config{Job: j}).RunConfig("rlock-4.7.0", 4, "net"); other.Client != (clients.ClientOverrides{}) {
		t.Errorf("rlock-4.7.0 took settings it was not given: %+v", other.Client)
	}
}
