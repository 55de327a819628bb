package verdict

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/model"
)

// An orphan renewal is a catalogued flaw's only when the flaw's path was
// taken for the orphan's own thread: another thread of the same process
// that took it (its own detached acquire, long gone) explains nothing.
func TestOrphanFlawIsTheOwnersOwn(t *testing.T) {
	history := func(owner string) *model.History {
		return &model.History{
			Ops: []model.Op{
				{Owner: "A", Proc: "c1", Call: model.CallLock, Start: 5, End: 10, Outcome: "error", ScriptLease: 30000},
			},
			Renewals: []model.Op{
				{Owner: "A", Proc: "c1", Call: model.CallRenew, Start: 20, End: 22, ExecAt: 1, ExecVirtual: 21, Outcome: "renewed"},
			},
			Flaws: model.FlawLogOf(model.FlawAt{At: 9, Proc: "c1", Owner: owner, Flaw: string(clients.FlawDetachedHold)}),
		}
	}
	for owner, want := range map[string]checks.Class{"A": checks.Known, "B": checks.Bug} {
		h := history(owner)
		vs := checks.Orphan(h)
		if len(vs) != 1 {
			t.Fatalf("orphans: %v", vs)
		}
		m := Resolve("rlock-4.7.0", vs[0], h)
		if m.Class() != want {
			t.Errorf("path taken for %s: %s, want %s", owner, m, want)
		}
		if want == checks.Known && (m.Name != "detached-hold" || !strings.Contains(m.Detail, "path detached-hold taken by A")) {
			t.Errorf("the owner's path: %s", m)
		}
	}
}
