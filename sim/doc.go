// Package sim simulates the world a Redis-based lock lives in: a Redis
// 7.0 store, the clocks of its servers and clients, the client processes,
// the network between them, the faults that strike them, and the trace of
// a run. It knows nothing of Redisson or of any lock: clients and their
// scripts are built on it.
//
// # The store
//
// Store is an in-memory Redis 7.0 keyspace on a clock its caller sets. It
// answers the commands the lock scripts, the simple locks and a user
// observing the store reach for, each a port of its Redis 7.0.15
// function: the same replies, error texts and order of checks, the same
// expiry rule (a key lives through its expiry millisecond). It runs Lua
// scripts in Redis's sandbox on a fork of gopher-lua (third_party), with
// the C libraries Redis loads (sim/lualib). A master records the effects
// of its writes, which its replicas apply. The conformance files of
// internal/difftest and internal/conformance hold the store to a real
// Redis.
//
// # Files, named after Redis's
//
// The store's files carry the names of the Redis source files they port,
// so a reader who knows Redis's src/ finds a command where Redis keeps
// it, and each command function's comment names the function it ports:
//
//   - commands.go: the command table (commands.c), the dispatch of a
//     command (server.c lookupCommand, processCommand) and the list of
//     every command Redis 7.0 has;
//   - server.go: PING, ECHO, TIME (server.c) and WAIT (replication.c);
//   - db.go: EXISTS, DEL, UNLINK, TYPE, DBSIZE, FLUSHALL, RENAME, COPY;
//   - expire.go: a master's background expiry (activeExpireCycle), the
//     EXPIRE family, PERSIST, TTL, PTTL, EXPIRETIME, PEXPIRETIME;
//   - t_string.go, t_hash.go, t_list.go: strings, hashes, lists;
//   - t_zset.go and t_zset_range.go: sorted sets, the second holding the
//     commands that take a range (ZRANGE and its older forms, ZCOUNT,
//     ZLEXCOUNT, ZREMRANGEBYSCORE);
//   - pubsub.go: PUBLISH, SPUBLISH;
//   - eval.go: compiling and running a script (eval.c);
//   - script_lua.go: the redis table scripts call and the conversion of
//     replies to Lua values and back (script_lua.c).
//
// Around them: store.go holds the keyspace, its values and their lookups
// with lazy expiry (db.c lookupKey, expireIfNeeded) and the effects a
// master replicates; numbers.go and longdouble.go read and print numbers
// as Redis does (util.c string2ll, string2d, ld2string); reply.go is a
// reply and its JSON form; rebase.go shifts a store in time, so that an
// exhaustive search can treat states that differ only by such a shift as
// one. luadepth.go, budget.go and coverage.go are the simulator's own:
// bounds on scripts a real Redis does not have, and the statement coverage
// of scripts.
//
// # The world
//
// World is a whole system: store nodes, a master and its replicas with
// failover (node.go); client processes running a Program (proc.go); the
// network with its latencies, losses and pub/sub delivery (net.go,
// netfx.go); a clock per node and per process, with offset, drift and
// steps, over virtual time (clock.go); faults scheduled at a time or
// armed at a point of a client's protocol (faults.go, points.go), and a
// client's timer thread running late (timerdelay.go). A stepped world
// lets a driver, such as the exhaustive search, release every delivery
// itself (stepped.go); a retry loop that makes no progress can be run
// without the work of its iterations (spin.go). The trace (trace.go) is
// JSON Lines written field by field, read back by DecodeTraceLine
// (traceline.go), both through sim/jsonl.
//
// # Determinism
//
// A run is a function of its seed and options, the same byte for byte on
// any machine, so any run can be replayed from the command that made it
// and two runs compared by their traces. Time is virtual (integer
// microseconds), never the wall clock; the world is single-threaded and
// runs its events in (time, sequence) order; every random choice comes
// from a stream split off the seed by name (rand.go), so a new stream or
// another draw from one shifts no other (an exponential draw may be read
// from a table shared by the process, exptable.go, which answers only
// what the logarithm gives: sharing it changes nothing); keys are sorted
// before they are listed or hashed, never taken in a map's order; a
// script is bounded by the instructions it runs, not by time.
//
// # Imports
//
// It imports sim/jsonl and sim/lualib of this project, which import no
// project package at all: nothing outside sim/. Packages such as
// clients, scripts and checks build on sim, never the other way round.
package sim
