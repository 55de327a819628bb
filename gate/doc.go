// Package gate is the main job: every algorithm × every fault preset × a
// range of seeds, each run checked (package verdict), added up per algorithm,
// preset and property into a cell of counts; the first by-design excuse of
// each cell confirmed by counterfactual runs; and the bug-class findings
// sorted into the known flaws of each algorithm (verdict.Known), which the
// gate reports but does not fail on, and the unexpected ones, which fail
// it. The statement coverage of the fault-free runs is gathered on the way.
//
// Run does the work and returns a Result; rendering it (the tables, the
// commands that reproduce each finding, the exit code) is the command's.
// The result does not depend on the number of workers: runs are added up
// in job order (verdict.Batch).
package gate
