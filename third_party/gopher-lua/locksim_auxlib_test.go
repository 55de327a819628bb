package lua

import (
	"math"
	"strings"
	"testing"
)

// locksim: tests of locksim_auxlib.go. Expected texts are what Redis
// 7.0.15's Lua 5.1 prints for the same calls to a C function doing
// luaL_checknumber(L, 1) (bit.tobit there; a Go function "f" here).

func newAuxState(t *testing.T) *LState {
	t.Helper()
	L := NewState()
	t.Cleanup(L.Close)
	check := func(L *LState) int {
		if _, ok := Lua51ToNumber(L.Get(1)); !ok {
			L.Lua51TypeError(1, "number")
		}
		return 0
	}
	lib := L.NewTable()
	lib.RawSetString("f", L.NewFunction(check))
	L.SetGlobal("lib", lib)
	L.SetGlobal("f", L.NewFunction(check))
	return L
}

func TestLua51ArgErrorNames(t *testing.T) {
	cases := []struct{ src, want string }{
		{"lib.f({})", "user_script:1: bad argument #1 to 'f' (number expected, got table)"},
		{"lib.f()", "user_script:1: bad argument #1 to 'f' (number expected, got no value)"},
		{"f(nil)", "user_script:1: bad argument #1 to 'f' (number expected, got nil)"},
		{"local g = lib.f\ng('x')", "user_script:2: bad argument #1 to 'g' (number expected, got string)"},
		{"return lib.f(true)", "user_script:1: bad argument #1 to 'f' (number expected, got boolean)"},
		{"lib:f()", "user_script:1: calling 'f' on bad self (number expected, got table)"},
		{"local ok, e = pcall(lib.f, {}) error(e, 0)", "bad argument #1 to '?' (number expected, got table)"},
		{"lib.f('12')", ""},
	}
	for _, c := range cases {
		L := newAuxState(t)
		fn, err := L.Load(strings.NewReader(c.src), "@user_script")
		if err != nil {
			t.Fatal(err)
		}
		L.Push(fn)
		got := ""
		if err := L.PCall(0, 0, nil); err != nil {
			got = err.(*ApiError).Object.String()
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

func TestReadOnlyTables(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"t.x = 1", "user_script:1: Attempt to modify a readonly table"},
		{"t.a = 2", "user_script:1: Attempt to modify a readonly table"},
		{"t[1] = 1", "user_script:1: Attempt to modify a readonly table"},
		{"rawset(t, 'x', 1)", "Attempt to modify a readonly table"},
		{"setmetatable(t, {})", "Attempt to modify a readonly table"},
		{"table.insert(t, 1)", "Attempt to modify a readonly table"},
		{"table.remove(t)", "Attempt to modify a readonly table"},
		{"table.remove(e)", ""},
		{"local x = t.a", ""},
	} {
		L := NewState()
		tb := L.NewTable()
		tb.RawSetString("a", LNumber(1))
		tb.RawSetInt(1, LTrue)
		tb.SetReadOnly(true)
		empty := L.NewTable()
		empty.SetReadOnly(true)
		L.SetGlobal("t", tb)
		L.SetGlobal("e", empty)
		err := L.DoString(c.src)
		got := ""
		if err != nil {
			got = err.(*ApiError).Object.String()
		}
		// DoString names the chunk after the source: keep the message
		if i := strings.Index(got, ": Attempt"); i >= 0 {
			got = "user_script:1" + got[i:]
		}
		if got != c.want {
			t.Errorf("%s: got %q want %q", c.src, got, c.want)
		}
		L.Close()
	}
}

func TestLua51ConstructorSizes(t *testing.T) {
	for _, c := range []struct {
		src    string
		na, nh int
		ok     bool
	}{
		{"return {}", 0, 0, true},
		{"return {1, 2, 3, a = 1}", 3, 1, true},
		{"return {a = 1, b = 2, [1] = 3}", 0, 3, true},
		{"return {f()}", 0, 0, true},
		{"return {1, x = 2, f()}", 1, 1, true},
		{"return {" + strings.Repeat("1,", 17) + "}", 18, 0, true}, // luaO_int2fb rounds 17 up to 18
	} {
		L := NewState()
		L.SetGlobal("f", L.NewFunction(func(L *LState) int { L.Push(LNumber(1)); L.Push(LNumber(2)); return 2 }))
		if err := L.DoString(c.src); err != nil {
			t.Fatal(err)
		}
		na, nh, ok := L.Get(-1).(*LTable).Lua51ConstructorSizes()
		if na != c.na || nh != c.nh || ok != c.ok {
			t.Errorf("%s: sizes %d, %d, %v; want %d, %d, %v", c.src, na, nh, ok, c.na, c.nh, c.ok)
		}
		L.Close()
	}
	L := NewState()
	defer L.Close()
	if _, _, ok := L.NewTable().Lua51ConstructorSizes(); ok {
		t.Error("a table made by Go reports constructor sizes")
	}
}

func TestLua51Strtod(t *testing.T) {
	for _, c := range []struct {
		in   string
		v    float64
		used int
	}{
		{"1.5e3xyz", 1500, 5}, {"-0x10p1,", -32, 7}, {"  12", 12, 4}, {"1e", 1, 1}, {"1e+", 1, 1},
		{"-", 0, 0}, {"x", 0, 0}, {"0x", 0, 1}, {"infinity!", math.Inf(1), 8}, {"-INF", math.Inf(-1), 4},
		{"1\x002", 1, 1}, {"1e999", math.Inf(1), 5},
	} {
		v, n := Lua51Strtod(c.in)
		if v != c.v || n != c.used {
			t.Errorf("strtod(%q) = %v, %d; want %v, %d", c.in, v, n, c.v, c.used)
		}
	}
	if v, _ := Lua51Strtod("nan"); math.Float64bits(v) != 0x7ff8000000000000 {
		t.Errorf("strtod(nan) bits %x, want glibc's 7ff8000000000000", math.Float64bits(v))
	}
	if v, _ := Lua51Strtod("-nan"); !math.Signbit(v) || v == v {
		t.Errorf("strtod(-nan) = %v, want a NaN with the sign bit", v)
	}
}

func TestLua51IntegerCasts(t *testing.T) {
	for _, c := range []struct {
		d   float64
		i32 int32
		i64 int64
	}{
		{1.9, 1, 1}, {-1.9, -1, -1}, {2147483648, math.MinInt32, 2147483648},
		{math.NaN(), math.MinInt32, math.MinInt64}, {math.Inf(1), math.MinInt32, math.MinInt64},
		{9223372036854775808, math.MinInt32, math.MinInt64}, {-9223372036854775808, math.MinInt32, math.MinInt64},
	} {
		if got := Lua51Int(c.d); got != c.i32 {
			t.Errorf("Lua51Int(%v) = %d, want %d", c.d, got, c.i32)
		}
		if got := Lua51Integer(c.d); got != c.i64 {
			t.Errorf("Lua51Integer(%v) = %d, want %d", c.d, got, c.i64)
		}
	}
}

// Lua51SetOrder gives every key with a value, also those that reached the
// array part without RawSet (Append and Insert from Go): they come last,
// never missing.
func TestLua51SetOrderMissesNoKey(t *testing.T) {
	L := NewState()
	defer L.Close()
	if err := L.DoString("t = {x = 1, [3] = 3}"); err != nil {
		t.Fatal(err)
	}
	tb := L.GetGlobal("t").(*LTable)
	tb.Append(LString("a"))
	tb.Insert(1, LString("b"))
	var got []string
	if !tb.Lua51SetOrder(func(k LValue) { got = append(got, k.String()) }) {
		t.Fatal("a constructor's table has an order")
	}
	// Insert shifted [3]=3 to 4 and Append put "a" at 5, neither noted
	if want := "x 1 4 5"; strings.Join(got, " ") != want {
		t.Fatalf("order %v, want %s", got, want)
	}
}
