// Package versions asks every known Redisson finding of every simulated
// version — "is this fixed in my version?" — the same way for each: random
// runs of one preset, counted by the finding's signature (property, class,
// a word of the violation's detail), and an exhaustive search of a small
// configuration where the finding needs no fault. Ask returns the
// answers; package report/versiontable writes them as
// results/redisson-versions.md (`simrun versions`).
//
// A signature is narrower than the expected-bug catalog's property (which
// the gate uses): a row counts only violations that tell its mechanism, so
// a version's other bugs of the same property do not answer for it. Where
// no signature separates a mechanism (#3994's stopped watchdog ends in the
// same expired lock as 4.7.0's kept lease), the row names the tests that
// show it step by step instead.
//
// It imports checks, clients, explore and verdict of this project.
package versions
