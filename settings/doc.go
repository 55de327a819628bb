// Package settings maps which settings of a lock keep it safe and live
// under a team's own fault envelope, and at what cost.
//
// # Envelope and worlds
//
// An Envelope is what a team knows of its environment: the longest GC
// pause, the longest stall of the client's timer thread (the watchdog's
// renewal and the executor's timeouts firing late while the application
// runs, sim.FaultTimerDelay), clock skew and drift, the round trip and its
// jitter, loss, replication lag and failover detection time, and the
// longest critical section. Cloud is the default, Harsh a bad day of it.
// Envelope.World draws a world's faults from its seed, each kind from a
// stream of its own and every magnitude as a fraction of the envelope's
// largest: every fault of the envelope happens in every world, in half of
// them once more at the worst moment of a holder, and a holder crashes
// right after its lock is granted, which the takeover time is measured
// from.
//
// # The search
//
// Knobs are the settings that matter for an algorithm: lockWatchdogTimeout,
// an explicit lease, timeout, retryAttempts, retryInterval,
// fairLockWaitTimeout (the fair locks of 3.16.8 and 4.7.0) and
// subscriptionTimeout (4.7.0). The search is a grid, one knob at a time
// around Redisson's defaults; the watchdog and the lease are also laid out
// against multiples of the envelope's longest pause (PauseRows), the map.
// Every cell runs the same seeds, so that cells differ only by their
// setting. A Map runs its worlds in parallel (package ordered), adds them
// in job order into Stats that only add up, and so gives the same result
// for any number of workers, and its shards (Spec.ShardI of ShardN) merge
// into the whole (Merge).
//
// # What is counted
//
// A world violates mutex, expiry or liveness when the checks (package
// verdict) found any violation of it, whatever its class: under the
// team's own envelope a catalogued flaw, a bug and a pause longer than
// the lease all lose the lock, which is what the setting must keep away;
// the mechanisms are counted beside. Rates come with exact 95% intervals
// (Interval): zero of N is an upper bound, never "safe". Takeover, the
// acquisitions' latency and the commands an acquisition makes Redis run
// per second of waiting are measured from the same worlds.
//
// # Output
//
// A Map is data: its cells' Stats, Map.Bounds (the boundary against hand
// arithmetic: WatchdogSurvives, LeaseNeeds), Map.FirstSafe and
// Map.EnvCell. Package report/settingsmap writes it: the markdown, the
// SVG (the safe region outlined), the JSON that shards travel in (and
// its reader, whose maps Merge adds up), the advice in one line, and the
// page of several maps with a section for Redisson users.
//
// It imports clients, internal/ordered, model, run, sim and verdict of
// this project.
package settings
