package difftest

import (
	"reflect"
	"testing"
)

// TestLuaProbeFilesHoldLuaLibCases checks that the probe files hold
// exactly LuaLibCases: every case's name and every probe's text, in order.
func TestLuaProbeFilesHoldLuaLibCases(t *testing.T) {
	if got := loadLuaLibCases(t); !reflect.DeepEqual(got, LuaLibCases) {
		t.Fatal("the probe files differ from LuaLibCases")
	}
}
