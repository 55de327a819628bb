package lua

func OpenTable(L *LState) int {
	tabmod := L.RegisterModule(TabLibName, tableFuncs)
	L.Push(tabmod)
	return 1
}

// locksim: ltablib.c's functions, ported in locksim_lbaselib.go
var tableFuncs = map[string]LGFunction{
	"concat":   lua51TabConcat,
	"foreach":  lua51TabForeach,
	"foreachi": lua51TabForeachI,
	"getn":     lua51TabGetN,
	"insert":   lua51TabInsert,
	"maxn":     lua51TabMaxN,
	"remove":   lua51TabRemove,
	"setn":     lua51TabSetN,
	"sort":     lua51TabSort,
}

//
