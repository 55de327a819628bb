package lua

// locksim: the string library of Lua 5.1.5 (lstrlib.c), ported line by
// line so that scripts get Redis 7.0's answers: its pattern matcher (C
// strings: a NUL ends a pattern; ctype classes of the C locale; %f; error
// texts), find/match/gmatch/gsub as lstrlib.c drives it, and str_format
// with C printf's output. gopher-lua's versions used Go's fmt (string.format
// returned "%!d(MISSING)" and "+Inf") and a pattern compiler that differed
// in its errors, %f, [%a-z], gmatch anchors and gsub's replacement rules.
//
// The matcher draws from the script's instruction budget, one unit per
// match step, so a pattern that backtracks exponentially is stopped like a
// loop instead of hanging the simulation (Redis's C matcher runs no hook).

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/parse"
)

// Lua51CString is s as C's string functions see it (a char * read to its
// terminator): up to its first NUL (parse.CString).
func Lua51CString(s string) string { return parse.CString(s) }

// lua51PosRelat is posrelat: a negative position counts from the end.
func lua51PosRelat(pos int64, n int) int64 {
	if pos < 0 {
		pos += int64(n) + 1
	}
	if pos >= 0 {
		return pos
	}
	return 0
}

func lua51StrLen(L *LState) int {
	L.Push(LNumber(len(L.CheckString(1))))
	return 1
}

func lua51StrSub(L *LState) int {
	s := L.CheckString(1)
	start := lua51PosRelat(L.Lua51CheckInteger(2), len(s))
	end := lua51PosRelat(L.Lua51OptInteger(3, -1), len(s))
	if start < 1 {
		start = 1
	}
	if end > int64(len(s)) {
		end = int64(len(s))
	}
	if start <= end {
		L.Push(LString(s[start-1 : end]))
	} else {
		L.Push(emptyLString)
	}
	return 1
}

func lua51StrReverse(L *LState) int {
	s := L.CheckString(1)
	b := make([]byte, len(s))
	for i := range b {
		b[i] = s[len(s)-1-i]
	}
	L.Push(LString(b))
	return 1
}

// str_lower and str_upper use C's tolower/toupper: ASCII letters only in
// the C locale Redis runs its scripts in.
func lua51StrLower(L *LState) int { return lua51CaseMap(L, 'A', 'Z', 'a'-'A') }
func lua51StrUpper(L *LState) int { return lua51CaseMap(L, 'a', 'z', 'A'-'a') }

// lua51CaseMap shifts the bytes from lo to hi of argument 1 by delta.
func lua51CaseMap(L *LState, lo, hi byte, delta int) int {
	s := []byte(L.CheckString(1))
	for i, c := range s {
		if c >= lo && c <= hi {
			s[i] = byte(int(c) + delta)
		}
	}
	L.Push(LString(s))
	return 1
}

func lua51StrRep(L *LState) int {
	s := L.CheckString(1)
	n := L.CheckInt(2)
	if n <= 0 || len(s) == 0 {
		L.Push(emptyLString)
		return 1
	}
	size := int64(len(s)) * int64(n)
	lua51ChargeString(L, size) // locksim: string memory budget
	L.Push(LString(strings.Repeat(s, n)))
	return 1
}

func lua51StrByte(L *LState) int {
	s := L.CheckString(1)
	posi := lua51PosRelat(L.Lua51OptInteger(2, 1), len(s))
	pose := lua51PosRelat(L.Lua51OptInteger(3, posi), len(s))
	if posi <= 0 {
		posi = 1
	}
	if pose > int64(len(s)) {
		pose = int64(len(s))
	}
	if posi > pose {
		return 0
	}
	n := int(pose - posi + 1)
	if !lua51CheckStack(L, n) {
		L.RaiseError("stack overflow (string slice too long)") // luaL_checkstack
	}
	for i := 0; i < n; i++ {
		L.Push(LNumber(s[int(posi)+i-1]))
	}
	return n
}

func lua51StrChar(L *LState) int {
	n := L.GetTop()
	b := make([]byte, n)
	for i := 1; i <= n; i++ {
		c := L.CheckInt(i)
		if c < 0 || c > 255 {
			L.Lua51ArgError(i, "invalid value")
		}
		b[i-1] = byte(c)
	}
	L.Push(LString(b))
	return 1
}

/* pattern matching {{{ */

const (
	lua51MaxCaptures = 32 // LUA_MAXCAPTURES
	capUnfinished    = -1
	capPosition      = -2
	lua51Specials    = "^$*+?.([%-"
	// lua51MaxMatchDepth bounds the matcher's recursion. Lua 5.1's match
	// has no such limit and Redis's C stack would overflow first; a Go
	// stack this deep would take the whole process down instead.
	lua51MaxMatchDepth = 100000
)

type lua51Capture struct {
	init, len int
}

// lua51MatchState is MatchState: the subject, the pattern (a C string) and
// the captures, as indexes.
type lua51MatchState struct {
	L       *LState
	src     string
	pat     string
	level   int
	depth   int
	capture [lua51MaxCaptures]lua51Capture
}

// p returns the pattern's byte at i, 0 past its end (the C terminator).
func (ms *lua51MatchState) p(i int) byte {
	if i < len(ms.pat) {
		return ms.pat[i]
	}
	return 0
}

// s returns the subject's byte at i, 0 at its end (Lua strings end in NUL).
func (ms *lua51MatchState) s(i int) byte {
	if i < len(ms.src) {
		return ms.src[i]
	}
	return 0
}

// step charges one unit of the instruction budget.
func (ms *lua51MatchState) step() {
	if g := ms.L.G; g.budgetOn {
		g.budgetLeft--
		if g.budgetLeft < 0 {
			lua51BudgetError(ms.L)
		}
	}
}

func (ms *lua51MatchState) error(msg string) { ms.L.RaiseError("%s", msg) }

func (ms *lua51MatchState) checkCapture(l byte) int {
	i := int(l) - '1'
	if i < 0 || i >= ms.level || ms.capture[i].len == capUnfinished {
		ms.error("invalid capture index")
	}
	return i
}

func (ms *lua51MatchState) captureToClose() int {
	for level := ms.level - 1; level >= 0; level-- {
		if ms.capture[level].len == capUnfinished {
			return level
		}
	}
	ms.error("invalid pattern capture")
	return 0
}

func (ms *lua51MatchState) classEnd(p int) int {
	c := ms.p(p)
	p++
	switch c {
	case '%':
		if ms.p(p) == 0 {
			ms.error("malformed pattern (ends with '%')")
		}
		return p + 1
	case '[':
		if ms.p(p) == '^' {
			p++
		}
		for { // look for a ']'
			if ms.p(p) == 0 {
				ms.error("malformed pattern (missing ']')")
			}
			c := ms.p(p)
			p++
			if c == '%' && ms.p(p) != 0 {
				p++ // skip escapes (e.g. '%]')
			}
			if ms.p(p) == ']' {
				break
			}
		}
		return p + 1
	}
	return p
}

// The character classes of C's <ctype.h> in the C locale.
func lua51IsAlpha(c int) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func lua51IsLower(c int) bool { return c >= 'a' && c <= 'z' }
func lua51IsUpper(c int) bool { return c >= 'A' && c <= 'Z' }
func lua51IsCntrl(c int) bool { return c < 32 || c == 127 }
func lua51IsPunct(c int) bool {
	return c >= 33 && c <= 47 || c >= 58 && c <= 64 || c >= 91 && c <= 96 || c >= 123 && c <= 126
}

func lua51MatchClass(c, cl int) bool {
	var res bool
	lower := cl
	if lua51IsUpper(cl) {
		lower = cl + 'a' - 'A'
	}
	switch lower {
	case 'a':
		res = lua51IsAlpha(c)
	case 'c':
		res = lua51IsCntrl(c)
	case 'd':
		res = c >= '0' && c <= '9'
	case 'l':
		res = lua51IsLower(c)
	case 'p':
		res = lua51IsPunct(c)
	case 's':
		res = c < 256 && lua51IsSpace(byte(c))
	case 'u':
		res = lua51IsUpper(c)
	case 'w':
		res = lua51IsAlpha(c) || c >= '0' && c <= '9'
	case 'x':
		res = c < 256 && parse.IsXDigit(byte(c))
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if lua51IsLower(cl) {
		return res
	}
	return !res
}

// matchBracketClass: p is the '[', ec the closing ']'.
func (ms *lua51MatchState) matchBracketClass(c, p, ec int) bool {
	sig := true
	if ms.p(p+1) == '^' {
		sig = false
		p++
	}
	for p++; p < ec; p++ {
		if ms.p(p) == '%' {
			p++
			if lua51MatchClass(c, int(ms.p(p))) {
				return sig
			}
		} else if ms.p(p+1) == '-' && p+2 < ec {
			p += 2
			if int(ms.p(p-2)) <= c && c <= int(ms.p(p)) {
				return sig
			}
		} else if int(ms.p(p)) == c {
			return sig
		}
	}
	return !sig
}

func (ms *lua51MatchState) singleMatch(c, p, ep int) bool {
	switch ms.p(p) {
	case '.':
		return true
	case '%':
		return lua51MatchClass(c, int(ms.p(p+1)))
	case '[':
		return ms.matchBracketClass(c, p, ep-1)
	}
	return int(ms.p(p)) == c
}

func (ms *lua51MatchState) matchBalance(s, p int) int {
	if ms.p(p) == 0 || ms.p(p+1) == 0 {
		ms.error("unbalanced pattern")
	}
	if ms.s(s) != ms.p(p) {
		return -1
	}
	b, e, cont := ms.p(p), ms.p(p+1), 1
	for s++; s < len(ms.src); s++ {
		ms.step()
		if ms.src[s] == e {
			if cont--; cont == 0 {
				return s + 1
			}
		} else if ms.src[s] == b {
			cont++
		}
	}
	return -1
}

func (ms *lua51MatchState) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(ms.src) && ms.singleMatch(int(ms.src[s+i]), p, ep) {
		ms.step()
		i++
	}
	for ; i >= 0; i-- { // try with the most repetitions first
		if res := ms.match(s+i, ep+1); res >= 0 {
			return res
		}
	}
	return -1
}

func (ms *lua51MatchState) minExpand(s, p, ep int) int {
	for {
		if res := ms.match(s, ep+1); res >= 0 {
			return res
		} else if s < len(ms.src) && ms.singleMatch(int(ms.src[s]), p, ep) {
			s++
		} else {
			return -1
		}
	}
}

func (ms *lua51MatchState) startCapture(s, p, what int) int {
	level := ms.level
	if level >= lua51MaxCaptures {
		ms.error("too many captures")
	}
	ms.capture[level] = lua51Capture{s, what}
	ms.level = level + 1
	res := ms.match(s, p)
	if res < 0 {
		ms.level-- // undo capture
	}
	return res
}

func (ms *lua51MatchState) endCapture(s, p int) int {
	l := ms.captureToClose()
	ms.capture[l].len = s - ms.capture[l].init
	res := ms.match(s, p)
	if res < 0 {
		ms.capture[l].len = capUnfinished
	}
	return res
}

func (ms *lua51MatchState) matchCapture(s int, l byte) int {
	i := ms.checkCapture(l)
	n := ms.capture[i].len
	if n >= 0 && len(ms.src)-s >= n && ms.src[ms.capture[i].init:ms.capture[i].init+n] == ms.src[s:s+n] {
		return s + n
	}
	return -1
}

// match is lstrlib.c's match: the end of the match of pattern p (from
// index p) at subject index s, or -1.
func (ms *lua51MatchState) match(s, p int) int {
	ms.depth++
	defer func() { ms.depth-- }()
	if ms.depth > lua51MaxMatchDepth {
		ms.error("pattern too complex (the simulation's limit; Redis would overflow its C stack)")
	}
	for {
		ms.step()
		switch ms.p(p) {
		case '(':
			if ms.p(p+1) == ')' { // position capture
				return ms.startCapture(s, p+2, capPosition)
			}
			return ms.startCapture(s, p+1, capUnfinished)
		case ')':
			return ms.endCapture(s, p+1)
		case 0: // end of pattern
			return s
		case '$':
			if ms.p(p+1) == 0 {
				if s == len(ms.src) {
					return s
				}
				return -1
			}
		case '%':
			switch ms.p(p + 1) {
			case 'b':
				if s = ms.matchBalance(s, p+2); s < 0 {
					return -1
				}
				p += 4
				continue
			case 'f':
				p += 2
				if ms.p(p) != '[' {
					ms.error("missing '[' after '%f' in pattern")
				}
				ep := ms.classEnd(p)
				var previous byte
				if s > 0 {
					previous = ms.src[s-1]
				}
				if ms.matchBracketClass(int(previous), p, ep-1) || !ms.matchBracketClass(int(ms.s(s)), p, ep-1) {
					return -1
				}
				p = ep
				continue
			default:
				if d := ms.p(p + 1); d >= '0' && d <= '9' { // a back reference %0-%9
					if s = ms.matchCapture(s, d); s < 0 {
						return -1
					}
					p += 2
					continue
				}
			}
		}
		// a single character class, perhaps with a repetition
		ep := ms.classEnd(p)
		m := s < len(ms.src) && ms.singleMatch(int(ms.src[s]), p, ep)
		switch ms.p(ep) {
		case '?':
			if m {
				if res := ms.match(s+1, ep+1); res >= 0 {
					return res
				}
			}
			p = ep + 1
		case '*':
			return ms.maxExpand(s, p, ep)
		case '+':
			if !m {
				return -1
			}
			return ms.maxExpand(s+1, p, ep)
		case '-':
			return ms.minExpand(s, p, ep)
		default:
			if !m {
				return -1
			}
			s++
			p = ep
		}
	}
}

// oneCapture is push_onecapture's value: capture i of the match [s, e).
func (ms *lua51MatchState) oneCapture(i, s, e int) LValue {
	if i >= ms.level {
		if i == 0 { // no captures: the whole match
			return LString(ms.src[s:e])
		}
		ms.error("invalid capture index")
	}
	c := ms.capture[i]
	switch c.len {
	case capUnfinished:
		ms.error("unfinished capture")
	case capPosition:
		return LNumber(c.init + 1)
	}
	return LString(ms.src[c.init : c.init+c.len])
}

// pushCaptures is push_captures; whole is false for find (s NULL).
func (ms *lua51MatchState) pushCaptures(s, e int, whole bool) int {
	n := ms.level
	if n == 0 && whole {
		n = 1
	}
	if !lua51CheckStack(ms.L, n) {
		ms.L.RaiseError("stack overflow (too many captures)") // luaL_checkstack
	}
	for i := 0; i < n; i++ {
		ms.L.Push(ms.oneCapture(i, s, e))
	}
	return n
}

func lua51StrFindAux(L *LState, find bool) int {
	s := L.CheckString(1)
	pat := L.CheckString(2)
	init := lua51PosRelat(L.Lua51OptInteger(3, 1), len(s)) - 1
	if init < 0 {
		init = 0
	} else if init > int64(len(s)) {
		init = int64(len(s))
	}
	cpat := Lua51CString(pat)
	if find && (LVAsBool(L.Get(4)) || !strings.ContainsAny(cpat, lua51Specials)) {
		// a plain search (lmemfind, with the whole pattern)
		if i := strings.Index(s[init:], pat); i >= 0 {
			L.Push(LNumber(int(init) + i + 1))
			L.Push(LNumber(int(init) + i + len(pat)))
			return 2
		}
	} else {
		ms := &lua51MatchState{L: L, src: s, pat: cpat}
		p, anchor := 0, cpat != "" && cpat[0] == '^'
		if anchor {
			p = 1
		}
		for s1 := int(init); ; s1++ {
			ms.level = 0
			if res := ms.match(s1, p); res >= 0 {
				if find {
					L.Push(LNumber(s1 + 1))
					L.Push(LNumber(res))
					return ms.pushCaptures(0, 0, false) + 2
				}
				return ms.pushCaptures(s1, res, true)
			}
			if s1 >= len(s) || anchor {
				break
			}
		}
	}
	L.Push(LNil)
	return 1
}

func lua51StrFind(L *LState) int  { return lua51StrFindAux(L, true) }
func lua51StrMatch(L *LState) int { return lua51StrFindAux(L, false) }

// lua51StrGmatch is gmatch: one iterator function holding the subject, the
// pattern and the next start (its three upvalues in Lua 5.1).
func lua51StrGmatch(L *LState) int {
	s := L.CheckString(1)
	pat := Lua51CString(L.CheckString(2))
	next := 0
	L.Push(L.NewFunction(func(L *LState) int {
		ms := &lua51MatchState{L: L, src: s, pat: pat}
		for src := next; src <= len(s); src++ {
			ms.level = 0
			if e := ms.match(src, 0); e >= 0 {
				next = e
				if e == src { // an empty match: go at least one position on
					next++
				}
				return ms.pushCaptures(src, e, true)
			}
		}
		return 0
	}))
	return 1
}

// gsubAdd is add_s and add_value: the replacement of the match [s, e).
func (ms *lua51MatchState) gsubAdd(b *strings.Builder, s, e int) {
	L := ms.L
	var v LValue
	switch repl := L.Get(3).(type) {
	case LString, LNumber:
		news := LVAsString(repl)
		for i := 0; i < len(news); i++ {
			c := news[i]
			if c != '%' {
				b.WriteByte(c)
				continue
			}
			i++ // skip the '%'
			var d byte
			if i < len(news) {
				d = news[i]
			}
			switch {
			case d < '0' || d > '9':
				b.WriteByte(d)
			case d == '0':
				b.WriteString(ms.src[s:e])
			default:
				b.WriteString(LVAsString(ms.oneCapture(int(d-'1'), s, e)))
			}
		}
		return
	case *LFunction:
		top := L.GetTop()
		L.Push(repl)
		n := ms.pushCaptures(s, e, true)
		L.Call(n, 1)
		v = L.Get(-1)
		L.SetTop(top)
	case *LTable:
		v = L.GetTable(repl, ms.oneCapture(0, s, e))
	}
	if !LVAsBool(v) { // nil or false: keep the original text
		b.WriteString(ms.src[s:e])
		return
	}
	switch v.(type) {
	case LString, LNumber:
		b.WriteString(LVAsString(v))
	default:
		L.RaiseError("invalid replacement value (a %s)", v.Type().String())
	}
}

func lua51StrGsub(L *LState) int {
	src := L.CheckString(1)
	pat := Lua51CString(L.CheckString(2))
	tr := L.Get(3).Type() // LTNil for none too
	maxS := L.OptInt(4, len(src)+1)
	p, anchor := 0, pat != "" && pat[0] == '^'
	if anchor {
		p = 1
	}
	if tr != LTNumber && tr != LTString && tr != LTFunction && tr != LTTable {
		L.Lua51ArgError(3, "string/function/table expected")
	}
	var b strings.Builder
	ms := &lua51MatchState{L: L, src: src, pat: pat}
	s, n := 0, 0
	for n < maxS {
		ms.level = 0
		e := ms.match(s, p)
		if e >= 0 {
			n++
			before := b.Len()
			ms.gsubAdd(&b, s, e)
			lua51ChargeString(L, int64(b.Len()-before)) // locksim: string memory budget
		}
		if e >= 0 && e > s { // a non-empty match: skip it
			s = e
		} else if s < len(src) {
			b.WriteByte(src[s])
			s++
		} else {
			break
		}
		if anchor {
			break
		}
	}
	b.WriteString(src[s:])
	L.Push(LString(b.String()))
	L.Push(LNumber(n))
	return 2
}

/* }}} */

/* string.format {{{ */

const lua51FormatFlags = "-+ #0"

// lua51Spec is one conversion of a format: its flags, width and precision
// (-1 when absent) and verb.
type lua51Spec struct {
	flags       string
	width, prec int
}

func (sp *lua51Spec) has(flag byte) bool { return strings.IndexByte(sp.flags, flag) >= 0 }

// goFormat is the spec as a Go fmt directive with verb.
func (sp *lua51Spec) goFormat(verb byte) string {
	var b strings.Builder
	b.WriteByte('%')
	b.WriteString(sp.flags)
	if sp.width >= 0 {
		b.WriteString(strconv.Itoa(sp.width))
	}
	if sp.prec >= 0 {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(sp.prec))
	}
	b.WriteByte(verb)
	return b.String()
}

// pad is C printf's padding of a converted item to the width: spaces on
// the left, or on the right with '-'.
func (sp *lua51Spec) pad(s string) string {
	if len(s) >= sp.width {
		return s
	}
	fill := strings.Repeat(" ", sp.width-len(s))
	if sp.has('-') {
		return s + fill
	}
	return fill + s
}

// unsigned is C printf's %o, %x, %X or %u of u: the precision's minimum
// digits (none for 0 at precision 0), '#' (a leading 0 for %o, 0x or 0X
// before a nonzero %x), the width with '-' or '0' (zeros go after the
// prefix, and only without a precision); '+' and ' ' do nothing.
func (sp *lua51Spec) unsigned(verb byte, u uint64) string {
	base := 10
	switch verb {
	case 'o':
		base = 8
	case 'x', 'X':
		base = 16
	}
	digits := strconv.FormatUint(u, base)
	if verb == 'X' {
		digits = strings.ToUpper(digits)
	}
	if sp.prec >= 0 {
		if u == 0 && sp.prec == 0 {
			digits = ""
		}
		if len(digits) < sp.prec {
			digits = strings.Repeat("0", sp.prec-len(digits)) + digits
		}
	}
	prefix := ""
	if sp.has('#') {
		switch {
		case verb == 'o' && (digits == "" || digits[0] != '0'):
			digits = "0" + digits
		case verb == 'x' && u != 0:
			prefix = "0x"
		case verb == 'X' && u != 0:
			prefix = "0X"
		}
	}
	if n := len(prefix) + len(digits); n < sp.width && !sp.has('-') && sp.has('0') && sp.prec < 0 {
		digits = strings.Repeat("0", sp.width-n) + digits
	}
	return sp.pad(prefix + digits)
}

// scanFormat is scanformat: the flags, at most two digits of width and of
// precision; it returns the index of the verb.
func lua51ScanFormat(L *LState, f string, i int) (lua51Spec, int) {
	at := func(j int) byte {
		if j < len(f) {
			return f[j]
		}
		return 0
	}
	start := i
	for at(i) != 0 && strings.IndexByte(lua51FormatFlags, at(i)) >= 0 {
		i++
	}
	if i-start >= len(lua51FormatFlags)+1 {
		L.RaiseError("invalid format (repeated flags)")
	}
	sp := lua51Spec{flags: f[start:i], width: -1, prec: -1}
	digits := func() int {
		v := -1
		for k := 0; k < 2 && lua51IsDigit(at(i)); k++ {
			if v < 0 {
				v = 0
			}
			v = v*10 + int(at(i)-'0')
			i++
		}
		return v
	}
	sp.width = digits()
	if at(i) == '.' {
		i++
		if sp.prec = digits(); sp.prec < 0 {
			sp.prec = 0
		}
	}
	if lua51IsDigit(at(i)) {
		L.RaiseError("invalid format (width or precision too long)")
	}
	return sp, i
}

// lua51Unsigned is the C cast (unsigned long)d as gcc compiles it for
// x86-64: below 2^63 (or NaN) through the signed conversion, above it
// offset by 2^63.
func lua51Unsigned(d float64) uint64 {
	if d != d || d < 9223372036854775808 {
		return uint64(Lua51Integer(d))
	}
	return uint64(Lua51Integer(d-9223372036854775808)) ^ 1<<63
}

// lua51FormatFloat is sprintf of a double with the e, E, f, g or G spec,
// glibc's spelling of the infinities and NaN (sign kept) included.
func lua51FormatFloat(sp *lua51Spec, verb byte, d float64) string {
	if math.IsInf(d, 0) || math.IsNaN(d) {
		s := "inf"
		if math.IsNaN(d) {
			s = "nan"
		}
		if verb == 'E' || verb == 'G' {
			s = strings.ToUpper(s)
		}
		switch {
		case math.Signbit(d):
			s = "-" + s
		case sp.has('+'):
			s = "+" + s
		case sp.has(' '):
			s = " " + s
		}
		return sp.pad(s)
	}
	if sp.prec < 0 {
		cp := *sp
		cp.prec = 6 // C's default precision, where Go's %g would be shortest
		return fmt.Sprintf(cp.goFormat(verb), d)
	}
	return fmt.Sprintf(sp.goFormat(verb), d)
}

func lua51StrFormat(L *LState) int {
	top := L.GetTop()
	arg := 1
	f := L.CheckString(1)
	var b strings.Builder
	for i := 0; i < len(f); {
		if f[i] != '%' {
			b.WriteByte(f[i])
			i++
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		arg++
		if arg > top {
			L.Lua51ArgError(arg, "no value")
		}
		sp, vi := lua51ScanFormat(L, f, i)
		var verb byte
		if vi < len(f) {
			verb = f[vi]
		}
		i = vi + 1
		var item string
		switch verb {
		case 'c':
			c := byte(Lua51Int(float64(L.CheckNumber(arg))))
			item = sp.pad(string([]byte{c}))
		case 'd', 'i':
			n := Lua51Integer(float64(L.CheckNumber(arg)))
			if n == 0 && sp.prec == 0 {
				// C prints no digit, but the sign a flag asks for
				sign := ""
				if sp.has('+') {
					sign = "+"
				} else if sp.has(' ') {
					sign = " "
				}
				item = sp.pad(sign)
				break
			}
			item = fmt.Sprintf(sp.goFormat('d'), n)
		case 'o', 'x', 'X', 'u':
			item = sp.unsigned(verb, lua51Unsigned(float64(L.CheckNumber(arg))))
		case 'e', 'E', 'f', 'g', 'G':
			item = lua51FormatFloat(&sp, verb, float64(L.CheckNumber(arg)))
		case 'q':
			lua51AddQuoted(&b, L.CheckString(arg))
			continue
		case 's':
			s := L.CheckString(arg)
			if sp.prec < 0 && len(s) >= 100 {
				// no precision and too long to format: kept whole
				b.WriteString(s)
				continue
			}
			s = Lua51CString(s)
			if sp.prec >= 0 && len(s) > sp.prec {
				s = s[:sp.prec]
			}
			item = sp.pad(s)
		default:
			// lua_pushfstring's %c gives nothing for a NUL
			msg := "invalid option '%"
			if verb != 0 {
				msg += string([]byte{verb})
			}
			L.RaiseError("%s", msg+"' to 'format'")
		}
		// luaL_addlstring(&b, buff, strlen(buff)): up to a NUL
		b.WriteString(Lua51CString(item))
	}
	lua51ChargeString(L, int64(b.Len())) // locksim: string memory budget
	L.Push(LString(b.String()))
	return 1
}

// lua51AddQuoted is addquoted: %q's escapes.
func lua51AddQuoted(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '\n':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\r':
			b.WriteString("\\r")
		case 0:
			b.WriteString("\\000")
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}

/* }}} */
