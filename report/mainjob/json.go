package mainjob

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// The JSON a main job writes (--json FILE) is one object; docs/json.md
// documents it. Schema names the kind and Version its layout: a reader
// refuses a version it does not know. A change's object holds the two
// jobs it compared.
const (
	SchemaJob    = "locksim.main-job"
	SchemaChange = "locksim.change"
	JSONVersion  = 2
)

// readable reports whether this simrun reads version v: version 1 is
// version 2 without a job file's fields (job, job_file, settings).
func readable(v int) bool { return v == 1 || v == JSONVersion }

// jobJSON is a gate.Result as JSON.
type jobJSON struct {
	Schema     string     `json:"schema"`
	Version    int        `json:"version"`
	Algos      []string   `json:"algos"`
	Presets    []string   `json:"presets"`
	Properties []string   `json:"properties"`
	Seeds      seedsJSON  `json:"seeds"`
	Shards     shardsJSON `json:"shards"`
	Scripts    string     `json:"scripts,omitempty"`
	Mutant     string     `json:"mutant,omitempty"`
	// Job and JobFile name a job file other than the embedded main job;
	// Settings are its Redisson settings by algorithm.
	Job      string                             `json:"job,omitempty"`
	JobFile  string                             `json:"job_file,omitempty"`
	Settings map[string]clients.ClientOverrides `json:"settings,omitempty"`
	Runs     uint64                             `json:"runs"`
	Done     uint64                             `json:"done"`
	// Unconfirmed: no counterfactual run confirmed the fault mechanisms.
	Unconfirmed  bool           `json:"unconfirmed"`
	Confirmed    int            `json:"confirmed"`
	Rejudged     int            `json:"rejudged"`
	Rejudgements []findingJSON  `json:"rejudgements"`
	Cells        []cellJSON     `json:"cells"`
	Unexpected   []findingJSON  `json:"unexpected"`
	Coverage     []coverageJSON `json:"coverage,omitempty"`
	// Passed: every run finished and none showed a bug.
	Passed bool `json:"passed"`
}

type seedsJSON struct {
	Lo uint64 `json:"lo"`
	Hi uint64 `json:"hi"`
}

// shardsJSON: the shards of Of the result holds (1-based).
type shardsJSON struct {
	Of   int   `json:"of"`
	Have []int `json:"have"`
}

type cellJSON struct {
	Algo       string           `json:"algo"`
	Preset     string           `json:"preset"`
	Property   string           `json:"property"`
	Runs       int              `json:"runs"`
	Bug        int              `json:"bug"`
	Known      int              `json:"known"`
	Design     int              `json:"by_design"`
	Mechanisms []*gate.MechStat `json:"mechanisms"`
}

type findingJSON struct {
	Algo      string   `json:"algo"`
	Preset    string   `json:"preset"`
	Property  string   `json:"property"`
	Seed      uint64   `json:"seed"`
	Mechanism string   `json:"mechanism"`
	Runs      int      `json:"runs"`
	Text      string   `json:"text"`
	At        sim.Time `json:"at_us"`
	Reproduce string   `json:"reproduce"`
}

type coverageJSON struct {
	Algo       string          `json:"algo"`
	Statements []statementJSON `json:"statements"`
}

type statementJSON struct {
	Script string `json:"script"`
	Index  int    `json:"index"`
	Text   string `json:"text"`
	Runs   uint64 `json:"runs"`
}

// changeJSON is a gate.Change as JSON.
type changeJSON struct {
	Schema    string            `json:"schema"`
	Version   int               `json:"version"`
	Touched   []string          `json:"touched"`
	What      map[string]string `json:"what"`
	Untouched []string          `json:"untouched"`
	Rule      string            `json:"rule"`
	Alpha     float64           `json:"alpha"`
	Tests     int               `json:"tests"`
	Deltas    []gate.Delta      `json:"deltas"`
	Passed    bool              `json:"passed"`
	Base      *jobJSON          `json:"base"`
	Changed   *jobJSON          `json:"changed"`
}

func jobToJSON(r *gate.Result) *jobJSON {
	j := &jobJSON{Schema: SchemaJob, Version: JSONVersion, Algos: r.Algos, Presets: r.Presets, Properties: verdict.Properties,
		Seeds: seedsJSON{r.Lo, r.Hi}, Shards: shardsJSON{Of: r.ShardsOf}, Scripts: r.Scripts, Mutant: r.Mutant,
		Job: r.Job, JobFile: r.JobFile, Settings: r.Settings,
		Runs: r.Runs, Done: r.Done, Unconfirmed: r.Unconfirmed, Confirmed: r.Confirmed, Rejudged: r.Rejudged,
		Rejudgements: []findingJSON{}, Cells: []cellJSON{}, Unexpected: []findingJSON{}, Passed: r.Passed()}
	for i := range r.ShardsOf {
		if r.Shards&(1<<i) != 0 {
			j.Shards.Have = append(j.Shards.Have, i+1)
		}
	}
	for _, f := range r.Rejudgements {
		j.Rejudgements = append(j.Rejudgements, findingToJSON(r, f))
	}
	for _, f := range r.Unexpected() {
		j.Unexpected = append(j.Unexpected, findingToJSON(r, f))
	}
	for _, a := range r.Algos {
		for _, p := range r.Presets {
			for _, prop := range verdict.Properties {
				if c := r.Cell(a, p, prop); c != nil {
					ms := c.Mechs
					if ms == nil {
						ms = []*gate.MechStat{}
					}
					j.Cells = append(j.Cells, cellJSON{c.Algo, c.Preset, c.Property, c.Runs, c.Bug, c.Known, c.Design, ms})
				}
			}
		}
	}
	if r.Statements != nil {
		for _, a := range r.Algos {
			sts, ok := r.Statements[a]
			if !ok {
				continue
			}
			cj := coverageJSON{Algo: a, Statements: []statementJSON{}}
			for _, s := range sts {
				cj.Statements = append(cj.Statements, statementJSON{s.Script, s.Index, s.Text, s.Runs})
			}
			j.Coverage = append(j.Coverage, cj)
		}
	}
	return j
}

// knownPresets reports whether ps are distinct presets in sim.Presets'
// order, as a job file's are.
func knownPresets(ps []string) bool {
	last := -1
	for _, p := range ps {
		i := slices.Index(sim.Presets, p)
		if i <= last {
			return false
		}
		last = i
	}
	return len(ps) > 0
}

func findingToJSON(r *gate.Result, f gate.Finding) findingJSON {
	return findingJSON{f.Algo, f.Preset, f.Property, f.Seed, f.Label, f.Runs, f.Text, f.At, r.Command(f)}
}

// result rebuilds the gate.Result j holds.
func (j *jobJSON) result(where string) (*gate.Result, error) {
	switch {
	case j.Schema != SchemaJob:
		return nil, fmt.Errorf("%s: schema %q, want %q", where, j.Schema, SchemaJob)
	case !readable(j.Version):
		return nil, fmt.Errorf("%s: version %d of %s, this simrun reads versions 1 and %d", where, j.Version, j.Schema, JSONVersion)
	case !knownPresets(j.Presets) || !slices.Equal(j.Properties, verdict.Properties):
		return nil, fmt.Errorf("%s: written by a simrun with other presets or properties", where)
	case j.Shards.Of < 1 || j.Shards.Of > gate.MaxShards || len(j.Shards.Have) == 0 || j.Seeds.Hi < j.Seeds.Lo || j.Done > j.Runs:
		return nil, fmt.Errorf("%s: bad shards, seeds or run counts", where)
	}
	for a := range j.Settings {
		if !slices.Contains(j.Algos, a) {
			return nil, fmt.Errorf("%s: settings for %s, which the job does not run", where, a)
		}
	}
	r := &gate.Result{Algos: j.Algos, Presets: j.Presets, Job: j.Job, JobFile: j.JobFile, Settings: j.Settings,
		Lo: j.Seeds.Lo, Hi: j.Seeds.Hi, Scripts: j.Scripts, Mutant: j.Mutant, Runs: j.Runs, Done: j.Done,
		ShardsOf: j.Shards.Of, Unconfirmed: j.Unconfirmed, Confirmed: j.Confirmed, Rejudged: j.Rejudged}
	for _, i := range j.Shards.Have {
		if i < 1 || i > j.Shards.Of || r.Shards&(1<<(i-1)) != 0 {
			return nil, fmt.Errorf("%s: bad shard %d of %d", where, i, j.Shards.Of)
		}
		r.Shards |= 1 << (i - 1)
	}
	for _, f := range j.Rejudgements {
		r.Rejudgements = append(r.Rejudgements, gate.Finding{Property: f.Property, Algo: f.Algo, Preset: f.Preset, Seed: f.Seed, Text: f.Text, Label: f.Mechanism, Runs: f.Runs, At: f.At})
	}
	for _, c := range j.Cells {
		if !slices.Contains(r.Algos, c.Algo) || !slices.Contains(r.Presets, c.Preset) || !slices.Contains(verdict.Properties, c.Property) {
			return nil, fmt.Errorf("%s: a cell %s/%s/%s outside the job", where, c.Algo, c.Preset, c.Property)
		}
		for _, m := range c.Mechanisms {
			if m == nil || len(m.Seeds) == 0 || !slices.IsSorted(m.Seeds) || !validClass(m.Class) {
				return nil, fmt.Errorf("%s: a mechanism of %s/%s/%s without sorted seeds or with an unknown class", where, c.Algo, c.Preset, c.Property)
			}
		}
		r.SetCell(&gate.Cell{Algo: c.Algo, Preset: c.Preset, Property: c.Property, Runs: c.Runs, Bug: c.Bug, Known: c.Known, Design: c.Design, Mechs: c.Mechanisms})
	}
	if j.Coverage != nil {
		r.Statements = map[string][]verdict.ScriptStatement{}
		for _, cj := range j.Coverage {
			var sts []verdict.ScriptStatement
			for _, s := range cj.Statements {
				sts = append(sts, verdict.ScriptStatement{Script: s.Script, Statement: sim.Statement{Index: s.Index, Text: s.Text, Runs: s.Runs}})
			}
			r.Statements[cj.Algo] = sts
		}
	}
	return r, nil
}

func validClass(c checks.Class) bool {
	return c == checks.Bug || c == checks.Known || c == checks.ByDesign
}

// JobJSON is r as its JSON document, indented, ending in a newline.
func JobJSON(r *gate.Result) ([]byte, error) { return marshal(jobToJSON(r)) }

// ChangeJSON is c as its JSON document.
func ChangeJSON(c *gate.Change) ([]byte, error) {
	j := &changeJSON{Schema: SchemaChange, Version: JSONVersion, Touched: c.Touched, What: c.What, Untouched: c.Untouched,
		Rule: gate.Rule(c.Tests), Alpha: gate.Alpha, Tests: c.Tests, Deltas: c.Deltas, Passed: !c.Failed(), Base: jobToJSON(c.Base), Changed: jobToJSON(c.Changed)}
	for _, s := range []*[]string{&j.Touched, &j.Untouched} {
		if *s == nil {
			*s = []string{}
		}
	}
	if j.Deltas == nil {
		j.Deltas = []gate.Delta{}
	}
	return marshal(j)
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Document is a main job's or a change's JSON, read back: exactly one of
// Job and Change is set.
type Document struct {
	Job    *gate.Result
	Change *gate.Change
}

// ReadDocument reads one JSON document a main job wrote (where names it in
// errors).
func ReadDocument(data []byte, where string) (Document, error) {
	var head struct {
		Schema  string `json:"schema"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Document{}, fmt.Errorf("%s: not a simrun JSON document: %v", where, err)
	}
	dec := func(v any) error {
		d := json.NewDecoder(bytes.NewReader(data))
		d.DisallowUnknownFields()
		if err := d.Decode(v); err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		return nil
	}
	switch head.Schema {
	case SchemaJob:
		var j jobJSON
		if err := dec(&j); err != nil {
			return Document{}, err
		}
		r, err := j.result(where)
		return Document{Job: r}, err
	case SchemaChange:
		var j changeJSON
		if err := dec(&j); err != nil {
			return Document{}, err
		}
		if !readable(j.Version) || j.Base == nil || j.Changed == nil {
			return Document{}, fmt.Errorf("%s: version %d of %s without both jobs, this simrun reads versions 1 and %d", where, j.Version, j.Schema, JSONVersion)
		}
		base, err := j.Base.result(where + " (base)")
		if err != nil {
			return Document{}, err
		}
		changed, err := j.Changed.result(where + " (changed)")
		if err != nil {
			return Document{}, err
		}
		return Document{Change: gate.NewChange(base, changed, j.Touched, j.What, j.Untouched)}, nil
	}
	return Document{}, fmt.Errorf("%s: schema %q is not one simrun merge reads (%s, %s, or a sweep's JSON Lines)", where, head.Schema, SchemaJob, SchemaChange)
}
