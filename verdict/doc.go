// Package verdict judges a simulated run: it runs every check of package
// checks on the run's history, knows which bug-class findings are known
// flaws of each algorithm (the catalog the gate does not fail on), and
// confirms the excuse of a by-design violation by a counterfactual: the
// same run with the excusing fault left out must not show the violation.
//
// # Checking a run
//
//	r, _ := clients.NewRun(cfg, nil)
//	r.Execute()
//	res := verdict.Check(r)
//	for _, v := range res.Violations { ... }
//
// # Confirming excuses
//
// A by-design violation is excused by a fault active in its window, but
// that the fault was active does not mean it caused the violation.
// Confirm re-runs the configuration once per fault named in an excuse,
// with that fault skipped (RunConfig.SkipFaults): when the violation —
// the same property, kind and actors — is gone, the excuse is confirmed;
// when it stays whichever single fault is left out, the run is tried once
// more without all of them, and the violation is judged again there: by
// design for another reason (a lease that ran out), or a bug.
package verdict
