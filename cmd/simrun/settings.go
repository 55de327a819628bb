package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/report/settingsmap"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/settings"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/story"
	"github.com/locksim/locksim/verdict"
)

// settingsFlags are the flags of simrun settings.
type settingsFlags struct {
	algo, envelope, knobs, out, world string
	row                               float64
	report, merge                     bool
	trace                             string
}

// runSettings implements `simrun settings --algo NAME [--envelope SPEC]
// [--knobs LIST] [--seeds LO-HI] [--shard i/n] [--out DIR]`, `--merge
// FILE...`, `--report` and `--world SETTING=VALUE:SEED`: a map of the
// settings that keep the lock safe and live under a fault envelope
// (package settings), written as <out>/settings-<algo>-<envelope>.md,
// .svg and .json, with its advice on stdout.
func runSettings(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("settings", flag.ContinueOnError)
	var f settingsFlags
	fs.StringVar(&f.algo, "algo", "", "the lock `algorithm`: "+strings.Join(clients.Algorithms, ", "))
	fs.StringVar(&f.envelope, "envelope", "cloud", "the fault envelope: `SPEC` cloud or harsh, then KEY=VALUE changes, comma-separated (keys: "+envelopeKeys()+"), e.g. cloud,pause=2s,rtt=5ms")
	fs.StringVar(&f.knobs, "knobs", "all", "the settings to search, comma-separated `LIST` (all: every one that applies to the algorithm)")
	var sf sweepFlags
	sf.register(fs, 1, 100)
	shard := flagx.Shard{I: 1, N: 1}
	fs.Var(&shard, "shard", "run shard `i/n` of the seeds (every n-th from the i-th) and write only its JSON, for --merge")
	fs.StringVar(&f.out, "out", "results", "write the map's .md, .svg and .json into this `DIR`")
	fs.BoolVar(&f.merge, "merge", false, "merge the shards' JSON files given as arguments into the whole map")
	fs.BoolVar(&f.report, "report", false, "map rlock-3.16.8, rlock-4.7.0 and fairlock-4.7.0 under the cloud and harsh envelopes: <out>/settings.md and <out>/settings/")
	fs.StringVar(&f.world, "world", "", "run one world of the map, `SETTING=VALUE:SEED` (e.g. lockWatchdogTimeout=2s:17), and tell its violations")
	fs.Float64Var(&f.row, "row", 1, "with --world: the row, the envelope's longest pause times `X`")
	fs.StringVar(&f.trace, "trace", "", "with --world: write its JSON Lines trace to `FILE`")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	set := flagx.Visited(fs)
	for _, c := range []struct {
		mode bool
		name string
		bad  []string
	}{
		{f.merge, "merge", []string{"algo", "envelope", "knobs", "seeds", "shard", "report", "world", "row", "trace", "workers"}},
		{f.report, "report", []string{"algo", "envelope", "knobs", "shard", "world", "row", "trace"}},
		{f.world != "", "world", []string{"knobs", "seeds", "shard", "workers"}},
		{!f.merge && !f.report && f.world == "", "", []string{"row", "trace"}},
	} {
		if !c.mode {
			continue
		}
		for _, name := range c.bad {
			if set[name] {
				if c.name == "" {
					return usage(stderr, fmt.Sprintf("settings: --%s goes with --world", name))
				}
				return usage(stderr, fmt.Sprintf("settings: --%s does not go with --%s", name, c.name))
			}
		}
		break
	}
	if !f.merge && fs.NArg() > 0 {
		return usage(stderr, "settings: unexpected argument "+flagx.Quote(fs.Arg(0)))
	}
	switch {
	case f.merge:
		return settingsMerge(fs.Args(), f, stdout, stderr)
	case f.report:
		return settingsReport(ctx, f, sf, stdout, stderr)
	}
	if f.algo == "" {
		return usage(stderr, "settings: --algo is required (one of "+strings.Join(clients.Algorithms, ", ")+"), or --report, or --merge FILE...")
	}
	spec, err := settingsSpec(f.algo, f.envelope, f.knobs, sf.seeds, shard)
	if err != nil {
		return usage(stderr, "settings: "+err.Error())
	}
	if f.world != "" {
		return settingsWorld(spec, f, stdout, stderr)
	}
	m := settings.NewMap(spec)
	if err := m.Check(); err != nil {
		return usage(stderr, "settings: "+err.Error())
	}
	base := filepath.Join(f.out, mapName(spec))
	outs := []string{base + ".md", base + ".svg", base + ".json"}
	if shard.N > 1 {
		outs = []string{fmt.Sprintf("%s.shard-%d-of-%d.json", base, shard.I, shard.N)}
	}
	for _, p := range outs {
		if err := checkOutput("out", p); err != nil {
			return usage(stderr, "settings: "+err.Error())
		}
	}
	if done := m.Run(ctx, sf.n(), meter(stderr)); done < m.Worlds() {
		return interrupt.ExitCode(ctx) // no map rather than half of one
	}
	cmd := settingsCommand(f, sf.seeds, shard)
	if shard.N > 1 {
		if err := atomicfile.WriteBytes(outs[0], settingsmap.JSON(m, cmd)); err != nil {
			return writeFailed(stderr, "settings", err)
		}
		fmt.Fprintf(stdout, "settings: shard %s, %d worlds; wrote %s (merge the shards with simrun settings --merge)\n", shard.String(), m.Worlds(), outs[0])
		return exitOK
	}
	return writeMap(m, cmd, base, stdout, stderr)
}

// envelopeKeys lists --envelope's keys.
func envelopeKeys() string {
	var keys []string
	for _, f := range settings.Fields {
		keys = append(keys, f.Key)
	}
	return strings.Join(keys, ", ")
}

// settingsSpec checks and builds what a map is made of.
func settingsSpec(algo, envelope, knobs string, seeds flagx.SeedRange, shard flagx.Shard) (settings.Spec, error) {
	if err := clients.CheckAlgo(algo); err != nil {
		return settings.Spec{}, flagx.Errorf("algo", "%v", err)
	}
	e, err := settings.ParseEnvelope(envelope)
	if err != nil {
		return settings.Spec{}, flagx.Errorf("envelope", "%v", err)
	}
	all, err := settings.Knobs(algo, e)
	if err != nil {
		return settings.Spec{}, flagx.Errorf("algo", "%v", err)
	}
	ks, err := settings.SelectKnobs(all, knobs)
	if err != nil {
		return settings.Spec{}, flagx.Errorf("knobs", "%v", err)
	}
	if shard.Count(seeds) == 0 {
		return settings.Spec{}, fmt.Errorf("shard %s of seeds %s holds no seed", shard.String(), seeds.String())
	}
	return settings.Spec{Algo: algo, Envelope: e, Knobs: ks, Lo: seeds.Lo, Hi: seeds.Hi, ShardI: shard.I, ShardN: shard.N}, nil
}

// mapName is the base name of a map's files: settings-<algo>-<envelope>.
func mapName(s settings.Spec) string {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' {
			return r
		}
		return '-'
	}, s.Envelope.Name)
	return "settings-" + s.Algo + "-" + name
}

// settingsCommand is the command that makes the map again (without
// --workers, which changes nothing in it).
func settingsCommand(f settingsFlags, seeds flagx.SeedRange, shard flagx.Shard) string {
	cmd := "go run ./cmd/simrun settings --algo " + f.algo
	if f.envelope != "cloud" {
		cmd += " --envelope " + run.ShellQuote(f.envelope)
	}
	if f.knobs != "all" {
		cmd += " --knobs " + run.ShellQuote(f.knobs)
	}
	if seeds != (flagx.SeedRange{Lo: 1, Hi: 100}) {
		cmd += " --seeds " + seeds.String()
	}
	if shard.N > 1 {
		cmd += " --shard " + shard.String()
	}
	if f.out != "results" {
		cmd += " --out " + run.ShellQuote(f.out)
	}
	return cmd
}

// writeMap writes a whole map's three files together, or none, and
// prints its advice.
func writeMap(m *settings.Map, cmd, base string, stdout, stderr io.Writer) int {
	svg := filepath.Base(base) + ".svg"
	var set atomicfile.Set
	set.AddBytes(base+".md", []byte(settingsmap.File(m, cmd, svg)))
	set.AddBytes(base+".svg", settingsmap.SVG(m))
	set.AddBytes(base+".json", settingsmap.JSON(m, cmd))
	if err := set.Commit(); err != nil {
		return writeFailed(stderr, "settings", err)
	}
	fmt.Fprintln(stdout, settingsmap.Advice(m))
	fmt.Fprintf(stdout, "settings: %d worlds; wrote %s.md, .svg and .json\n", m.Worlds(), base)
	return exitOK
}

// settingsMerge merges shard files into the whole map.
func settingsMerge(files []string, f settingsFlags, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		return usage(stderr, "settings: --merge needs the shards' JSON files as arguments")
	}
	var parts []*settings.Map
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return usage(stderr, fmt.Sprintf("settings: %v", err))
		}
		p, err := settingsmap.ReadJSON(b)
		if err != nil {
			return usage(stderr, fmt.Sprintf("settings: %s: %v", name, err))
		}
		parts = append(parts, p)
	}
	m, err := settings.Merge(parts)
	if err != nil {
		return usage(stderr, "settings: --merge: "+err.Error())
	}
	base := filepath.Join(f.out, mapName(m.Spec))
	for _, p := range []string{base + ".md", base + ".svg", base + ".json"} {
		if err := checkOutput("out", p); err != nil {
			return usage(stderr, "settings: "+err.Error())
		}
	}
	g := settingsFlags{algo: m.Spec.Algo, envelope: m.Spec.Envelope.Arg(), knobs: knobList(m), out: f.out}
	return writeMap(m, settingsCommand(g, flagx.SeedRange{Lo: m.Spec.Lo, Hi: m.Spec.Hi}, flagx.Shard{I: 1, N: 1}), base, stdout, stderr)
}

// knobList is the --knobs value of the map's settings ("all" when they
// are every one).
func knobList(m *settings.Map) string {
	all, _ := settings.Knobs(m.Spec.Algo, m.Spec.Envelope)
	if len(all) == len(m.Spec.Knobs) {
		return "all"
	}
	var names []string
	for _, k := range m.Spec.Knobs {
		names = append(names, k.Name)
	}
	return strings.Join(names, ",")
}

// settingsWorld runs one world of a map and tells its violations.
func settingsWorld(spec settings.Spec, f settingsFlags, stdout, stderr io.Writer) int {
	setting, seedText, ok := strings.Cut(f.world, ":")
	name, value, ok2 := strings.Cut(setting, "=")
	seed, err := flagx.ParseUint(seedText)
	if !ok || !ok2 || err != nil {
		return usage(stderr, fmt.Sprintf("settings: --world %s: want SETTING=VALUE:SEED, e.g. lockWatchdogTimeout=2s:17", flagx.Quote(f.world)))
	}
	if f.row <= 0 || f.row > 100 || f.row != f.row {
		return usage(stderr, fmt.Sprintf("settings: --row %g: want a multiple of the envelope's longest pause from above 0 to 100", f.row))
	}
	var knob settings.Knob
	for _, k := range spec.Knobs {
		if k.Name == name {
			knob = k
		}
	}
	if knob.Name == "" {
		return usage(stderr, fmt.Sprintf("settings: --world: %s is not a setting of %s (%s)", flagx.Quote(name), spec.Algo, knobNames(spec.Knobs)))
	}
	var v int64
	if knob.Count {
		v, err = flagx.ParseInt(value)
		if err == nil && (v < 1 || v > maxRetryAttempts) {
			err = fmt.Errorf("out of range")
		}
	} else {
		var d sim.Duration
		d, err = sim.ParseDuration(value)
		if err == nil && (d < sim.Millisecond || d > maxClientSetting) {
			err = fmt.Errorf("out of range")
		}
		v = d.Ms()
	}
	if err != nil {
		return usage(stderr, fmt.Sprintf("settings: --world: %s=%s: want %s", name, flagx.Quote(value), map[bool]string{true: "a count from 1 to 100", false: "a duration from 1ms to 1h"}[knob.Count]))
	}
	m := settings.NewMap(spec)
	c := &settings.Cell{Knob: name, Value: v, Row: f.row, Pause: sim.Duration(float64(spec.Envelope.Pause) * f.row)}
	cfg := m.Config(c, seed)
	if f.trace != "" {
		if err := checkOutput("trace", f.trace); err != nil {
			return usage(stderr, "settings: "+err.Error())
		}
	}
	if _, err := run.New(cfg, nil); err != nil {
		return usage(stderr, "settings: --world: "+err.Error())
	}
	var r *run.Run
	var lines [][]byte
	var runErr error
	execute := func(w io.Writer) error {
		if r, runErr = run.New(cfg, w); runErr != nil {
			return runErr
		}
		r.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
		r.Execute()
		if runErr = r.Err(); runErr != nil {
			return runErr
		}
		return r.World.Tracer().Flush()
	}
	if f.trace != "" {
		if err := atomicfile.Write(f.trace, execute); err != nil {
			if runErr != nil {
				return runFailed(stderr, "settings", runErr)
			}
			return writeFailed(stderr, "settings", err)
		}
	} else if err := execute(nil); err != nil {
		return runFailed(stderr, "settings", err)
	}
	fmt.Fprintf(stdout, "world %d of %s under %s, %s %s, longest pause %s\n", seed, spec.Algo, spec.Envelope.Name, name, knob.Format(v), c.Pause)
	for _, h := range r.Header {
		fmt.Fprintln(stdout, h)
	}
	res := verdict.Check(r)
	counted := 0
	trace := story.NewTrace(lines)
	for _, v := range res.Violations {
		if !isCounted(v) {
			continue
		}
		counted++
		fmt.Fprintln(stdout)
		tell(stdout, verdict.Default, v, r.History, trace)
		if v.Property == "mutex" {
			fmt.Fprintln(stdout, "  fencing: "+res.Fencing.String())
		}
	}
	if counted == 0 {
		fmt.Fprintln(stdout, "no mutex, expiry or liveness violation")
	}
	return exitOK
}

// isCounted reports whether a violation is of a property a map counts.
func isCounted(v checks.Violation) bool {
	for _, p := range settings.Counted {
		if v.Property == p {
			return true
		}
	}
	return false
}

func knobNames(ks []settings.Knob) string {
	var names []string
	for _, k := range ks {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}

// reportMaps are the maps of results/settings.md: the versions users run
// most, each under the default and the harsh envelope, on seeds 1-100
// (fairlock-4.7.0's spin behind a crashed waiter fast-forwarded, sim/spin.go).
var reportMaps = []struct {
	algo, envelope string
	seeds          flagx.SeedRange
}{
	{"rlock-3.16.8", "cloud", flagx.SeedRange{Lo: 1, Hi: 100}},
	{"rlock-3.16.8", "harsh", flagx.SeedRange{Lo: 1, Hi: 100}},
	{"rlock-4.7.0", "cloud", flagx.SeedRange{Lo: 1, Hi: 100}},
	{"rlock-4.7.0", "harsh", flagx.SeedRange{Lo: 1, Hi: 100}},
	{"fairlock-4.7.0", "cloud", flagx.SeedRange{Lo: 1, Hi: 100}},
	{"fairlock-4.7.0", "harsh", flagx.SeedRange{Lo: 1, Hi: 100}},
}

// settingsReport makes the maps of reportMaps and writes results/settings.md
// with each map's .svg and .json under results/settings/.
func settingsReport(ctx context.Context, f settingsFlags, sf sweepFlags, stdout, stderr io.Writer) int {
	md := filepath.Join(f.out, "settings.md")
	dir := filepath.Join(f.out, "settings")
	cmd := "go run ./cmd/simrun settings --report"
	if sf.seeds != (flagx.SeedRange{Lo: 1, Hi: 100}) {
		cmd += " --seeds " + sf.seeds.String()
	}
	if f.out != "results" {
		cmd += " --out " + run.ShellQuote(f.out)
	}
	var maps []*settings.Map
	var set atomicfile.Set
	var names []string
	for _, rm := range reportMaps {
		seeds := rm.seeds
		if sf.seeds != (flagx.SeedRange{Lo: 1, Hi: 100}) {
			seeds = sf.seeds // --seeds given: every map on it (a quicker look)
		}
		spec, err := settingsSpec(rm.algo, rm.envelope, "all", seeds, flagx.Shard{I: 1, N: 1})
		if err != nil {
			return usage(stderr, "settings: "+err.Error())
		}
		maps = append(maps, settings.NewMap(spec))
		names = append(names, mapName(spec))
	}
	for _, p := range []string{md, filepath.Join(dir, names[0]+".svg")} {
		if err := checkOutput("out", p); err != nil {
			return usage(stderr, "settings: "+err.Error())
		}
	}
	for i, m := range maps {
		if err := m.Check(); err != nil {
			return usage(stderr, "settings: "+err.Error())
		}
		fmt.Fprintf(stderr, "settings: %s under %s, seeds %d-%d\n", m.Spec.Algo, m.Spec.Envelope.Name, m.Spec.Lo, m.Spec.Hi)
		if done := m.Run(ctx, sf.n(), meter(stderr)); done < m.Worlds() {
			return interrupt.ExitCode(ctx)
		}
		set.AddBytes(filepath.Join(dir, names[i]+".svg"), settingsmap.SVG(m))
		set.AddBytes(filepath.Join(dir, names[i]+".json"), settingsmap.JSON(m, cmd))
	}
	var svgs []string
	for _, n := range names {
		svgs = append(svgs, "settings/"+n+".svg")
	}
	set.AddBytes(md, []byte(settingsmap.Page(maps, cmd, svgs)))
	if err := set.Commit(); err != nil {
		return writeFailed(stderr, "settings", err)
	}
	for _, m := range maps {
		fmt.Fprintln(stdout, settingsmap.Advice(m))
	}
	fmt.Fprintf(stdout, "settings: %d maps; wrote %s and %s/\n", len(maps), md, dir)
	return exitOK
}
