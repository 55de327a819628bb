// Package run makes one simulated run of a lock algorithm: it draws a
// workload and a fault plan from a seed for one of clients.Algorithms,
// builds the world with a client process (clients.Host) per process of
// the plan, drives the clients' threads through the workload, and records
// what they and the store saw. Execute plays the safety phase (faults)
// and the liveness phase (healed). The model.History it leaves — every
// call with its virtual start and end and outcome, every critical section,
// a sample of the lock's keys after every script — is what the checks
// read; the trace, whose first line is the run header (header.go), replays
// it.
//
// Files: run.go (Config, New, Execute), program.go (the client programs
// and what their hooks record), workload.go (the threads' loop),
// recorder.go (the store-side observer), spinrun.go (what the run tells
// the world's fast-forward, and records of it), spindiff.go (the
// fast-forward against the step-by-step run), header.go and trace.go (the
// run header and saved traces), custom.go (a given plan or workload).
//
// It imports clients, sim, scripts, model and checks/queuebook of this
// project.
package run
