package lua

const emptyLString LString = LString("")

func OpenString(L *LState) int {
	var mod *LTable
	//_, ok := L.G.builtinMts[int(LTString)]
	//if !ok {
	mod = L.RegisterModule(StringLibName, strFuncs).(*LTable)
	// locksim: createmetatable (lstrlib.c): strings' metatable is a table
	// of its own whose __index is the library, not the library itself
	mt := L.CreateTable(0, 1)
	mt.RawSetString("__index", mod)
	L.G.builtinMts[int(LTString)] = mt
	//}
	L.Push(mod)
	return 1
}

// locksim: lstrlib.c's functions, ported in locksim_lstrlib.go; gfind is
// gmatch, as in Lua 5.1 (LUA_COMPAT_GFIND)
var strFuncs = map[string]LGFunction{
	"byte":    lua51StrByte,
	"char":    lua51StrChar,
	"dump":    strDump,
	"find":    lua51StrFind,
	"format":  lua51StrFormat,
	"gfind":   lua51StrGmatch,
	"gmatch":  lua51StrGmatch,
	"gsub":    lua51StrGsub,
	"len":     lua51StrLen,
	"lower":   lua51StrLower,
	"match":   lua51StrMatch,
	"rep":     lua51StrRep,
	"reverse": lua51StrReverse,
	"sub":     lua51StrSub,
	"upper":   lua51StrUpper,
}

func strDump(L *LState) int {
	L.RaiseError("GopherLua does not support the string.dump")
	return 0
}
