package explore

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestStateSet: ids in the order added, each key found again after the
// table grew, keys that are prefixes of one another kept apart.
func TestStateSet(t *testing.T) {
	s := newStateSet()
	rng := rand.New(rand.NewPCG(1, 2))
	var keys [][]byte
	index := map[string]int{}
	for i := 0; i < 50000; i++ {
		k := make([]byte, rng.IntN(40))
		for j := range k {
			k[j] = byte(rng.IntN(3)) // few symbols: many shared prefixes
		}
		id, added := s.add(k, s.hash(k))
		if old, ok := index[string(k)]; ok {
			if added || id != uint32(old) {
				t.Fatalf("key %v: added=%v id=%d, want the id %d it had", k, added, id, old)
			}
			continue
		}
		if !added || id != uint32(len(keys)) {
			t.Fatalf("new key %v: added=%v id=%d, want id %d", k, added, id, len(keys))
		}
		index[string(k)] = len(keys)
		keys = append(keys, k)
	}
	for id, k := range keys {
		if got, ok := s.find(k, s.hash(k)); !ok || got != uint32(id) {
			t.Fatalf("find(%v) = %d, %v; want %d", k, got, ok, id)
		}
		if !bytes.Equal(s.key(uint32(id)), k) {
			t.Fatalf("key(%d) = %v, want %v", id, s.key(uint32(id)), k)
		}
	}
	if s.len() != len(keys) {
		t.Fatalf("len %d, want %d", s.len(), len(keys))
	}
}

// TestStateSetBatches: states added the search's way, a batch at a time
// (reserved in order, their encodings filled in and the table entries
// placed by several goroutines, the table growing under them), are the
// same states with the same ids as when added one by one.
func TestStateSetBatches(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		one, batched := newStateSet(), newStateSet()
		rng := rand.New(rand.NewPCG(5, 6))
		var keys [][]byte
		for batch := 0; batch < 12; batch++ {
			first := uint32(batched.len())
			var fresh [][]byte
			var hashes []uint64
			for i := rng.IntN(20000); i >= 0; i-- {
				k := make([]byte, rng.IntN(300)) // some past one byte of length
				for j := range k {
					k[j] = byte(rng.IntN(4))
				}
				if _, added := one.add(k, one.hash(k)); !added {
					continue
				}
				if id := batched.reserve(len(k)); id != first+uint32(len(fresh)) {
					t.Fatalf("reserve numbered %d, want %d", id, first+uint32(len(fresh)))
				}
				fresh, hashes = append(fresh, k), append(hashes, batched.hash(k))
			}
			batched.fillAll(first, fresh, workers)
			batched.placeAll(first, hashes, workers)
			keys = append(keys, fresh...)
		}
		if batched.len() != len(keys) || one.len() != len(keys) {
			t.Fatalf("%d workers: %d and %d states, want %d", workers, batched.len(), one.len(), len(keys))
		}
		for id, k := range keys {
			if got, ok := batched.find(k, batched.hash(k)); !ok || got != uint32(id) {
				t.Fatalf("%d workers: find(state %d) = %d, %v", workers, id, got, ok)
			}
			if !bytes.Equal(batched.key(uint32(id)), k) {
				t.Fatalf("%d workers: key(%d) = %v, want %v", workers, id, batched.key(uint32(id)), k)
			}
		}
	}
}

// TestStateEncodingRoundTrips: every state of random walks (with faults,
// so crashed clients, paused processes, delayed messages) decodes from its
// encoding to itself.
func TestStateEncodingRoundTrips(t *testing.T) {
	for _, cfg := range []Config{
		{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 2, Faults: mustFaults(t, "crash:1,pause:1,drop:1,delay:1")},
		{Algo: "rlock-3.16.8", Threads: 4, PerProc: 2, Ops: []string{"lock", "trylock-wait-lease", "reentrant"}, Faults: mustFaults(t, "delay:2,restart:1")},
		{Algo: "set-uuid-getdel", Threads: 2, Acquires: 2, Faults: mustFaults(t, "pause:1,delay:1")},
	} {
		m, err := newMachine(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		var back state
		for walk := 0; walk < 30; walk++ {
			s := m.initial()
			for step := 0; step < 200; step++ {
				key := m.appendKey(&s, nil)
				m.decodeKey(key, &back)
				if !bytes.Equal(m.appendKey(&back, nil), key) || !sameState(s, back) {
					t.Fatalf("%s: state %+v decodes to %+v", cfg.Header(), s, back)
				}
				acts := m.actions(&s, nil)
				if len(acts) == 0 {
					break
				}
				s = m.apply(&s, acts[rng.IntN(len(acts))], nil)
			}
		}
	}
}

func sameState(a, b state) bool {
	if len(a.msgs) == 0 && len(b.msgs) == 0 {
		a.msgs, b.msgs = nil, nil
	}
	return reflect.DeepEqual(a, b)
}

func TestBytes(t *testing.T) {
	for in, want := range map[string]int64{"1": 1, "4G": 4 << 30, "512m": 512 << 20, "3K": 3 << 10, "1T": 1 << 40} {
		got, err := ParseBytes(in)
		if err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
		if back, _ := ParseBytes(FormatBytes(got)); back != got {
			t.Errorf("FormatBytes(%d) = %q does not read back", got, FormatBytes(got))
		}
	}
	for _, in := range []string{"", "0", "-1", "G", "1.5G", "9999999999T", "12X"} {
		if _, err := ParseBytes(in); err == nil {
			t.Errorf("ParseBytes(%q) accepted", in)
		}
	}
}

// TestMaxMemoryCuts: a search over the memory bound stops, at the same
// place whatever the number of workers.
func TestMaxMemoryCuts(t *testing.T) {
	var first Stats
	for _, w := range []int{1, 2} {
		r := mustExplore(t, Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1, MaxMemory: 4 << 20, Workers: w})
		if r.Stats.Complete || r.Stats.Cut == "" || r.Violation != nil {
			t.Fatalf("not cut by --max-memory: %s", r.Summary())
		}
		if w == 1 {
			first = r.Stats
		} else if r.Stats != first {
			t.Fatalf("cut at %+v with 2 workers, %+v with one", r.Stats, first)
		}
	}
}

// Item 11 of issue 34: a memory bound nobody chose (simrun's default,
// a share of the machine's) cuts the search the same way, with the
// counts so far, and the cut says where the bound came from rather than
// name a flag.
func TestDefaultMaxMemoryCut(t *testing.T) {
	r := mustExplore(t, Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1, MaxMemory: 4 << 20, MaxMemoryOrigin: "by default a third of X"})
	want := fmt.Sprintf("the memory bound of 4M reached (%d states; by default a third of X)", r.Stats.Distinct)
	if r.Stats.Complete || r.Stats.Cut != want || r.Violation != nil || !strings.Contains(r.Summary(), "no bug within the bound, but the search was cut: "+want) {
		t.Fatalf("cut %q, want %q:\n%s", r.Stats.Cut, want, r.Summary())
	}
}

// TestTogether checks that together runs each part once and returns only
// when all have run, also when two searches call it at once (the second
// gets goroutines of its own) and after its helpers have parked.
func TestTogether(t *testing.T) {
	call := func(n int) {
		done := make([]atomic.Int32, n)
		together(n, func(i int) { done[i].Add(1) })
		for i := range done {
			if got := done[i].Load(); got != 1 {
				t.Errorf("together(%d): part %d ran %d times", n, i, got)
			}
		}
	}
	for round := 0; round < 200; round++ {
		call(1 + round%4)
	}
	time.Sleep(20 * time.Millisecond) // the helpers park
	call(3)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 1; n <= 4; n++ {
				call(n)
			}
		}()
	}
	wg.Wait()
}
