package sim

import (
	"fmt"
	"strconv"
	"time"
)

// Time is a virtual instant: microseconds since the start of a run. Duration
// is a virtual span in microseconds. Both are plain integers so a run is
// exact and identical on every machine.
type (
	Time     int64
	Duration int64
)

// Units of virtual time.
const (
	Microsecond Duration = 1
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
)

// Epoch is the Unix time (ms) at virtual time 0 of every run: 2024-01-01
// 00:00:00 UTC, so store TTLs and the fair lock's scores look like the real
// millisecond timestamps of the conformance cases.
const Epoch int64 = 1704067200000

// Add returns t+d.
func (t Time) Add(d Duration) Time { return t + Time(d) }

// Sub returns t-u.
func (t Time) Sub(u Time) Duration { return Duration(t - u) }

// String renders virtual time as seconds with millisecond precision, as
// stories print it (t=31.002s).
func (t Time) String() string { return formatSeconds(int64(t)) }

// String renders a duration compactly: 35s, 1.500s, 250ms, 300us. Spans
// of a second or more print to the millisecond, as stories read them.
func (d Duration) String() string {
	switch {
	case d%Second == 0:
		return strconv.FormatInt(int64(d/Second), 10) + "s"
	case d >= Second || d <= -Second:
		return formatSeconds(int64(d))
	case d%Millisecond == 0:
		return strconv.FormatInt(int64(d/Millisecond), 10) + "ms"
	}
	return strconv.FormatInt(int64(d), 10) + "us"
}

// Ms returns the duration in whole milliseconds (truncated).
func (d Duration) Ms() int64 { return int64(d / Millisecond) }

func formatSeconds(us int64) string {
	sign := ""
	if us < 0 {
		sign, us = "-", -us
	}
	return fmt.Sprintf("%s%d.%03ds", sign, us/1e6, (us%1e6)/1e3)
}

// ParseDuration reads a duration such as "250ms", "35s", "1m30s" or "1h".
func ParseDuration(s string) (Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("bad duration %q (want e.g. 250ms, 35s, 5m)", s)
	}
	if d%time.Microsecond != 0 {
		return 0, fmt.Errorf("bad duration %q: finer than a microsecond", s)
	}
	return Duration(d / time.Microsecond), nil
}

// Clock is one node's wall clock: the virtual time plus an offset, a drift
// in parts per million, and the steps applied to it so far. Each node has
// its own; store TTLs follow the server's clock, clients read their own.
type Clock struct {
	Offset   Duration // added to virtual time (steps move it)
	DriftPPM float64  // rate error: +100 runs 100 µs fast per second
}

// Read returns the clock's reading at virtual time t, in µs since Epoch.
func (c *Clock) Read(t Time) int64 {
	drift := int64(float64(t) * c.DriftPPM / 1e6)
	return int64(t) + int64(c.Offset) + drift
}

// UnixMs returns the clock's reading at t as Unix milliseconds, as Java's
// System.currentTimeMillis() and Redis's mstime() give it.
func (c *Clock) UnixMs(t Time) int64 {
	us := c.Read(t)
	ms := us / 1000
	if us < 0 && us%1000 != 0 {
		ms-- // floor, not truncation, for clocks stepped before Epoch
	}
	return Epoch + ms
}

// Step moves the clock by d (forward or back), as an NTP step or an
// operator's date command does.
func (c *Clock) Step(d Duration) { c.Offset += d }
