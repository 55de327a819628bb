package explore

import (
	"bytes"
	"hash/maphash"
	"runtime"
	"sync"
	"sync/atomic"
)

// stateSet holds every distinct state the search reached, as its exact
// encoding (appendKey), numbered in the order added. The encodings live
// back to back in large chunks, each behind its length; an open-addressing
// table of 8-byte slots finds them. A state costs its encoding plus about
// 20 bytes, against the 150 or so of a Go map from string to id, and the
// search keeps no other copy of it: the frontier is a range of ids whose
// states are decoded from here when they are expanded.
//
// Lookups may run concurrently with each other, never with add. The search
// adds a batch of states in three steps: reserve numbers them in order and
// keeps room for their encodings (a batchTable deduplicates them among
// themselves meanwhile, reading the encodings where the workers left them),
// then fillAll copies the encodings in and placeAll enters them in the
// table, both in parallel.
type stateSet struct {
	seed maphash.Seed
	// slots: 0 empty; else tag << 32 | id+1, where the tag is the hash's
	// high 32 bits, which also give the slot (tag & mask): growing the
	// table moves slots without touching the keys.
	slots  []uint64
	refs   []uint64 // id → chunk << 32 | offset of its length-prefixed encoding
	chunks [][]byte
	n      uint32
}

const setChunk = 1 << 20

func newStateSet() *stateSet {
	return &stateSet{seed: maphash.MakeSeed(), slots: make([]uint64, 1<<12)}
}

// hash is the key's hash; the layout of the table depends on it, the ids
// do not.
func (s *stateSet) hash(key []byte) uint64 { return maphash.Bytes(s.seed, key) }

// key returns the encoding of state id.
func (s *stateSet) key(id uint32) []byte {
	r := s.refs[id]
	c := s.chunks[r>>32][uint32(r):]
	n, k := uvarint(c)
	return c[k : k+int(n)]
}

// find returns the id of the state encoded as key, whose hash is h.
func (s *stateSet) find(key []byte, h uint64) (uint32, bool) {
	mask := uint64(len(s.slots) - 1)
	tag := h >> 32
	for i := tag & mask; ; i = (i + 1) & mask {
		v := s.slots[i]
		if v == 0 {
			return 0, false
		}
		if v>>32 == tag && bytes.Equal(s.key(uint32(v)-1), key) {
			return uint32(v) - 1, true
		}
	}
}

// add returns the id of key, adding it (with the next id) when it is new.
func (s *stateSet) add(key []byte, h uint64) (id uint32, added bool) {
	if id, ok := s.find(key, h); ok {
		return id, false
	}
	if uint64(s.n+1)*10 > uint64(len(s.slots))*7 {
		s.grow(1)
	}
	id = s.store(key)
	s.place(h, id)
	return id, true
}

func (s *stateSet) place(h uint64, id uint32) { s.put(h>>32<<32 | uint64(id+1)) }

// uvarintLen is the length of appendU's encoding of x.
func uvarintLen(x uint64) int {
	n := 1
	for ; x >= 0x80; x >>= 7 {
		n++
	}
	return n
}

func (s *stateSet) put(slot uint64) {
	mask := uint64(len(s.slots) - 1)
	i := slot >> 32 & mask
	for s.slots[i] != 0 {
		i = (i + 1) & mask
	}
	s.slots[i] = slot
}

// store copies key, behind its length, into the last chunk (a new one when
// it does not fit): reserve, then fill.
func (s *stateSet) store(key []byte) uint32 {
	id := s.reserve(len(key))
	s.fill(id, key)
	return id
}

// reserve numbers the next state, whose encoding is n bytes long, and keeps
// room for it, behind its length, at the end of the last chunk (a new one
// when it does not fit). Until fill writes it, key(id) must not be asked.
// Reserving writes nothing in the chunk: the first touch of a chunk's pages
// is the filler's, in parallel.
func (s *stateSet) reserve(n int) uint32 {
	need := uvarintLen(uint64(n)) + n
	last := len(s.chunks) - 1
	if last < 0 || len(s.chunks[last])+need > cap(s.chunks[last]) {
		s.chunks = append(s.chunks, make([]byte, 0, max(setChunk, need)))
		last++
	}
	c := s.chunks[last]
	s.refs = append(s.refs, uint64(last)<<32|uint64(len(c)))
	s.chunks[last] = c[:len(c)+need]
	id := s.n
	s.n++
	return id
}

// fill writes state id's encoding (reserved, len(key) long) in.
func (s *stateSet) fill(id uint32, key []byte) {
	r := s.refs[id]
	c := s.chunks[r>>32][uint32(r):]
	k := len(appendU(c[:0], uint64(len(key))))
	copy(c[k:k+len(key)], key)
}

// grow doubles the table, moving the slots with the given number of
// goroutines.
func (s *stateSet) grow(workers int) {
	old := s.slots
	if len(old) >= 1<<32 {
		panic("explore: more states than the set can index")
	}
	s.slots = make([]uint64, 2*len(old))
	each(len(old), workers, func(i int) {
		if v := old[i]; v != 0 {
			s.putShared(v, workers)
		}
	})
}

// putShared puts slot v in the table, safely beside other goroutines
// doing the same when there are any. Where each slot lands depends on the
// order they are put in; which one a lookup finds does not.
func (s *stateSet) putShared(v uint64, workers int) {
	if workers == 1 {
		s.put(v)
		return
	}
	mask := uint64(len(s.slots) - 1)
	for i := v >> 32 & mask; !atomic.CompareAndSwapUint64(&s.slots[i], 0, v); i = (i + 1) & mask {
	}
}

// len is the number of states.
func (s *stateSet) len() int { return int(s.n) }

// bytes is the memory the set holds (its chunks counted in full).
func (s *stateSet) bytes() int64 {
	return int64(len(s.chunks))*setChunk + int64(cap(s.refs))*8 + int64(len(s.slots))*8
}

// uvarint decodes appendU's encoding at the start of b: the value and its
// length in bytes.
func uvarint(b []byte) (uint64, int) {
	var x uint64
	for i, c := range b {
		x |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return x, i + 1
		}
	}
	panic("explore: truncated state encoding")
}

// fillAll writes the encodings of states first, first+1, … (reserved)
// in: keys[i] is state first+i's, with the given number of goroutines.
func (s *stateSet) fillAll(first uint32, keys [][]byte, workers int) {
	each(len(keys), workers, func(i int) { s.fill(first+uint32(i), keys[i]) })
}

// placeAll enters states first, first+1, … (whose hashes are hashes) in
// the table, with the given number of goroutines.
func (s *stateSet) placeAll(first uint32, hashes []uint64, workers int) {
	for uint64(s.n)*10 > uint64(len(s.slots))*7 {
		s.grow(workers)
	}
	each(len(hashes), workers, func(i int) {
		s.putShared(hashes[i]>>32<<32|uint64(first+uint32(i)+1), workers)
	})
}

// each calls f(0), …, f(n-1), with the given number of goroutines each
// taking a contiguous part (one goroutine, in order, when n is small).
func each(n, workers int, f func(i int)) {
	if workers <= 1 || n < 4096 {
		for i := range n {
			f(i)
		}
		return
	}
	per := (n + workers - 1) / workers
	together((n+per-1)/per, func(k int) {
		for i := k * per; i < min((k+1)*per, n); i++ {
			f(i)
		}
	})
}

// together runs f(0), …, f(n-1) at once, f(n-1) on the caller's goroutine
// and the others on the crew's helpers, and returns when all have: the
// search's one way of using every core.
func together(n int, f func(i int)) {
	if n <= 1 {
		if n == 1 {
			f(0)
		}
		return
	}
	if !crew.mu.TryLock() {
		apart(n, f) // another search holds the crew
		return
	}
	defer crew.mu.Unlock()
	for len(crew.helpers) < n-1 {
		h := &helper{wake: make(chan struct{}, 1)}
		crew.helpers = append(crew.helpers, h)
		go h.serve()
	}
	var pending atomic.Int32
	pending.Store(int32(n - 1))
	for i, h := range crew.helpers[:n-1] {
		h.task.Store(&task{f: f, i: i, pending: &pending})
		select {
		case h.wake <- struct{}{}:
		default:
		}
	}
	f(n - 1)
	for pending.Load() != 0 {
		runtime.Gosched()
	}
}

// apart is together on goroutines of its own.
func apart(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := range n - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	f(n - 1)
	wg.Wait()
}

// crew is the helpers together hands its parts to. A search wakes them
// for every level (hundreds of levels of a few hundred states each), and
// waking a parked goroutine costs about as much as expanding a few dozen
// states: a helper waits for its next part spinning a while before it
// parks.
var crew struct {
	mu      sync.Mutex // held by one together at a time
	helpers []*helper
}

type helper struct {
	task atomic.Pointer[task]
	wake chan struct{} // a token: look at task again
}

type task struct {
	f       func(int)
	i       int
	pending *atomic.Int32
}

// helperSpins is how many times a helper yields looking for its next part
// before it parks (about a tenth of a millisecond).
const helperSpins = 2000

func (h *helper) serve() {
	for {
		t := h.next()
		t.f(t.i)
		t.pending.Add(-1)
	}
}

func (h *helper) next() *task {
	for spins := 0; ; spins++ {
		if t := h.task.Swap(nil); t != nil {
			return t
		}
		if spins < helperSpins {
			runtime.Gosched()
			continue
		}
		<-h.wake
		spins = 0
	}
}

// batchTable finds, among the states a batch added, the one with a key:
// a small table, cleared for every batch, so that deduplicating a batch
// does not touch the big one.
type batchTable struct{ slots []uint64 }

// reset empties the table for up to n states.
func (b *batchTable) reset(n int) {
	size := 64
	for size < 2*n {
		size *= 2
	}
	if cap(b.slots) < size {
		b.slots = make([]uint64, size)
	}
	b.slots = b.slots[:size]
	clear(b.slots)
}

// findOrAdd returns the id of key among the batch's new states so far
// (keys, with their hashes, the first of which is state first), or
// numbers it the next one. The caller adds it to keys and hashes; set
// reserves its room later (stateSet.reserve, in the same order).
func (b *batchTable) findOrAdd(first uint32, keys [][]byte, hashes []uint64, key []byte, h uint64) (uint32, bool) {
	if 2*(len(keys)+1) > len(b.slots) {
		b.grow(first, hashes)
	}
	mask := uint64(len(b.slots) - 1)
	tag := h >> 32
	i := tag & mask
	for ; b.slots[i] != 0; i = (i + 1) & mask {
		if v := b.slots[i]; v>>32 == tag && bytes.Equal(keys[uint32(v)-1-first], key) {
			return uint32(v) - 1, false
		}
	}
	id := first + uint32(len(keys))
	b.slots[i] = tag<<32 | uint64(id+1)
	return id, true
}

// grow doubles the table and enters the batch's states again (state
// first+i's hash is hashes[i]).
func (b *batchTable) grow(first uint32, hashes []uint64) {
	b.slots = make([]uint64, 2*len(b.slots))
	mask := uint64(len(b.slots) - 1)
	for k, h := range hashes {
		i := h >> 32 & mask
		for b.slots[i] != 0 {
			i = (i + 1) & mask
		}
		b.slots[i] = h>>32<<32 | uint64(first+uint32(k)+1)
	}
}
