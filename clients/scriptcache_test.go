package clients

import (
	"sync"
	"testing"
)

// Runs that start at once and load a version's scripts all get the same
// compiled set: statement coverage counts by prototype, so a run on a set
// of its own would count into nothing (a main job's coverage then varied
// from one run of it to the next).
func TestLoadScriptsSharesOneSet(t *testing.T) {
	scriptCache.Lock()
	saved := scriptCache.sets
	scriptCache.sets = map[string]*ScriptSet{}
	scriptCache.Unlock()
	defer func() {
		scriptCache.Lock()
		scriptCache.sets = saved
		scriptCache.Unlock()
	}()
	sets := make([]*ScriptSet, 8)
	var wg sync.WaitGroup
	for i := range sets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := LoadScripts("4.7.0", "")
			if err != nil {
				t.Error(err)
			}
			sets[i] = s
		}()
	}
	wg.Wait()
	for i, s := range sets {
		if s != sets[0] {
			t.Fatalf("load %d got another set than load 0", i)
		}
	}
}
