// Package fairness measures what a lock gives its callers over one run:
// how long acquired calls waited (in all, and by the queue position a fair
// waiter first had), how often a later caller overtook an earlier one that
// kept waiting (the fifo check's definition), how long the lock sat free
// while queued callers waited, how many live waiters lost their place
// (evicted), and how many acquire scripts answered a negative ttl.
//
// A Comparison adds these up over seeds and presets to put two versions (or
// two script sets) side by side (`simrun compare`): a Tally per side and
// preset, in job order whatever the number of workers, each mechanism's
// runs per side (Mechanisms, with Wilson's 95% interval) and the bugs
// either side showed (Bugs). Package report/comparison writes it as
// markdown, an SVG plot and JSON.
//
//	m, err := fairness.Measure(run.Config{Algo: "fairlock-3.16.8", Seed: 7, Preset: "none"})
//	var all fairness.Metrics
//	all.Add(m)
//
// It imports checks, internal/ordered, model, run, sim and verdict of
// this project.
package fairness
