package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
)

// runConform implements `simrun conform [--scripts DIR] FILE...` and
// `simrun conform --emit FILE [--out PATH]`.
func runConform(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("conform", flag.ContinueOnError)
	emit := fs.String("emit", "", "write `FILE`'s steps with the simulated store's replies (to stdout, or --out)")
	out := fs.String("out", "", "with --emit: write to `PATH` (a regular file atomically) instead of stdout")
	dir := fs.String("scripts", "", "take the scripts in this `DIR` of your own (any subset) instead of the embedded ones")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	resolve, err := newResolver(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "simrun conform: --scripts: %v\n", err)
		return exitUsage
	}
	if *emit != "" {
		if fs.NArg() > 0 {
			return usage(stderr, "conform --emit takes one file")
		}
		if *out != "" {
			if err := checkOutput("out", *out); err != nil {
				return usage(stderr, "conform: "+err.Error())
			}
		}
		return emitConform(*emit, *out, resolve, stdout, stderr)
	}
	if *out != "" {
		return usage(stderr, "conform: --out goes with --emit")
	}
	if fs.NArg() == 0 {
		return usage(stderr, "conform: name at least one conformance file")
	}
	files := make(map[string][]conformance.Step)
	for _, name := range fs.Args() {
		steps, err := readConformance(name)
		if err != nil {
			fmt.Fprintf(stderr, "simrun conform: %v\n", err)
			return exitUsage
		}
		files[name] = steps
	}
	eng := sim.NewEngine()
	newStore := func() *sim.Store { s := sim.NewStore(); s.SetEngine(eng); return s }
	code := exitOK
	var cases, steps, bad int
	for _, name := range fs.Args() {
		res, err := conformance.Check(name, files[name], resolve, newStore)
		if err != nil {
			fmt.Fprintf(stderr, "simrun conform: %v\n", err)
			return exitUsage
		}
		for _, m := range res.Mismatches {
			fmt.Fprintln(stdout, m.String())
		}
		cases += res.Cases
		steps += res.Steps
		bad += len(res.Mismatches)
		if len(res.Mismatches) > 0 {
			code = exitViolated
		}
	}
	fmt.Fprintf(stdout, "conform: %d files, %d cases, %d steps, %d mismatches\n", fs.NArg(), cases, steps, bad)
	return code
}

// readConformance reads a conformance file; one without a single step
// would check nothing and is an error.
func readConformance(name string) ([]conformance.Step, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	steps, err := conformance.Parse(name, f)
	if err != nil {
		return nil, err
	}
	for _, st := range steps {
		if !st.IsCase() {
			return steps, nil
		}
	}
	return nil, fmt.Errorf("%s: no step to check (want {\"case\": NAME} lines, each followed by steps)", name)
}

func emitConform(name, out string, resolve conformance.Resolver, stdout, stderr io.Writer) int {
	steps, err := readConformance(name)
	if err != nil {
		fmt.Fprintf(stderr, "simrun conform: %v\n", err)
		return exitUsage
	}
	eng := sim.NewEngine()
	var store *sim.Store
	var replies []sim.Reply
	for i := range steps {
		st := &steps[i]
		if st.IsCase() {
			store = sim.NewStore()
			store.SetEngine(eng)
			continue
		}
		if store == nil {
			fmt.Fprintf(stderr, "simrun conform: %s:%d: a step before the first {\"case\": NAME} line\n", name, st.Line)
			return exitUsage
		}
		r, err := conformance.Run(store, resolve, st)
		if err != nil {
			fmt.Fprintf(stderr, "simrun conform: %s:%d: %v\n", name, st.Line, err)
			return exitUsage
		}
		replies = append(replies, r)
	}
	if out == "" {
		if err := conformance.Emit(stdout, steps, replies); err != nil {
			return writeFailed(stderr, "conform", err)
		}
		return exitOK
	}
	err = atomicfile.Write(out, func(w io.Writer) error { return conformance.Emit(w, steps, replies) })
	if err != nil {
		return writeFailed(stderr, "conform", err)
	}
	return exitOK
}

// newResolver compiles scripts by ID, once each: from the user's
// directory for the IDs it holds (any subset, as run --scripts takes it),
// from the embedded registry for the others. A script that does not
// compile is named by file and ID.
func newResolver(dir string) (conformance.Resolver, error) {
	var own map[string]*scripts.Script
	if dir != "" {
		var err error
		own, err = scripts.LoadDir(dir)
		if err != nil {
			return nil, err
		}
	}
	cache := map[string]*sim.Script{}
	return func(id string) (*sim.Script, error) {
		if c := cache[id]; c != nil {
			return c, nil
		}
		src := own[id]
		if src == nil {
			var err error
			if src, err = scripts.Lookup(id); err != nil {
				return nil, err
			}
		}
		c, err := sim.CompileScript(id, src.Source)
		if err != nil {
			if src.File != "" {
				return nil, fmt.Errorf("%s: script %s: %v", src.File, id, err)
			}
			return nil, fmt.Errorf("script %s: %v", id, err)
		}
		cache[id] = c
		return c, nil
	}, nil
}
