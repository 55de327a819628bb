package lua

// locksim: statement coverage of scripts, off the hot path. A state with a
// coverage hook runs its own copy of the VM loop that reports every
// instruction it executes (the function prototype and the instruction's
// index); a state without one runs mainLoop untouched.

// SetCoverage makes the state report every instruction it executes to hit
// (nil: stop). It must be called before a script runs, not from inside one.
func (ls *LState) SetCoverage(hit func(proto *FunctionProto, pc int)) {
	ls.G.coverage = hit
	if hit != nil {
		ls.mainLoop = mainLoopWithCoverage
		return
	}
	ls.mainLoop = mainLoop
	if ls.ctx != nil {
		ls.mainLoop = mainLoopWithContext
	}
}

func mainLoopWithCoverage(L *LState, baseframe *callFrame) {
	var inst uint32
	var cf *callFrame

	if L.stack.IsEmpty() {
		return
	}

	L.currentFrame = L.stack.Last()
	if L.currentFrame.Fn.IsG {
		callGFunction(L, false)
		return
	}

	for {
		cf = L.currentFrame
		inst = cf.Fn.Proto.Code[cf.Pc]
		L.G.coverage(cf.Fn.Proto, cf.Pc)
		cf.Pc++
		if L.G.budgetOn {
			L.G.budgetLeft--
			if L.G.budgetLeft < 0 {
				lua51BudgetError(L)
			}
		}
		if jumpTable[int(inst>>26)](L, inst, baseframe) == 1 {
			return
		}
	}
}
