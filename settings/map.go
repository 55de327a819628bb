package settings

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/locksim/locksim/internal/ordered"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Spec is what a map is made of: an algorithm, an envelope, the settings
// searched and the worlds each cell runs (seeds Lo to Hi, or the shard I
// of N of them: every N-th from the I-th).
type Spec struct {
	Algo     string
	Envelope Envelope
	Knobs    []Knob
	Lo, Hi   uint64
	ShardI   int
	ShardN   int
}

// seeds are the spec's seeds of its shard, in order.
func (s Spec) seeds() []uint64 {
	i, n := max(s.ShardI, 1), max(s.ShardN, 1)
	var out []uint64
	for seed := s.Lo + uint64(i-1); seed <= s.Hi && seed >= s.Lo; seed += uint64(n) {
		out = append(out, seed)
	}
	return out
}

// Cell is one setting at one row of the map: a knob's value with the
// envelope's longest pause scaled by Row.
type Cell struct {
	Knob  string
	Value int64
	Row   float64
	Pause sim.Duration
	// Stats are the cell's worlds; cells that run the same configuration
	// (every knob's default, at the envelope's own row) share them.
	Stats *Stats
	key   string
}

// Stats add up the worlds of a cell. Every field adds, so the stats of
// shards merge into those of the whole range, whatever the order.
type Stats struct {
	Worlds int
	// Violated counts the worlds that violated each of Counted; First is
	// the first such seed (0: none).
	Violated [3]int
	First    [3]uint64
	// Mechs counts, per "property mechanism-label", the worlds whose first
	// violation of the property had that mechanism.
	Mechs map[string]int
	// Fenced counts the worlds where a stale write got past fencing; Stale
	// and Rejected the stale writes and those fencing refused.
	Fenced, Stale, Rejected int
	// Crashes counts the worlds where the crash of a holder struck;
	// Takeovers the times to the next grant (sorted), NoTakeover those
	// where nobody got the lock before the world ended.
	Crashes    int
	Takeovers  []sim.Duration
	NoTakeover int
	// Latency counts the durations of acquisitions that got the lock.
	Latency                       Hist
	Acquires, Failed, AcquireCmds int
	Waiting                       sim.Duration
	// Errors counts worlds that did not run to their end (a run limit);
	// FirstError is the first one's error.
	Errors     int
	FirstError string
}

func newStats() *Stats { return &Stats{Mechs: map[string]int{}, Latency: Hist{}} }

// add counts one world.
func (st *Stats) add(s Sample) {
	if s.Err != "" {
		st.Errors++
		if st.FirstError == "" {
			st.FirstError = fmt.Sprintf("seed %d: %s", s.Seed, s.Err)
		}
		return
	}
	st.Worlds++
	for i, v := range s.Violated {
		if !v {
			continue
		}
		st.Violated[i]++
		if st.First[i] == 0 || s.Seed < st.First[i] {
			st.First[i] = s.Seed
		}
		st.Mechs[Counted[i]+" "+s.Mechs[i]]++
	}
	if s.Fenced {
		st.Fenced++
	}
	st.Stale += s.Stale
	st.Rejected += s.Rejected
	switch {
	case s.Takeover >= 0:
		st.Crashes++
		i, _ := slices.BinarySearch(st.Takeovers, s.Takeover)
		st.Takeovers = slices.Insert(st.Takeovers, i, s.Takeover)
	case s.Takeover == -2:
		st.Crashes++
		st.NoTakeover++
	}
	for _, d := range s.Latencies {
		st.Latency.Add(d)
	}
	st.Acquires += s.Acquires
	st.Failed += s.Failed
	st.AcquireCmds += s.AcquireCmds
	st.Waiting += s.Waiting
}

// merge adds o to st.
func (st *Stats) merge(o *Stats) {
	st.Worlds += o.Worlds
	for i := range st.Violated {
		st.Violated[i] += o.Violated[i]
		if o.First[i] != 0 && (st.First[i] == 0 || o.First[i] < st.First[i]) {
			st.First[i] = o.First[i]
		}
	}
	for k, v := range o.Mechs {
		st.Mechs[k] += v
	}
	st.Fenced += o.Fenced
	st.Stale += o.Stale
	st.Rejected += o.Rejected
	st.Crashes += o.Crashes
	st.Takeovers = append(st.Takeovers, o.Takeovers...)
	slices.Sort(st.Takeovers)
	st.NoTakeover += o.NoTakeover
	st.Latency.Merge(o.Latency)
	st.Acquires += o.Acquires
	st.Failed += o.Failed
	st.AcquireCmds += o.AcquireCmds
	st.Waiting += o.Waiting
	st.Errors += o.Errors
	if st.FirstError == "" {
		st.FirstError = o.FirstError
	}
}

// Safe says the cell's worlds showed no mutual-exclusion and no expiry
// violation: its rates are below their upper bounds, not zero.
func (st *Stats) Safe() bool { return st.Worlds > 0 && st.Violated[0] == 0 && st.Violated[1] == 0 }

// Map is a settings map: the spec's cells, each with its worlds' stats.
type Map struct {
	Spec  Spec
	Rows  []float64
	Cells []Cell
}

// NewMap lays out spec's cells: every knob's values at the envelope's
// own row; the knobs drawn as maps also at every row of PauseRows. Cells
// that run the same configuration share their stats.
func NewMap(spec Spec) *Map {
	m := &Map{Spec: spec}
	rows := []float64{1}
	if spec.Envelope.Pause > 0 {
		rows = PauseRows
	}
	m.Rows = rows
	shared := map[string]*Stats{}
	for _, k := range spec.Knobs {
		for _, row := range rows {
			if row != 1 && !k.Map {
				continue
			}
			for _, v := range k.Values {
				c := Cell{Knob: k.Name, Value: v, Row: row, Pause: Scale(spec.Envelope.Pause, row)}
				s := settingOf(k, v)
				c.key = fmt.Sprintf("%d|%+v|%d", s.lease, s.client, c.Pause)
				if shared[c.key] == nil {
					shared[c.key] = newStats()
				}
				c.Stats = shared[c.key]
				m.Cells = append(m.Cells, c)
			}
		}
	}
	return m
}

// Scale is d × f, to the microsecond.
func Scale(d sim.Duration, f float64) sim.Duration { return sim.Duration(float64(d) * f) }

// Unique are the map's distinct configurations, in cell order: the first
// cell of each.
func (m *Map) Unique() []*Cell {
	var out []*Cell
	seen := map[string]bool{}
	for i := range m.Cells {
		if c := &m.Cells[i]; !seen[c.key] {
			seen[c.key] = true
			out = append(out, c)
		}
	}
	return out
}

// Config is the run of cell c's world seed.
func (m *Map) Config(c *Cell, seed uint64) run.Config {
	e := m.Spec.Envelope
	e.Pause = c.Pause
	k := m.Knob(c.Knob)
	s := settingOf(k, c.Value)
	names := make([]string, Procs)
	for i := range names {
		names[i] = "c" + strconv.Itoa(i+1)
	}
	plan := e.World(seed, m.Spec.Algo, names)
	return run.Config{Algo: m.Spec.Algo, Seed: seed, Preset: plan.Preset, Safety: Safety, Liveness: Liveness,
		Client: s.client, Plan: &plan, Workload: workload(e, s.lease)}
}

// Knob is the map's knob named name, the zero Knob when it has none.
func (m *Map) Knob(name string) Knob {
	for _, k := range m.Spec.Knobs {
		if k.Name == name {
			return k
		}
	}
	return Knob{}
}

// EnvCell is the cell of knob k at value v on the envelope's own row.
func (m *Map) EnvCell(knob string, v int64) *Cell {
	for i := range m.Cells {
		if c := &m.Cells[i]; c.Knob == knob && c.Value == v && c.Row == 1 {
			return c
		}
	}
	return nil
}

// FirstSafe is the smallest value of knob at the envelope's row from
// which every larger value is safe; nil when the largest is not.
func (m *Map) FirstSafe(knob string) *Cell {
	cells := m.Row(knob, 1)
	var out *Cell
	for i := len(cells) - 1; i >= 0 && cells[i].Stats.Safe(); i-- {
		out = cells[i]
	}
	return out
}

// Check builds the first world of every configuration, so that a setting
// the client refuses is an error before any world runs.
func (m *Map) Check() error {
	seeds := m.Spec.seeds()
	if len(seeds) == 0 {
		return fmt.Errorf("shard %d/%d of seeds %d-%d holds no seed", m.Spec.ShardI, m.Spec.ShardN, m.Spec.Lo, m.Spec.Hi)
	}
	for _, c := range m.Unique() {
		if _, err := run.New(m.Config(c, seeds[0]), nil); err != nil {
			return fmt.Errorf("%s %s: %v", c.Knob, m.Knob(c.Knob).Format(c.Value), err)
		}
	}
	return nil
}

// Worlds is how many worlds Run runs: distinct configurations × seeds.
func (m *Map) Worlds() uint64 { return uint64(len(m.Unique()) * len(m.Spec.seeds())) }

// Run runs every world of the map on workers goroutines, shown by meter
// (nil: nothing shown), and adds each to its cell. The stats do not
// depend on workers: worlds are seeded and single-threaded, and they are
// added in job order. It returns how many worlds ran (fewer than Worlds
// when ctx was cancelled).
func (m *Map) Run(ctx context.Context, workers int, meter verdict.Meter) uint64 {
	cells, seeds := m.Unique(), m.Spec.seeds()
	n := uint64(len(cells) * len(seeds))
	tick, finish := func(bool) {}, func() {}
	if meter != nil {
		tick, finish = meter("simulating", n)
	}
	defer finish()
	per := uint64(len(seeds))
	return ordered.Run(ctx, n, workers, func(j uint64) Sample {
		return measure(m.Config(cells[j/per], seeds[j%per]))
	}, func(j uint64, s Sample) {
		tick(false) // no world is a gate's finding
		cells[j/per].Stats.add(s)
	})
}

// FirstWorld is the first seed that violated any counted property (0:
// none).
func (st *Stats) FirstWorld() uint64 {
	var first uint64
	for _, f := range st.First {
		if f != 0 && (first == 0 || f < first) {
			first = f
		}
	}
	return first
}

// CmdRate is the commands a waiting thread's acquisition made Redis run
// per second it waited.
func (st *Stats) CmdRate() float64 {
	if st.Waiting <= 0 {
		return 0
	}
	return float64(st.AcquireCmds) / (float64(st.Waiting) / float64(sim.Second))
}

// Merge adds up the shards of one map: the same algorithm, envelope,
// settings and seeds, each shard i of n once.
func Merge(parts []*Map) (*Map, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no map to merge")
	}
	first := parts[0].Spec
	n := max(first.ShardN, 1)
	seen := make([]bool, n+1)
	for _, p := range parts {
		s := p.Spec
		switch {
		case s.Algo != first.Algo || s.Envelope.Spec() != first.Envelope.Spec() || s.Lo != first.Lo || s.Hi != first.Hi:
			return nil, fmt.Errorf("shard %d/%d is of %s, %s, seeds %d-%d; the first of %s, %s, seeds %d-%d",
				s.ShardI, s.ShardN, s.Algo, s.Envelope.Spec(), s.Lo, s.Hi, first.Algo, first.Envelope.Spec(), first.Lo, first.Hi)
		case max(s.ShardN, 1) != n:
			return nil, fmt.Errorf("shard %d/%d beside shards of %d", s.ShardI, s.ShardN, n)
		case !sameKnobs(s.Knobs, first.Knobs):
			return nil, fmt.Errorf("shard %d/%d searched other settings than the first", s.ShardI, s.ShardN)
		case seen[max(s.ShardI, 1)]:
			return nil, fmt.Errorf("shard %d/%d twice", s.ShardI, s.ShardN)
		}
		seen[max(s.ShardI, 1)] = true
	}
	for i := 1; i <= n; i++ {
		if !seen[i] {
			return nil, fmt.Errorf("shard %d/%d is missing", i, n)
		}
	}
	spec := first
	spec.ShardI, spec.ShardN = 1, 1
	m := NewMap(spec)
	for _, p := range parts {
		done := map[*Stats]bool{}
		for i := range p.Cells {
			if st := p.Cells[i].Stats; !done[st] {
				done[st] = true
				m.Cells[i].Stats.merge(st)
			}
		}
	}
	return m, nil
}

func sameKnobs(a, b []Knob) bool {
	return slices.EqualFunc(a, b, func(x, y Knob) bool { return x.Name == y.Name && slices.Equal(x.Values, y.Values) })
}
