package clients_test

import (
	"reflect"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/gen"
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
