package lualib

import (
	lua "github.com/yuin/gopher-lua"
)

// State is what the libraries keep between the scripts of one server: the
// global cjson's configuration (cjson.encode_max_depth and the others
// change it for every later script until the scripting engine is reset,
// as in Redis). The zero State holds lua-cjson's defaults.
type State struct {
	cjson *cjsonConfig // nil: the defaults
	// rand is math.random's generator (random.go); randSeeded is false
	// until its first use, which starts it at redisLrand48's initial state.
	rand       uint64
	randSeeded bool
}

// Reset returns to the defaults, as Redis does when it makes a new Lua
// state (SCRIPT FLUSH, a restart). math.random's generator is the server
// process's, which SCRIPT FLUSH leaves as it is.
func (s *State) Reset() { s.cjson = nil }

// Restart returns to a new server process's state: the defaults, and
// math.random's generator at its start (rand.c's initial X0..X2).
func (s *State) Restart() { *s = State{} }

// Clone returns an independent copy.
func (s *State) Clone() State {
	c := *s
	if s.cjson != nil {
		cj := *s.cjson
		c.cjson = &cj
	}
	return c
}

func (s *State) cjsonConfig() *cjsonConfig {
	if s.cjson == nil {
		c := defaultCJSONConfig
		s.cjson = &c
	}
	return s.cjson
}

// nullPointer is the Value of the userdata standing for lua-cjson's
// cjson.null, a light userdata holding NULL: tostring prints the pointer
// as glibc's "%p" prints NULL.
type nullPointer struct{}

func (nullPointer) Lua51String() string { return "userdata: (nil)" }

func isNull(ud *lua.LUserData) bool {
	_, ok := ud.Value.(nullPointer)
	return ok
}

// IsNull tells whether v is cjson.null (a JSON null decoded by
// cjson.decode).
func IsNull(v lua.LValue) bool {
	ud, ok := v.(*lua.LUserData)
	return ok && isNull(ud)
}

// Libs is the libraries opened in one Lua state.
type Libs struct {
	// History knows how cmsgpack.unpack built its tables; the host calls
	// Forget when a script ends, and orders {map=}/{set=} replies with it.
	History
}

// Open sets the globals cjson, cmsgpack, bit and struct in L, as Redis
// 7.0's luaLoadLibraries does. state returns the State of the server whose
// script is running; it is called by the configuration-dependent functions
// only, so opening the libraries costs a script that does not use them
// nothing.
func Open(L *lua.LState, state func() *State) *Libs {
	libs := &Libs{}
	null := L.NewUserData()
	null.Value = nullPointer{}
	g := L.G.Global
	g.RawSetString("cjson", newCJSON(L, func() *cjsonConfig { return state().cjsonConfig() }, null, &libs.History))
	st := openStruct(L)
	st.SetLua51Sizes(0, 3) // luaL_register presizes a library's table
	g.RawSetString("struct", st)
	g.RawSetString("cmsgpack", openCmsgpack(L, &libs.History))
	bit := openBit(L)
	bit.SetLua51Sizes(0, 12)
	g.RawSetString("bit", bit)
	openRandom(L, state)
	return libs
}
