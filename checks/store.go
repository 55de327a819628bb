package checks

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/locksim/locksim/model"
)

// Store checks the store-side invariants after every script: a lock hash
// has at most one owner; the fair lock's queue and timeout set hold the
// same members, each once; and a fair script's stale-waiter loop leaves no
// waiter at the head whose timeout had passed when it ran. Any breach is a
// bug: every script keeps both structures together and replicates them
// together, and the loop runs before anything else in the script.
func Store(h *model.History) []Violation {
	var out []Violation
	for _, s := range h.Store {
		// the rules the step judge applies too (storeInvariants)
		if d := ownersBroken(s.Holders); d != "" {
			out = append(out, storeBug(s, s.Holders, fmt.Sprintf("after %s on %s %s", s.Script, s.Node, d)))
		}
		if s.StaleHead != "" {
			out = append(out, storeBug(s, []string{s.StaleHead}, fmt.Sprintf("after %s on %s the queue's head %s has a timeout at or before the script's current time: its stale-waiter loop should have removed it", s.Script, s.Node, s.StaleHead)))
		}
		if d := queueBroken(s.Queue, s.Timeouts); d != "" {
			out = append(out, storeBug(s, nil, fmt.Sprintf("after %s on %s %s", s.Script, s.Node, d)))
		}
	}
	return out
}

// storeBug is a breach of the store's invariants after sample s: always a
// bug (no fault makes a script break them).
func storeBug(s model.StoreSample, actors []string, detail string) Violation {
	v := Violation{Property: "store", At: s.At, Actors: actors, Detail: detail}
	v.explained(cause("store-invariant", detail, s.At, s.At))
	return v
}

// sameSmallSet is sameMembers's common case without allocating: equal
// lengths, no member twice in the queue, each in the timeout set (then
// the two hold the same members once each).
func sameSmallSet(queue, timeouts []string) bool {
	if len(queue) != len(timeouts) || len(queue) > 16 {
		return false
	}
	for i, m := range queue {
		if slices.Contains(queue[:i], m) || !slices.Contains(timeouts, m) {
			return false
		}
	}
	return true
}

// sameMembers compares the queue (a list) with the timeout set; it returns
// "" when they hold the same members once each.
func sameMembers(queue, timeouts []string) string {
	if sameSmallSet(queue, timeouts) {
		return ""
	}
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
