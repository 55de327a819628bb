// Package jsonl writes JSON the way every file of this project does: no
// HTML escaping (Lua such as "a <= b" stays readable), no trailing newline,
// so traces, conformance files and reports are byte-stable and diffable.
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
