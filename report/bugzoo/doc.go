// Package bugzoo writes results/bug-zoo.md (`simrun bugzoo`): each known
// finding of verdict.Findings with the rate verdict.MeasureFindings
// measured for it, the command that reproduces its first seed and its
// scenario file, then the findings only a scenario file or an exhaustive
// search shows. Measuring is package verdict's; this package only writes.
//
// It imports verdict of this project.
package bugzoo
