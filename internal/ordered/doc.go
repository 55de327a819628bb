// Package ordered runs independent jobs on several goroutines and hands
// their results back one by one in job order, as soon as each is next in
// line: a sweep can print every finished run in seed order while later
// seeds still run, and the output does not depend on the number of
// workers.
//
// Jobs are numbered, not listed: the caller builds job i when a worker
// asks for it, so a range of a billion seeds costs no memory up front, and
// no more than a window of results waits for an earlier one at any time.
//
// It imports nothing of this project.
package ordered
