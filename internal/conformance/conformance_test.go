package conformance

import (
	"strings"
	"testing"
)

// Parse refuses what encoding/json would take without a word: a key given
// twice (the second would win), null for a list or for Lua, and a step at
// a negative time; each error names the file and line.
func TestParseRefusesMalformedLines(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`{"t":1,"t":2,"cmd":["PING"],"reply":{"ok":"PONG"}}`, `f.jsonl:2: key "t" given twice`},
		{`{"t":1,"cmd":["PING"],"reply":{"ok":"PONG","ok":"x"}}`, `f.jsonl:2: key "ok" given twice`},
		{`{"t":1,"eval":"return 1","keys":null,"argv":[],"reply":1}`, `f.jsonl:2: "keys" must be an array of strings`},
		{`{"t":1,"eval":"return 1","keys":[],"argv":null,"reply":1}`, `f.jsonl:2: "argv" must be an array of strings`},
		{`{"t":1,"eval":null,"keys":[],"argv":[],"reply":1}`, `f.jsonl:2: "eval" must be a string of Lua`},
		{`{"t":-1,"cmd":["PING"],"reply":{"ok":"PONG"}}`, `f.jsonl:2: "t" must be an integer number of ms from 0`},
	} {
		_, err := Parse("f.jsonl", strings.NewReader("{\"case\":\"x\"}\n"+c.line+"\n"))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.line, err, c.want)
		}
	}
	if _, err := Parse("f.jsonl", strings.NewReader(`{"case":"a","case":"b"}`)); err == nil || !strings.Contains(err.Error(), `f.jsonl:1: key "case" given twice`) {
		t.Errorf("a case named twice: %v", err)
	}
	steps, err := Parse("f.jsonl", strings.NewReader("{\"case\":\"x\"}\n{\"t\":0,\"eval\":\"return 1\",\"keys\":[],\"argv\":[],\"reply\":1}\n"))
	if err != nil || len(steps) != 2 || steps[1].Keys == nil {
		t.Errorf("a good step: %v, %+v", err, steps)
	}
}
