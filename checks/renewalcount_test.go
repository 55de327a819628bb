package checks

import (
	"fmt"
	"slices"
	"testing"

	"github.com/locksim/locksim/model"
)

// The renewal entry's timeline of a thread: an acquisition without a
// lease adds, one with its lease is held uncounted, one whose lease the
// client dropped or that threw is not known, an unlock takes (whatever it
// answered), a forceUnlock empties the entry from its start, and a
// renewal's 0 counts as its completion; queries and failed acquisitions'
// "not-acquired" change nothing, another thread's calls are not A's, and
// nothing after to is.
func TestRenewalCounts(t *testing.T) {
	b := newHist()
	b.call("A", model.CallLock, 1, 1.1, "acquired")
	b.lease(b.call("A", model.CallLock, 2, 2.1, "acquired"), 5000)
	dropped := b.call("A", model.CallLock, 3, 3.1, "acquired")
	b.h.Ops[dropped].Lease, b.h.Ops[dropped].ScriptLease = 5000, 30000
	b.call("A", model.CallIsLocked, 4, 4.1, "error")
	b.call("A", model.CallTryLock, 5, 5.1, "not-acquired")
	b.call("A", model.CallTryLock, 5.5, 5.6, "error")
	other := b.call("B", model.CallLock, 6, 6.1, "acquired")
	b.h.Ops[other].Proc = "cA" // another thread of A's process
	b.call("A", model.CallUnlock, 7, 7.1, "error")
	b.call("A", model.CallForceUnlock, 8, 9, "released")
	b.renew("A", 8.5, 8.6, 8.7, "not-renewed")
	b.renew("A", 9.5, 9.6, 9.7, "renewed", "A")
	b.call("A", model.CallUnlock, 11, 11.1, "released")
	var got []string
	for _, c := range newView(&b.h, nil).renewalCounts("cA", is("A"), at(10)) {
		got = append(got, fmt.Sprintf("%s %d %v", c.at, c.kind, c.failed))
	}
	want := []string{
		fmt.Sprintf("%s %d false", at(1.1), countAdd),
		fmt.Sprintf("%s %d false", at(2.1), countHeld),
		fmt.Sprintf("%s %d false", at(3.1), countDropped),
		fmt.Sprintf("%s %d true", at(5.6), countUnknown),
		fmt.Sprintf("%s %d true", at(7.1), countTake),
		fmt.Sprintf("%s %d false", at(8), countEmpty),
		fmt.Sprintf("%s %d false", at(8.7), countZero),
	}
	if !slices.Equal(got, want) {
		t.Fatalf("timeline:\n%q\nwant\n%q", got, want)
	}
}
