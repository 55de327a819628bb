package sim

import lua "github.com/yuin/gopher-lua"

// setInstructionBudget arms the VM's deterministic instruction budget
// (third_party/gopher-lua: counted per instruction, uncatchable by pcall).
func setInstructionBudget(L *lua.LState, n int64) { L.SetInstructionBudget(n) }
