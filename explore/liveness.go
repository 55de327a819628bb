package explore

import (
	"sync/atomic"
)

// The liveness check, once a search is complete: the transitions it kept
// (edgeList), read backwards from the finished states (stuck).

// maxEdges bounds the transitions kept for the liveness check (8 bytes
// each); a bigger search skips that check and says so.
const maxEdges = 400_000_000

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
