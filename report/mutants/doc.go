// Package mutants writes results/mutants.md (`simrun mutants`): each
// mutant of the catalogue judged by the gate as a change (package gate,
// RunMutants), whether the gate failed it by a bug or only by a rate that
// rose beyond chance, the runs on each side, the command that reproduces
// each, and what its first failure looked like. Judging the mutants is
// package gate's; this package only writes.
//
// It imports checks, gate and sim of this project.
package mutants
