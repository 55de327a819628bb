package lualib

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestNextOrder checks the lua_next order of tables against what Redis
// 7.0.15 printed for the same scripts (pairs over the table, keys joined
// with commas).
func TestNextOrder(t *testing.T) {
	cases := []struct{ src, want string }{
		{"return {a=1,b=2,c=3}", "a,c,b"},
		{"local t={} t.a=1 t.b=2 t.c=3 return t", "a,c,b"},
		{"local t={} t.c=1 t.b=2 t.a=3 return t", "a,c,b"},
		{"return {x=1,y=2,z=3,w=4,foo='bar'}", "y,x,z,w,foo"},
		{"return {a=1,b=2,c=3,d=4}", "a,d,c,b"},
		{"local t={} t[1]=1 t.k1=1 t.k2=2 t.k3=3 return t", "1,k1,k3,k2"},
		{"return {a=1, [1]=2}", "a,1"},
		{"return {1,2,3,x=1}", "1,2,3,x"},
	}
	for _, c := range cases {
		L := lua.NewState()
		if err := L.DoString(c.src); err != nil {
			t.Fatal(err)
		}
		tb := L.Get(-1).(*lua.LTable)
		var got []string
		for _, k := range NextOrder(tb) {
			got = append(got, k.String())
		}
		if g := strings.Join(got, ","); g != c.want {
			t.Errorf("%s: order %s, want %s", c.src, g, c.want)
		}
		L.Close()
	}
}
