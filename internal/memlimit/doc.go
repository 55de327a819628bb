// Package memlimit tells how much memory simrun may use, and keeps it
// within that: a soft limit for the garbage collector
// (runtime/debug.SetMemoryLimit) and a watchdog that turns a heap about
// to outgrow it into a clean stop, rather than the runtime's
// out-of-memory crash (a stack dump per goroutine, and exit 2, the code
// of bad input).
//
// The memory is the least of what the machine has (MemTotal in
// /proc/meminfo), what the process's cgroup allows (memory.max, or
// memory.limit_in_bytes under cgroup v1) and the address space it may map
// (ulimit -v, RLIMIT_AS). The limit is 3/4 of the first two, or half of
// the address space (the runtime maps more than the heap holds: stacks,
// its own structures, the heap's growth between collections); GOMEMLIMIT,
// when set, is the limit instead. The other bounds that depend on the
// machine (explore's default --max-memory, how many runs a sweep runs at
// once) are shares of it.
//
// It also holds simrun's garbage collection target (GCPercent), the
// memory the process trades for CPU time below that limit.
//
// Nothing here decides a result: a search or a run stops where its own
// counted bounds say, the same on every machine; the watchdog only ends a
// process that was about to be ended by the kernel or the runtime.
//
// It imports nothing of this project.
package memlimit
