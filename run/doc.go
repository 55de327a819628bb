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
// It imports clients, sim, scripts, model and checks/queuebook of this
// project.
package run
