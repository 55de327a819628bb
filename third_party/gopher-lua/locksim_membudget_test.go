package lua

import (
	"strings"
	"testing"
)

// The string budget stops string.rep, .. and table.concat before they
// build more bytes than it allows, and pcall cannot catch it.
func TestStringBudget(t *testing.T) {
	for _, src := range []string{
		`return string.rep("x", 1e11)`,
		`return string.rep("xy", 2^30)`,
		`local s = "x" for i = 1, 40 do s = s .. s end return #s`,
		`local t = {} for i = 1, 2000 do t[i] = string.rep("y", 1000) end return #table.concat(t)`,
		`return pcall(string.rep, "x", 1e11)`,
	} {
		L := NewState()
		L.SetStringBudget(1 << 20)
		err := L.DoString(src)
		if err == nil || !strings.Contains(err.Error(), StringBudgetExceededMessage) || !L.StringBudgetExceeded() {
			t.Errorf("%s: %v", src, err)
		}
		L.Close()
	}
	L := NewState()
	defer L.Close()
	L.SetStringBudget(1 << 20)
	// luaL_checkint casts to a C long, then to an int: 2^62 is 0 there
	if err := L.DoString(`local s = string.rep("ab", 1000) .. "c" assert(#s == 2001) assert(string.rep("xy", 2^62) == "")`); err != nil {
		t.Fatal(err)
	}
}

// gsub builds its result in one pass, charged to the budget.
func TestGsubBudget(t *testing.T) {
	L := NewState()
	defer L.Close()
	L.SetStringBudget(1 << 20)
	if err := L.DoString(`local s, n = string.gsub("a-b-c", "-", "+%0+") assert(s == "a+-+b+-+c" and n == 2, s)`); err != nil {
		t.Fatal(err)
	}
	L.SetStringBudget(1 << 20)
	err := L.DoString(`local s = string.rep("x", 1000) return string.gsub(s, "x", string.rep("y", 2000))`)
	if err == nil || !strings.Contains(err.Error(), StringBudgetExceededMessage) {
		t.Fatalf("gsub past the budget: %v", err)
	}
}
