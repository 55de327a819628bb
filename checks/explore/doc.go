// Package explore model-checks small lock configurations exhaustively:
// every order of message deliveries, timer firings and fault choices, up
// to a bound, breadth-first, so that the first violation found is a
// shortest one. Random simulation (package clients) finds bugs fast;
// this proves a small configuration clean, or returns its shortest
// counterexample as a scenario that replays step by step.
//
// # What is modelled
//
// A configuration is an algorithm, N threads (each its own client
// process, named A, B, C, D; each thread's owner field is "A:1" …) that
// each make K lock()/unlock() cycles, and a fault budget. A state is:
//
//   - Redis's keyspace, interned: the exact scripts (or commands) of the
//     algorithm run on it with gopher-lua through package sim, and each
//     run is memoized by (keyspace, command, thread, argument time,
//     subscribers), so a command on a keyspace seen before is a lookup;
//   - each thread's Redisson client: where it is in lock() (acquire sent,
//     waiting on its semaphore with or without the ttl timeout, its
//     permits, its subscription), its command executor (response timeout
//     of 3 s; 3.16.8 re-sends a timed-out command after 1.5 s, up to 3
//     times, with the same arguments), its watchdog entry and timer (every
//     10 s; 3.8.1's renewal removes whichever entry is in the map and
//     keeps running a task whose entry is gone; 3.16.8 cancels the entry
//     on a 0 and ignores a timer with no entry); the simple locks' polls;
//   - the messages in flight (requests, replies, unlock messages), a
//     multiset;
//   - the faults used.
//
// By default a message is delivered at once but in any order with the
// others; time cannot pass while one is in flight. Time is kept relative:
// every state's clock reads the same instant and advancing by d moves
// every expiry, fair-queue timestamp, timer and argument time back by d
// (sim.Store.Rebase), so a holder renewing for ever comes back to the
// same state. Time advances only to the next timer, to a key's expiry or
// a fair waiter's timeout (or threadWaitTime before it, where its ttl
// reaches 0), and 1 ms either side of those boundaries; and by 1 ms when
// something is at its boundary now, since no execution stays inside one
// millisecond for ever.
//
// Faults (each costs one of its budget): crash (a process dies; its
// requests in flight still arrive), pause (a stop-the-world pause of any
// length; timers fall due and wait, incoming messages queue; resume is
// free), drop (a request, reply or unlock message is lost), delay (a
// message may stay in flight while time passes, up to MaxDelay after its
// arguments were made), restart (Redis restarts without persistence).
// A paused process's outstanding command is likewise never older than
// MaxDelay, and fair-queue timestamps older than (N+1) × (threadWaitTime
// + lease) are raised to that horizon; both keep the space finite.
//
// Not modelled: replicas and failover, clock skew, tryLock and explicit
// leases, several threads in one process, subscribe round trips (a
// subscription is active at once), and connection errors from a restart.
// Use the random simulation's presets for those.
//
// # What is checked
//
// Every new state: mutual exclusion (two threads whose lock() returned and
// whose unlock() has not been called) and error replies from Redis. When
// the search ends without a bound cutting it: liveness — from every
// reachable state some order of events lets every thread finish its calls
// (a state from which none does is reported as "stuck", with the
// shortest path to it).
//
// # Use
//
//	res, err := explore.Explore(explore.Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1}, nil)
//	fmt.Print(res.Summary())
//	if res.Violation != nil {
//		fmt.Print(res.Violation.Story())
//		os.WriteFile("cx.txt", []byte(res.Scenario()), 0o644) // simrun scenario cx.txt replays it
//	}
package explore
