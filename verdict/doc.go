// Package verdict judges a simulated run: it runs every check of package
// checks on the run's history, resolves what the checks left unexplained
// against a job's catalogue of known flaws (Judge; the main job's is
// jobspec/main.toml, Default: each flaw's algorithms,
// the properties and causes it makes, its upstream reference and the
// client code path through which it acts), and confirms a mechanism that
// names a fault by a counterfactual: the same run without that fault must
// not show the violation.
//
// # Checking a run
//
//	r, _ := run.New(cfg, nil)
//	r.Execute()
//	res := verdict.Check(r)
//	for _, v := range res.Violations { ... } // v.Class, v.Mech
//
// # Classes
//
// A violation is by design when its mechanism is a fault that struck its
// actors, a lease that ran out, a contract action (forceUnlock deleting a
// hold) or a run condition (asynchronous replication); known when a
// catalogued flaw of its algorithm explains it — its property and cause
// are the flaw's, and the run took the flaw's path on one of the cause's
// processes in its window; a bug otherwise. A gate fails only on bugs.
//
// # Confirming mechanisms
//
// Confirm re-runs the configuration without the faults a violation's
// mechanism names (run.Config.SkipFaults), up to the violation and a margin
// (run.Config.Until): when the violation — the same property, kind and
// actors — is gone, the mechanism is confirmed; when it is still there, it
// takes the mechanism the counterfactual run finds for it, which is
// confirmed in turn when it names a fault. Runs are shared between the
// violations that name the same faults.
//
// # What is not here
//
// verdict judges; the catalogue of flaws is data (package jobspec), and
// verdict keeps the catalogue of findings (Findings) with what measures them (batches of checked runs,
// the statement coverage of the scripts); it writes no report. The
// writers of its results live under report/ (report/bugzoo,
// report/sweeplog, report/mainjob's coverage), and the shrinker, which
// searches for a smaller failing run with Check as its oracle, is the run
// command's (cmd/simrun).
//
// It imports checks, clients, internal/ordered, jobspec, model, run and
// sim of this project.
package verdict
