package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/sim/jsonl"
)

// Step is one line of a conformance file.
type Step struct {
	Line int // 1-based line number in its file

	Case string // set on a {"case": NAME} line; the other fields are then empty

	T      int64
	Script string   // a registry script ID, or
	Eval   string   // inline Lua, or
	Cmd    []string // a command
	Keys   []string
	Argv   []string
	Reply  sim.Reply
}

// IsCase reports whether the step starts a new case.
func (s *Step) IsCase() bool { return s.Case != "" }

// Limits bound what Parse reads of a file: a line of 64 MiB (far above
// any reply a case records), 256 MiB in all (the shipped files hold a few
// MB). A device that never ends (/dev/zero) is an error, not memory used
// up.
var Limits = jsonl.Limits{MaxLine: 64 << 20, MaxBytes: 256 << 20}

// Parse reads a conformance file. name is used in errors, which read
// "name:line: what is wrong".
func Parse(name string, r io.Reader) ([]Step, error) {
	var steps []Step
	if err := jsonl.ReadLines(name, r, Limits, stepReader(name, &steps)); err != nil {
		return nil, err
	}
	return steps, nil
}

// stepReader is the function that reads each line of file name into
// steps.
func stepReader(name string, steps *[]Step) func(line int, b []byte) error {
	return func(line int, b []byte) error {
		text := bytes.TrimSpace(b)
		if len(text) == 0 {
			return nil
		}
		st, err := parseLine(text)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, line, err)
		}
		st.Line = line
		*steps = append(*steps, st)
		return nil
	}
}

func parseLine(text []byte) (Step, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return Step{}, fmt.Errorf("not a JSON object: %v", err)
	}
	if dec.More() {
		return Step{}, fmt.Errorf("trailing data after the JSON object")
	}
	if err := jsonl.UniqueKeys(text); err != nil {
		return Step{}, err
	}
	var st Step
	if c, ok := raw["case"]; ok {
		if len(raw) != 1 {
			return st, fmt.Errorf(`a "case" line has no other fields`)
		}
		if err := json.Unmarshal(c, &st.Case); err != nil || st.Case == "" {
			return st, fmt.Errorf(`"case" must be a non-empty string`)
		}
		return st, nil
	}
	for k := range raw {
		switch k {
		case "t", "script", "eval", "cmd", "keys", "argv", "reply":
		default:
			return st, fmt.Errorf("unknown field %q", k)
		}
	}
	tRaw, ok := raw["t"]
	if !ok {
		return st, fmt.Errorf(`missing "t" (server time in Unix ms)`)
	}
	t, err := strconv.ParseInt(string(tRaw), 10, 64)
	if err != nil || t < 0 {
		return st, fmt.Errorf(`"t" must be an integer number of ms from 0 (Unix time), got %s`, tRaw)
	}
	st.T = t
	kinds := 0
	if v, ok := raw["script"]; ok {
		kinds++
		if err := json.Unmarshal(v, &st.Script); err != nil || st.Script == "" {
			return st, fmt.Errorf(`"script" must be a non-empty script ID`)
		}
	}
	if v, ok := raw["eval"]; ok {
		kinds++
		if err := json.Unmarshal(v, &st.Eval); err != nil || isNull(v) {
			return st, fmt.Errorf(`"eval" must be a string of Lua`)
		}
	}
	if v, ok := raw["cmd"]; ok {
		kinds++
		if err := json.Unmarshal(v, &st.Cmd); err != nil || len(st.Cmd) == 0 {
			return st, fmt.Errorf(`"cmd" must be a non-empty array of strings`)
		}
	}
	if kinds != 1 {
		return st, fmt.Errorf(`a step needs exactly one of "script", "eval" or "cmd"`)
	}
	for _, f := range []struct {
		name string
		dst  *[]string
	}{{"keys", &st.Keys}, {"argv", &st.Argv}} {
		v, ok := raw[f.name]
		if !ok {
			if st.Cmd == nil {
				return st, fmt.Errorf("missing %q", f.name)
			}
			continue
		}
		if st.Cmd != nil {
			return st, fmt.Errorf("a \"cmd\" step has no %q", f.name)
		}
		if err := json.Unmarshal(v, f.dst); err != nil || isNull(v) {
			return st, fmt.Errorf("%q must be an array of strings", f.name)
		}
		if *f.dst == nil {
			*f.dst = []string{}
		}
	}
	rr, ok := raw["reply"]
	if !ok {
		return st, fmt.Errorf(`missing "reply"`)
	}
	if err := st.Reply.UnmarshalJSON(rr); err != nil {
		return st, fmt.Errorf(`bad "reply": %v`, err)
	}
	return st, nil
}

// isNull reports whether a field's value is JSON null, which
// json.Unmarshal takes for an empty string or array without a word.
func isNull(v json.RawMessage) bool { return string(bytes.TrimSpace(v)) == "null" }

// Resolver finds a compiled script by its registry ID.
type Resolver func(id string) (*sim.Script, error)

// Run executes step on store (setting its clock to step.T first) and returns
// the simulated reply.
func Run(store *sim.Store, resolve Resolver, st *Step) (sim.Reply, error) {
	store.SetTime(st.T)
	switch {
	case st.Script != "":
		sc, err := resolve(st.Script)
		if err != nil {
			return sim.Reply{}, err
		}
		return store.Eval(sc, st.Keys, st.Argv), nil
	case st.Cmd != nil:
		return store.Do(st.Cmd...), nil
	default:
		return store.EvalSource(st.Eval, st.Keys, st.Argv), nil
	}
}

// RunStep is Run for a file's step: a script the simulation had to stop
// at one of its own limits (sim.Store.LimitHit) is an error, since a real
// Redis gives no such reply to record (it would run on, or run out of
// memory).
func RunStep(store *sim.Store, resolve Resolver, st *Step) (sim.Reply, error) {
	r, err := Run(store, resolve, st)
	if err == nil {
		if why := store.LimitHit(); why != "" {
			err = fmt.Errorf("the step's script stopped: %s", why)
		}
	}
	return r, err
}

// Mismatch is a step whose simulated reply differs from the recorded one.
type Mismatch struct {
	File string
	Case string
	Step Step
	Got  sim.Reply
}

func (m Mismatch) String() string {
	return fmt.Sprintf("%s:%d: case %s: expected %s, got %s", m.File, m.Step.Line, m.Case, m.Step.Reply, m.Got)
}

// Result counts what a check of one file found.
type Result struct {
	Cases, Steps int
	Mismatches   []Mismatch
}

// Check runs every case of a parsed file, each on an empty store, and
// compares every reply. newStore makes the store for a case.
func Check(file string, steps []Step, resolve Resolver, newStore func() *sim.Store) (Result, error) {
	var res Result
	var store *sim.Store
	cur := ""
	for i := range steps {
		st := &steps[i]
		if st.IsCase() {
			res.Cases++
			cur = st.Case
			store = newStore()
			continue
		}
		if store == nil {
			return res, fmt.Errorf("%s:%d: a step before the first {\"case\": NAME} line", file, st.Line)
		}
		res.Steps++
		got, err := RunStep(store, resolve, st)
		if err != nil {
			return res, fmt.Errorf("%s:%d: %v", file, st.Line, err)
		}
		if !got.Equal(st.Reply) {
			res.Mismatches = append(res.Mismatches, Mismatch{File: file, Case: cur, Step: *st, Got: got})
		}
	}
	return res, nil
}

// Emit writes the steps back in the file format with the given replies
// (one per non-case step, in order), fields in canonical order, so a file
// whose replies all match is reproduced byte for byte.
func Emit(w io.Writer, steps []Step, replies []sim.Reply) error {
	bw := bufio.NewWriter(w)
	j := 0
	for i := range steps {
		st := &steps[i]
		var b bytes.Buffer
		if st.IsCase() {
			b.WriteString(`{"case":`)
			writeJSON(&b, st.Case)
			b.WriteString("}\n")
		} else {
			b.WriteString(`{"t":`)
			b.WriteString(strconv.FormatInt(st.T, 10))
			switch {
			case st.Script != "":
				b.WriteString(`,"script":`)
				writeJSON(&b, st.Script)
			case st.Cmd != nil:
				b.WriteString(`,"cmd":`)
				writeJSON(&b, st.Cmd)
			default:
				b.WriteString(`,"eval":`)
				writeJSON(&b, st.Eval)
			}
			if st.Cmd == nil {
				b.WriteString(`,"keys":`)
				writeJSON(&b, st.Keys)
				b.WriteString(`,"argv":`)
				writeJSON(&b, st.Argv)
			}
			b.WriteString(`,"reply":`)
			rb, _ := replies[j].MarshalJSON()
			j++
			b.Write(rb)
			b.WriteString("}\n")
		}
		if _, err := bw.Write(b.Bytes()); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func writeJSON(b *bytes.Buffer, v any) { _ = jsonl.Append(b, v) }
