// Package model holds the vocabulary of lock histories — the calls
// clients make, what they observe, and their critical sections — shared by
// the clients that record them and the checks that judge them.
//
// The porcupine models of a reentrant lock and of a FIFO lock (lease expiry
// as an input, lost replies as open operations) belong here too; they are
// not written yet.
package model
