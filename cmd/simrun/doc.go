// Command simrun runs the lock-checking harness: the main job, single runs,
// sweeps, replays, comparisons, scenarios and conformance checks. See run
// for the subcommands; main only wires the process to it: SIGINT and
// SIGTERM cancel the run's context, and an interrupted process removes the
// temporary files of outputs it had not finished before it exits.
//
// Its job is the command line: flags, subcommands, exit codes, progress
// and wall-clock timing, which files to write and where, and shrinking a
// failing run before its story is told (shrink.go). The computing
// packages give it data; the packages under report/ turn that data into
// the files and reports it writes.
//
// It imports checks, clients, explore, fairness, gate, internal/atomicfile,
// internal/conformance, internal/flagx, internal/interrupt,
// internal/memlimit, jobspec, model, report/bugzoo, report/comparison,
// report/exploration, report/mainjob, report/mutants, report/settingsmap,
// report/sweeplog, report/versiontable, run, scenario, settings, sim,
// sim/jsonl, story, verdict and versions of this project.
package main
