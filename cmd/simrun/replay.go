package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/sim/jsonl"
	"github.com/locksim/locksim/verdict"
)

// runReplay implements `simrun replay TRACE` (rebuild the run a saved trace
// came from, run it again, and check that every line comes out the same)
// and `simrun replay --algo NAME --seed N ...` (the same as run).
func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && isHelp(args[0]) {
		fs := flag.NewFlagSet("replay", flag.ContinueOnError)
		printHelp(fs, stdout)
		fmt.Fprintln(stdout, "  (a seed takes the flags of 'simrun help run')")
		return exitOK
	}
	if len(args) == 0 {
		return usage(stderr, "replay: name a saved trace (replay TRACE), or a run by its flags (replay --algo NAME [--seed N] ...)")
	}
	if !strings.HasPrefix(args[0], "-") {
		if len(args) > 1 {
			return usage(stderr, fmt.Sprintf("replay: unexpected argument %s (replay takes one trace file and no flags)", flagx.Quote(args[1])))
		}
		return replayTrace(args[0], stdout, stderr)
	}
	return runSeed(ctx, "replay", args, stdout, stderr)
}

// Bounds of a trace replay reads: it holds the file and the replay's own
// trace in memory. A line of 64 MiB is far beyond any event; 1 GiB is a
// trace of millions of events; a line is at least a few dozen bytes, so
// 16M lines is past 1 GiB of real ones.
var traceLimits = jsonl.Limits{MaxLine: 64 << 20, MaxBytes: 1 << 30, MaxLines: 1 << 24}

// readTrace reads a saved trace's lines within traceLimits: a device that
// never ends (/dev/zero) or a file of endless lines is an error naming it,
// not memory used up; a named pipe nobody writes is one at once, not a
// wait for a writer (jsonl.ReadFile).
func readTrace(name string) ([][]byte, error) {
	var lines [][]byte
	err := jsonl.ReadFile(name, traceLimits, func(n int, line []byte) error {
		lines = append(lines, bytes.Clone(line))
		if n == 1 {
			// A file that does not start with a run header is no trace:
			// the rest is not read (run.ReadTrace tells what line 1 is).
			var ev struct {
				Kind string `json:"kind"`
			}
			if json.Unmarshal(line, &ev) != nil || ev.Kind != "run" {
				return errNoTrace
			}
		}
		return nil
	})
	if err == errNoTrace {
		err = nil
	}
	return lines, err
}

var errNoTrace = errors.New("no trace")

func replayTrace(name string, stdout, stderr io.Writer) int {
	lines, err := readTrace(name)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitUsage
	}
	saved, cfg, err := run.ParseTrace(name, lines)
	// The header is line 1: its values are checked before any error of a
	// later line is told, unless reading it already failed.
	if len(saved) > 0 && (err == nil || !strings.HasPrefix(err.Error(), name+":1:") && !strings.HasPrefix(err.Error(), name+": ")) {
		if herr := checkHeader(name, saved[0]); herr != nil {
			err = herr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitUsage
	}
	cmp := &traceCompare{saved: saved}
	r, err := run.New(cfg, cmp)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %s:1: %v\n", name, err)
		return exitUsage
	}
	cmp.world = r.World
	r.Execute()
	if err := r.World.Tracer().Flush(); err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return exitHarness
	}
	if err := r.Err(); err != nil && cmp.line == 0 {
		// The run stopped (a script no Redis would finish) with every
		// line it made the same as the file's.
		return runFailed(stderr, "replay", err)
	}
	cmp.end()
	if cmp.line != 0 {
		// The file is the input that does not replay: bad input, exit 2.
		// (run --check-determinism, with no file, is the harness's failure.)
		fmt.Fprintf(stderr, "simrun replay: %s:%d: the replay diverges from the file (edited, or another build or non-determinism): saved %s; now %s\n", name, cmp.line, clip(cmp.want), clip(cmp.have))
		return exitUsage
	}
	got := saved // line for line the same
	fmt.Fprintf(stdout, "replay: %s: all %d lines came out the same\n", name, len(got))
	rf := runFlags{safety: cfg.Safety, liveness: cfg.Liveness}
	code, err := report(verdict.Default, r, got, cfg, rf, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "simrun replay: %v\n", err)
		return code
	}
	return code
}

// traceCompare is what a replay's tracer writes to: it compares each line
// with the saved trace's as the run makes it, and stops the run at the
// first line that differs or that goes past the saved trace's end. The
// run holds in memory what it made up to there (its history, the store's
// samples), so a trace whose header asks for more than its lines hold —
// edited to a day of 64 processes of 32 threads each — costs no more than
// its own lines: the replay stops at its first line past them.
type traceCompare struct {
	saved   [][]byte
	n       int    // lines compared and found the same
	partial []byte // the start of a line not yet complete
	world   *sim.World
	// line is the first line (from 1) that differs, 0 while none does;
	// want and have are the saved line and the replay's ("" past either
	// one's end).
	line       int
	want, have string
}

// errDiverged stops a replay's world at its first difference.
var errDiverged = errors.New("the replay diverges from the saved trace")

func (c *traceCompare) Write(p []byte) (int, error) {
	data := p
	for c.line == 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			c.partial = append(c.partial, data...)
			break
		}
		line := data[:i]
		if len(c.partial) > 0 {
			c.partial = append(c.partial, line...)
			line = c.partial
		}
		c.compare(line)
		c.partial = c.partial[:0]
		data = data[i+1:]
	}
	return len(p), nil
}

func (c *traceCompare) compare(line []byte) {
	switch {
	case c.n >= len(c.saved):
		c.diverge("", string(line))
	case !bytes.Equal(c.saved[c.n], line):
		c.diverge(string(c.saved[c.n]), string(line))
	default:
		c.n++
	}
}

func (c *traceCompare) diverge(want, have string) {
	c.line, c.want, c.have = c.n+1, want, have
	if c.world != nil {
		c.world.Fail(errDiverged)
	}
}

// end is called when the run has ended: a saved trace with lines left
// diverges at the first of them.
func (c *traceCompare) end() {
	if c.line == 0 && c.n < len(c.saved) {
		c.diverge(string(c.saved[c.n]), "")
	}
}

// clipLen is how much of a trace line a divergence shows.
const clipLen = 160

// clip cuts a trace line for a one-line message; "" (past the end of the
// file or of the replay) is told as such.
func clip(s string) string {
	if s == "" {
		return "(no line: past the end)"
	}
	if len(s) <= clipLen {
		return s
	}
	cut := clipLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// headerFlag maps a field of the run header (clients' header JSON) to the
// run flag that sets the same thing.
type headerFlag struct {
	field, flag string
	kind        byte // 's' a string, 'n' a number, 'm' a number of ms, 'l' a list of numbers, 'b' a boolean
}

var headerFlags = []headerFlag{
	{"algo", "algo", 's'}, {"seed", "seed", 'n'}, {"preset", "preset", 's'},
	{"scripts", "scripts", 's'}, {"mutant", "mutant", 's'},
	{"safety", "safety", 's'}, {"liveness", "liveness", 's'},
	{"procs", "procs", 'n'}, {"threads", "threads", 'n'},
	{"client.lock_watchdog_timeout_ms", "lock-watchdog-timeout", 'm'},
	{"client.thread_wait_time_ms", "thread-wait-time", 'm'},
	{"client.timeout_ms", "timeout", 'm'},
	{"client.retry_attempts", "retry-attempts", 'n'},
	{"client.retry_interval_ms", "retry-interval", 'm'},
	{"skip_faults", "skip-faults", 'l'},
	{"step_by_step", "step-by-step", 'b'},
}

// checkHeader checks the values of a trace's run header (line, the
// file's first) exactly as run checks its flags: each field present is
// given as the flag it stands for, and the flags are parsed and validated
// by the code run uses (flagx.Parse, runFlags.validate). A value outside what run takes is
// "NAME:1: bad run header: FIELD: WHY".
func checkHeader(name string, line []byte) error {
	bad := func(field, why string) error {
		return fmt.Errorf("%s:1: bad run header: %s: %s", name, field, why)
	}
	if err := jsonl.UniqueKeys(line); err != nil {
		var d *jsonl.DuplicateKeyError
		if errors.As(err, &d) {
			return bad(d.Key, "given twice")
		}
		return fmt.Errorf("%s:1: bad run header: %v", name, err)
	}
	args, err := headerArgs(line)
	if err != nil {
		return fmt.Errorf("%s:1: bad run header: %v", name, err)
	}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	var rf runFlags
	rf.register(fs, true)
	err = flagx.Parse(fs, args)
	if err == nil {
		err = rf.validate(fs, true)
	}
	if err == nil {
		return nil
	}
	var fe *flagx.Error
	if errors.As(err, &fe) {
		for _, h := range headerFlags {
			if h.flag == fe.Flag {
				return bad(h.field, fe.Why)
			}
		}
	}
	return fmt.Errorf("%s:1: bad run header: %v", name, err)
}

// headerArgs renders the fields a run header holds as run's flags.
func headerArgs(line []byte) ([]string, error) {
	var ev struct {
		Config map[string]json.RawMessage `json:"config"`
	}
	if err := json.Unmarshal(line, &ev); err != nil {
		return nil, err
	}
	var client map[string]json.RawMessage
	if c, ok := ev.Config["client"]; ok {
		if err := json.Unmarshal(c, &client); err != nil {
			return nil, fmt.Errorf("client: %v", err)
		}
	}
	var args []string
	_, texts := ev.Config["script_texts"]
	for _, h := range headerFlags {
		if h.field == "scripts" && texts {
			continue // the trace holds the scripts: the directory need not be there (ParseHeader checks them)
		}
		var v json.RawMessage
		var ok bool
		if key, sub := strings.CutPrefix(h.field, "client."); sub {
			v, ok = client[key]
		} else {
			v, ok = ev.Config[h.field]
		}
		if !ok {
			continue
		}
		var val string
		switch h.kind {
		case 's':
			if err := json.Unmarshal(v, &val); err != nil {
				return nil, fmt.Errorf("%s: not a string", h.field)
			}
		case 'n', 'm', 'b':
			val = string(bytes.TrimSpace(v))
			if h.kind == 'm' {
				val += "ms"
			}
		case 'l':
			var xs []json.RawMessage
			if err := json.Unmarshal(v, &xs); err != nil {
				return nil, fmt.Errorf("%s: not a list", h.field)
			}
			parts := make([]string, len(xs))
			for i, x := range xs {
				parts[i] = string(bytes.TrimSpace(x))
			}
			val = strings.Join(parts, ",")
		}
		args = append(args, "--"+h.flag+"="+val)
	}
	return args, nil
}
