package clients

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// ReadTrace splits a saved trace (name is its file, for errors) into its
// lines and reads the run header the first one holds: the configuration
// that runs it again.
func ReadTrace(name string, data []byte) ([][]byte, RunConfig, error) {
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	if err := sc.Err(); err != nil {
		return nil, RunConfig{}, fmt.Errorf("%s:%d: %v", name, len(lines)+1, err)
	}
	cfg, err := configFromTrace(name, lines)
	return lines, cfg, err
}

// configFromTrace reads the run header a trace starts with.
func configFromTrace(name string, lines [][]byte) (RunConfig, error) {
	if len(lines) == 0 {
		return RunConfig{}, fmt.Errorf("%s: empty trace", name)
	}
	var ev struct {
		Kind   string          `json:"kind"`
		Config json.RawMessage `json:"config"`
	}
	if err := json.Unmarshal(lines[0], &ev); err != nil {
		return RunConfig{}, fmt.Errorf("%s:1: not a trace line: %v", name, err)
	}
	if ev.Kind != "run" || ev.Config == nil {
		return RunConfig{}, fmt.Errorf("%s:1: no run header (the first line simrun run --trace writes)", name)
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
