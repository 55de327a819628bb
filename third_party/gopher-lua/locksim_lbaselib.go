package lua

// locksim: the functions of Lua 5.1.5's base, table and math libraries
// whose gopher-lua versions answered differently from Redis 7.0 (lbaselib.c,
// ltablib.c, lmathlib.c, each ported from its C function of the same name):
// tonumber with a base (strtoul), select, next on a key the table does not
// have, rawset's result, setmetatable's checks, xpcall's arguments,
// collectgarbage and gcinfo (Redis keeps them), table.insert/remove/concat/
// sort/getn/setn/maxn/foreach/foreachi (sort is Lua's own quicksort, so an
// inconsistent comparator gives Lua's order or its error), math.max/min/
// fmod/modf.

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// lua51LibOrders are the functions of Lua 5.1.5's libraries in the order
// of their C arrays (lbaselib.c base_funcs and co_funcs, lstrlib.c strlib,
// ltablib.c tab_funcs, lmathlib.c mathlib): the order luaL_register sets
// them in, which decides where each lands in the library's hash part.
var lua51LibOrders = map[string][]string{
	"_G": {"assert", "collectgarbage", "dofile", "error", "gcinfo", "getfenv", "getmetatable", "loadfile", "load",
		"loadstring", "next", "pcall", "print", "rawequal", "rawget", "rawset", "select", "setfenv", "setmetatable",
		"tonumber", "tostring", "type", "unpack", "xpcall"},
	"coroutine": {"create", "resume", "running", "status", "wrap", "yield"},
	"string": {"byte", "char", "dump", "find", "format", "gfind", "gmatch", "gsub", "len", "lower", "match", "rep",
		"reverse", "sub", "upper"},
	"table": {"concat", "foreach", "foreachi", "getn", "maxn", "insert", "remove", "setn", "sort"},
	"math": {"abs", "acos", "asin", "atan2", "atan", "ceil", "cosh", "cos", "deg", "exp", "floor", "fmod", "frexp",
		"ldexp", "log10", "log", "max", "min", "modf", "pow", "rad", "random", "randomseed", "sinh", "sin", "sqrt",
		"tanh", "tan"},
}

// lua51FuncOrder is the order to register funcs of library name in:
// Lua 5.1's for the names it has (known counts them), then the others
// sorted, so that no table is built in Go's random map order.
func lua51FuncOrder(name string, funcs map[string]LGFunction) (order []string, known int) {
	seen := map[string]bool{}
	for _, f := range lua51LibOrders[name] {
		if _, ok := funcs[f]; ok {
			order = append(order, f)
			seen[f] = true
		}
	}
	known = len(lua51LibOrders[name])
	var rest []string
	for f := range funcs {
		if !seen[f] {
			rest = append(rest, f)
		}
	}
	sort.Strings(rest)
	return append(order, rest...), known
}

// lua51Order is the order next visits one table's keys in.
type lua51Order struct {
	keys []LValue
	pos  map[LValue]int
}

// SetLua51NextOrder makes next (and pairs) visit a table's keys in the
// order f gives (the keys with a value, each once), for instance Lua 5.1's
// hash order, instead of gopher-lua's. The order is made when a traversal
// starts (next(t, nil)) and kept for the table until Lua51ScriptEnded;
// nil returns to gopher-lua's order.
func (ls *LState) SetLua51NextOrder(f func(*LTable) []LValue) {
	ls.G.nextOrder = f
	ls.G.nextCache = nil
}

// Lua51ScriptEnded drops what the state kept of a script's values: the
// orders next made and the addresses tostring showed.
func (ls *LState) Lua51ScriptEnded() {
	if len(ls.G.nextCache) > 0 {
		clear(ls.G.nextCache)
	}
	if len(ls.G.addrs) > 0 {
		clear(ls.G.addrs)
	}
}

// lua51BaseToString is luaB_tostring: __tostring's result as it is, or the
// value's text. A table, function, thread or userdata prints an address,
// which in Lua is where it lives; here it is one made up in the order the
// script asked (the same value, the same address), so that a reply or a
// trace holding one is the same on every run.
func lua51BaseToString(L *LState) int {
	v := L.CheckAny(1)
	if fn, ok := L.metaOp1(v, "__tostring").(*LFunction); ok {
		L.Push(fn)
		L.Push(v)
		L.Call(1, 1)
		return 1
	}
	switch x := v.(type) {
	case *LTable, *LFunction, *LState:
		L.Push(LString(v.Type().String() + ": " + lua51Address(L, v)))
	case *LUserData:
		if _, ok := x.Value.(interface{ Lua51String() string }); ok {
			L.Push(LString(x.String()))
		} else {
			L.Push(LString("userdata: " + lua51Address(L, v)))
		}
	default:
		L.Push(LString(v.String()))
	}
	return 1
}

// lua51Address is the made-up address of v: glibc's %p of a heap pointer
// as x86-64 Linux hands them out, 64 bytes apart in order of first use.
func lua51Address(L *LState, v LValue) string {
	a, ok := L.G.addrs[v]
	if !ok {
		if L.G.addrs == nil {
			L.G.addrs = map[LValue]uint64{}
		}
		a = 0x55d0c0a3e000 + uint64(len(L.G.addrs))*0x40
		L.G.addrs[v] = a
	}
	return "0x" + strconv.FormatUint(a, 16)
}

// lua51NextInOrder is next over the host's order: the first key after key
// (in the order made when the traversal started) that still has a value.
// A key set since (Lua leaves that undefined) makes the order again.
func lua51NextInOrder(L *LState, tb *LTable, key LValue) (LValue, LValue) {
	g := L.G
	o := g.nextCache[tb]
	i := 0
	if key != LNil {
		p, ok := -1, false
		if o != nil {
			p, ok = o.pos[key]
		}
		if !ok {
			o = nil
		}
		i = p + 1
	}
	if o == nil || key == LNil {
		o = &lua51Order{keys: g.nextOrder(tb), pos: map[LValue]int{}}
		for j, k := range o.keys {
			o.pos[k] = j
		}
		if g.nextCache == nil {
			g.nextCache = map[*LTable]*lua51Order{}
		}
		g.nextCache[tb] = o
		if key != LNil {
			p, ok := o.pos[key]
			if !ok {
				p = len(o.keys) // a dead key: past the end
			}
			i = p + 1
		}
	}
	for ; i < len(o.keys); i++ {
		if v := tb.RawGet(o.keys[i]); v != LNil {
			return o.keys[i], v
		}
	}
	return LNil, LNil
}

/* base {{{ */

func lua51BaseToNumber(L *LState) int {
	base := L.OptInt(2, 10)
	if base == 10 { // the standard conversion
		L.CheckAny(1)
		if f, ok := Lua51ToNumber(L.Get(1)); ok {
			L.Push(LNumber(f))
			return 1
		}
		L.Push(LNil)
		return 1
	}
	s := Lua51CString(L.CheckString(1))
	if base < 2 || base > 36 {
		L.Lua51ArgError(2, "base out of range")
	}
	n, rest, ok := lua51Strtoul(s, base)
	if ok {
		for rest != "" && lua51IsSpace(rest[0]) {
			rest = rest[1:]
		}
		if rest == "" {
			L.Push(LNumber(float64(n)))
			return 1
		}
	}
	L.Push(LNil)
	return 1
}

// lua51Strtoul is glibc's strtoul: leading space, a sign, "0x" in base
// 16, then digits; ULONG_MAX on overflow; a '-' negates modulo 2^64. ok is
// false when no digit was read.
func lua51Strtoul(s string, base int) (n uint64, rest string, ok bool) {
	i := 0
	for i < len(s) && lua51IsSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	if base == 16 && i+2 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') && lua51Digit(s[i+2]) < 16 {
		i += 2
	}
	start, overflow := i, false
	for ; i < len(s); i++ {
		d := lua51Digit(s[i])
		if d >= base {
			break
		}
		if n > (math.MaxUint64-uint64(d))/uint64(base) {
			overflow = true
		}
		n = n*uint64(base) + uint64(d)
	}
	if i == start {
		return 0, s, false
	}
	if overflow {
		return math.MaxUint64, s[i:], true
	}
	if neg {
		n = -n
	}
	return n, s[i:], true
}

func lua51Digit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

func lua51BaseSelect(L *LState) int {
	n := L.GetTop()
	if s, ok := L.Get(1).(LString); ok && strings.HasPrefix(string(s), "#") {
		L.Push(LNumber(n - 1))
		return 1
	}
	i := L.CheckInt(1)
	if i < 0 {
		i = n + i
	} else if i > n {
		i = n
	}
	if i < 1 {
		L.Lua51ArgError(1, "index out of range")
	}
	return n - i
}

func lua51BaseNext(L *LState) int {
	tb := L.CheckTable(1)
	key := L.Get(2)
	if key != LNil && !tb.lua51HasKey(key) {
		lua51RunError(L, "invalid key to 'next'")
	}
	var k, v LValue
	if L.G.nextOrder != nil {
		k, v = lua51NextInOrder(L, tb, key)
	} else {
		k, v = tb.Next(key)
	}
	if k == LNil {
		L.Push(LNil)
		return 1
	}
	L.Push(k)
	L.Push(v)
	return 2
}

// lua51HasKey tells whether next may go on from key: a key of the array
// part, or one the table has held (Lua keeps a removed key's node as a
// dead key until the table is rehashed; gopher-lua keeps every key's slot).
func (tb *LTable) lua51HasKey(key LValue) bool {
	if kv, ok := key.(LNumber); ok && isInteger(kv) && kv >= 1 && int(kv) <= len(tb.array) {
		return true
	}
	if tb.k2i == nil {
		return false
	}
	_, ok := tb.k2i[key]
	return ok
}

func lua51BaseRawSet(L *LState) int {
	tb := L.CheckTable(1)
	L.CheckAny(2)
	L.CheckAny(3)
	lua51CheckWritable(L, tb)
	switch k := L.Get(2).(type) { // luaH_set's checks
	case *LNilType:
		lua51RunError(L, "table index is nil")
	case LNumber:
		if k != k {
			lua51RunError(L, "table index is NaN")
		}
	}
	tb.RawSet(L.Get(2), L.Get(3))
	L.SetTop(1)
	return 1
}

func lua51BaseSetMetatable(L *LState) int {
	t, none := L.Get(2).Type(), L.GetTop() < 2 // LUA_TNONE is neither nil nor a table
	tb := L.CheckTable(1)
	if none || t != LTNil && t != LTTable {
		L.Lua51ArgError(2, "nil or table expected")
	}
	if mt, ok := tb.Metatable.(*LTable); ok && mt.RawGetString("__metatable") != LNil {
		L.RaiseError("cannot change a protected metatable")
	}
	lua51CheckWritable(L, tb)
	L.SetMetatable(tb, L.Get(2))
	L.SetTop(1)
	return 1
}

// lua51BaseXPCall is luaB_xpcall: any value may be called (a failed call
// goes to the handler like any error), the handler must be given; a
// handler that cannot be called makes "error in error handling".
func lua51BaseXPCall(L *LState) int {
	L.CheckAny(2)
	fn := L.Get(1)
	errfunc, ok := L.Get(2).(*LFunction)
	if !ok {
		errfunc = L.NewFunction(func(L *LState) int {
			L.Push(LString("error in error handling"))
			return 1
		})
	}
	top := L.GetTop()
	L.Push(fn)
	if err := L.PCall(0, MultRet, errfunc); err != nil {
		lua51ReraiseIfBudgetExceeded(L) // the instruction budget error is uncatchable
		L.Push(LFalse)
		if aerr, ok := err.(*ApiError); ok {
			L.Push(aerr.Object)
		} else {
			L.Push(LString(err.Error()))
		}
		return 2
	}
	L.Insert(LTrue, top+1)
	return L.GetTop() - top
}

// Lua51HeapKB is the heap size collectgarbage("count") and gcinfo report
// when a host wants them deterministic (Lua's count depends on the
// allocator; a simulation has no such state to report).
const Lua51HeapKB = 32

// lua51GCOptions are luaB_collectgarbage's options (opts).
var lua51GCOptions = []string{"stop", "restart", "collect", "count", "step", "setpause", "setstepmul"}

// Lua51CollectGarbage is luaB_collectgarbage's checks and results with a
// fixed heap: it collects nothing, so a script cannot make its host spend
// time in the Go collector. gopher-lua's own collectgarbage (which runs
// it) stays the default.
func Lua51CollectGarbage(L *LState) int {
	o := "collect"
	if L.Get(1) != LNil {
		o = L.CheckString(1)
	}
	if !slices.Contains(lua51GCOptions, o) { // luaL_checkoption
		L.Lua51ArgError(1, "invalid option '"+o+"'")
	}
	switch o {
	case "count":
		L.Push(LNumber(Lua51HeapKB))
	case "step":
		L.Push(LFalse)
	case "setpause", "setstepmul":
		L.Push(LNumber(200)) // the defaults, LUAI_GCPAUSE and LUAI_GCMUL
	default:
		L.Push(LNumber(0))
	}
	return 1
}

func lua51BaseGCInfo(L *LState) int {
	L.Push(LNumber(Lua51HeapKB))
	return 1
}

/* }}} */

/* table {{{ */

// lua51GetN is aux_getn: the table's border (luaL_getn is lua_objlen).
func lua51GetN(L *LState, n int) int {
	return lua51Len(L, L.CheckTable(n))
}

// SetLua51Border makes # (and what Lua 5.1 measures with lua_objlen:
// table.insert, table.remove, table.sort, table.concat, unpack) give f's
// border for a table that is not a sequence, for instance luaH_getn's over
// a model of Lua 5.1's table layout; nil returns to gopher-lua's.
func (ls *LState) SetLua51Border(f func(*LTable) int) { ls.G.border = f }

// lua51Len is lua_objlen of a table: its length when it is a sequence (the
// keys 1..n hold values and no other positive integer key does), which
// every layout agrees on, else the host's border.
func lua51Len(L *LState, tb *LTable) int {
	n := tb.Len()
	if L.G.border == nil || tb.lua51IsSequence(n) {
		return n
	}
	return L.G.border(tb)
}

// lua51IsSequence tells whether the table's positive integer keys with a
// value are exactly 1..n, n being gopher-lua's length.
func (tb *LTable) lua51IsSequence(n int) bool {
	for i := 0; i < n; i++ {
		if tb.array[i] == LNil {
			return false
		}
	}
	for k, v := range tb.dict { // only whether one exists: no order is read
		if f, ok := k.(LNumber); ok && f >= 1 && v != LNil && f == LNumber(int64(f)) {
			return false
		}
	}
	return true
}

func lua51TabGetN(L *LState) int {
	L.Push(LNumber(lua51GetN(L, 1)))
	return 1
}

func lua51TabSetN(L *LState) int {
	L.CheckTable(1)
	L.RaiseError("'setn' is obsolete")
	return 0
}

func lua51TabMaxN(L *LState) int {
	tb := L.CheckTable(1)
	max := 0.0
	for k, _ := tb.Next(LNil); k != LNil; k, _ = tb.Next(k) {
		if f, ok := k.(LNumber); ok && float64(f) > max {
			max = float64(f)
		}
	}
	L.Push(LNumber(max))
	return 1
}

func lua51TabForeachI(L *LState) int {
	n := lua51GetN(L, 1)
	tb := L.Get(1).(*LTable)
	fn := L.CheckFunction(2)
	for i := 1; i <= n; i++ {
		L.Push(fn)
		L.Push(LNumber(i))
		L.Push(tb.RawGetInt(i))
		L.Call(2, 1)
		if L.Get(-1) != LNil {
			return 1
		}
		L.Pop(1)
	}
	return 0
}

func lua51TabForeach(L *LState) int {
	tb := L.CheckTable(1)
	fn := L.CheckFunction(2)
	for k, v := tb.Next(LNil); k != LNil; k, v = tb.Next(k) {
		L.Push(fn)
		L.Push(k)
		L.Push(v)
		L.Call(2, 1)
		if L.Get(-1) != LNil {
			return 1
		}
		L.Pop(1)
	}
	return 0
}

func lua51RawSetI(L *LState, tb *LTable, i int, v LValue) {
	lua51CheckWritable(L, tb)
	tb.RawSetInt(i, v)
}

func lua51TabInsert(L *LState) int {
	e := lua51GetN(L, 1) + 1 // the first empty element
	tb := L.Get(1).(*LTable)
	var pos int
	switch L.GetTop() {
	case 2:
		pos = e
	case 3:
		pos = L.CheckInt(2)
		if pos > e {
			e = pos // grow the array
		}
		for i := e; i > pos; i-- { // move up elements
			lua51RawSetI(L, tb, i, tb.RawGetInt(i-1))
		}
	default:
		L.RaiseError("wrong number of arguments to 'insert'")
	}
	lua51RawSetI(L, tb, pos, L.Get(-1))
	return 0
}

func lua51TabRemove(L *LState) int {
	e := lua51GetN(L, 1)
	tb := L.Get(1).(*LTable)
	pos := L.OptInt(2, e)
	if pos < 1 || pos > e {
		return 0 // nothing to remove
	}
	v := tb.RawGetInt(pos)
	for ; pos < e; pos++ {
		lua51RawSetI(L, tb, pos, tb.RawGetInt(pos+1))
	}
	lua51RawSetI(L, tb, e, LNil)
	L.Push(v)
	return 1
}

func lua51TabConcat(L *LState) int {
	sep := ""
	if L.Get(2) != LNil {
		sep = L.CheckString(2)
	}
	tb := L.CheckTable(1)
	i := L.OptInt(3, 1)
	last := 0
	if L.Get(4) != LNil {
		last = L.CheckInt(4)
	} else {
		last = lua51Len(L, tb)
	}
	var b strings.Builder
	add := func(i int) {
		switch v := tb.RawGetInt(i).(type) {
		case LString, LNumber:
			s := LVAsString(v)
			lua51ChargeString(L, int64(len(s)+len(sep))) // locksim: string memory budget
			b.WriteString(s)
		default:
			// Redis's Lua names the value's type (its ltablib.c addfield)
			L.RaiseError("invalid value (%s) at index %d in table for 'concat'", v.Type().String(), i)
		}
	}
	for ; i < last; i++ {
		add(i)
		b.WriteString(sep)
	}
	if i == last { // the last value, when the interval was not empty
		add(i)
	}
	L.Push(LString(b.String()))
	return 1
}

// lua51Sort is ltablib.c's sort state: the table and the comparator.
type lua51Sort struct {
	L  *LState
	tb *LTable
	fn LValue // nil: the < operator
}

func (s *lua51Sort) get(i int) LValue { return s.tb.RawGetInt(i) }

func (s *lua51Sort) set(i int, v LValue) { lua51RawSetI(s.L, s.tb, i, v) }

// less is sort_comp: a < b by the comparator or by lua_lessthan.
func (s *lua51Sort) less(a, b LValue) bool {
	if s.fn == LNil {
		return s.L.LessThan(a, b)
	}
	s.L.Push(s.fn)
	s.L.Push(a)
	s.L.Push(b)
	s.L.Call(2, 1)
	res := LVAsBool(s.L.Get(-1))
	s.L.Pop(1)
	return res
}

// auxsort is Lua 5.1's quicksort, step for step: the same comparisons in
// the same order, so the same result for any comparator.
func (s *lua51Sort) auxsort(l, u int) {
	for l < u {
		// sort a[l], a[(l+u)/2] and a[u]
		if al, au := s.get(l), s.get(u); s.less(au, al) {
			s.set(l, au)
			s.set(u, al)
		}
		if u-l == 1 {
			break // only 2 elements
		}
		i := (l + u) / 2
		if ai, al := s.get(i), s.get(l); s.less(ai, al) {
			s.set(i, al)
			s.set(l, ai)
		} else if au := s.get(u); s.less(au, ai) {
			s.set(i, au)
			s.set(u, ai)
		}
		if u-l == 2 {
			break // only 3 elements
		}
		p := s.get(i) // the pivot
		s.set(i, s.get(u-1))
		s.set(u-1, p)
		// a[l] <= P == a[u-1] <= a[u]: sort from l+1 to u-2
		i, j := l, u-1
		for {
			var ai, aj LValue
			for {
				i++
				if ai = s.get(i); !s.less(ai, p) {
					break
				}
				if i > u {
					s.L.RaiseError("invalid order function for sorting")
				}
			}
			for {
				j--
				if aj = s.get(j); !s.less(p, aj) {
					break
				}
				if j < l {
					s.L.RaiseError("invalid order function for sorting")
				}
			}
			if j < i {
				break
			}
			s.set(i, aj)
			s.set(j, ai)
		}
		a, b := s.get(u-1), s.get(i)
		s.set(u-1, b)
		s.set(i, a)
		// the smaller half recursively, the larger one in the loop
		if i-l < u-i {
			j, i, l = l, i-1, i+1
		} else {
			j, i, u = i+1, u, i-1
		}
		s.auxsort(j, i)
	}
}

func lua51TabSort(L *LState) int {
	n := lua51GetN(L, 1)
	s := &lua51Sort{L: L, tb: L.Get(1).(*LTable), fn: L.Get(2)}
	if s.fn != LNil {
		L.CheckFunction(2)
	}
	L.SetTop(2)
	s.auxsort(1, n)
	return 0
}

/* }}} */

/* math {{{ */

func lua51MathMax(L *LState) int {
	m := float64(L.CheckNumber(1))
	for i := 2; i <= L.GetTop(); i++ {
		if d := float64(L.CheckNumber(i)); d > m {
			m = d
		}
	}
	L.Push(LNumber(m))
	return 1
}

func lua51MathMin(L *LState) int {
	m := float64(L.CheckNumber(1))
	for i := 2; i <= L.GetTop(); i++ {
		if d := float64(L.CheckNumber(i)); d < m {
			m = d
		}
	}
	L.Push(LNumber(m))
	return 1
}

// lua51DefaultNaN is the NaN x86-64 makes for an invalid operation (0/0,
// fmod(x, 0)): its sign bit is set, so glibc prints it "-nan".
var lua51DefaultNaN = math.Float64frombits(0xFFF8000000000000)

// lua51Pow is glibc's pow: an invalid operation (a negative base with a
// non-integer exponent) gives x86-64's default NaN, which prints "-nan";
// a NaN operand comes through as it is.
func lua51Pow(x, y float64) float64 {
	r := math.Pow(x, y)
	if r != r && x == x && y == y {
		return lua51DefaultNaN
	}
	return r
}

// lua51MathLog is glibc's log: a negative argument is an invalid
// operation, whose NaN prints "-nan" (glibc's log10 answers "nan": Go's).
func lua51MathLog(L *LState) int {
	x := float64(L.CheckNumber(1))
	r := math.Log(x)
	if x < 0 {
		r = lua51DefaultNaN
	}
	L.Push(LNumber(r))
	return 1
}

// lua51MathTrig is glibc's sin, cos or tan: an infinite argument is an
// invalid operation ("-nan"); a NaN comes through as it is.
func lua51MathTrig(f func(float64) float64) LGFunction {
	return func(L *LState) int {
		x := float64(L.CheckNumber(1))
		r := f(x)
		switch {
		case x != x:
			r = x
		case math.IsInf(x, 0):
			r = lua51DefaultNaN
		}
		L.Push(LNumber(r))
		return 1
	}
}

// lua51MathAtan2 is glibc's atan2: a NaN argument comes through as it is.
func lua51MathAtan2(L *LState) int {
	y, x := float64(L.CheckNumber(1)), float64(L.CheckNumber(2))
	r := math.Atan2(y, x)
	switch {
	case y != y:
		r = y
	case x != x:
		r = x
	}
	L.Push(LNumber(r))
	return 1
}

func lua51MathFmod(L *LState) int {
	x, y := float64(L.CheckNumber(1)), float64(L.CheckNumber(2))
	var r float64
	switch {
	case math.IsNaN(x):
		r = x
	case math.IsNaN(y):
		r = y
	case y == 0 || math.IsInf(x, 0):
		r = lua51DefaultNaN
	default:
		r = math.Mod(x, y)
	}
	L.Push(LNumber(r))
	return 1
}

func lua51MathModf(L *LState) int {
	x := float64(L.CheckNumber(1))
	ip, fp := math.Modf(x)
	if math.IsInf(x, 0) { // C's modf: the fraction of an infinity is 0
		fp = math.Copysign(0, x)
	}
	L.Push(LNumber(ip))
	L.Push(LNumber(fp))
	return 2
}

/* }}} */

// Lua51PCall is the base library's pcall as a Go function a host's own
// pcall can run in its frame (Redis wraps pcall, script_lua.c
// luaRedisPcall, without a second C call in between: error's levels count
// one frame for both).
func Lua51PCall(L *LState) int { return basePCall(L) }
