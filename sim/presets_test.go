package sim

import (
	"reflect"
	"testing"
)

func TestParsePresets(t *testing.T) {
	if got, err := ParsePresets("net,none"); err != nil || !reflect.DeepEqual(got, []string{"net", "none"}) {
		t.Fatalf("ParsePresets(net,none) = %v, %v", got, err)
	}
	for in, want := range map[string]string{
		"net,net": `preset "net" twice`,
		"net,":    `unknown preset "" (known: none, crash, pause, net, skew, failover, points, all, interrupt)`,
		"wifi":    `unknown preset "wifi" (known: none, crash, pause, net, skew, failover, points, all, interrupt)`,
	} {
		if _, err := ParsePresets(in); err == nil || err.Error() != want {
			t.Errorf("ParsePresets(%q): %v, want %s", in, err, want)
		}
	}
}
