// Package layout holds no code: its test holds every package of the
// project to the import rules docs/ARCHITECTURE.md states. Each package's
// comment has one sentence naming the project packages the package
// imports, or that there are none; the test compares that sentence with
// the imports of its non-test files, and checks that the lower packages
// (scripts, sim, model) import nothing above them.
//
// It imports nothing of this project.
package layout
