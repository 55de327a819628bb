// Package story tells a violation the way an engineer reads a bug report:
// from a run's trace, the calls and returns of the owners involved, every
// command or script the store ran on the lock and every fault, from shortly
// before the first of them acquired to the violation, one event per line,
// with owners renamed A, B, C.
//
//	for _, line := range story.Tell(v, run.History, traceLines) {
//		fmt.Println(line)
//	}
//
// It imports checks, model and sim of this project.
package story
