package settingsmap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/settings"
	"github.com/locksim/locksim/sim"
)

// Version is the version of the map's JSON: a reader refuses another.
const Version = 1

// The JSON a map writes: its spec, then every cell with what its worlds
// added up to (the raw counts, which shards merge by adding) and what
// follows from them (rates, 95% intervals, quantiles, safe). A reader
// takes the raw counts and derives the rest again.

type jsonMap struct {
	Version   int          `json:"version"`
	Algo      string       `json:"algo"`
	Envelope  jsonEnvelope `json:"envelope"`
	Seeds     string       `json:"seeds"`
	Shard     string       `json:"shard"`
	Counted   []string     `json:"counted"`
	World     jsonWorld    `json:"world"`
	Command   string       `json:"command,omitempty"`
	Advice    string       `json:"advice,omitempty"`
	Knobs     []jsonKnob   `json:"knobs"`
	PauseRows []float64    `json:"pause_rows"`
	Cells     []jsonCell   `json:"cells"`
	Bounds    []jsonBound  `json:"arithmetic,omitempty"`
}

type jsonEnvelope struct {
	Name       string  `json:"name"`
	Spec       string  `json:"spec"`
	Pause      float64 `json:"pause_ms"`
	TimerDelay float64 `json:"timer_delay_ms"`
	Skew       float64 `json:"skew_ms"`
	Drift      float64 `json:"drift_ppm"`
	RTT        float64 `json:"rtt_ms"`
	Jitter     float64 `json:"jitter_ms"`
	Loss       float64 `json:"loss"`
	ReplLag    float64 `json:"replication_lag_ms"`
	Failover   float64 `json:"failover_ms"`
	CS         float64 `json:"critical_section_ms"`
}

type jsonWorld struct {
	Procs      int     `json:"procs"`
	Threads    int     `json:"threads"`
	SafetyMs   float64 `json:"safety_ms"`
	LivenessMs float64 `json:"liveness_ms"`
	ThinkMs    float64 `json:"think_mean_ms"`
}

type jsonKnob struct {
	Name    string  `json:"name"`
	Values  []int64 `json:"values"`
	Default int64   `json:"default"`
	Unit    string  `json:"unit"`
	Map     bool    `json:"map"`
	What    string  `json:"what"`
}

type jsonCount struct {
	K     int     `json:"k"`
	N     int     `json:"n"`
	Rate  float64 `json:"rate"`
	Lo    float64 `json:"lo95"`
	Hi    float64 `json:"hi95"`
	First uint64  `json:"first_seed,omitempty"`
}

type jsonQuant struct {
	P50 float64 `json:"p50_ms"`
	P99 float64 `json:"p99_ms"`
}

type jsonCell struct {
	Knob     string         `json:"knob"`
	Value    int64          `json:"value"`
	Label    string         `json:"label"`
	Row      float64        `json:"row"`
	PauseMs  float64        `json:"pause_ms"`
	Worlds   int            `json:"worlds"`
	Safe     bool           `json:"safe"`
	Mutex    jsonCount      `json:"mutex"`
	Expiry   jsonCount      `json:"expiry"`
	Liveness jsonCount      `json:"liveness"`
	Fenced   jsonCount      `json:"fenced"`
	Stale    int            `json:"stale_writes"`
	Rejected int            `json:"rejected_writes"`
	Mechs    map[string]int `json:"mechanisms"`
	Crashes  int            `json:"crashes"`
	Takeover *jsonQuant     `json:"takeover,omitempty"`
	// TakeoversUs are the times to take over, µs, sorted.
	TakeoversUs []int64    `json:"takeovers_us"`
	NoTakeover  int        `json:"no_takeover"`
	Acquire     *jsonQuant `json:"acquisition,omitempty"`
	// LatencyHist is the acquisitions' histogram: [bucket, count] pairs
	// (Hist).
	LatencyHist [][2]int `json:"latency_hist"`
	Acquires    int      `json:"acquires"`
	Failed      int      `json:"failed_acquires"`
	AcquireCmds int      `json:"acquire_commands"`
	WaitingUs   int64    `json:"waiting_us"`
	CmdRate     float64  `json:"commands_per_waiter_second"`
	Errors      int      `json:"errors"`
	FirstError  string   `json:"first_error,omitempty"`
}

type jsonBound struct {
	Knob    string  `json:"knob"`
	PauseMs float64 `json:"pause_ms"`
	Arith   int64   `json:"arithmetic_first_safe"`
	Map     int64   `json:"map_first_safe"`
	Why     string  `json:"why,omitempty"`
}

func ms(d sim.Duration) float64 { return float64(d) / float64(sim.Millisecond) }

// round keeps 6 significant digits: enough for a rate, and the same text
// on every machine.
func round(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return v
}

func count(k, n int, first uint64) jsonCount {
	lo, hi := settings.Interval(k, n)
	c := jsonCount{K: k, N: n, Lo: round(lo), Hi: round(hi), First: first}
	if n > 0 {
		c.Rate = round(float64(k) / float64(n))
	}
	return c
}

func quant(q50, q99 sim.Duration) *jsonQuant {
	if q50 < 0 {
		return nil
	}
	return &jsonQuant{P50: ms(q50), P99: ms(q99)}
}

// JSON renders the map (command: what made it; "" none).
func JSON(m *settings.Map, command string) []byte {
	e := m.Spec.Envelope
	j := jsonMap{Version: Version, Algo: m.Spec.Algo, Seeds: fmt.Sprintf("%d-%d", m.Spec.Lo, m.Spec.Hi),
		Shard: fmt.Sprintf("%d/%d", max(m.Spec.ShardI, 1), max(m.Spec.ShardN, 1)), Counted: settings.Counted,
		Envelope: jsonEnvelope{Name: e.Name, Spec: e.Spec(), Pause: ms(e.Pause), TimerDelay: ms(e.TimerDelay), Skew: ms(e.Skew), Drift: e.Drift,
			RTT: ms(e.RTT), Jitter: ms(e.Jitter), Loss: e.Loss, ReplLag: ms(e.ReplLag), Failover: ms(e.Failover), CS: ms(e.CS)},
		World:   jsonWorld{Procs: settings.Procs, Threads: settings.Threads, SafetyMs: ms(settings.Safety), LivenessMs: ms(settings.Liveness), ThinkMs: ms(settings.Think)},
		Command: command, PauseRows: m.Rows}
	whole := j.Shard == "1/1"
	if whole {
		j.Advice = Advice(m)
	}
	for _, k := range m.Spec.Knobs {
		unit := "ms"
		if k.Count {
			unit = "count"
		}
		j.Knobs = append(j.Knobs, jsonKnob{Name: k.Name, Values: k.Values, Default: k.Default, Unit: unit, Map: k.Map, What: k.What})
	}
	for _, c := range m.Cells {
		st := c.Stats
		jc := jsonCell{Knob: c.Knob, Value: c.Value, Label: m.Knob(c.Knob).Format(c.Value), Row: c.Row, PauseMs: ms(c.Pause),
			Worlds: st.Worlds, Safe: st.Safe(),
			Mutex:    count(st.Violated[0], st.Worlds, st.First[0]),
			Expiry:   count(st.Violated[1], st.Worlds, st.First[1]),
			Liveness: count(st.Violated[2], st.Worlds, st.First[2]),
			Fenced:   count(st.Fenced, st.Worlds, 0), Stale: st.Stale, Rejected: st.Rejected, Mechs: st.Mechs,
			Crashes: st.Crashes, NoTakeover: st.NoTakeover, TakeoversUs: []int64{},
			Acquires: st.Acquires, Failed: st.Failed, AcquireCmds: st.AcquireCmds, WaitingUs: int64(st.Waiting),
			CmdRate: round(st.CmdRate()), Errors: st.Errors, FirstError: st.FirstError, LatencyHist: [][2]int{}}
		for _, d := range st.Takeovers {
			jc.TakeoversUs = append(jc.TakeoversUs, int64(d))
		}
		jc.Takeover = quant(settings.Quantile(st.Takeovers, 0.5), settings.Quantile(st.Takeovers, 0.99))
		jc.Acquire = quant(st.Latency.Quantile(0.5), st.Latency.Quantile(0.99))
		var bs []int
		for b := range st.Latency {
			bs = append(bs, int(b))
		}
		slices.Sort(bs)
		for _, b := range bs {
			jc.LatencyHist = append(jc.LatencyHist, [2]int{b, st.Latency[uint16(b)]})
		}
		j.Cells = append(j.Cells, jc)
	}
	if whole {
		for _, b := range m.Bounds() {
			j.Bounds = append(j.Bounds, jsonBound{Knob: b.Knob, PauseMs: ms(b.Pause), Arith: b.Arith, Map: b.Map, Why: b.Why})
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		panic(err) // numbers, strings and maps of them always encode
	}
	return buf.Bytes()
}

// ReadJSON reads a map that JSON wrote (a shard's, or a whole one): its
// spec and raw counts; what follows from them is derived again.
func ReadJSON(b []byte) (*settings.Map, error) {
	var j jsonMap
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("not a settings map: %v", err)
	}
	if j.Version != Version {
		return nil, fmt.Errorf("settings map version %d, this simrun reads %d", j.Version, Version)
	}
	e, err := settings.ParseEnvelope(j.Envelope.Spec)
	if err != nil {
		return nil, fmt.Errorf("envelope: %v", err)
	}
	e.Name = j.Envelope.Name
	spec := settings.Spec{Algo: j.Algo, Envelope: e}
	if _, err := fmt.Sscanf(j.Seeds, "%d-%d", &spec.Lo, &spec.Hi); err != nil {
		return nil, fmt.Errorf("seeds %q: %v", j.Seeds, err)
	}
	if _, err := fmt.Sscanf(j.Shard, "%d/%d", &spec.ShardI, &spec.ShardN); err != nil {
		return nil, fmt.Errorf("shard %q: %v", j.Shard, err)
	}
	all, err := settings.Knobs(j.Algo, e)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, k := range j.Knobs {
		names = append(names, k.Name)
	}
	if spec.Knobs, err = settings.SelectKnobs(all, strings.Join(names, ",")); err != nil {
		return nil, err
	}
	m := settings.NewMap(spec)
	if len(m.Cells) != len(j.Cells) {
		return nil, fmt.Errorf("%d cells, the spec lays out %d", len(j.Cells), len(m.Cells))
	}
	done := map[*settings.Stats]bool{}
	for i, jc := range j.Cells {
		c := &m.Cells[i]
		if c.Knob != jc.Knob || c.Value != jc.Value || c.Row != jc.Row {
			return nil, fmt.Errorf("cell %d is %s=%d at row %g, the spec lays out %s=%d at row %g", i, jc.Knob, jc.Value, jc.Row, c.Knob, c.Value, c.Row)
		}
		if done[c.Stats] {
			continue // a shared cell, read once
		}
		done[c.Stats] = true
		st := c.Stats
		st.Worlds, st.Fenced, st.Stale, st.Rejected = jc.Worlds, jc.Fenced.K, jc.Stale, jc.Rejected
		for k, jn := range []jsonCount{jc.Mutex, jc.Expiry, jc.Liveness} {
			st.Violated[k], st.First[k] = jn.K, jn.First
		}
		for k, v := range jc.Mechs {
			st.Mechs[k] = v
		}
		st.Crashes, st.NoTakeover = jc.Crashes, jc.NoTakeover
		for _, us := range jc.TakeoversUs {
			st.Takeovers = append(st.Takeovers, sim.Duration(us))
		}
		for _, bc := range jc.LatencyHist {
			st.Latency[uint16(bc[0])] = bc[1]
		}
		st.Acquires, st.Failed, st.AcquireCmds, st.Waiting = jc.Acquires, jc.Failed, jc.AcquireCmds, sim.Duration(jc.WaitingUs)
		st.Errors, st.FirstError = jc.Errors, jc.FirstError
	}
	return m, nil
}
