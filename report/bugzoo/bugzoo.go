package bugzoo

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/locksim/locksim/verdict"
)

// Markdown is results/bug-zoo.md: for each finding of fs, the rate rates
// holds for it (verdict.MeasureFindings), the command that reproduces its first
// seed and its scenario file; then the findings only a scenario file or
// an exhaustive search shows. seeds is the range measured (LO-HI) and
// regenerate the command that wrote the file.
func Markdown(fs []verdict.Finding, rates []verdict.Rate, seeds, regenerate string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Bug zoo: known failures the harness reproduces\n\n")
	fmt.Fprintf(&b, "Made by `%s`: each row runs seeds %s of its algorithm and preset (rare findings, measured on\n", regenerate, seeds)
	fmt.Fprintf(&b, "short runs, ten times as many) and counts the runs that show the finding (hit rate per 1000 runs; a Redisson bug\n")
	fmt.Fprintf(&b, "counts only where its run took the bug's code path before the violation, not every violation of its property);\n")
	fmt.Fprintf(&b, "the seed is the first that does. Virtual time only: the file\n")
	fmt.Fprintf(&b, "regenerates byte for byte. `go test ./gate -run TestExpectedFindings` finds each within a bounded range.\n\n")
	fmt.Fprintf(&b, "| known as | what happens | algorithm | preset | property | class | runs | hits /1000 | first seed | scenario |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for i, f := range fs {
		r := rates[i]
		seedCell := "–"
		if r.First != 0 {
			seedCell = fmt.Sprintf("`%s`", f.Config(r.First).Command())
		}
		scen := "–"
		if f.Scenario != "" {
			scen = fmt.Sprintf("[%s](../%s)", filepath.Base(f.Scenario), f.Scenario)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %d | %.1f | %s | %s |\n", f.Issue, f.Why, f.Algo, f.Preset, f.Property, f.Class, r.Runs, 1000*float64(r.Hits)/float64(r.Runs), seedCell, scen)
	}
	fmt.Fprintf(&b, "\n#3994's rate is a lower bound: Redisson counts the replicas it believes available, a view that lags the detection of a failed replica; the simulation counts the replicas that are live (clients/host.go), so it never sends what Redisson sends while it still counts a replica already gone: a WAIT for one replica too many, which fails.\n")
	fmt.Fprintf(&b, "\nShown only by a scenario file (a random search almost never lands in their window):\n\n")
	fmt.Fprintf(&b, "- #4743: `tryLock(10, SECONDS)` with no lease queues with a wait of 10 ms but its acquireFailed takes 10 000 ms off the scores behind it — [commands.txt](../%scommands.txt);\n", verdict.ScenarioDir)
	fmt.Fprintf(&b, "- seed 001's walk-throughs for both versions, checked step by step against a real Redis — [3.8.1](../%sfairlock-3.8.1-walkthrough.txt), [3.16.8](../%sfairlock-3.16.8-walkthrough.txt).\n", verdict.ScenarioDir, verdict.ScenarioDir)
	fmt.Fprintf(&b, "\nShortest counterexamples of `simrun explore` (results/explore.md has their lengths; each replays with `simrun scenario FILE`):\n\n")
	fmt.Fprintf(&b, "- 3.8.1, no fault, 2 threads × 2 calls: an unlock races the watchdog's renewal and the lock is re-taken within the renewal's round trip; the renewal answers 0, its entry is removed, and the new holder's lock expires under it (mutex) — [rlock-3.8.1-t2-a2-none.txt](explore/rlock-3.8.1-t2-a2-none.txt);\n")
	fmt.Fprintf(&b, "- 3.8.1, no fault, two threads of one JVM: one thread's last unlock cancels the renewal entry the other thread's new hold relies on (`cancelExpirationRenewal(null)`), so that hold expires after 30 s (holds) — [rlock-3.8.1-t2-reentrant-pp2-none.txt](explore/rlock-3.8.1-t2-reentrant-pp2-none.txt);\n")
	fmt.Fprintf(&b, "- 3.16.8, no fault: a renewal answering 0 after an unlock calls `cancelExpirationRenewal(null)`, which cancels the entry of the lock's next hold in the JVM; its unlock then throws IllegalMonitorStateException (error) — [rlock-3.16.8-t2-a2-none.txt](explore/rlock-3.16.8-t2-a2-none.txt);\n")
	fmt.Fprintf(&b, "- 3.16.8's fair lock, no fault, 2 threads × 1 call: a waiter gets ttl -1 and waits with no timeout (#5503); its queue entry's timeout passes while the holder keeps the lock, so the holder's unlock drops it as stale and wakes nobody (stuck) — [fairlock-3.16.8-t2-a1-none.txt](explore/fairlock-3.16.8-t2-a1-none.txt).\n")
	fmt.Fprintf(&b, "\nMeasured figures rather than violations (a dead head waiter blocking a free fair lock, FIFO overtakes, negative ttls): [fairlock-3.8.1-vs-3.16.8.md](fairlock-3.8.1-vs-3.16.8.md).\n")
	return b.Bytes()
}
