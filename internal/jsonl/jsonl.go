// Package jsonl writes JSON the way every file of this project does: no
// HTML escaping (Lua such as "a <= b" stays readable), no trailing newline,
// so traces, conformance files and reports are byte-stable and diffable;
// and reads back what traces hold.
package jsonl

import (
	"bytes"
	"encoding/json"
)

// Append appends the JSON encoding of v to b.
func Append(b *bytes.Buffer, v any) error {
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Write(bytes.TrimSuffix(tmp.Bytes(), []byte("\n")))
	return nil
}

// Marshal returns the JSON encoding of v.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	err := Append(&b, v)
	return b.Bytes(), err
}

// Strings returns the elements of a decoded JSON array of strings (as
// encoding/json gives it: []any), nil for anything else; an element that
// is not a string comes out as "". Traces write argv and cmd this way.
func Strings(v any) []string {
	arr, _ := v.([]any)
	var out []string
	for _, x := range arr {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}
