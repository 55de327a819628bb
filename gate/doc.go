// Package gate is the main job: the algorithms × the fault presets × the
// range of seeds a job file declares (package jobspec: the embedded main
// job, or a team's own with its settings and catalogue), each run checked (package verdict), added up per algorithm,
// preset and property into a cell of counts; the first by-design excuse of
// each cell confirmed by counterfactual runs; and the bug-class findings
// sorted into the known flaws of each algorithm (verdict.Known), which the
// gate reports but does not fail on, and the unexpected ones, which fail
// it. The statement coverage of the fault-free runs is gathered on the way.
//
// A change (a user's script directory or a mutant of the catalogue) is
// judged against the same job on the unmodified code, twin run by twin
// run (RunChange, RunMutants), by the rule Rule states.
//
// Run does the work and returns a Result, RunChange a Change: data, which
// package report/mainjob writes (the report's tables, its JSON, its JUnit
// XML and the annotations), report/mutants writes as results/mutants.md,
// and the command turns into an exit code. The
// result does not depend on the number of workers: runs are added up in
// job order (verdict.Batch).
//
// It imports checks, clients, jobspec, run, scripts, sim and verdict of
// this project.
package gate
