package conformance

import (
	"fmt"
	"sync"

	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/sim/jsonl"
)

var (
	embeddedMu sync.Mutex
	embedded   Resolver
)

// Embedded resolves the embedded scripts as NewResolver("") does, each
// compiled once, and is safe for concurrent use: the resolver of the
// tests and tools that take no script directory.
func Embedded(id string) (*sim.Script, error) {
	embeddedMu.Lock()
	defer embeddedMu.Unlock()
	if embedded == nil {
		r, err := NewResolver("")
		if err != nil {
			return nil, err
		}
		embedded = r
	}
	return embedded(id)
}

// NewResolver compiles scripts by ID, once each: from the user's directory
// dir ("": none) for the IDs it holds (any subset, as run --scripts takes
// it), from the embedded registry for the others. An unknown ID is an
// error, and a script that does not compile is named by file and ID.
func NewResolver(dir string) (Resolver, error) {
	var own map[string]*scripts.Script
	if dir != "" {
		var err error
		own, err = scripts.LoadDir(dir)
		if err != nil {
			return nil, err
		}
	}
	cache := map[string]*sim.Script{}
	return func(id string) (*sim.Script, error) {
		if c := cache[id]; c != nil {
			return c, nil
		}
		src, err := scripts.Pick(own, id)
		if err != nil {
			return nil, err
		}
		c, err := sim.CompileScript(id, src.Source)
		if err != nil {
			if src.File != "" {
				return nil, fmt.Errorf("%s: script %s: %v", src.File, id, err)
			}
			return nil, fmt.Errorf("script %s: %v", id, err)
		}
		cache[id] = c
		return c, nil
	}, nil
}

// ReadFile reads a conformance file; one without a single step would check
// nothing and is an error. It is opened as jsonl.ReadFile opens a file: a
// named pipe nobody writes is an error at once, not a wait for a writer.
func ReadFile(name string) ([]Step, error) {
	var steps []Step
	if err := jsonl.ReadFile(name, Limits, stepReader(name, &steps)); err != nil {
		return nil, err
	}
	for _, st := range steps {
		if !st.IsCase() {
			return steps, nil
		}
	}
	return nil, fmt.Errorf("%s: no step to check (want {\"case\": NAME} lines, each followed by steps)", name)
}

// Replies runs the steps of file name on the simulated store, each case on
// a fresh store, and returns the store's replies, one per step that is not
// a case line. The error names the file and line.
func Replies(name string, steps []Step, resolve Resolver) ([]sim.Reply, error) {
	eng := sim.NewEngine()
	var store *sim.Store
	var replies []sim.Reply
	for i := range steps {
		st := &steps[i]
		if st.IsCase() {
			store = sim.NewStore()
			store.SetEngine(eng)
			continue
		}
		if store == nil {
			return nil, fmt.Errorf("%s:%d: a step before the first {\"case\": NAME} line", name, st.Line)
		}
		r, err := RunStep(store, resolve, st)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, st.Line, err)
		}
		replies = append(replies, r)
	}
	return replies, nil
}
