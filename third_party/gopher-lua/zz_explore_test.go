package lua

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestZZExplore(t *testing.T) {
	data, err := os.ReadFile("/tmp/l51/cases.txt")
	if err != nil {
		t.Skip()
	}
	for _, src := range strings.Split(string(data), "\n====\n") {
		if strings.TrimSpace(src) == "" {
			continue
		}
		os.WriteFile("/tmp/l51/c.lua", []byte(src), 0o644)
		out, _ := exec.Command("lua5.1", "/tmp/l51/driver.lua", "/tmp/l51/c.lua").Output()
		got := runLua51Case(t, src, "@user_script")
		mark := "  "
		if got != string(out) {
			mark = "XX"
		}
		fmt.Printf("%s %q\n   ref: %q\n  fork: %q\n", mark, src, out, got)
		if os.Getenv("DUMP") != "" {
			L := NewState()
			fn, _ := L.Load(strings.NewReader(src), "@user_script")
			if fn != nil {
				fmt.Println(fn.Proto.String())
			}
			L.Close()
		}
	}
}
