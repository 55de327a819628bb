package memlimit

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"path"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Sources of the machine's memory; tests replace them.
var (
	meminfoPath  = "/proc/meminfo"
	cgroupPath   = "/proc/self/cgroup"
	cgroupRoot   = "/sys/fs/cgroup"
	addressSpace = func() uint64 {
		var r syscall.Rlimit
		if syscall.Getrlimit(syscall.RLIMIT_AS, &r) != nil {
			return math.MaxUint64
		}
		return r.Cur
	}
	goMemLimit = func() string { return os.Getenv("GOMEMLIMIT") }
)

// unlimited is where a cgroup's or rlimit's value stops meaning a bound
// (cgroup v1 writes 2^63 rounded down to a page for none).
const unlimited = 1 << 62

// fallback is the memory assumed when none of the sources can be read.
const fallback = 4 << 30

// Budget is the memory the process may use and why.
type Budget struct {
	// Limit is the soft limit, in bytes: a share of Memory (or
	// GOMEMLIMIT).
	Limit int64
	// Memory is the least bound found, in bytes, and Source what set it:
	// "MemTotal", "cgroup", "ulimit -v", "GOMEMLIMIT", or "assumed".
	Memory int64
	Source string
}

// String tells the limit and where it comes from, for a message.
func (b Budget) String() string {
	switch b.Source {
	case "GOMEMLIMIT":
		return fmt.Sprintf("%s (GOMEMLIMIT)", Size(b.Limit))
	case "ulimit -v":
		return fmt.Sprintf("%s, half of ulimit -v %s", Size(b.Limit), Size(b.Memory))
	case "cgroup":
		return fmt.Sprintf("%s, 3/4 of the cgroup's %s", Size(b.Limit), Size(b.Memory))
	case "MemTotal":
		return fmt.Sprintf("%s, 3/4 of the machine's %s", Size(b.Limit), Size(b.Memory))
	}
	return fmt.Sprintf("%s, 3/4 of an assumed %s (the machine's could not be read)", Size(b.Limit), Size(b.Memory))
}

var (
	once   sync.Once
	budget Budget
)

// Get is the process's budget, read once.
func Get() Budget {
	once.Do(func() { budget = read() })
	return budget
}

// read finds the budget from the sources.
func read() Budget {
	b := Budget{Memory: math.MaxInt64}
	if v, ok := memTotal(); ok {
		b.Memory, b.Source = v, "MemTotal"
	}
	if v, ok := cgroupLimit(); ok && v < b.Memory {
		b.Memory, b.Source = v, "cgroup"
	}
	b.Limit = b.Memory / 4 * 3
	if as := addressSpace(); as < unlimited && int64(as)/2 < b.Limit {
		b.Memory, b.Source, b.Limit = int64(as), "ulimit -v", int64(as)/2
	}
	if b.Source == "" {
		b.Memory, b.Source, b.Limit = fallback, "assumed", fallback/4*3
	}
	if s := goMemLimit(); s != "" {
		if v := debug.SetMemoryLimit(-1); v > 0 && v < math.MaxInt64 {
			b.Limit, b.Memory, b.Source = v, v, "GOMEMLIMIT"
		}
	}
	return b
}

// memTotal reads MemTotal from /proc/meminfo.
func memTotal() (int64, bool) {
	data, err := os.ReadFile(meminfoPath)
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || kb <= 0 {
				return 0, false
			}
			return kb << 10, true
		}
	}
	return 0, false
}

// cgroupLimit is the least memory limit of the process's cgroup and its
// ancestors: memory.max under cgroup v2, memory.limit_in_bytes under v1.
func cgroupLimit() (int64, bool) {
	data, err := os.ReadFile(cgroupPath)
	if err != nil {
		return 0, false
	}
	best, found := int64(math.MaxInt64), false
	// walk reads file in the cgroup at dir (under the hierarchy's
	// mount, base) and in each of its ancestors.
	walk := func(base, dir, file string) {
		for d := path.Clean("/" + dir); ; d = path.Dir(d) {
			if v, ok := readLimit(path.Join(cgroupRoot, base, d, file)); ok && v < best {
				best, found = v, true
			}
			if d == "/" {
				return
			}
		}
	}
	for _, line := range strings.Split(string(data), "\n") {
		// hierarchy-ID:controllers:path
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			walk("", parts[2], "memory.max")
		case hasController(parts[1], "memory"):
			walk("memory", parts[2], "memory.limit_in_bytes")
		}
	}
	return best, found
}

func hasController(list, c string) bool {
	for _, x := range strings.Split(list, ",") {
		if x == c {
			return true
		}
	}
	return false
}

// readLimit reads a cgroup's limit file: a number of bytes, or "max".
func readLimit(file string) (int64, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || v <= 0 || v >= unlimited {
		return 0, false
	}
	return v, true
}

// Size renders bytes for a message: 3.0 GiB, 512 MiB.
func Size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// Thresholds of the watchdog: the heap the last collection found live,
// against the limit; and what the runtime has mapped and not given back,
// when the collector could not keep it under the limit.
const (
	liveShare   = 0.9
	mappedShare = 1.25
)

// pollEvery is how often the watchdog reads the runtime's metrics (a few
// microseconds each time).
var pollEvery = 20 * time.Millisecond

// Install sets the soft memory limit (unless GOMEMLIMIT set it already)
// and starts the watchdog: once the live heap reaches 90% of the limit,
// or the memory the runtime holds 125% of it, exceeded is called once,
// from the watchdog's goroutine, with the heap's size and the budget; it
// is expected to end the process. stop ends the watchdog.
func Install(exceeded func(heap int64, b Budget)) (stop func()) {
	b := Get()
	if b.Source != "GOMEMLIMIT" {
		debug.SetMemoryLimit(b.Limit)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(pollEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if heap, over := Over(b.Limit); over {
					exceeded(heap, b)
					return
				}
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

var samples = []metrics.Sample{
	{Name: "/gc/heap/live:bytes"},
	{Name: "/memory/classes/total:bytes"},
	{Name: "/memory/classes/heap/released:bytes"},
}

// Over reports whether the heap is about to outgrow limit, and its size:
// the live heap the last collection found past 90% of the limit, or the
// memory the runtime holds (mapped, not released) past 125% of it.
func Over(limit int64) (heap int64, over bool) {
	s := make([]metrics.Sample, len(samples))
	copy(s, samples)
	metrics.Read(s)
	val := func(i int) int64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(s[i].Value.Uint64())
	}
	live, held := val(0), val(1)-val(2)
	switch {
	case float64(live) >= liveShare*float64(limit):
		return live, true
	case float64(held) >= mappedShare*float64(limit):
		return held, true
	}
	return live, false
}
