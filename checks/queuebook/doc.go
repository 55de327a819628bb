// Package queuebook keeps the books of a fair lock's queue for the checks
// (package checks): as a run's recorder feeds it every script the master
// runs, it notes each waiting call's first place in the queue, the
// waiters that lost their place while they still waited (evicted, or
// re-queued behind those behind them), and a queue head a script's
// stale-waiter loop should have removed. FIFO, Evicted, Liveness and the
// store's invariants read what it wrote into the history.
//
// It is the judge's bookkeeping, fed on each step as a state checker is,
// and kept apart from package checks only so that the run's recorder
// (package run), whose runs the checks' own tests drive, can
// feed it. It imports model and sim of this project, nothing else.
package queuebook
