package explore

import (
	"sync"
	"sync/atomic"
)

// The tables the search's workers share: everything interned (stores,
// replies, clients) and the memos of script runs and client steps. Reads
// of an interned value by its id take no lock (chunks of a fixed directory,
// published atomically); an index or a memo takes a lock per shard, and
// each worker keeps its own unlocked copy of the memo entries it has used,
// so most lookups touch nothing shared.

const (
	chunkBits = 10
	chunkSize = 1 << chunkBits
)

// arr is an append-only array whose elements can be read without a lock
// by anyone who got an id from add: an element is written before its id
// is handed out, and a chunk before the directory that lists it is
// published.
type arr[T any] struct {
	dir atomic.Pointer[[]*[chunkSize]T]
	n   uint32
}

// get returns element id.
func (a *arr[T]) get(id uint32) T { return (*a.dir.Load())[id>>chunkBits][id&(chunkSize-1)] }

// add appends v and returns its id; the caller holds the table's lock.
func (a *arr[T]) add(v T) uint32 {
	id := a.n
	var dir []*[chunkSize]T
	if d := a.dir.Load(); d != nil {
		dir = *d
	}
	if int(id>>chunkBits) == len(dir) {
		grown := append(dir[:len(dir):len(dir)], new([chunkSize]T))
		dir = grown
		a.dir.Store(&grown)
	}
	dir[id>>chunkBits][id&(chunkSize-1)] = v
	a.n++
	return id
}

// interned is one interning table: values by id, ids by encoding.
type interned[T any] struct {
	mu    sync.Mutex
	index map[string]uint32
	vals  *arr[T]
}

func newInterned[T any]() *interned[T] {
	return &interned[T]{index: map[string]uint32{}, vals: new(arr[T])}
}

// lookup returns the id of the value encoded as key, if interned.
func (t *interned[T]) lookup(key []byte) (uint32, bool) {
	t.mu.Lock()
	id, ok := t.index[string(key)]
	t.mu.Unlock()
	return id, ok
}

// add interns v under key unless a value with that key is there already
// (another worker got there first), and returns the id; made runs, under
// the lock, only for a new value.
func (t *interned[T]) add(key []byte, v T, made func(id uint32)) uint32 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if id, ok := t.index[string(key)]; ok {
		return id
	}
	id := t.vals.add(v)
	t.index[string(key)] = id
	if made != nil {
		made(id)
	}
	return id
}

const memoShards = 64

// memo is a sharded map shared by the workers.
type memo[K comparable, V any] struct {
	shards [memoShards]struct {
		mu sync.Mutex
		m  map[K]V
	}
	hash func(K) uint32
}

func newMemo[K comparable, V any](hash func(K) uint32) *memo[K, V] {
	m := &memo[K, V]{hash: hash}
	for i := range m.shards {
		m.shards[i].m = map[K]V{}
	}
	return m
}

func (m *memo[K, V]) get(k K) (V, bool) {
	s := &m.shards[m.hash(k)%memoShards]
	s.mu.Lock()
	v, ok := s.m[k]
	s.mu.Unlock()
	return v, ok
}

// put stores v unless k has a value already, and returns the value k has.
func (m *memo[K, V]) put(k K, v V) V {
	s := &m.shards[m.hash(k)%memoShards]
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.m[k]; ok {
		return old
	}
	s.m[k] = v
	return v
}

func mix(h uint32, v uint64) uint32 {
	x := uint64(h) ^ v
	x *= 0x9e3779b97f4a7c15
	return uint32(x>>32) ^ uint32(x)
}
