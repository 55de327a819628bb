// Package model holds the vocabulary of lock histories — the calls
// clients make, what they observe, and their critical sections — shared by
// the clients that record them and the checks that judge them, and the
// porcupine model of a lock those histories are checked against.
//
// # The lock model
//
// Lock(LockOptions) is a porcupine.NondeterministicModel of one lock with
// leases: reentrant or not (Redisson's locks count holds; SET NX does not),
// FIFO or not (the fair lock's queue), partitioned by lock name, with Hash.
// It is pure; time enters only as an input: LockInput.At is the server's
// clock when the operation's script ran, so a hold armed at At for Lease ms
// is gone for any operation that ran after At+Lease (Redis expires a key
// when now > its deadline), and operations take effect in server order.
// An operation whose reply never came has the Unknown result: if its script
// ran, it had whichever effect the state gave it; if it never ran, none.
//
// The model is nondeterministic in those Unknown results and in one
// designed behaviour of the fair lock: Redisson drops waiters whose timeout
// passed from the head of the queue. Waiters the history marks Evictable
// (seen evicted, or no longer waiting) may be dropped that way; a waiter
// that kept waiting may not, and nobody may take the lock ahead of it.
//
// It imports sim of this project.
package model
