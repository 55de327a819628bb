package lualib

import (
	"math"

	lua "github.com/yuin/gopher-lua"
)

// Redis 7.0 replaces Lua's math.random and math.randomseed with its own
// (script_lua.c redis_math_random, redis_math_randomseed) over rand.c's
// redisLrand48: the 48-bit generator of lrand48, whose state lives in the
// server process. It starts at rand.c's X0..X2 (0x1234ABCD330E) when the
// server starts and runs on across scripts: SCRIPT FLUSH and FLUSHALL do
// not reset it, so a State carries it through Reset.
const (
	rand48Start = 0x1234ABCD330E
	rand48Mul   = 0x5DEECE66D
	rand48Add   = 0xB
	rand48Mask  = 1<<48 - 1
	// redisLrand48Max is REDIS_LRAND48_MAX (INT32_MAX).
	redisLrand48Max = 1<<31 - 1
)

// lrand48 is redisLrand48: the next state's top 31 bits.
func (s *State) lrand48() int64 {
	if !s.randSeeded {
		s.rand, s.randSeeded = rand48Start, true
	}
	s.rand = (rand48Mul*s.rand + rand48Add) & rand48Mask
	return int64(s.rand >> 17)
}

// srand48 is redisSrand48: the seed's 32 bits above 0x330E.
func (s *State) srand48(seed int32) {
	s.rand, s.randSeeded = uint64(uint32(seed))<<16|0x330E, true
}

func openRandom(L *lua.LState, state func() *State) {
	m, ok := L.G.Global.RawGetString("math").(*lua.LTable)
	if !ok {
		return
	}
	m.RawSetString("random", L.NewFunction(func(L *lua.LState) int {
		r := float64(state().lrand48()%redisLrand48Max) / redisLrand48Max
		switch L.GetTop() {
		case 0:
			L.Push(lua.LNumber(r))
		case 1:
			u := L.CheckInt(1)
			if u < 1 {
				L.Lua51ArgError(1, "interval is empty")
			}
			L.Push(lua.LNumber(math.Floor(r*float64(u)) + 1))
		case 2:
			l, u := L.CheckInt(1), L.CheckInt(2)
			if l > u {
				L.Lua51ArgError(2, "interval is empty")
			}
			L.Push(lua.LNumber(math.Floor(r*float64(u-l+1)) + float64(l)))
		default:
			L.RaiseError("wrong number of arguments")
		}
		return 1
	}))
	m.RawSetString("randomseed", L.NewFunction(func(L *lua.LState) int {
		state().srand48(int32(L.CheckInt(1)))
		return 0
	}))
}
