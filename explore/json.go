package explore

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
func ViolationJSONOf(v *Violation) ViolationJSON {
	return ViolationJSON{Kind: v.Kind, Class: v.Class(), Mechanism: v.Mechanism, Ref: v.Ref, Excuse: v.Excuse, Detail: v.Detail, Steps: len(v.Steps)}
}

// JSON is r as its JSON value.
func (r *Result) JSON() ResultJSON {
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
