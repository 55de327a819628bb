package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/scenario"
)

// runScenario implements `simrun scenario [--rewrite] FILE...`: it runs
// each datadriven scenario file (package scenario), prints every command
// with its output in the file's own format, and checks each output
// against the one the file holds: a difference is a unified diff and exit
// 1. --rewrite writes the outputs into the file instead (as `go test
// ./scenario -rewrite` does). A malformed command, or a file with
// no command, stops it with exit code 2 and one line "file:line: what is
// wrong".
func runScenario(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("scenario", flag.ContinueOnError)
	rewrite := fs.Bool("rewrite", false, "write each command's output into the file instead of checking it")
	quiet := fs.Bool("quiet", false, "print only the differences and the summary, not every command's output")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() == 0 {
		return usage(stderr, "scenario: name at least one scenario file (usage: simrun scenario [--rewrite] FILE...)")
	}
	if *rewrite {
		for _, name := range fs.Args() {
			if err := checkOutput("rewrite", name); err != nil {
				return usage(stderr, "scenario: "+err.Error())
			}
		}
	}
	// Every file is read, parsed and run before anything is printed or
	// written: a malformed one (or a flag after the file names) fails the
	// whole command with nothing rewritten.
	cs, err := scenario.CheckFiles(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "simrun scenario: %s\n", oneLine(err.Error()))
		return exitUsage
	}
	code := exitOK
	for i, name := range fs.Args() {
		c := cs[i]
		if fs.NArg() > 1 && !*quiet {
			fmt.Fprintf(stdout, "# %s\n\n", name)
		}
		if !*quiet {
			io.WriteString(stdout, c.Output())
		}
		differ := 0
		for _, s := range c.Steps {
			if !s.Differs() {
				continue
			}
			differ++
			if !*rewrite {
				io.WriteString(stdout, s.Diff(name))
			}
		}
		switch {
		case *rewrite && differ > 0:
			if err := atomicfile.WriteBytes(name, c.Rewrite()); err != nil {
				return writeFailed(stderr, "scenario", err)
			}
			fmt.Fprintf(stdout, "scenario %s: %d commands, rewrote the output of %d\n", name, len(c.Steps), differ)
		case differ > 0:
			fmt.Fprintf(stdout, "scenario %s: %d commands, %d outputs differ from the file (simrun scenario --rewrite %s updates it)\n", name, len(c.Steps), differ, name)
			code = exitViolated
		default:
			fmt.Fprintf(stdout, "scenario %s: %d commands, every output as in the file\n", name, len(c.Steps))
		}
	}
	return code
}

// oneLine joins the lines of an error message.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
