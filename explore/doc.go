// Package explore model-checks small lock configurations exhaustively:
// every order of message deliveries, timer firings, calls and fault
// choices, up to a bound, breadth-first, so that the first violation found
// is a shortest one. Random simulation (package run) finds bugs fast;
// this proves a small configuration clean, or returns its shortest
// counterexample as a scenario that replays step by step.
//
// # What is modelled
//
// A configuration is an algorithm, N threads in processes of K threads
// each (process A, B, …; thread t of process A has the owner field
// "A:t"), the calls every thread makes (ops: lock, reentrant,
// trylock-wait, force-unlock, …, each acquire followed by its unlock when
// it got the lock), and a fault budget. A state is:
//
//   - Redis's keyspace, interned: the exact scripts (or commands) run on
//     it with gopher-lua through package sim, and each run is memoized by
//     (keyspace, command, process, subscriptions), so a command on a
//     keyspace seen before is a lookup;
//   - each process's client: package clients' own value (clients.Client),
//     the very code the random runs drive through clients.Host — its
//     threads and their calls, lock objects, pub/sub entries and latches,
//     the watchdog's entry and tasks, the command executor (response
//     timeouts, 3.16.8's re-sends) and its timers. Clients are interned and
//     every client step is memoized by (client, event), so the search has
//     no client logic of its own;
//   - where each thread is in its program and what it believes it holds;
//   - the messages in flight (requests, replies, unlock messages), a
//     multiset, and which processes are paused or crashed;
//   - the faults used.
//
// By default a message is delivered at once but in any order with the
// others; time cannot pass while one is in flight, and a subscription is
// active at once. Time is kept relative: every state's clock reads the
// same instant and advancing by d moves every expiry, fair-queue
// timestamp, client timer, clock reading and argument time back by d
// (sim.Store.Rebase, clients.Client.Shift), so a holder renewing for ever
// comes back to the same state. Time advances only to the next client
// timer, to a key's expiry or a fair waiter's timeout (or threadWaitTime
// before it, where its ttl reaches 0), and 1 ms either side of those
// boundaries; and by 1 ms when something is at its boundary now, since no
// execution stays inside one millisecond for ever. A message in flight
// keeps time from passing, except a request of a waiter that spins (4.7.0's
// fair waiter answered 0 while the lock is free and the head has not taken
// it, asking again at once): time may pass up to the first moment its
// answer could change, and the waiter asks again at the new time, as the
// world's fast-forward of the same loop does (spin.go).
//
// Every thread runs the same calls and every process has as many
// threads, so states equal up to renaming the threads of a process, or
// the processes (with their threads), behave alike: the scripts only
// compare owner names for equality, and a client keeps its threads,
// entries and tasks in the order of events, not of names. The search
// keeps one state per such class (symmetry reduction, on unless
// Config.NoSymmetry): the visited set's key is the smallest encoding of
// the state's renamed copies — every occurrence of a name renamed, in the
// keyspace (sim.Store.Rename), the clients (clients.Client.Rename), the
// messages in flight and the threads' places — and what it expands is
// the state it first reached, kept as that key and the renaming back to
// it, so every path it reports is real. Breadth-first, that state is the
// one the search without reduction reaches first of its class, by the
// same step from the same parent, so the findings and counterexamples are
// the same with and without, only the counts differ; Stats.Unreduced adds
// up the classes' sizes, which equals the count without reduction when
// the search ends. The group has at most 4! renamings (4 threads); a
// user's scripts (Config.Scripts) or a mutant whose owner names leave out
// the process turn it off.
//
// Faults (each costs one of its budget): crash (a process dies; its
// requests in flight still arrive), pause (a stop-the-world pause of any
// length; timers fall due and wait, incoming messages queue; resume is
// free), drop (a request, reply or unlock message is lost), delay (a
// message may stay in flight while time passes, up to MaxDelay after its
// arguments were made), restart (Redis restarts without persistence),
// interrupt (Thread.interrupt() on a thread while it is in a call).
// A paused process's clock readings are likewise never older than
// MaxDelay, and fair-queue timestamps older than (N+1) × (threadWaitTime
// + lease) are raised to that horizon; both keep the space finite.
//
// With a replica (Config.Replicas, for the clients that WAIT: Redisson
// 3.16.8 and 4.7.0), each lock command goes in a batch with WAIT 1 1000.
// A script run that writes makes an entry of the replication stream; the
// replica applies the entries in order, each within ReplLag of its write
// (time passes while they are on their way: a lag is not a fault), and
// its acknowledgement reaches the master at once, in any order with the
// other messages. A WAIT returns at once when the replica acknowledged
// every entry so far, else stays blocked at the master until it does
// (1) or its timeout passes (0). Offsets are kept relative to the
// master's acknowledged one, so the space stays finite. A key whose TTL
// passed stays in the keyspace, expired, until a command touches it or
// Redis's background expiry deletes it (expire-redis): either deletes it
// and replicates the DEL, an entry a WAIT waits for
// (sim.Store.RebaseKeepingExpired). The background expiry is a cycle of
// the master's cron, every 100 ms, that deletes every expired key
// (sim/expire.go): the search lets it come at any moment from a key's
// expiry until 100 ms after it, and time does not pass that deadline
// without it, so the keyspace keeps how long ago a key expired, up to
// 100 ms. The cron's phase is not kept from one expiry to the next: two
// expiries far apart may each be deleted at any point of their window,
// which the world's fixed phase would not do (an over-approximation). The
// replica's keyspace is not kept: without failover nothing reads it.
//
// Not modelled: failover, clock skew, subscription round trips,
// connection errors from a restart, a restart with a replica (the random
// simulation's presets cover those).
//
// Two tests keep the explorer honest about the client: every saved
// counterexample and random paths of many configurations replay through
// the world's clients in a stepped sim.World (ReplayBoth), and runs of the
// ordinary world replay as paths of the explorer; both must run the same
// scripts with the same arguments and replies and return the same.
//
// # What is checked
//
// Every new state and step, by the checks' step judge (checks.StepState,
// StepReturned, StepOrphan, StepStore, StepFairGrant, StepStuck: the
// random runs' properties at one instant, named as they name them):
// mutual exclusion (two threads that believe they hold the lock: their
// acquire returned and their unlock was not called), error replies and
// exceptions, the store's hold count against the thread's own when an
// acquire returns, a lock free of its thread once its last unlock
// returned, the store's invariants, the fair queue's order, a renewal
// that keeps an orphan alive, and a crashed holder's hold gone within its
// lease. The search only shows the judge a state (view.go); the world,
// following one of the search's paths, shows it the same from what it
// holds (worldjudge.go), and ReplayBoth holds the two verdicts equal.
//
// Every violation carries its mechanism (checks.Mechanism). It is by
// design when a lease that ran out, a forceUnlock() (it deletes whoever's
// hold) or a fault on the path (a pause, a lost or delayed message, a
// Redis restart; not a crash) explains it; the search reports the first
// of each property and goes on. It is known when a catalogued flaw
// explains it as in the random runs (known.go: the client on the path
// took the flaw's code path); the search stops there, or with
// Config.PastKnown (`--past-known`) lists the first of each and goes on.
// A bug stops it. When the search ends without a bound cutting it:
// liveness — from every reachable state some order of events lets every
// thread finish its calls (a state from which none does is reported as
// "liveness", with the shortest path to it; by design only when a fault
// on the path left a phantom hold — a hold the store counts and its
// thread does not — as checks.Liveness judges it).
//
// # Use
//
//	res, err := explore.Explore(explore.Config{Algo: "fairlock-3.16.8", Threads: 3, Acquires: 1}, nil)
//	fmt.Print(res.Summary())
//	if res.Violation != nil {
//		fmt.Print(res.Violation.Story())
//		os.WriteFile("cx.txt", []byte(res.Scenario()), 0o644) // simrun scenario cx.txt replays it
//	}
//
// Package report/exploration writes a search's JSON, its scenario files
// and results/explore.md.
//
// It imports checks, clients, jobspec, model, sim and verdict of this
// project.
package explore
