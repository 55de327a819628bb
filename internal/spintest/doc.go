// Package spintest proves the world's fast-forward of retry loops
// (sim/spin.go) exact: every run it makes fast-forwarded and step by step
// must be the same run — the same trace but for one line per elided loop,
// the same history but for the elided runs' samples, the same verdicts.
// The package has no code of its own; its test is the proof, and
// LOCKSIM_SPIN_SEEDS=N widens it from the few seeds make test runs.
//
// It imports nothing of this project.
package spintest
