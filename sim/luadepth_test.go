package sim

import (
	"strings"
	"testing"
)

// A script nested beyond the compiler's depth is a compile error, not a
// stack overflow of the process; a long but shallower one still runs.
func TestSyntaxDepthLimit(t *testing.T) {
	deep := "local a = 1 return a" + strings.Repeat("+a", 2*maxSyntaxDepth)
	if _, err := CompileScript("deep", deep); err == nil || !strings.Contains(err.Error(), "user_script:1: the script nests more than 10000 levels deep") {
		t.Fatalf("deep chain: %v", err)
	}
	blocks := strings.Repeat("do ", 2*maxSyntaxDepth) + strings.Repeat("end ", 2*maxSyntaxDepth)
	if _, err := CompileScript("blocks", blocks); err == nil || !strings.Contains(err.Error(), "nests more than") {
		t.Fatalf("deep blocks: %v", err)
	}
	long := "local a = 1 return a" + strings.Repeat("+a", maxSyntaxDepth/2)
	sc, err := CompileScript("long", long)
	if err != nil {
		t.Fatal(err)
	}
	if r := NewStore().Eval(sc, nil, nil); !r.Equal(Int(maxSyntaxDepth/2 + 1)) {
		t.Fatalf("long chain: %s", r)
	}
}
