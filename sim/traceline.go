package sim

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/locksim/locksim/sim/jsonl"
)

// TraceLine is one line of a trace read back: the fields every line has,
// the fields of a script or command execution ("exec"), and every field by
// name (numbers as json.Number, so they print as written). It is the one
// codec for trace lines: the scenario runner, the stories and replay read
// lines through DecodeTraceLine.
type TraceLine struct {
	At   Time   // "t": virtual time, exact to the microsecond
	Node string // the store node or process
	Kind string // what happened: exec, call, return, fault, ...

	// An exec line's details.
	From     string // the process that sent the request
	Req      int64  // its request number
	ServerMs int64  // the master's clock when it ran
	Script   string // the script ID ("" for a plain command)
	Keys     []string
	Argv     []string
	Cmd      []string // a plain command and its arguments
	Reply    Reply
	HasReply bool

	Fields map[string]any
}

// DecodeTraceLine reads one trace line (without its newline).
func DecodeTraceLine(b []byte) (TraceLine, error) {
	m, ok := jsonl.DecodeObject(b)
	if !ok { // not the plain case: encoding/json decodes it, or says why not
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil {
			return TraceLine{}, fmt.Errorf("not a trace line: %v", err)
		}
	}
	n, ok := m["t"].(json.Number)
	if !ok {
		return TraceLine{}, fmt.Errorf("not a trace line: no time \"t\"")
	}
	l := TraceLine{At: ParseTraceTime(n.String()), Fields: m}
	l.Node, l.Kind, l.From, l.Script = l.Str("node"), l.Str("kind"), l.Str("from"), l.Str("script")
	l.Req, l.ServerMs = l.Int("req"), l.Int("server_ms")
	l.Keys, l.Argv, l.Cmd = jsonl.Strings(m["keys"]), jsonl.Strings(m["argv"]), jsonl.Strings(m["cmd"])
	if r, ok := m["reply"]; ok {
		if rep, err := ReplyFromJSONValue(r); err == nil {
			l.Reply, l.HasReply = rep, true
		}
	}
	return l, nil
}

// Str is field k when it is a string, else "".
func (l TraceLine) Str(k string) string { s, _ := l.Fields[k].(string); return s }

// Int is field k when it is an integer, else 0.
func (l TraceLine) Int(k string) int64 {
	n, _ := l.Fields[k].(json.Number)
	v, _ := n.Int64()
	return v
}

// Has reports whether the line has field k (null counts as absent).
func (l TraceLine) Has(k string) bool { return l.Fields[k] != nil }

// TraceLineTime reads a line's time from the prefix every line starts
// with (`{"t":MS.USEC,`), without decoding the rest; ok is false when the
// line does not start so.
func TraceLineTime(b []byte) (Time, bool) {
	rest, ok := bytes.CutPrefix(b, []byte(`{"t":`))
	if !ok {
		return 0, false
	}
	i := bytes.IndexByte(rest, ',')
	if i <= 0 {
		return 0, false
	}
	for _, c := range rest[:i] {
		if (c < '0' || c > '9') && c != '.' {
			return 0, false
		}
	}
	return ParseTraceTime(string(rest[:i])), true
}
