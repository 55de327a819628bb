package memlimit

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// Item 14 of issue 34: the budget is the least of the machine's memory,
// the cgroup's limit (v2 or v1, the process's cgroup or an ancestor's)
// and the address space, each with its share; GOMEMLIMIT wins.
func TestBudget(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("meminfo", "MemTotal:       16384000 kB\nMemFree:        1000 kB\n")
	write("v2", "0::/user.slice/job\n")
	write("v1", "5:cpu,cpuacct:/\n4:memory:/job\n")
	write("fs/user.slice/job/memory.max", "max\n")
	write("fs/user.slice/memory.max", "8589934592\n")
	write("fs/memory/job/memory.limit_in_bytes", "4294967296\n")
	write("fs/memory/memory.limit_in_bytes", "9223372036854771712\n")
	defer func(a, b, c string, d func() uint64, e func() string) {
		meminfoPath, cgroupPath, cgroupRoot, addressSpace, goMemLimit = a, b, c, d, e
	}(meminfoPath, cgroupPath, cgroupRoot, addressSpace, goMemLimit)
	cgroupRoot = filepath.Join(dir, "fs")
	goMemLimit = func() string { return "" }
	for _, c := range []struct {
		meminfo, cgroup string
		as              uint64
		want            Budget
		text            string
	}{
		{"meminfo", "none", math.MaxUint64, Budget{Limit: 12_582_912_000, Memory: 16_777_216_000, Source: "MemTotal"}, "11.7 GiB, 3/4 of the machine's 15.6 GiB"},
		{"meminfo", "v2", math.MaxUint64, Budget{Limit: 6 << 30, Memory: 8 << 30, Source: "cgroup"}, "6.0 GiB, 3/4 of the cgroup's 8.0 GiB"},
		{"meminfo", "v1", math.MaxUint64, Budget{Limit: 3 << 30, Memory: 4 << 30, Source: "cgroup"}, "3.0 GiB, 3/4 of the cgroup's 4.0 GiB"},
		{"meminfo", "v2", 6_000_000 << 10, Budget{Limit: 3_072_000_000, Memory: 6_144_000_000, Source: "ulimit -v"}, "2.9 GiB, half of ulimit -v 5.7 GiB"},
		{"meminfo", "v1", 16 << 30, Budget{Limit: 3 << 30, Memory: 4 << 30, Source: "cgroup"}, ""},
		{"none", "none", math.MaxUint64, Budget{Limit: 3 << 30, Memory: 4 << 30, Source: "assumed"}, "3.0 GiB, 3/4 of an assumed 4.0 GiB (the machine's could not be read)"},
	} {
		meminfoPath, cgroupPath = filepath.Join(dir, c.meminfo), filepath.Join(dir, c.cgroup)
		addressSpace = func() uint64 { return c.as }
		b := read()
		if b != c.want || c.text != "" && b.String() != c.text {
			t.Errorf("%s %s %d: %+v %q, want %+v %q", c.meminfo, c.cgroup, c.as, b, b.String(), c.want, c.text)
		}
	}
	old := debug.SetMemoryLimit(100 << 20)
	defer debug.SetMemoryLimit(old)
	goMemLimit = func() string { return "100MiB" }
	if b := read(); b != (Budget{Limit: 100 << 20, Memory: 100 << 20, Source: "GOMEMLIMIT"}) || b.String() != "100 MiB (GOMEMLIMIT)" {
		t.Errorf("GOMEMLIMIT: %+v %q", b, b.String())
	}
}

// The watchdog finds a heap past its share of the limit, and no other.
func TestOver(t *testing.T) {
	keep := make([]byte, 64<<20)
	for i := range keep {
		keep[i] = 1
	}
	debug.FreeOSMemory() // a collection: the live heap is measured
	if heap, over := Over(1 << 40); over {
		t.Fatalf("a heap of %d bytes over a limit of 1 TiB", heap)
	}
	if heap, over := Over(32 << 20); !over || heap < 64<<20 {
		t.Fatalf("a heap of %d bytes not over a limit of 32 MiB", heap)
	}
	keep[0] = 2
}
