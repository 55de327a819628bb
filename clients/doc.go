// Package clients simulates the programs that use Redis locks: Redisson's
// RLock and FairLock as the Java client 3.8.1 and 3.16.8 behave, and the
// simple locks of the seed articles, driven by a workload.
//
// # How a client is built
//
// Each client is a sim.Program: the world hands it events (a reply, a
// timer, a pub/sub message) and it acts through its *sim.Proc (send a
// request, set a timer, subscribe). Java's blocking calls and futures become
// continuations: RLock.Lock(lease, unit, done) returns at once and calls done
// when Java's lock() would return. Every piece names the Java method it ports
// (RedissonLock.tryLock, RedissonBaseLock.renewExpiration, ...), so a reader
// can hold the two side by side.
//
// # Versions
//
// Options carries what differs between versions: the fair lock's
// threadWaitTime (5 s fixed in 3.8.1, 5 min default in 3.16.8), re-sending a
// command after a reply timeout (3.16.8, so an executed acquire can run
// twice), WAIT after each lock EVAL when there are replicas (3.16.8), and the
// watchdog's bookkeeping (one renewal per lock and client in 3.8.1; per
// thread counts in 3.16.8).
//
// # Runs
//
// NewRun draws a workload and a fault plan from a seed for one of the
// algorithms in Algorithms, builds the world, and Execute plays the safety
// phase (faults) and the liveness phase (healed). The model.History it leaves —
// every call with its virtual start and end and outcome, every critical
// section — is what the checks read.
package clients
