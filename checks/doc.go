// Package checks judges a run from what it recorded: the client-observed
// history (model.History: calls, critical sections, a sample of the
// master's lock after every command, the messages faults acted on) and the
// faults that happened (sim.FaultSpan). It does no I/O and keeps no
// state; All runs every check on one run. It imports only model and sim
// of this project.
//
// # Mechanisms
//
// Every violation carries the Mechanism that caused it, and its class
// follows from it: by design when something the algorithm does not claim
// to survive made it, known when a catalogued flaw did (package verdict
// resolves those), a bug when nothing did. A mechanism is established
// from the event that made the violation, not from whatever happened near
// it:
//
//   - a hold gone while its owner believed it held the lock: deleted by
//     another's forceUnlock (a contract action), deleted by another
//     owner's command (a cause for the catalogue), lost with the master
//     (the failover that lost it), or expired — because its own explicit
//     lease ran out, because the script armed less than the call asked,
//     because the lock object sent a lease it kept, or because no renewal
//     came: then the renewal's messages a fault lost or held up, the
//     holder's process stopped for long enough, or the cause;
//   - a call that failed: the fault that lost or held up its own
//     messages, cut its process off or took the master down during it;
//   - a hold the owner does not count: the call that ran twice, or whose
//     acquire ran although it failed, or the release a failover lost.
//
// A fault therefore explains a violation only when it struck the
// violation's actors or their messages, and was large enough to matter
// (a spike that held a renewal past its deadline, a stop that ate the
// renewals' slack). What the checks cannot explain is returned as a cause
// (MechNone, named) with the processes and window where a flaw's code
// path would have had to act.
//
// # Checks
//
//   - Mutex: critical sections of different owners never overlap.
//   - Fenced: replays the sections' writes against a resource that checks
//     fencing tokens, counting the stale writes it rejects and reporting
//     those it cannot (fencing's own window) and a token that went back
//     or repeated.
//   - Linearizable: porcupine checks the client-observed calls against
//     model.Lock (reentrant or not, FIFO or not, leases entering through the
//     server time each script ran at, lost replies left open); Linearizability
//     writes porcupine's HTML visualization with the faults as annotations.
//     Undecided (porcupine's timeout) is a failure, never a pass. A
//     failover explains a failure only when it lost a write.
//   - Holds: the store's hold count for an owner equals the owner's own count.
//   - Store: after every script, one owner per lock hash, and the fair
//     lock's queue and timeout set holding the same members.
//   - Liveness: with the faults healed, no lock left without a TTL, and no
//     free lock while live callers wait.
//   - FIFO: the fair lock's waiters that kept waiting are served in order;
//     Evicted judges the live waiters that lost their place.
//   - Expiry: a crashed holder's lock goes within its lease; a live,
//     renewing holder keeps it; an explicit lease runs out.
//   - Errors: every exception a call or a renewal ended with.
//   - Orphan: the watchdog renews only a lock its owner holds.
//
// # The step judge
//
// StepState, StepReturned, StepOrphan, StepStore, StepFairGrant and
// StepStuck (step.go) are the same properties at one instant, for a
// driver that holds the whole state and moves it a step at a time: the
// exhaustive search (package explore) and a stepped world following one
// of its paths. The driver keeps each thread's Belief through its
// transitions (Call, Return, Crash, Advance) and shows the judge a
// StepView; the judge keeps nothing. Its causes bear the names the
// history checks give (two-holders, extra-hold, deleted-by-other,
// outlived, orphan-renewal, stalled, overtaken), so the catalogue of
// package verdict resolves a search's counterexample as it resolves a
// run's violation.
//
// # Property tests
//
// rapid_test.go draws whole runs — workload, phases and a fault schedule —
// through *rapid.T, so failures shrink; fail files under testdata/rapid
// replay before anything new is drawn. builder_test.go builds histories
// as a run records them, for the tests of each mechanism.
package checks
