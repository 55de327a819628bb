package difftest

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
	lua "github.com/yuin/gopher-lua"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/sim"
)

// BenchmarkStore measures, in one run and side by side, how many script
// evaluations per second four backends do on five lock paths:
//
//   - reentrant: 3.16.8 RedissonLock.tryLockInnerAsync by the owner that
//     holds the lock (exists, hexists, hincrby, pexpire);
//   - enqueue: 3.16.8 fair EVAL_LONG by a new owner while the lock is held
//     (stale loop, exists, hexists, zscore, lindex, zscore, zadd, rpush);
//     the queue is emptied every 100 owners (enqueue-deep: every 1000),
//     outside the timer;
//   - retry: 3.16.8 fair EVAL_LONG by an owner already queued (stale
//     loop, exists, hexists, zscore: returns score - wait - now);
//   - spin: 4.7.0 fair EVAL_LONG by an owner queued behind a head that has
//     not taken the free lock (stale loop, exists, lindex, hexists, zscore,
//     pttl: returns 0, and 4.7.0's lock() asks again at once): most of
//     the main job's script runs.
//
// Backends: the simulated store (sim.Store.Eval), miniredis (go-redis
// EVALSHA over loopback), a real redis-server (go-redis EVALSHA over
// loopback, one connection, sequential; a plain server, not the
// libfaketime one of the differential tests, whose clock file is re-read
// on every clock call) and the floor: the same Lua on a minimal direct
// gopher-lua binding over Go maps, the cheapest way to run these scripts.
//
// With LOCKSIM_BENCH_REPORT=1 it writes results/bench-store.md.
func BenchmarkStore(b *testing.B) {
	benchResults.reset()
	defer stopBenchRedis()
	for _, p := range benchPaths {
		b.Run(p.name, func(b *testing.B) {
			for _, be := range benchBackends {
				b.Run(be.name, func(b *testing.B) {
					runner := be.setup(b, p)
					benchLoop(b, p, be.name, runner)
				})
			}
		})
	}
	if os.Getenv("LOCKSIM_BENCH_REPORT") == "1" {
		path := filepath.Join("..", "..", "results", "bench-store.md")
		if err := writeBenchReport(path); err != nil {
			b.Fatal(err)
		}
		abs, _ := filepath.Abs(path)
		b.Logf("wrote %s", abs)
	}
}

// benchPath is one measured script call and the state it needs.
type benchPath struct {
	name, title string
	script      string // registry ID
	keys        []string
	setup       [][]string // script calls (argv) run once before timing, with the same script and keys
	after       [][]string // commands run once after setup, before timing
	argv        func(i int) []string
	reset       [][]string // commands run every batch calls, outside the timer (nil: never)
	batch       int
}

const (
	benchNow      = "1700000000000" // the fair scripts' now argument (the client clock)
	benchWait     = "300000"        // threadWaitTime, 3.16.8 default
	holderLease   = "600000"        // the holder's lease: never runs out during a benchmark
	enqueueBatch  = 100             // owners enqueued between two resets of the queue
	deepBatch     = 1000            // the same for the deep-queue variant
	benchHolder   = "c1a0e1f2-0000-4000-8000-000000000001:1"
	benchWaiter   = "c1a0e1f2-0000-4000-8000-000000000002:1"
	benchHead     = "c1a0e1f2-0000-4000-8000-000000000004:1"
	fairLongID    = "3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG"
	fairLong470ID = "4.7.0/RedissonFairLock.tryLockInnerAsync.EVAL_LONG"
	reentrantID   = "3.16.8/RedissonLock.tryLockInnerAsync"
	benchLock     = "myLock"
	benchQueue    = "redisson_lock_queue:{myLock}"
	benchTimeouts = "redisson_lock_timeout:{myLock}"
)

var enqueueArgv = func() [][]string {
	out := make([][]string, deepBatch)
	for i := range out {
		out[i] = []string{"30000", fmt.Sprintf("c1a0e1f2-0000-4000-8000-000000000003:%d", 1000+i), benchWait, benchNow}
	}
	return out
}()

var benchPaths = []benchPath{
	{
		name: "reentrant", title: "RLock reentrant acquire (3.16.8 tryLockInnerAsync, holder again)",
		script: reentrantID, keys: []string{benchLock},
		setup: [][]string{{"30000", benchHolder}},
		argv:  func(int) []string { return []string{"30000", benchHolder} },
	},
	{
		name: "enqueue", title: "fair lock enqueue (3.16.8 EVAL_LONG, new owner, lock held; queue of 0–99)",
		script: fairLongID, keys: []string{benchLock, benchQueue, benchTimeouts},
		setup: [][]string{{holderLease, benchHolder, benchWait, benchNow}},
		argv:  func(i int) []string { return enqueueArgv[i%enqueueBatch] },
		reset: [][]string{{"DEL", benchQueue, benchTimeouts}}, batch: enqueueBatch,
	},
	{
		name: "enqueue-deep", title: "the same with a queue of 0–999",
		script: fairLongID, keys: []string{benchLock, benchQueue, benchTimeouts},
		setup: [][]string{{holderLease, benchHolder, benchWait, benchNow}},
		argv:  func(i int) []string { return enqueueArgv[i%deepBatch] },
		reset: [][]string{{"DEL", benchQueue, benchTimeouts}}, batch: deepBatch,
	},
	{
		name: "retry", title: "fair lock retry (3.16.8 EVAL_LONG, owner already queued)",
		script: fairLongID, keys: []string{benchLock, benchQueue, benchTimeouts},
		setup: [][]string{{holderLease, benchHolder, benchWait, benchNow}, {"30000", benchWaiter, benchWait, benchNow}},
		argv:  func(int) []string { return []string{"30000", benchWaiter, benchWait, benchNow} },
	},
	{
		// What most of the main job's script runs are: 4.7.0 answers a
		// queued waiter math.max(0, pttl) = 0 while the lock is free and
		// its head has not taken it, and lock() asks again at once.
		name: "spin", title: "fair lock spin (4.7.0 EVAL_LONG, owner queued behind an absent head, lock free: 0)",
		script: fairLong470ID, keys: []string{benchLock, benchQueue, benchTimeouts},
		setup: [][]string{{holderLease, benchHolder, benchWait, benchNow}, {"30000", benchHead, benchWait, benchNow}, {"30000", benchWaiter, benchWait, benchNow}},
		after: [][]string{{"DEL", benchLock}},
		argv:  func(int) []string { return []string{"30000", benchWaiter, benchWait, benchNow} },
	},
}

// benchRunner runs the path's script with argv, and commands.
type benchRunner struct {
	eval func(argv []string) error
	cmd  func(args []string) error
}

type benchBackend struct {
	name  string
	setup func(b *testing.B, p benchPath) benchRunner
}

var benchBackends = []benchBackend{
	{"sim", setupSim},
	{"miniredis", setupMiniredis},
	{"redis", setupRedis},
	{"floor", setupFloor},
}

func benchLoop(b *testing.B, p benchPath, backend string, r benchRunner) {
	b.Helper()
	for _, argv := range p.setup {
		if err := r.eval(argv); err != nil {
			b.Fatalf("setup: %v", err)
		}
	}
	for _, c := range p.after {
		if err := r.cmd(c); err != nil {
			b.Fatalf("setup: %v", err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if p.reset != nil && i > 0 && i%p.batch == 0 {
			b.StopTimer()
			for _, c := range p.reset {
				if err := r.cmd(c); err != nil {
					b.Fatal(err)
				}
			}
			b.StartTimer()
		}
		if err := r.eval(p.argv(i)); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	elapsed := b.Elapsed()
	if elapsed <= 0 {
		elapsed = time.Since(start)
	}
	rate := float64(b.N) / elapsed.Seconds()
	b.ReportMetric(rate, "evals/s")
	benchResults.set(p.name, backend, rate, b.N)
}

// checkReply verifies the replies of the measured calls: nil for the
// reentrant acquire, a positive ttl for enqueue and retry.
func checkReply(path string, r sim.Reply) error {
	switch path {
	case "reentrant":
		if r.Kind != sim.KindNil {
			return fmt.Errorf("reentrant acquire replied %s, want nil", r)
		}
		return nil
	case "spin":
		if r.Kind != sim.KindInt || r.Int != 0 {
			return fmt.Errorf("spin replied %s, want 0", r)
		}
		return nil
	}
	if r.Kind != sim.KindInt || r.Int <= 0 {
		return fmt.Errorf("%s replied %s, want a positive ttl", path, r)
	}
	return nil
}

// --- the simulated store

func setupSim(b *testing.B, p benchPath) benchRunner {
	s := sim.NewStore()
	s.SetTime(1_700_000_000_000)
	sc, err := Resolve(p.script)
	if err != nil {
		b.Fatal(err)
	}
	return benchRunner{
		eval: func(argv []string) error {
			if r := s.Eval(sc, p.keys, argv); r.Kind == sim.KindError {
				return errors.New(r.Str)
			}
			return nil
		},
		cmd: func(args []string) error {
			if r := s.Do(args...); r.IsError() {
				return errors.New(r.Str)
			}
			return nil
		},
	}
}

// --- go-redis against miniredis and a real redis-server

func goRedisRunner(b *testing.B, addr string, p benchPath) benchRunner {
	c := redis.NewClient(&redis.Options{
		Addr: addr, Protocol: 2, DisableIdentity: true, PoolSize: 1,
		MaintNotificationsConfig: &maintnotifications.Config{Mode: maintnotifications.ModeDisabled},
	})
	b.Cleanup(func() { c.Close() })
	ctx := context.Background()
	src, err := scriptSource(p.script)
	if err != nil {
		b.Fatal(err)
	}
	if err := c.FlushAll(ctx).Err(); err != nil {
		b.Fatal(err)
	}
	sha, err := c.ScriptLoad(ctx, src).Result()
	if err != nil {
		b.Fatal(err)
	}
	args := make([]any, 0, 4)
	return benchRunner{
		eval: func(argv []string) error {
			args = args[:0]
			for _, a := range argv {
				args = append(args, a)
			}
			err := c.EvalSha(ctx, sha, p.keys, args...).Err()
			if err == redis.Nil {
				return nil
			}
			return err
		},
		cmd: func(a []string) error {
			xs := make([]any, len(a))
			for i, x := range a {
				xs[i] = x
			}
			return c.Do(ctx, xs...).Err()
		},
	}
}

func setupMiniredis(b *testing.B, p benchPath) benchRunner {
	m, err := miniredis.Run()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(m.Close)
	return goRedisRunner(b, m.Addr(), p)
}

func setupRedis(b *testing.B, p benchPath) benchRunner {
	return goRedisRunner(b, plainRedis(b), p)
}

var (
	plainRedisMu   sync.Mutex
	plainRedisAddr string
)

// plainRedis starts (once per process) a redis-server on 127.0.0.1 with
// the real clock, and returns its address. It skips the benchmark when
// redis-server is not installed, or fails it under CI=true.
func plainRedis(b *testing.B) string {
	plainRedisMu.Lock()
	defer plainRedisMu.Unlock()
	if plainRedisAddr != "" {
		return plainRedisAddr
	}
	bin := os.Getenv("LOCKSIM_REDIS_SERVER")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("redis-server"); err != nil {
			if ci := strings.ToLower(os.Getenv("CI")); ci == "true" || ci == "1" {
				b.Fatal("redis-server not installed (CI=true: the real-Redis benchmark cannot be skipped); run tools/setup-test-deps.sh")
			}
			b.Skip("redis-server not installed; run tools/setup-test-deps.sh")
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir, err := os.MkdirTemp("", "locksim-bench-redis-")
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(bin, "--bind", "127.0.0.1", "--port", strconv.Itoa(port), "--save", "", "--appendonly", "no",
		"--dir", dir, "--daemonize", "no", "--logfile", "")
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	// The sub-benchmarks of all paths share the server; BenchmarkStore
	// stops it when they are done.
	benchRedisCmd, benchRedisDir = cmd, dir
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := DialRESP(addr)
		if err == nil {
			r, err := c.Do("PING")
			c.Close()
			if err == nil && r.Kind == sim.KindStatus {
				break
			}
		}
		if time.Now().After(deadline) {
			stopBenchRedis()
			b.Fatalf("redis-server on %s did not answer PING", addr)
		}
		time.Sleep(5 * time.Millisecond)
	}
	plainRedisAddr = addr
	return addr
}

var (
	benchRedisCmd *exec.Cmd
	benchRedisDir string
)

func stopBenchRedis() {
	if benchRedisCmd != nil && benchRedisCmd.Process != nil {
		_ = benchRedisCmd.Process.Kill()
		_ = benchRedisCmd.Wait()
		os.RemoveAll(benchRedisDir)
	}
	benchRedisCmd, plainRedisAddr = nil, ""
}

// --- the floor: a minimal direct gopher-lua binding

// floorStore is the keyspace of the floor binding: exactly what the
// paths touch, as plain Go maps. The clock never moves, so nothing expires.
type floorStore struct {
	now      int64
	hashes   map[string]map[string]int64
	expireAt map[string]int64
	lists    map[string][]string
	zsets    map[string]map[string]float64
}

func newFloorStore() *floorStore {
	return &floorStore{now: 1_700_000_000_000, hashes: map[string]map[string]int64{}, expireAt: map[string]int64{},
		lists: map[string][]string{}, zsets: map[string]map[string]float64{}}
}

func (f *floorStore) exists(k string) bool {
	if _, ok := f.hashes[k]; ok {
		return true
	}
	if _, ok := f.lists[k]; ok {
		return true
	}
	_, ok := f.zsets[k]
	return ok
}

func (f *floorStore) del(k string) {
	delete(f.hashes, k)
	delete(f.lists, k)
	delete(f.zsets, k)
	delete(f.expireAt, k)
}

// floor is one Lua state with one compiled script and redis.call bound to
// a floorStore.
type floor struct {
	L          *lua.LState
	fn         *lua.LFunction
	keys, argv *lua.LTable
	st         *floorStore
}

func newFloor(src string) (*floor, error) {
	// Compiled as the simulator runs a body, as Redis does: a function
	// without varargs, so the floor pays for no implicit `arg` table either.
	sc, err := sim.CompileScript("", src)
	if err != nil {
		return nil, err
	}
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	sim.OpenScriptLibs(L)
	f := &floor{L: L, fn: sc.Function(L), keys: L.NewTable(), argv: L.NewTable(), st: newFloorStore()}
	rt := L.NewTable()
	rt.RawSetString("call", L.NewFunction(f.call))
	L.SetGlobal("redis", rt)
	L.SetGlobal("KEYS", f.keys)
	L.SetGlobal("ARGV", f.argv)
	return f, nil
}

// eval runs the script; the reply is an integer (ok true), nil (ok false)
// or an error.
func (f *floor) eval(keys, argv []string) (n int64, ok bool, err error) {
	for i, k := range keys {
		f.keys.RawSetInt(i+1, lua.LString(k))
	}
	for i, a := range argv {
		f.argv.RawSetInt(i+1, lua.LString(a))
	}
	L := f.L
	L.Push(f.fn)
	if err := L.PCall(0, 1, nil); err != nil {
		return 0, false, err
	}
	ret := L.Get(-1)
	L.Pop(1)
	if x, isNum := ret.(lua.LNumber); isNum {
		return int64(x), true, nil
	}
	return 0, false, nil
}

func floorStr(L *lua.LState, i int) string {
	switch v := L.Get(i).(type) {
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return strconv.FormatInt(int64(v), 10)
	}
	L.RaiseError("bad argument %d", i)
	return ""
}

func floorNum(L *lua.LState, i int) float64 {
	switch v := L.Get(i).(type) {
	case lua.LNumber:
		return float64(v)
	case lua.LString:
		x, err := strconv.ParseFloat(string(v), 64)
		if err == nil {
			return x
		}
	}
	L.RaiseError("bad number argument %d", i)
	return 0
}

// call is redis.call for exactly the commands on the measured paths.
func (f *floor) call(L *lua.LState) int {
	st := f.st
	switch cmd := floorStr(L, 1); cmd {
	case "exists":
		if st.exists(floorStr(L, 2)) {
			L.Push(lua.LNumber(1))
		} else {
			L.Push(lua.LNumber(0))
		}
	case "hexists":
		_, ok := st.hashes[floorStr(L, 2)][floorStr(L, 3)]
		if ok {
			L.Push(lua.LNumber(1))
		} else {
			L.Push(lua.LNumber(0))
		}
	case "hincrby", "hset":
		k, field := floorStr(L, 2), floorStr(L, 3)
		h := st.hashes[k]
		if h == nil {
			h = map[string]int64{}
			st.hashes[k] = h
		}
		if cmd == "hset" {
			h[field] = int64(floorNum(L, 4))
			L.Push(lua.LNumber(1))
		} else {
			h[field] += int64(floorNum(L, 4))
			L.Push(lua.LNumber(h[field]))
		}
	case "pexpire":
		k := floorStr(L, 2)
		if !st.exists(k) {
			L.Push(lua.LNumber(0))
			break
		}
		st.expireAt[k] = st.now + int64(floorNum(L, 3))
		L.Push(lua.LNumber(1))
	case "pttl":
		k := floorStr(L, 2)
		switch at, ok := st.expireAt[k]; {
		case !st.exists(k):
			L.Push(lua.LNumber(-2))
		case !ok:
			L.Push(lua.LNumber(-1))
		default:
			L.Push(lua.LNumber(at - st.now))
		}
	case "lindex":
		l := st.lists[floorStr(L, 2)]
		i := int(floorNum(L, 3))
		if i < 0 {
			i += len(l)
		}
		if i < 0 || i >= len(l) {
			L.Push(lua.LFalse)
		} else {
			L.Push(lua.LString(l[i]))
		}
	case "rpush":
		k := floorStr(L, 2)
		st.lists[k] = append(st.lists[k], floorStr(L, 3))
		L.Push(lua.LNumber(len(st.lists[k])))
	case "zscore":
		s, ok := st.zsets[floorStr(L, 2)][floorStr(L, 3)]
		if ok {
			L.Push(lua.LString(strconv.FormatFloat(s, 'f', -1, 64)))
		} else {
			L.Push(lua.LFalse)
		}
	case "zadd":
		k := floorStr(L, 2)
		z := st.zsets[k]
		if z == nil {
			z = map[string]float64{}
			st.zsets[k] = z
		}
		m := floorStr(L, 4)
		_, had := z[m]
		z[m] = floorNum(L, 3)
		if had {
			L.Push(lua.LNumber(0))
		} else {
			L.Push(lua.LNumber(1))
		}
	// The acquire branch, run by the setup calls only.
	case "lpop":
		k := floorStr(L, 2)
		l := st.lists[k]
		if len(l) == 0 {
			L.Push(lua.LFalse)
			break
		}
		L.Push(lua.LString(l[0]))
		if st.lists[k] = l[1:]; len(l) == 1 {
			delete(st.lists, k)
		}
	case "zrem":
		k := floorStr(L, 2)
		_, had := st.zsets[k][floorStr(L, 3)]
		delete(st.zsets[k], floorStr(L, 3))
		if len(st.zsets[k]) == 0 {
			delete(st.zsets, k)
		}
		if had {
			L.Push(lua.LNumber(1))
		} else {
			L.Push(lua.LNumber(0))
		}
	case "zrange": // 0 -1: every member by score
		z := st.zsets[floorStr(L, 2)]
		ms := make([]string, 0, len(z))
		for m := range z {
			ms = append(ms, m)
		}
		sort.Slice(ms, func(i, j int) bool {
			if z[ms[i]] != z[ms[j]] {
				return z[ms[i]] < z[ms[j]]
			}
			return ms[i] < ms[j]
		})
		t := L.CreateTable(len(ms), 0)
		for _, m := range ms {
			t.Append(lua.LString(m))
		}
		L.Push(t)
	case "zincrby":
		z := st.zsets[floorStr(L, 2)]
		m := floorStr(L, 4)
		z[m] += floorNum(L, 3)
		L.Push(lua.LString(strconv.FormatFloat(z[m], 'f', -1, 64)))
	default:
		L.RaiseError("floor: command %q is not on the measured paths", cmd)
	}
	return 1
}

func setupFloor(b *testing.B, p benchPath) benchRunner {
	src, err := scriptSource(p.script)
	if err != nil {
		b.Fatal(err)
	}
	f, err := newFloor(src)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(f.L.Close)
	return benchRunner{
		eval: func(argv []string) error { _, _, err := f.eval(p.keys, argv); return err },
		cmd: func(a []string) error {
			if strings.ToUpper(a[0]) != "DEL" {
				return fmt.Errorf("floor: command %q", a[0])
			}
			for _, k := range a[1:] {
				f.st.del(k)
			}
			return nil
		},
	}
}

// --- results and the report

type benchRun struct {
	n    int
	rate float64
}

type benchTable struct {
	mu   sync.Mutex
	runs map[string][]benchRun // path/backend -> runs in order
}

var benchResults = &benchTable{runs: map[string][]benchRun{}}

func (t *benchTable) reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.runs = map[string][]benchRun{}
}

func (t *benchTable) set(path, backend string, rate float64, n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	k := path + "/" + backend
	t.runs[k] = append(t.runs[k], benchRun{n, rate})
}

// get returns the cell's rate: the testing package calls a benchmark with
// b.N = 1 and then with growing N until one call lasts -benchtime; that
// last call is the one it prints. With -count=k there are k such rounds;
// the cell is the fastest of their last calls (the least disturbed by
// other work on the machine).
func (t *benchTable) get(path, backend string) (float64, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	runs := t.runs[path+"/"+backend]
	best, ok := 0.0, false
	for i, r := range runs {
		if i+1 < len(runs) && runs[i+1].n != 1 {
			continue // not the last call of its round
		}
		if !ok || r.rate > best {
			best, ok = r.rate, true
		}
	}
	return best, ok
}

// Targets (docs/DESIGN.md, "Performance targets").
const (
	targetVsRedis     = 15.0 // sim at least 15x real Redis
	targetVsMiniredis = 40.0 // sim at least 40x miniredis
	targetVsFloor     = 1.5  // sim's cost at most 1.5x the floor's
)

func writeBenchReport(path string) error {
	var sb strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&sb, format, a...) }
	w("# Store benchmark: evaluations per second\n\n")
	w("Regenerate with:\n\n    %s\n\n", benchCommand())
	w("%s, %s/%s, GOMAXPROCS=%d, %s.\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), cpuModel())
	w("Timings are machine-dependent; the ratios compare backends measured in the same run, one after the\n")
	w("other, each from one goroutine (with -count=k, each cell is the fastest of its k timed runs).\n\n")
	w("- **sim**: `sim.Store.Eval` on the simulated store.\n")
	w("- **miniredis**: miniredis v2.40.0 in-process, driven by go-redis `EVALSHA` over loopback.\n")
	w("- **real Redis**: a plain redis-server 7.0 (real clock, no libfaketime), go-redis `EVALSHA` over\n")
	w("  loopback, one connection, sequential.\n")
	w("- **floor**: the same Lua on a minimal direct gopher-lua binding over Go maps (`internal/difftest/bench_test.go`),\n")
	w("  the cheapest way to run these scripts: the reference for the simulator's own overhead.\n\n")
	w("Enqueue paths empty the queue every 100 (or 1000) owners, outside the timer.\n\n")
	w("| path | sim | miniredis | real Redis | floor | sim/real (≥%g×) | sim/miniredis (≥%g×) | floor/sim (≤%g×) |\n", targetVsRedis, targetVsMiniredis, targetVsFloor)
	w("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	var notes []string
	for _, p := range benchPaths {
		cells := make([]string, 0, 4)
		for _, be := range benchBackends {
			if r, ok := benchResults.get(p.name, be.name); ok {
				cells = append(cells, fmt.Sprintf("%.0f", r))
			} else {
				cells = append(cells, "n/a")
			}
		}
		simR, okS := benchResults.get(p.name, "sim")
		ratio := func(other string, target float64, invert bool) string {
			o, ok := benchResults.get(p.name, other)
			if !ok || !okS || o == 0 || simR == 0 {
				return "n/a"
			}
			if invert { // floor/sim: how much more the sim costs than the floor
				x := o / simR
				return fmt.Sprintf("%.2f× %s", x, metMark(x <= target))
			}
			x := simR / o
			return fmt.Sprintf("%.1f× %s", x, metMark(x >= target))
		}
		w("| %s | %s | %s | %s | %s |\n", p.title, strings.Join(cells, " | "),
			ratio("redis", targetVsRedis, false), ratio("miniredis", targetVsMiniredis, false), ratio("floor", targetVsFloor, true))
		if !okS {
			notes = append(notes, p.name+": the sim benchmark did not run")
		}
	}
	w("\nfloor/sim is the floor's rate over the sim's: the factor by which an evaluation costs more in the\n")
	w("simulated store than on the floor (target ≤%g×). \"met\"/\"not met\" compare each ratio with its target.\n", targetVsFloor)
	if len(notes) > 0 {
		sort.Strings(notes)
		w("\nNotes: %s.\n", strings.Join(notes, "; "))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, []byte(sb.String()))
}

// benchCommand is the command line that regenerates the report, from the
// flags of this run.
func benchCommand() string {
	parts := []string{"LOCKSIM_BENCH_REPORT=1 go test -run '^$'"}
	bench := "BenchmarkStore"
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		bench = f.Value.String()
	}
	parts = append(parts, "-bench '"+bench+"'")
	if f := flag.Lookup("test.benchtime"); f != nil {
		parts = append(parts, "-benchtime="+f.Value.String())
	}
	if f := flag.Lookup("test.count"); f != nil && f.Value.String() != "1" {
		parts = append(parts, "-count="+f.Value.String())
	}
	if f := flag.Lookup("test.cpu"); f != nil && f.Value.String() != "" {
		parts = append(parts, "-cpu="+f.Value.String())
	}
	return strings.Join(append(parts, "./internal/difftest/"), " ")
}

func metMark(ok bool) string {
	if ok {
		return "met"
	}
	return "**not met**"
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v)
			}
		}
	}
	return "CPU unknown"
}

// TestBenchFloorAgrees checks that the floor binding and the simulated
// store give the same replies on the measured paths, so the floor
// measures the same work.
func TestBenchFloorAgrees(t *testing.T) {
	for _, p := range benchPaths {
		src, err := scriptSource(p.script)
		if err != nil {
			t.Fatal(err)
		}
		f, err := newFloor(src)
		if err != nil {
			t.Fatal(err)
		}
		defer f.L.Close()
		s := sim.NewStore()
		s.SetTime(1_700_000_000_000)
		sc, _ := Resolve(p.script)
		for _, argv := range p.setup {
			s.Eval(sc, p.keys, argv)
			if _, _, err := f.eval(p.keys, argv); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range p.after {
			s.Do(c...)
			for _, k := range c[1:] {
				f.st.del(k)
			}
		}
		for i := 0; i < 3*max(p.batch, 1)/2+2; i++ {
			if p.reset != nil && i > 0 && i%p.batch == 0 {
				for _, c := range p.reset {
					s.Do(c...)
					f.st.del(c[1])
					f.st.del(c[2])
				}
			}
			want := s.Eval(sc, p.keys, p.argv(i))
			if err := checkReply(p.name, want); err != nil {
				t.Fatalf("%s call %d: sim: %v", p.name, i, err)
			}
			n, ok, err := f.eval(p.keys, p.argv(i))
			if err != nil {
				t.Fatalf("%s call %d: floor: %v", p.name, i, err)
			}
			got := sim.Nil
			if ok {
				got = sim.Int(n)
			}
			if !got.Equal(want) {
				t.Fatalf("%s call %d: floor %s, sim %s", p.name, i, got, want)
			}
		}
	}
}
