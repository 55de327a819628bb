package jsonl

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// decodeStd is what DecodeObject stands in for: a json.Decoder with
// UseNumber decoding b's first value into a map.
func decodeStd(b []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	err := dec.Decode(&m)
	return m, err
}

// agrees fails t when DecodeObject takes b and gives other than
// encoding/json; it reports whether DecodeObject took it.
func agrees(t testing.TB, b []byte) bool {
	got, ok := DecodeObject(b)
	if !ok {
		return false
	}
	want, err := decodeStd(b)
	if err != nil {
		t.Fatalf("%q: DecodeObject took what encoding/json refuses (%v): %#v", b, err, got)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\n got %#v\nwant %#v", b, got, want)
	}
	return true
}

var objectCases = []string{
	`{"t":0.000,"node":"world","kind":"run","config":{"algo":"fairlock-4.7.0","seed":1,"preset":"all","safety":"180s"}}`,
	`{"t":477.165,"node":"redis-0","kind":"exec","from":"c3","req":1,"server_ms":1704067200477,"cmd":["WAIT","2"],"reply":2}`,
	`{"t":122554.536,"node":"redis-0","kind":"exec","script":"4.7.0/RedissonFairLock.acquireFailedAsync","keys":["a","b"],"argv":["x:50","300000"],"reply":null}`,
	`{"t":1,"reply":[1,"OK",null,[true,false],{"err":"WRONGTYPE"}],"e":-0.5e+10,"f":0,"g":-0,"h":1E5,"i":12.0e-3}`,
	` { "t" : 1 , "a" : [ ] , "b" : { } } `, "{}\n", `{"t":1,"t":"again"}`, `{"é€😀":"é€😀"}`,
	// Not taken: encoding/json decodes or refuses them, DecodeObject leaves them to it.
	`{"text":"scripts \"\""}`, `{"a":"\u00e9"}`, "{\"a\":\"\xff\"}", "{\"a\":\"x\ty\"}", `{"t":1} trailing`, `{"t":1}{"t":2}`,
	`{"t":01}`, `{"t":1.}`, `{"t":.5}`, `{"t":1e}`, `{"t":-}`, `{"t":+1}`, `{"t":tru}`, `{"t":nul}`, `{"t":truex}`,
	`{"t":1,}`, `{"t":[1,]}`, `{"t" 1}`, `{t:1}`, `{"t":1`, `{"t":[1`, `[1]`, `null`, `"x"`, ``, `   `, `{"a":{"b":`,
	strings.Repeat(`{"a":`, 70) + `1` + strings.Repeat(`}`, 70), strings.Repeat(`{"a":`, 10) + `1` + strings.Repeat(`}`, 10),
}

// TestDecodeObjectIsEncodingJSON: what DecodeObject takes, it decodes as
// encoding/json does; what it leaves is a case encoding/json must see.
func TestDecodeObjectIsEncodingJSON(t *testing.T) {
	taken := 0
	for _, c := range objectCases {
		if agrees(t, []byte(c)) {
			taken++
		}
	}
	if taken != 9 {
		t.Errorf("DecodeObject took %d of the cases, want the first 9 (the plain ones)", taken)
	}
}

// TestDecodeObjectMutated: every case with one byte changed, inserted or
// removed, at every place, from a set of bytes JSON gives meaning to.
func TestDecodeObjectMutated(t *testing.T) {
	alphabet := []byte(`{}[]",:0123456789.eE+-tfnul\ ` + "\x00\x1f\x7f\xc3\xff")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range objectCases {
		b := []byte(c)
		for i := 0; i <= len(b); i++ {
			for n := 0; n < 4; n++ {
				x := alphabet[rng.IntN(len(alphabet))]
				if i < len(b) {
					agrees(t, append(append(append([]byte{}, b[:i]...), x), b[i+1:]...)) // changed
					agrees(t, append(append([]byte{}, b[:i]...), b[i+1:]...))            // removed
				}
				agrees(t, append(append(append([]byte{}, b[:i]...), x), b[i:]...)) // inserted
			}
		}
	}
}

func FuzzDecodeObject(f *testing.F) {
	for _, c := range objectCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) { agrees(t, b) })
}
