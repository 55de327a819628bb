package sweeplog

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim/jsonl"
)

// Log writes what `simrun sweep` prints: each run's violations with
// the command that reproduces the run, as text or one JSON object a line,
// then a summary line. The command adds the runs in seed order.
type Log struct {
	W    io.Writer
	JSON bool // JSON Lines instead of text
	// Annotations, when set, gets a GitHub Actions annotation per
	// bug-class violation (stderr: never mixed into the JSON on W).
	Annotations io.Writer
	// what the summary names: the algorithm, the preset, the seed range
	// (LO-HI) and the shard (i/n)
	Algo, Preset, Seeds, Shard string
	BugRuns                    int // runs with a bug-class violation so far
	counts                     map[string]int
}

// jsonViolation is one line of `sweep --json`.
type jsonViolation struct {
	Algo     string `json:"algo"`
	Preset   string `json:"preset"`
	Seed     uint64 `json:"seed"`
	Property string `json:"property"`
	Kind     string `json:"kind,omitempty"`
	Class    string `json:"class"`
	// Mechanism is what caused it, as the reports count it
	// ("fault:pause", "contract:force-unlock", "flaw:lease-kept",
	// "bug:no-renewal"); MechanismDetail says it in words, Ref is a
	// catalogued flaw's upstream reference.
	Mechanism       string   `json:"mechanism"`
	MechanismDetail string   `json:"mechanism_detail,omitempty"`
	Ref             string   `json:"ref,omitempty"`
	Confirmed       string   `json:"confirmed,omitempty"` // with --confirm: what the counterfactual run said
	AtMs            float64  `json:"at_ms"`
	Actors          []string `json:"actors"`
	Detail          string   `json:"detail"`
	Reproduce       string   `json:"reproduce"`
}

// Add writes the violations of cfg's run.
func (l *Log) Add(cfg run.Config, vs []checks.Violation) {
	if l.counts == nil {
		l.counts = map[string]int{}
	}
	bug := false
	for _, v := range vs {
		l.counts[v.Property+"/"+string(v.Class)]++
		bug = bug || v.Class == checks.Bug
		cmd := cfg.Command()
		if v.Class == checks.Bug && l.Annotations != nil {
			esc := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
			fmt.Fprintf(l.Annotations, "::error title=%s %s (%s, seed %d)::%s%%0Areproduce: %s\n",
				v.Property, v.Class, cfg.Algo, cfg.Seed, esc.Replace(v.String()), esc.Replace(cmd))
		}
		if l.JSON {
			var b bytes.Buffer
			_ = jsonl.Append(&b, jsonViolation{Algo: cfg.Algo, Preset: cfg.Preset, Seed: cfg.Seed, Property: v.Property, Kind: v.Kind, Class: string(v.Class),
				Mechanism: v.Mech.Label(), MechanismDetail: v.Mech.Detail, Ref: v.Mech.Ref, Confirmed: v.Confirmed, AtMs: float64(v.At) / 1000, Actors: v.Actors, Detail: v.Detail, Reproduce: cmd})
			fmt.Fprintln(l.W, b.String())
		} else {
			fmt.Fprintf(l.W, "seed %d: %s\n    %s\n", cfg.Seed, v.String(), cmd)
		}
	}
	if bug {
		l.BugRuns++
	}
}

// AddCounts adds what other runs counted (a shard's summary): runs with
// a bug and violations by property/class.
func (l *Log) AddCounts(bugRuns int, counts map[string]int) {
	if l.counts == nil {
		l.counts = map[string]int{}
	}
	l.BugRuns += bugRuns
	for k, n := range counts {
		l.counts[k] += n
	}
}

// Summary writes the summary line: done runs of planned; when fewer,
// the sweep was interrupted and last is the last seed run (done > 0).
func (l *Log) Summary(done, planned, last uint64) {
	interrupted := done < planned
	if l.JSON {
		counts := l.counts
		if counts == nil {
			counts = map[string]int{}
		}
		sum := map[string]any{
			"algo": l.Algo, "preset": l.Preset, "seeds": l.Seeds, "shard": l.Shard,
			"runs": done, "runs_with_bugs": l.BugRuns, "violations": counts}
		if interrupted {
			// The runs are a prefix of the shard's seeds: a resumed sweep
			// starts after the last one.
			sum["interrupted"] = true
			sum["planned"] = planned
			if done > 0 {
				sum["last_seed"] = last
			}
		}
		var b bytes.Buffer
		_ = jsonl.Append(&b, map[string]any{"summary": sum})
		fmt.Fprintln(l.W, b.String())
		return
	}
	fmt.Fprintf(l.W, "sweep %s preset %s seeds %s shard %s: %d runs, %d with an unexpected violation (a bug: no mechanism explains it)", l.Algo, l.Preset, l.Seeds, l.Shard, done, l.BugRuns)
	if interrupted {
		fmt.Fprintf(l.W, " (interrupted after %d of %d runs", done, planned)
		if done > 0 {
			fmt.Fprintf(l.W, ", last seed %d", last)
		}
		fmt.Fprint(l.W, ")")
	}
	fmt.Fprintln(l.W)
}
