package settingsmap

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/settings"
)

// pct renders a rate as a percentage with two significant digits.
func pct(x float64) string {
	switch {
	case x == 0:
		return "0%"
	case x >= 0.995:
		return "100%"
	case x < 0.001:
		return fmt.Sprintf("%.2g%%", 100*x)
	}
	return fmt.Sprintf("%.2g%%", 100*x)
}

// Rate renders k of n worlds with its 95% interval: zero as an upper
// bound ("0/100, < 3.6%"), else the interval.
func Rate(k, n int) string {
	if n == 0 {
		return "no world"
	}
	lo, hi := settings.Interval(k, n)
	if k == 0 {
		return fmt.Sprintf("0/%d (< %s)", n, pct(hi))
	}
	return fmt.Sprintf("%d/%d (%s–%s)", k, n, pct(lo), pct(hi))
}

// takeoverOf renders a cell's takeover time: median and p99, and the crashes
// after which nobody got the lock again.
func takeoverOf(st *settings.Stats) string {
	s := "–"
	if len(st.Takeovers) > 0 {
		s = fmt.Sprintf("%s / %s", settings.Dur(settings.Quantile(st.Takeovers, 0.5)), settings.Dur(settings.Quantile(st.Takeovers, 0.99)))
	}
	if st.NoTakeover > 0 {
		s += fmt.Sprintf(" (none in %d of %d)", st.NoTakeover, st.Crashes)
	}
	return s
}

// fencingOf renders what fencing tokens made of a cell's stale writes.
func fencingOf(st *settings.Stats) string {
	if st.Stale == 0 {
		return "no stale write"
	}
	s := fmt.Sprintf("refused %d of %d stale writes", st.Rejected, st.Stale)
	if st.Fenced > 0 {
		s += fmt.Sprintf("; one got through in %d worlds", st.Fenced)
	}
	return s
}

// summary says how the envelope's stops and network read in a sentence.
func summary(e settings.Envelope) string {
	return fmt.Sprintf("GC pauses up to %s, timer-thread delays up to %s, a %s round trip (+%s jitter), critical sections up to %s",
		settings.Dur(e.Pause), settings.Dur(e.TimerDelay), settings.Dur(e.RTT), settings.Dur(e.Jitter), settings.Dur(e.CS))
}

// Advice is the map's advice in one line: the smallest watchdog timeout
// and the shortest lease that lost no lock at the envelope, what a crash
// then costs against the default, and, for a fair lock, what a crashed
// waiter costs with the default fairLockWaitTimeout.
func Advice(m *settings.Map) string {
	e := m.Spec.Envelope
	var safe, unsafe []string
	var takeover string
	n := 0
	for _, k := range m.Spec.Knobs {
		top := m.Row(k.Name, 1)
		if len(top) == 0 {
			continue
		}
		n = max(n, top[0].Stats.Worlds)
		if k.Name != settings.KnobWatchdog && k.Name != settings.KnobLease {
			continue
		}
		c := m.FirstSafe(k.Name)
		if c == nil {
			last := top[len(top)-1]
			unsafe = append(unsafe, fmt.Sprintf("no %s up to %s kept the lock (at %s mutex in %s worlds, mostly %s)",
				k.Name, trimDefault(k.Format(last.Value)), trimDefault(k.Format(last.Value)), Rate(last.Stats.Violated[0], last.Stats.Worlds), topMech(last.Stats)))
			continue
		}
		safe = append(safe, fmt.Sprintf("%s >= %s", k.Name, trimDefault(k.Format(c.Value))))
		if k.Name == settings.KnobWatchdog {
			takeover = fmt.Sprintf("with lockWatchdogTimeout %s a crashed holder's lock is taken over in %s (median / p99)", trimDefault(k.Format(c.Value)), takeoverOf(c.Stats))
			if d := m.EnvCell(k.Name, k.Default); d != nil && d != c {
				takeover += fmt.Sprintf(", at the default %s in %s", trimDefault(k.Format(k.Default)), takeoverOf(d.Stats))
			}
		}
	}
	var parts []string
	_, hi := settings.Interval(0, n)
	if len(safe) > 0 {
		parts = append(parts, fmt.Sprintf("%s lost no lock (mutex or expiry) in any of %d worlds per value, a rate below %s at 95%%", strings.Join(safe, " and "), n, pct(hi)))
	}
	parts = append(parts, unsafe...)
	if takeover != "" {
		parts = append(parts, takeover)
	}
	if len(safe)+len(unsafe) == 0 {
		// neither the watchdog nor a lease searched: what the others did
		for _, k := range m.Spec.Knobs {
			var lost []string
			for _, c := range m.Row(k.Name, 1) {
				if !c.Stats.Safe() {
					lost = append(lost, fmt.Sprintf("%s in %s", trimDefault(k.Format(c.Value)), Rate(max(c.Stats.Violated[0], c.Stats.Violated[1]), c.Stats.Worlds)))
				}
			}
			if len(lost) == 0 {
				parts = append(parts, fmt.Sprintf("no value of %s lost the lock in %d worlds each (a rate below %s at 95%%)", k.Name, n, pct(hi)))
			} else {
				parts = append(parts, fmt.Sprintf("%s lost the lock at %s", k.Name, strings.Join(lost, ", ")))
			}
		}
	}
	if k := m.Knob(settings.KnobWaitTimeout); k.Name != "" {
		if d := m.EnvCell(k.Name, k.Default); d != nil && d.Stats.NoTakeover > 0 {
			parts = append(parts, fmt.Sprintf("with the default fairLockWaitTimeout %s nobody got the lock back within the %s world after %d of %d crashes (a dead waiter heads the queue)",
				trimDefault(k.Format(k.Default)), settings.Dur(settings.Safety+settings.Liveness), d.Stats.NoTakeover, d.Stats.Crashes))
		}
	}
	return fmt.Sprintf("%s under %s (%s): %s.", m.Spec.Algo, e.Name, summary(e), strings.Join(parts, "; "))
}

// topMech is the mechanism most of a cell's mutex violations had.
func topMech(st *settings.Stats) string {
	best, n := "", 0
	for label, c := range st.Mechs {
		if strings.HasPrefix(label, "mutex ") && (c > n || c == n && label < best) {
			best, n = label, c
		}
	}
	return strings.TrimPrefix(best, "mutex ")
}

// mechs lists a cell's mechanisms, most frequent first.
func mechs(st *settings.Stats) string {
	type mc struct {
		label string
		n     int
	}
	var all []mc
	for l, n := range st.Mechs {
		all = append(all, mc{l, n})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].label < all[j].label
	})
	var parts []string
	for _, x := range all {
		parts = append(parts, fmt.Sprintf("%s ×%d", x.label, x.n))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ", ")
}

// File is the markdown file of one map (`simrun settings --algo ...`):
// the map as Markdown renders it at the top level, then how the worlds
// are made (Method). svg is the map's picture, relative to the file.
func File(m *settings.Map, command, svg string) string {
	return Markdown(m, command, svg, 1) + "## How the worlds are made\n\n" + Method() + "\n"
}

// Markdown renders the map: advice, envelope, the maps as text, every
// setting's row at the envelope, the arithmetic check, and how the worlds
// are made. level is the heading level of its title (1: "#").
func Markdown(m *settings.Map, command, svg string, level int) string {
	h := func(n int) string { return strings.Repeat("#", level+n-1) + " " }
	e := m.Spec.Envelope
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s under the %s envelope\n\n", h(1), m.Spec.Algo, e.Name)
	if command != "" {
		fmt.Fprintf(&b, "Made by `%s`: seeds %d-%d, %d worlds per cell, %d distinct cells.\n\n", command, m.Spec.Lo, m.Spec.Hi, m.Spec.Hi-m.Spec.Lo+1, len(m.Unique()))
	}
	fmt.Fprintf(&b, "**Advice.** %s\n\n", Advice(m))
	fmt.Fprintf(&b, "%sEnvelope\n\n| | |\n|---|---|\n", h(2))
	for _, kv := range e.Values() {
		fmt.Fprintf(&b, "| %s | %s |\n", kv[0], kv[1])
	}
	b.WriteString("\n")
	if svg != "" {
		fmt.Fprintf(&b, "![%s: settings against the longest GC pause](%s)\n\n", m.Spec.Algo, svg)
	}
	for _, k := range m.Spec.Knobs {
		if !k.Map || len(m.Rows) < 2 {
			continue
		}
		fmt.Fprintf(&b, "%s%s against the longest GC pause\n\n", h(2), k.Name)
		b.WriteString("Each cell: `ok` when no world lost the lock (no mutex and no expiry violation), else `M`/`E` and how many worlds violated mutual exclusion / expiry. Rows from the longest pause down; the envelope's row is marked.\n\n")
		b.WriteString("| longest pause |")
		for _, v := range k.Values {
			fmt.Fprintf(&b, " %s |", k.Format(v))
		}
		b.WriteString("\n|---|")
		for range k.Values {
			b.WriteString("---|")
		}
		b.WriteString("\n")
		for r := len(m.Rows) - 1; r >= 0; r-- {
			row := m.Rows[r]
			label := settings.Dur(settings.Scale(e.Pause, row))
			if row == 1 {
				label = "**" + label + "** (envelope)"
			}
			fmt.Fprintf(&b, "| %s |", label)
			for _, c := range m.Row(k.Name, row) {
				st := c.Stats
				switch {
				case st.Worlds == 0:
					b.WriteString(" – |")
				case st.Safe():
					b.WriteString(" ok |")
				default:
					fmt.Fprintf(&b, " M%d E%d |", st.Violated[0], st.Violated[1])
				}
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%sEvery setting at the envelope\n\n", h(2))
	b.WriteString("One setting changed at a time, the others at Redisson's defaults. Violations count worlds (of the cell's), with 95% intervals; *fencing* is what a resource checking fencing tokens makes of the stale writes (those made after a newer holder got the lock: it refuses them once the newer holder has written); *takeover* is the time from a holder's crash to the next holder; *acquisition* the time a successful lock() call took; *load* the commands an acquisition made Redis run per second a thread waited.\n\n")
	b.WriteString("| setting | value | mutex | expiry | liveness | fencing | takeover p50 / p99 | acquisition p50 / p99 | failed acquisitions | load (cmd/s per waiter) | mechanisms |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, k := range m.Spec.Knobs {
		for _, c := range m.Row(k.Name, 1) {
			st := c.Stats
			acq := "–"
			if st.Latency.N() > 0 {
				acq = fmt.Sprintf("%s / %s", settings.Dur(st.Latency.Quantile(0.5)), settings.Dur(st.Latency.Quantile(0.99)))
			}
			mech := mechs(st)
			if first := st.FirstWorld(); first > 0 {
				mech += fmt.Sprintf(" (first: seed %d)", first)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %d of %d | %.3g | %s |\n",
				k.Name, k.Format(c.Value), Rate(st.Violated[0], st.Worlds), Rate(st.Violated[1], st.Worlds), Rate(st.Violated[2], st.Worlds),
				fencingOf(st), takeoverOf(st), acq, st.Failed, st.Acquires, st.CmdRate(), mech)
		}
	}
	fmt.Fprintf(&b, "\nOne world of a cell, told as a story: `go run ./cmd/simrun settings --algo %s --envelope %s --world SETTING=VALUE:SEED` (`--row X` for a row of the map, `--trace FILE` for its trace).\n\n",
		m.Spec.Algo, run.ShellQuote(m.Spec.Envelope.Arg()))
	if bs := m.Bounds(); len(bs) > 0 {
		fmt.Fprintf(&b, "%sChecked against arithmetic\n\n", h(2))
		fmt.Fprintf(&b, "With a round trip of %s (its mean jitter included) and sections up to %s: the watchdog renews a third of its timeout after the last reply, so a pause of P loses the lock when P > T − min(T/3, longest section) − round trip (two thirds of the timeout minus a round trip, once sections outlast a renewal); an explicit lease L loses it when L < longest section + P + round trip, and a lease shorter than every section always does. The first value of the grid each calls safe:\n\n", e.RoundTrip(), e.CS)
		b.WriteString("| setting | longest pause | arithmetic | map | why they differ |\n|---|---|---|---|---|\n")
		for _, bd := range bs {
			k := m.Knob(bd.Knob)
			f := func(v int64) string {
				if v == 0 {
					return "none in the grid"
				}
				return k.Format(v)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", bd.Knob, settings.Dur(bd.Pause), f(bd.Arith), f(bd.Map), bd.Why)
		}
		b.WriteString("\n")
	}
	if errs := errorsOf(m); errs != "" {
		fmt.Fprintf(&b, "%sWorlds that did not run to their end\n\n%s\n\n", h(2), errs)
	}
	return b.String()
}

// errors lists the cells some of whose worlds stopped at a run limit.
func errorsOf(m *settings.Map) string {
	var lines []string
	seen := map[*settings.Stats]bool{}
	for _, c := range m.Cells {
		if st := c.Stats; st.Errors > 0 && !seen[st] {
			seen[st] = true
			lines = append(lines, fmt.Sprintf("- %s %s: %d worlds (not counted), the first: %s", c.Knob, m.Knob(c.Knob).Format(c.Value), st.Errors, st.FirstError))
		}
	}
	return strings.Join(lines, "\n")
}

// Method says how the worlds are made and what is counted, for a report.
func Method() string {
	return fmt.Sprintf(`Each cell runs the same worlds (the same seeds: the same workload, the same fault times), changing only its setting, so that two cells differ by what the setting does. A world is %d client processes of %d threads that loop lock() (or lock(lease) for the lease), a critical section from half the envelope's longest to all of it, unlock(), and a think of %s on average; %s with faults, then %s healed. Every fault of the envelope happens in every world: one to three GC pauses and timer-thread stalls at random times and of random lengths up to the longest, and in half the worlds one more of the longest at the worst moment of a holder (as its watchdog fires, or as its lock is granted); a crash of a holder right after its lock was granted (the process back 5 s later), which the takeover time is measured from; request and reply loss for the whole phase; each client's clock offset and drift; the latencies; a failover when the envelope has one. The search is a grid, one setting at a time around Redisson's defaults, with lockWatchdogTimeout and the lease also against the longest pause; interactions between settings are not searched.

A world counts as violating a property when the checks found any violation of it, whatever its class: a catalogued flaw, a bug, or something Redisson does not claim to survive (a pause longer than the lease, a lease shorter than the section) — under the team's own envelope each is a lock lost, which the setting must keep away; the mechanisms column says which it was. Zero violations in N worlds is an upper bound on the rate (Clopper-Pearson, two-sided 95%%: about 3.7/N), not a proof of safety, and the rate is per world of this shape, in which every fault happens, not per hour of production.`,
		settings.Procs, settings.Threads, settings.Think, settings.Safety, settings.Liveness)
}

// knobNames lists the map's knobs.
func knobNames(m *settings.Map) []string {
	var out []string
	for _, k := range m.Spec.Knobs {
		out = append(out, k.Name)
	}
	return out
}

// has reports whether the map searched knob.
func has(m *settings.Map, knob string) bool { return slices.Contains(knobNames(m), knob) }
