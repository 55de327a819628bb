// Package report is the folder of the writers: every markdown, SVG, JSON
// and JUnit file a simrun command writes is made by one package under
// report/, from the data a computing package returns.
//
//   - report/mainjob: the main job and a change judged by the gate
//     (package gate): the printed report (--out), --json and its reader
//     for `simrun merge`, --junit, the GitHub annotations, --coverage;
//   - report/mutants: results/mutants.md (gate.RunMutants);
//   - report/bugzoo: results/bug-zoo.md (verdict.MeasureFindings);
//   - report/sweeplog: what `simrun sweep` prints, text or JSON Lines;
//   - report/comparison: `simrun compare`'s markdown, SVG and JSON
//     (package fairness);
//   - report/versiontable: results/redisson-versions.md (package
//     versions);
//   - report/exploration: `simrun explore --json`, its scenario files and
//     results/explore.md (package explore);
//   - report/settingsmap: `simrun settings`' markdown, SVG and JSON, and
//     results/settings.md (package settings).
//
// The packages that judge or compute (verdict, gate, fairness, versions,
// explore, settings) return data and write no file; the writers import
// them, never the other way round, and nothing below them — verdict,
// checks, clients, run, sim, model, scripts — imports a writer
// (TestLowerPackagesImportNoWriter holds it).
//
// This package itself holds no code. It imports nothing of this project.
package report
