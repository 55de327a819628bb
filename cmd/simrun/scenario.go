package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/locksim/locksim/scenario"
)

// runScenario implements `simrun scenario FILE...`: it runs each datadriven
// scenario file (clients/scenario) and prints every command with its output,
// in the file's own format. A malformed command stops it with exit code 2
// and one line "file:line: what is wrong".
func runScenario(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("scenario", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return usage(stderr, "scenario: "+err.Error())
	}
	if fs.NArg() == 0 {
		return usage(stderr, "scenario: name at least one scenario file (usage: simrun scenario FILE...)")
	}
	for _, name := range fs.Args() {
		if fs.NArg() > 1 {
			fmt.Fprintf(stdout, "# %s\n\n", name)
		}
		if err := scenario.RunFile(name, stdout); err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
	}
	return exitOK
}
