package checks

import (
	"fmt"
	"sort"
	"strings"

	"github.com/locksim/locksim/model"
)

// Store checks the store-side invariants after every script: a lock hash
// has at most one owner, and the fair lock's queue and timeout set hold the
// same members, each once. Any breach is a bug: every script keeps both
// structures together and replicates them together.
func Store(h *model.History) []Violation {
	var out []Violation
	for _, s := range h.Store {
		if len(s.Holders) > 1 {
			out = append(out, Violation{Property: "store", Class: Bug, At: s.At, Actors: s.Holders,
				Detail: fmt.Sprintf("after %s on %s the lock hash has %d owners: %s", s.Script, s.Node, len(s.Holders), strings.Join(s.Holders, ", "))})
		}
		if d := sameMembers(s.Queue, s.Timeouts); d != "" {
			out = append(out, Violation{Property: "store", Class: Bug, At: s.At,
				Detail: fmt.Sprintf("after %s on %s the queue and the timeout set differ: %s", s.Script, s.Node, d)})
		}
	}
	return out
}

// sameMembers compares the queue (a list) with the timeout set; it returns
// "" when they hold the same members once each.
func sameMembers(queue, timeouts []string) string {
	q := append([]string(nil), queue...)
	sort.Strings(q)
	for i := 1; i < len(q); i++ {
		if q[i] == q[i-1] {
			return fmt.Sprintf("%s is queued twice", q[i])
		}
	}
	t := append([]string(nil), timeouts...)
	sort.Strings(t)
	if strings.Join(q, "\x00") != strings.Join(t, "\x00") {
		return fmt.Sprintf("queue %v, timeout set %v", queue, timeouts)
	}
	return ""
}
