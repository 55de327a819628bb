// Package versiontable writes results/redisson-versions.md (`simrun
// versions`): every known Redisson finding (versions.Questions) as a row,
// each version's answer (versions.Ask) as a cell — found with its first
// seed and hit rate, not found in N runs, absent at an explore bound —
// and the signature each row counts by. Asking is package versions';
// this package only writes.
//
// It imports explore and versions of this project.
package versiontable
