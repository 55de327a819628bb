package explore

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/locksim/locksim/checks"
)

// Stats counts a search's work.
type Stats struct {
	Explored int // transitions followed (every successor generated)
	Distinct int // distinct states reached
	// Unreduced is what Distinct would be without symmetry reduction: the
	// sizes of the classes of symmetric states it kept one of, added up
	// (equal to Distinct when the search does not reduce). It is exact
	// when the search reaches every state; one that stops early (a bug, a
	// bound) counts whole classes, more than the unreduced search would
	// have reached by then. Symmetry is the number of renamings of threads
	// and processes it tells apart by (1: none).
	Unreduced int
	Symmetry  int
	Depth     int // the deepest breadth-first level expanded
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
	// Kind is the property, named as the random runs' checks name it:
	// "mutex", "error" (Redis answered with an error, or a call threw),
	// "holds", "release", "store", "fifo", "expiry", "orphan", "liveness"
	// (no continuation finishes every thread).
	Kind   string
	Detail string
	// Bug is false when something the algorithm does not claim to survive
	// explains the violation (Excuse says what): a lease that ran out, a
	// pause, a lost or delayed message, a restart, a forceUnlock().
	Bug    bool
	Excuse string
	// Mechanism is what caused it, as the checks label it
	// ("fault:pause+drop", "contract:force-unlock", "flaw:resend-acquire",
	// "bug:two-holders"). Known: a catalogued flaw explains it (known.go),
	// Ref is the flaw's upstream reference.
	Mechanism string
	Known     bool
	Ref       string
	Steps     []Step
	State     []string // the final state, described
}

// Class is "bug", "known" or "by-design".
func (v *Violation) Class() string {
	switch {
	case v.Bug:
		return "bug"
	case v.Known:
		return "known"
	}
	return "by-design"
}

// Result is what a search found.
type Result struct {
	Config Config
	Stats  Stats
	// Violation is the shortest bug-class violation (the search stops at
	// it); ByDesign the shortest by-design one of each property met before;
	// Known the shortest of each property each catalogued flaw broke (without
	// Config.PastKnown the search stops at the first).
	Violation *Violation
	ByDesign  []*Violation
	Known     []*Violation
	// Liveness is true when the search was complete and so could check
	// that every reachable state can still finish every thread.
	Liveness bool
	// err ends the search without a verdict: a script the simulation had
	// to stop at one of its own limits.
	err error
}

// maxEdges bounds the transitions kept for the liveness check (8 bytes
// each); a bigger search skips that check and says so.
const maxEdges = 400_000_000

// Explore searches cfg's state space breadth-first, so that the first
// violation it meets is at the smallest depth. progress, when set, is
// called every 2^16 distinct states with the counts so far.
//
// Each level is expanded by cfg.Workers goroutines (GOMAXPROCS when 0) in
// batches: the workers generate the successors of a batch's states in
// parallel, each into its own buffer, and look them up among the states
// already known (the set is read-only meanwhile); then one goroutine
// takes the successors in the order a single worker would have made them
// (the batch's states by id, each state's steps in order), numbers the
// new ones and checks them. The numbering, the counts, the counterexample
// and the by-design findings therefore do not depend on the number of
// workers or on how the goroutines were scheduled.
func Explore(cfg Config, progress func(Stats)) (*Result, error) {
	res, err := explore(cfg, progress)
	if err == nil && res.err != nil {
		return nil, res.err // a script no real Redis would finish: no verdict
	}
	return res, err
}

func explore(cfg Config, progress func(Stats)) (*Result, error) {
	m, err := newModel(cfg)
	if err != nil {
		return nil, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := []*model{m}
	for len(ws) < workers {
		ws = append(ws, m.fork())
	}
	res := &Result{Config: cfg}
	set := newStateSet()
	init := m.initial()
	key, back, size := m.canonKey(&init, nil)
	set.add(key, set.hash(key))
	parents := []uint32{0}
	// backs is, for each state, the renaming from its key (its class's
	// smallest encoding) back to the state the search reached.
	backs := []uint8{back}
	var finished []uint32
	if m.finished(&init) {
		finished = append(finished, 0)
	}
	var edges edgeList
	keepEdges := true
	pathTo := func(id uint32, last *action) []action {
		path := m.pathTo(set, parents, backs, id)
		if last != nil {
			path = append(path, *last)
		}
		return path
	}
	seenKind := map[string]bool{}
	seenKnown := map[string]bool{} // the catalogued flaws met, by property and name
	// fill writes the encodings of the batch's new states into the set
	// (set per batch below): a path is found again from them.
	fill := func() {}
	// report keeps f, reached by path; it reports whether the search stops
	// (a bug).
	report := func(f checks.Violation, path func() []action) bool {
		if f.Property == kindScriptLimit {
			res.err = errors.New(f.Detail)
			return true
		}
		if f.Class == checks.Bug {
			fill()
			p := path()
			flaws, to := m.flawsOn(p, f.Property == "liveness" || f.Property == "orphan")
			f = m.resolve(f, flaws, to)
			if f.Class == checks.Bug {
				res.Violation = m.replayPath(p, f)
				return true
			}
			if k := f.Property + " " + f.Mech.Name; !seenKnown[k] {
				seenKnown[k] = true
				res.Known = append(res.Known, m.replayPath(p, f))
			}
			if !cfg.PastKnown {
				if !res.Stats.Complete { // (the liveness check runs once the search is)
					res.Stats.Cut = "stopped at the known flaw " + f.Mech.Name + " (--past-known searches past it)"
				}
				return true
			}
			return false
		}
		if seenKind[f.Property] {
			return false
		}
		fill()
		v := m.replayPath(path(), f)
		seenKind[f.Property] = true
		res.ByDesign = append(res.ByDesign, v)
		return false
	}
	memory := func() int64 {
		return set.bytes() + int64(cap(parents))*4 + int64(cap(backs)) + int64(cap(finished))*4 + edges.bytes()
	}
	st := &res.Stats
	st.Distinct, st.Unreduced, st.Symmetry = 1, size, len(m.perms)
	var outs []expansion
	var batch batchTable
	var hashes []uint64
	var fresh [][]byte // the batch's new states' encodings, in its expansions
	for depth, lo, hi := 0, uint32(0), uint32(1); lo < hi; depth, lo, hi = depth+1, hi, uint32(set.len()) {
		if cfg.MaxDepth > 0 && depth >= cfg.MaxDepth {
			st.Cut = fmt.Sprintf("--max-depth %d reached", cfg.MaxDepth)
			return res, nil
		}
		st.Depth = depth
		for b := lo; b < hi; b += expandBatch {
			first := uint32(set.len())
			batch.reset(int(min(b+expandBatch, hi)-b) * 4)
			hashes, fresh = hashes[:0], fresh[:0]
			// The batch's new states are numbered as they are met; their
			// room in set is reserved, and their encodings filled in,
			// only once no worker reads set any more: before a path to
			// one is asked for (pathTo reads them), and at the batch's
			// end. filled says how many are in.
			filled := 0
			var quiesce func()
			fill = func() {
				quiesce()
				for i := filled; i < len(fresh); i++ {
					set.reserve(len(fresh[i]))
				}
				set.fillAll(first+uint32(filled), fresh[filled:], len(ws))
				filled = len(fresh)
			}
			var stopped bool
			// merge takes chunk o's successors in order: each expanded
			// chunk is merged while the workers expand the next ones.
			merge := func(o *expansion) bool {
				for i := range o.succs {
					sc := &o.succs[i]
					st.Explored++
					for _, f := range o.finds[sc.found[0]:sc.found[1]] {
						if report(f, func() []action { return pathTo(sc.parent, &sc.act) }) {
							return false
						}
					}
					id := sc.id
					if id == unknown {
						var added bool
						key := o.keys[sc.key[0]:sc.key[1]]
						if id, added = batch.findOrAdd(first, fresh, hashes, key, sc.hash); added {
							hashes, fresh = append(hashes, sc.hash), append(fresh, key)
							parents = append(parents, sc.parent)
							backs = append(backs, sc.back)
							st.Distinct++
							st.Unreduced += int(sc.size)
							for _, f := range o.finds[sc.found[1]:sc.found[2]] {
								if report(f, func() []action { return pathTo(id, nil) }) {
									return false
								}
							}
							if sc.finished {
								finished = append(finished, id)
							}
							if progress != nil && st.Distinct&0xffff == 0 {
								progress(*st)
							}
							if cfg.MaxStates > 0 && st.Distinct >= cfg.MaxStates {
								st.Cut = fmt.Sprintf("--max-states %d reached", cfg.MaxStates)
								return false
							}
							if cfg.MaxMemory > 0 && memory() >= cfg.MaxMemory {
								st.Cut = fmt.Sprintf("--max-memory %s reached (%d states)", FormatBytes(cfg.MaxMemory), st.Distinct)
								if cfg.MaxMemoryOrigin != "" {
									st.Cut = fmt.Sprintf("the memory bound of %s reached (%d states; %s)", FormatBytes(cfg.MaxMemory), st.Distinct, cfg.MaxMemoryOrigin)
								}
								return false
							}
						}
					}
					if keepEdges {
						edges.add(sc.parent, id)
						if edges.n > maxEdges {
							keepEdges, edges = false, edgeList{}
						}
					}
				}
				return true
			}
			outs, stopped = expandMerge(ws, set, backs, b, min(b+expandBatch, hi), outs, func(q func()) { quiesce = q }, merge)
			if stopped {
				return res, nil
			}
			fill()
			set.placeAll(first, hashes, len(ws))
		}
	}
	st.Complete = true
	if !keepEdges {
		return res, nil
	}
	res.Liveness = true
	if id, ok := stuck(set.len(), &edges, finished, len(ws)); ok {
		var s state
		m.realState(set.key(id), backs[id], &s)
		report(checks.StepStuck(m.view(&s)), func() []action { return pathTo(id, nil) })
	}
	return res, nil
}

// A level is expanded expandBatch states at a time, handed to the workers
// expandChunk at a time.
const (
	expandBatch = 1 << 14
	expandChunk = 1 << 7
)

// unknown marks a successor not among the states known when it was made.
const unknown = ^uint32(0)

// expansion is the successors of one chunk of states, in order.
type expansion struct {
	succs []successor
	keys  []byte             // the successors' encodings, back to back
	finds []checks.Violation // what each step broke, then what each new state breaks
}

type successor struct {
	parent   uint32
	act      action
	key      [2]uint32 // its encoding: keys[key[0]:key[1]]
	hash     uint64
	id       uint32 // its id when already known, else unknown
	found    [3]uint32
	finished bool
	// a new state's renaming back from its key, and its class's size
	back, size uint8
}

// expandMerge generates the successors of states [from, to) with the
// workers ws, one expansion per chunk of expandChunk states, into outs
// (reused), and hands each chunk's expansion to merge in chunk order as
// soon as it and every chunk before it are done, on the caller's
// goroutine, while the workers expand the chunks after it; the caller's
// goroutine expands chunks too while the next one to merge is not done.
// merge returning false stops it (stopped). Before merge writes to set it
// calls the function it got through setQuiesce: it returns once every
// chunk is expanded, so that no worker reads set any more.
func expandMerge(ws []*model, set *stateSet, backs []uint8, from, to uint32, outs []expansion, setQuiesce func(func()), merge func(o *expansion) bool) (_ []expansion, stopped bool) {
	// Narrow levels are common (a search's depth runs to hundreds), so a
	// chunk is small enough that every worker gets several.
	size := uint32(max(4, min(expandChunk, int(to-from)/(8*len(ws)))))
	n := int((to - from + size - 1) / size)
	for len(outs) < n {
		outs = append(outs, expansion{})
	}
	outs = outs[:n]
	chunk := func(m *model, c int, par, suc *state, acts []action, key []byte) ([]action, []byte) {
		// The chunk is built in a copy of its expansion, written back once:
		// the expansions lie side by side, and every append to one written
		// in place would take the cache line from the worker building the
		// next.
		o := outs[c]
		defer func() { outs[c] = o }()
		o.succs, o.keys, o.finds = o.succs[:0], o.keys[:0], o.finds[:0]
		lo := from + uint32(c)*size
		for id := lo; id < min(lo+size, to); id++ {
			m.realState(set.key(id), backs[id], par)
			acts = m.actions(par, acts[:0])
			for _, a := range acts {
				m.applyTo(suc, par, a, nil)
				sc := successor{parent: id, act: a, id: unknown}
				sc.found[0] = uint32(len(o.finds))
				o.finds = append(o.finds, m.found...)
				sc.found[1] = uint32(len(o.finds))
				var back uint8
				var size int
				key, back, size = m.canonKey(suc, key[:0])
				sc.hash = set.hash(key)
				if known, ok := set.find(key, sc.hash); ok {
					sc.id = known
				} else {
					sc.back, sc.size = back, uint8(size)
					sc.key[0] = uint32(len(o.keys))
					o.keys = append(o.keys, key...)
					sc.key[1] = uint32(len(o.keys))
					o.finds = append(o.finds, m.stateFindings(suc)...)
					sc.finished = m.finished(suc)
				}
				sc.found[2] = uint32(len(o.finds))
				o.succs = append(o.succs, sc)
			}
		}
		return acts, key
	}
	// next hands out chunks; done[c] says chunk c is expanded (its
	// expansion written back), stop that no chunk is to be started.
	var next atomic.Int64
	var stop atomic.Bool
	done := make([]atomic.Bool, n)
	type scratch struct {
		par, suc state
		acts     []action
		key      []byte
	}
	// take expands the next chunk not yet handed out, if there is one.
	take := func(m *model, sc *scratch) bool {
		if stop.Load() {
			return false
		}
		c := int(next.Add(1)) - 1
		if c >= n {
			return false
		}
		sc.acts, sc.key = chunk(m, c, &sc.par, &sc.suc, sc.acts, sc.key)
		done[c].Store(true)
		return true
	}
	var mine scratch
	// await returns once chunk c is expanded, expanding chunks meanwhile.
	await := func(c int) {
		for !done[c].Load() {
			if !take(ws[0], &mine) {
				runtime.Gosched() // a worker has it
			}
		}
	}
	setQuiesce(func() {
		for c := range n {
			await(c)
		}
	})
	together(len(ws), func(i int) {
		if i < len(ws)-1 {
			var sc scratch
			for take(ws[i+1], &sc) {
			}
			return
		}
		for c := range n {
			await(c)
			if !merge(&outs[c]) {
				stopped = true
				stop.Store(true)
				return
			}
		}
	})
	return outs, stopped
}

// pathTo is the steps from the initial state to state id. The search
// keeps only each state's parent, so each step is found again: the first
// step of the parent (in order) whose successor is the child (is in the
// child's class; it is the state the search reached, by the same step).
func (m *model) pathTo(set *stateSet, parents []uint32, backs []uint8, id uint32) []action {
	var ids []uint32
	for x := id; x != 0; x = parents[x] {
		ids = append(ids, x)
	}
	var path []action
	var par, suc state
	var key []byte
	for i := len(ids) - 1; i >= 0; i-- {
		m.realState(set.key(parents[ids[i]]), backs[parents[ids[i]]], &par)
		want := set.key(ids[i])
		found := false
		for _, a := range m.actions(&par, nil) {
			m.applyTo(&suc, &par, a, nil)
			if key, _, _ = m.canonKey(&suc, key[:0]); string(key) == string(want) {
				path, found = append(path, a), true
				break
			}
		}
		if !found {
			panic("explore: a state is not a successor of its parent")
		}
	}
	return path
}

// edgeList is the transitions kept for the liveness check, as each
// state's successors in order of the state's id (the order the search
// expands states in): a count, then each successor as the zig-zag varint
// of its id minus the state's; about 3 bytes a transition instead of 8.
type edgeList struct {
	chunks  [][]byte
	n       int      // transitions
	parents uint32   // states whose lists are written
	cur     []uint32 // the successors of state parents, not yet written
	// marks[k] is where state k*edgeMark's list starts (chunk << 32 |
	// offset), so that the lists can be read in parts, in parallel.
	marks []uint64
}

const edgeMark = 1 << 12

const edgeChunk = 1 << 20

func (e *edgeList) add(from, to uint32) {
	if from != e.parents {
		e.close(from)
	}
	e.cur = append(e.cur, to)
	e.n++
}

// close writes the lists of every state before upTo.
func (e *edgeList) close(upTo uint32) {
	for e.parents < upTo {
		if e.parents%edgeMark == 0 {
			last := len(e.chunks) - 1
			if last < 0 || len(e.chunks[last])+10 > cap(e.chunks[last]) {
				e.chunks = append(e.chunks, make([]byte, 0, edgeChunk))
				last++
			}
			e.marks = append(e.marks, uint64(last)<<32|uint64(len(e.chunks[last])))
		}
		e.write(uint64(len(e.cur)))
		for _, to := range e.cur {
			d := int64(to) - int64(e.parents)
			e.write(uint64(d<<1) ^ uint64(d>>63))
		}
		e.cur = e.cur[:0]
		e.parents++
	}
}

func (e *edgeList) write(x uint64) {
	last := len(e.chunks) - 1
	if last < 0 || len(e.chunks[last])+10 > cap(e.chunks[last]) {
		e.chunks = append(e.chunks, make([]byte, 0, edgeChunk))
		last++
	}
	e.chunks[last] = appendU(e.chunks[last], x)
}

func (e *edgeList) bytes() int64 {
	return int64(len(e.chunks))*edgeChunk + int64(cap(e.cur))*4 + int64(cap(e.marks))*8
}

// each calls f for every transition of states [lo, hi), by state (lo a
// multiple of edgeMark, the lists up to hi closed). Calls for different
// ranges may run in parallel.
func (e *edgeList) each(lo, hi uint32, f func(from, to uint32)) {
	if lo >= hi {
		return
	}
	m := e.marks[lo/edgeMark]
	ci, off := int(m>>32), int(uint32(m))
	next := func() uint64 {
		for off >= len(e.chunks[ci]) {
			ci, off = ci+1, 0
		}
		x, k := uvarint(e.chunks[ci][off:])
		off += k
		return x
	}
	for p := lo; p < hi; p++ {
		for k := next(); k > 0; k-- {
			z := next()
			d := int64(z>>1) ^ -int64(z&1)
			f(p, uint32(int64(p)+d))
		}
	}
}

// eachPart calls f for every transition of the first n states, with the
// given number of goroutines, each reading a run of edgeMark states at a
// time; f must be safe to call from several goroutines.
func (e *edgeList) eachPart(n uint32, workers int, f func(from, to uint32)) {
	e.close(n)
	parts := int((n + edgeMark - 1) / edgeMark)
	if workers <= 1 || parts == 1 {
		e.each(0, n, f)
		return
	}
	var next atomic.Int64
	together(workers, func(int) {
		for k := int(next.Add(1)) - 1; k < parts; k = int(next.Add(1)) - 1 {
			lo := uint32(k) * edgeMark
			e.each(lo, min(lo+edgeMark, n), f)
		}
	})
}

// stuck returns the first state (in breadth-first order, so a shallowest
// one) from which no finished state can be reached, if any, reading the
// transitions with the given number of goroutines. The answer does not
// depend on their number or their schedule: the set of states that can
// reach a finished one does not, and the first state outside it is the
// one with the smallest id.
func stuck(n int, edges *edgeList, finished []uint32, workers int) (uint32, bool) {
	// Reverse adjacency in compressed form: for each state, who leads to
	// it (in whatever order the goroutines put them: only the set counts).
	start := make([]uint32, n+1)
	count := func(_, to uint32) { start[to+1]++ }
	if workers > 1 {
		count = func(_, to uint32) { atomic.AddUint32(&start[to+1], 1) }
	}
	edges.eachPart(uint32(n), workers, count)
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	pos := append([]uint32(nil), start[:n]...)
	from := make([]uint32, edges.n)
	put := func(f, to uint32) {
		from[pos[to]] = f
		pos[to]++
	}
	if workers > 1 {
		put = func(f, to uint32) { from[atomic.AddUint32(&pos[to], 1)-1] = f }
	}
	edges.eachPart(uint32(n), workers, put)
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
func (m *model) replayPath(path []action, f checks.Violation) *Violation {
	v := &Violation{Kind: f.Property, Detail: f.Detail, Bug: f.Class == checks.Bug, Known: f.Class == checks.Known, Mechanism: f.Mech.Label(), Ref: f.Mech.Ref}
	if !v.Bug {
		v.Excuse = f.Mech.Detail
	}
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
		if s.msgs[a.mi].kind == mWait {
			return "time-out " + m.msgRef(s, int(a.mi))
		}
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
	case aInterrupt:
		return "interrupt " + m.threadName(int(a.th))
	case aExpire:
		return "expire-redis"
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
	if s.Symmetry > 1 {
		fmt.Fprintf(&b, "symmetry: states equal up to %d renamings of threads and processes kept as one: %d distinct states stand for %d (×%.2f)\n",
			s.Symmetry, s.Distinct, s.Unreduced, float64(s.Unreduced)/float64(s.Distinct))
	}
	for _, v := range r.ByDesign {
		fmt.Fprintf(&b, "by design: %s after %d steps (%s): %s [%s]\n", v.Kind, len(v.Steps), v.Excuse, v.Detail, v.Mechanism)
	}
	for _, v := range r.Known {
		fmt.Fprintf(&b, "known flaw: %s after %d steps: %s [%s, %s]\n", v.Kind, len(v.Steps), v.Detail, v.Mechanism, v.Ref)
	}
	const checked = "mutual exclusion, errors, hold counts, releases, the store's invariants, the fair queue's order, crashed holders' expiry"
	switch {
	case r.Violation != nil:
		fmt.Fprintf(&b, "bug: %s after %d steps: %s [%s]\n", r.Violation.Kind, len(r.Violation.Steps), r.Violation.Detail, r.Violation.Mechanism)
	case s.Complete && r.Liveness:
		fmt.Fprintf(&b, "no bug: every reachable state checked (%s, and that every thread can still finish)\n", checked)
	case s.Complete:
		fmt.Fprintf(&b, "no bug: every reachable state checked (%s; too many transitions to check liveness)\n", checked)
	default:
		fmt.Fprintf(&b, "no bug within the bound, but the search was cut: %s\n", s.Cut)
	}
	return b.String()
}
