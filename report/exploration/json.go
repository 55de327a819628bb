package exploration

import (
	"bytes"
	"encoding/json"

	"github.com/locksim/locksim/explore"
)

// The JSON of `simrun explore --json FILE` (docs/json.md): schema
// locksim.explore, version 2.
const (
	SchemaExplore = "locksim.explore"
	JSONVersion   = 2
)

// ResultJSON is a search's result as JSON.
type ResultJSON struct {
	Config   string          `json:"config"` // Config.Header
	Explored int             `json:"explored"`
	Distinct int             `json:"distinct"`
	Depth    int             `json:"depth"`
	Complete bool            `json:"complete"`
	Cut      string          `json:"cut,omitempty"`
	Liveness bool            `json:"liveness_checked"`
	ByDesign []ViolationJSON `json:"by_design"`
	Known    []ViolationJSON `json:"known"`
	Bug      *ViolationJSON  `json:"bug"`
}

// ViolationJSON is one finding: its property (kind), class, what explains
// it when by design, what it is, and the length of its path.
type ViolationJSON struct {
	Kind      string `json:"kind"`
	Class     string `json:"class"`
	Mechanism string `json:"mechanism"`
	Ref       string `json:"ref,omitempty"`
	Excuse    string `json:"excuse,omitempty"`
	Detail    string `json:"detail"`
	Steps     int    `json:"steps"`
}

// ViolationJSONOf is v as JSON.
func ViolationJSONOf(v *explore.Violation) ViolationJSON {
	return ViolationJSON{Kind: v.Kind, Class: v.Class(), Mechanism: v.Mechanism, Ref: v.Ref, Excuse: v.Excuse, Detail: v.Detail, Steps: len(v.Steps)}
}

// ResultJSONOf is r as its JSON value.
func ResultJSONOf(r *explore.Result) ResultJSON {
	j := ResultJSON{Config: r.Config.Header(), Explored: r.Stats.Explored, Distinct: r.Stats.Distinct, Depth: r.Stats.Depth,
		Complete: r.Stats.Complete, Cut: r.Stats.Cut, Liveness: r.Liveness, ByDesign: []ViolationJSON{}, Known: []ViolationJSON{}}
	for _, v := range r.ByDesign {
		j.ByDesign = append(j.ByDesign, ViolationJSONOf(v))
	}
	for _, v := range r.Known {
		j.Known = append(j.Known, ViolationJSONOf(v))
	}
	if r.Violation != nil {
		v := ViolationJSONOf(r.Violation)
		j.Bug = &v
	}
	return j
}

// Document is explore's JSON document: the search (with a change, the
// change's), and for a change the unmodified search and the findings it
// does not reach.
type Document struct {
	Schema     string          `json:"schema"`
	Version    int             `json:"version"`
	Result     ResultJSON      `json:"result"`
	Unmodified *ResultJSON     `json:"unmodified,omitempty"`
	Failing    []ViolationJSON `json:"failing,omitempty"`
	Passed     bool            `json:"passed"`
}

// SearchDocument is the document of one search: passed when it found no
// bug.
func SearchDocument(res *explore.Result) Document {
	return Document{Schema: SchemaExplore, Version: JSONVersion, Result: ResultJSONOf(res), Passed: res.Violation == nil}
}

// ChangeDocument is the document of a change's search (changed) judged
// against the same search on the unmodified code: failing are the
// change's findings the unmodified search does not reach.
func ChangeDocument(changed, unmodified *explore.Result, failing []*explore.Violation) Document {
	doc := Document{Schema: SchemaExplore, Version: JSONVersion, Result: ResultJSONOf(changed), Passed: len(failing) == 0}
	u := ResultJSONOf(unmodified)
	doc.Unmodified = &u
	doc.Failing = []ViolationJSON{}
	for _, v := range failing {
		doc.Failing = append(doc.Failing, ViolationJSONOf(v))
	}
	return doc
}

// Marshal is d indented, ending in a newline.
func (d Document) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
