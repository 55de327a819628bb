// Package realredis starts a real redis-server (Debian bookworm's 7.0) whose
// wall clock is driven by the test, for differential tests of the simulator.
//
// # Clock
//
// The server runs under libfaketime (LD_PRELOAD) with
//
//	FAKETIME_TIMESTAMP_FILE=<dir>/faketime.rc  FAKETIME_NO_CACHE=1
//	FAKETIME_DONT_FAKE_MONOTONIC=1             TZ=UTC
//
// The file holds an absolute date, "YYYY-MM-DD hh:mm:ss.fff000500" (UTC, no
// leading '@'). In libfaketime an absolute date is a STOPPED clock: every
// gettimeofday/clock_gettime(CLOCK_REALTIME) returns exactly that instant
// until the file changes, so TIME, PTTL, expiry and Lua's redis.call('time')
// see the millisecond the test set and nothing else. (A leading '@' would
// mean "start at", a clock that keeps running: not what we want.)
// FAKETIME_NO_CACHE makes libfaketime re-read the file on every clock call,
// so a new time is seen by the next command; [Server.SetTime] writes a
// temporary file and renames it over the old one so a reader never sees a
// half-written file. libfaketime parses the fraction through a double
// (".123" becomes 0.122999999... s, a millisecond too early for roughly
// half of all values); the extra 500 ns makes the truncation land on the
// intended millisecond: TIME answers exactly ms*1000 microseconds.
// The monotonic clock is left real, so the server's event loop, serverCron
// and script time-outs behave normally while the wall clock stands still.
// Active expiry still runs, but it only removes keys that are already
// logically expired at the frozen time, which commands cannot distinguish.
//
// # Malloc shim
//
// Debian's redis-server is linked against the system libjemalloc, and it
// deadlocks at start-up under libfaketime: jemalloc's initialisation reads
// the clock, libfaketime initialises itself on that first call and allocates,
// the allocation re-enters jemalloc's unfinished initialisation and blocks
// on its own lock (libfaketime reports "Unexpected recursive calls to
// clock_gettime()" and the process hangs). mallocshim.c, embedded here and
// built once with gcc into the user cache dir, defines malloc, free, calloc,
// realloc, memalign, aligned_alloc, valloc, pvalloc, posix_memalign and
// malloc_usable_size as forwards to glibc's allocator (__libc_malloc and
// friends; malloc_usable_size taken from libc.so.6 itself, since RTLD_NEXT
// would find jemalloc's). Preloaded first, LD_PRELOAD="<shim.so>
// <libfaketime.so.1>", it wins symbol resolution over both libfaketime and
// jemalloc, so every malloc/free pair is glibc's and the recursion is gone.
// jemalloc's remaining entry points (mallctl for INFO, C++ new/delete) stay
// self-consistent. INFO's allocator_* fields (read through mallctl) then
// describe jemalloc's idle arenas; used_memory is still counted correctly.
//
// # Availability
//
// [Start] needs redis-server on PATH, libfaketime.so.1 in a usual library
// directory and gcc (tools/setup-test-deps.sh installs all three). If one is
// missing the test is skipped, or fails when the environment has CI=true so
// that CI can never pass by skipping. The environment variables
// LOCKSIM_REDIS_SERVER and LOCKSIM_LIBFAKETIME override the search.
//
// It imports nothing of this project.
package realredis
