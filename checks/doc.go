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
//   - Holds: the store's hold count for an owner equals the owner's own count.
//   - Store: after every script, one owner per lock hash, and the fair
//     lock's queue and timeout set holding the same members.
//   - Liveness: with the faults healed, no lock left without a TTL, and no
//     free lock while live callers wait.
//
// The other properties of the design (fenced, fifo, expiry, linearizable)
// are not implemented yet.
package checks
