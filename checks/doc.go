// Package checks judges a run from what it recorded: the client-observed
// history (model.History) and the faults that happened (sim.FaultSpan). It
// does no I/O and keeps no state; each check returns the violations it
// found, each with its property, its class (a bug of the algorithm, or by
// design: excused by a fault the algorithm does not claim to survive), its
// virtual time, the owners involved and the faults active.
//
// # Checks
//
//   - Mutex: critical sections of different owners never overlap.
//   - Fenced: replays the sections' writes against a resource that checks
//     fencing tokens, counting the stale writes it rejects and reporting
//     those it cannot (fencing's own window).
//   - Linearizable: porcupine checks the client-observed calls against
//     model.Lock (reentrant or not, FIFO or not, leases entering through the
//     server time each script ran at, lost replies left open); Linearizability
//     writes porcupine's HTML visualization with the faults as annotations.
//     Undecided (porcupine's timeout) is a failure, never a pass.
//   - Holds: the store's hold count for an owner equals the owner's own count.
//   - Store: after every script, one owner per lock hash, and the fair
//     lock's queue and timeout set holding the same members.
//   - Liveness: with the faults healed, no lock left without a TTL, and no
//     free lock while live callers wait.
//   - FIFO: the fair lock's waiters that kept waiting are served in order;
//     Evicted reports, apart, live waiters that lost their place by design.
//   - Expiry: a crashed holder's lock goes within its lease; a live,
//     renewing holder keeps it; an explicit lease runs out.
//
// # Property tests
//
// rapid_test.go draws whole runs — workload, phases and a fault schedule —
// through *rapid.T, so failures shrink; fail files under testdata/rapid
// replay before anything new is drawn.
package checks
