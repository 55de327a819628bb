package run

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/locksim/locksim/sim"
)

// ReadTrace splits a saved trace (name is its file, for errors) into its
// lines and reads the run header the first one holds: the configuration
// that runs it again.
func ReadTrace(name string, data []byte) ([][]byte, Config, error) {
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	if err := sc.Err(); err != nil {
		return nil, Config{}, fmt.Errorf("%s:%d: %v", name, len(lines)+1, err)
	}
	return ParseTrace(name, lines)
}

// ParseTrace is ReadTrace on a trace already split into lines.
func ParseTrace(name string, lines [][]byte) ([][]byte, Config, error) {
	cfg, err := configFromTrace(name, lines)
	if err != nil {
		return lines, cfg, err
	}
	last := 0.0
	for i, line := range lines[1:] {
		n := i + 2
		ev, err := readTraceLine(line)
		if err != nil {
			return lines, cfg, fmt.Errorf("%s:%d: not a trace line: %v", name, n, err)
		}
		switch {
		case ev.t < last:
			return lines, cfg, fmt.Errorf("%s:%d: time %.3f s is before the previous line's %.3f s (the world writes events in time order)", name, n, ev.t, last)
		case ev.kind == "end" && n != len(lines):
			return lines, cfg, fmt.Errorf("%s:%d: the run's end line comes before the trace's last line (%d)", name, n, len(lines))
		case ev.kind != "end" && n == len(lines):
			return lines, cfg, fmt.Errorf("%s:%d: the trace stops without the run's end line (cut short?)", name, n)
		}
		last = ev.t
	}
	if len(lines) == 1 {
		return lines, cfg, fmt.Errorf("%s:1: the trace has its header only (cut short?)", name)
	}
	return lines, cfg, nil
}

type traceLine struct {
	t    float64
	kind string
}

// readTraceLine reads the time and kind of a line, checking that it has
// the shape of an event the tracer writes (a JSON object with a time, a
// node and a kind), so that a damaged file is told apart, line and all,
// from a replay that diverges.
func readTraceLine(line []byte) (traceLine, error) {
	var ev struct {
		T    *float64 `json:"t"`
		Node *string  `json:"node"`
		Kind *string  `json:"kind"`
	}
	if err := json.Unmarshal(line, &ev); err != nil {
		return traceLine{}, err
	}
	switch {
	case ev.T == nil || *ev.T < 0:
		return traceLine{}, fmt.Errorf("no time (\"t\", seconds from the start)")
	case ev.Node == nil || *ev.Node == "":
		return traceLine{}, fmt.Errorf("no \"node\"")
	case ev.Kind == nil || *ev.Kind == "":
		return traceLine{}, fmt.Errorf("no \"kind\"")
	case !sim.TraceKinds[*ev.Kind]:
		return traceLine{}, fmt.Errorf("%q is no kind of event the tracer writes", *ev.Kind)
	}
	return traceLine{*ev.T, *ev.Kind}, nil
}

// configFromTrace reads the run header a trace starts with.
func configFromTrace(name string, lines [][]byte) (Config, error) {
	if len(lines) == 0 {
		return Config{}, fmt.Errorf("%s: empty trace", name)
	}
	var ev struct {
		Kind   string          `json:"kind"`
		Config json.RawMessage `json:"config"`
	}
	if err := json.Unmarshal(lines[0], &ev); err != nil {
		return Config{}, fmt.Errorf("%s:1: not a trace line: %v", name, err)
	}
	if ev.Kind != "run" || ev.Config == nil {
		return Config{}, fmt.Errorf("%s:1: no run header (the first line simrun run --trace writes)", name)
	}
	cfg, err := ParseHeader(ev.Config)
	if err != nil {
		return cfg, fmt.Errorf("%s:1: %v", name, err)
	}
	return cfg, nil
}

// DiffTrace compares a replay's lines with the saved ones: the first line
// (from 1) where they differ, with the saved line and the replayed one (""
// past either's end), or 0 when they are the same.
func DiffTrace(saved, got [][]byte) (line int, want, have string) {
	for i := 0; i < max(len(saved), len(got)); i++ {
		if i >= len(saved) || i >= len(got) || !bytes.Equal(saved[i], got[i]) {
			if i < len(saved) {
				want = string(saved[i])
			}
			if i < len(got) {
				have = string(got[i])
			}
			return i + 1, want, have
		}
	}
	return 0, "", ""
}
