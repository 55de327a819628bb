package difftest

import (
	"fmt"
	"strconv"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// Backend runs conformance steps against one store: the simulated store, a
// real Redis, or miniredis.
type Backend interface {
	// Name names the backend in failure messages ("sim", "redis", "miniredis").
	Name() string
	// Reset empties the keyspace and the script cache (FLUSHALL, SCRIPT FLUSH).
	Reset() error
	// Do sets the backend's clock to st.T and runs the step. A Redis error
	// is a reply (KindError); err reports a failure of the harness itself
	// (a broken connection, an unknown script ID).
	Do(st *conformance.Step) (sim.Reply, error)
}

// Resolve returns the embedded Redisson script with the given registry ID,
// compiled once for the simulated store: conformance.Embedded, the one
// resolver of every tool without a script directory.
func Resolve(id string) (*sim.Script, error) { return conformance.Embedded(id) }

// scriptSource returns the exact Lua text of a registry script.
func scriptSource(id string) (string, error) {
	sc, err := Resolve(id)
	if err != nil {
		return "", err
	}
	return sc.Source, nil
}

// SimBackend runs steps on the simulated store.
type SimBackend struct {
	Store *sim.Store
}

// NewSimBackend returns a backend over a new, empty simulated store. The
// stores of all SimBackends made with the same engine share it (use them
// from one goroutine).
func NewSimBackend(eng *sim.Engine) *SimBackend {
	s := sim.NewStore()
	if eng != nil {
		s.SetEngine(eng)
	}
	return &SimBackend{Store: s}
}

// Name implements Backend.
func (b *SimBackend) Name() string { return "sim" }

// Reset implements Backend.
func (b *SimBackend) Reset() error { b.Store.FlushAll(); b.Store.ResetScripts(); return nil }

// Do implements Backend.
func (b *SimBackend) Do(st *conformance.Step) (sim.Reply, error) {
	return conformance.Run(b.Store, Resolve, st)
}

// RESPBackend runs steps on a Redis-protocol server over a raw RESP2
// connection: a real redis-server or miniredis. Scripts run with EVAL of
// their exact source, so error texts carry the same SHA1 as EVALSHA's.
type RESPBackend struct {
	BackendName string
	Conn        *RESPConn
	// SetTime sets the server's clock (Unix ms) before each step.
	SetTime func(ms int64)
	argsBuf []string
}

// Name implements Backend.
func (b *RESPBackend) Name() string { return b.BackendName }

// Reset implements Backend.
func (b *RESPBackend) Reset() error {
	for _, cmd := range [][]string{{"FLUSHALL"}, {"SCRIPT", "FLUSH"}} {
		r, err := b.Conn.Do(cmd...)
		if err != nil {
			return fmt.Errorf("%s: %v", b.BackendName, err)
		}
		if r.Kind != sim.KindStatus {
			return fmt.Errorf("%s: %v answered %s", b.BackendName, cmd, r)
		}
	}
	return nil
}

// Do implements Backend.
func (b *RESPBackend) Do(st *conformance.Step) (sim.Reply, error) {
	b.SetTime(st.T)
	var args []string
	switch {
	case st.Cmd != nil:
		args = st.Cmd
	default:
		src := st.Eval
		if st.Script != "" {
			var err error
			if src, err = scriptSource(st.Script); err != nil {
				return sim.Reply{}, err
			}
		}
		args = append(b.argsBuf[:0], "EVAL", src, strconv.Itoa(len(st.Keys)))
		args = append(args, st.Keys...)
		args = append(args, st.Argv...)
		b.argsBuf = args
	}
	r, err := b.Conn.Do(args...)
	if err != nil {
		return sim.Reply{}, fmt.Errorf("%s: %v", b.BackendName, err)
	}
	return r, nil
}
