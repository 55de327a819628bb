package settings

import (
	"slices"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Counted are the properties a map counts, each in a world that shows any
// violation of it, whatever its class: under the team's own envelope a
// lost lock is the cost the setting must keep away, whether a catalogued
// flaw, a bug or something Redisson does not claim to survive (a pause
// longer than the lease, a lease shorter than the section) caused it.
// The mechanisms are kept beside the counts, so a reader sees which.
var Counted = []string{"mutex", "expiry", "liveness"}

// Sample is what one world of a cell gave.
type Sample struct {
	Seed uint64
	// Violated says which of Counted the world violated; Mechs names the
	// mechanism of each one's first violation ("" when none).
	Violated [3]bool
	Mechs    [3]string
	// Fenced: fencing did not protect the resource: a stale write got past
	// it (ideal tokens, or the fenced lock's own) or the lock's own tokens
	// went back; Stale and Rejected count the stale writes and those
	// fencing turned away.
	Fenced          bool
	Stale, Rejected int
	// Takeover is the time from the crash of a holder to the next grant,
	// -1 when no crash struck, -2 when one struck and nobody got the lock
	// again within the world.
	Takeover sim.Duration
	// Latencies are the durations of the acquisitions that returned the
	// lock; Failed counts acquisitions that threw, Acquires all that
	// returned.
	Latencies        []sim.Duration
	Failed, Acquires int
	// AcquireCmds counts the commands the master ran for acquisitions, and
	// Waiting the time threads spent in acquisition calls: their ratio is
	// the load a waiter puts on Redis.
	AcquireCmds int
	Waiting     sim.Duration
	// Err is what kept the world from running to its end (a run limit).
	Err string
}

// measure runs the world cfg and measures it.
func measure(cfg run.Config) Sample {
	s := Sample{Seed: cfg.Seed, Takeover: -1}
	r, res, err := verdict.Run(cfg)
	if err != nil {
		s.Err = err.Error()
		return s
	}
	defer r.Recycle()
	for _, v := range res.Violations {
		if i := slices.Index(Counted, v.Property); i >= 0 && !s.Violated[i] {
			s.Violated[i], s.Mechs[i] = true, v.Mech.Label()
		}
		if v.Property == "fenced" {
			s.Fenced = true // a stale write fencing let through, or the lock's tokens went back
		}
	}
	s.Stale, s.Rejected = res.Fencing.Stale, res.Fencing.Rejected
	h := r.History
	s.Takeover = takeover(h, r.World.FaultSpans())
	for _, op := range h.Ops {
		if !op.Call.Acquires() || op.End < 0 {
			continue
		}
		s.Acquires++
		s.Waiting += op.End.Sub(op.Start)
		switch op.Outcome {
		case "acquired":
			s.Latencies = append(s.Latencies, op.End.Sub(op.Start))
		case "error":
			s.Failed++
		}
	}
	for i := range h.Store {
		if op := h.CallOf(h.Store[i].Tag); op != nil && op.Call.Acquires() {
			s.AcquireCmds++
		}
	}
	for _, e := range h.Elided {
		// the runs of a retry loop the world fast-forwarded ran on Redis too
		if op := h.CallOf(e.Tag); op != nil && op.Call.Acquires() {
			s.AcquireCmds += e.Runs
		}
	}
	return s
}

// takeover is the time from the crash a world's envelope aims at a holder
// (a crash at the reply that granted its lock) to the next section that
// began after it.
func takeover(h *model.History, spans []sim.FaultSpan) sim.Duration {
	for _, f := range spans {
		if f.Kind != sim.FaultCrash || f.Point == "" {
			continue
		}
		for _, sec := range h.Sections {
			if sec.Start > f.Start {
				return sec.Start.Sub(f.Start)
			}
		}
		return -2
	}
	return -1
}
