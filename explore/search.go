package explore

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
)

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
	m, err := newMachine(cfg)
	if err != nil {
		return nil, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := []*machine{m}
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
	steps := map[uint32]stepMemo{} // the step into each state a path was found through
	walkTo := func(id uint32, last *action) walk {
		if len(steps) > maxStepMemo {
			clear(steps)
		}
		return m.walkTo(set, parents, backs, id, last, steps)
	}
	seenKind := map[string]bool{}
	seenKnown := map[string]bool{} // the catalogued flaws met, by property and name
	// fill writes the encodings of the batch's new states into the set
	// (set per batch below): a path is found again from them.
	fill := func() {}
	// report keeps f, reached by path; it reports whether the search stops
	// (a bug).
	report := func(f checks.Violation, path func() walk) bool {
		if f.Property == kindScriptLimit {
			res.err = errors.New(f.Detail)
			return true
		}
		if f.Class == checks.Bug {
			fill()
			w := path()
			f = m.explain(f, w)
			if f.Class == checks.Bug {
				res.Violation = m.replayPath(w.path(), f)
				return true
			}
			if k := f.Property + " " + f.Mech.Name; !seenKnown[k] {
				seenKnown[k] = true
				res.Known = append(res.Known, m.replayPath(w.path(), f))
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
		v := m.replayPath(path().path(), f)
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
						if report(f, func() walk { return walkTo(sc.parent, &sc.act) }) {
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
								if report(f, func() walk { return walkTo(id, nil) }) {
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
		report(checks.StepStuck(m.view(&s)), func() walk { return walkTo(id, nil) })
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
func expandMerge(ws []*machine, set *stateSet, backs []uint8, from, to uint32, outs []expansion, setQuiesce func(func()), merge func(o *expansion) bool) (_ []expansion, stopped bool) {
	// Narrow levels are common (a search's depth runs to hundreds), so a
	// chunk is small enough that every worker gets several.
	size := uint32(max(4, min(expandChunk, int(to-from)/(8*len(ws)))))
	n := int((to - from + size - 1) / size)
	for len(outs) < n {
		outs = append(outs, expansion{})
	}
	outs = outs[:n]
	chunk := func(m *machine, c int, par, suc *state, acts []action, key []byte) ([]action, []byte) {
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
	take := func(m *machine, sc *scratch) bool {
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

// maxStepMemo bounds the steps walkTo remembers (some tens of bytes
// each): a search that reports millions of violations starts again.
const maxStepMemo = 1 << 21

// walk is a path from the initial state: the flaw paths its clients took
// on the way, the time it runs to (ms), the state it reaches, and its
// steps, found when asked for.
type walk struct {
	flaws []model.FlawAt
	at    int64
	end   state
	path  func() []action
}

// stepMemo is the step into a state, found by walkTo, with the path's
// time after it and the flaw paths taken on the path to it: of each path
// taken by one thread, the last time, in the order of those times. The
// catalogue (verdict.Resolve) asks of a search's violation the last note
// of a path by one of some threads from the path's start, so the earlier
// ones of a path a renewal loop takes every round would only lengthen
// every walk.
type stepMemo struct {
	act   action
	at    int64
	flaws []model.FlawAt // shared with the parent's memo unless the step noted one
}

// lastNotes is flaws with the notes of a step, added: each replaces the
// earlier note of its path by its thread. flaws is not changed.
func lastNotes(flaws, step []model.FlawAt) []model.FlawAt {
	if len(step) == 0 {
		return flaws
	}
	out := slices.Clone(flaws)
	for _, f := range step {
		out = slices.DeleteFunc(out, func(g model.FlawAt) bool { return g.Flaw == f.Flaw && g.Owner == f.Owner && g.Proc == f.Proc })
		out = append(out, f)
	}
	return out
}

// walkTo is the walk from the initial state to state id, then by last
// when it is given. The search keeps only each state's parent, so each
// step is found again: the first step of the parent (in order) whose
// successor is the child (is in the child's class; it is the state the
// search reached, by the same step). steps remembers, for each state
// found so, the step into it and what the path to it noted: the walks to
// the many violations of a search that goes past its known flaws share
// most of their steps, and each is found once.
func (m *machine) walkTo(set *stateSet, parents []uint32, backs []uint8, id uint32, last *action, steps map[uint32]stepMemo) walk {
	var ids []uint32
	x := id
	for ; x != 0; x = parents[x] {
		if _, ok := steps[x]; ok {
			break
		}
		ids = append(ids, x)
	}
	base := steps[x] // the zero memo for the initial state
	var par, suc state
	var key []byte
	n := &flawNotes{m: m}
	m.logNote = n.note
	defer func() { m.logNote = nil }()
	for i := len(ids) - 1; i >= 0; i-- {
		m.realState(set.key(parents[ids[i]]), backs[parents[ids[i]]], &par)
		want := set.key(ids[i])
		found := false
		for _, a := range m.actions(&par, nil) {
			n.flaws, n.at = n.flaws[:0], base.at+a.advance()
			m.applyTo(&suc, &par, a, nil)
			if key, _, _ = m.canonKey(&suc, key[:0]); string(key) == string(want) {
				base = stepMemo{act: a, at: n.at, flaws: lastNotes(base.flaws, n.flaws)}
				steps[ids[i]], found = base, true
				break
			}
		}
		if !found {
			panic("explore: a state is not a successor of its parent")
		}
	}
	w := walk{at: base.at, flaws: base.flaws}
	m.realState(set.key(id), backs[id], &w.end)
	if last != nil {
		n.flaws, n.at = n.flaws[:0], w.at+last.advance()
		w.end = m.apply(&w.end, *last, nil)
		w.flaws, w.at = lastNotes(w.flaws, n.flaws), n.at
	}
	w.path = func() []action {
		// every state on the path to id is in steps (walkTo keeps them
		// until its next call)
		var path []action
		for x := id; x != 0; x = parents[x] {
			path = append(path, steps[x].act)
		}
		slices.Reverse(path)
		if last != nil {
			path = append(path, *last)
		}
		return path
	}
	return w
}
