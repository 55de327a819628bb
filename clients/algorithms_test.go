package clients_test

import (
	"reflect"
	"testing"

	"github.com/locksim/locksim/clients"
)

func TestParseAlgos(t *testing.T) {
	if got, _ := clients.ParseAlgos(""); !reflect.DeepEqual(got, clients.Algorithms) {
		t.Errorf("default: %v", got)
	}
	if got, _ := clients.ParseAlgos("all"); !reflect.DeepEqual(got, clients.Algorithms) {
		t.Errorf("all: %v", got)
	}
	if got, err := clients.ParseAlgos("set-px,rlock-3.8.1"); err != nil || !reflect.DeepEqual(got, []string{"set-px", "rlock-3.8.1"}) {
		t.Errorf("a list: %v, %v", got, err)
	}
	if _, err := clients.ParseAlgos("set-px,set-px"); err == nil || err.Error() != "set-px twice" {
		t.Errorf("twice: %v", err)
	}
}
