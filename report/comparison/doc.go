// Package comparison writes what `simrun compare` makes of a
// fairness.Comparison: the markdown report DIR/<A>-vs-<B>.md (how the two
// sides differ and why, each mechanism's runs with their 95% interval,
// waiting times, fairness and progress, the waits by queue position), its
// SVG plot of the median wait by first queue position (PlotSVG: small,
// dependency-free, the same bytes for the same runs) and the JSON of
// --json (docs/json.md). Running and counting the runs is package
// fairness's; this package only writes.
//
// It imports checks, fairness, sim and verdict of this project.
package comparison
