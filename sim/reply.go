package sim

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/locksim/locksim/sim/jsonl"
)

// ReplyKind is the RESP2 type of a reply.
type ReplyKind uint8

// The reply kinds, as RESP2 has them.
const (
	KindNil    ReplyKind = iota // a nil bulk string ($-1)
	KindInt                     // an integer (:n)
	KindBulk                    // a bulk string ($n)
	KindStatus                  // a status line (+OK)
	KindError                   // an error line (-ERR ...)
	KindArray                   // an array (*n)
)

// Reply is one Redis reply. Exactly the fields of its Kind are set: Int for
// KindInt, Str for KindBulk, KindStatus and KindError (an error's text has no
// leading '-'), Arr for KindArray.
type Reply struct {
	Kind ReplyKind
	Int  int64
	Str  string
	Arr  []Reply
}

// Nil is the nil bulk reply.
var Nil = Reply{Kind: KindNil}

// OK is the +OK status reply.
var OK = Reply{Kind: KindStatus, Str: "OK"}

// Int returns an integer reply.
func Int(n int64) Reply { return Reply{Kind: KindInt, Int: n} }

// Bulk returns a bulk string reply.
func Bulk(s string) Reply { return Reply{Kind: KindBulk, Str: s} }

// Status returns a status reply.
func Status(s string) Reply { return Reply{Kind: KindStatus, Str: s} }

// Err returns an error reply; text is the error line without the leading '-'.
func Err(text string) Reply { return Reply{Kind: KindError, Str: text} }

// Array returns an array reply.
func Array(rs ...Reply) Reply {
	if rs == nil {
		rs = []Reply{}
	}
	return Reply{Kind: KindArray, Arr: rs}
}

// IsError reports whether r is an error reply.
func (r Reply) IsError() bool { return r.Kind == KindError }

// Equal reports whether two replies are the same, recursively.
func (r Reply) Equal(o Reply) bool {
	if r.Kind != o.Kind {
		return false
	}
	switch r.Kind {
	case KindInt:
		return r.Int == o.Int
	case KindArray:
		if len(r.Arr) != len(o.Arr) {
			return false
		}
		for i := range r.Arr {
			if !r.Arr[i].Equal(o.Arr[i]) {
				return false
			}
		}
		return true
	case KindNil:
		return true
	default:
		return r.Str == o.Str
	}
}

// String renders the reply in the conformance JSON form (see MarshalJSON).
func (r Reply) String() string {
	b, _ := r.MarshalJSON()
	return string(b)
}

// MarshalJSON writes the conformance form of a reply: nil → null, integer →
// number, bulk → string, array → array, status → {"ok": TEXT}, error →
// {"err": TEXT}. A text whose bytes are not valid UTF-8 (a JSON string
// cannot hold them) is written as {"b64": BASE64} in place of the string:
// {"b64": ...} alone is a bulk string, {"ok": {"b64": ...}} a status.
func (r Reply) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	r.appendJSON(&buf)
	return buf.Bytes(), nil
}

func (r Reply) appendJSON(buf *bytes.Buffer) { r.appendJSONDepth(buf, -1) }

// traceReplyDepth is how deep a trace line writes a reply: a script's reply
// nested deeper (only a changed script gives one: a table holding itself
// comes back 7,995 arrays deep) is cut there, written {"cut": DEPTH}, so
// that every exec line stays short to write and to read.
const traceReplyDepth = 16

// appendJSONDepth is appendJSON with arrays below depth levels written
// {"cut": depth} (depth < 0: no limit).
func (r Reply) appendJSONDepth(buf *bytes.Buffer, depth int) {
	if r.Kind == KindArray && depth == 0 {
		buf.WriteString(`{"cut":`)
		buf.WriteString(strconv.Itoa(traceReplyDepth))
		buf.WriteByte('}')
		return
	}
	switch r.Kind {
	case KindNil:
		buf.WriteString("null")
	case KindInt:
		buf.WriteString(strconv.FormatInt(r.Int, 10))
	case KindBulk:
		writeJSONString(buf, r.Str)
	case KindStatus:
		buf.WriteString(`{"ok":`)
		writeJSONString(buf, r.Str)
		buf.WriteByte('}')
	case KindError:
		buf.WriteString(`{"err":`)
		writeJSONString(buf, r.Str)
		buf.WriteByte('}')
	case KindArray:
		buf.WriteByte('[')
		for i, e := range r.Arr {
			if i > 0 {
				buf.WriteByte(',')
			}
			e.appendJSONDepth(buf, depth-1)
		}
		buf.WriteByte(']')
	}
}

func writeJSONString(buf *bytes.Buffer, s string) {
	if !utf8.ValidString(s) {
		buf.WriteString(`{"b64":"`)
		buf.WriteString(base64.StdEncoding.EncodeToString([]byte(s)))
		buf.WriteString(`"}`)
		return
	}
	jsonl.AppendString(buf, s)
}

// textFromJSONValue reads a text: a JSON string or {"b64": BASE64}.
func textFromJSONValue(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case map[string]any:
		if s, ok := x["b64"].(string); ok && len(x) == 1 {
			b, err := base64.StdEncoding.DecodeString(s)
			return string(b), err == nil
		}
	}
	return "", false
}

// UnmarshalJSON reads the conformance form. Numbers are decoded exactly
// (json.Number), so -9223372036854775808 survives.
func (r *Reply) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return err
	}
	rep, err := ReplyFromJSONValue(v)
	if err != nil {
		return err
	}
	*r = rep
	return nil
}

// ReplyFromJSONValue converts a value decoded with json.Decoder.UseNumber
// into a Reply.
func ReplyFromJSONValue(v any) (Reply, error) {
	switch x := v.(type) {
	case nil:
		return Nil, nil
	case json.Number:
		n, err := strconv.ParseInt(string(x), 10, 64)
		if err != nil {
			return Reply{}, fmt.Errorf("reply number %s is not a 64-bit integer", x)
		}
		return Int(n), nil
	case string:
		return Bulk(x), nil
	case []any:
		arr := make([]Reply, len(x))
		for i, e := range x {
			r, err := ReplyFromJSONValue(e)
			if err != nil {
				return Reply{}, err
			}
			arr[i] = r
		}
		return Array(arr...), nil
	case map[string]any:
		if len(x) == 1 {
			if v, ok := x["ok"]; ok {
				if s, ok := textFromJSONValue(v); ok {
					return Status(s), nil
				}
			}
			if v, ok := x["err"]; ok {
				if s, ok := textFromJSONValue(v); ok {
					return Err(s), nil
				}
			}
			if _, ok := x["b64"]; ok {
				if s, ok := textFromJSONValue(x); ok {
					return Bulk(s), nil
				}
			}
		}
		return Reply{}, fmt.Errorf(`reply object must be {"ok": TEXT}, {"err": TEXT} or {"b64": BASE64}`)
	default:
		return Reply{}, fmt.Errorf("reply of JSON type %T is not a Redis reply", v)
	}
}

// Text renders the reply the way redis-cli does, for stories and scenario output.
func (r Reply) Text() string {
	var b strings.Builder
	r.appendText(&b)
	return b.String()
}

func (r Reply) appendText(b *strings.Builder) {
	switch r.Kind {
	case KindNil:
		b.WriteString("(nil)")
	case KindInt:
		b.WriteString("(integer) ")
		b.WriteString(strconv.FormatInt(r.Int, 10))
	case KindBulk:
		b.WriteString(strconv.Quote(r.Str))
	case KindStatus:
		b.WriteString(r.Str)
	case KindError:
		b.WriteString("(error) ")
		b.WriteString(r.Str)
	case KindArray:
		b.WriteByte('[')
		for i, e := range r.Arr {
			if i > 0 {
				b.WriteString(", ")
			}
			e.appendText(b)
		}
		b.WriteByte(']')
	}
}
