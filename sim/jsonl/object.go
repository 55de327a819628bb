package jsonl

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// DecodeObject decodes one JSON object that makes up all of b (but for
// white space) into what a json.Decoder with UseNumber gives for a
// map[string]any: nested objects as map[string]any, arrays as []any,
// numbers as json.Number, strings, bools and nil.
//
// It takes only the plain case, which is every line a trace of this
// project holds but a few: ok is false for anything else (a string with
// an escape or a byte that is not valid UTF-8, nesting past 64 levels,
// something after the object, any syntax error), and the caller decodes b
// with encoding/json, which then says what it says of it. Telling stories
// reads thousands of trace lines; encoding/json takes 5 µs a line.
func DecodeObject(b []byte) (m map[string]any, ok bool) {
	d := objDecoder{b: string(b)} // one copy: every string the object holds is a part of it
	d.space()
	if d.i >= len(d.b) || d.b[d.i] != '{' {
		return nil, false
	}
	v, ok := d.value(0)
	if !ok {
		return nil, false
	}
	if d.space(); d.i != len(d.b) {
		return nil, false
	}
	return v.(map[string]any), true
}

// maxDepth bounds the nesting DecodeObject takes (encoding/json takes
// 10000 levels; a trace line has two).
const maxDepth = 64

type objDecoder struct {
	b string
	i int
}

// space skips JSON white space.
func (d *objDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// value decodes the value at d.i, at nesting depth.
func (d *objDecoder) value(depth int) (any, bool) {
	d.space()
	if d.i >= len(d.b) {
		return nil, false
	}
	switch c := d.b[d.i]; {
	case c == '{':
		if depth >= maxDepth {
			return nil, false
		}
		return d.object(depth + 1)
	case c == '[':
		if depth >= maxDepth {
			return nil, false
		}
		return d.array(depth + 1)
	case c == '"':
		return d.str()
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	for _, lit := range [...]struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if strings.HasPrefix(d.b[d.i:], lit.text) {
			d.i += len(lit.text)
			return lit.v, true
		}
	}
	return nil, false
}

func (d *objDecoder) object(depth int) (any, bool) {
	d.i++                        // {
	m := make(map[string]any, 8) // a trace line has up to 8 fields but a few
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return m, true
	}
	for {
		d.space()
		if d.i >= len(d.b) || d.b[d.i] != '"' {
			return nil, false
		}
		k, ok := d.str()
		if !ok {
			return nil, false
		}
		if d.space(); d.i >= len(d.b) || d.b[d.i] != ':' {
			return nil, false
		}
		d.i++
		v, ok := d.value(depth)
		if !ok {
			return nil, false
		}
		m[k.(string)] = v // a repeated key: the last wins, as encoding/json has it
		if d.space(); d.i >= len(d.b) {
			return nil, false
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case '}':
			d.i++
			return m, true
		default:
			return nil, false
		}
	}
}

func (d *objDecoder) array(depth int) (any, bool) {
	d.i++ // [
	a := []any{}
	d.space()
	if d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		return a, true
	}
	for {
		v, ok := d.value(depth)
		if !ok {
			return nil, false
		}
		a = append(a, v)
		if d.space(); d.i >= len(d.b) {
			return nil, false
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case ']':
			d.i++
			return a, true
		default:
			return nil, false
		}
	}
}

// str takes a string without escapes whose bytes are valid UTF-8 and no
// control character (encoding/json would replace or reject those).
func (d *objDecoder) str() (any, bool) {
	start := d.i + 1
	for j := start; j < len(d.b); j++ {
		switch c := d.b[j]; {
		case c == '"':
			s := d.b[start:j]
			if !utf8.ValidString(s) {
				return nil, false
			}
			d.i = j + 1
			return s, true
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
}

// number takes a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *objDecoder) number() (any, bool) {
	start, j := d.i, d.i
	digits := func() int {
		n := 0
		for j < len(d.b) && d.b[j] >= '0' && d.b[j] <= '9' {
			j++
			n++
		}
		return n
	}
	if d.b[j] == '-' {
		j++
	}
	switch {
	case j < len(d.b) && d.b[j] == '0':
		j++
	case digits() == 0:
		return nil, false
	}
	if j < len(d.b) && d.b[j] == '.' {
		j++
		if digits() == 0 {
			return nil, false
		}
	}
	if j < len(d.b) && (d.b[j] == 'e' || d.b[j] == 'E') {
		j++
		if j < len(d.b) && (d.b[j] == '+' || d.b[j] == '-') {
			j++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	d.i = j
	return json.Number(d.b[start:j]), true
}
