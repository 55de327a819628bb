package sim

import "testing"

// TestReplyJSONRoundTrip: every reply survives the conformance form,
// including texts that are not UTF-8 (a msgpack or struct string), which
// go through {"b64": ...}; valid UTF-8 stays a plain JSON string.
func TestReplyJSONRoundTrip(t *testing.T) {
	for _, r := range []Reply{
		Nil, Int(-9223372036854775808), Bulk("plain é"), Bulk("\x93\x01\xff\x00"), Status("OK"), Status("\xc0"),
		Err("ERR x"), Err("\xff\xfe"), Array(Bulk("a"), Array(Bulk("\x80"), Nil), Int(3)),
	} {
		b, _ := r.MarshalJSON()
		var back Reply
		if err := back.UnmarshalJSON(b); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !back.Equal(r) {
			t.Errorf("%q came back as %q through %s", r.Text(), back.Text(), b)
		}
	}
	if got := Bulk("é").String(); got != `"é"` {
		t.Errorf("valid UTF-8 written as %s", got)
	}
	if got := Bulk("\xff").String(); got != `{"b64":"/w=="}` {
		t.Errorf("invalid UTF-8 written as %s", got)
	}
}
