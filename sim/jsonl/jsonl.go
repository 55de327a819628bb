package jsonl

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
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

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string exactly as Append does
// (encoding/json without HTML escaping: \b \f \n \r \t, other control
// bytes as \u00XX, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped),
// without the encoder's allocations: the trace writes one for every
// field of every line.
func AppendString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case '\b':
				b.WriteString(`\b`)
			case '\f':
				b.WriteString(`\f`)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(s[start:i])
			b.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			b.WriteString(s[start:i])
			b.WriteString(`\u202`)
			b.WriteByte(hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}

// AppendStrings appends ss as a JSON array of strings (nil as []), as
// Append does.
func AppendStrings(b *bytes.Buffer, ss []string) {
	b.WriteByte('[')
	for i, s := range ss {
		if i > 0 {
			b.WriteByte(',')
		}
		AppendString(b, s)
	}
	b.WriteByte(']')
}
