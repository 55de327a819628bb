// Package mainjob writes what the main job (`simrun`, package gate) and a
// change judged by the gate (`simrun --scripts DIR`, `--mutant NAME`)
// give: the report printed on stdout and written by --out (a table per
// property, the mechanisms under it, the confirmations, the known flaws
// and the unexpected bugs with the commands that reproduce them; for a
// change, the comparison twin by twin and the decision), the versioned
// JSON document of --json (docs/json.md) and its reader, which `simrun
// merge` uses to join shards, the JUnit XML of --junit (a failing case
// tells its first bug's story, its run made again), the GitHub Actions
// annotations, and the statement coverage of --coverage (markdown).
//
// Counting runs into cells, merging shards and comparing a change with
// its twins are package gate's; this package only turns their results
// into text and reads its own JSON back.
//
// It imports checks, clients, gate, run, sim, story and verdict of this
// project.
package mainjob
