package sim

import (
	"bufio"
	"bytes"
	"hash"
	"hash/fnv"
	"io"
	"strconv"
	"strings"

	"github.com/locksim/locksim/sim/jsonl"
)

// Tracer writes a run's trace as JSON Lines, one event per line:
//
//	{"t":31002.125,"node":"c1","kind":"exec","script":"3.16.8/...","keys":[...],"argv":[...],"reply":...}
//
// t is virtual time in milliseconds (three decimals: microseconds), node is
// the store node or process the event happened at, kind says what it was,
// and the rest are its details in a fixed order. Fields are written by hand
// in call order, so the same run gives the same bytes. The tracer also keeps
// a running hash of everything written, so runs can be compared without
// keeping their traces.
type Tracer struct {
	w     *bufio.Writer
	h     hash.Hash64
	buf   bytes.Buffer
	lines int
	err   error
	off   bool // made with Untraced: lines are counted, not built
	// Hook, when set, sees every finished line (without its newline).
	Hook func(line []byte)
}

// Untraced, given to NewTracer, makes a tracer that builds no line at all:
// no output, no hash (Sum is that of an empty trace), no Hook. Runs that are
// only checked, never compared or told, spend a sixth of their time
// encoding trace lines otherwise. Lines still counts the events.
var Untraced io.Writer = untraced{}

type untraced struct{}

func (untraced) Write(p []byte) (int, error) { return len(p), nil }

// NewTracer returns a tracer writing to w (nil: hash only; Untraced:
// nothing).
func NewTracer(w io.Writer) *Tracer {
	t := &Tracer{h: fnv.New64a()}
	switch w {
	case nil:
	case Untraced:
		t.off = true
	default:
		t.w = bufio.NewWriterSize(w, 64<<10)
	}
	return t
}

// TraceKinds are the kinds of event a trace holds, each written by one or
// more calls of Tracer.Event or Proc.Trace with that literal kind (a test
// scans the sources for them); a saved trace with another kind was not
// written by this tracer.
var TraceKinds = map[string]bool{
	// the world
	"run": true, "option": true, "phase": true, "end": true, "fault": true, "heal": true,
	"failover": true,
	// nodes
	"exec": true, "elided": true, "drop": true, "crash": true, "restart": true, "promoted": true, "resync": true, "expire": true,
	// clients
	"client-start": true, "call": true, "return": true, "write": true, "write-failed": true,
	"detached": true, "interrupt": true, "pause": true, "resume": true, "timers-resume": true, "resend": true,
	"renew-error": true, "subscribe-failed": true, "untimed-wait": true,
}

// Line is one trace event being built; finish it with End.
type Line struct{ t *Tracer }

// ParseTraceTime reads a line's "t" (ms with three decimals, as Event
// writes it) back into virtual time, exactly: no float rounding.
func ParseTraceTime(t string) Time {
	whole, frac, _ := strings.Cut(t, ".")
	ms, _ := strconv.ParseInt(whole, 10, 64)
	us, _ := strconv.ParseInt((frac + "000")[:3], 10, 64)
	return Time(ms*1000 + us)
}

// Event starts a trace line at virtual time at.
func (t *Tracer) Event(at Time, node, kind string) Line {
	if t.off {
		return Line{t}
	}
	b := &t.buf
	b.Reset()
	b.WriteString(`{"t":`)
	us := int64(at)
	b.WriteString(strconv.FormatInt(us/1000, 10))
	b.WriteByte('.')
	frac := us % 1000
	b.WriteByte(byte('0' + frac/100))
	b.WriteByte(byte('0' + frac/10%10))
	b.WriteByte(byte('0' + frac%10))
	b.WriteString(`,"node":`)
	jsonl.AppendString(b, node)
	b.WriteString(`,"kind":`)
	jsonl.AppendString(b, kind)
	return Line{t}
}

// key starts field k; it reports false on a tracer that builds nothing.
func (l Line) key(k string) bool {
	if l.t.off {
		return false
	}
	l.t.buf.WriteString(`,"`)
	l.t.buf.WriteString(k)
	l.t.buf.WriteString(`":`)
	return true
}

// Str adds a string field.
// Raw adds field k holding v, which must be one valid JSON value (a
// caller's own encoding, e.g. a run header).
func (l Line) Raw(k string, v []byte) Line {
	if l.key(k) {
		l.t.buf.Write(v)
	}
	return l
}

func (l Line) Str(k, v string) Line {
	if l.key(k) {
		jsonl.AppendString(&l.t.buf, v)
	}
	return l
}

// Int adds an integer field.
func (l Line) Int(k string, v int64) Line {
	if l.key(k) {
		l.t.buf.WriteString(strconv.FormatInt(v, 10))
	}
	return l
}

// Bool adds a boolean field.
func (l Line) Bool(k string, v bool) Line {
	if l.key(k) {
		l.t.buf.WriteString(strconv.FormatBool(v))
	}
	return l
}

// Strs adds an array-of-strings field.
func (l Line) Strs(k string, v []string) Line {
	if !l.key(k) {
		return l
	}
	jsonl.AppendStrings(&l.t.buf, v)
	return l
}

// Reply adds a Redis reply in the conformance form, arrays nested deeper
// than traceReplyDepth written {"cut": 16}.
func (l Line) Reply(k string, r Reply) Line {
	if l.key(k) {
		r.appendJSONDepth(&l.t.buf, traceReplyDepth)
	}
	return l
}

// Dur adds a duration field in milliseconds (three decimals).
func (l Line) Dur(k string, d Duration) Line {
	if !l.key(k) {
		return l
	}
	us := int64(d)
	if us < 0 {
		l.t.buf.WriteByte('-')
		us = -us
	}
	l.t.buf.WriteString(strconv.FormatInt(us/1000, 10))
	if us%1000 != 0 {
		l.t.buf.WriteString("." + strconv.FormatInt(1000+us%1000, 10)[1:])
	}
	return l
}

// End finishes the line and writes it.
func (l Line) End() {
	t := l.t
	if t.off {
		t.lines++
		return
	}
	t.buf.WriteByte('}')
	line := t.buf.Bytes()
	if t.Hook != nil {
		t.Hook(line)
	}
	t.buf.WriteByte('\n')
	line = t.buf.Bytes()
	t.h.Write(line)
	t.lines++
	if t.w != nil && t.err == nil {
		_, t.err = t.w.Write(line)
	}
}

// Sum returns the hash of every line written so far.
func (t *Tracer) Sum() uint64 { return t.h.Sum64() }

// Lines returns how many lines were written.
func (t *Tracer) Lines() int { return t.lines }

// Flush writes buffered lines out and returns the first write error.
func (t *Tracer) Flush() error {
	if t.w != nil && t.err == nil {
		t.err = t.w.Flush()
	}
	return t.err
}
