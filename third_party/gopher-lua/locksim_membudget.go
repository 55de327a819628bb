package lua

// locksim: a deterministic budget on the bytes of the strings a script
// builds with the operators that multiply them (.., table.concat,
// string.rep). The instruction budget bounds a script's time but not its
// memory: string.rep("x", 1e11) is one instruction, and forty doublings
// s = s .. s are a terabyte; Go would end the whole process when the
// allocation fails. Lua 5.1 raises "not enough memory" where malloc fails;
// the budget raises its own error well before that, and, like the
// instruction budget, pcall cannot catch it.

// StringBudgetExceededMessage is the error raised when a script builds
// more string bytes than its budget allows.
const StringBudgetExceededMessage = "script exceeded its string memory budget"

// SetStringBudget limits the bytes of the strings that concatenation,
// table.concat and string.rep may build from now on. n <= 0 means
// unlimited, the default.
func (ls *LState) SetStringBudget(n int64) {
	ls.G.memOn = n > 0
	ls.G.memLeft = max(n, 0)
}

// StringBudgetExceeded tells whether the string budget has been exhausted.
func (ls *LState) StringBudgetExceeded() bool {
	return ls.G.memOn && ls.G.memLeft < 0
}

// lua51ChargeString takes n bytes (a string about to be built) from the
// budget, raising the budget error when they are not there.
func lua51ChargeString(L *LState, n int64) {
	if !L.G.memOn {
		return
	}
	if n < 0 || n > L.G.memLeft {
		L.G.memLeft = -1
		L.raiseError(0, "%s", StringBudgetExceededMessage)
	}
	L.G.memLeft -= n
}
