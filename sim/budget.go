package sim

import lua "github.com/yuin/gopher-lua"

// stringBudget bounds the bytes of strings one script may build with
// .., table.concat and string.rep. Redis has no such bound (a script that
// doubles a string forty times runs it out of memory); the Redisson
// scripts build a few hundred bytes.
const stringBudget = 64 << 20

// setInstructionBudget arms the VM's deterministic instruction budget
// (third_party/gopher-lua: counted per instruction, uncatchable by pcall)
// and, with it, the string budget; n <= 0 turns both off.
func setInstructionBudget(L *lua.LState, n int64) {
	L.SetInstructionBudget(n)
	if n > 0 {
		L.SetStringBudget(stringBudget)
	} else {
		L.SetStringBudget(0)
	}
}
