package run_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/locksim/locksim/internal/gen"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"pgregory.net/rapid"
)

// Config → header → Config gives the same Config.
func TestHeaderRoundTrips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := gen.RunConfig(t)
		got, err := run.ParseHeader(c.HeaderJSON())
		if err != nil {
			t.Fatalf("%s: %v", c.HeaderJSON(), err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("header %s reads back as %+v, want %+v", c.HeaderJSON(), got, c)
		}
	})
}

func TestHeaderRefusesWhatItCannotRebuild(t *testing.T) {
	for _, in := range []string{
		`{"algo":"set-px","preset":"none","turbo":1}`,
		`{"algo":"set-px","preset":"none","custom_faults":true}`,
		`{"algo":"set-px"}`,
		`{"algo":"set-px","preset":"none","safety":"3 minutes"}`,
		`{"algo":"set-px","preset":"none"} {}`,
		`[]`,
	} {
		if _, err := run.ParseHeader([]byte(in)); err == nil {
			t.Errorf("ParseHeader(%s) accepted", in)
		}
	}
}

// Command is simrun run with the config's flags, quoted where a shell
// needs it.
func TestCommand(t *testing.T) {
	cfg := run.Config{Algo: "rlock-3.16.8", Seed: 7, Preset: "net", Safety: sim.Minute, Scripts: "my dir/it's"}
	want := `go run ./cmd/simrun run --algo rlock-3.16.8 --seed 7 --preset net --safety 60s --scripts 'my dir/it'\''s'`
	if got := cfg.Command(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	for in, want := range map[string]string{"a-b_c./:=@%+,9": "a-b_c./:=@%+,9", "": "''", "a b": "'a b'", "$x": "'$x'"} {
		if got := run.ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestParseSkipFaults(t *testing.T) {
	for in, want := range map[string][]int{"": nil, "-": nil, "2,0": {2, 0}, "9999": {9999}} {
		if got, err := run.ParseSkipFaults(in); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseSkipFaults(%q) = %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"1,1", "-1", "10000", "a", "1,"} {
		if _, err := run.ParseSkipFaults(in); err == nil || !strings.HasPrefix(err.Error(), "--skip-faults ") {
			t.Errorf("ParseSkipFaults(%q): %v", in, err)
		}
	}
}
