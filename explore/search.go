package explore

import (
	"fmt"
	"slices"
	"strings"
)

// Stats counts a search's work.
type Stats struct {
	Explored int // transitions followed (every successor generated)
	Distinct int // distinct states reached
	Depth    int // the deepest breadth-first level expanded
	// Complete is true when every state reachable within the bounds was
	// expanded: then no violation found means the configuration is clean.
	Complete bool
	// Cut says why the search stopped short ("" when Complete or when it
	// stopped at a violation).
	Cut string
}

// Step is one step of a counterexample: its scenario command, the time it
// happened (ms since the start) and what it did.
type Step struct {
	Command string
	At      int64
	Lines   []string
}

// Violation is a shortest path to a state (or a step) that breaks a
// property.
type Violation struct {
	// Kind is the property: "mutex", "error" (Redis answered with an error,
	// or a call threw), "holds", "release", "store", "fifo", "expiry",
	// "stuck" (no continuation finishes every thread).
	Kind   string
	Detail string
	// Bug is false when something the algorithm does not claim to survive
	// explains the violation (Excuse says what): a lease that ran out, a
	// pause, a lost or delayed message, a restart.
	Bug    bool
	Excuse string
	Steps  []Step
	State  []string // the final state, described
}

// Class is "bug" or "by-design".
func (v *Violation) Class() string {
	if v.Bug {
		return "bug"
	}
	return "by-design"
}

// Result is what a search found.
type Result struct {
	Config Config
	Stats  Stats
	// Violation is the shortest bug-class violation (the search stops at
	// it); ByDesign the shortest by-design one of each property met before.
	Violation *Violation
	ByDesign  []*Violation
	// Liveness is true when the search was complete and so could check
	// that every reachable state can still finish every thread.
	Liveness bool
}

// maxEdges bounds the transitions kept for the liveness check (8 bytes
// each); a bigger search skips that check and says so.
const maxEdges = 400_000_000

// Explore searches cfg's state space breadth-first, so that the first
// violation it meets is at the smallest depth. progress, when set, is
// called every 2^16 distinct states with the counts so far.
func Explore(cfg Config, progress func(Stats)) (*Result, error) {
	m, err := newModel(cfg)
	if err != nil {
		return nil, err
	}
	res := &Result{Config: cfg}
	type node struct {
		st state
		id uint32
	}
	type record struct {
		parent uint32
		act    action
	}
	init := m.initial()
	visited := map[string]uint32{string(m.appendKey(&init, nil)): 0}
	records := []record{{}}
	var finished []uint32
	if m.finished(&init) {
		finished = append(finished, 0)
	}
	var edges []uint64
	keepEdges := true
	cur := []node{{init, 0}}
	var next []node
	var acts []action
	var key []byte
	// pathTo is the steps from the initial state to state id, then last.
	pathTo := func(id uint32, last *action) []action {
		var path []action
		for x := id; x != 0; x = records[x].parent {
			path = append(path, records[x].act)
		}
		slices.Reverse(path)
		if last != nil {
			path = append(path, *last)
		}
		return path
	}
	seenKind := map[string]bool{}
	// report keeps f, reached by path; it reports whether the search stops
	// (a bug).
	report := func(f finding, path func() []action) bool {
		if !f.bug && seenKind[f.kind] {
			return false
		}
		v := m.replayPath(path(), f)
		if f.bug {
			res.Violation = v
			return true
		}
		seenKind[f.kind] = true
		res.ByDesign = append(res.ByDesign, v)
		return false
	}
	st := &res.Stats
	st.Distinct = 1
	for depth := 0; len(cur) > 0; depth++ {
		if cfg.MaxDepth > 0 && depth >= cfg.MaxDepth {
			st.Cut = fmt.Sprintf("--max-depth %d reached", cfg.MaxDepth)
			return res, nil
		}
		st.Depth = depth
		for _, nd := range cur {
			acts = m.actions(&nd.st, acts[:0])
			for _, a := range acts {
				succ := m.apply(&nd.st, a, nil)
				st.Explored++
				for _, f := range m.found {
					if report(f, func() []action { return pathTo(nd.id, &a) }) {
						return res, nil
					}
				}
				key = m.appendKey(&succ, key[:0])
				id, seen := visited[string(key)]
				if !seen {
					id = uint32(len(records))
					visited[string(key)] = id
					records = append(records, record{parent: nd.id, act: a})
					st.Distinct++
					for _, f := range m.stateFindings(&succ) {
						if report(f, func() []action { return pathTo(id, nil) }) {
							return res, nil
						}
					}
					if m.finished(&succ) {
						finished = append(finished, id)
					}
					next = append(next, node{succ, id})
					if progress != nil && st.Distinct&0xffff == 0 {
						progress(*st)
					}
					if cfg.MaxStates > 0 && st.Distinct >= cfg.MaxStates {
						st.Cut = fmt.Sprintf("--max-states %d reached", cfg.MaxStates)
						return res, nil
					}
				}
				if keepEdges {
					edges = append(edges, uint64(nd.id)<<32|uint64(id))
					if len(edges) > maxEdges {
						keepEdges, edges = false, nil
					}
				}
			}
		}
		cur, next = next, cur[:0]
	}
	st.Complete = true
	if !keepEdges {
		return res, nil
	}
	res.Liveness = true
	if id, ok := stuck(len(records), edges, finished); ok {
		report(finding{kind: "stuck", detail: "from here no order of events lets every thread finish its calls", bug: true}, func() []action { return pathTo(id, nil) })
	}
	return res, nil
}

// stuck returns the first state (in breadth-first order, so a shallowest
// one) from which no finished state can be reached, if any.
func stuck(n int, edges []uint64, finished []uint32) (uint32, bool) {
	// Reverse adjacency in compressed form: for each state, who leads to it.
	start := make([]uint32, n+1)
	for _, e := range edges {
		start[uint32(e)+1]++
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	pos := append([]uint32(nil), start[:n]...)
	from := make([]uint32, len(edges))
	for _, e := range edges {
		to := uint32(e)
		from[pos[to]] = uint32(e >> 32)
		pos[to]++
	}
	ok := make([]bool, n)
	queue := append([]uint32(nil), finished...)
	for _, f := range finished {
		ok[f] = true
	}
	for len(queue) > 0 {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, u := range from[start[v]:start[v+1]] {
			if !ok[u] {
				ok[u] = true
				queue = append(queue, u)
			}
		}
	}
	for i, good := range ok {
		if !good {
			return uint32(i), true
		}
	}
	return 0, false
}

// replayPath runs path from the initial state, recording each step's
// command and story.
func (m *model) replayPath(path []action, f finding) *Violation {
	v := &Violation{Kind: f.kind, Detail: f.detail, Bug: f.bug, Excuse: f.excuse}
	s := m.initial()
	var at int64
	for _, a := range path {
		if a.kind == aAdvance {
			at += a.delta
		}
		step := Step{Command: m.command(&s, a), At: at}
		var sto story
		s = m.apply(&s, a, &sto)
		step.Lines = sto.lines
		v.Steps = append(v.Steps, step)
	}
	v.State = m.describe(&s)
	return v
}

// command is the scenario command of step a from state s.
func (m *model) command(s *state, a action) string {
	switch a.kind {
	case aCall:
		return m.prog[s.th[a.th].ip].name + " " + m.threadName(int(a.th))
	case aDeliver:
		return "deliver " + m.msgRef(s, int(a.mi))
	case aFire:
		return "fire " + m.timerName(s, int(a.th), a.timer)
	case aAdvance:
		return fmt.Sprintf("advance %dms", a.delta)
	case aCrash:
		return "crash " + procName(int(a.th))
	case aPause:
		return "pause " + procName(int(a.th))
	case aResume:
		return "resume " + procName(int(a.th))
	case aDrop:
		return "drop " + m.msgRef(s, int(a.mi))
	case aDelay:
		return "delay " + m.msgRef(s, int(a.mi))
	case aRestart:
		return "restart-redis"
	}
	panic("explore: unknown action")
}

// msgRef names message i of s uniquely: its text, with "(k)" when an
// earlier message in flight has the same text.
func (m *model) msgRef(s *state, i int) string {
	text := m.msgText(s.msgs[i])
	k := 1
	for j := 0; j < i; j++ {
		if m.msgText(s.msgs[j]) == text && s.msgs[j] != s.msgs[i] && (j == 0 || s.msgs[j] != s.msgs[j-1]) {
			k++
		}
	}
	if k > 1 {
		return fmt.Sprintf("%s(%d)", text, k)
	}
	return text
}

// Summary is the result in a few lines: the counts and the verdict.
func (r *Result) Summary() string {
	var b strings.Builder
	s := r.Stats
	fmt.Fprintf(&b, "explore %s\n", r.Config.Header())
	fmt.Fprintf(&b, "states explored %d, distinct %d, depth %d\n", s.Explored, s.Distinct, s.Depth)
	for _, v := range r.ByDesign {
		fmt.Fprintf(&b, "by design: %s after %d steps (%s): %s\n", v.Kind, len(v.Steps), v.Excuse, v.Detail)
	}
	const checked = "mutual exclusion, errors, hold counts, releases, the store's invariants, the fair queue's order, crashed holders' expiry"
	switch {
	case r.Violation != nil:
		fmt.Fprintf(&b, "bug: %s after %d steps: %s\n", r.Violation.Kind, len(r.Violation.Steps), r.Violation.Detail)
	case s.Complete && r.Liveness:
		fmt.Fprintf(&b, "no bug: every reachable state checked (%s, and that every thread can still finish)\n", checked)
	case s.Complete:
		fmt.Fprintf(&b, "no bug: every reachable state checked (%s; too many transitions to check liveness)\n", checked)
	default:
		fmt.Fprintf(&b, "no bug within the bound, but the search was cut: %s\n", s.Cut)
	}
	return b.String()
}
