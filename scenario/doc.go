// Package scenario runs hand-written lock scenarios, one command per line,
// in the datadriven format (github.com/cockroachdb/datadriven) that
// etcd-io/raft's rafttest uses: each command is followed by `----` and its
// output, which `go test ./clients/scenario -rewrite` regenerates.
//
// # The world of a scenario
//
// `world` builds a fresh simulated world (package sim) with one lock
// algorithm. By default every network hop takes 1 µs (the minimum the
// simulator allows) so a call completes within the millisecond it was made
// and the numbers of a walk-through come out exact: client and server clocks
// read sim.Epoch + virtual ms (2024-01-01T00:00:00Z is 1704067200000).
//
// Clients are named by a word such as A, B, C; each is a client process
// (c1, c2, … in order of first use) with one thread unless `client` says
// otherwise. A command naming an unknown client creates it. Owner fields and
// channel names print with the client's UUID replaced by its name: `A:1` is
// thread 1 of A (`A@1:1` after A's first restart, a new UUID).
//
// # Time
//
// Every command acts at the scenario's current time and then runs every
// event that falls due within the current millisecond, so a call over a
// zero-latency network returns inside the command that made it, and the
// next command still acts in the same millisecond. `advance D` moves the
// time forward by D, running everything due (and the rest of the
// millisecond it lands in). Each command prints what happened while it ran,
// one line per event, with its time (ms): calls returning, processes
// resuming, partitions healing, failovers, untimed waits. A call still
// running when its command ends prints "in progress" with the last reply
// its acquire script got (the ttl it waits on).
//
// `state` reads the master's store the way redis-cli would at that instant
// (on a copy, so reading expires nothing), each replica's copy of the lock,
// and each client's threads: the call each is in, and what it believes it
// holds (its own successful lock and unlock calls, whatever the store says).
//
// # Commands
//
//	world algo=ALGO [replicas=N] [latency=0|default|D] [repl-lag=D] [lock=NAME] [seed=N] [watchdog=D]
//	client name=A [threads=N]
//	lock A [thread=N] [lease=D]               lock() or lock(lease)
//	lock-interruptibly A [thread=N] [lease=D] lockInterruptibly() or lockInterruptibly(lease)
//	trylock A [thread=N] [wait=D] [lease=D] [unit=ms|s]   tryLock(wait, lease, unit)
//	trylock-now A [thread=N]                  tryLock(): one attempt, no lease (tryLock(0, lease) is trylock wait=0)
//	unlock A [thread=N]
//	force-unlock A [thread=N]
//	delete A [thread=N]                       delete(): forceUnlock, or the fair lock's DEL of its three keys
//	interrupt A [thread=N]                    Thread.interrupt()
//	held A [thread=N]                         isHeldByCurrentThread()
//	locked A [thread=N]                       isLocked()
//	hold-count A [thread=N]                   getHoldCount()
//	remain-ttl A [thread=N]                   remainTimeToLive()
//	wake A [thread=N]                         PUBLISH 0 on the channel A's thread waits on
//	advance D
//	crash A | restart A | pause A D | partition A D | clock-step A D
//	failover [lag=D]                          the master dies; a replica is promoted after D
//	stop-redis D                              the master stops for D, refusing connections, then starts empty
//	state                                     the store and every client's threads
//	trace                                     the commands the store ran since the last trace
//
// ALGO is one of clients.Algorithms: setnx-expire, set-px, set-uuid-getdel,
// set-uuid-lua, rlock-3.8.1, rlock-3.16.8, fairlock-3.8.1, fairlock-3.16.8,
// rlock-4.7.0, fairlock-4.7.0.
// watchdog=D sets Redisson's Config.lockWatchdogTimeout (30s by default).
// Durations read like Go's (250ms, 1.5s, 5m); `unit=s` passes wait and lease
// to Redisson in seconds (the #4743 unit bug needs it).
//
// RunFile runs a scenario file outside `go test` (simrun scenario FILE):
// it prints each command with its output in the same format and stops at
// the first malformed command with "file:line: what is wrong". CheckFile
// and CheckFiles run files against the output they hold, for simrun
// scenario and its --rewrite.
//
// # Bad input
//
// A file is read as datadriven reads it, and whatever datadriven would
// read otherwise, or refuse, is an error naming its line rather than a
// guess: lines between a command and its `----` (no command takes
// input), an output block opened by `----` `----` and never closed (it
// would swallow the rest of the file), a non-blank line right after the
// `----` `----` that closes one, a `\` continuation past the end of the
// file or into a `----`, a separator with spaces around it. A command
// with no `----` has no output yet; --rewrite puts it right after the
// command. A scenario file is a regular file (a named pipe or a device is
// refused before it is read) of at most 64 MiB, with lines of at most 64
// KiB (datadriven's own limit), and so is a command once its `\`
// continuations are joined.
//
// One command runs at most 5,000,000 events, prints at most 100,000
// lines, and stops when more than 100,000 events wait in the simulation's
// queue; `trace` shows at most 100,000
// lines (since the trace before). Past a bound, or when a script the
// simulation had to stop ran (one that never ends, from an explore
// scenario's scripts= directory), the command fails with one line naming
// it, and the scenario stops there.
//
// It imports clients, explore and sim of this project.
package scenario
