package sim

import "testing"

// BenchmarkNewEngine measures building a script engine (a Lua state with
// Redis's libraries and sandbox), which every simulated server pays once.
func BenchmarkNewEngine(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewEngine()
	}
}
