// Package clients is the Java client that uses Redis locks, ported as
// deterministic state machines: Redisson's RLock, FairLock and (4.7.0)
// FencedLock as the Java client 3.8.1, 3.16.8 and 4.7.0 behave, and the
// simple locks of the seed articles. Its one job is the client: what a
// program's threads do when they call the lock API, and nothing of the
// world, workload or history around it (package run drives a client in
// the world; package explore embeds it in its search).
//
// # A client is a value
//
// A Client is a deterministic state machine (etcd-io/raft's Step is the
// model): Step takes one event — a thread's call, a reply, a timer, a
// published message, a subscription that became active, an interrupt — and
// returns effects: send a command (Cmd, a small comparable value rendered
// into the exact script call by Config.Render), set or cancel a timer,
// subscribe, unsubscribe, return to a caller, and notes for traces and
// observers. Java's blocking calls become explicit program counters; every
// piece names the Java method it ports (RedissonLock.tryLock,
// RedissonBaseLock.renewExpiration, ...), so a reader can hold the two side
// by side. Nothing in a client reads a clock or a random stream: time
// comes with every event. A client can be cloned, encoded exactly, put in
// a canonical form and have its clock moved, which is how package explore
// keeps it in its states; Host runs the same value as a process of the
// simulated world. The mutants catalog changes it in one place (Mutations).
//
// # Versions
//
// Options carries what differs between versions: the fair lock's
// threadWaitTime (5 s fixed in 3.8.1, 5 min default in 3.16.8), re-sending a
// command after a reply timeout (3.16.8, so an executed acquire can run
// twice), WAIT after each lock EVAL when there are replicas (3.16.8), the
// subscription's timeout, and the watchdog's bookkeeping (one entry per
// lock and JVM renewing the thread that made it in 3.8.1; per-thread
// counts in 3.16.8). 4.7.0 (docs/redisson-4.7.0.md) adds jittered retry
// delays, acquire and unlock that are never re-sent on a single server,
// an unlock latch, and one renewal task per client (LockTask.buildChunk).
// Java's random draws (EqualJitterDelay, request ids) come with the event
// (Event.Random, Event.Draw: Host draws them from the process's
// "redisson" stream); where nothing is drawn (explore) a client takes a
// fixed choice: a delay's midpoint, a request id from its UUID and count.
//
// # Files
//
// client.go holds the value, its threads, Step and its timers, step.go the
// events and effects. The rest each port one part of the Java client:
// redissonlock.go (RedissonLock's lock, tryLock and their loops),
// redissonunlock.go (unlockAsync, forceUnlockAsync, 4.7.0's unlock latch),
// redissonfairlock.go (RedissonFairLock's waits and acquireFailedAsync),
// redissonfencedlock.go (4.7.0's RedissonFencedLock), interrupt.go
// (Thread.interrupt against each blocking call), renewal.go (the watchdog:
// RedissonBaseLock.renewExpiration, 4.7.0's LockTask), pubsub.go
// (LockPubSub, RedissonLockEntry), commandexecutor.go (RedisExecutor:
// timeouts, retries, re-sends; 4.7.0's ServiceManager.execute),
// detached.go (a command that outlives its interrupted call), timerthread.go
// (which timers run on Redisson's timer thread), simple.go (the simple
// locks). cmd.go renders commands into script calls; config.go,
// overrides.go and algorithms.go are what a client is; flaws.go names the
// known flaws' paths, mutants.go the catalogue of mistakes; canon.go,
// describe.go and spin.go serve explore and the world's fast-forward;
// host.go and hostspin.go run a client as a process of the world.
//
// It imports sim, scripts and model of this project, never run: the
// client does not depend on the run that drives it.
package clients
