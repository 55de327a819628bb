// Package difftest holds the simulated store to real Redis 7.0, step by
// step, on random sequences of the real Redisson scripts, and measures it
// against miniredis, real Redis and a minimal gopher-lua binding.
//
// # Layout
//
// The package is tests and the code only they use: every file but this
// one is a _test.go file, and no other package imports it (go build
// compiles only this file). Code that a package or command outside would
// need goes into a non-test file, not into a _test.go file. The files:
//
//   - gen_test.go, recordcases_test.go, walk470_test.go: the script
//     sequences (Gen), and the cases Record records: RandomCases, the
//     4.7.0 walk-throughs;
//   - backend_test.go, resp_test.go, run_test.go, rapidcfg_test.go: the
//     backends, the RESP client, the step-by-step comparison
//     (CheckDifferential, WriteCase, CheckFile) and rapid's seeds;
//   - miniredis_test.go, deviations_test.go: the miniredis backend and the
//     table of its differences from Redis;
//   - luaprobes_test.go, luagen_test.go, luacheck_test.go: the fixed Lua
//     probes' reader, the random probes, their comparison and
//     RecordConformance;
//   - difftest_test.go, record_test.go, luadiff_test.go, luareply_test.go,
//     bench_test.go: the tests and the benchmark;
//   - testdata/lua-probes/: the fixed Lua probes (see "Lua probes").
//
// The repository's files the tests read and write are this package's
// testdata (the probes) and the module's testdata/conformance/ (the
// recorded and the found cases); the benchmark writes its report to
// results/bench-store.md. Of the project's packages, the package may
// import sim, clients (lock names), internal/conformance (the step form,
// Run, Parse, Emit), internal/realredis (the real redis-server),
// internal/atomicfile and, for the benchmark's floor, the gopher-lua fork
// (github.com/yuin/gopher-lua, replaced by third_party/gopher-lua);
// nothing else of the project.
//
// # Sequences
//
// Gen (or HeaderGen then StepGen one step at a time, with a
// Materializer) draws, with pgregory.net/rapid so that failures shrink:
// one Redisson version (3.8.1, 3.16.8 or 4.7.0), one lock name (sometimes
// two; in 4.7.0 sometimes three), 2–5 owners
// "c1a0e1f2-0000-4000-8000-00000000000N:<threadId>" of one or two clients,
// and up to ~60 steps in the conformance step form (internal/conformance):
// the scripts of that version with ARGV built as that version's Java
// builds them (docs/redisson-facts.md §1, docs/redisson-4.7.0.md), the
// inspection commands HGETALL, PTTL, LRANGE, ZRANGE WITHSCORES, EXISTS,
// TYPE, ZCARD and HGET, and the simple locks' SET NX PX, SETNX, EXPIRE,
// GET, DEL and compare-and-delete Lua.
//
// 4.7.0 steps: RLock acquires are RedissonLock's or either fenced-lock
// acquire (the token key beside the lock); unlocks carry a request id's
// latch key and lifetime (16–20 s, or the drawn lease to reach its expiry)
// and are mostly sent by the holder, and about a third of them send the
// previous unlock again with the same request id, as a retried call does;
// the publish command is PUBLISH, or one time in ten SPUBLISH; the renewal
// is LockTask's, renewing 1 to 3 of the sequence's locks in one call, each
// with its holder (or the step's owner); GET of the token and of a latch
// and the DEL Java sends after a successful unlock are among the
// inspection steps, and simple-lock commands sometimes write the token.
//
// The server time only moves forward; about 30% of steps land exactly on,
// or 1 ms beside, a key's expiry or (for the fair scripts, through the
// owner's clock skew of up to ±2 s) a waiter's deadline, found in a shadow
// simulated store. One sequence in five may DEL or ZREM the queue or the
// timeout set mid-way (in 4.7.0 also make a token or a latch a
// non-number), which reaches Redisson's known Lua errors ("attempt to
// compare nil with number"). A sequence is a pure function of rapid's
// draws; nothing reads the clock. rapid favours small integers, so fair
// choices are drawn from coin flips (see uniform in gen_test.go), and every step
// carries a "present" draw the shrinker can zero to delete that step alone.
//
// # Backends and runs
//
// A Backend runs conformance steps: SimBackend on the simulated store,
// RESPBackend on a Redis-protocol server over RESPConn, a tiny RESP2
// client that keeps status and bulk replies apart (go-redis returns both as
// strings). CheckDifferential draws and runs one step at a time on a
// reference and a backend under test and stops at the first different
// reply; rapid shrinks the sequence and the minimal one is written with
// the reference's replies as a conformance case (WriteCase, atomically).
//
// # Tests
//
//   - TestDifferentialRealRedis: real Redis (internal/realredis, clock set
//     before every step) against the simulated store, 300 sequences. A
//     difference is a simulator bug: the minimal case is saved as
//     testdata/conformance/found/real-redis-seed<N>.jsonl and its path
//     printed; -rapid.seed=<N> reproduces it.
//   - TestRecordedConformance: the conformance files this package makes,
//     testdata/conformance/random-4.7.0.jsonl (generated sequences) and
//     walkthroughs-4.7.0.jsonl (Walkthroughs470), recorded again by
//     Record on a real Redis and required to be byte for byte the
//     committed files, then replayed on the simulated store.
//     LOCKSIM_RECORD=1 writes them instead.
//   - TestFoundCases replays every file in testdata/conformance/found/
//     against the simulated store: the saved cases become regression tests.
//   - TestDifferentialMiniredis: the same sequences on miniredis, compared
//     with the simulated store after every step (reply and keyspace). Each
//     difference must be explained by MiniredisDeviations, the documented
//     table of how miniredis differs from Redis; the test logs how many
//     steps hit each.
//   - TestCheckDifferentialFindsPlantedBug proves the find, shrink and save
//     pipeline on a store with a planted expiry bug, without Redis.
//
// The tests run the same sequences every time (seed DefaultSeed). To
// explore others: LOCKSIM_DIFFTEST_SEED=random (the seed is logged), or
// LOCKSIM_DIFFTEST_SEED=<n>, or rapid's own -rapid.seed and -rapid.checks.
//
// # Lua probes
//
// The Lua libraries Redis 7.0 loads (cjson, cmsgpack, bit, struct) and the
// redis table's reply helpers are held to a real Redis by probes: Lua
// scripts whose reply (a bulk string of the library's exact bytes, an
// error's exact text) is compared byte for byte. Each runs as EVAL with no
// keys and no arguments at the time StartMin (LuaProbeStep).
//
// The fixed probes are data, not Go: testdata/lua-probes/NN-<name>.lua
// holds the probes of the case "lua-libs/<name>" (cjson-encode,
// lua51-patterns, store-check-order, ...), run one after the other on one
// server in the file's order, so that what one probe leaves (keys, cjson's
// settings, globals) the next one sees; the server is reset (FLUSHALL,
// SCRIPT FLUSH) before each case, and the cases run in the order of their
// numbers NN. testdata/conformance/lua-libs.jsonl at the module's root
// holds a real Redis 7.0.15's reply to every one of them, in the same
// order. LoadLuaLibCases reads the files (ParseLuaProbes, one file) and
// LuaLibSteps turns them into conformance steps. In a probe file:
//
//   - a line is one probe, as it is;
//   - a probe of several lines, or one that starts with "--", is written
//     between a line "--- begin" and a line "--- end" (an empty line
//     before "--- end" is a probe that ends in a newline);
//   - a probe with a byte an editor may change or that does not show (a
//     carriage return, another control character but the tab, a trailing
//     space or tab, invalid UTF-8) is one line "--- quoted " and the probe
//     as a Go string literal in double quotes;
//   - empty lines and lines that start with "--" but not "---" are
//     comments.
//
// LoadLuaLibCases refuses anything else, and a probe line holding one of
// those bytes; .gitattributes keeps git from converting the files' line
// ends.
//
// To add a probe, write it into the file of what it probes (or a new file
// NN-<name>.lua, NN the next number, for a new case; a new case at the end
// keeps the recorded file's other lines where they are), then record
// Redis's replies and commit the recorded file with the probes:
//
//	LOCKSIM_RECORD_LUA_LIBS=1 go test -run TestLuaLibsConformanceFile ./internal/difftest/
//
// RecordConformance runs every probe on a fresh redis-server started by
// internal/realredis (redis-server 7.0, libfaketime and gcc; see
// tools/setup-test-deps.sh) and writes lua-libs.jsonl, atomically, with
// its replies as the expected ones; the test then requires the simulated
// store to give every one of them. The diff of lua-libs.jsonl should show
// only the new probes' lines: a changed reply to an old probe means a
// different server. Without the variable, TestLuaLibsConformanceFile fails
// as soon as the probe files and lua-libs.jsonl differ in a case or a
// probe.
//
// LuaProbeGen draws random probes (values with NaN, the infinities, -0,
// integer and float edges, strings of every kind of byte, nested, sparse
// and keyed tables; JSON texts and msgpack bytes valid or not; struct
// formats; configuration calls). CheckLuaDifferential runs rapid over
// sequences of them, shrinks a failure and saves it like the script
// sequences.
//
//   - TestLuaLibsRealRedis: the fixed probes, then 500 random probe
//     sequences, against a real Redis.
//   - TestLuaLibsConformanceFile: lua-libs.jsonl holds exactly the probe
//     files' probes, and the simulated store gives every reply it records,
//     with no server; LOCKSIM_RECORD_LUA_LIBS=1 records it again first.
//   - TestLuaRepliesMatchRealRedis and TestLuaRepliesMatchFile: the script
//     results Redis converts its own way (luaReplyProbes in
//     luareply_test.go, a few dozen written in Go because some are built
//     by code), testdata/conformance/lua-replies-visible.jsonl, recorded
//     by LOCKSIM_RECORD_LUA_REPLIES=1 go test -run
//     TestLuaRepliesMatchRealRedis ./internal/difftest/.
//
// # Benchmarks
//
// BenchmarkStore measures evaluations per second of three lock paths on
// the simulated store, miniredis, a real redis-server and a floor (the
// same Lua on a minimal direct gopher-lua binding) in one run;
//
//	LOCKSIM_BENCH_REPORT=1 go test -run '^$' -bench BenchmarkStore -benchtime=1s ./internal/difftest/
//
// also writes results/bench-store.md with the ratios and targets.
//
// Outside its tests it imports nothing of this project; the tests import
// the packages named above.
package difftest
