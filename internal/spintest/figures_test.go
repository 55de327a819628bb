package spintest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// What 4.7.0's fair waiters' spin costs a Redis: n waiters queued behind
// k dead heads, on a network of round-trip time rtt. A holds the lock
// (lease 10 s); the heads H1..Hk queue, then the waiters W1..Wn (lock(),
// the watchdog's lease), all within 10 ms; the heads' processes die; A
// unlocks at 1 s, notifying H1, which is dead. Each waiter sleeps the ttl
// its loop's first acquire answered (A's lease left), then finds the lock
// free and the head another: its acquire answers 0 and lock() asks again
// at once, until the heads' timeouts pass one by one (each its enqueue +
// ttl + fairLockWaitTimeout, 5 min behind the one before). Then W1 takes
// the lock, holds it 10 ms and unlocks, notifying W2, and so on. The
// figures are virtual (counts and virtual time): the same on every
// machine. With the candidate fix (testdata/fairlock-4.7.0-spin-fix) a
// waiter sleeps until the head's timeout passes instead.

// figuresFile is the table TestSpinFigures writes (LOCKSIM_SPIN_FIGURES=1)
// and otherwise checks one row of.
const figuresFile = "../../results/fairlock-4.7.0-spin-figures.md"

// fixDir is the candidate fix's script directory.
const fixDir = "../../testdata/fairlock-4.7.0-spin-fix"

type spinCase struct {
	rtt     sim.Duration
	waiters int
	dead    int
	fix     bool
}

type spinFigures struct {
	runs     int          // the waiters' acquires, all told
	first    sim.Time     // the first 0 a waiter got
	perSec   float64      // acquires per second per waiter while it spun
	lastTook sim.Time     // when the last waiter took the lock
	span     sim.Duration // first 0 to the first waiter's acquisition
	acquired int
}

// measure runs c in a world of its own, fast-forwarded.
func measure(t testing.TB, c spinCase) spinFigures {
	cf, err := clients.NewConfig("fairlock-4.7.0", "myLock")
	if err != nil {
		t.Fatal(err)
	}
	if c.fix {
		if cf.Opts.Scripts, err = clients.LoadScripts("4.7.0", fixDir); err != nil {
			t.Fatal(err)
		}
	}
	lat := sim.Latency{Base: c.rtt / 2}
	w := sim.NewWorld(sim.Config{Seed: 1, Net: sim.NetConfig{Request: lat, PubSub: lat, Replication: lat}, FastForward: true})
	mark := run.MarkSpins(w, "myLock")
	var f spinFigures
	first := map[string]sim.Time{}
	runs := map[string]int{}
	isWaiter := func(tag string) bool { return strings.HasPrefix(tag, "W") }
	w.OnExec = func(n *sim.Node, req sim.Request, reply sim.Reply) {
		mark(n, req, reply)
		if req.Script == nil || !strings.HasSuffix(req.Script.ID, "EVAL_LONG") || !isWaiter(req.Tag) {
			return
		}
		runs[req.Tag]++
		if _, ok := first[req.Tag]; !ok && reply.Kind == sim.KindInt && reply.Int == 0 {
			first[req.Tag] = w.Now()
		}
	}
	w.OnElided = func(e sim.Elided) { runs[e.Request.Tag] += e.Runs }
	hosts := map[string]*clients.Host{}
	add := func(name string) {
		h := clients.NewHost(cf)
		h.Tag = func(clients.Ref, clients.Cmd) string { return name }
		hosts[name] = h
		w.AddProcess(name, sim.Clock{}, h)
	}
	add("A")
	for i := 1; i <= c.dead; i++ {
		add(fmt.Sprintf("H%d", i))
	}
	for i := 1; i <= c.waiters; i++ {
		add(fmt.Sprintf("W%d", i))
	}
	w.RunUntil(0)
	lock := clients.Call{Kind: clients.CallLock, Lease: -1, Unit: clients.Milliseconds}
	at := func(ms int64, fn func()) { w.At(sim.Time(ms*int64(sim.Millisecond)), fn) }
	at(0, func() {
		hosts["A"].Call(1, clients.Call{Kind: clients.CallLock, Lease: 10_000, Unit: clients.Milliseconds}, func(clients.Result) {})
	})
	var firstTook sim.Time = -1
	for i := 1; i <= c.dead; i++ {
		h := hosts[fmt.Sprintf("H%d", i)]
		at(int64(i), func() { h.Call(1, lock, func(clients.Result) {}) })
		at(100, func() { h.Proc().Crash(0) })
	}
	for i := 1; i <= c.waiters; i++ {
		h := hosts[fmt.Sprintf("W%d", i)]
		at(int64(c.dead+i), func() {
			h.Call(1, lock, func(r clients.Result) {
				if !r.OK {
					t.Errorf("W%d: %v", i, r)
					return
				}
				f.acquired++
				f.lastTook = w.Now()
				if firstTook < 0 {
					firstTook = w.Now()
				}
				h.After(10*sim.Millisecond, func() {
					h.Call(1, clients.Call{Kind: clients.CallUnlock}, func(clients.Result) {})
				})
			})
		})
	}
	at(1000, func() { hosts["A"].Call(1, clients.Call{Kind: clients.CallUnlock}, func(clients.Result) {}) })
	w.RunUntil(sim.Time(c.dead)*5*sim.Time(sim.Minute) + sim.Time(sim.Minute))
	if f.acquired != c.waiters {
		t.Fatalf("%+v: %d of %d waiters took the lock", c, f.acquired, c.waiters)
	}
	f.first = -1
	for _, r := range runs {
		f.runs += r
	}
	for _, at := range first {
		if f.first < 0 || at < f.first {
			f.first = at
		}
	}
	if f.first >= 0 {
		f.span = firstTook.Sub(f.first)
		// W1 spun until it took the lock; the others spun as long, or
		// (woken by their predecessor's unlock) a little longer.
		if f.span > 0 {
			f.perSec = float64(runs["W1"]) / (float64(f.span) / float64(sim.Second))
		}
	}
	return f
}

// The table: per round trip, waiters and dead heads, the acquires each
// waiter sent per second while it spun and all the waiters' acquires per
// dead head, unmodified and with the candidate fix.
var figureCases = func() []spinCase {
	var cs []spinCase
	for _, rtt := range []sim.Duration{200 * sim.Microsecond, 500 * sim.Microsecond, sim.Millisecond, 5 * sim.Millisecond} {
		for _, n := range []int{1, 4, 16} {
			for _, k := range []int{1, 2} {
				cs = append(cs, spinCase{rtt: rtt, waiters: n, dead: k})
			}
		}
	}
	return cs
}()

func figuresRow(c spinCase, f, fx spinFigures) string {
	return fmt.Sprintf("| %s | %d | %d | %.0f | %s | %d | %d | %d | %s |\n", c.rtt, c.waiters, c.dead, f.perSec, f.span,
		f.runs/c.dead, f.runs/c.waiters, fx.runs/c.waiters, fx.lastTook.Sub(f.lastTook))
}

// TestSpinFigures measures the spin (LOCKSIM_SPIN_FIGURES=1 writes the
// table results/fairlock-4.7.0-spin-figures.md); otherwise it checks that
// the table's first row still comes out the same.
func TestSpinFigures(t *testing.T) {
	cases := figureCases
	write := os.Getenv("LOCKSIM_SPIN_FIGURES") == "1"
	if !write {
		cases = cases[:1]
	}
	var b bytes.Buffer
	for _, c := range cases {
		fix := c
		fix.fix = true
		b.WriteString(figuresRow(c, measure(t, c), measure(t, fix)))
	}
	if !write {
		have, err := os.ReadFile(figuresFile)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(have, b.Bytes()) {
			t.Fatalf("%s no longer holds the row\n%s(rerun with LOCKSIM_SPIN_FIGURES=1)", figuresFile, b.String())
		}
		return
	}
	var out bytes.Buffer
	out.WriteString("# The fair waiters' spin of Redisson 4.7.0, measured\n\n")
	out.WriteString("Made by: `LOCKSIM_SPIN_FIGURES=1 go test -run TestSpinFigures ./internal/spintest/` (virtual time: the same on\n")
	out.WriteString("every machine). n waiters queue behind k heads whose processes then die; the holder unlocks at 1 s\n")
	out.WriteString("(notifying the first head, dead); each waiter wakes when its first ttl runs out and spins until the\n")
	out.WriteString("heads' timeouts have passed (each fairLockWaitTimeout, 5 min, behind the one before). Network: one\n")
	out.WriteString("round trip of exactly rtt. See [fairlock-4.7.0-spin.md](fairlock-4.7.0-spin.md).\n\n")
	out.WriteString("| rtt | waiters | dead heads | acquires per second per waiter | spin (first 0 to first grant) | acquires per dead head | acquires per waiter | with the fix: acquires per waiter | with the fix: last grant later by |\n")
	out.WriteString("|---|---:|---:|---:|---|---:|---:|---:|---|\n")
	out.Write(b.Bytes())
	if err := atomicfile.WriteBytes(filepath.Clean(figuresFile), out.Bytes()); err != nil {
		t.Fatal(err)
	}
}
