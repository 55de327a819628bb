package explore

import (
	"slices"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// A violation the step judge leaves unexplained (checks.MechNone) is a
// catalogued flaw's when the catalogue says so for the random runs
// (verdict.Resolve): the algorithm has the flaw, the flaw breaks the
// property and makes the cause the judge named, and a client on the path
// took the flaw's code path — the Java line its port notes
// (clients.NoteFlaw) — on one of the violation's processes, before the
// violation (a flaw with no code path, such as the stale renewal's race,
// by the cause alone). A flaw of seed 003's simple locks, their design,
// stays a bug here: the search exists to show it. The search calls the
// others known, not a bug; with
// Config.PastKnown it keeps searching past it, so that a changed script
// is searched for mechanisms the real one does not have.

// flawNotes collects the flaw paths the clients take while a path is
// stepped, at the path's time (ms since its start).
type flawNotes struct {
	m     *machine
	at    int64
	flaws []model.FlawAt
}

func (n *flawNotes) note(p int, e clients.Effect) {
	if e.Note != clients.NoteFlaw {
		return
	}
	th := n.m.threadOf(p, e.Thread)
	n.flaws = append(n.flaws, model.FlawAt{At: sim.Time(n.at) * sim.Time(sim.Millisecond), Proc: procName(p), Owner: n.m.threadName(th), Flaw: e.Text})
}

// explain resolves f, met at the end of walk w, by the flaw paths w's
// clients took (resolve). A state from which no continuation finishes
// (liveness) is explained by what every continuation does, which the
// path to it has not done yet (a waiter's untimed wait comes after the
// head's crash): the path is then continued by up to maxContinuation of
// the system's own steps (no call, no fault), a delivery or a timer
// before time passes unless it would come back to a state the
// continuation was in, and what they take counts too. An orphan is a
// claim about what follows too (the hold is renewed for as long as the
// process lives): the interrupted acquire whose script took the hold
// notes its path when its reply comes, after the first renewal that shows
// the orphan, so its path is continued the same way.
//
// The continuation stops once a step's notes explain f: more steps only
// add notes, and a violation a flaw explains stays explained, so only one
// still unexplained needs the whole continuation.
func (m *machine) explain(f checks.Violation, w walk) checks.Violation {
	r := m.resolve(f, w.flaws, w.at)
	if r.Class != checks.Bug || f.Property != "liveness" && f.Property != "orphan" {
		return r
	}
	n := &flawNotes{m: m, at: w.at, flaws: slices.Clone(w.flaws)} // the continuation's notes come after the walk's (which a memo shares)
	m.logNote = n.note
	defer func() { m.logNote = nil }()
	s := w.end
	seen := map[string]bool{}
	for i := 0; i < maxContinuation; i++ {
		seen[string(m.appendKey(&s, nil))] = true
		var step, advance *action
		acts := m.actions(&s, nil)
		for k := range acts {
			switch b := &acts[k]; {
			case step == nil && (b.kind == aDeliver || b.kind == aFire):
				step = b
			case advance == nil && b.kind == aAdvance:
				advance = b
			}
		}
		if step != nil && advance != nil {
			// a loop that comes back to a state it was in (a waiter asking
			// again at the same millisecond) lets time pass instead
			if next := m.apply(&s, *step, nil); seen[string(m.appendKey(&next, nil))] {
				step = nil
			}
		}
		if step == nil {
			step = advance // only the system's own steps: no call, no fault
		}
		if step == nil {
			break
		}
		if step.kind == aAdvance {
			n.at += step.delta
		}
		noted := len(n.flaws)
		s = m.apply(&s, *step, nil)
		if len(n.flaws) > noted {
			if r = m.resolve(f, n.flaws, n.at); r.Class != checks.Bug {
				break
			}
		}
	}
	return r
}

// maxContinuation bounds the steps a stuck state's path is continued by.
const maxContinuation = 300

// resolve is f, met at time at (ms) of a path whose clients took flaws,
// explained by a catalogued flaw where one explains it (f unchanged
// otherwise).
func (m *machine) resolve(f checks.Violation, flaws []model.FlawAt, at int64) checks.Violation {
	if f.Class != checks.Bug {
		return f
	}
	// where the flaw's path must have been taken: on a process of one of
	// the violation's threads (any, when it names none), by its time
	v := f
	v.Mech.From, v.Mech.To = 0, sim.Time(at)*sim.Time(sim.Millisecond)
	v.Mech.Procs = nil
	for _, a := range f.Actors {
		if p := a[:1]; !slices.Contains(v.Mech.Procs, p) {
			v.Mech.Procs = append(v.Mech.Procs, p)
		}
	}
	algo := m.cfg.Algo
	judge := verdict.Default
	if m.cfg.Job != nil {
		judge = verdict.Judge{Job: m.cfg.Job}
	}
	mech := judge.Resolve(algo, v, &model.History{Flaws: model.FlawLogOf(flaws...)})
	_, _, redisson := clients.RedissonAlgo(algo)
	if fl := judge.Job.Named(mech.Name); mech.Kind == checks.MechNone || fl == nil || len(fl.Paths) == 0 && !redisson {
		// A flaw of seed 003's simple locks is their design: the search
		// shows it as the bug it is.
		return f
	}
	f.Mech, f.Class = mech, mech.Class()
	return f
}
