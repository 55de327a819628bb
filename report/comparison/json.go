package comparison

import (
	"bytes"
	"encoding/json"
	"sort"

	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/sim"
)

// The JSON of `simrun compare --json FILE` (docs/json.md): schema
// locksim.compare, version 1.
const (
	SchemaCompare = "locksim.compare"
	JSONVersion   = 1
)

type compareJSON struct {
	Schema     string         `json:"schema"`
	Version    int            `json:"version"`
	Sides      [2]sideJSON    `json:"sides"`
	Presets    []string       `json:"presets"`
	Seeds      [2]uint64      `json:"seeds"` // lo, hi
	Mechanisms []mechJSON     `json:"mechanisms"`
	Measures   [2]measureJSON `json:"measures"`
}

type sideJSON struct {
	Algo    string `json:"algo"`
	Scripts string `json:"scripts,omitempty"`
	Runs    int    `json:"runs"`
}

type mechJSON struct {
	Property  string          `json:"property"`
	Mechanism string          `json:"mechanism"`
	Class     string          `json:"class"`
	Ref       string          `json:"ref,omitempty"`
	Sides     [2]mechSideJSON `json:"sides"`
}

type mechSideJSON struct {
	Runs        int     `json:"runs"`
	Of          int     `json:"of"`
	Low         float64 `json:"low"` // the 95% Wilson interval of runs/of
	High        float64 `json:"high"`
	FirstSeed   uint64  `json:"first_seed,omitempty"`
	FirstPreset string  `json:"first_preset,omitempty"`
	Reproduce   string  `json:"reproduce,omitempty"`
}

type measureJSON struct {
	Acquired     int     `json:"acquired"`
	Calls        int     `json:"calls"`
	GaveUp       int     `json:"gave_up"`
	Failed       int     `json:"failed"`
	MedianWaitMs float64 `json:"median_wait_ms"`
	Overtakes    int     `json:"overtakes"`
	Evicted      int     `json:"evicted"`
	NegativeTTLs int     `json:"negative_ttls"`
}

// JSON is c as its JSON document, after its Run.
func JSON(c *fairness.Comparison) ([]byte, error) {
	keys, all := c.Mechanisms()
	j := compareJSON{Schema: SchemaCompare, Version: JSONVersion, Presets: c.Presets, Seeds: [2]uint64{c.Lo, c.Hi}, Mechanisms: []mechJSON{}}
	for side := range c.Names {
		var m fairness.Metrics
		runs := 0
		for _, p := range c.Presets {
			t := c.Tally(side, p)
			m.Add(t.Metrics)
			runs += t.Runs
		}
		j.Sides[side] = sideJSON{Algo: c.Names[side], Scripts: c.Scripts[side], Runs: runs}
		waits := append([]sim.Duration(nil), m.Waits...)
		sort.Slice(waits, func(a, b int) bool { return waits[a] < waits[b] })
		med := 0.0
		if len(waits) > 0 {
			med = float64(waits[len(waits)/2]) / float64(sim.Millisecond)
		}
		j.Measures[side] = measureJSON{m.Acquired, m.Calls, m.GaveUp, m.Failed, med, m.Overtakes, m.Evicted, m.NegTTLs}
	}
	for _, k := range keys {
		x := all[k]
		s0 := x[0]
		if s0.Runs == 0 {
			s0 = x[1]
		}
		mj := mechJSON{Property: k.Property, Mechanism: k.Label, Class: string(s0.Class), Ref: s0.Ref}
		for side := range c.Names {
			s := x[side]
			lo, hi := fairness.Wilson(s.Runs, s.Of)
			ms := mechSideJSON{Runs: s.Runs, Of: s.Of, Low: lo, High: hi}
			if s.Runs > 0 {
				ms.FirstSeed, ms.FirstPreset, ms.Reproduce = s.First, s.Preset, "go run ./cmd/"+c.Command(side, s.First, s.Preset)
			}
			mj.Sides[side] = ms
		}
		j.Mechanisms = append(j.Mechanisms, mj)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(j)
	return b.Bytes(), err
}
