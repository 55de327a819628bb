package clients_test

import (
	"reflect"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/gen"
	"github.com/locksim/locksim/sim"
	"pgregory.net/rapid"
)

// RunConfig → header → RunConfig gives the same RunConfig.
func TestHeaderRoundTrips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := gen.RunConfig(t)
		got, err := clients.ParseHeader(c.HeaderJSON())
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
		if _, err := clients.ParseHeader([]byte(in)); err == nil {
			t.Errorf("ParseHeader(%s) accepted", in)
		}
	}
}

// Command is simrun run with the config's flags, quoted where a shell
// needs it.
func TestCommand(t *testing.T) {
	cfg := clients.RunConfig{Algo: "rlock-3.16.8", Seed: 7, Preset: "net", Safety: sim.Minute, Scripts: "my dir/it's"}
	want := `go run ./cmd/simrun run --algo rlock-3.16.8 --seed 7 --preset net --safety 60s --scripts 'my dir/it'\''s'`
	if got := cfg.Command(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	for in, want := range map[string]string{"a-b_c./:=@%+,9": "a-b_c./:=@%+,9", "": "''", "a b": "'a b'", "$x": "'$x'"} {
		if got := clients.ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
