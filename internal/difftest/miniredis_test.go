package difftest

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/alicebob/miniredis/v2"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// StartMiniredis starts an in-process miniredis whose TTLs follow a clock
// set before every step (SetTime plus ClockTTL), and returns a backend
// speaking RESP2 to it. Call Close on the returned server when done.
func StartMiniredis() (*RESPBackend, *miniredis.Miniredis, error) {
	m := miniredis.NewMiniRedis()
	m.SetTime(time.UnixMilli(StartMin))
	m.ClockTTL(true)
	if err := m.Start(); err != nil {
		return nil, nil, err
	}
	conn, err := DialRESP(m.Addr())
	if err != nil {
		m.Close()
		return nil, nil, err
	}
	b := &RESPBackend{
		BackendName: "miniredis",
		Conn:        conn,
		SetTime:     func(ms int64) { m.SetTime(time.UnixMilli(ms)) },
	}
	return b, m, nil
}

// KeyState is one key of a dumped keyspace, in a form that does not
// depend on how a server formats scores or orders hash fields.
type KeyState struct {
	Type  string
	Value string // canonical rendering of the value (see dumpState)
	PTTL  int64
}

// State is a dumped keyspace: key -> state.
type State map[string]KeyState

// Equal reports whether two states are the same.
func (s State) Equal(o State) bool {
	if len(s) != len(o) {
		return false
	}
	for k, v := range s {
		if w, ok := o[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func (k KeyState) string(ok bool) string {
	if !ok {
		return "(absent)"
	}
	return fmt.Sprintf("%s %s pttl=%d", k.Type, k.Value, k.PTTL)
}

// dumpState reads every key with TYPE, its value command and PTTL through
// do. Scores are rendered by value (shortest form of the float64) and hash
// fields sorted, so only real differences remain.
func dumpState(keys []string, do func(args ...string) (sim.Reply, error)) (State, error) {
	st := State{}
	for _, k := range keys {
		tr, err := do("TYPE", k)
		if err != nil {
			return nil, err
		}
		if tr.Str == "none" {
			continue
		}
		var vr sim.Reply
		switch tr.Str {
		case "string":
			vr, err = do("GET", k)
		case "hash":
			vr, err = do("HGETALL", k)
			if err == nil {
				vr = sortPairs(vr)
			}
		case "list":
			vr, err = do("LRANGE", k, "0", "-1")
		case "zset":
			vr, err = do("ZRANGE", k, "0", "-1", "WITHSCORES")
			if err == nil {
				vr = canonicalScores(vr)
			}
		}
		if err != nil {
			return nil, err
		}
		pr, err := do("PTTL", k)
		if err != nil {
			return nil, err
		}
		st[k] = KeyState{Type: tr.Str, Value: vr.String(), PTTL: pr.Int}
	}
	return st, nil
}

// sortPairs sorts a flat [field, value, ...] array by field.
func sortPairs(r sim.Reply) sim.Reply {
	if r.Kind != sim.KindArray || len(r.Arr)%2 != 0 {
		return r
	}
	n := len(r.Arr) / 2
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return r.Arr[2*idx[a]].Str < r.Arr[2*idx[b]].Str })
	out := make([]sim.Reply, 0, len(r.Arr))
	for _, i := range idx {
		out = append(out, r.Arr[2*i], r.Arr[2*i+1])
	}
	return sim.Array(out...)
}

// canonicalScores rewrites the scores of a [member, score, ...] array in
// the shortest decimal form of their float64 value.
func canonicalScores(r sim.Reply) sim.Reply {
	if r.Kind != sim.KindArray {
		return r
	}
	out := append([]sim.Reply(nil), r.Arr...)
	for i := 1; i < len(out); i += 2 {
		if f, err := strconv.ParseFloat(out[i].Str, 64); err == nil {
			out[i] = sim.Bulk(strconv.FormatFloat(f, 'f', -1, 64))
		}
	}
	return sim.Array(out...)
}

// simState dumps the simulated store's keyspace at its current time.
func simState(s *sim.Store) State {
	st, _ := dumpState(s.SortedKeys(), func(args ...string) (sim.Reply, error) { return s.Do(args...), nil })
	return st
}

// respState dumps a server's keyspace (KEYS *, then each key).
func respState(c *RESPConn) (State, error) {
	kr, err := c.Do("KEYS", "*")
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(kr.Arr))
	for _, k := range kr.Arr {
		keys = append(keys, k.Str)
	}
	sort.Strings(keys)
	return dumpState(keys, c.Do)
}

// restore makes the server's keyspace equal to the simulated store's
// (FLUSHALL, then each key rebuilt with its TTL). A key at exactly its
// expiry millisecond (PTTL 0) cannot be recreated in miniredis and is left
// out.
func restore(c *RESPConn, s *sim.Store) error {
	if _, err := c.Do("FLUSHALL"); err != nil {
		return err
	}
	for _, k := range s.SortedKeys() {
		var cmds [][]string
		switch s.Do("TYPE", k).Str {
		case "string":
			cmds = append(cmds, []string{"SET", k, s.Do("GET", k).Str})
		case "hash":
			r := s.Do("HGETALL", k)
			for i := 0; i+1 < len(r.Arr); i += 2 {
				cmds = append(cmds, []string{"HSET", k, r.Arr[i].Str, r.Arr[i+1].Str})
			}
		case "list":
			r := s.Do("LRANGE", k, "0", "-1")
			for _, e := range r.Arr {
				cmds = append(cmds, []string{"RPUSH", k, e.Str})
			}
		case "zset":
			r := s.Do("ZRANGE", k, "0", "-1", "WITHSCORES")
			for i := 0; i+1 < len(r.Arr); i += 2 {
				cmds = append(cmds, []string{"ZADD", k, r.Arr[i+1].Str, r.Arr[i].Str})
			}
		}
		if p := s.Do("PTTL", k).Int; p >= 0 {
			if p == 0 {
				continue
			}
			cmds = append(cmds, []string{"PEXPIRE", k, strconv.FormatInt(p, 10)})
		}
		for _, cmd := range cmds {
			r, err := c.Do(cmd...)
			if err != nil {
				return err
			}
			if r.IsError() {
				return fmt.Errorf("restore %q: %s", cmd, r.Str)
			}
		}
	}
	return nil
}

// Observation is one step at which miniredis and the simulated store
// disagreed, in its reply, in the keyspace it left, or both.
type Observation struct {
	Index     int
	Step      *conformance.Step
	Sim, Mini sim.Reply
	// Before is the simulated keyspace just before the step, at the step's time.
	Before State
	// SimAfter and MiniAfter are the keyspaces just after the step.
	SimAfter, MiniAfter State

	// Changed lists the keys whose states differ after the step, leaving
	// out a key at PTTL 0 that the step did not touch and that was already
	// missing from miniredis before it (an earlier observation).
	Changed []string

	pre *sim.Store // a copy of the simulated store before the step
}

// ReplyDiffers reports whether the replies differ.
func (o *Observation) ReplyDiffers() bool { return !o.Sim.Equal(o.Mini) }

// StateDiffers reports whether the step left the keyspaces different
// (beyond a difference already observed at an earlier step).
func (o *Observation) StateDiffers() bool { return len(o.Changed) > 0 }

func (o *Observation) String() string {
	s := fmt.Sprintf("step %d: %s\n  sim:       %s\n  miniredis: %s", o.Index, StepString(o.Step), o.Sim, o.Mini)
	for _, k := range o.Changed {
		a, aok := o.SimAfter[k]
		b, bok := o.MiniAfter[k]
		s += fmt.Sprintf("\n  key %s: sim %s | miniredis %s", k, a.string(aok), b.string(bok))
	}
	return s
}

// RunMiniredis runs seq on the simulated store (the reference: it is held
// to real Redis by TestDifferentialRealRedis) and on miniredis, step by
// step. After every step it compares the replies and both keyspaces; when
// they differ it records an Observation and copies the simulated keyspace
// into miniredis, so that every observation is about one step run from
// the same state.
func RunMiniredis(seq *Sequence, ref *SimBackend, mini *RESPBackend) ([]Observation, error) {
	if err := ref.Reset(); err != nil {
		return nil, err
	}
	if err := mini.Reset(); err != nil {
		return nil, err
	}
	var obs []Observation
	// residual holds the keys restore could not copy (PTTL 0 in the
	// simulated store): until the step that touches them, their absence in
	// miniredis is the difference already observed, not a new one.
	residual := State{}
	for i := range seq.Steps {
		st := &seq.Steps[i]
		ref.Store.SetTime(st.T)
		before := simState(ref.Store)
		pre := ref.Store.Clone()
		want, err := ref.Do(st)
		if err != nil {
			return obs, err
		}
		got, err := mini.Do(st)
		if err != nil {
			return obs, fmt.Errorf("step %d (%s): %v", i, StepString(st), err)
		}
		simAfter := simState(ref.Store)
		miniAfter, err := respState(mini.Conn)
		if err != nil {
			return obs, err
		}
		o := Observation{Index: i, Step: st, Sim: want, Mini: got, Before: before, SimAfter: simAfter, MiniAfter: miniAfter, pre: pre}
		all := stateDiffKeys(simAfter, miniAfter)
		for _, k := range all {
			if r, ok := residual[k]; ok && simAfter[k] == r && !miniAfter.has(k) && !touches(st, k) {
				continue
			}
			o.Changed = append(o.Changed, k)
		}
		if o.ReplyDiffers() || o.StateDiffers() {
			obs = append(obs, o)
		}
		residual = State{}
		if len(all) > 0 {
			if err := restore(mini.Conn, ref.Store); err != nil {
				return obs, err
			}
			for k, v := range simAfter {
				if v.PTTL == 0 {
					residual[k] = v
				}
			}
		}
	}
	return obs, nil
}

func (s State) has(k string) bool { _, ok := s[k]; return ok }

// stateDiffKeys lists the keys whose states differ, sorted.
func stateDiffKeys(a, b State) []string {
	var out []string
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			out = append(out, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// touches reports whether a step names key k among its keys or arguments.
func touches(st *conformance.Step, k string) bool {
	for _, x := range st.Keys {
		if x == k {
			return true
		}
	}
	for _, x := range st.Cmd {
		if x == k {
			return true
		}
	}
	return false
}
