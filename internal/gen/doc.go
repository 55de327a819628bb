// Package gen holds rapid generators the tests of several packages share:
// RunConfig draws a run configuration, valid for simrun's flags, with every
// field the run header and the flags carry either set or left at its zero.
//
// It imports clients, run and sim of this project.
package gen
