package settingsmap

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/settings"
	"github.com/locksim/locksim/sim"
)

// Report renders several maps as one page: a section a Redisson user can
// read without knowing this tool (its numbers taken from the maps), how
// the worlds are made, then every map. svgs are the maps' pictures,
// relative to the page.
func Page(maps []*settings.Map, command string, svgs []string) string {
	var b strings.Builder
	b.WriteString("# Which Redisson settings keep the lock: measured maps\n\n")
	fmt.Fprintf(&b, "Made by `%s`, which writes this page and, beside it, each map's picture and JSON (`settings/`). Each map's own command (`simrun settings --algo ...`) makes one map for any algorithm and envelope.\n\n", command)
	b.WriteString("## For Redisson users\n\n")
	b.WriteString("This page answers, for an application that holds a Redisson lock around a critical section, which settings keep the lock **safe** (never two holders at once) and **live** (a free lock is taken, a dead holder's lock comes back), and what each choice costs — measured by simulating the exact Lua scripts and Java client logic of each Redisson version under two environments:\n\n")
	seen := map[string]bool{}
	for _, m := range maps {
		e := m.Spec.Envelope
		if seen[e.Name] {
			continue
		}
		seen[e.Name] = true
		fmt.Fprintf(&b, "- **%s**: %s; clocks within %s, %.0f ppm drift; %.2g%% of requests or replies lost; a replica %s behind", e.Name, summary(e), e.Skew, e.Drift, 100*e.Loss, e.ReplLag)
		if e.Failover > 0 {
			fmt.Fprintf(&b, "; a failover detected after %s", e.Failover)
		}
		b.WriteString(".\n")
	}
	b.WriteString("\nEvery number below is a count of simulated worlds (a few minutes of several JVMs contending for one lock, every fault of the environment happening in each); \"0 of 100\" means none of them lost the lock — a rate below about 3.7% at 95% confidence, not a proof that it never happens.\n\n")

	b.WriteString("### lock() with the watchdog: lockWatchdogTimeout\n\n")
	b.WriteString("`lock()` without a lease holds the lock for `lockWatchdogTimeout` (30 s by default) and renews it every third of that while the JVM lives. A holder that stops — a GC pause, a frozen VM — longer than about two thirds of the timeout minus a network round trip can lose the lock while it still believes it holds it, and another thread takes it. When critical sections are shorter than a third of the timeout the margin is larger: the timeout minus the section minus a round trip. So a shorter timeout survives shorter pauses, and a longer one makes a crashed holder's lock wait longer for the next one.\n\n")
	b.WriteString("| lock | environment | smallest lockWatchdogTimeout that lost no lock | a crashed holder's lock taken over after (median / p99) | with the default 30s |\n|---|---|---|---|---|\n")
	for _, m := range maps {
		if !has(m, settings.KnobWatchdog) {
			continue
		}
		k := m.Knob(settings.KnobWatchdog)
		c := m.FirstSafe(settings.KnobWatchdog)
		def := m.EnvCell(settings.KnobWatchdog, k.Default)
		first, take := "none up to 60s", "–"
		if c != nil {
			first = fmt.Sprintf("%s (0 of %d)", trimDefault(k.Format(c.Value)), c.Stats.Worlds)
			take = takeoverOf(c.Stats)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", m.Spec.Algo, m.Spec.Envelope.Name, first, take, takeoverOf(def.Stats))
	}
	e0 := maps[0].Spec.Envelope
	fmt.Fprintf(&b, "\nArithmetic gives a rule of thumb, which each map's \"checked against arithmetic\" table sets beside what the map found: **lockWatchdogTimeout > 1.5 × (longest pause + round trip)**, or, with critical sections shorter than a third of it, **> longest pause + longest section + round trip**. Below it a single pause at the wrong moment loses the lock; the maps show how often it did. A takeover after a crash takes the whole timeout: a standby that must take over within 2 s needs a timeout near 2 s, which (with %s sections and a %s round trip) survives pauses only up to %s.\n\n",
		settings.Dur(e0.CS), settings.Dur(e0.RoundTrip()), settings.Dur(settings.WatchdogSurvives(2*sim.Second, e0.CS, e0.RoundTrip())))

	b.WriteString("### lock(lease): the lease\n\n")
	b.WriteString("An explicit lease is never renewed: the lock expires after it whatever the holder does. It must cover the longest critical section, plus the longest pause that can strike during it, plus a round trip; a lease shorter than the section always loses the lock, and the next holder's writes interleave with the late holder's.\n\n")
	b.WriteString("| lock | environment | critical sections up to | longest pause | smallest lease that lost no lock |\n|---|---|---|---|---|\n")
	for _, m := range maps {
		if !has(m, settings.KnobLease) {
			continue
		}
		c := m.FirstSafe(settings.KnobLease)
		first := "none up to 30 sections"
		if c != nil {
			first = fmt.Sprintf("%s (0 of %d)", m.Knob(settings.KnobLease).Format(c.Value), c.Stats.Worlds)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", m.Spec.Algo, m.Spec.Envelope.Name, m.Spec.Envelope.CS, m.Spec.Envelope.Pause, first)
	}
	b.WriteString("\n")

	if fair := fairMaps(maps); len(fair) > 0 {
		b.WriteString("### The fair lock: fairLockWaitTimeout\n\n")
		b.WriteString("A fair lock queues its waiters. When a JVM crashes while one of its threads waits in the queue, that dead waiter keeps its place until `fairLockWaitTimeout` passes (5 minutes by default since 3.13.3; 5 s fixed before), and nobody behind it gets the lock meanwhile, although the lock is free. In 4.7.0 every live waiter behind it also asks Redis again every network round trip while it waits (its acquire script answers 0 ms to wait), which is the load column below.\n\n")
		b.WriteString("| lock | environment | fairLockWaitTimeout | crashes after which nobody got the lock within the world | takeover (median / p99) | acquisition (median / p99) | load (commands/s per waiting thread) |\n|---|---|---|---|---|---|---|\n")
		for _, m := range fair {
			k := m.Knob(settings.KnobWaitTimeout)
			for _, c := range m.Row(settings.KnobWaitTimeout, 1) {
				st := c.Stats
				fmt.Fprintf(&b, "| %s | %s | %s | %d of %d | %s | %s | %.3g |\n", m.Spec.Algo, m.Spec.Envelope.Name, k.Format(c.Value),
					st.NoTakeover, st.Crashes, takeoverOf(st), acquisitionOf(st), st.CmdRate())
			}
		}
		fmt.Fprintf(&b, "\nA world lasts %s, so \"nobody got the lock\" means for at least the rest of it. A short fairLockWaitTimeout gives the lock back soon after a crash, at a price these maps do not count: a live waiter that waits longer than it (behind a long critical section) loses its place in the queue (`simrun run`'s fifo and evicted checks show it).\n\n", settings.Dur(settings.Safety+settings.Liveness))
	}

	b.WriteString("### Timeouts and retries\n\n")
	b.WriteString("`timeout`, `retryAttempts`, `retryInterval` (and 4.7.0's `subscriptionTimeout`) decide how a command rides out a lost packet or a slow network. In these maps they change how many acquisitions fail with an exception far more than whether the lock is lost:\n\n")
	b.WriteString("| lock | environment | setting | failed acquisitions at each value | any lost lock |\n|---|---|---|---|---|\n")
	for _, m := range maps {
		for _, k := range m.Spec.Knobs {
			if k.Name == settings.KnobWatchdog || k.Name == settings.KnobLease || k.Name == settings.KnobWaitTimeout {
				continue
			}
			var parts []string
			lost := "no"
			for _, c := range m.Row(k.Name, 1) {
				st := c.Stats
				share := 0.0
				if st.Acquires > 0 {
					share = float64(st.Failed) / float64(st.Acquires)
				}
				parts = append(parts, fmt.Sprintf("%s: %s", k.Format(c.Value), pct(share)))
				if !st.Safe() {
					lost = "yes"
				}
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", m.Spec.Algo, m.Spec.Envelope.Name, k.Name, strings.Join(parts, ", "), lost)
		}
	}
	b.WriteString("\n")

	b.WriteString("### Fencing\n\n")
	b.WriteString("No lease setting makes a lock safe against a pause longer than the lease: the holder wakes up believing it still holds the lock. A resource that checks a fencing token (a number that grows with every grant; 4.7.0's `RFencedLock` issues one) refuses the late holder's writes once the new holder has written. Over every cell of each map:\n\n")
	b.WriteString("| lock | environment | stale writes (made after a newer holder got the lock) | refused by fencing | worlds where one still got through (before the new holder wrote) |\n|---|---|---|---|---|\n")
	for _, m := range maps {
		stale, refused, through, worlds := 0, 0, 0, 0
		seen := map[*settings.Stats]bool{}
		for _, c := range m.Cells {
			if st := c.Stats; !seen[st] {
				seen[st] = true
				stale, refused, through, worlds = stale+st.Stale, refused+st.Rejected, through+st.Fenced, worlds+st.Worlds
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d of %d |\n", m.Spec.Algo, m.Spec.Envelope.Name, stale, refused, through, worlds)
	}
	b.WriteString("\n")

	b.WriteString("### One line each\n\n")
	for _, m := range maps {
		fmt.Fprintf(&b, "- %s\n", Advice(m))
	}
	b.WriteString("\n## How the maps are made\n\n")
	b.WriteString(Method() + "\n\n")
	b.WriteString("## The maps\n\n")
	for i, m := range maps {
		svg := ""
		if i < len(svgs) {
			svg = svgs[i]
		}
		fmt.Fprintf(&b, "Seeds %d-%d: %d worlds per cell.\n\n", m.Spec.Lo, m.Spec.Hi, m.Spec.Hi-m.Spec.Lo+1)
		b.WriteString(Markdown(m, "", svg, 3))
	}
	return b.String()
}

// fairMaps are the maps that searched fairLockWaitTimeout.
func fairMaps(maps []*settings.Map) []*settings.Map {
	var out []*settings.Map
	for _, m := range maps {
		if has(m, settings.KnobWaitTimeout) {
			out = append(out, m)
		}
	}
	return out
}

// acquisitionOf renders the median and p99 of successful acquisitions.
func acquisitionOf(st *settings.Stats) string {
	if st.Latency.N() == 0 {
		return "–"
	}
	return fmt.Sprintf("%s / %s", settings.Dur(st.Latency.Quantile(0.5)), settings.Dur(st.Latency.Quantile(0.99)))
}

func trimDefault(s string) string { return strings.TrimSuffix(s, " (default)") }
