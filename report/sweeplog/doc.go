// Package sweeplog writes what `simrun sweep` prints and what `simrun
// merge` prints for a sweep's shards: each run's violations, with their
// mechanism and the command that reproduces the run, as text or as JSON
// Lines (docs/json.md), a GitHub Actions annotation per bug-class
// violation, and the summary line. The sweep itself (running and judging
// the seeds) is the command's and package verdict's.
//
// It imports checks, run and sim/jsonl of this project.
package sweeplog
